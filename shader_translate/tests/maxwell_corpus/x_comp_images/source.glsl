#version 450
// imageLoad, imageStore and unsigned imageAtomic* on r32ui images (SULD d b32, SUST p
// rgba, SUATOM d add/min/max/and/or/xor/exch).
layout(local_size_x = 8, local_size_y = 8) in;
layout(binding = 0, r32ui) uniform readonly uimage2D source;
layout(binding = 1, r32ui) uniform writeonly uimage2D copy;
layout(binding = 2, r32ui) uniform uimage2D counts;
void main() {
    ivec2 at = ivec2(gl_GlobalInvocationID.xy);
    uint v = imageLoad(source, at).x;
    // Each operation in its own 16-texel-wide band of `counts`, so the result does not
    // depend on the order the invocations run in.
    imageAtomicAdd(counts, at >> 1, v & 0xffu);
    imageStore(copy, at, uvec4(v ^ 0x5a5a5a5au));
    imageAtomicMax(counts, ivec2(16, 0) + at, v);
    imageAtomicMin(counts, ivec2(32, 0) + at, v >> 4);
    imageAtomicOr(counts, ivec2(48 + at.x, at.y & 3), 1u << (v & 31u));
    imageAtomicAnd(counts, ivec2(64 + (at.x & 3), at.y), ~(1u << (v & 15u)));
    imageAtomicXor(counts, ivec2(80, 0) + (at & ivec2(14, 15)), v);
    // Each invocation swaps its own texel, so the old value it gets back is the one the
    // buffer started with.
    uint swapped = imageAtomicExchange(counts, ivec2(96, 0) + at, v + uint(at.x));
    imageStore(copy, at + ivec2(0, 16), uvec4(swapped * 3u));
}
