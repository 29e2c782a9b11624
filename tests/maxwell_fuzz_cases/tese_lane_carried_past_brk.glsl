#version 450
// stage: tese
// seed: 12188
// was: refused: `mov` at byte 0x708: the lane id in a tess-eval program other than as gl_TessCoord's index is not translated yet (`mov $r4 $laneid`, `ld o a[0x2f0] $r4`, `brk`: the loop carried `$r4`, the lane id, past its end, where another arm's code read the register)
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
    switch ((((-100 + (findMSB((acc >> (((arr[x0 & 3]) ^ (x1 & 16)) & 31))) | int(clamp(min((-(f0)), 1.0e30 + abs(y0)), -1.0e6, 1.0e6))))) ^ x0) & 3) {
    case 0:
        switch ((((((((arr[x0 & 3]) ^ (x1 & 2048)) & 0x7fffffff) / 16) & (x0 | (q.x << ((((acc | (-2147483647 - 1))) ^ (x1 & 16)) & 31))))) ^ x0) & 3) {
        case 0:
            facc = (f3 - (f1 - max((float(arr[x0 & 3]) * f5), (f4 * min(y0, 1.0e30 + abs(y0))))));
            break;
        case 2:
            acc = -100;
        default:
            facc = gl_TessCoord.x;
            break;
        }
        break;
    case 2:
        arr[x0 & 3] = (((gl_PrimitiveID) ^ (x1 & 512)) * (((bitfieldExtract(q.x, 12, 12) - (((-2147483647 - 1)) ^ (x1 & 4096)))) ^ (x1 & 256)));
    default:
        switch (((0) ^ x0) & 3) {
        case 0:
            acc = arr[x0 & 3];
            break;
        case 2:
            u0 = 0x80000000u;
        default:
            arr[x0 & 3] = ((((x0) ^ (x1 & 2048)) & 0x7fffffff) / 7);
            break;
        }
        break;
    }
    arr[x0 & 3] = ((((arr[x0 & 3] | 7) | findLSB(2147483647)) + int(clamp(min((textureGather(fz_tex[(q.z + 1) & 3], vec2(0.375, 0.625), 2).w * min(f0, 1.0e30 + abs(y0))), 1.0e30 + abs(y0)), -1.0e6, 1.0e6))) ^ int((((x0 > x1) ? 1u : (u0 >> (((0u) ^ uint(x1 & 16)) & 31u)))) ^ uint(x1 & 1024)));
    if (!(((((((((0x80000000u) ^ uint(x1 & 2048)) % 256u)) ^ uint(x1 & 2048)) / 256u)) ^ u0) < ((bitfieldExtract(0xffffffffu, 21, 9)) ^ 5u))) {
        facc = min(f4, f0);
        switch (((7) ^ x0) & 3) {
        case 0:
            arr[x0 & 3] = int((((x0 != x1) ? uint(((7 & gl_PrimitiveID)) ^ (x1 & 1024)) : 1u)) ^ uint(x1 & 1024));
        case 2:
            acc = (int(clamp(min((((f4 > y0) ? y1 : y0) + (y0 + facc)), 1.0e30 + abs(y0)), -1.0e6, 1.0e6)) + max(bitCount(((((1) ^ (x1 & 2048)) & 0x7fffffff) / 7)), ((x0 != x1) ? (x1 ^ q.x) : ((-2147483647 - 1) * 3))));
            break;
        default:
            arr[x0 & 3] = q.x;
            break;
        }
        facc = max(min(((float(255u) * f5) - min(textureGather(fz_tex[(q.z + 1) & 3], vec2(0.375, 0.625), 2).w, y0)), (roundEven(min(y0, 1.0e30 + abs(y0))) + f1)), p[2].w);
    } else {
        acc = ((((gl_PrimitiveID * 3) + 1) * 100) | -100);
    }
    for (int k = 0; k < 2; k++) {
        if (!(!(x0 <= x1))) { break; }
        acc += k * ((((((-((((7 >> (((q.x) ^ (x1 & 16)) & 31)) >> ((((1 + 2147483647)) ^ (x1 & 16)) & 31))) ^ (x1 & 4096)))) ^ (x1 & 512)) * ((int(clamp(min(((float(x0) * f5) - (f3 - f2)), 1.0e30 + abs(y0)), -1.0e6, 1.0e6))) ^ (x1 & 256)))) ^ (x1 & 256));
        if ((((((uint(((gl_PrimitiveID << (((-100) ^ (x1 & 16)) & 31))) ^ (x1 & 1024))) ^ uint(x1 & 512)) * ((uint(clamp(min(f1, 1.0e30 + abs(y0)), 0.0, 1.0e6))) ^ uint(x1 & 256)))) ^ u0) > ((((max(0x80000000u, 0xffffffffu) - ((max(0u, 0x80000000u)) ^ uint(x1 & 4096))) + uint(acc ^ (x1 & 1024)))) ^ 5u)) { continue; }
        switch (((0) ^ x0) & 3) {
        case 0:
            arr[x0 & 3] = q.x;
            break;
        case 2:
            arr[x0 & 3] = (acc - (((min((arr[x0 & 3] | q.x), (-((gl_PrimitiveID) ^ (x1 & 4096)))) | (-(((q.x - ((1) ^ (x1 & 4096)))) ^ (x1 & 4096))))) ^ (x1 & 4096)));
        default:
            acc = int((((((uint(clamp(min(texelFetch(fz_tex[q.z & 3], ivec2(uvec2(i & 7u, (i >> 3u) & 7u)), 0).x, 1.0e30 + abs(y0)), 0.0, 1.0e6))) ^ u0) >= ((uint(clamp(min(f1, 1.0e30 + abs(y0)), 0.0, 1.0e6))) ^ 5u)) ? ((1u - ((uint(acc ^ (x1 & 1024))) ^ uint(x1 & 4096))) << ((((((1u) ^ uint(x1 & 2048)) / 3u)) ^ uint(x1 & 16)) & 31u)) : uint((arr[x0 & 3]) ^ (x1 & 1024)))) ^ uint(x1 & 1024));
        }
    }
    results[at + 0u] = ((!(((((((0xffffffffu >> (((uint(acc ^ (x1 & 1024))) ^ uint(x1 & 16)) & 31u))) ^ uint(x1 & 2048)) % 3u)) ^ u0) < (((((u0) ^ uint(x1 & 2048)) / 256u)) ^ 5u))) ? 1u : 0u);
    results[at + 1u] = (((((((1u) ^ uint(x1 & 2048)) % 3u)) ^ u0) == (((bitfieldExtract(1u, 19, 12) >> (((1u) ^ uint(x1 & 16)) & 31u))) ^ 5u)) ? 1u : 0u);
    results[at + 2u] = uint(2147483647);
    results[at + 3u] = floatBitsToUint((((x0 >= x1) ? ((float(x1) * f5) * min(f3, 1.0e30 + abs(y0))) : y0) - p[1].y));
    results[at + 4u] = uint(clamp(min(((min(y0, vin[3].z) + (f0 - vin[1].y)) * min(textureGather(fz_tex[(q.z + 1) & 3], vec2(0.375, 0.625), 2).w, 1.0e30 + abs(y0))), 1.0e30 + abs(y0)), 0.0, 1.0e6));
    results[at + 5u] = uint(((-((-100) ^ (x1 & 4096))) >> (((int(clamp(min(clamp(y0, -2.0, 2.0), 1.0e30 + abs(y0)), -1.0e6, 1.0e6))) ^ (x1 & 16)) & 31)));
    results[at + 6u] = ((((textureLod(fz_tex[q.w & 3], (vec2(uvec2(i & 7u, (i >> 3u) & 7u)) + 0.5) * 0.125, 0.0).y >= f2) ? (((255u) ^ uint(x1 & 512)) * ((0x80000000u) ^ uint(x1 & 256))) : (u0 + u0)) >> ((((((((uint(acc ^ (x1 & 1024))) ^ u0) == ((u0) ^ 5u)) ? 255u : u0) + uint(clamp(min(y0, 1.0e30 + abs(y0)), 0.0, 1.0e6)))) ^ uint(x1 & 16)) & 31u)) - (((((u0) ^ uint(x1 & 2048)) / 256u)) ^ uint(x1 & 4096)));
    results[at + 7u] = max((0x80000000u + max(((f2 <= f0) ? 0x80000000u : u0), bitfieldExtract(0u, 16, 11))), 0u);
    // the end
    vout = vec4(facc * 0.1, float(acc & 255) / 255.0, fract(y1), 1.0);
}
