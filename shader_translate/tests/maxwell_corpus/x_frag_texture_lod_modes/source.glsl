#version 450
// Level-of-detail modes: biased samples (TEX lb on 1D, 2D, 2D-array, 3D, cube and a depth
// compare; TEX lb aoffi), explicit levels with offsets (TEX ll aoffi), derivatives
// (TXD t1d, t2d, array t2d, aoffi) and fetches from level 1 (TLDS ll, TLD ll aoffi).
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 colour;
layout(binding = 0) uniform sampler2D base;
layout(binding = 1) uniform sampler2DArray layers;
layout(binding = 2) uniform sampler1D line;
layout(binding = 3) uniform sampler3D volume;
layout(binding = 4) uniform samplerCube sky;
layout(binding = 5) uniform sampler2DShadow depth;
void main() {
    vec3 dir = vec3(uv * 2.0 - 1.0, -0.7);
    // The implicit level is about -2 (16 texels over 64 pixels), -3 for the 8-texel
    // textures: the biases bring it between levels 0 and 2.
    vec4 b0 = texture(base, uv, 2.75) + textureOffset(base, uv.yx, ivec2(1, -1), 3.4)
        + texture(layers, vec3(uv, 1.0), 3.25) + texture(line, uv.x, 2.6)
        + texture(volume, uv.xyx, 3.5) + texture(sky, dir, 2.9);
    float s0 = texture(depth, vec3(uv, uv.y * 0.5 + 0.25), 2.8);
    vec4 l0 = textureLodOffset(base, uv, 1.5, ivec2(-2, 1))
        + texelFetch(base, ivec2(uv * 4.0), 1) + texelFetchOffset(base, ivec2(uv * 3.0), 1, ivec2(1, 2));
    // Derivatives of 0.5 to 3 texels: levels between 0 and 2, told apart by each.
    vec4 g0 = textureGrad(base, uv, vec2(0.06, 0.01), vec2(-0.02, 0.09) * uv.x)
        + textureGrad(line, uv.y, 0.11 * uv.y, 0.04)
        + textureGrad(layers, vec3(uv.yx, 2.0), vec2(0.03, 0.15), vec2(0.11, -0.05))
        + textureGradOffset(base, uv.yx, vec2(0.16, 0.0), vec2(0.0, 0.07), ivec2(1, 2));
    colour = b0 * 0.07 + s0 * vec4(0.1, 0.05, 0.2, 0.1) + l0 * 0.1 + g0 * 0.08;
}
