#version 450
// Temporal anti-aliasing resolve: the current frame's 3x3 neighbourhood in YCoCg gives a
// box the reprojected history is clipped towards the mean of; the history's weight falls
// from its maximum to its minimum as the pixel's motion reaches one pixel.
layout(binding = 0) uniform sampler2D current;
layout(binding = 1) uniform sampler2D history;
layout(binding = 2) uniform sampler2D velocity;
layout(std140, binding = 0) uniform Taa { vec4 blend_min_max_scale; };
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 colour;
vec3 to_ycocg(vec3 c) {
    return vec3(dot(c, vec3(0.25, 0.5, 0.25)), dot(c, vec3(0.5, 0.0, -0.5)), dot(c, vec3(-0.25, 0.5, -0.25)));
}
vec3 from_ycocg(vec3 c) { return vec3(c.x + c.y - c.z, c.x + c.z, c.x - c.y - c.z); }
void main() {
    vec2 at = fract(uv);
    ivec2 size = textureSize(current, 0);
    ivec2 p = clamp(ivec2(at * vec2(size)), ivec2(1), size - 2);
    vec3 lo = vec3(1e9), hi = vec3(-1e9), sum = vec3(0.0);
    for (int y = -1; y <= 1; y++)
        for (int x = -1; x <= 1; x++) {
            vec3 c = to_ycocg(texelFetch(current, p + ivec2(x, y), 0).rgb);
            lo = min(lo, c);
            hi = max(hi, c);
            sum += c;
        }
    vec3 centre = to_ycocg(texelFetch(current, p, 0).rgb);
    vec2 motion = (textureLod(velocity, at, 0.0).xy - 0.5) * blend_min_max_scale.z;
    vec3 past = to_ycocg(textureLod(history, at - motion, 0.0).rgb);
    vec3 mean = sum / 9.0;
    vec3 extent = max(hi - mean, vec3(1e-4));
    vec3 offset = past - mean;
    vec3 units = abs(offset / extent);
    float outside = max(units.x, max(units.y, units.z));
    if (outside > 1.0) past = mean + offset / outside;
    float speed = length(motion * vec2(size));
    float blend = mix(blend_min_max_scale.y, blend_min_max_scale.x, clamp(speed, 0.0, 1.0));
    colour = vec4(from_ycocg(mix(centre, past, blend)), 1.0);
}
