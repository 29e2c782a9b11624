#version 450
// stage: tese
// seed: 2
// was: refused: `attribute` a[0x60] (not a control point input): gl_PrimitiveID read as control point 0's a[0x60]
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
    u0 = ((((x0 > x1) ? max(0x80000000u, 255u) : (1u * 0u)) >> ((bitfieldExtract(uint(acc), 26, 5) % 17u) & 31u)) + 0xffffffffu);
    u0 = ((((((255u) ^ u0) >= ((uint(acc)) ^ 5u)) ? (uint(acc) / 256u) : 255u) + (((((-100) ^ x1) < ((gl_PrimitiveID) ^ x0)) ? 1u : 0u) + uint(gl_PrimitiveID))) - uint(acc));
    acc = 0;
    for (int k = 0; k < 2; k++) {
        if (max(clamp(float(x0), -2.0, 2.0), mix(y1, 0.0, 0.25)) != p[2].w) { break; }
        acc += k * x0;
        if (((255u) ^ u0) <= (((1u + (uint(1) >> (uint(clamp(p[2].w, 0.0, 1.0e6)) & 31u)))) ^ 5u)) { continue; }
        if (((q.x) ^ x1) <= (((((x1 << (x0 & 31)) - findLSB(x0)) | x1)) ^ x0)) {
            u0 = uint((((2147483647 * acc) & bitfieldExtract(x1, 19, 11)) - 7));
            arr[((min((int(clamp(0.0, -1.0e6, 1.0e6)) | 1), q.x) + ((bitfieldExtract(-1, 6, 13) * acc) - ((q.x >> (((acc) ^ (x1 & 16)) & 31)) << ((acc ^ -1) & 31))))) & 3] = bitfieldExtract((-2147483647 - 1), 15, 9);
            u0 = uint(int(((0x80000000u + uint(acc)) % 256u)));
        } else {
            u0 = max(u0, 0x80000000u);
        }
    }
    results[at + 0u] = floatBitsToUint((float(u0) + float((bitfieldExtract(u0, 6, 16) - max(255u, 255u)))));
    results[at + 1u] = uint((-((((-1 + x1) | min(arr[x0 & 3], 1)) ^ x1))));
    results[at + 2u] = uint(bitfieldExtract(-100, 6, 7));
    results[at + 3u] = floatBitsToUint(((-((((gl_TessCoord.x >= 3.0) ? vin[3].z : y0) - mix(vin[1].y, gl_TessCoord.x, 0.25)))) - min(float((u0 + u0)), float(int(uint(acc))))));
    results[at + 4u] = uint(1);
    results[at + 5u] = floatBitsToUint(clamp(((float((-2147483647 - 1)) > max(y0, gl_TessCoord.x)) ? mix(((((0xffffffffu) ^ u0) <= ((255u) ^ 5u)) ? y0 : -1.5), exp2(clamp(0.5, -8.0, 8.0)), 0.25) : ((facc + 0.5) - min(gl_TessCoord.x, 0.125))), -2.0, 2.0));
    results[at + 6u] = uint(bitfieldExtract(q.x, 27, 4));
    results[at + 7u] = ((((((((x0 == x1) ? 1u : 1u) - uint(clamp(vin[3].z, 0.0, 1.0e6))) + ((0x80000000u << (u0 & 31u)) + 0x80000000u))) ^ u0) > ((1u) ^ 5u)) ? 1u : 0u);
    // the end
    vout = vec4(facc * 0.125, float(acc & 255) / 255.0, fract(y1), 1.0);
}
