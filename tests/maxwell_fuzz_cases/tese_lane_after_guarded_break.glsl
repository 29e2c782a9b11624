#version 450
// stage: tese
// seed: 2930
// was: refused: `mov` at byte 0x778: the lane id in a tess-eval program other than as gl_TessCoord's index is not translated yet (`@p mov $r0 $laneid`, `@p ld o a[0x2f0] $r0`, `@p brk`: the code after the break read `$r0` as a select on p holding the lane id)
layout(quads, equal_spacing, ccw) in;
layout(location = 0) in vec4 vin[];
layout(location = 0) out vec4 vout;
layout(std430, binding = 0) readonly buffer Ints { int ints[64]; };
layout(std430, binding = 1) readonly buffer Floats { float floats[64]; };
layout(std430, binding = 2) buffer Results { uint results[]; };
layout(std140, binding = 0) uniform Params { vec4 p[4]; ivec4 q; };
layout(binding = 0) uniform sampler2D fz_tex[4];
void main() {
    uint i = uint(gl_PrimitiveID) * 4u + uint(round(gl_TessCoord.x)) + 2u * uint(round(gl_TessCoord.y));
    gl_Position = mix(mix(gl_in[0].gl_Position, gl_in[1].gl_Position, gl_TessCoord.x), mix(gl_in[3].gl_Position, gl_in[2].gl_Position, gl_TessCoord.x), gl_TessCoord.y);
    vout = vin[0];
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
    switch (x1) {
    case 0:
            arr[x0 & 0] = (arr[x0 & 0]);
            facc = gl_TessCoord.x;
        break;
    case 1:
        arr[x0 & 0] = 0;
    }
    // the end
    vout = vec4(facc * 0.1, float(acc & 255) / 255.0, fract(y1), 1.0);
}
