#version 450
// stage: geom
// seed: 357
// outcome: mismatch: result word 0, invocation 0: ours 0x7fffffff, glslang 0xffffff9c
layout(points) in;
layout(triangle_strip, max_vertices = 3) out;
layout(location = 0) in vec4 vin[];
layout(location = 0) out vec4 vout;
layout(std430, binding = 0) readonly buffer Ints { int ints[64]; };
layout(std430, binding = 1) readonly buffer Floats { float floats[64]; };
layout(std430, binding = 2) buffer Results { uint results[]; };
layout(std140, binding = 0) uniform Params { vec4 p[4]; ivec4 q; };
void main() {
    uint i = uint(gl_PrimitiveIDIn);
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
    for (int k = 0; k < 6; k++) {
        if (exp2(clamp(clamp(y0, -2.0, 2.0), -8.0, 8.0)) == float(uint(clamp(float(acc), 0.0, 1.0e6)))) { break; }
        acc += k * ((int(max(max(uint(clamp(p[2].w, 0.0, 1.0e6)), uint(arr[x0 & 3])), min(0u, (0u << (1u & 31u)))))) ^ (x1 & 256));
        if (!((y1 != facc) && (x0 != x1))) { continue; }
        arr[x0 & 3] = (((x0 <= x1) ? ((((1) & 0x7fffffff) / -5) ^ 7) : 7) | arr[x0 & 3]);
    }
    if ((((((uint(acc) - 1u) + (0xffffffffu - u0)) + ((((0x80000000u) ^ u0) >= ((0u) ^ 5u)) ? (255u - 1u) : max(0x80000000u, 0x80000000u)))) ^ u0) == (((uint(acc) % 10u)) ^ 5u)) { return; }
    results[at + 0u] = uint(max((-((abs(-100) ^ ((-2147483647 - 1) * ((q.x) ^ (x1 & 256)))))), (1 | ((1 + (-2147483647 - 1)) * ((int(1u)) ^ (x1 & 256))))));
    results[at + 1u] = uint(acc);
    results[at + 2u] = ((((ceil(p[2].w) * float(arr[x0 & 3])) <= (clamp(0.125, -2.0, 2.0) + p[2].w)) && ((((uint(clamp(vin[0].y, 0.0, 1.0e6)) % 10u)) ^ u0) >= (((uint(x1) >> (bitfieldExtract(0x80000000u, 1, 31) & 31u))) ^ 5u))) ? 1u : 0u);
    results[at + 3u] = uint(arr[x0 & 3]);
    // the end
    vout = vec4(facc * 0.125, float(acc & 255) / 255.0, fract(y1), 1.0);
    for (int v = 0; v < 3; v++) {
        gl_Position = gl_in[0].gl_Position + vec4(float(v & 1) * 0.2, float(v >> 1) * 0.2, 0.0, 0.0);
        EmitVertex();
    }
    EndPrimitive();
}
