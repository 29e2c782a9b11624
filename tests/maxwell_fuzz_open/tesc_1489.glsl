#version 450
// stage: tesc
// seed: 1489
// outcome: mismatch: result word 7, invocation 2: ours 2, glslang 3
layout(vertices = 4) out;
layout(location = 0) in vec4 vin[];
layout(location = 0) out vec4 vout[];
layout(std430, binding = 0) readonly buffer Ints { int ints[64]; };
layout(std430, binding = 1) readonly buffer Floats { float floats[64]; };
layout(std430, binding = 2) buffer Results { uint results[]; };
layout(std140, binding = 0) uniform Params { vec4 p[4]; ivec4 q; };
layout(binding = 0) uniform sampler2D fz_tex[4];
void main() {
    uint i = uint(gl_PrimitiveID) * 4u + uint(gl_InvocationID);
    gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;
    vout[gl_InvocationID] = vin[gl_InvocationID] * float(i & 3u);
    if (gl_InvocationID == 0) {
        gl_TessLevelOuter[0] = 1.0;
        gl_TessLevelOuter[1] = 1.0;
        gl_TessLevelOuter[2] = 1.0;
        gl_TessLevelOuter[3] = 1.0;
        gl_TessLevelInner[0] = 1.0;
        gl_TessLevelInner[1] = 1.0;
    }
    barrier();
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
    facc = (min(((float(0xffffffffu) * f5) + (facc - facc)), roundEven(min(clamp(f2, -2.0, 2.0), 1.0e30 + abs(y0)))) * (float(0) * f5));
    switch (((((((f1 - f4) == ((x0 >= x1) ? f2 : f4)) ? (-((((((0x80000000u) ^ u0) == ((1u) ^ 5u)) ? arr[x0 & 3] : x0)) ^ (x1 & 4096))) : int(clamp((float(0u) * f5), -1.0e6, 1.0e6))) - (((((((7 >> (((7) ^ (x1 & 16)) & 31))) ^ x1) <= ((int(clamp(f1, -1.0e6, 1.0e6))) ^ x0)) ? int(clamp((facc - f2), -1.0e6, 1.0e6)) : ((2147483647 ^ 2147483647) - ((-100) ^ (x1 & 4096))))) ^ (x1 & 4096)))) ^ x0) & 3) {
    case 0:
        if (!(f4 <= vin[gl_InvocationID].x)) {
            u0 = uint(acc ^ (x1 & 1024));
            arr[x0 & 3] = findLSB((arr[x0 & 3] >> ((((-1 ^ q.x)) ^ (x1 & 16)) & 31)));
        } else {
            acc = (((0 >> (((abs(q.x)) ^ (x1 & 16)) & 31)) - ((((x0 >= x1) ? (x1 - ((acc) ^ (x1 & 4096))) : int((0xffffffffu) ^ uint(x1 & 1024)))) ^ (x1 & 4096))) >> (((1) ^ (x1 & 16)) & 31));
        }
    case 2:
        u0 = bitfieldExtract(uint(clamp(f1, 0.0, 1.0e6)), 18, 2);
        break;
    default:
        facc = f2;
        break;
    }
    for (int k = 0; k < 5; k++) {
        if (((x1) ^ x1) < (((-((((((x0 << (2147483647 & 31))) ^ (x1 & 512)) * (((acc ^ (-2147483647 - 1))) ^ (x1 & 256)))) ^ (x1 & 4096)))) ^ x0)) { break; }
        acc += k * ((int(clamp(f2, -1.0e6, 1.0e6))) ^ (x1 & 256));
        if (!(!((((255u - ((0u) ^ uint(x1 & 4096)))) ^ u0) == ((uint((q.x) ^ (x1 & 1024))) ^ 5u)))) { continue; }
        acc = (((((((((arr[x0 & 3] ^ -1)) ^ (x1 & 512)) * ((((((q.x) ^ (x1 & 2048)) & 0x7fffffff) / 1000)) ^ (x1 & 256)))) ^ (x1 & 2048)) & 0x7fffffff) / 1000) | (-((7) ^ (x1 & 4096))));
    }
    results[at + 0u] = (((((x0 == x1) ? (uint((q.x) ^ (x1 & 1024)) << (255u & 31u)) : uint(clamp(((facc > y0) ? y0 : f4), 0.0, 1.0e6)))) ^ uint(x1 & 2048)) % 10u);
    results[at + 1u] = ((!(y1 != ((((1u) ^ u0) >= ((0u) ^ 5u)) ? (f4 + f3) : (f3 - vin[gl_InvocationID].x)))) ? 1u : 0u);
    results[at + 2u] = (((((((int(i) & 3) << (bitCount((int(i) & 3)) & 31)) + ((((q.x) ^ x1) <= ((arr[x0 & 3]) ^ x0)) ? 0 : 1))) ^ x1) == ((q.x) ^ x0)) ? 1u : 0u);
    results[at + 3u] = uint(((int(i) & 3) ^ (((q.x << (7 & 31)) | 7) ^ int(clamp((-(textureGather(fz_tex[(q.z + 1) & 3], vec2(0.375, 0.625), 2).w)), -1.0e6, 1.0e6)))));
    results[at + 4u] = ((clamp((-((f3 - y0))), -2.0, 2.0) == (float(uint(clamp((textureLod(fz_tex[q.w & 3], (vec2(uvec2(i & 7u, (i >> 3u) & 7u)) + 0.5) * 0.125, 0.0).y - textureGather(fz_tex[(q.z + 1) & 3], vec2(0.375, 0.625), 2).w), 0.0, 1.0e6))) * f5)) ? 1u : 0u);
    results[at + 5u] = ((max(f2, facc) != y1) ? 1u : 0u);
    results[at + 6u] = (((f4 < (float(min(arr[x0 & 3], (-2147483647 - 1))) * f5)) && (((q.x) ^ x1) <= ((((((((int(i) & 3)) ^ (x1 & 2048)) & 0x7fffffff) / -5) | -1)) ^ x0))) ? 1u : 0u);
    results[at + 7u] = floatBitsToUint((f3 - floor((-(facc)))));
    // the end
    vout[gl_InvocationID] = vec4(facc * 0.125, float(acc & 255) / 255.0, fract(y1), 1.0);
}
