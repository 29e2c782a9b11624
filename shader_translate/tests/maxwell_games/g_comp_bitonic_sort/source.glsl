#version 450
// Bitonic sort of 512 keys (depth-sorted particles) in shared memory: key in the high
// bits, particle index in the low bits.
layout(local_size_x = 256) in;
layout(std430, binding = 0) buffer Keys { uint keys[]; };
shared uint values[512];
void main() {
    uint t = gl_LocalInvocationID.x;
    uint base = gl_WorkGroupID.x * 512u;
    values[t] = keys[base + t];
    values[t + 256u] = keys[base + t + 256u];
    barrier();
    for (uint size = 2u; size <= 512u; size <<= 1) {
        for (uint stride = size >> 1; stride > 0u; stride >>= 1) {
            uint pos = 2u * t - (t & (stride - 1u));
            uint a = values[pos], b = values[pos + stride];
            bool ascending = ((pos & size) == 0u);
            if ((a > b) == ascending) { values[pos] = b; values[pos + stride] = a; }
            barrier();
        }
    }
    keys[base + t] = values[t];
    keys[base + t + 256u] = values[t + 256u];
}
