#version 450
// stage: tesc
// seed: 6
// was: refused: `attribute` a[0x0] (not a tess control output): the level stores (`st p`) kept as outputs across the early return
layout(vertices = 4) out;
layout(location = 0) in vec4 vin[];
layout(location = 0) out vec4 vout[];
layout(std430, binding = 0) readonly buffer Ints { int ints[64]; };
layout(std430, binding = 1) readonly buffer Floats { float floats[64]; };
layout(std430, binding = 2) buffer Results { uint results[]; };
layout(std140, binding = 0) uniform Params { vec4 p[4]; ivec4 q; };
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
    // the body
    facc = (((((acc) ^ x1) != (((0 | (-2147483647 - 1))) ^ x0)) ? 0.5 : y1) + clamp(trunc(clamp(y0, -2.0, 2.0)), -2.0, 2.0));
    if (((findMSB(-100)) ^ x1) > ((((((-2147483647 - 1) << (arr[x0 & 3] & 31)) & -100) | ((-2147483647 - 1) << (int(255u) & 31)))) ^ x0)) { return; }
    results[at + 0u] = (((!(mix(p[1].y, p[2].w, 0.25) < (-(y0)))) && (!((-(0.125)) > float(0)))) ? 1u : 0u);
    results[at + 1u] = (((((((-100 >> (((0) ^ (x1 & 16)) & 31))) ^ x1) != ((acc) ^ x0)) && (x0 <= x1)) && (vin[gl_InvocationID].x != float((0 + -1)))) ? 1u : 0u);
    results[at + 2u] = uint(gl_InvocationID);
    results[at + 3u] = uint((-1 | (max(7, arr[x0 & 3]) ^ (0 << (-100 & 31)))));
    results[at + 4u] = floatBitsToUint(float((((x1 ^ -100) >> ((((0 >> (((acc) ^ (x1 & 16)) & 31))) ^ (x1 & 16)) & 31)) - ((x0 >> (((-1) ^ (x1 & 16)) & 31)) + q.x))));
    results[at + 5u] = (((((-(p[2].w)) - inversesqrt(abs(3.0) + 1.0)) == (0.5 + p[1].y)) && (!(x0 != x1))) ? 1u : 0u);
    results[at + 6u] = floatBitsToUint((facc * mix(abs(mix(p[2].w, vin[gl_InvocationID].x, 0.25)), max(float(uint(acc)), sqrt(abs(vin[gl_InvocationID].x))), 0.25)));
    results[at + 7u] = bitfieldExtract((uint(clamp(floor(vin[gl_InvocationID].x), 0.0, 1.0e6)) + bitfieldExtract(u0, 17, 10)), 13, 15);
    // the end
    vout[gl_InvocationID] = vec4(facc * 0.125, float(acc & 255) / 255.0, fract(y1), 1.0);
}
