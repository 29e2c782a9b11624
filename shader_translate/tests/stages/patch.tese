#version 450
// Tessellation evaluation: displaces by a height texture (slot 2).

layout(triangles, equal_spacing, ccw) in;

layout(binding = 2) uniform sampler2D height;

layout(location = 0) in vec2 in_uv[];
layout(location = 0) out vec2 uv;

void main() {
    uv = gl_TessCoord.x * in_uv[0] + gl_TessCoord.y * in_uv[1] + gl_TessCoord.z * in_uv[2];
    vec4 position = gl_TessCoord.x * gl_in[0].gl_Position
        + gl_TessCoord.y * gl_in[1].gl_Position
        + gl_TessCoord.z * gl_in[2].gl_Position;
    position.y += textureLod(height, uv, 0.0).r;
    gl_Position = position;
}
