#version 460
// Terrain material layers: the layer of each material picked by a uniform index into a
// sampler array (uam loads the handle word at a run-time offset and reads through `.b`).
layout(binding = 0) uniform sampler2D layers[4];
layout(binding = 4) uniform sampler2D blend_mask;

layout(std140, binding = 0) uniform Material {
    vec4 tint;
    int base_layer;
    int blend_layer;
    float lod;
    float weight;
};

layout(location = 0) in vec4 uv;
layout(location = 0) out vec4 color;

void main() {
    int k = base_layer & 3;
    vec4 base = texture(layers[k], uv.xy);
    vec4 blend = textureLod(layers[blend_layer & 3], uv.yx, lod);
    vec4 exact = texelFetch(layers[(k + 1) & 3], ivec2(uv.xy * 15.0) & 15, 0);
    vec4 gathered = textureGather(layers[k], uv.zw, 3);
    vec4 shifted = textureOffset(layers[(k + 3) & 3], uv.xy, ivec2(1, -2));
    float m = texture(blend_mask, uv.xy).r;
    color = (mix(base, blend, weight * m) * 0.5 + exact * 0.2 + gathered * 0.1
        + shifted * 0.2) * tint;
}
