#version 450
// Depth compare (TEXS dc, TLD4S dc: texture and textureGather with a reference), 2D
// arrays (TEXS a2d, TEX ll array, TLD ll array) and texel offsets (TEX aoffi, TLDS
// aoffi, TLD4S aoffi), and their long forms on arrays (TEX ll, TLD aoffi, TLD4 aoffi).
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 colour;
layout(binding = 0) uniform sampler2D base;
layout(binding = 1) uniform sampler2DShadow depth;
layout(binding = 2) uniform sampler2DArray layers;
void main() {
    float s0 = texture(depth, vec3(uv, uv.x * 0.5 + 0.25));
    vec4 gs = textureGather(depth, uv * 0.91 + 0.017, 0.5);
    vec4 a0 = texture(layers, vec3(uv, uv.x * 2.9));
    vec4 a1 = textureLod(layers, vec3(uv.yx, 2.0), 0.0);
    vec4 o0 = textureOffset(base, uv, ivec2(1, -2));
    vec4 o1 = texelFetchOffset(base, ivec2(uv * 8.0), 0, ivec2(-1, 3));
    vec4 o2 = textureGatherOffset(base, uv * 0.87 + 0.029, ivec2(2, 1), 3);
    vec4 t3 = texelFetch(layers, ivec3(ivec2(uv * 8.0), 1), 0);
    float s1 = textureLod(depth, vec3(uv.yx, 0.5), 0.0);
    vec4 l0 = textureLod(layers, vec3(uv, 1.0), 0.7);
    vec4 l1 = texelFetchOffset(layers, ivec3(ivec2(uv * 8.0), 2), 0, ivec2(1, 0));
    vec4 l2 = textureGatherOffset(layers, vec3(uv * 0.83 + 0.041, 2.0), ivec2(-1, 2), 1);
    colour = (s0 + s1) * vec4(0.1, 0.2, 0.05, 0.1) + gs * 0.1 + a0 * 0.15 + a1 * 0.1 + o0 * 0.1
        + o1 * 0.1 + o2 * 0.1 + t3 * 0.1 + (l0 + l1 + l2) * 0.05;
}
