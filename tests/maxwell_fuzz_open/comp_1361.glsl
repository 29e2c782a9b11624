#version 450
// stage: comp
// seed: 1361
// outcome: mismatch: atomic word 0: ours 0x14c0e7, glslang 0xffffffd7
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
    acc = q.x;
    acc = min((2147483647 >> (((int(gl_LocalInvocationID.x)) ^ (x1 & 16)) & 31)), ((-(((2147483647 ^ x1)) ^ (x1 & 4096))) + (((((acc & -1)) ^ (x1 & 2048)) & 0x7fffffff) / -5)));
    results[at + 0u] = floatBitsToUint(f3);
    results[at + 1u] = (((((((((255u >> (uint(acc ^ (x1 & 1024)) & 31u))) ^ uint(x1 & 512)) * ((255u) ^ uint(x1 & 256))) + (bitfieldExtract(uint(acc ^ (x1 & 1024)), 11, 6) << (min(1u, 0u) & 31u)))) ^ u0) == ((bitfieldExtract(uint((int(clamp(textureGather(fz_tex[(q.z + 1) & 3], vec2(0.375, 0.625), 2).w, -1.0e6, 1.0e6))) ^ (x1 & 1024)), 0, 32)) ^ 5u)) ? 1u : 0u);
    results[at + 2u] = uint(((int(gl_LocalInvocationID.x) | bitfieldExtract((q.x | -1), 1, 3))) ^ (x1 & 1024));
    results[at + 3u] = uint((int(gl_LocalInvocationID.x) - ((bitCount(min(bitfieldExtract(x0, 13, 14), (-((x0) ^ (x1 & 4096)))))) ^ (x1 & 4096))));
    results[at + 4u] = floatBitsToUint(clamp((fract((float(acc) * f5)) * mix(textureLod(fz_tex[q.w & 3], (vec2(uvec2(i & 7u, (i >> 3u) & 7u)) + 0.5) * 0.125, 0.0).y, (float(0) * f5), 0.25)), -2.0, 2.0));
    results[at + 5u] = ((((((uint(acc ^ (x1 & 1024))) ^ u0) < ((255u) ^ 5u)) ? min(0xffffffffu, 0x80000000u) : min(u0, 0x80000000u)) >> ((((255u) ^ uint(x1 & 2048)) / 3u) & 31u)) << ((((((u0) ^ uint(x1 & 2048)) % 3u) + 1u) << (uint((((-2147483647 - 1) - ((arr[x0 & 3]) ^ (x1 & 4096)))) ^ (x1 & 1024)) & 31u)) & 31u));
    results[at + 6u] = floatBitsToUint(min(clamp(((float(255u) * f5) + inversesqrt(abs(f0) + 1.0)), -2.0, 2.0), f3));
    results[at + 7u] = uint(((((facc + f3) * (-(textureLod(fz_tex[q.w & 3], (vec2(uvec2(i & 7u, (i >> 3u) & 7u)) + 0.5) * 0.125, 0.0).y))) < p[2].w) ? 7 : -100));
    atomicAdd(results[512u], uint((int(clamp(clamp(min(y1, f0), -2.0, 2.0), -1.0e6, 1.0e6)) + ((((((acc) ^ x1) < ((-100) ^ x0)) ? 7 : arr[x0 & 3]) << (-1 & 31)) * 16))));
    atomicMax(results[513u], bitfieldExtract(((x0 <= x1) ? ((0u << (255u & 31u)) - (((((u0) ^ uint(x1 & 512)) * ((0x80000000u) ^ uint(x1 & 256)))) ^ uint(x1 & 4096))) : ((((255u - ((0u) ^ uint(x1 & 4096)))) ^ uint(x1 & 2048)) / 3u)), 7, 14));
    atomicXor(results[514u], uint(acc));
    // the end
}
