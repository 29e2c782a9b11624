#version 450
// A textured, lit mesh: NVN uniform buffer slot 0 holds the camera, slot 1 the object.

layout(std140, binding = 0) uniform Camera {
    mat4 view_projection;
    vec4 eye_position;
} camera;

layout(std140, binding = 1) uniform Object {
    mat4 model;
    mat4 normal_matrix;
} object;

layout(location = 0) in vec3 in_position;
layout(location = 1) in vec3 in_normal;
layout(location = 2) in vec2 in_uv;

layout(location = 0) out vec3 world_normal;
layout(location = 1) out vec2 uv;
layout(location = 2) out vec3 to_eye;

void main() {
    vec4 world = object.model * vec4(in_position, 1.0);
    world_normal = mat3(object.normal_matrix) * in_normal;
    uv = in_uv;
    to_eye = camera.eye_position.xyz - world.xyz;
    gl_Position = camera.view_projection * world;
}
