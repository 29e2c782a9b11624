#version 450
// Terrain patch control: tessellation levels from each edge's screen-space size, the
// patch culled (levels 0) when outside the frustum in x.
layout(vertices = 4) out;
layout(std140, binding = 0) uniform Lod { mat4 view_projection; vec4 viewport_pixels_per_edge; };
layout(location = 0) in vec2 in_uv[];
layout(location = 0) out vec2 out_uv[];
float edge_level(vec4 a, vec4 b) {
    vec4 ca = view_projection * a, cb = view_projection * b;
    vec2 sa = ca.xy / max(ca.w, 1e-3) * viewport_pixels_per_edge.xy;
    vec2 sb = cb.xy / max(cb.w, 1e-3) * viewport_pixels_per_edge.xy;
    return clamp(distance(sa, sb) / viewport_pixels_per_edge.z, 1.0, 64.0);
}
void main() {
    gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;
    out_uv[gl_InvocationID] = in_uv[gl_InvocationID];
    if (gl_InvocationID == 0) {
        vec4 p0 = gl_in[0].gl_Position, p1 = gl_in[1].gl_Position;
        vec4 p2 = gl_in[2].gl_Position, p3 = gl_in[3].gl_Position;
        vec4 c0 = view_projection * p0, c2 = view_projection * p2;
        bool outside = (c0.x > c0.w && c2.x > c2.w) || (c0.x < -c0.w && c2.x < -c2.w);
        float e0 = edge_level(p3, p0), e1 = edge_level(p0, p1);
        float e2 = edge_level(p1, p2), e3 = edge_level(p2, p3);
        if (outside) { e0 = 0.0; e1 = 0.0; e2 = 0.0; e3 = 0.0; }
        gl_TessLevelOuter[0] = e0;
        gl_TessLevelOuter[1] = e1;
        gl_TessLevelOuter[2] = e2;
        gl_TessLevelOuter[3] = e3;
        gl_TessLevelInner[0] = max(e1, e3);
        gl_TessLevelInner[1] = max(e0, e2);
    }
}
