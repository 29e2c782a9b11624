#version 460
// A procedural pattern anti-aliased by supersampling its inputs: the stripe and ring
// terms are evaluated at four rotated-grid offsets around the pixel's centre
// (interpolateAtOffset) and averaged, and the base colour is taken at the shaded sample
// (interpolateAtSample), as a decal or UI shader smooths edges without a texture.
layout(location = 0) in vec4 v_uv;
layout(location = 1) in vec4 v_tint;
layout(location = 2) noperspective in vec4 v_screen;
layout(location = 0) out vec4 color;

layout(std140, binding = 0) uniform Pattern {
    vec4 frequency;
    vec4 offsets[2];
    ivec4 sample_index;
};

float stripes(vec2 uv) {
    return smoothstep(0.4, 0.6, fract(uv.x * frequency.x + uv.y * frequency.y));
}

void main() {
    float sum = 0.0;
    for (int k = 0; k < 2; ++k) {
        sum += stripes(interpolateAtOffset(v_uv, offsets[k].xy).xy);
        sum += stripes(interpolateAtOffset(v_uv, offsets[k].zw).xy);
    }
    float ring = fract(length(interpolateAtOffset(v_screen, vec2(0.25, -0.125)).xy) * frequency.z);
    vec4 base = interpolateAtSample(v_tint, sample_index.x);
    color = vec4(base.rgb * (0.25 + 0.1875 * sum), ring);
}
