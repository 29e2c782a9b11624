#version 450
// stage: vert
// seed: 1056
// outcome: glslang's module hangs on NVIDIA 580.159.04 (H100); agrees on lavapipe
layout(location = 0) in vec4 attr;
layout(location = 0) out vec4 vout;
layout(std430, binding = 0) readonly buffer Ints { int ints[64]; };
layout(std430, binding = 1) readonly buffer Floats { float floats[64]; };
layout(std430, binding = 2) buffer Results { uint results[]; };
layout(std140, binding = 0) uniform Params { vec4 p[4]; ivec4 q; };
void main() {
    uint i = uint(gl_VertexID);
    gl_Position = vec4(float(i & 7u) * 0.25 - 0.875, float(i >> 3u) * 0.25 - 0.875, 0.0, 1.0);
    gl_PointSize = 1.0;
    vout = attr;
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
    if ((((1 >> (((((attr.x == 0.0) ? (((7) & 0x7fffffff) / 3) : (x1 << (0 & 31)))) ^ (x1 & 16)) & 31))) ^ x1) == ((((gl_VertexID ^ (1 | x1)) << (max((x0 << (2147483647 & 31)), (acc >> (((x1) ^ (x1 & 16)) & 31))) & 31))) ^ x0)) { return; }
    for (int k = 0; k < 6; k++) {
        if (!((x0 >= x1) && (((u0) ^ u0) > ((uint(acc)) ^ 5u)))) { break; }
        acc += k * (((bitCount((((q.x) & 0x7fffffff) / 3)) + (bitCount((-1 & gl_VertexID)) ^ (arr[x0 & 3] + (gl_VertexID - 2147483647))))) ^ (x1 & 256));
        if ((((findLSB(bitfieldExtract(gl_VertexID, 10, 12))) ^ x1) == ((acc) ^ x0)) && ((((((x0 >= x1) ? 0xffffffffu : 255u) << ((((u0) ^ uint(x1 & 512)) * ((0u) ^ uint(x1 & 256))) & 31u))) ^ u0) > ((((255u - 255u) / 17u)) ^ 5u))) { continue; }
        facc = 0.0;
    }
    u0 = ((uint(clamp(float(x0), 0.0, 1.0e6)) >> (0xffffffffu & 31u)) - 255u);
    results[at + 0u] = (((((((((q.x * 5)) & 0x7fffffff) / 1000) >> (((int(255u)) ^ (x1 & 16)) & 31))) ^ x1) < (((((((1) & 0x7fffffff) / 7) >> (((((((arr[x0 & 3]) ^ x1) >= ((gl_VertexID) ^ x0)) ? x1 : x1)) ^ (x1 & 16)) & 31)) & int(1u))) ^ x0)) ? 1u : 0u);
    results[at + 1u] = uint(max(-1, (((((0 << (acc & 31))) & 0x7fffffff) / 16) & ((x0 < x1) ? (((7) & 0x7fffffff) / 1000) : int(clamp(y1, -1.0e6, 1.0e6))))));
    results[at + 2u] = floatBitsToUint(max(clamp(clamp(((x0 <= x1) ? attr.x : 0.125), -2.0, 2.0), -2.0, 2.0), min((exp2(clamp(attr.x, -8.0, 8.0)) * float(0xffffffffu)), ((((gl_VertexID) ^ x1) == ((1) ^ x0)) ? clamp(3.0, -2.0, 2.0) : 3.0))));
    results[at + 3u] = ((((-1) ^ x1) < ((min((((-2147483647 - 1) | acc) & (0 | 0)), gl_VertexID)) ^ x0)) ? 1u : 0u);
    results[at + 4u] = uint(x0);
    results[at + 5u] = 255u;
    results[at + 6u] = ((((max(((uint(acc) - 1u) << ((0x80000000u % 17u) & 31u)), min(bitfieldExtract(0xffffffffu, 27, 5), 255u))) ^ u0) != (((uint(clamp(clamp(p[1].y, -2.0, 2.0), 0.0, 1.0e6)) + min((0x80000000u << (u0 & 31u)), u0))) ^ 5u)) ? 1u : 0u);
    results[at + 7u] = ((y0 >= (float((((0x80000000u) ^ uint(x1 & 512)) * ((0u) ^ uint(x1 & 256)))) * clamp(attr.x, -2.0, 2.0))) ? 1u : 0u);
    // the end
    vout = vec4(facc * 0.125, float(acc & 255) / 255.0, fract(y1), 1.0);
}
