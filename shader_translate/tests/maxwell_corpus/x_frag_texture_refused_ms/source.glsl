#version 450
// A texture form Hookshot refuses by name (tests/maxwell_translate.rs).
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 colour;
layout(binding = 0) uniform sampler2DMS t; void main(){ colour = texelFetch(t, ivec2(uv * 8.0), 1); }
