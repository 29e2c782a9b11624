#version 460
#extension GL_ARB_shader_ballot : require
#extension GL_ARB_shader_group_vote : require
layout(local_size_x = 32) in;
layout(std430, binding = 0) buffer Data { float values[]; };
void main() {
    uint gid = gl_GlobalInvocationID.x;
    float v = values[gid];
    float other = readInvocationARB(v, (gl_SubGroupInvocationARB + 1u) & 31u);
    float first = readFirstInvocationARB(v);
    bool any_big = anyInvocationARB(v > 10.0);
    values[gid] = other + first + (any_big ? 1.0 : 0.0);
}
