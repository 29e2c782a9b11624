#version 450
// MSAA-aware silhouette shading: the share of the pixel's samples the primitive covers
// marks its edges (a resolve-free edge highlight), and the sample being shaded jitters a
// stripe pattern along the surface.
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;
layout(std140, binding = 0) uniform Params {
    vec4 tint;
    vec4 edge_color;
    float sample_count;
    float stripes;
};
void main() {
    int covered = bitCount(gl_SampleMaskIn[0]);
    float coverage = clamp(float(covered) / max(sample_count, 1.0), 0.0, 1.0);
    float jitter = float(gl_SampleID) * 0.25;
    float stripe = step(0.5, fract(uv.x * stripes + jitter));
    vec3 base = tint.rgb * vec3(uv, 1.0 - uv.x) * (0.5 + 0.5 * stripe);
    color = vec4(mix(edge_color.rgb * uv.y, base, coverage), coverage);
}
