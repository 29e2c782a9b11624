#version 450
// The final composite: exposure from the auto-exposure buffer, bloom added, ACES
// filmic curve, a vignette, sRGB encoding and ordered dither.
layout(binding = 0) uniform sampler2D hdr;
layout(binding = 1) uniform sampler2D bloom;
layout(std430, binding = 0) readonly buffer Exposure { float exposure; float average_luma; };
layout(std140, binding = 0) uniform Grade { vec4 bloom_strength_vignette; };
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 colour;
vec3 aces(vec3 x) { return clamp((x * (2.51 * x + 0.03)) / (x * (2.43 * x + 0.59) + 0.14), 0.0, 1.0); }
vec3 srgb(vec3 c) { return mix(c * 12.92, 1.055 * pow(c, vec3(1.0 / 2.4)) - 0.055, step(vec3(0.0031308), c)); }
void main() {
    vec3 c = texture(hdr, uv).rgb + texture(bloom, uv).rgb * bloom_strength_vignette.x;
    c = aces(c * exposure);
    vec2 d = uv - 0.5;
    c *= 1.0 - dot(d, d) * bloom_strength_vignette.y;
    uvec2 p = uvec2(gl_FragCoord.xy) & 3u;
    uint bayer = ((p.x ^ p.y) << 1 | (p.y & 1u)) ^ ((p.x & 2u) >> 1);
    c = srgb(c) + (float(bayer) / 16.0 - 0.5) / 255.0;
    colour = vec4(c, 1.0);
}
