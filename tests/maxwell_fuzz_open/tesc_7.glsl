#version 450
// stage: tesc
// seed: 7
// outcome: mismatch: result word 0, invocation 0: ours 0x0, glslang 0x1
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
    acc = (min((((acc) & 0x7fffffff) / 16), (((-100) & 0x7fffffff) / -5)) >> ((((min(x1, arr[x0 & 3]) >> ((((((7) & 0x7fffffff) / 3)) ^ (x1 & 16)) & 31))) ^ (x1 & 16)) & 31));
    arr[((0) ^ x0) & 3] = findLSB(0);
    results[at + 0u] = ((((bitfieldExtract(max(acc, x1), 18, 5)) ^ x1) > (((arr[x0 & 3] ^ ((((x1) & 0x7fffffff) / 3) + 2147483647))) ^ x0)) ? 1u : 0u);
    // the end
    vout[gl_InvocationID] = vec4(facc * 0.125, float(acc & 255) / 255.0, fract(y1), 1.0);
}
