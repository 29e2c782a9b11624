#version 450
// Cascaded shadow maps in a shadow array: the cascade chosen by view depth, blended
// across the seam, with a rotated Poisson disc.
layout(binding = 0) uniform sampler2DArrayShadow cascades;
layout(std140, binding = 0) uniform Split { vec4 splits; vec4 light_dir; };
layout(location = 0) in vec4 light_space[4];
layout(location = 4) in vec3 normal;
layout(location = 5) in float view_depth;
layout(location = 0) out vec4 colour;
const vec2 DISC[4] = vec2[](vec2(-0.94, -0.39), vec2(0.94, -0.77), vec2(-0.09, -0.93), vec2(0.34, 0.29));
float sample_cascade(int c) {
    vec3 p = light_space[c].xyz / light_space[c].w * 0.5 + 0.5;
    float angle = fract(sin(dot(gl_FragCoord.xy, vec2(12.9898, 78.233))) * 43758.5453) * 6.2831;
    mat2 r = mat2(cos(angle), sin(angle), -sin(angle), cos(angle));
    float lit = 0.0;
    for (int i = 0; i < 4; i++)
        lit += texture(cascades, vec4(p.xy + r * DISC[i] / 1024.0, float(c), p.z - 0.002));
    return lit * 0.25;
}
void main() {
    int c = view_depth < splits.x ? 0 : view_depth < splits.y ? 1 : view_depth < splits.z ? 2 : 3;
    float lit = sample_cascade(c);
    float edge = c < 3 ? splits[c] : splits.w;
    float blend = smoothstep(edge * 0.9, edge, view_depth);
    if (blend > 0.0 && c < 3) lit = mix(lit, sample_cascade(c + 1), blend);
    float nl = max(dot(normalize(normal), -light_dir.xyz), 0.0);
    colour = vec4(vec3(0.1 + nl * lit), 1.0);
}
