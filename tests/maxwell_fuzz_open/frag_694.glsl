#version 450
// stage: frag
// seed: 694
// outcome: mismatch: result word 1, invocation 0: ours 0x1, glslang 0x0 (glslang folds the constant float expression in double precision)
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
    arr[x0 & 3] = int(clamp(clamp(((0.0 * gl_FragCoord.x) - facc), -2.0, 2.0), -1.0e6, 1.0e6));
    for (int k = 0; k < 2; k++) {
        if (!(((((0x80000000u) ^ u0) < ((0xffffffffu) ^ 5u)) ? sign(v0.x) : (-(-1.5))) < 3.0)) { break; }
        acc += k * ((max((-100 - 1), ((1 | -1) + max(int(uint(acc)), max(x0, x1))))) ^ (x1 & 256));
        if (((0xffffffffu) ^ u0) > ((((x0 == x1) ? ((((((uint(acc)) ^ uint(x1 & 512)) * ((255u) ^ uint(x1 & 256)))) ^ uint(x1 & 512)) * ((255u) ^ uint(x1 & 256))) : min((0u + uint(acc)), max(0xffffffffu, 0x80000000u)))) ^ 5u)) { continue; }
        switch ((((min(abs(int(clamp(-1.5, -1.0e6, 1.0e6))), (((x0 != x1) ? -100 : 2147483647) >> (((7) ^ (x1 & 16)) & 31))) >> ((((-2147483647 - 1)) ^ (x1 & 16)) & 31))) ^ x0) & 3) {
        case 0:
            u0 = 0x80000000u;
            break;
        case 2:
            u0 = 255u;
            break;
        default:
            arr[x0 & 3] = ((((q.x - x1) ^ (-1 & 7)) | (bitfieldExtract(-100, 15, 12) | int(255u))) ^ acc);
            break;
        }
    }
    results[at + 0u] = uint((((-1) ^ (x1 & 512)) * ((x0) ^ (x1 & 256))));
    results[at + 1u] = ((float(((255u % 10u) << (0xffffffffu & 31u))) <= ceil((float(0x80000000u) - ceil(0.125)))) ? 1u : 0u);
    results[at + 2u] = ((((uint((q.x + arr[x0 & 3])) >> (uint(acc) & 31u))) ^ uint(x1 & 512)) * ((uint(acc)) ^ uint(x1 & 256)));
    results[at + 3u] = floatBitsToUint(-1.5);
    results[at + 4u] = uint(int(clamp(sqrt(abs(3.0)), -1.0e6, 1.0e6)));
    results[at + 5u] = (((((int(clamp(sqrt(abs(y0)), -1.0e6, 1.0e6)) + (((arr[x0 & 3]) & 0x7fffffff) / -5))) ^ x1) < ((q.x) ^ x0)) ? 1u : 0u);
    results[at + 6u] = (((((-2147483647 - 1)) ^ x1) <= (((q.x ^ (-1 | max(x0, q.x)))) ^ x0)) ? 1u : 0u);
    results[at + 7u] = bitfieldExtract(0xffffffffu, 0, 11);
    atomicAdd(results[512u], uint((-((((7 ^ arr[x0 & 3]) | 2147483647) ^ int(clamp(3.0, -1.0e6, 1.0e6)))))));
    atomicMax(results[513u], uint(acc));
    atomicXor(results[514u], uint(acc));
    // the end
    colour = vec4(facc * 0.125, float(acc & 255) / 255.0, fract(y1), 1.0);
}
