#version 450
// stage: vert
// seed: 576
// outcome: refused: control flow (12 reachable blocks; the first ends at byte 0x248 with `not $p0 bra 0x490` (not an if/else inside ssy/sync)) is not translated yet
layout(location = 0) in vec4 attr;
layout(location = 0) out vec4 vout;
layout(std430, binding = 0) readonly buffer Ints { int ints[64]; };
layout(std430, binding = 1) readonly buffer Floats { float floats[64]; };
layout(std430, binding = 2) buffer Results { uint results[]; };
layout(std140, binding = 0) uniform Params { vec4 p[4]; ivec4 q; };
void main() {
    uint i = uint(gl_VertexID);
    gl_Position = vec4(float(i & 7u) * 0.25 - 0.875, float(i >> 3u) * 0.25 - 0.875, 0.0, 1.0);
    gl_PointSize = 1.0;
    vout = attr;
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
    if ((((((0xffffffffu << (0xffffffffu & 31u)) / 10u)) ^ u0) != ((((0u >> (0x80000000u & 31u)) - uint(clamp(p[1].y, 0.0, 1.0e6)))) ^ 5u)) && (3.0 != y1)) {
        for (int k = 0; k < 5; k++) {
            if (!((((int(u0) >> ((((7 << (-100 & 31))) ^ (x1 & 16)) & 31))) ^ x1) < (((bitfieldExtract(acc, 8, 6) + (2147483647 << (q.x & 31)))) ^ x0))) { break; }
            acc += k * ((((((-100 - 2147483647) & arr[x0 & 3]) | min((q.x & 1), (7 & 1))) ^ x0)) ^ (x1 & 256));
            if (!(((bitfieldExtract((uint(acc) % 17u), 10, 10)) ^ u0) != (((uint(x1) * (0u >> (0x80000000u & 31u)))) ^ 5u))) { continue; }
            acc = (arr[x0 & 3] - bitCount((((((7) ^ x1) != (((-2147483647 - 1)) ^ x0)) ? 1 : 1) * 3)));
        }
        if ((-(0.5)) > float((-2147483647 - 1))) { return; }
        switch ((((-((int((0xffffffffu >> (u0 & 31u))) - -100)))) ^ x0) & 3) {
        case 0:
            u0 = 0x80000000u;
        }
    } else {
    }
    // the end
    vout = vec4(facc * 0.125, float(acc & 255) / 255.0, fract(y1), 1.0);
}
