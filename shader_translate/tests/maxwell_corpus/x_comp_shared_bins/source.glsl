#version 460
// Shared-memory atomics (add, max, xor, each on its own bins so the result does not
// depend on the order invocations run in), with barriers around them.
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer In { uint values[]; };
layout(std430, binding = 1) buffer Out { uint counts[]; };
shared uint bins[12];
void main() {
    uint l = gl_LocalInvocationID.x;
    if (l < 12u) bins[l] = 0u;
    barrier();
    uint v = values[gl_GlobalInvocationID.x];
    atomicAdd(bins[v & 3u], v >> 28);
    atomicMax(bins[4u + ((v >> 2) & 3u)], v & 0xffffu);
    atomicXor(bins[8u + ((v >> 4) & 3u)], v);
    barrier();
    if (l < 12u) counts[gl_WorkGroupID.x * 12u + l] = bins[l];
}
