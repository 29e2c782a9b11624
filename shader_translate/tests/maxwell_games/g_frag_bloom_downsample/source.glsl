#version 450
// The bloom chain's 13-tap downsample (as in Call of Duty's presentation) with a
// Karis average on the first level against fireflies.
layout(binding = 0) uniform sampler2D source;
layout(std140, binding = 0) uniform Down { vec4 texel_first; };
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 colour;
float karis(vec3 c) { return 1.0 / (1.0 + dot(c, vec3(0.2126, 0.7152, 0.0722)) * 0.25); }
void main() {
    vec2 t = texel_first.xy;
    vec3 a = texture(source, uv + t * vec2(-2, -2)).rgb, b = texture(source, uv + t * vec2(0, -2)).rgb;
    vec3 c = texture(source, uv + t * vec2(2, -2)).rgb, d = texture(source, uv + t * vec2(-2, 0)).rgb;
    vec3 e = texture(source, uv).rgb, f = texture(source, uv + t * vec2(2, 0)).rgb;
    vec3 g = texture(source, uv + t * vec2(-2, 2)).rgb, h = texture(source, uv + t * vec2(0, 2)).rgb;
    vec3 i = texture(source, uv + t * vec2(2, 2)).rgb, j = texture(source, uv + t * vec2(-1, -1)).rgb;
    vec3 k = texture(source, uv + t * vec2(1, -1)).rgb, l = texture(source, uv + t * vec2(-1, 1)).rgb;
    vec3 m = texture(source, uv + t * vec2(1, 1)).rgb;
    vec3 g0 = (a + b + d + e) * 0.25, g1 = (b + c + e + f) * 0.25, g2 = (d + e + g + h) * 0.25;
    vec3 g3 = (e + f + h + i) * 0.25, g4 = (j + k + l + m) * 0.25;
    vec3 result;
    if (texel_first.z > 0.5) {
        float w0 = karis(g0), w1 = karis(g1), w2 = karis(g2), w3 = karis(g3), w4 = karis(g4);
        result = (g0 * w0 + g1 * w1 + g2 * w2 + g3 * w3 + g4 * w4 * 4.0) / (w0 + w1 + w2 + w3 + w4 * 4.0);
    } else {
        result = (g0 + g1 + g2 + g3) * 0.125 + g4 * 0.5;
    }
    colour = vec4(max(result, vec3(0.0)), 1.0);
}
