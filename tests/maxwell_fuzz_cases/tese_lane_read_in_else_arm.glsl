#version 450
// stage: tese
// seed: 4658
// was: refused: `mov` at byte 0x758: the lane id in a tess-eval program other than as gl_TessCoord's index is not translated yet (an if's then arm ran `mov $r4 $laneid` and read gl_TessCoord by it; its else arm read `$r4`, the value from before the if, as the select on the then arm's condition that holds the lane id)
layout(quads, equal_spacing, ccw) in;
layout(location = 0) in vec4 vin[];
layout(location = 0) out vec4 vout;
layout(std430, binding = 0) readonly buffer Ints { int ints[64]; };
layout(std430, binding = 1) readonly buffer Floats { float floats[64]; };
layout(std430, binding = 2) buffer Results { uint results[]; };
layout(std140, binding = 0) uniform Params { vec4 p[4]; ivec4 q; };
layout(binding = 0) uniform sampler2D fz_tex[4];
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
    float f0 = floats[0], f1 = floats[2], f2 = floats[5], f3 = floats[10], f4 = f1 * f1 * f1, f5 = f1 + f1;
    // the body
    u0 = 1u;
    switch (((min(bitfieldExtract(((7 - ((arr[x0 & 3]) ^ (x1 & 4096))) + (2147483647 << (((gl_PrimitiveID) ^ (x1 & 16)) & 31))), 15, 12), ((-1 + (-((acc) ^ (x1 & 4096)))) + x0))) ^ x0) & 3) {
    case 0:
        arr[x0 & 3] = ((bitfieldExtract(max((-2147483647 - 1), -1), 11, 16) | gl_PrimitiveID) & findLSB((q.x >> (((bitfieldExtract(7, 6, 9)) ^ (x1 & 16)) & 31))));
    case 2:
        if (floor(((f1 - f0) - clamp(f3, -2.0, 2.0))) > vin[3].z) {
            u0 = (((255u) ^ uint(x1 & 2048)) / 256u);
            facc = (((((((x0 >= x1) ? 7 : 2147483647)) ^ x1) == ((((-2147483647 - 1) ^ 1)) ^ x0)) && (max(f4, f0) > (float((-2147483647 - 1)) * f5))) ? gl_TessCoord.x : (((f3 - y1) + clamp(textureLod(fz_tex[q.w & 3], (vec2(uvec2(i & 7u, (i >> 3u) & 7u)) + 0.5) * 0.125, 0.0).y, -2.0, 2.0)) - (f2 - (float(0u) * f5))));
            acc = bitfieldExtract((-2147483647 - 1), 8, 6);
        } else {
            arr[x0 & 3] = (-(((min((((((-2147483647 - 1)) ^ (x1 & 2048)) & 0x7fffffff) / -5), q.x) >> (((((-1 << (((acc) ^ (x1 & 16)) & 31)) ^ (gl_PrimitiveID | -100))) ^ (x1 & 16)) & 31))) ^ (x1 & 4096)));
        }
        break;
    default:
        for (int k = 0; k < 6; k++) {
            if (((((min(2147483647, x0) | (gl_PrimitiveID ^ acc)) & int((1u) ^ uint(x1 & 1024)))) ^ x1) < (((-((acc) ^ (x1 & 4096)))) ^ x0)) { break; }
            acc += k * ((int(((((((255u >> (((0u) ^ uint(x1 & 16)) & 31u))) ^ u0) < ((uint((gl_PrimitiveID) ^ (x1 & 1024))) ^ 5u)) ? uint(((-100 + -1)) ^ (x1 & 1024)) : (0u - ((0x80000000u) ^ uint(x1 & 4096))))) ^ uint(x1 & 1024))) ^ (x1 & 256));
            if ((((((q.x >> (((q.x) ^ (x1 & 16)) & 31)) & (-((q.x) ^ (x1 & 4096)))) & (max(acc, gl_PrimitiveID) + int(clamp(min(y0, 1.0e30 + abs(y0)), -1.0e6, 1.0e6))))) ^ x1) != ((int(clamp(min(y0, 1.0e30 + abs(y0)), -1.0e6, 1.0e6))) ^ x0)) { continue; }
            acc = ((((x0 < x1) ? f2 : (f0 - f0)) <= (float(x0) * f5)) ? ((((findLSB(gl_PrimitiveID)) ^ (x1 & 512)) * ((max(arr[x0 & 3], acc)) ^ (x1 & 256))) + acc) : ((((((1) ^ (x1 & 2048)) & 0x7fffffff) / 16) - (((1 | 7)) ^ (x1 & 4096))) & ((((-2147483647 - 1)) ^ (x1 & 512)) * ((((((q.x) ^ (x1 & 2048)) & 0x7fffffff) / -5)) ^ (x1 & 256)))));
        }
        break;
    }
    switch (((((arr[x0 & 3] * 7) ^ 2147483647)) ^ x0) & 3) {
    case 0:
        u0 = min(uint(clamp(min((min(texelFetch(fz_tex[q.z & 3], ivec2(uvec2(i & 7u, (i >> 3u) & 7u)), 0).x, f0) + f0), 1.0e30 + abs(y0)), 0.0, 1.0e6)), ((((((((acc) ^ (x1 & 2048)) & 0x7fffffff) / -5)) ^ x1) != (((q.x | q.x)) ^ x0)) ? (((uint(clamp(min(f4, 1.0e30 + abs(y0)), 0.0, 1.0e6))) ^ uint(x1 & 2048)) % 3u) : (255u << ((((((uint(acc ^ (x1 & 1024))) ^ uint(x1 & 2048)) / 3u)) ^ uint(x1 & 16)) & 31u))));
        break;
    case 2:
        if (((((1u) ^ u0) < ((max((u0 + 1u), 0xffffffffu)) ^ 5u)) && (((uint(clamp(min((y1 - y1), 1.0e30 + abs(y0)), 0.0, 1.0e6))) ^ u0) != ((1u) ^ 5u))) && (x1 != 1234567)) { return; }
        break;
    default:
        arr[x0 & 3] = 7;
        break;
    }
    switch (((int(clamp(min(f4, 1.0e30 + abs(y0)), -1.0e6, 1.0e6))) ^ x0) & 3) {
    case 0:
        acc = (((((-2147483647 - 1) & -1) << (((acc) ^ (x1 & 16)) & 31)) + 7) ^ ((max(7, 7) >> (((min(7, x1)) ^ (x1 & 16)) & 31)) ^ (int(clamp(min(y0, 1.0e30 + abs(y0)), -1.0e6, 1.0e6)) - ((7) ^ (x1 & 4096)))));
    case 2:
        acc = (-((x1) ^ (x1 & 4096)));
        break;
    default:
        u0 = uint(((((vin[3].z <= vin[3].z) ? (((arr[x0 & 3]) ^ (x1 & 512)) * ((gl_PrimitiveID) ^ (x1 & 256))) : (gl_PrimitiveID << (((1) ^ (x1 & 16)) & 31))) + (int(clamp(min(p[2].w, 1.0e30 + abs(y0)), -1.0e6, 1.0e6)) - ((int(clamp(min(facc, 1.0e30 + abs(y0)), -1.0e6, 1.0e6))) ^ (x1 & 4096))))) ^ (x1 & 1024));
    }
    acc = x0;
    results[at + 0u] = 255u;
    results[at + 1u] = uint(arr[x0 & 3]);
    results[at + 2u] = uint((gl_PrimitiveID * 100));
    results[at + 3u] = (((!(x0 > x1)) && (!(clamp(texelFetch(fz_tex[q.z & 3], ivec2(uvec2(i & 7u, (i >> 3u) & 7u)), 0).x, -2.0, 2.0) < (facc - f4)))) ? 1u : 0u);
    results[at + 4u] = floatBitsToUint((vin[3].z + vin[1].y));
    results[at + 5u] = (((((((max(255u, uint(acc ^ (x1 & 1024)))) ^ uint(x1 & 2048)) / 10u) >> (((((u0 << (((0u) ^ uint(x1 & 16)) & 31u)) - ((bitfieldExtract(0xffffffffu, 6, 19)) ^ uint(x1 & 4096)))) ^ uint(x1 & 16)) & 31u))) ^ uint(x1 & 2048)) / 3u);
    results[at + 6u] = (((0xffffffffu) ^ uint(x1 & 2048)) % 256u);
    results[at + 7u] = (((((((((0x80000000u + 0u)) ^ uint(x1 & 2048)) % 17u) << ((((0x80000000u << ((((1u << (((0xffffffffu) ^ uint(x1 & 16)) & 31u))) ^ uint(x1 & 16)) & 31u))) ^ uint(x1 & 16)) & 31u))) ^ u0) > (((((1u) ^ uint(x1 & 2048)) / 3u)) ^ 5u)) ? 1u : 0u);
    // the end
    vout = vec4(facc * 0.1, float(acc & 255) / 255.0, fract(y1), 1.0);
}
