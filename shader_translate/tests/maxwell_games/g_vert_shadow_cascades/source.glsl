#version 450
// Scene vertex with light-space positions for four shadow cascades and view depth.
layout(std140, binding = 0) uniform Frame { mat4 view; mat4 projection; mat4 cascades[4]; };
layout(std140, binding = 1) uniform Object { mat4 model; mat4 normal_matrix; };
layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normal;
layout(location = 0) out vec4 light_space[4];
layout(location = 4) out vec3 world_normal;
layout(location = 5) out float view_depth;
void main() {
    vec4 world = model * vec4(position, 1.0);
    vec4 view_pos = view * world;
    world_normal = mat3(normal_matrix) * normal;
    vec3 biased = world.xyz + world_normal * 0.02;
    for (int i = 0; i < 4; i++) light_space[i] = cascades[i] * vec4(biased, 1.0);
    view_depth = -view_pos.z;
    gl_Position = projection * view_pos;
}
