#version 450
// Terrain grid displaced by a height map sampled in the vertex stage; normal by
// central differences of texel fetches.
layout(binding = 0) uniform sampler2D height_map;
layout(std140, binding = 0) uniform Terrain { mat4 view_projection; vec4 scale; ivec4 grid; };
layout(location = 0) out vec3 normal;
layout(location = 1) out vec2 uv;
void main() {
    int cols = grid.x;
    ivec2 cell = ivec2(gl_VertexID % cols, gl_VertexID / cols);
    vec2 at = vec2(cell) / float(cols - 1);
    float h = textureLod(height_map, at, 0.0).r * scale.y;
    ivec2 size = textureSize(height_map, 0);
    ivec2 t = clamp(ivec2(at * vec2(size)), ivec2(1), size - 2);
    float l = texelFetch(height_map, t - ivec2(1, 0), 0).r;
    float r = texelFetch(height_map, t + ivec2(1, 0), 0).r;
    float d = texelFetch(height_map, t - ivec2(0, 1), 0).r;
    float u = texelFetch(height_map, t + ivec2(0, 1), 0).r;
    normal = normalize(vec3((l - r) * scale.y, 2.0 * scale.x, (d - u) * scale.y));
    uv = at;
    gl_Position = view_projection * vec4(at.x * scale.x, h, at.y * scale.z, 1.0);
}
