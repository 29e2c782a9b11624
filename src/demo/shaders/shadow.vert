#version 450
// Depth-only: a light's occluder (a box of 36 vertices) seen from the light.
layout(std140, binding = 0) uniform Light {
    mat4 light_view_projection;
    vec4 position_radius;
    vec4 colour;
};

void main() {
    const vec3 corners[8] = vec3[](vec3(-1, -1, 0), vec3(1, -1, 0), vec3(1, 1, 0), vec3(-1, 1, 0),
                                   vec3(-1, -1, 2), vec3(1, -1, 2), vec3(1, 1, 2), vec3(-1, 1, 2));
    const uint faces[36] = uint[](0,1,2, 0,2,3, 4,6,5, 4,7,6, 0,4,5, 0,5,1, 1,5,6, 1,6,2, 2,6,7, 2,7,3, 3,7,4, 3,4,0);
    vec3 local = corners[faces[gl_VertexIndex]] * 0.25;
    gl_Position = light_view_projection * vec4(position_radius.xyz + local, 1.0);
}
