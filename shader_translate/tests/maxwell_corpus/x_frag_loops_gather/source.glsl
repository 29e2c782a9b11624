#version 460
layout(location = 0) in vec2 uv;
layout(location = 1) flat in int layer_index;
layout(location = 2) noperspective in vec3 tint;
layout(location = 0) out vec4 colour;
layout(location = 1) out ivec2 ids;
layout(binding = 0) uniform sampler2D base;
layout(binding = 1) uniform sampler2DArray layers;
layout(binding = 2) uniform sampler2DShadow depth;
layout(binding = 3) uniform samplerCube sky;
layout(std140, binding = 1) uniform Material { vec4 weights; int steps; float cut; };

void main() {
    vec4 g = textureGather(base, uv, 1);
    vec4 sum = vec4(0.0);
    int i = 0;
    while (i < steps) {
        vec4 t = texture(layers, vec3(uv + float(i) * 0.01, float(layer_index)));
        if (t.a < cut) { i += 2; continue; }
        sum += t * weights;
        if (sum.x > 4.0) break;
        i++;
    }
    if (sum.w < 0.001) discard;
    float shadow = texture(depth, vec3(uv, 0.5));
    vec4 fetched = texelFetch(base, ivec2(uv * 16.0), 2);
    vec4 lod = textureLod(sky, vec3(uv, 1.0), 3.0);
    ivec2 size = textureSize(layers, 0).xy;
    colour = (g + sum + fetched + lod) * shadow * vec4(tint, 1.0) + vec4(dFdx(uv.x), fwidth(uv.y), 0.0, 0.0);
    ids = ivec2(size.x ^ layer_index, (size.y >> 1) | i);
}
