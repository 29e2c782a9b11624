#version 450
// Shadow-map pass: positions only.

layout(std140, binding = 0) uniform LightView {
    mat4 light_view_projection;
} light_view;

layout(std140, binding = 1) uniform Object {
    mat4 model;
} object;

layout(location = 0) in vec3 in_position;
layout(location = 2) in vec2 in_uv;

layout(location = 0) out vec2 uv;

void main() {
    uv = in_uv;
    gl_Position = light_view.light_view_projection * object.model * vec4(in_position, 1.0);
}
