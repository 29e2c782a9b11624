#version 450
// imageAtomicExchange on an r32f image (SUATOM d exch: uam gives it the u32 type, the
// bits being the same): each invocation swaps its own texel and stores the old value,
// times two, in the row below (SUST p rgba).
layout(local_size_x = 8, local_size_y = 8) in;
layout(binding = 1, r32f) uniform image2D levels;
void main() {
    ivec2 at = ivec2(gl_GlobalInvocationID.xy);
    float old = imageAtomicExchange(levels, at, float(at.x - at.y) * 0.125);
    imageStore(levels, at + ivec2(0, 16), vec4(old * 2.0));
}
