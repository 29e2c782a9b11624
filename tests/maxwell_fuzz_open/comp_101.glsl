#version 450
// stage: comp
// seed: 101
// outcome: mismatch: result word 0, invocation 1: ours 0x0, glslang 0x1
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
    switch (-1) { case 0: acc = 0; default: break; }
    results[at] = uint(acc);
    // the end
}
