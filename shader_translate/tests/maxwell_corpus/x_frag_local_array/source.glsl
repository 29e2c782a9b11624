#version 450
// A local array indexed by values known only at run time: uam keeps it in local memory
// (stl/ldl), sized in the SPH.
layout(location = 0) out vec4 colour;
layout(std140, binding = 0) uniform Params { ivec4 count; vec4 scale; };
void main() {
    float values[16];
    int n = count.x;
    for (int i = 0; i < 16; i++) {
        values[i] = float(i * i) * scale.x;
    }
    ivec2 p = ivec2(gl_FragCoord.xy);
    int a = (p.x + p.y * 3) & 15;
    int b = (p.x * 5 + n) & 15;
    values[a] += 1.0;
    colour = vec4(values[a] / 256.0, values[b] / 256.0, values[(a + b) & 15] / 256.0, 1.0);
}
