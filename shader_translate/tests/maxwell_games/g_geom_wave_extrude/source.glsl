#version 460
// A geometry stage that passes triangles on, scaling their varyings where any triangle of
// the warp is marked large (a warp-wide decision, as a fur or decal pass makes one), and
// adding the first lane's and the neighbouring lane's values as shared parameters.
#extension GL_ARB_shader_ballot : require
#extension GL_ARB_shader_group_vote : require
layout(triangles) in;
layout(triangle_strip, max_vertices = 3) out;
layout(location = 0) in vec4 v_in[];
layout(location = 0) out vec4 v_out;
void main() {
    bool big = v_in[0].x > 0.5;
    float lead = readFirstInvocationARB(v_in[1].y);
    float nb = readInvocationARB(v_in[2].z, gl_SubGroupInvocationARB ^ 1u);
    for (int i = 0; i < 3; ++i) {
        gl_Position = gl_in[i].gl_Position;
        v_out = v_in[i] * (anyInvocationARB(big) ? 2.0 : 1.0) + vec4(lead, nb, 0.0, 0.0);
        EmitVertex();
    }
    EndPrimitive();
}
