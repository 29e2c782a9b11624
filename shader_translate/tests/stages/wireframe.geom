#version 450
// Geometry: turns triangles into their edges.

layout(triangles) in;
layout(line_strip, max_vertices = 4) out;

layout(location = 0) in vec2 in_uv[];
layout(location = 0) out vec2 uv;

void main() {
    for (int corner = 0; corner < 4; corner++) {
        gl_Position = gl_in[corner % 3].gl_Position;
        uv = in_uv[corner % 3];
        EmitVertex();
    }
    EndPrimitive();
}
