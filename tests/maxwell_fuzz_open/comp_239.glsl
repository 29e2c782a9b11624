#version 450
// stage: comp
// seed: 239
// outcome: mismatch: result word 0, invocation 0: ours 0x0, glslang 0x2
layout(local_size_x = 64) in;
shared int shared_ints[64];
layout(std430, binding = 0) readonly buffer Ints { int ints[64]; };
layout(std430, binding = 1) readonly buffer Floats { float floats[64]; };
layout(std430, binding = 2) buffer Results { uint results[]; };
layout(std140, binding = 0) uniform Params { vec4 p[4]; ivec4 q; };
void main() {
    uint i = gl_LocalInvocationID.x;
    shared_ints[i] = ints[(i * 3u) & 63u] ^ int(i);
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
    switch (((arr[x0 & 3]) ^ x0) & 3) {
    case 0:
        if (((bitfieldExtract((min(int(gl_LocalInvocationID.x), (-2147483647 - 1)) << (min(x0, (-2147483647 - 1)) & 31)), 27, 4)) ^ x1) != (((((2147483647 + -100) - (arr[x0 & 3] - int(gl_LocalInvocationID.x))) + q.x)) ^ x0)) { return; }
        break;
    case 2:
        u0 = uint(int((((((uint(acc)) ^ u0) > ((255u) ^ 5u)) ? 0u : 0u) % 17u)));
        break;
    default:
        switch ((((-1 & int(clamp(-1.5, -1.0e6, 1.0e6)))) ^ x0) & 3) {
        case 0:
            arr[x0 & 3] = max((((((q.x) ^ x1) == ((-100) ^ x0)) ? findMSB(arr[x0 & 3]) : (arr[x0 & 3] * ((1) ^ (x1 & 256)))) + (((x0 < x1) ? 1 : x0) * 3)), ((((findLSB(1)) & 0x7fffffff) / 16) | ((int(gl_LocalInvocationID.x) - int(gl_LocalInvocationID.x)) - min(0, arr[x0 & 3]))));
        case 2:
            arr[x0 & 3] = 7;
            break;
        default:
            arr[x0 & 3] = (int(gl_LocalInvocationID.x) - (arr[x0 & 3] << ((abs(2147483647) << (int(gl_LocalInvocationID.x) & 31)) & 31)));
        }
    }
    u0 = uint(acc);
    if ((((((((acc) ^ x1) <= ((shared_ints[(i + 1u) & 63u]) ^ x0)) ? max(0x80000000u, 1u) : 0x80000000u) % 10u)) ^ u0) >= ((uint(q.x)) ^ 5u)) { return; }
    results[at + 0u] = uint((((x0 == x1) ? ((-2147483647 - 1) >> ((((2147483647 & q.x)) ^ (x1 & 16)) & 31)) : x1) ^ int(clamp(mix(floor(0.0), ((((-1) ^ x1) != ((1) ^ x0)) ? p[2].w : 0.125), 0.25), -1.0e6, 1.0e6))));
    results[at + 1u] = (uint(acc) + (0xffffffffu >> (((uint(acc) % 256u) + (1u + u0)) & 31u)));
    results[at + 2u] = (0x80000000u << (0x80000000u & 31u));
    // the end
}
