#version 460
// A counted loop with `continue` and `break`; the trip count and both conditions come
// from integer pixel coordinates, so every pixel takes the same path on any GPU.
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 colour;
layout(std140, binding = 0) uniform Params { vec4 k; };
void main() {
    ivec2 p = ivec2(gl_FragCoord.xy);
    vec4 acc = vec4(0.0);
    int n = (p.x >> 2) + 1;
    for (int i = 0; i < n; i++) {
        if (((i + p.y) & 3) == 0) continue;
        acc += vec4(uv.x * k.x, uv.y * k.y, float(i) * 0.03, 0.05);
        if (i * 3 > p.y + 20) break;
    }
    colour = acc;
}
