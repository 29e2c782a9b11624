#version 460
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 colour;
layout(std140, binding = 0) uniform Params { vec4 split; vec4 tint; };
void main() {
    vec4 c;
    if (uv.x > split.x) {
        if (uv.y > split.y) {
            c = vec4(normalize(vec3(uv, split.z)), 1.0) * tint;
        } else {
            c = vec4(0.1, inversesqrt(uv.y + 0.5), exp2(uv.x), 1.0) * tint.yzxw;
        }
    } else {
        float s = sqrt(uv.x + uv.y);
        c = vec4(s, log2(uv.y + 1.0), s * uv.x, 1.0) * tint.zxyw;
    }
    colour = c;
}
