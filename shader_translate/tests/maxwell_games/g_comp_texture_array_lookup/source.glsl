#version 460
// A texture atlas lookup: pages of a sampler array picked by uniform indices (the
// handle word loaded at a run-time offset of the driver's texture-handle words).
layout(local_size_x = 64) in;

layout(binding = 0) uniform sampler2D pages[4];

layout(std140, binding = 0) uniform Lookup {
    int page;
    int other_page;
    int fetch_page;
    float level;
};

layout(std430, binding = 0) buffer Results {
    vec4 results[];
};

void main() {
    uint i = gl_GlobalInvocationID.x;
    ivec2 texel = ivec2(i % 8u, i / 8u);
    vec2 uv = (vec2(texel) + 0.5) / 8.0;
    int k = page & 3;
    vec4 sampled = texture(pages[k], uv);
    vec4 level_read = textureLod(pages[other_page & 3], uv.yx, level);
    vec4 fetched = texelFetch(pages[fetch_page & 3], texel, 0);
    vec4 gathered = textureGather(pages[(k + 1) & 3], uv, 1);
    results[2u * i] = sampled + level_read * 2.0 + fetched * 4.0;
    results[2u * i + 1u] = gathered;
}
