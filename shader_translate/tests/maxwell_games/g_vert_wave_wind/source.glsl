#version 460
// Foliage wind with the warp's help: the gust phase is read once a warp from its first
// lane (every vertex of a batch shares the instance's phase), a gust is applied when any
// vertex of the warp is above the gust height, and the neighbouring lane's height bends
// the blade toward it.
#ifdef VULKAN
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_vote : require
#extension GL_KHR_shader_subgroup_shuffle : require
#define LANE gl_SubgroupInvocationID
#define ANY_LANE(c) subgroupAny(c)
#define READ_LANE(v, l) subgroupShuffle(v, l)
#define READ_FIRST(v) subgroupBroadcastFirst(v)
#else
#extension GL_ARB_shader_ballot : require
#extension GL_ARB_shader_group_vote : require
#define LANE gl_SubGroupInvocationARB
#define ANY_LANE(c) anyInvocationARB(c)
#define READ_LANE(v, l) readInvocationARB(v, l)
#define READ_FIRST(v) readFirstInvocationARB(v)
#endif

layout(location = 0) in vec4 position;
layout(location = 1) in vec4 instance_phase;
layout(location = 0) out vec4 v_color;

layout(std140, binding = 0) uniform Wind {
    mat4 view_projection;
    vec4 wind;
};

void main() {
    float phase = READ_FIRST(instance_phase.x);
    vec3 p = position.xyz;
    bool tall = p.y > wind.w;
    float gust = ANY_LANE(tall) ? 1.5 : 1.0;
    float neighbour = READ_LANE(p.y, LANE ^ 1u);
    float sway = sin(wind.z * phase + p.y) * wind.x * p.y * gust;
    p.xz += vec2(sway, sway * 0.5) + 0.1 * (neighbour - p.y);
    gl_Position = view_projection * vec4(p, 1.0);
    v_color = vec4(0.2, 0.6 + 0.2 * p.y, 0.1, 1.0);
}
