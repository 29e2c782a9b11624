#version 450
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 colour;
layout(std140, binding = 0) uniform Tint { vec4 tint; };
const float steps[4] = float[4](0.0, 0.25, 0.5, 1.0);
void main() {
    int column = int(gl_FragCoord.x) & 3;
    colour = vec4(uv.x * tint.x, uv.y * tint.y, steps[column], 1.0);
}
