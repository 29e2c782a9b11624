#version 450
// stage: tese
// seed: 104
// was: refused: `mov` at byte 0x778: the lane id in a tess-eval program other than as gl_TessCoord's index is not translated yet (the lane id `mov` wrote before the `brk` that leaves the `pret` region's loop, in a register nothing reads after it, was kept as a value the loop carries out)
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
    arr[x0 & 3] = ((!((0.0 * y0) != float(q.x))) ? max(gl_PrimitiveID, (((int(1u)) ^ (x1 & 512)) * (((arr[x0 & 3] * 7)) ^ (x1 & 256)))) : (acc >> (((bitCount(acc)) ^ (x1 & 16)) & 31)));
    facc = (abs((((3.0 == 3.0) ? y1 : y0) + max(p[2].w, vin[3].z))) + (((x0 != x1) ? float(1) : 0.125) + -1.5));
    if ((((((((((255u) ^ uint(x1 & 512)) * ((255u) ^ uint(x1 & 256)))) ^ uint(x1 & 512)) * ((uint(acc)) ^ uint(x1 & 256))) / 256u)) ^ u0) != ((bitfieldExtract(uint(clamp(vin[3].z, 0.0, 1.0e6)), 26, 5)) ^ 5u)) { return; }
    switch ((((((int(clamp((exp2(clamp(y0, -8.0, 8.0)) * (-1.5 * gl_TessCoord.x)), -1.0e6, 1.0e6))) & 0x7fffffff) / 3)) ^ x0) & 3) {
    case 0:
        if (clamp((-1.5 * (p[1].y + 3.0)), -2.0, 2.0) == (clamp((vin[1].y + y1), -2.0, 2.0) * 0.0)) { return; }
            facc = gl_TessCoord.x;
        break;
        if ((((((((2147483647) ^ x1) == ((acc) ^ x0)) ? (((0x80000000u) ^ uint(x1 & 512)) * ((0x80000000u) ^ uint(x1 & 256))) : (1u % 3u)) / 3u)) ^ u0) >= ((uint(((x1 | x0) + (((gl_PrimitiveID) & 0x7fffffff) / -5)))) ^ 5u)) {
        } else {
        }
    }
    // the end
    vout = vec4(facc * 0.125, float(acc & 255) / 255.0, fract(y1), 1.0);
}
