#version 450
// stage: tesc
// seed: 781
// outcome: mismatch: result word 4, invocation 29: ours 0x8003dacb, glslang 0x8003daca
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
    float f0 = 0.0, f1 = 0.5, f2 = -1.5, f3 = 3.0, f4 = 0.125, f5 = 1.0;
    // the body
    arr[x0 & 3] = int(clamp(mix(y0, ((x0 == x1) ? ((x0 != x1) ? p[1].y : f1) : (float(uint(acc ^ (x1 & 1024))) * f5)), 0.25), -1.0e6, 1.0e6));
    for (int k = 0; k < 1; k++) {
        if ((max(f1, (p[2].w * facc)) == facc) && (!(x0 != x1))) { break; }
        acc += k * (((2147483647 - q.x)) ^ (x1 & 256));
        if ((mix((float(0xffffffffu) * f5), min(facc, f1), 0.25) - min(((((0xffffffffu) ^ u0) >= ((u0) ^ 5u)) ? y1 : y0), (f1 - f1))) > min(mix(clamp(f4, -2.0, 2.0), (f4 + facc), 0.25), (-((facc + f2))))) { continue; }
        facc = (((p[1].y < p[2].w) && (x0 >= x1)) ? (f4 * y1) : sign((float((q.x >> (((-100) ^ (x1 & 16)) & 31))) * f5)));
    }
    results[at + 0u] = uint((int((((((0xffffffffu) ^ uint(x1 & 512)) * ((0x80000000u) ^ uint(x1 & 256))) - bitfieldExtract(u0, 10, 19))) ^ uint(x1 & 1024))) ^ (x1 & 1024));
    results[at + 1u] = floatBitsToUint(f4);
    results[at + 2u] = u0;
    results[at + 3u] = floatBitsToUint((float(((((((((x0 > x1) ? uint(acc ^ (x1 & 1024)) : u0)) ^ uint(x1 & 2048)) / 17u)) ^ uint(x1 & 2048)) / 3u)) * f5));
    results[at + 4u] = uint((arr[x0 & 3] - max((q.x | (-1 - 2147483647)), (bitfieldExtract(arr[x0 & 3], 27, 1) - (-2147483647 - 1)))));
    // the end
    vout[gl_InvocationID] = vec4(facc * 0.125, float(acc & 255) / 255.0, fract(y1), 1.0);
}
