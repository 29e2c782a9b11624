#version 450
// Signed image atomics on r32i (SUATOM d s32: min, max; add, and, or, xor, exchange
// carry u32) and an unsigned max on r32ui, each operation in its own band of texels so
// the result does not depend on the order the invocations run in; the exchange's old
// values stored back through an r32i store, and an r32f image loaded and stored.
layout(local_size_x = 8, local_size_y = 8) in;
layout(binding = 2, r32i) uniform iimage2D counts;
layout(binding = 5, r32f) uniform image2D levels;
layout(binding = 6, r32ui) uniform uimage2D plain;
void main() {
    ivec2 at = ivec2(gl_GlobalInvocationID.xy);
    int v = int(gl_LocalInvocationIndex) * 37 - 1000 + at.y;
    imageAtomicMin(counts, at >> 2, v);
    imageAtomicMax(counts, ivec2(16, 0) + (at >> 1), v * 5);
    imageAtomicAdd(counts, ivec2(32, 0) + (at >> 2), v);
    imageAtomicAnd(counts, ivec2(48, 0) + (at & 3), ~(1 << (at.x & 31)));
    imageAtomicOr(counts, ivec2(64, 0) + (at & 3), v);
    imageAtomicXor(counts, ivec2(80, 0) + (at & 7), v);
    int swapped = imageAtomicExchange(counts, ivec2(96, 0) + at, v);
    imageStore(counts, ivec2(96, 16) + at, ivec4(swapped - 1));
    float old = imageLoad(levels, at).x;
    imageStore(levels, at + ivec2(0, 16), vec4(old + float(v) * 0.25));
    imageAtomicMax(plain, at >> 1, uint(v));
}
