#version 450
layout(triangles) in;
layout(triangle_strip, max_vertices = 6) out;
layout(location = 0) flat out vec4 colour;
void main() {
    for (int i = 0; i < 3; i++) {
        gl_Position = gl_in[i].gl_Position * vec4(0.5, 0.5, 1.0, 1.0) + vec4(-0.5, 0.0, 0.0, 0.0);
        colour = vec4(1.0, 0.0, 0.0, 1.0);
        EmitVertex();
    }
    EndPrimitive();
    for (int i = 0; i < 3; i++) {
        gl_Position = gl_in[i].gl_Position * vec4(0.5, 0.5, 1.0, 1.0) + vec4(0.5, 0.0, 0.0, 0.0);
        colour = vec4(0.0, 0.0, 1.0, 1.0);
        gl_PrimitiveID = gl_PrimitiveIDIn + 7;
        EmitVertex();
    }
    EndPrimitive();
}
