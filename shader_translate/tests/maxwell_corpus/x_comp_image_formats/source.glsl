#version 450
// imageLoad and imageStore on eight image formats (uam: SULD d b32/b64/b128 of the
// texel's bytes, unpacked by its own code; SUST p rgba converting the registers). Each
// invocation reads its texel and writes the next row's, so no two touch one texel.
layout(local_size_x = 8, local_size_y = 8) in;
layout(binding = 0, rgba8) uniform readonly image2D unorms;
layout(binding = 1, rgba16f) uniform image2D halves;
layout(binding = 2, rgba32f) uniform image2D floats;
layout(binding = 3, rgba8ui) uniform uimage2D bytes;
layout(binding = 4, rgba16ui) uniform uimage2D shorts;
layout(binding = 5, rgba32i) uniform iimage2D ints;
layout(binding = 6, rgba8_snorm) uniform image2D snorms;
layout(binding = 7, r32f) uniform image2D singles;
void main() {
    ivec2 at = ivec2(gl_GlobalInvocationID.xy);
    ivec2 below = at + ivec2(0, 16);
    vec4 u = imageLoad(unorms, at);
    vec4 h = imageLoad(halves, at);
    imageStore(halves, below, h * 2.0 + u.wzyx);
    imageStore(floats, below, imageLoad(floats, at).yxwz - u);
    uvec4 b = imageLoad(bytes, at);
    imageStore(bytes, below, b.wzyx + uvec4(3, 5, 7, 0));
    uvec4 s = imageLoad(shorts, at);
    imageStore(shorts, below, s + b + 40000u);
    ivec4 i = imageLoad(ints, at);
    imageStore(ints, below, i.zwxy * 3 - ivec4(b));
    vec4 n = imageLoad(snorms, at);
    imageStore(snorms, below, -n.yxwz);
    float r = imageLoad(singles, at).x;
    imageStore(singles, below, vec4(r * 0.5 + n.x));
}
