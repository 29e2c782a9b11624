#version 460
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 colour;
layout(std140, binding = 1) uniform Shade { vec4 tint; float gain; };
void main() {
    float d = uv.x * uv.y;
    colour = vec4(uv * tint.xy, clamp(d * gain, 0.0, 1.0), max(uv.x, 1.0 - uv.y) * tint.w);
}
