#version 450
// stage: frag
// seed: 19438
// was: refused: `attribute` at byte 0x7c: a[0x7c] (read at an offset or a sample, not a generic input) is not translated yet (`ipa pass offset $r9 a[0x7c]`, `mufu rcp $r9 $r9`, then `ipa offset $r7 a[0x80] $r9 $r7`, the perspective read's multiplier; an arm later wrote `$r9` under a guard and a loop carried the register, the 1 / w where the guard failed)
#ifdef VULKAN
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_vote : require
#extension GL_KHR_shader_subgroup_shuffle : require
#define LANE gl_SubgroupInvocationID
#define BALLOT_LOW(c) subgroupBallot(c).x
#define ANY_LANE(c) subgroupAny(c)
#define ALL_LANES(c) subgroupAll(c)
#define ALL_EQUAL(c) subgroupAllEqual(c)
#define READ_LANE(v, l) subgroupShuffle(v, l)
#define READ_FIRST(v) subgroupBroadcastFirst(v)
#else
#extension GL_ARB_shader_ballot : require
#extension GL_ARB_shader_group_vote : require
#extension GL_ARB_gpu_shader_int64 : require
#define LANE gl_SubGroupInvocationARB
#define BALLOT_LOW(c) uint(ballotARB(c))
#define ANY_LANE(c) anyInvocationARB(c)
#define ALL_LANES(c) allInvocationsARB(c)
#define ALL_EQUAL(c) allInvocationsEqualARB(c)
#define READ_LANE(v, l) readInvocationARB(v, l)
#define READ_FIRST(v) readFirstInvocationARB(v)
#endif
layout(location = 0) in vec4 v0;
layout(location = 1) flat in vec4 v1;
layout(location = 2) noperspective in vec4 v2;
layout(location = 0) out vec4 colour;
layout(std430, binding = 0) readonly buffer Ints { int ints[64]; };
layout(std430, binding = 1) readonly buffer Floats { float floats[64]; };
layout(std430, binding = 2) buffer Results { uint results[]; };
layout(std140, binding = 0) uniform Params { vec4 p[4]; ivec4 q; };
layout(binding = 0) uniform sampler2D fz_tex[4];
void main() {
    uint i = uint(gl_FragCoord.y) * 8u + uint(gl_FragCoord.x);
    float d0 = dFdx(v0.x * v2.y) + dFdy(v0.y) * 0.5 + fwidth(v2.x);
    float w0 = READ_LANE(v0.x * 3.0 + v2.y, LANE ^ 1u);
    uint b0 = BALLOT_LOW(v2.y > 0.5);
    float o0 = interpolateAtOffset(v0, vec2(0.25, -0.125)).x + interpolateAtSample(v2, 0).y;
    float o1 = interpolateAtOffset(v2, vec2(-0.375, 0.3125)).z;
    colour = vec4(v0.xy * 0.25, d0, 1.0);
    uint at = i * 8u;
    int x0 = ints[i];
    int x1 = ints[(i * 7u + 3u) & 63u];
    uint u0 = uint(ints[(i + 11u) & 63u]);
    float y0 = floats[i];
    float y1 = floats[(i * 5u + 1u) & 63u];
    int acc = x0;
    float facc = y0;
    int arr[4] = int[4](x1, q.y, 3, -7);
    float f0 = floats[0], f1 = floats[2], f2 = floats[5], f3 = floats[10], f4 = f1 * f1 * f1, f5 = f1 + f1;
    // the body
    arr[x0 & 3] = (int((255u) ^ uint(x1 & 1024)) >> ((((int((((((1u) ^ u0) == ((u0) ^ 5u)) ? 1u : 255u)) ^ uint(x1 & 1024)) >> (((min(arr[x0 & 3], (7 << ((((ANY_LANE(x0 > x1) ? 1 : 0)) ^ (x1 & 16)) & 31)))) ^ (x1 & 16)) & 31))) ^ (x1 & 16)) & 31));
    switch ((((7 - ((q.x) ^ (x1 & 4096)))) ^ x0) & 3) {
    case 0:
        for (int k = 0; k < 4; k++) {
            if (((max(abs((7 ^ (-2147483647 - 1))), 0)) ^ x1) <= ((int(bitCount(b0))) ^ x0)) { break; }
            acc += k * ((bitfieldExtract((int(clamp(min((-(y0)), 1.0e30 + abs(y0)), -1.0e6, 1.0e6)) ^ int((1u) ^ uint(x1 & 1024))), 9, 13)) ^ (x1 & 256));
            if (((((uint(acc ^ (x1 & 1024))) ^ u0) < ((((((0x80000000u) ^ u0) != ((0u) ^ 5u)) ? 1u : u0)) ^ 5u)) && ((((255u << (((0u) ^ uint(x1 & 16)) & 31u))) ^ u0) <= (((((1u) ^ uint(x1 & 2048)) % 17u)) ^ 5u))) && (((((((0x80000000u) ^ uint(x1 & 512)) * ((0u) ^ uint(x1 & 256)))) ^ u0) > ((uint(acc ^ (x1 & 1024))) ^ 5u)) && (x0 < x1))) { continue; }
            arr[x0 & 3] = (int(bitCount(b0)) << (((x0) ^ (x1 & 16)) & 31));
        }
    case 2:
        u0 = uint(clamp(min(fract((f3 + y0)), 1.0e30 + abs(y0)), 0.0, 1.0e6));
    default:
        if (!(((v0.x + f2) + min(v0.x, facc)) != f4)) { discard; }
        break;
    }
    if ((((clamp(texelFetch(fz_tex[q.z & 3], ivec2(uvec2(i & 7u, (i >> 3u) & 7u)), 0).x, -2.0, 2.0) == (-(d0))) && (clamp(v2.z, -2.0, 2.0) == o1)) && (((max((1u + 255u), (((0u) ^ uint(x1 & 2048)) % 3u))) ^ u0) >= (((((uint(clamp(min(p[1].y, 1.0e30 + abs(y0)), 0.0, 1.0e6))) ^ uint(x1 & 2048)) / 256u)) ^ 5u))) && (x1 != 1234567)) { return; }
    acc = (int(clamp(min(clamp((-(f3)), -2.0, 2.0), 1.0e30 + abs(y0)), -1.0e6, 1.0e6)) ^ -100);
    results[at + 0u] = floatBitsToUint((((x0 != x1) && (f1 == min(y1, y1))) ? (float((0x80000000u + 1u)) * f5) : textureLod(fz_tex[q.w & 3], (vec2(uvec2(i & 7u, (i >> 3u) & 7u)) + 0.5) * 0.125, 0.0).y));
    results[at + 1u] = min(255u, 255u);
    results[at + 2u] = ((((0u) ^ u0) == (((bitfieldExtract(((((uint(acc ^ (x1 & 1024))) ^ u0) >= ((0x80000000u) ^ 5u)) ? 0xffffffffu : 255u), 18, 3) - (((uint(((-2147483647 - 1)) ^ (x1 & 1024)) + (u0 - ((0x80000000u) ^ uint(x1 & 4096))))) ^ uint(x1 & 4096)))) ^ 5u)) ? 1u : 0u);
    results[at + 3u] = uint(1);
    results[at + 4u] = ((((((uint(clamp(min((o0 + f3), 1.0e30 + abs(y0)), 0.0, 1.0e6))) ^ uint(x1 & 2048)) / 10u)) ^ uint(x1 & 2048)) % 256u);
    results[at + 5u] = floatBitsToUint(p[1].y);
    results[at + 6u] = ((((0xffffffffu >> (((((((1u << (((1u) ^ uint(x1 & 16)) & 31u))) ^ uint(x1 & 2048)) % 17u)) ^ uint(x1 & 16)) & 31u))) ^ uint(x1 & 512)) * ((uint(acc ^ (x1 & 1024))) ^ uint(x1 & 256)));
    results[at + 7u] = uint((((-1) ^ (x1 & 512)) * ((7) ^ (x1 & 256))));
    atomicAdd(results[512u], uint(int(((((((0xffffffffu - ((0xffffffffu) ^ uint(x1 & 4096))) >> ((((((0x80000000u) ^ uint(x1 & 2048)) / 256u)) ^ uint(x1 & 16)) & 31u))) ^ uint(x1 & 2048)) % 3u)) ^ uint(x1 & 1024))));
    atomicMax(results[513u], uint((((((((w0 < f1) ? 1u : 0xffffffffu)) ^ u0) != ((uint(acc ^ (x1 & 1024))) ^ 5u)) ? -1 : (int((1u) ^ uint(x1 & 1024)) * 3))) ^ (x1 & 1024)));
    atomicXor(results[514u], uint(acc));
    // the end
    colour = vec4(facc * 0.1, float(acc & 255) / 255.0, fract(y1), 1.0);
}
