#version 460
// Wave-coherent material shading: each warp scalarises the material index (a loop over
// the materials its pixels hold, one at a time, read from the first active lane), takes
// a fast path where every lane agrees, counts its lit lanes with a ballot and reads its
// horizontal neighbour's luminance for a cheap edge term.
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

layout(location = 0) in vec4 v_uv;
layout(location = 1) in vec4 v_normal;
layout(location = 0) out vec4 color;

layout(std140, binding = 0) uniform Materials {
    vec4 albedo[8];
    vec4 light_dir;
    vec4 params;
};

vec3 shade(uint material, vec3 n) {
    float lambert = max(dot(normalize(n), normalize(light_dir.xyz)), 0.0);
    return albedo[material].rgb * (0.2 + 0.8 * lambert);
}

void main() {
    uint material = uint(fract(v_uv.x * 3.7 + v_uv.y * 1.3) * 8.0) & 7u;
    vec3 n = v_normal.xyz * 2.0 - 1.0;
    vec3 lit = vec3(0.0);
    uint leader = READ_FIRST(material);
    if (ALL_LANES(material == leader)) {
        // Every lane holds one material: shade it once for the warp.
        lit = shade(leader, n);
    } else {
        bool done = false;
        for (int i = 0; i < 8 && !done; ++i) {
            uint first = READ_FIRST(material);
            if (first == material) {
                lit = shade(first, n);
                done = true;
            }
        }
    }
    bool bright = dot(lit, vec3(0.299, 0.587, 0.114)) > params.x;
    uint bright_lanes = bitCount(BALLOT_LOW(bright));
    float luma = dot(lit, vec3(0.333));
    float neighbour = READ_LANE(luma, LANE ^ 1u);
    float edge = abs(neighbour - luma);
    float boost = ANY_LANE(bright) ? params.y : 0.0;
    float dim = ALL_LANES(!bright) ? params.z : 0.0;
    float uniform_term = ALL_EQUAL(bright) ? params.w : 0.0;
    color = vec4(lit * (1.0 + boost - dim + uniform_term), float(bright_lanes) / 32.0 + edge);
}
