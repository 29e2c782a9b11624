#version 450
// 1D, 1D-array, 3D, cube and cube-array textures: samples (TEX t1d, TEXS t3d, TEXS tcube,
// TEX array tcube), explicit levels (TEX ll, TEXS ll tcube), fetches (TLDS t1d, TLD array
// t1d, TLDS t3d, TLD ll t3d), offsets (TEX aoffi t1d, t3d), gathers of cubes (TLD4
// tcube), size queries (TXQ) and level-of-detail queries (TMML t3d, tcube).
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 colour;
layout(binding = 0) uniform sampler1D line;
layout(binding = 1) uniform sampler1DArray lines;
layout(binding = 2) uniform sampler3D volume;
layout(binding = 3) uniform samplerCube sky;
layout(binding = 4) uniform samplerCubeArray skies;
void main() {
    ivec2 i = ivec2(uv * 8.0);
    vec3 dir = vec3(uv * 2.0 - 1.0, 0.6);
    vec4 l0 = texture(line, uv.x) + textureLod(line, uv.y, 0.6) + texelFetch(line, i.x, 1)
        + textureOffset(line, uv.y, 3);
    vec4 l1 = texture(lines, vec2(uv.x, uv.y * 2.9)) + textureLod(lines, uv.yx, 1.3)
        + texelFetch(lines, ivec2(i.y, 2), 0);
    vec4 v0 = texture(volume, vec3(uv, uv.x * 0.7)) + textureLod(volume, uv.yxy, 0.4)
        + texelFetch(volume, ivec3(i.xy, i.x) >> 1, 0) + texelFetch(volume, i.yxy >> 2, 1)
        + textureOffset(volume, uv.xxy, ivec3(1, -1, 2));
    vec4 c0 = texture(sky, dir) + textureLod(sky, dir.zxy, 0.8)
        + textureGather(sky, dir.yzx, 2) + texture(skies, vec4(dir.xzy, 1.0))
        + textureLod(skies, vec4(-dir, 0.0), 0.5) + textureGather(skies, vec4(dir, 1.0), 1);
    vec4 sizes = vec4(textureSize(line, 1), textureSize(lines, 0), 1.0) / 32.0
        + vec4(textureSize(volume, 1), textureSize(sky, 0).x) / 16.0
        + vec4(textureSize(skies, 0), 0.0) / 16.0;
    vec2 q = textureQueryLod(volume, vec3(uv, 0.5)) + textureQueryLod(sky, dir);
    colour = l0 * 0.06 + l1 * 0.08 + v0 * 0.04 + c0 * 0.03 + sizes * 0.05
        + vec4(q, q) * 0.02;
}
