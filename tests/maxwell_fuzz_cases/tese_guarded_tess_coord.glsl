#version 450
// stage: tese
// seed: 20
// was: refused: `ld` at byte 0x608: an output read other than gl_TessCoord (u, v at a[0x2f0] by the lane id) is not translated yet (gl_TessCoord read by `not $p0 ld o` through a lane id `not $p0 mov` wrote, after a `$p0` write of the register in the same arm)
layout(quads, equal_spacing, ccw) in;
layout(location = 0) in vec4 vin[];
layout(location = 0) out vec4 vout;
layout(std430, binding = 0) readonly buffer Ints { int ints[64]; };
layout(std430, binding = 1) readonly buffer Floats { float floats[64]; };
layout(std430, binding = 2) buffer Results { uint results[]; };
layout(std140, binding = 0) uniform Params { vec4 p[4]; ivec4 q; };
void main() {
    uint i = uint(gl_PrimitiveID) * 4u + uint(round(gl_TessCoord.x)) + 2u * uint(round(gl_TessCoord.y));
    gl_Position = mix(mix(gl_in[0].gl_Position, gl_in[1].gl_Position, gl_TessCoord.x), mix(gl_in[3].gl_Position, gl_in[2].gl_Position, gl_TessCoord.x), gl_TessCoord.y);
    vout = vin[0];
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
    if (((uint(acc)) ^ u0) > (((u0 - uint(acc))) ^ 5u)) { return; }
    switch (((int(clamp(mix((gl_TessCoord.x * float(0x80000000u)), ((3.0 / (abs(0.5) + 1.0)) - facc), 0.25), -1.0e6, 1.0e6))) ^ x0) & 3) {
    case 0:
        arr[x0 & 3] = ((((bitCount((-1 * ((2147483647) ^ (x1 & 256))))) & 0x7fffffff) / -5) * (((int(clamp(clamp(y0, -2.0, 2.0), -1.0e6, 1.0e6)) >> (((max((-2147483647 - 1), max(7, acc))) ^ (x1 & 16)) & 31))) ^ (x1 & 256)));
        break;
    case 2:
        facc = (gl_TessCoord.x - ((x0 != x1) ? (p[2].w - mix(0.0, facc, 0.25)) : (((x0 < x1) ? vin[3].z : gl_TessCoord.x) + sign(vin[1].y))));
        break;
    default:
        if (((bitfieldExtract(bitCount((x1 | gl_PrimitiveID)), 21, 3)) ^ x1) >= ((q.x) ^ x0)) {
        } else {
        }
    }
    // the end
    vout = vec4(facc * 0.125, float(acc & 255) / 255.0, fract(y1), 1.0);
}
