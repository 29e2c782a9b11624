#version 450
// PN triangles, the control stage: each invocation passes its corner; the first also
// computes the cubic patch's edge control points and centre as patch variables.
layout(vertices = 3) out;
layout(std140, binding = 0) uniform Tess { float level; };
layout(location = 0) in vec3 in_normal[];
layout(location = 0) out vec3 out_normal[];
layout(location = 1) patch out vec3 b210;
layout(location = 2) patch out vec3 b120;
layout(location = 3) patch out vec3 b021;
layout(location = 4) patch out vec3 b012;
layout(location = 5) patch out vec3 b102;
layout(location = 6) patch out vec3 b201;
layout(location = 7) patch out vec3 b111;
vec3 project(vec3 p, vec3 on, vec3 n) { return p - dot(p - on, n) * n; }
void main() {
    gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;
    out_normal[gl_InvocationID] = in_normal[gl_InvocationID];
    if (gl_InvocationID == 0) {
        vec3 p0 = gl_in[0].gl_Position.xyz, p1 = gl_in[1].gl_Position.xyz, p2 = gl_in[2].gl_Position.xyz;
        vec3 n0 = normalize(in_normal[0]), n1 = normalize(in_normal[1]), n2 = normalize(in_normal[2]);
        b210 = project((2.0 * p0 + p1) / 3.0, p0, n0);
        b120 = project((2.0 * p1 + p0) / 3.0, p1, n1);
        b021 = project((2.0 * p1 + p2) / 3.0, p1, n1);
        b012 = project((2.0 * p2 + p1) / 3.0, p2, n2);
        b102 = project((2.0 * p2 + p0) / 3.0, p2, n2);
        b201 = project((2.0 * p0 + p2) / 3.0, p0, n0);
        vec3 e = (b210 + b120 + b021 + b012 + b102 + b201) / 6.0;
        vec3 v = (p0 + p1 + p2) / 3.0;
        b111 = e + (e - v) * 0.5;
        gl_TessLevelOuter[0] = level;
        gl_TessLevelOuter[1] = level;
        gl_TessLevelOuter[2] = level;
        gl_TessLevelInner[0] = level;
    }
}
