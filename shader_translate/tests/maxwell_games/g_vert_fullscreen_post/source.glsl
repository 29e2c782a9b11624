#version 450
// The post-processing pass's full-screen triangle, with the texel size and a jitter.
layout(std140, binding = 0) uniform Post { vec4 texel_size; vec2 jitter; };
layout(location = 0) out vec2 uv;
layout(location = 1) out vec4 neighbours;
void main() {
    vec2 corner = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
    uv = corner + jitter * texel_size.xy;
    neighbours = vec4(uv - texel_size.xy, uv + texel_size.xy);
    gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
}
