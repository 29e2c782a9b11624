#version 460
// A tree reduction in shared memory: a loop whose body loads and stores under a condition
// and ends in a barrier; integers, so the bytes compare exactly.
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer In { uint values[]; };
layout(std430, binding = 1) buffer Out { uint sums[]; };
shared uint partial[64];
void main() {
    uint l = gl_LocalInvocationID.x;
    partial[l] = values[gl_GlobalInvocationID.x];
    barrier();
    for (uint stride = 32u; stride > 0u; stride >>= 1u) {
        if (l < stride) partial[l] += partial[l + stride] ^ stride;
        barrier();
    }
    if (l == 0u) sums[gl_WorkGroupID.x] = partial[0];
}
