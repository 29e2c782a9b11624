#version 450
// stage: tese
// seed: 11714
// was: refused: `mov` at byte 0xa70: the lane id in a tess-eval program other than as gl_TessCoord's index is not translated yet (`@p mov $r0 $laneid`, `@p ld o a[0x2f0] $r0`, then `@!p` writes to `$r0` and a `cont`: the loop carried `$r0`, the lane id where p held, into its next iteration and past its end)
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
    if ((((bitfieldExtract(((u0 + 0xffffffffu) >> (((0u) ^ uint(x1 & 16)) & 31u)), 23, 3)) ^ u0) != ((min(uint(clamp(min((f1 + vin[1].y), 1.0e30 + abs(y0)), 0.0, 1.0e6)), uint(acc ^ (x1 & 1024)))) ^ 5u)) && (x1 != 1234567)) { return; }
    switch ((((acc >> (((int((((1u >> (((1u) ^ uint(x1 & 16)) & 31u)) + (255u >> (((0xffffffffu) ^ uint(x1 & 16)) & 31u)))) ^ uint(x1 & 1024))) ^ (x1 & 16)) & 31))) ^ x0) & 3) {
    case 0:
        for (int k = 0; k < 5; k++) {
            if (!(((bitCount((1 << (((arr[x0 & 3]) ^ (x1 & 16)) & 31)))) ^ x1) <= ((int(clamp(min((y1 - p[2].w), 1.0e30 + abs(y0)), -1.0e6, 1.0e6))) ^ x0))) { break; }
            acc += k * ((((((q.x | 0) & ((((7) ^ (x1 & 2048)) & 0x7fffffff) / -5)) >> (((((x0 ^ x0) + (-((x0) ^ (x1 & 4096))))) ^ (x1 & 16)) & 31)) << (((arr[x0 & 3]) ^ (x1 & 16)) & 31))) ^ (x1 & 256));
            if (((((-((x0) ^ (x1 & 4096))) >> (((x1) ^ (x1 & 16)) & 31))) ^ x1) == (((((x0 < x1) ? -1 : 2147483647) | (arr[x0 & 3] << ((((1 << (((1) ^ (x1 & 16)) & 31))) ^ (x1 & 16)) & 31)))) ^ x0)) { continue; }
            facc = (((float(uint(acc ^ (x1 & 1024))) * f5) < floor(clamp(y0, -2.0, 2.0))) ? gl_TessCoord.x : textureGather(fz_tex[(q.z + 1) & 3], vec2(0.375, 0.625), 2).w);
        }
        break;
    case 2:
        arr[x0 & 3] = int(clamp(min((((f2 - f1) * min(f4, 1.0e30 + abs(y0))) * min((f4 - (-(f3))), 1.0e30 + abs(y0))), 1.0e30 + abs(y0)), -1.0e6, 1.0e6));
    default:
        u0 = 0x80000000u;
    }
    facc = max((((-(f1)) * min((textureLod(fz_tex[q.w & 3], (vec2(uvec2(i & 7u, (i >> 3u) & 7u)) + 0.5) * 0.125, 0.0).y - f4), 1.0e30 + abs(y0))) * min(((float(0xffffffffu) * f5) * min(clamp(f0, -2.0, 2.0), 1.0e30 + abs(y0))), 1.0e30 + abs(y0))), (-(((-(facc)) + (-(textureLod(fz_tex[q.w & 3], (vec2(uvec2(i & 7u, (i >> 3u) & 7u)) + 0.5) * 0.125, 0.0).y))))));
    if (!((vin[1].y + ((x0 >= x1) ? vin[1].y : f2)) == (max(vin[1].y, f2) - (y1 + facc)))) {
        if (((x0 <= x1) && (((((((acc) ^ (x1 & 2048)) & 0x7fffffff) / -5)) ^ x1) >= ((min(-100, -1)) ^ x0))) && (!((f2 * min(f0, 1.0e30 + abs(y0))) < (f4 + f2)))) {
            arr[x0 & 3] = ((((((1) ^ x1) == ((2147483647) ^ x0)) ? arr[x0 & 3] : -1) ^ (-((((((gl_PrimitiveID) ^ (x1 & 2048)) & 0x7fffffff) / 7)) ^ (x1 & 4096)))) - ((max(-100, int(((((0xffffffffu) ^ uint(x1 & 2048)) % 10u)) ^ uint(x1 & 1024)))) ^ (x1 & 4096)));
            acc = bitfieldExtract(int(clamp(min(((float(arr[x0 & 3]) * f5) - p[1].y), 1.0e30 + abs(y0)), -1.0e6, 1.0e6)), 19, 6);
            arr[x0 & 3] = (((clamp(f2, -2.0, 2.0) != clamp(facc, -2.0, 2.0)) ? (-((int(clamp(min(f0, 1.0e30 + abs(y0)), -1.0e6, 1.0e6))) ^ (x1 & 4096))) : (((((1) ^ (x1 & 2048)) & 0x7fffffff) / 1000) >> ((((-100 | q.x)) ^ (x1 & 16)) & 31))) << (((((((((-((7) ^ (x1 & 4096))) << ((((-((7) ^ (x1 & 4096)))) ^ (x1 & 16)) & 31))) ^ (x1 & 2048)) & 0x7fffffff) / -5)) ^ (x1 & 16)) & 31));
        } else {
            arr[x0 & 3] = (-2147483647 - 1);
        }
    } else {
        switch (((2147483647) ^ x0) & 3) {
        case 0:
            arr[x0 & 3] = int((uint(clamp(min(texelFetch(fz_tex[q.z & 3], ivec2(uvec2(i & 7u, (i >> 3u) & 7u)), 0).x, 1.0e30 + abs(y0)), 0.0, 1.0e6))) ^ uint(x1 & 1024));
        case 2:
            facc = ((!(((int(clamp(min(f4, 1.0e30 + abs(y0)), -1.0e6, 1.0e6))) ^ x1) <= (((-100 >> (((-100) ^ (x1 & 16)) & 31))) ^ x0))) ? f4 : max(((texelFetch(fz_tex[q.z & 3], ivec2(uvec2(i & 7u, (i >> 3u) & 7u)), 0).x - f1) * min(f1, 1.0e30 + abs(y0))), f1));
            break;
        default:
            arr[x0 & 3] = (gl_PrimitiveID & min(q.x, ((((0u) ^ u0) <= ((255u) ^ 5u)) ? bitfieldExtract(q.x, 1, 11) : (((gl_PrimitiveID) ^ (x1 & 512)) * ((1) ^ (x1 & 256))))));
            break;
        }
    }
    results[at + 0u] = ((((((max(uint((x1) ^ (x1 & 1024)), u0)) ^ uint(x1 & 2048)) % 3u)) ^ uint(x1 & 2048)) / 256u);
    results[at + 1u] = min(bitfieldExtract(((((uint(acc ^ (x1 & 1024)) >> (((uint(acc ^ (x1 & 1024))) ^ uint(x1 & 16)) & 31u))) ^ uint(x1 & 2048)) % 3u), 22, 7), bitfieldExtract((u0 << (((uint(clamp(min(f0, 1.0e30 + abs(y0)), 0.0, 1.0e6))) ^ uint(x1 & 16)) & 31u)), 1, 19));
    results[at + 2u] = ((((255u << (((0u) ^ uint(x1 & 16)) & 31u)) + bitfieldExtract(0xffffffffu, 14, 16)) + bitfieldExtract(uint(clamp(min(f0, 1.0e30 + abs(y0)), 0.0, 1.0e6)), 23, 6)) + 0u);
    results[at + 3u] = ((u0 >> (((((0u >> (((255u) ^ uint(x1 & 16)) & 31u)) + ((((0u) ^ u0) != ((1u) ^ 5u)) ? 1u : 0u))) ^ uint(x1 & 16)) & 31u)) << ((((((((((0xffffffffu) ^ uint(x1 & 2048)) / 17u) >> ((((((0x80000000u) ^ uint(x1 & 512)) * ((0xffffffffu) ^ uint(x1 & 256)))) ^ uint(x1 & 16)) & 31u))) ^ uint(x1 & 2048)) % 3u)) ^ uint(x1 & 16)) & 31u));
    results[at + 4u] = uint((x0) ^ (x1 & 1024));
    results[at + 5u] = 255u;
    results[at + 6u] = ((((-100) ^ x1) >= ((findLSB(0)) ^ x0)) ? 1u : 0u);
    results[at + 7u] = uint((1 + (-(((min(7, 7) << (((int((0x80000000u) ^ uint(x1 & 1024))) ^ (x1 & 16)) & 31))) ^ (x1 & 4096)))));
    // the end
    vout = vec4(facc * 0.1, float(acc & 255) / 255.0, fract(y1), 1.0);
}
