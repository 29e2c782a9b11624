#version 450
// stage: tese
// seed: 1046
// outcome: hangs on NVIDIA 580.159.04 (H100) in the translated module; agrees on lavapipe
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
    if ((vin[3].z >= (clamp(y1, -2.0, 2.0) - (0.0 + y0))) && (((0u) ^ u0) != ((uint(clamp(y0, 0.0, 1.0e6))) ^ 5u))) {
        arr[x0 & 3] = int(clamp(((x0 > x1) ? sqrt(abs((vin[3].z + 0.125))) : float((u0 - 0u))), -1.0e6, 1.0e6));
    } else {
        for (int k = 0; k < 1; k++) {
            if ((((((acc << (arr[x0 & 3] & 31)) + (arr[x0 & 3] & q.x))) ^ x1) == ((arr[x0 & 3]) ^ x0)) && (((((x0 | gl_PrimitiveID) << (1 & 31))) ^ x1) == ((((((gl_PrimitiveID >> (((-1) ^ (x1 & 16)) & 31))) ^ (x1 & 512)) * (((acc << (acc & 31))) ^ (x1 & 256)))) ^ x0))) { break; }
            acc += k * ((((((uint(q.x)) ^ u0) != ((uint(clamp(mix(3.0, -1.5, 0.25), 0.0, 1.0e6))) ^ 5u)) ? findLSB(acc) : bitfieldExtract((-(findMSB(arr[x0 & 3]))), 4, 24))) ^ (x1 & 256));
            if (((bitfieldExtract((((0x80000000u) ^ uint(x1 & 512)) * (((((uint(acc)) ^ uint(x1 & 512)) * ((255u) ^ uint(x1 & 256)))) ^ uint(x1 & 256))), 17, 11)) ^ u0) < ((1u) ^ 5u)) { continue; }
            acc = acc;
        }
    }
    if ((0.5 * floor(max(0.0, 0.5))) <= trunc(((-(y0)) * (vin[3].z - y1)))) {
        u0 = (0u % 17u);
        facc = sign(0.5);
        for (int k = 0; k < 5; k++) {
            if (y1 <= (-(max(y0, 0.125)))) { break; }
            acc += k * (((-(min(bitfieldExtract(q.x, 7, 22), x0)))) ^ (x1 & 256));
            if (((x1) ^ x1) <= ((x1) ^ x0)) { continue; }
            acc = findLSB(((bitfieldExtract(x1, 12, 11) * 7) - ((-2147483647 - 1) * 3)));
        }
    } else {
        arr[x0 & 3] = max(((int(uint(acc)) << ((7 << (gl_PrimitiveID & 31)) & 31)) + findMSB((7 >> (((-100) ^ (x1 & 16)) & 31)))), (bitfieldExtract(x0, 16, 4) & 7));
    }
    for (int k = 0; k < 1; k++) {
        if (((max(bitfieldExtract(uint(acc), 13, 15), ((x0 != x1) ? uint(1) : (((0xffffffffu) ^ uint(x1 & 512)) * ((1u) ^ uint(x1 & 256)))))) ^ u0) == ((((0u % 17u) % 256u)) ^ 5u)) { break; }
        acc += k * (((int(clamp(y1, -1.0e6, 1.0e6)) + (((1 & 1) >> (((-1) ^ (x1 & 16)) & 31)) & bitfieldExtract(arr[x0 & 3], 21, 1)))) ^ (x1 & 256));
        if ((min(mix(0.0, 3.0, 0.25), p[1].y) * (float(0) - max(gl_TessCoord.x, p[2].w))) >= vin[3].z) { continue; }
        u0 = max(1u, (((u0 >> (0x80000000u & 31u)) + bitfieldExtract(0xffffffffu, 9, 5)) - (((255u) ^ uint(x1 & 512)) * ((0xffffffffu) ^ uint(x1 & 256)))));
    }
    results[at + 0u] = floatBitsToUint(mix((p[1].y + (-(clamp(facc, -2.0, 2.0)))), clamp((gl_TessCoord.x * vin[1].y), -2.0, 2.0), 0.25));
    results[at + 1u] = uint(((((x0) & 0x7fffffff) / 3) - 1));
    results[at + 2u] = ((max(min(u0, 255u), u0) << ((uint(clamp(0.0, 0.0, 1.0e6)) % 3u) & 31u)) % 10u);
    results[at + 3u] = (0xffffffffu / 17u);
    results[at + 4u] = ((!(((uint((-2147483647 - 1))) ^ u0) > ((0u) ^ 5u))) ? 1u : 0u);
    results[at + 5u] = ((((((arr[x0 & 3] - -1)) ^ x1) <= (((2147483647 - acc)) ^ x0)) ? bitfieldExtract((0xffffffffu % 10u), 3, 26) : min(uint(clamp(p[2].w, 0.0, 1.0e6)), (((0u) ^ uint(x1 & 512)) * ((uint(acc)) ^ uint(x1 & 256))))) - (((255u) ^ uint(x1 & 512)) * ((((((arr[x0 & 3]) ^ x1) >= ((acc) ^ x0)) ? (0x80000000u - 0x80000000u) : (0u >> (0u & 31u)))) ^ uint(x1 & 256))));
    results[at + 6u] = (((((int(clamp(mix(0.5, 0.125, 0.25), -1.0e6, 1.0e6))) ^ x1) > ((int(clamp(clamp(gl_TessCoord.x, -2.0, 2.0), -1.0e6, 1.0e6))) ^ x0)) && (float(0x80000000u) == y0)) ? 1u : 0u);
    results[at + 7u] = uint(acc);
    // the end
    vout = vec4(facc * 0.125, float(acc & 255) / 255.0, fract(y1), 1.0);
}
