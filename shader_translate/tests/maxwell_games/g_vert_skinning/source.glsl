#version 450
// Four-bone linear blend skinning from a bone palette, normal and tangent skinned alike.
layout(std140, binding = 0) uniform Camera { mat4 view_projection; vec4 eye; };
layout(std140, binding = 1) uniform Bones { mat4 bones[64]; };
layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normal;
layout(location = 2) in vec4 tangent;
layout(location = 3) in uvec4 joints;
layout(location = 4) in vec4 weights;
layout(location = 5) in vec2 uv;
layout(location = 0) out vec3 world_normal;
layout(location = 1) out vec4 world_tangent;
layout(location = 2) out vec2 out_uv;
layout(location = 3) out vec3 to_eye;
void main() {
    vec4 w = weights / max(dot(weights, vec4(1.0)), 1e-5);
    mat4 skin = bones[joints.x & 63u] * w.x + bones[joints.y & 63u] * w.y
              + bones[joints.z & 63u] * w.z + bones[joints.w & 63u] * w.w;
    vec4 world = skin * vec4(position, 1.0);
    world_normal = normalize(mat3(skin) * normal);
    world_tangent = vec4(normalize(mat3(skin) * tangent.xyz), tangent.w);
    out_uv = uv;
    to_eye = eye.xyz - world.xyz;
    gl_Position = view_projection * world;
}
