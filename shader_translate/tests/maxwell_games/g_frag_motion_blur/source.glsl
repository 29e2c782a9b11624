#version 450
// Per-pixel motion blur: eight taps along the pixel's velocity (scaled by the shutter,
// clamped to a maximum length) jittered by an integer hash of the pixel, each tap weighted
// by how long its own velocity is (a still background does not smear over a moving
// object).
layout(binding = 0) uniform sampler2D scene;
layout(binding = 1) uniform sampler2D velocity;
layout(std140, binding = 0) uniform Blur { vec4 shutter_max_jitter; };
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 colour;
void main() {
    vec2 at = fract(uv);
    vec2 v = (textureLod(velocity, at, 0.0).xy * 2.0 - 1.0) * shutter_max_jitter.x;
    float len = length(v);
    if (len > shutter_max_jitter.y) v *= shutter_max_jitter.y / len;
    uint h = uint(gl_FragCoord.x) * 1973u + uint(gl_FragCoord.y) * 9277u;
    h = (h ^ (h >> 13u)) * 0x5bd1e995u;
    h ^= h >> 15u;
    float jitter = float(h & 1023u) / 1024.0 * shutter_max_jitter.z;
    vec3 sum = textureLod(scene, at, 0.0).rgb;
    float weight = 1.0;
    for (int i = 1; i <= 8; i++) {
        float t = (float(i) + jitter) / 8.0 - 0.5;
        vec2 tap = at + v * t;
        vec2 tap_v = textureLod(velocity, tap, 0.0).xy * 2.0 - 1.0;
        float w = clamp(length(tap_v) * shutter_max_jitter.x / max(len, 1e-4), 0.0, 1.0);
        sum += textureLod(scene, tap, 0.0).rgb * w;
        weight += w;
    }
    colour = vec4(sum / weight, 1.0);
}
