#version 450
layout(triangles, invocations = 3) in;
layout(triangle_strip, max_vertices = 3) out;
layout(location = 0) flat out vec4 colour;
const vec4 COLOURS[3] = vec4[](vec4(1, 0, 0, 1), vec4(0, 1, 0, 1), vec4(0, 0, 1, 1));
void main() {
    if (gl_InvocationID == 1) {
        return;
    }
    for (int vertex = 0; vertex < 3; vertex++) {
        gl_Position = gl_in[vertex].gl_Position;
        gl_Layer = gl_InvocationID;
        colour = COLOURS[gl_InvocationID];
        EmitVertex();
    }
    EndPrimitive();
}
