#version 450
// Lambert shading from the sampled normal tile, the way the game samples its terrain.
layout(binding = 0) uniform sampler2D normal_tile;
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 colour;

void main() {
    vec2 slope = texture(normal_tile, uv).xy * 2.0 - 1.0;
    vec3 n = normalize(vec3(slope, 0.35));
    float light = max(dot(n, normalize(vec3(0.3, 0.4, 0.8))), 0.0);
    colour = vec4(mix(vec3(0.30, 0.55, 0.22), vec3(0.55, 0.5, 0.4), clamp(length(slope) * 1.5, 0.0, 1.0)) * (0.15 + 0.85 * light), 1.0);
}
