#version 450
// A texture form Hookshot refuses by name (tests/maxwell_translate.rs).
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 colour;
layout(binding = 0) uniform samplerCube t; void main(){ colour = texture(t, vec3(uv, 1.0)); }
