#version 450
// Typed images in a fragment program: rgba8 and rgba16f loads (SULD d b32, b64, unpacked
// by uam's code), an rgba32f store at the pixel (SUST p rgba; one fragment a pixel), and
// signed imageAtomicMin / imageAtomicMax (SUATOM d s32: the type's bit ORed into the
// handle of slot 4) into 8x8-pixel bins of an r32i image.
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 colour;
layout(binding = 0, rgba8) uniform readonly image2D paint;
layout(binding = 1, rgba16f) uniform readonly image2D shade;
layout(binding = 3, rgba32f) uniform writeonly image2D copy;
layout(binding = 4, r32i) uniform iimage2D bins;
void main() {
    ivec2 p = ivec2(gl_FragCoord.xy);
    vec4 a = imageLoad(paint, p & 15);
    vec4 h = imageLoad(shade, p & 7);
    imageStore(copy, p, a * 4.0 - h);
    int v = int(a.x * 255.0) - 128 + p.y;
    imageAtomicMin(bins, p >> 3, v);
    imageAtomicMax(bins, ivec2(8, 0) + (p >> 3), v * 3);
    colour = vec4(a.yz, clamp(h.x * 0.25 + 0.5, 0.0, 1.0), 1.0);
}
