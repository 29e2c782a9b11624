#version 450
// Decal stamps kept in an array of r32ui images picked per draw: read the stamp page,
// write its inverted texel to a mask page and add its low byte into a count page at a
// quarter of the resolution.
layout(binding = 0, r32ui) uniform uimage2D pages[3];
layout(binding = 0) uniform Pick {
    uint stamp_page;
    uint mask_page;
    uint count_page;
};
layout(location = 0) out vec4 color;
void main() {
    ivec2 p = ivec2(gl_FragCoord.xy);
    uint stamp = imageLoad(pages[stamp_page], p).x;
    imageStore(pages[mask_page], p, uvec4(~stamp));
    imageAtomicAdd(pages[count_page], p >> 2, stamp & 0xffu);
    color = unpackUnorm4x8(stamp);
}
