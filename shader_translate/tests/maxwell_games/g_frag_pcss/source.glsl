#version 450
// Percentage-closer soft shadows: a blocker search over a Poisson disk in the raw depth
// map, the penumbra's width from the average blocker's depth and the light's size, then a
// percentage-closer filter over the same disk scaled by the penumbra through a
// depth-compare sampler. The light-space position wraps over a 4 x 4 tiled atlas.
layout(binding = 0) uniform sampler2D shadow_depth;
layout(binding = 1) uniform sampler2DShadow shadow_compare;
layout(std140, binding = 0) uniform Pcss { vec4 light_size_bias; };
layout(location = 0) in vec4 light_space;
layout(location = 0) out vec4 colour;
const vec2 DISK[12] = vec2[](
    vec2(-0.326, -0.406), vec2(-0.840, -0.074), vec2(-0.696, 0.457), vec2(-0.203, 0.621),
    vec2(0.962, -0.195), vec2(0.473, -0.480), vec2(0.519, 0.767), vec2(0.185, -0.893),
    vec2(0.507, 0.064), vec2(0.896, 0.412), vec2(-0.322, -0.933), vec2(-0.792, -0.598));
void main() {
    vec3 p = light_space.xyz / light_space.w;
    p.xy = fract(p.xy * 4.0);
    p.z = fract(p.z);
    float receiver = p.z - light_size_bias.z * 0.01;
    float search = light_size_bias.x * 0.05;
    float blockers = 0.0, blocker_sum = 0.0;
    for (int i = 0; i < 12; i++) {
        float d = textureLod(shadow_depth, p.xy + DISK[i] * search, 0.0).r;
        if (d < receiver) {
            blocker_sum += d;
            blockers += 1.0;
        }
    }
    float lit = 1.0;
    if (blockers > 0.0) {
        float average = blocker_sum / blockers;
        float penumbra = (receiver - average) / max(average, 1e-3) * light_size_bias.x * 0.05;
        lit = 0.0;
        for (int i = 0; i < 12; i++)
            lit += textureLod(shadow_compare, vec3(p.xy + DISK[i] * penumbra, receiver), 0.0);
        lit /= 12.0;
    }
    colour = vec4(vec3(lit), blockers / 12.0);
}
