#version 450
// Shadow-map pass: alpha-tested foliage writes depth only.

layout(binding = 0) uniform sampler2D alpha_mask;

layout(location = 0) in vec2 uv;

void main() {
    if (texture(alpha_mask, uv).a < 0.5) {
        discard;
    }
}
