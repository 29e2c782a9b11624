#version 450
// Tile pages in an array of r32ui images picked by per-dispatch indices (a virtual
// texture's page update): read one page, write a remapped texel to another, count
// visits in a third with an atomic add and keep the running maximum in a fourth.
layout(local_size_x = 8, local_size_y = 8) in;
layout(binding = 0, r32ui) uniform uimage2D pages[4];
layout(binding = 0) uniform Pick {
    uint read_page;
    uint write_page;
    uint count_page;
    uint max_page;
};
layout(std430, binding = 0) buffer Seen { uint seen[]; };
void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    uint texel = imageLoad(pages[read_page], p).x;
    uint remapped = (texel >> 3) ^ (texel * 2654435761u);
    imageStore(pages[write_page], p, uvec4(remapped));
    // (The atomics' old values depend on the invocations' order: only their sums and
    // maxima, left in the images, are compared.)
    imageAtomicAdd(pages[count_page], p >> 1, 1u);
    imageAtomicMax(pages[max_page], ivec2(p.x & 3, 0), texel);
    seen[p.y * 16 + p.x] = texel ^ remapped;
}
