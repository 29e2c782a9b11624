#version 460
#extension GL_ARB_shader_ballot : require
#extension GL_ARB_shader_group_vote : require
#extension GL_ARB_gpu_shader_int64 : require
// A full warp and a partial one (16 lanes) a workgroup.
layout(local_size_x = 48) in;
layout(std430, binding = 0) buffer In { uint values[]; };
layout(std430, binding = 1) buffer Out { uvec4 results[]; };
void main() {
    uint gid = gl_GlobalInvocationID.x;
    uint v = values[gid];
    uint lane = gl_SubGroupInvocationARB;
    uint ballot = unpackUint2x32(ballotARB((v & 1u) != 0u)).x;
    uint votes = (allInvocationsARB(v > 16u) ? 1u : 0u)
        | (allInvocationsEqualARB(v > 200u) ? 2u : 0u)
        | (anyInvocationARB(v == 7u) ? 4u : 0u);
    uint other = readInvocationARB(v, (lane * 7u + 3u) & 15u);
    uint first = readFirstInvocationARB(v * 3u);
    results[gid] = uvec4(ballot, votes | (lane << 8), other, first);
}
