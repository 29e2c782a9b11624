#version 450
// stage: tesc
// seed: 1489
// outcome: mismatch: result word 7, invocation 1: ours -2, glslang 0
layout(vertices = 4) out;
layout(location = 0) in vec4 vin[];
layout(location = 0) out vec4 vout[];
layout(std430, binding = 0) readonly buffer Ints { int ints[64]; };
layout(std430, binding = 1) readonly buffer Floats { float floats[64]; };
layout(std430, binding = 2) buffer Results { uint results[]; };
layout(std140, binding = 0) uniform Params { vec4 p[4]; ivec4 q; };
layout(binding = 0) uniform sampler2D fz_tex[4];
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
    facc = 0;
    switch (int(clamp((facc - f2), -0.0, 1.0e6)) ^ x0) {
    case 0:
        break;
    default:
        facc = f2;
    }
    results[at + 7u] = floatBitsToUint(floor((facc)));
    // the end
    vout[gl_InvocationID] = vec4(facc * 0.125, float(acc & 255) / 255.0, fract(y1), 1.0);
}
