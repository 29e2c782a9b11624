#version 450
// Full-screen pass: tone-maps the scene texture (slot 0) with a bloom texture (slot 3).

layout(binding = 0) uniform sampler2D scene;
layout(binding = 3) uniform sampler2D bloom;

layout(std140, binding = 0) uniform Grade {
    float exposure;
    float bloom_strength;
} grade;

layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 colour;

void main() {
    vec3 hdr = texture(scene, uv).rgb + grade.bloom_strength * texture(bloom, uv).rgb;
    vec3 mapped = vec3(1.0) - exp(-hdr * grade.exposure);
    colour = vec4(pow(mapped, vec3(1.0 / 2.2)), 1.0);
}
