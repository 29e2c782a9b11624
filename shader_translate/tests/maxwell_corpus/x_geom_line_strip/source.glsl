#version 450
layout(triangles) in;
layout(line_strip, max_vertices = 4) out;
layout(location = 0) flat out vec4 colour;
void main() {
    for (int i = 0; i < 4; i++) {
        gl_Position = gl_in[i % 3].gl_Position;
        colour = vec4(0.0, 1.0, float(i) * 0.25, 1.0);
        EmitVertex();
    }
    EndPrimitive();
}
