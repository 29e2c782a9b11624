#version 450
// Blend shapes: up to eight morph target deltas from a storage buffer, weights from a
// uniform block, the active_count count an integer.
layout(std430, binding = 0) readonly buffer Deltas { vec4 deltas[]; };
layout(std140, binding = 0) uniform Morph { mat4 mvp; vec4 weights[2]; int active_count; int vertex_count; };
layout(location = 0) in vec3 position;
layout(location = 0) out vec3 colour;
void main() {
    vec3 p = position;
    float total = 0.0;
    for (int t = 0; t < active_count; t++) {
        float w = weights[t >> 2][t & 3];
        if (w == 0.0) continue;
        p += deltas[t * vertex_count + gl_VertexID].xyz * w;
        total += abs(w);
    }
    colour = vec3(total, fract(total * 3.0), 1.0 - total);
    gl_Position = mvp * vec4(p, 1.0);
}
