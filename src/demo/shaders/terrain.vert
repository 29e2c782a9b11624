#version 450
// A chunk as a grid of quads (two triangles each), placed by the camera's transform.
layout(std140, binding = 0) uniform Chunk {
    mat4 view_projection;
    vec4 origin_size; // world x, world y, chunk size, grid cells a side
};
layout(location = 0) out vec2 uv;

void main() {
    uint cells = uint(origin_size.w);
    uint quad = uint(gl_VertexIndex) / 6u;
    uint corner = uint(gl_VertexIndex) % 6u;
    uvec2 offsets[6] = uvec2[](uvec2(0, 0), uvec2(1, 0), uvec2(0, 1), uvec2(1, 0), uvec2(1, 1), uvec2(0, 1));
    uvec2 cell = uvec2(quad % cells, quad / cells) + offsets[corner];
    uv = vec2(cell) / float(cells);
    vec2 world = origin_size.xy + uv * origin_size.z;
    gl_Position = view_projection * vec4(world, 0.0, 1.0);
}
