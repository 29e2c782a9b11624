#version 450
// stage: vert
// seed: 1044
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
    facc = clamp(min((attr.w / (abs(max(-1.5, attr.w)) + 1.0)), attr.x), -2.0, 2.0);
    if (((gl_VertexID) ^ x1) <= ((((0 << ((gl_VertexID << (arr[x0 & 3] & 31)) & 31)) + arr[x0 & 3])) ^ x0)) {
        for (int k = 0; k < 1; k++) {
            if ((!((((gl_VertexID - -100)) ^ x1) >= (((((acc) ^ (x1 & 512)) * ((gl_VertexID) ^ (x1 & 256)))) ^ x0))) && ((x0 == x1) && ((((uint(acc) - u0)) ^ u0) != (((1u / 10u)) ^ 5u)))) { break; }
            acc += k * ((int(clamp((facc + attr.x), -1.0e6, 1.0e6))) ^ (x1 & 256));
            if ((((((((0x80000000u) ^ uint(x1 & 512)) * ((u0) ^ uint(x1 & 256))) >> (bitfieldExtract(0x80000000u, 27, 1) & 31u)) / 3u)) ^ u0) >= (((uint(findLSB(0)) + (1u >> ((uint(acc) >> (u0 & 31u)) & 31u)))) ^ 5u)) { continue; }
            arr[x0 & 3] = 1;
        }
    } else {
        acc = max((gl_VertexID & q.x), ((((0.5 <= -1.5) ? x0 : x1) >> ((((((1) & 0x7fffffff) / 3)) ^ (x1 & 16)) & 31)) >> (((((-(q.x)) * 5)) ^ (x1 & 16)) & 31)));
    }
    results[at + 0u] = ((((((7 | -1)) ^ x1) < (((-(gl_VertexID))) ^ x0)) ? ((1u / 10u) + (u0 / 17u)) : (0xffffffffu / 256u)) / 3u);
    results[at + 1u] = uint(clamp(sqrt(abs(facc)), 0.0, 1.0e6));
    results[at + 2u] = 255u;
    results[at + 3u] = uint(arr[x0 & 3]);
    results[at + 4u] = (((((((acc * 100) >> (((0) ^ (x1 & 16)) & 31))) ^ x1) > ((max(2147483647, (2147483647 | gl_VertexID))) ^ x0)) && (!(x0 > x1))) ? 1u : 0u);
    results[at + 5u] = (((((((0u) ^ uint(x1 & 512)) * (((((((x0 >= x1) ? 255u : 1u)) ^ uint(x1 & 512)) * (((u0 << (0x80000000u & 31u))) ^ uint(x1 & 256)))) ^ uint(x1 & 256)))) ^ u0) < ((min((255u / 256u), uint(bitfieldExtract(-1, 2, 19)))) ^ 5u)) ? 1u : 0u);
    results[at + 6u] = uint(int((min(u0, (uint(acc) % 17u)) << (bitfieldExtract((1u / 17u), 25, 1) & 31u))));
    results[at + 7u] = ((0.0 != (((((-1 ^ gl_VertexID)) ^ x1) >= ((x1) ^ x0)) ? ((x0 < x1) ? (p[1].y + y0) : facc) : ((((arr[x0 & 3]) ^ x1) != ((-1) ^ x0)) ? y0 : (-(p[1].y))))) ? 1u : 0u);
    // the end
    vout = vec4(facc * 0.125, float(acc & 255) / 255.0, fract(y1), 1.0);
}
