#version 460
// A tessellation control stage choosing one level for every patch of the warp (all its
// control points past the threshold, or none): neighbouring patches of a warp share
// their level, so their edges match.
#extension GL_ARB_shader_group_vote : require
layout(vertices = 3) out;
layout(location = 0) in vec4 v_in[];
layout(location = 0) out vec4 v_out[];
void main() {
    v_out[gl_InvocationID] = v_in[gl_InvocationID];
    gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;
    float level = allInvocationsARB(v_in[gl_InvocationID].w > 0.5) ? 4.0 : 2.0;
    if (gl_InvocationID == 0) {
        gl_TessLevelOuter[0] = level; gl_TessLevelOuter[1] = level; gl_TessLevelOuter[2] = level;
        gl_TessLevelInner[0] = level;
    }
}
