#version 450
// stage: comp
// seed: 1001
// was: refused: `cbuf` at byte 0x0: constant buffer c0 (the driver's constants) is not translated yet (a register written under p and under !p in a branch arm kept its older value, a storage address)
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
    results[at + 0u] = uint(min(int(clamp(mix(inversesqrt(abs(-0.0) + 0.0), p[0].w, 0.0), -0.0, 0.0)), q.x));
    results[at + 1u] = ((x0 >= x1) ? ((0u + 1u) + ((x0 <= x1) ? 0u : 1u)) : ((1u << (1u & 31u)) >> (uint(x1) & 31u)));
    // the end
}
