#version 460
layout(triangles) in;
layout(triangle_strip, max_vertices = 6) out;
layout(location = 0) in vec3 normal_in[];
layout(location = 0) out vec3 normal_out;
layout(std140, binding = 0) uniform Shift { vec4 offset; };
void main() {
    for (int copy = 0; copy < 2; copy++) {
        for (int v = 0; v < 3; v++) {
            gl_Position = gl_in[v].gl_Position + offset * float(copy);
            normal_out = normal_in[v];
            gl_Layer = copy;
            EmitVertex();
        }
        EndPrimitive();
    }
}
