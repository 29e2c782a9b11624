#version 450
// A texture form Hookshot refuses by name (tests/maxwell_translate.rs).
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 colour;
layout(binding = 0) uniform sampler2D t; void main(){ colour = textureGatherOffsets(t, uv, ivec2[4](ivec2(0,1),ivec2(1,0),ivec2(2,2),ivec2(-1,-1))); }
