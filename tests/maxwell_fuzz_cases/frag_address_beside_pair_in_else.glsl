#version 450
// stage: frag
// seed: 1438
// was: refused: `cbuf` at byte 0x0: constant buffer c0 (the driver's constants, its word at c0[0x740]) is not translated yet (an if/else whose else arm writes a register under `@p` and `@!p` over a storage address's high word that each inner arm of the then arm replaced: the value outside the pair's arm kept the word)
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
    arr[x0 & 0] = ((x0 <= x1) ? ((f0 > y1) ? -0 : (ALL_EQUAL(acc > q.x) ? 0 : -0)) : ((x0 != x1) ? x1 : acc));
    if ((arr[x0 & 0]) < int(clamp(min(abs(textureLod(fz_tex[q.w & 0], vec2(uvec2(i & 0u, 0 & 0u)) * 0.0, 0.0).y), 0.0 + abs(y0)), -0.0, 0.0))) {
        if (max(0, 0) < (f1 - f0)) {
            arr[x0 & 0] = int(0 ^ uint(x1 & 1));
        } else {
        }
    } else {
    }
    // the end
    colour = vec4(facc * 0.1, float(acc & 255) / 255.0, fract(y1), 1.0);
}
