#version 460
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 colour;
layout(std140, binding = 0) uniform Params { vec4 cut; };
void main() {
    if (uv.x * uv.y < cut.x) discard;
    float r = uv.x - cut.y;
    if (r > 0.0) {
        if (r * r > cut.z) discard;
    }
    colour = vec4(uv, cut.w, 1.0);
}
