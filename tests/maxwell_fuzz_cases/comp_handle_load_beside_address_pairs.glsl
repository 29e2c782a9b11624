#version 450
// stage: comp
// seed: 509
// was: refused: `cbuf` at byte 0x0: constant buffer c0 (the driver's constants) is not translated yet (an if/else whose else arm holds an inner if/else with `@p`/`@!p` writes over a register that held a storage address's low word: the address stayed in the select chain on a path no invocation takes)
layout(local_size_x = 64) in;
shared int shared_ints[64];
layout(std430, binding = 0) readonly buffer Ints { int ints[64]; };
layout(std430, binding = 1) readonly buffer Floats { float floats[64]; };
layout(std430, binding = 2) buffer Results { uint results[]; };
layout(std140, binding = 0) uniform Params { vec4 p[4]; ivec4 q; };
layout(binding = 0) uniform sampler2D fz_tex[4];
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
    float f0 = 0.0, f1 = 0.5, f2 = -1.5, f3 = 3.0, f4 = 0.125, f5 = 1.0;
    // the body
    results[at + 5u] = floatBitsToUint((((x0 <= x1) ? f0 : ((p[0].y == f0) ? (((u0) == 0) ? f0 : texelFetch(fz_tex[q.z & 0], ivec2(uvec2(i & 0u, 0 & 0u)), 0).x) : 0)) - min(y1, y1)));
    // the end
}
