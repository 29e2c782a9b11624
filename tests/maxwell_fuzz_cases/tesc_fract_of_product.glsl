#version 450
// stage: tesc
// seed: 673
// was: mismatch on NVIDIA 580.159.04 (H100) only: result word 1, invocation 6: ours 0x7, glslang 0x1 (`fract(p[2].w * facc)` is `fmul`, `f2f floor`, `fadd` in the binary; the driver fused the multiply into the add of the translated module: each is now NoContraction)
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
    arr[x0 & 3] = (0 + -1);
    if (((int(clamp(clamp(p[2].w, -2.0, 2.0), -1.0e6, 1.0e6))) ^ x1) < ((arr[x0 & 3]) ^ x0)) {
        arr[x0 & 3] = x1;
        acc = ((findLSB(int(0xffffffffu)) >> (((arr[x0 & 3]) ^ (x1 & 16)) & 31)) >> ((((-1 >> (((abs(7)) ^ (x1 & 16)) & 31))) ^ (x1 & 16)) & 31));
        facc = (float((bitfieldExtract(7, 16, 1) - (1 * 16))) + float(((vin[gl_InvocationID].x != 3.0) ? arr[x0 & 3] : findLSB((int(i) & 3)))));
    } else {
        for (int k = 0; k < 2; k++) {
            if (!((((0x80000000u - 255u)) ^ u0) < ((uint(max(q.x, 0))) ^ 5u))) { break; }
            acc += k * (((acc - bitCount((int(i) & 3)))) ^ (x1 & 256));
            if ((((((uint(acc)) ^ u0) == ((1u) ^ 5u)) ? (-(0.125)) : float(arr[x0 & 3])) * p[1].y) > facc) { continue; }
            facc = (((((-2147483647 - 1)) ^ x1) == ((abs(((int(i) & 3) - acc))) ^ x0)) ? sqrt(abs(max(min(y0, p[1].y), clamp(0.5, -2.0, 2.0)))) : p[2].w);
        }
    }
    results[at + 0u] = uint((((x0 == x1) ? abs(int(clamp(p[2].w, -1.0e6, 1.0e6))) : ((x0 != x1) ? (((arr[x0 & 3]) & 0x7fffffff) / 1000) : (((((-2147483647 - 1)) ^ x1) < ((1) ^ x0)) ? arr[x0 & 3] : x1))) - (((arr[x0 & 3]) & 0x7fffffff) / 1000)));
    results[at + 1u] = uint((int(clamp(fract((p[2].w * facc)), -1.0e6, 1.0e6)) ^ 1));
    results[at + 2u] = uint((bitCount((x0 + int(1u))) | (((((7) & 0x7fffffff) / -5) - abs((-2147483647 - 1))) & -100)));
    results[at + 3u] = floatBitsToUint((-(0.125)));
    results[at + 4u] = uint(int((bitfieldExtract(0x80000000u, 2, 11) << (((y0 <= p[2].w) ? 1u : ((((uint(acc)) ^ u0) >= ((255u) ^ 5u)) ? 1u : 1u)) & 31u))));
    results[at + 5u] = floatBitsToUint(exp2(clamp(facc, -8.0, 8.0)));
    results[at + 6u] = (uint(acc) - (((((0x80000000u << (u0 & 31u))) ^ uint(x1 & 512)) * (((((u0) ^ uint(x1 & 512)) * ((255u) ^ uint(x1 & 256)))) ^ uint(x1 & 256))) / 17u));
    results[at + 7u] = uint((-(((min(x0, (int(i) & 3)) >> ((((7 >> ((((int(i) & 3)) ^ (x1 & 16)) & 31))) ^ (x1 & 16)) & 31)) & int((((1u) ^ uint(x1 & 512)) * ((u0) ^ uint(x1 & 256))))))));
    // the end
    vout[gl_InvocationID] = vec4(facc * 0.125, float(acc & 255) / 255.0, fract(y1), 1.0);
}
