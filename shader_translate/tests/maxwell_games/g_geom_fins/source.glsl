#version 450
// Fur and grass fins: each triangle edge on the silhouette (one corner's normal facing the
// eye, the other's away) is extruded along the corners' normals into a quad, with the
// fin's texture coordinates and an alpha fading as the edge turns edge-on.
layout(triangles) in;
layout(triangle_strip, max_vertices = 12) out;
layout(std140, binding = 0) uniform Fins { mat4 view_projection; vec4 eye_length; };
layout(location = 0) in vec3 normal_in[];
layout(location = 0) out vec3 fin_uv_alpha;
void main() {
    for (int e = 0; e < 3; e++) {
        int a = e, b = (e + 1) % 3;
        vec3 pa = gl_in[a].gl_Position.xyz, pb = gl_in[b].gl_Position.xyz;
        float fa = dot(normal_in[a], eye_length.xyz - pa);
        float fb = dot(normal_in[b], eye_length.xyz - pb);
        if (fa * fb > 0.0) continue;
        float alpha = 1.0 - abs(fa + fb) / (abs(fa) + abs(fb) + 1e-4);
        for (int k = 0; k < 4; k++) {
            int corner = (k & 1) == 0 ? a : b;
            float up = float(k >> 1);
            vec3 p = gl_in[corner].gl_Position.xyz + normalize(normal_in[corner]) * eye_length.w * up;
            fin_uv_alpha = vec3(float(k & 1), up, alpha);
            gl_Position = view_projection * vec4(p, 1.0);
            EmitVertex();
        }
        EndPrimitive();
    }
}
