#version 450
// stage: frag
// seed: 484
// outcome: mismatch: atomic word 1: ours 0xfffffff8, glslang 0x9
layout(location = 0) in vec4 v0;
layout(location = 1) flat in vec4 v1;
layout(location = 2) noperspective in vec4 v2;
layout(location = 0) out vec4 colour;
layout(std430, binding = 0) readonly buffer Ints { int ints[64]; };
layout(std430, binding = 1) readonly buffer Floats { float floats[64]; };
layout(std430, binding = 2) buffer Results { uint results[]; };
layout(std140, binding = 0) uniform Params { vec4 p[4]; ivec4 q; };
void main() {
    uint i = uint(gl_FragCoord.y) * 8u + uint(gl_FragCoord.x);
    float d0 = dFdx(v0.x * v2.y) + dFdy(v0.y) * 0.5 + fwidth(v2.x);
    colour = vec4(v0.xy * 0.25, d0, 1.0);
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
    for (int k = 0; k < 4; k++) {
        if ((min(float(-100), clamp(-1.5, -2.0, 2.0)) <= 0.5) && ((((-100 - (-1 + arr[x0 & 3]))) ^ x1) >= ((7) ^ x0))) { break; }
        acc += k * (((abs((int(clamp(v0.x, -1.0e6, 1.0e6)) - findMSB(arr[x0 & 3]))) & (-(acc)))) ^ (x1 & 256));
        if (!(((7) ^ x1) <= ((-1) ^ x0))) { continue; }
        facc = y1;
    }
    acc = 1;
    results[at + 0u] = ((((0xffffffffu % 3u) + bitfieldExtract(0xffffffffu, 1, 20)) << (bitfieldExtract(bitfieldExtract(1u, 25, 7), 27, 2) & 31u)) * (max(u0, ((x0 <= x1) ? 0x80000000u : 0xffffffffu)) << (bitfieldExtract(min(0x80000000u, 0x80000000u), 20, 10) & 31u)));
    results[at + 1u] = uint((0 | findLSB((-(q.x)))));
    results[at + 2u] = ((uint(int(clamp(gl_FragCoord.x, -1.0e6, 1.0e6))) / 256u) + (255u * (uint(clamp(d0, 0.0, 1.0e6)) >> ((1u + 0xffffffffu) & 31u))));
    results[at + 3u] = ((((q.x) ^ x1) != ((abs(int(clamp(-1.5, -1.0e6, 1.0e6)))) ^ x0)) ? 1u : 0u);
    results[at + 4u] = uint(abs(int(clamp((0.5 - (-(d0))), -1.0e6, 1.0e6))));
    atomicAdd(results[512u], uint(arr[x0 & 3]));
    atomicMax(results[513u], (max(((255u + 0x80000000u) << (uint(acc) & 31u)), (uint((-2147483647 - 1)) + (0u / 17u))) % 17u));
    // the end
    colour = vec4(facc * 0.125, float(acc & 255) / 255.0, fract(y1), 1.0);
}
