#version 450
// A signed image atomic on an odd image slot: uam's handle and operand type share
// bit 36, so Hookshot refuses it by name (tests/maxwell_translate.rs).
layout(local_size_x = 8, local_size_y = 8) in;
layout(binding = 3, r32i) uniform iimage2D counts;
void main() {
    imageAtomicMin(counts, ivec2(gl_GlobalInvocationID.xy) >> 2, int(gl_LocalInvocationIndex) - 7);
}
