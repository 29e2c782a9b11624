#version 450
// stage: vert
// seed: 120
// was: refused: `cbuf` at byte 0x0: constant buffer c0 (the driver's constants, its word at c0[0xc4]) is not translated yet (a storage address's high word from `ld b64 c0[0xc0]`, three selects down in the register a loop then carried as its counter: an if/else inside a `switch` arm; only two were followed when the word was left out of the loop's variables)
layout(location = 0) in vec4 attr;
layout(location = 0) out vec4 vout;
layout(std430, binding = 0) readonly buffer Ints { int ints[64]; };
layout(std430, binding = 1) readonly buffer Floats { float floats[64]; };
layout(std430, binding = 2) buffer Results { uint results[]; };
layout(std140, binding = 0) uniform Params { vec4 p[4]; ivec4 q; };
layout(binding = 0) uniform sampler2D fz_tex[4];
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
    float f0 = floats[0], f1 = floats[2], f2 = floats[5], f3 = floats[10], f4 = f1 * f1 * f1, f5 = f1 + f1;
    // the body
    switch (0 ^ x0) {
    case 0:
        u0 = ((0 > uint(x1 & 0)) ? (0 ^ uint(x1 & 4096)) : uint((min(q.x, gl_VertexID)) ^ (x1 & 1024)));
    case 2:
        for (int k = 0; k < 6; k++) {
            acc += k * (((-((acc) ^ (x1 & 4096)))) ^ (x1 & 256));
            if (((acc) ^ x1) > (((int(((0x80000000u >> (((u0) ^ uint(x1 & 16)) & 31u))) ^ uint(x1 & 1024)) | bitfieldExtract((gl_VertexID << (((arr[x0 & 3]) ^ (x1 & 16)) & 31)), 14, 5))) ^ x0)) { continue; }
        }
        acc = arr[x0 & 3];
    }
    for (int k = 0; k < 3; k++) {
        if (!(((f2 - facc) >= (f1 + f4)) && (x0 != x1))) {
            facc = (y1 + fract(((float(7) * f5) - texelFetch(fz_tex[q.z & 3], ivec2(uvec2(i & 7u, (i >> 3u) & 7u)), 0).x)));
        } else {
        }
    }
    // the end
    vout = vec4(facc * 0.1, float(acc & 255) / 255.0, fract(y1), 1.0);
}
