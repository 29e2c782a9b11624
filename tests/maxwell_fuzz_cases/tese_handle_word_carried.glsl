#version 450
// stage: tese
// seed: 2012
// was: refused (`cbuf` c0): a texture-handle word loaded under a guard in a loop, carried by the loop as a register value
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
    float f0 = 0.0, f1 = 0.5, f2 = -1.5, f3 = 3.0, f4 = 0.125, f5 = 1.0;
    // the body
    u0 = (((((((((uint((0) ^ (x1 & 1024))) ^ uint(x1 & 2048)) / 10u)) ^ uint(x1 & 2048)) / 256u)) ^ uint(x1 & 512)) * ((255u) ^ uint(x1 & 256)));
    switch (((abs(x0)) ^ x0) & 3) {
    case 0:
        acc = (((((abs(1)) ^ (x1 & 2048)) & 0x7fffffff) / 1000) + (-2147483647 - 1));
    case 2:
        if ((!(((((uint(acc ^ (x1 & 1024)) - ((uint(acc ^ (x1 & 1024))) ^ uint(x1 & 4096))) + 255u)) ^ u0) > ((uint((-100) ^ (x1 & 1024))) ^ 5u))) && (x1 != 1234567)) { return; }
        break;
    default:
        if ((((float((x0 & 2147483647)) * f5) == (float(int(clamp(f1, -1.0e6, 1.0e6))) * f5)) && ((f1 - y0) < texelFetch(fz_tex[q.z & 3], ivec2(uvec2(i & 7u, (i >> 3u) & 7u)), 0).x)) && (x1 != 1234567)) { return; }
        break;
    }
    acc = ((gl_PrimitiveID + (gl_PrimitiveID - ((int(clamp(gl_TessCoord.x, -1.0e6, 1.0e6))) ^ (x1 & 4096)))) >> ((((((x1 >> (((-1) ^ (x1 & 16)) & 31)) >> (((((((q.x) ^ (x1 & 2048)) & 0x7fffffff) / 16)) ^ (x1 & 16)) & 31)) ^ arr[x0 & 3])) ^ (x1 & 16)) & 31));
    switch ((((x0 & -1)) ^ x0) & 3) {
    case 0:
        u0 = bitfieldExtract(0xffffffffu, 17, 15);
        break;
    case 2:
        arr[x0 & 3] = 2147483647;
    default:
        if (((abs((((-2147483647 - 1) - ((-100) ^ (x1 & 4096))) - (((7 >> (((-1) ^ (x1 & 16)) & 31))) ^ (x1 & 4096))))) ^ x1) >= (((gl_PrimitiveID - (((((((-2147483647 - 1)) ^ (x1 & 512)) * ((2147483647) ^ (x1 & 256))) >> (((7) ^ (x1 & 16)) & 31))) ^ (x1 & 4096)))) ^ x0)) {
            u0 = ((((uint((q.x) ^ (x1 & 1024)) << (((((1u) ^ uint(x1 & 2048)) / 3u) - ((max(uint(acc ^ (x1 & 1024)), u0)) ^ uint(x1 & 4096))) & 31u))) ^ uint(x1 & 512)) * ((min((((uint(((-2147483647 - 1)) ^ (x1 & 1024))) ^ uint(x1 & 2048)) / 3u), (((uint(clamp(f0, 0.0, 1.0e6))) ^ uint(x1 & 2048)) / 10u))) ^ uint(x1 & 256)));
            facc = (float((((uint(((q.x | 0)) ^ (x1 & 1024))) ^ uint(x1 & 2048)) / 3u)) * f5);
            arr[x0 & 3] = arr[x0 & 3];
        } else {
            u0 = (((x0 < x1) && (x0 <= x1)) ? uint(acc ^ (x1 & 1024)) : 0u);
        }
    }
    results[at + 0u] = uint((min(((x0 > x1) ? bitfieldExtract(gl_PrimitiveID, 26, 1) : int(clamp(y0, -1.0e6, 1.0e6))), (-2147483647 - 1)) + max(max((gl_PrimitiveID ^ (-2147483647 - 1)), (-((7) ^ (x1 & 4096)))), ((((int(clamp(f2, -1.0e6, 1.0e6))) ^ (x1 & 2048)) & 0x7fffffff) / -5))));
    results[at + 1u] = floatBitsToUint((float(abs(((((arr[x0 & 3] >> (((7) ^ (x1 & 16)) & 31))) ^ (x1 & 512)) * ((gl_PrimitiveID) ^ (x1 & 256))))) * f5));
    results[at + 2u] = uint(int(clamp(texelFetch(fz_tex[q.z & 3], ivec2(uvec2(i & 7u, (i >> 3u) & 7u)), 0).x, -1.0e6, 1.0e6)));
    results[at + 3u] = uint((0 >> ((((-((2147483647) ^ (x1 & 4096)))) ^ (x1 & 16)) & 31)));
    results[at + 4u] = floatBitsToUint((float((-2147483647 - 1)) * f5));
    results[at + 5u] = uint(bitCount(2147483647));
    results[at + 6u] = uint(int(clamp(textureGather(fz_tex[(q.z + 1) & 3], vec2(0.375, 0.625), 2).w, -1.0e6, 1.0e6)));
    results[at + 7u] = ((((uint(clamp(clamp(p[1].y, -2.0, 2.0), 0.0, 1.0e6))) ^ u0) == (((((255u) ^ uint(x1 & 2048)) / 17u)) ^ 5u)) ? (((255u) ^ uint(x1 & 2048)) / 10u) : (255u << (((((0u << (0u & 31u))) ^ uint(x1 & 2048)) % 17u) & 31u)));
    // the end
    vout = vec4(facc * 0.125, float(acc & 255) / 255.0, fract(y1), 1.0);
}
