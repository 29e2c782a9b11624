#version 450
// Phong tessellation with displacement: each point projected onto the corners' tangent
// planes, blended with the flat position by a shape factor, then displaced along the
// interpolated normal by a displacement map; fractional-even spacing.
layout(triangles, fractional_even_spacing, ccw) in;
layout(binding = 0) uniform sampler2D displacement;
layout(std140, binding = 0) uniform Phong { mat4 view_projection; vec4 shape_scale; };
layout(location = 0) in vec3 in_normal[];
layout(location = 1) in vec2 in_uv[];
layout(location = 0) out vec3 normal;
layout(location = 1) out vec2 uv;
vec3 project(vec3 p, vec3 corner, vec3 n) { return p - dot(p - corner, n) * n; }
void main() {
    vec3 b = gl_TessCoord;
    vec3 p0 = gl_in[0].gl_Position.xyz, p1 = gl_in[1].gl_Position.xyz, p2 = gl_in[2].gl_Position.xyz;
    vec3 n0 = normalize(in_normal[0]), n1 = normalize(in_normal[1]), n2 = normalize(in_normal[2]);
    vec3 flat_p = p0 * b.x + p1 * b.y + p2 * b.z;
    vec3 phong = project(flat_p, p0, n0) * b.x + project(flat_p, p1, n1) * b.y + project(flat_p, p2, n2) * b.z;
    vec3 p = mix(flat_p, phong, shape_scale.x);
    normal = normalize(n0 * b.x + n1 * b.y + n2 * b.z);
    uv = in_uv[0] * b.x + in_uv[1] * b.y + in_uv[2] * b.z;
    p += normal * (textureLod(displacement, uv, 0.0).r - 0.5) * shape_scale.y;
    gl_Position = view_projection * vec4(p, 1.0);
}
