#version 450
// Inputs read at the centroid (what a multisampled game's `centroid in` varyings are,
// against texture bleeding at polygon edges) beside one read at the centre.
layout(std140, binding = 0) uniform Shade { vec4 tint_scale; vec4 offset; };
layout(location = 0) centroid in vec4 tint;
layout(location = 1) centroid in vec2 uv;
layout(location = 2) in vec3 normal;
layout(location = 0) out vec4 colour;
void main() {
    vec3 n = normalize(normal);
    float light = max(dot(n, normalize(offset.xyz + vec3(0.2, 0.5, 0.8))), 0.0);
    colour = vec4(tint.rgb * tint_scale.rgb * light + vec3(fract(uv * 4.0), 0.0) * 0.25, tint.a);
}
