#version 450
// A 5x5 percentage-closer filter over a depth-compare sampler with texel offsets.
layout(binding = 0) uniform sampler2DShadow shadow_map;
layout(binding = 1) uniform sampler2D albedo;
layout(location = 0) in vec4 light_space;
layout(location = 1) in vec2 uv;
layout(location = 2) in float ndotl;
layout(location = 0) out vec4 colour;
void main() {
    vec3 p = light_space.xyz / light_space.w;
    p.xy = p.xy * 0.5 + 0.5;
    float bias = clamp(0.005 * tan(acos(clamp(ndotl, 0.0, 1.0))), 0.0, 0.01);
    vec2 texel = 1.0 / vec2(textureSize(shadow_map, 0));
    float lit = 0.0;
    for (int y = -2; y <= 2; y++)
        for (int x = -2; x <= 2; x++)
            lit += texture(shadow_map, vec3(p.xy + vec2(x, y) * texel, p.z - bias));
    lit /= 25.0;
    if (p.z > 1.0) lit = 1.0;
    colour = vec4(texture(albedo, uv).rgb * (0.2 + 0.8 * lit * max(ndotl, 0.0)), 1.0);
}
