#version 450
// textureGather selecting each component (TLD4S r, g, b, a) and textureQueryLod (TMML).
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 colour;
layout(binding = 0) uniform sampler2D base;
layout(binding = 1) uniform sampler2D other;
void main() {
    vec4 r = textureGather(base, uv * 0.93 + 0.013);
    vec4 g = textureGather(other, uv * 0.71 + 0.107, 1);
    vec4 b = textureGather(base, uv.yx * 1.37 + 0.021, 2);
    vec4 a = textureGather(other, uv * 1.29 - 0.033, 3);
    vec2 lod = textureQueryLod(base, uv * uv * 4.0);
    colour = vec4(dot(r, vec4(0.25)), dot(g, vec4(0.25)), dot(b, a) * 0.25,
                  0.5 + 0.1 * lod.y + lod.x);
}
