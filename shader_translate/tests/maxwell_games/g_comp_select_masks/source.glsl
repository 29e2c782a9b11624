#version 450
// Per-element material masks: flags stored as integers choose between two layers'
// values component by component (mix with a boolean vector), as a layered-material
// resolve or a tile classification pass does.
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer Flags { int flags[]; };
layout(std430, binding = 1) readonly buffer Layers { ivec4 base[64 * 2]; ivec4 top[64 * 2]; };
layout(std430, binding = 2) readonly buffer Weights { vec4 weight_a[64 * 2]; vec4 weight_b[64 * 2]; };
layout(std430, binding = 3) writeonly buffer Resolved { ivec4 layer[64 * 2]; vec4 weight[64 * 2]; uvec4 counts[64 * 2]; };

void main() {
    uint i = gl_GlobalInvocationID.x;
    int f = flags[i];
    bvec4 use_top = bvec4(f < 0, (f & 2) != 0, f > 100, uint(f) > 0x80000000u);
    layer[i] = mix(base[i], top[i], use_top);
    bvec4 use_b = bvec4(f == 0, f != 7, (f & 12) == 4, f >= -3);
    weight[i] = mix(weight_a[i], weight_b[i], use_b);
    counts[i] = mix(uvec4(i, 1u, 2u, 3u), uvec4(f), not(use_top));
}
