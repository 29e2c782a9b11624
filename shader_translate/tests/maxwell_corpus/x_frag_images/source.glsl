#version 450
// Images in a fragment program: a raw 32-bit imageLoad (SULD d b32) and unsigned
// imageAtomicAdd / imageAtomicMax (SUATOM d) into bands of 8x8-pixel bins.
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 colour;
layout(binding = 4, r32ui) uniform uimage2D bins;
layout(binding = 5, r32ui) uniform readonly uimage2D source;
void main() {
    ivec2 p = ivec2(gl_FragCoord.xy);
    uint v = imageLoad(source, p & 15).x;
    imageAtomicAdd(bins, p >> 3, v & 0xffu);
    imageAtomicMax(bins, ivec2(8, 0) + (p >> 3), v);
    colour = vec4(float(v & 255u) / 255.0, uv, 1.0);
}
