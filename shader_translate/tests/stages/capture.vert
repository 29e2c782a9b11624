#version 450
// Transform feedback: captures the world position.

layout(location = 0) in vec3 in_position;
layout(xfb_buffer = 0, xfb_offset = 0, location = 0) out vec4 captured;

void main() {
    captured = vec4(in_position, 1.0);
    gl_Position = captured;
}
