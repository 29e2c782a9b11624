#version 450
// Dual-quaternion skinning in the vertex stage: joint indices packed as float attributes
// (as many engines store them), each joint's dual quaternion (two vec4s) from a uniform
// block indexed at run time, blended with the antipodal fix against the first joint,
// normalised; the normal rotated, the position rotated and translated.
layout(std140, binding = 0) uniform Camera { mat4 view_projection; };
layout(std140, binding = 1) uniform Joints { vec4 joint_dq[128]; };
layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normal;
layout(location = 2) in vec4 joints;
layout(location = 3) in vec4 weights;
layout(location = 0) out vec3 world_normal;
layout(location = 1) out vec3 world_position;
vec3 rotate(vec4 q, vec3 v) { return v + 2.0 * cross(q.xyz, cross(q.xyz, v) + q.w * v); }
void main() {
    ivec4 j = clamp(ivec4(joints * 64.0), ivec4(0), ivec4(63));
    vec4 first = joint_dq[2 * j.x];
    vec4 real = vec4(0.0), dual = vec4(0.0);
    for (int k = 0; k < 4; k++) {
        vec4 r = joint_dq[2 * j[k]], d = joint_dq[2 * j[k] + 1];
        float w = weights[k];
        if (dot(r, first) < 0.0) w = -w;
        real += r * w;
        dual += d * w;
    }
    float len = length(real);
    real /= len;
    dual /= len;
    vec3 translation = 2.0 * (real.w * dual.xyz - dual.w * real.xyz + cross(real.xyz, dual.xyz));
    world_position = rotate(real, position) + translation;
    world_normal = normalize(rotate(real, normal));
    gl_Position = view_projection * vec4(world_position, 1.0);
}
