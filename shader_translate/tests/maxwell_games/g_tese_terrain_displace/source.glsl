#version 450
// Terrain patch evaluation: bilinear position, height from a height map by textureLod,
// normal from neighbouring height samples, fractional-odd spacing.
layout(quads, fractional_odd_spacing, ccw) in;
layout(binding = 0) uniform sampler2D height_map;
layout(std140, binding = 0) uniform Terrain { mat4 view_projection; vec4 height_texel; };
layout(location = 0) in vec2 in_uv[];
layout(location = 0) out vec3 normal;
layout(location = 1) out vec2 uv;
void main() {
    vec2 t = gl_TessCoord.xy;
    vec2 a = mix(in_uv[0], in_uv[1], t.x), b = mix(in_uv[3], in_uv[2], t.x);
    uv = mix(a, b, t.y);
    vec4 pa = mix(gl_in[0].gl_Position, gl_in[1].gl_Position, t.x);
    vec4 pb = mix(gl_in[3].gl_Position, gl_in[2].gl_Position, t.x);
    vec4 p = mix(pa, pb, t.y);
    float h = textureLod(height_map, uv, 0.0).r;
    float hx = textureLod(height_map, uv + vec2(height_texel.y, 0.0), 0.0).r;
    float hz = textureLod(height_map, uv + vec2(0.0, height_texel.y), 0.0).r;
    p.y += h * height_texel.x;
    normal = normalize(vec3((h - hx) * height_texel.x, height_texel.z, (h - hz) * height_texel.x));
    gl_Position = view_projection * p;
}
