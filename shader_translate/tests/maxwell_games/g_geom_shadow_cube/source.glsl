#version 450
// Point-light shadows in one pass: each triangle is sent to the six faces of a cube
// map array layer, culled per face against that face's frustum, with the distance to
// the light passed on.
layout(triangles) in;
layout(triangle_strip, max_vertices = 18) out;
layout(std140, binding = 0) uniform Faces { mat4 face_view_projection[6]; vec4 light_position; };
layout(location = 0) out vec4 world;
void main() {
    for (int face = 0; face < 6; face++) {
        vec4 c[3];
        for (int i = 0; i < 3; i++) c[i] = face_view_projection[face] * gl_in[i].gl_Position;
        if (c[0].x > c[0].w && c[1].x > c[1].w && c[2].x > c[2].w) continue;
        if (c[0].x < -c[0].w && c[1].x < -c[1].w && c[2].x < -c[2].w) continue;
        for (int i = 0; i < 3; i++) {
            gl_Layer = face;
            world = vec4(gl_in[i].gl_Position.xyz, distance(gl_in[i].gl_Position.xyz, light_position.xyz));
            gl_Position = c[i];
            EmitVertex();
        }
        EndPrimitive();
    }
}
