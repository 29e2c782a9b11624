#version 450
// stage: frag
// seed: 1006
// was: refused: `cbuf` at byte 0x0: constant buffer c0 (the driver's constants) is not translated yet (registers past the colour target's written components, a storage address's high word among them, counted as outputs)
layout(location = 0) in vec4 v0;
layout(location = 1) flat in vec4 v1;
layout(location = 2) noperspective in vec4 v2;
layout(location = 0) out vec4 colour;
layout(std430, binding = 0) readonly buffer Ints { int ints[64]; };
layout(std430, binding = 1) readonly buffer Floats { float floats[64]; };
layout(std430, binding = 2) buffer Results { uint results[]; };
layout(std140, binding = 0) uniform Params { vec4 p[4]; ivec4 q; };
void main() {
    uint i = uint(gl_FragCoord.y) * 8u + uint(gl_FragCoord.x);
    float d0 = dFdx(v0.x * v2.y) + dFdy(v0.y) * 0.5 + fwidth(v2.x);
    colour = vec4(v0.xy * 0.25, d0, 1.0);
    uint at = i * 8u;
    int x0 = ints[i];
    int x1 = ints[(i * 7u + 3u) & 63u];
    uint u0 = uint(ints[(i + 11u) & 63u]);
    float y0 = floats[i];
    float y1 = floats[(i * 5u + 1u) & 63u];
    int acc = x0;
    float facc = y0;
    int arr[4] = int[4](x1, q.y, 3, -7);
    // the body
    // the end
    colour = vec4(facc * 0.125, float(acc & 255) / 255.0, fract(y1), 1.0);
}
