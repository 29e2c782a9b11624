#version 450
// stage: vert
// seed: 1050
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
    if ((((0xffffffffu + ((x0 < x1) ? 1u : (u0 % 17u)))) ^ u0) >= (((((1u - 255u) - (uint(acc) / 10u)) + ((((uint(acc)) ^ uint(x1 & 512)) * ((0x80000000u) ^ uint(x1 & 256))) / 3u))) ^ 5u)) {
        facc = float(int(clamp(float(0x80000000u), -1.0e6, 1.0e6)));
        acc = (arr[x0 & 3] + (7 | arr[x0 & 3]));
    } else {
        switch (((((((gl_VertexID | -1) & (x1 - arr[x0 & 3])) | int(1u)) + arr[x0 & 3])) ^ x0) & 3) {
        case 0:
            u0 = u0;
            break;
        case 2:
            u0 = min(min(0xffffffffu, 0xffffffffu), (0u - uint((-100 * 3))));
        default:
            facc = (-(abs(3.0)));
        }
    }
    if (((((uint(q.x) / 256u) << (1u & 31u))) ^ u0) > (((((u0) ^ uint(x1 & 512)) * ((bitfieldExtract(uint(acc), 2, 20)) ^ uint(x1 & 256)))) ^ 5u)) {
        facc = floor(float(0xffffffffu));
        acc = bitCount(int(1u));
        switch ((((q.x << (7 & 31))) ^ x0) & 3) {
        case 0:
            arr[x0 & 3] = ((((min(findLSB(arr[x0 & 3]), (-1 >> (((x0) ^ (x1 & 16)) & 31)))) ^ x1) != ((q.x) ^ x0)) ? gl_VertexID : ((((max((-2147483647 - 1), 0)) ^ (x1 & 512)) * ((min(7, 2147483647)) ^ (x1 & 256))) - (x0 | x1)));
            break;
        case 2:
            arr[x0 & 3] = acc;
            break;
        default:
            acc = -1;
            break;
        }
    } else {
        u0 = uint(clamp(abs(y0), 0.0, 1.0e6));
    }
    if (float((u0 >> ((0u << (0x80000000u & 31u)) & 31u))) < ((floor(p[1].y) * sqrt(abs(attr.w))) + (-((3.0 * p[2].w))))) {
        facc = (y1 * (-(clamp(p[1].y, -2.0, 2.0))));
        if (!(!((0.5 * attr.w) > float(0u)))) { return; }
        if (!(mix(float(1u), min(attr.w, facc), 0.25) > ((x0 > x1) ? float(acc) : facc))) {
            u0 = uint(q.x);
            acc = ((int(uint(acc)) & bitfieldExtract(x1, 8, 21)) & ((bitfieldExtract(-100, 11, 19) * 16) >> (((min(acc, arr[x0 & 3])) ^ (x1 & 16)) & 31)));
            u0 = (((255u) ^ uint(x1 & 512)) * ((uint(clamp(roundEven((attr.w - 0.0)), 0.0, 1.0e6))) ^ uint(x1 & 256)));
        } else {
            u0 = uint((((((x0 <= x1) ? x0 : min((-2147483647 - 1), arr[x0 & 3]))) & 0x7fffffff) / 1000));
        }
    } else {
        switch (((x0) ^ x0) & 3) {
        case 0:
            arr[x0 & 3] = (1 - arr[x0 & 3]);
            break;
        case 2:
            u0 = 0x80000000u;
            break;
        default:
            acc = max((-((((2147483647) ^ (x1 & 512)) * ((((x0 != x1) ? gl_VertexID : 1)) ^ (x1 & 256))))), (((x1) & 0x7fffffff) / 3));
            break;
        }
    }
    if (((((((((int(0x80000000u)) ^ (x1 & 512)) * ((gl_VertexID) ^ (x1 & 256)))) ^ (x1 & 512)) * (((int(clamp(0.125, -1.0e6, 1.0e6)) & (2147483647 >> (((7) ^ (x1 & 16)) & 31)))) ^ (x1 & 256)))) ^ x1) >= (((((7) ^ (x1 & 512)) * ((x0) ^ (x1 & 256)))) ^ x0)) { return; }
    if ((float((0xffffffffu + 1u)) - float((((u0) ^ uint(x1 & 512)) * ((255u) ^ uint(x1 & 256))))) == (float(255u) / (abs(floor((p[1].y * y1))) + 1.0))) {
        switch (((7) ^ x0) & 3) {
        case 0:
            acc = abs(((((u0) ^ u0) < (((0x80000000u << (255u & 31u))) ^ 5u)) ? (q.x >> ((((-(q.x))) ^ (x1 & 16)) & 31)) : q.x));
            break;
        case 2:
            u0 = ((clamp(float(255u), -2.0, 2.0) < ((((gl_VertexID) ^ x1) != ((0) ^ x0)) ? (y0 * attr.x) : floor(0.0))) ? (((u0 / 17u) % 17u) + ((uint(acc) % 256u) / 256u)) : ((0u / 256u) - 1u));
            break;
        default:
            arr[x0 & 3] = ((-100 | (-100 - int(0x80000000u))) - int(((0u % 17u) % 10u)));
            break;
        }
        arr[x0 & 3] = int((((255u / 256u) + max(0u, u0)) % 256u));
        facc = float((0x80000000u >> (0u & 31u)));
    } else {
        if (!(float((-1 + (-2147483647 - 1))) <= (float(0xffffffffu) - (3.0 + 0.0)))) { return; }
    }
    results[at + 0u] = ((-1.5 != floor((-((p[2].w * 0.0))))) ? 1u : 0u);
    results[at + 1u] = floatBitsToUint(clamp(((x0 != x1) ? float(0u) : float(uint(arr[x0 & 3]))), -2.0, 2.0));
    results[at + 2u] = (((((-1 | ((arr[x0 & 3] >> (((arr[x0 & 3]) ^ (x1 & 16)) & 31)) >> (((arr[x0 & 3]) ^ (x1 & 16)) & 31)))) ^ x1) != ((-100) ^ x0)) ? 1u : 0u);
    results[at + 3u] = uint(int(clamp(inversesqrt(abs(float(1)) + 1.0), -1.0e6, 1.0e6)));
    results[at + 4u] = floatBitsToUint(sqrt(abs(ceil(sign(0.5)))));
    results[at + 5u] = floatBitsToUint(exp2(clamp((facc + p[2].w), -8.0, 8.0)));
    results[at + 6u] = floatBitsToUint((((-(mix(0.125, p[1].y, 0.25))) - 0.5) + float((-2147483647 - 1))));
    results[at + 7u] = ((((((((uint(acc)) ^ uint(x1 & 512)) * ((uint(acc)) ^ uint(x1 & 256)))) ^ u0) <= ((0xffffffffu) ^ 5u)) ? (min(uint(acc), 0x80000000u) % 10u) : 0xffffffffu) << ((((0x80000000u + u0) << ((uint(acc) >> (1u & 31u)) & 31u)) % 10u) & 31u));
    // the end
    vout = vec4(facc * 0.125, float(acc & 255) / 255.0, fract(y1), 1.0);
}
