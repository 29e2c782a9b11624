#version 460
// A loop with a `break` inside one arm of an if/else, and a `return` from inside a loop
// in the other; trip counts and exits from integer pixel coordinates.
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 colour;
layout(std140, binding = 0) uniform Params { vec4 k; };
void main() {
    ivec2 p = ivec2(gl_FragCoord.xy);
    vec4 c = vec4(0.1, 0.2, 0.3, 1.0);
    if ((p.x & 8) != 0) {
        for (int i = 0; i < (p.y & 7) + 1; i++) {
            c.x += uv.x * k.x;
            if (i == (p.x & 3)) break;
        }
    } else {
        for (int j = p.y & 15; j > 0; j--) {
            c.y += uv.y * k.y;
            if (j == (p.x & 7)) {
                colour = vec4(c.y, 0.9, uv.x, 1.0);
                return;
            }
        }
    }
    colour = c;
}
