#version 450
// stage: tesc
// seed: 499
// outcome: mismatch: result word 6, invocation 1: ours 0x7ffed2a6, glslang 0x80012d5a
layout(vertices = 4) out;
layout(location = 0) in vec4 vin[];
layout(location = 0) out vec4 vout[];
layout(std430, binding = 0) readonly buffer Ints { int ints[64]; };
layout(std430, binding = 1) readonly buffer Floats { float floats[64]; };
layout(std430, binding = 2) buffer Results { uint results[]; };
layout(std140, binding = 0) uniform Params { vec4 p[4]; ivec4 q; };
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
    // the body
    if (!((((2147483647 * ((((((-2147483647 - 1)) & 0x7fffffff) / -5)) ^ (x1 & 256)))) ^ x1) <= ((((-2147483647 - 1) * 16)) ^ x0))) { return; }
    for (int k = 0; k < 1; k++) {
        if ((((bitfieldExtract(1u, 25, 6) >> (((0xffffffffu << (u0 & 31u)) / 17u) & 31u))) ^ u0) != (((0xffffffffu << ((bitfieldExtract(255u, 6, 6) % 10u) & 31u))) ^ 5u)) { break; }
        acc += k * ((-100) ^ (x1 & 256));
        if (((0x80000000u) ^ u0) != ((uint(clamp(vin[gl_InvocationID].x, 0.0, 1.0e6))) ^ 5u)) { continue; }
        if (((0x80000000u) ^ u0) < (((((x0 <= x1) ? bitfieldExtract(0u, 7, 4) : bitfieldExtract(0x80000000u, 21, 11)) * uint(clamp(float(x0), 0.0, 1.0e6)))) ^ 5u)) {
            arr[x0 & 3] = (((x0 <= x1) ? bitfieldExtract((((0) & 0x7fffffff) / 7), 6, 3) : acc) << (7 & 31));
        } else {
            facc = float(bitfieldExtract(((2147483647 ^ -1) | bitfieldExtract(arr[x0 & 3], 25, 7)), 3, 9));
        }
    }
    switch ((((-100 >> ((((-((((((y0 <= 0.5) ? (int(i) & 3) : x0)) & 0x7fffffff) / 1000)))) ^ (x1 & 16)) & 31))) ^ x0) & 3) {
    case 0:
        arr[x0 & 3] = ((int(clamp(((((0) ^ x1) > ((x0) ^ x0)) ? 0.0 : 0.125), -1.0e6, 1.0e6)) << (((-100 | 1) & ((y0 >= 0.5) ? 1 : arr[x0 & 3])) & 31)) | 7);
    case 2:
        for (int k = 0; k < 3; k++) {
            if (((vin[gl_InvocationID].x * floor(p[2].w)) + trunc(max(y0, p[1].y))) <= clamp(y1, -2.0, 2.0)) { break; }
            acc += k * ((bitCount((-(((arr[x0 & 3] + q.x) & (7 >> (((q.x) ^ (x1 & 16)) & 31))))))) ^ (x1 & 256));
            if (((u0) ^ u0) == ((0u) ^ 5u)) { continue; }
            facc = 0.125;
        }
        break;
    default:
        if ((((bitfieldExtract((u0 % 17u), 17, 14) >> (u0 & 31u))) ^ u0) > ((uint((((x0 >= x1) ? -100 : q.x) + 0))) ^ 5u)) { return; }
        break;
    }
    facc = (float(0xffffffffu) * 0.125);
    acc = 0;
    results[at + 0u] = floatBitsToUint(float(min(max((1u << (1u & 31u)), ((x0 == x1) ? 0xffffffffu : 255u)), ((0xffffffffu / 3u) / 256u))));
    results[at + 1u] = ((float(findLSB((q.x << (arr[x0 & 3] & 31)))) < -1.5) ? 1u : 0u);
    results[at + 2u] = (((((-2147483647 - 1)) ^ x1) == (((arr[x0 & 3] & ((((-2147483647 - 1)) & 0x7fffffff) / -5))) ^ x0)) ? (uint(((x0 == x1) ? (-2147483647 - 1) : x0)) << (max((0xffffffffu - 1u), (0x80000000u >> (0u & 31u))) & 31u)) : uint((x0 << ((q.x | x0) & 31))));
    results[at + 3u] = bitfieldExtract(((bitfieldExtract(1u, 8, 13) << (uint((int(i) & 3)) & 31u)) + (uint(clamp(p[2].w, 0.0, 1.0e6)) - min(u0, 0x80000000u))), 20, 4);
    results[at + 6u] = (((uint(clamp(p[1].y, 0.0, 1.0e6)) * min(u0, 255u)) << (u0 & 31u)) - uint((-((q.x + (-2147483647 - 1))))));
    // the end
    vout[gl_InvocationID] = vec4(facc * 0.125, float(acc & 255) / 255.0, fract(y1), 1.0);
}
