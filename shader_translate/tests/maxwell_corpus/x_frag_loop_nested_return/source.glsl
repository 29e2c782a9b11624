#version 460
// An early return from an if, then a while loop with a do/while nested in it.
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 colour;
layout(std140, binding = 0) uniform Params { vec4 k; };
void main() {
    ivec2 p = ivec2(gl_FragCoord.xy);
    if (((p.x ^ p.y) & 7) == 0) {
        colour = vec4(k.x, 0.0, 1.0, 1.0);
        return;
    }
    float s = 0.0;
    int i = p.x;
    while (i > 0) {
        int j = 0;
        do {
            s += uv.y * 0.01 * k.y;
            j++;
        } while (j < (i & 3));
        i -= 5;
    }
    colour = vec4(s, uv.x, float(p.y & 15) / 15.0, 1.0);
}
