#version 450
// stage: geom
// seed: 3111
// outcome: mismatch: result word 7, invocation 9: ours 0x1, glslang 0x0
layout(points) in;
layout(triangle_strip, max_vertices = 3) out;
layout(location = 0) in vec4 vin[];
layout(location = 0) out vec4 vout;
layout(std430, binding = 0) readonly buffer Ints { int ints[64]; };
layout(std430, binding = 1) readonly buffer Floats { float floats[64]; };
layout(std430, binding = 2) buffer Results { uint results[]; };
layout(std140, binding = 0) uniform Params { vec4 p[4]; ivec4 q; };
layout(binding = 0) uniform sampler2D fz_tex[4];
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
    float f0 = 0.0, f1 = 0.5, f2 = -1.5, f3 = 3.0, f4 = 0.125, f5 = 1.0;
    // the body
    results[at + 7u] = ((((y0 - f1) + f1) >= abs(y0)) ? 1u : 0u);
    // the end
    vout = vec4(facc * 0.1, float(acc & 255) / 255.0, fract(y1), 1.0);
    for (int v = 0; v < 3; v++) {
        gl_Position = gl_in[0].gl_Position + vec4(float(v & 1) * 0.2, float(v >> 1) * 0.2, 0.0, 0.0);
        EmitVertex();
    }
    EndPrimitive();
}
