#version 450
// stage: vert
// seed: 144
// outcome: mismatch: result word 7, invocation 7: ours 0x39, glslang 0xfffff9
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
    arr[0 & 0] = max(bitfieldExtract(x0, 0, 16), max(7, arr[x0 & 3]));
    arr[(((arr[x0 & 3] & x1) - (abs((-1 * 100)) * 3))) & 3] = int(((255u << ((u0 >> (0u & 31u)) & 31u)) / 256u));
    results[at + 0u] = ((((uint(abs(1))) ^ u0) > (((((((1u) ^ u0) == ((0xffffffffu) ^ 5u)) ? 0x80000000u : 0x80000000u) * 0x80000000u)) ^ 5u)) ? 0x80000000u : (((uint(acc) / 10u) % 10u) - 0xffffffffu));
    results[at + 7u] = uint((-((((-(arr[x0 & 3])) + gl_VertexID) - arr[x0 & 3]))));
    // the end
    vout = vec4(facc * 0.125, float(acc & 255) / 255.0, fract(y1), 1.0);
}
