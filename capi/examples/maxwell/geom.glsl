#version 450
layout(points) in;
layout(triangle_strip, max_vertices = 4) out;
layout(location = 0) flat out vec4 colour;
void main() {
    for (int corner = 0; corner < 4; corner++) {
        vec2 side = vec2(corner & 1, corner >> 1) * 2.0 - 1.0;
        gl_Position = gl_in[0].gl_Position + vec4(side * 0.25, 0.0, 0.0);
        colour = gl_PrimitiveIDIn == 0 ? vec4(1.0, 0.0, 0.0, 1.0) : vec4(0.0, 0.0, 1.0, 1.0);
        EmitVertex();
    }
    EndPrimitive();
}
