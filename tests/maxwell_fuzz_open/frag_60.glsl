#version 450
// stage: frag
// seed: 60
// outcome: failed: the driver crashed (signal: 6 (SIGABRT))
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
void main() {
    uint i = uint(gl_FragCoord.y) * 8u + uint(gl_FragCoord.x);
    float d0 = dFdx(v0.x * v2.y) + dFdy(v0.y) * 0.5 + fwidth(v2.x);
    float w0 = READ_LANE(v0.x * 3.0 + v2.y, LANE ^ 1u);
    uint b0 = BALLOT_LOW(v2.y > 0.5);
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
    float f0 = 0.0, f1 = 0.5, f2 = -1.5, f3 = 3.0, f4 = 0.125, f5 = 1.0;
    // the body
    if (((float(int(clamp(y1, -1.0e6, 1.0e6))) * f5) <= y1) && ((x0 == x1) && (((min((ALL_LANES(acc >= 0) ? 3 : -3), acc)) ^ x1) > (((1 << (-1 & 31))) ^ x0)))) {
        arr[x0 & 3] = (((((ALL_EQUAL(acc > q.x) ? 5 : -5)) ^ x1) <= ((bitCount((-100 | -100))) ^ x0)) ? int(clamp((float((1 ^ arr[x0 & 3])) * f5), -1.0e6, 1.0e6)) : (((q.x << (7 & 31)) << (bitfieldExtract(1, 14, 6) & 31)) >> (((((7 + x1) | (x0 - ((0) ^ (x1 & 4096))))) ^ (x1 & 16)) & 31)));
        switch ((((int((((255u >> (0x80000000u & 31u)) << (u0 & 31u))) ^ uint(x1 & 1024)) - (((arr[x0 & 3] + (findLSB((ANY_LANE(x0 > x1) ? 1 : 0)) ^ (acc & 7)))) ^ (x1 & 4096)))) ^ x0) & 3) {
        case 0:
            u0 = (((bitfieldExtract(((((0x80000000u) ^ u0) == ((0xffffffffu) ^ 5u)) ? (((1u) ^ uint(x1 & 2048)) / 3u) : (((255u) ^ uint(x1 & 2048)) / 3u)), 24, 6)) ^ uint(x1 & 2048)) % 3u);
        case 2:
            facc = (float(((min(0xffffffffu, 0u) << (max(1u, 0x80000000u) & 31u)) + bitfieldExtract((u0 << (255u & 31u)), 1, 20))) * f5);
            break;
        default:
            acc = (bitfieldExtract(-100, 4, 26) ^ bitCount(((((ALL_EQUAL(acc > q.x) ? 5 : -5)) ^ (x1 & 512)) * (((7 << ((ALL_LANES(acc >= 0) ? 3 : -3) & 31))) ^ (x1 & 256)))));
            break;
        }
    } else {
        facc = (((y0 - (facc * f3)) - v2.z) + f0);
    }
    facc = (f2 - min(((d0 + f4) - f0), ((y0 - READ_FIRST(facc)) * (facc * p[1].y))));
    results[at + 2u] = floatBitsToUint(((((((u0 << (u0 & 31u))) ^ u0) == (((((255u) ^ uint(x1 & 2048)) / 17u)) ^ 5u)) ? (float(255u) * f5) : (exp2(clamp(READ_FIRST(facc), -8.0, 8.0)) * clamp(f3, -2.0, 2.0))) + trunc((trunc(f3) - (READ_FIRST(facc) * f4)))));
    // the end
    colour = vec4(facc * 0.125, float(acc & 255) / 255.0, fract(y1), 1.0);
}
