#version 450
// stage: comp
// seed: 2014
// was: mismatch: result word 1, invocation 5: ours 0x0, glslang 0x1 (glslang's module: `f0 == t + ((f0 - f2) + (y0 - t))` with `t` cancelled; the reference is now exact)
layout(local_size_x = 64) in;
shared int shared_ints[64];
layout(std430, binding = 0) readonly buffer Ints { int ints[64]; };
layout(std430, binding = 1) readonly buffer Floats { float floats[64]; };
layout(std430, binding = 2) buffer Results { uint results[]; };
layout(std140, binding = 0) uniform Params { vec4 p[4]; ivec4 q; };
layout(binding = 0) uniform sampler2D fz_tex[4];
void main() {
    uint i = gl_LocalInvocationID.x;
    shared_ints[i] = ints[(i * 3u) & 63u] ^ int(i);
    barrier();
    uint at = i * 8u;
    int x0 = ints[i];
    int x1 = ints[(i * 7u + 3u) & 63u];
    uint u0 = uint(ints[(i + 11u) & 63u]);
    float y0 = floats[i];
    float y1 = floats[(i * 5u + 1u) & 63u];
    int acc = x0;
    float facc = y0;
    int arr[4] = int[4](x1, q.y, 3, -7);
    float f0 = 0.0, f1 = 0.5, f2 = -1.5, f3 = 3.0, f4 = 0.125, f5 = 1.0;
    // the body
    arr[x0 & 3] = max((1 & ((((2147483647) ^ (x1 & 512)) * ((shared_ints[(i + 1u) & 63u]) ^ (x1 & 256))) >> (((((x0 < x1) ? (-2147483647 - 1) : (-2147483647 - 1))) ^ (x1 & 16)) & 31))), (-((((-((arr[x0 & 3]) ^ (x1 & 4096))) ^ ((-2147483647 - 1) - ((0) ^ (x1 & 4096))))) ^ (x1 & 4096))));
    if ((((((1u) ^ u0) <= (((((u0) ^ uint(x1 & 2048)) % 3u)) ^ 5u)) && ((((((1u) ^ uint(x1 & 2048)) / 3u)) ^ u0) != ((0x80000000u) ^ 5u))) && (!((((-100 ^ 2147483647)) ^ x1) == ((x1) ^ x0)))) && (x1 != 1234567)) { return; }
    results[at + 0u] = uint((max(-100, (((((1 ^ q.x)) ^ (x1 & 2048)) & 0x7fffffff) / 3)) ^ ((int(clamp(f2, -1.0e6, 1.0e6)) << ((0 + q.x) & 31)) << ((findLSB(0) ^ acc) & 31))));
    results[at + 1u] = ((f0 == (textureLod(fz_tex[q.w & 3], (vec2(uvec2(i & 7u, (i >> 3u) & 7u)) + 0.5) * 0.125, 0.0).y + ((f0 - f2) + (y0 - textureLod(fz_tex[q.w & 3], (vec2(uvec2(i & 7u, (i >> 3u) & 7u)) + 0.5) * 0.125, 0.0).y)))) ? 1u : 0u);
    results[at + 2u] = uint(clamp((float(bitfieldExtract(abs(shared_ints[(i + 1u) & 63u]), 7, 19)) * f5), 0.0, 1.0e6));
    results[at + 3u] = uint(((((((shared_ints[(i + 1u) & 63u] >> (((min(shared_ints[(i + 1u) & 63u], arr[x0 & 3])) ^ (x1 & 16)) & 31)) >> (((int(((((0x80000000u) ^ uint(x1 & 512)) * ((1u) ^ uint(x1 & 256)))) ^ uint(x1 & 1024))) ^ (x1 & 16)) & 31))) ^ (x1 & 2048)) & 0x7fffffff) / 1000));
    results[at + 4u] = uint(0);
    results[at + 5u] = uint((((bitCount(1) >> (((x0) ^ (x1 & 16)) & 31)) & abs(2147483647)) + bitfieldExtract((max(2147483647, 7) + bitfieldExtract(acc, 18, 5)), 2, 2)));
    results[at + 6u] = floatBitsToUint(f4);
    results[at + 7u] = uint(int(((((0u) ^ uint(x1 & 512)) * (((((uint(clamp(f1, 0.0, 1.0e6))) ^ uint(x1 & 2048)) % 10u)) ^ uint(x1 & 256)))) ^ uint(x1 & 1024)));
    atomicAdd(results[512u], uint(bitfieldExtract(((int((255u) ^ uint(x1 & 1024)) & max(int(gl_LocalInvocationID.x), q.x)) << (((((0x80000000u) ^ u0) > ((1u) ^ 5u)) ? acc : (-1 & x1)) & 31)), 23, 6)));
    atomicMax(results[513u], uint((arr[x0 & 3]) ^ (x1 & 1024)));
    atomicXor(results[514u], uint(acc));
    // the end
}
