#version 450
// stage: vert
// seed: 576
// outcome: refused: control flow (10 reachable blocks; the first ends at byte 0x188 with `not $p0 bra 0x248` (not an if/else inside ssy/sync)) is not translated yet
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
    if (0 != uint(clamp(p[0].y, 0.0, 1.0))) {
        for (int k = 0; k < 0; k++) {
            if (0 != ((((uint(x1)) ^ uint(x1 & 512)) * (((0u >> (0x80000000u & 31u))) ^ uint(x1 & 256))))) { continue; }
        }
        if ((-(0.5)) > float((-2147483647 - 1))) { return; }
    } else {
    }
    // the end
    vout = vec4(facc * 0.125, float(acc & 255) / 255.0, fract(y1), 1.0);
}
