#version 450
// PN triangles, the evaluation stage: the cubic Bezier triangle from the corners and the
// patch's control points, the quadratic normal by barycentric interpolation.
layout(triangles, equal_spacing, cw) in;
layout(std140, binding = 0) uniform Camera { mat4 view_projection; };
layout(location = 0) in vec3 in_normal[];
layout(location = 1) patch in vec3 b210;
layout(location = 2) patch in vec3 b120;
layout(location = 3) patch in vec3 b021;
layout(location = 4) patch in vec3 b012;
layout(location = 5) patch in vec3 b102;
layout(location = 6) patch in vec3 b201;
layout(location = 7) patch in vec3 b111;
layout(location = 0) out vec3 normal;
void main() {
    float u = gl_TessCoord.x, v = gl_TessCoord.y, w = gl_TessCoord.z;
    vec3 p0 = gl_in[0].gl_Position.xyz, p1 = gl_in[1].gl_Position.xyz, p2 = gl_in[2].gl_Position.xyz;
    vec3 p = p0 * w * w * w + p1 * u * u * u + p2 * v * v * v
        + b210 * 3.0 * w * w * u + b120 * 3.0 * w * u * u + b201 * 3.0 * w * w * v
        + b021 * 3.0 * u * u * v + b102 * 3.0 * w * v * v + b012 * 3.0 * u * v * v
        + b111 * 6.0 * w * u * v;
    normal = normalize(in_normal[0] * w + in_normal[1] * u + in_normal[2] * v);
    gl_Position = view_projection * vec4(p, 1.0);
}
