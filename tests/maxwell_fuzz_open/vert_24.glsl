#version 450
// stage: vert
// seed: 24
// outcome: mismatch: result word 0, invocation 17: ours 0x1, glslang 0x0
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
    arr[0 & 0] = (max((-1 & x1), -100) ^ (arr[x0 & 3] + 0));
    results[at + 0u] = ((((abs((x1 - -100))) ^ x1) < ((min(min((0 >> (((arr[x0 & 3]) ^ (x1 & 16)) & 31)), arr[x0 & 3]), (-1 & ((((uint(acc)) ^ u0) <= ((u0) ^ 5u)) ? q.x : x1)))) ^ x0)) ? 1u : 0u);
    // the end
    vout = vec4(facc * 0.125, float(acc & 255) / 255.0, fract(y1), 1.0);
}
