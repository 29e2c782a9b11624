#version 450
// Tessellation control: passes triangles through with a fixed level.

layout(vertices = 3) out;

layout(std140, binding = 0) uniform Level {
    float level;
} tess;

layout(location = 0) in vec2 in_uv[];
layout(location = 0) out vec2 out_uv[];

void main() {
    gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;
    out_uv[gl_InvocationID] = in_uv[gl_InvocationID];
    gl_TessLevelOuter[0] = tess.level;
    gl_TessLevelOuter[1] = tess.level;
    gl_TessLevelOuter[2] = tess.level;
    gl_TessLevelInner[0] = tess.level;
}
