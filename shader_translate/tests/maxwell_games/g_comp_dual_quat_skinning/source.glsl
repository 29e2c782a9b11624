#version 450
// Dual-quaternion skinning in compute (skinned once, drawn by every pass): four joints'
// dual quaternions blended, each weight's sign flipped where its rotation is antipodal to
// the first joint's, normalised, applied to the position (rotation and translation) and
// the normal (rotation).
layout(local_size_x = 64) in;
struct Vertex { vec4 position; vec4 normal; uvec4 joints; vec4 weights; };
layout(std430, binding = 0) readonly buffer Vertices { Vertex vertices[]; };
layout(std430, binding = 1) readonly buffer Joints { vec4 real_dual[]; };
layout(std430, binding = 2) writeonly buffer Skinned { vec4 skinned[]; };
layout(std140, binding = 0) uniform Params { uint vertex_count; uint joint_count; };
vec3 rotate(vec4 q, vec3 v) { return v + 2.0 * cross(q.xyz, cross(q.xyz, v) + q.w * v); }
void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= vertex_count) return;
    Vertex v = vertices[i];
    vec4 first = real_dual[2u * min(v.joints.x, joint_count - 1u)];
    vec4 real = vec4(0.0), dual = vec4(0.0);
    for (int k = 0; k < 4; k++) {
        uint j = min(v.joints[k], joint_count - 1u);
        vec4 r = real_dual[2u * j], d = real_dual[2u * j + 1u];
        float w = v.weights[k];
        if (dot(r, first) < 0.0) w = -w;
        real += r * w;
        dual += d * w;
    }
    float len = length(real);
    real /= len;
    dual /= len;
    vec3 translation = 2.0 * (real.w * dual.xyz - dual.w * real.xyz + cross(real.xyz, dual.xyz));
    skinned[2u * i] = vec4(rotate(real, v.position.xyz) + translation, 1.0);
    skinned[2u * i + 1u] = vec4(normalize(rotate(real, v.normal.xyz)), 0.0);
}
