#version 450
// Work-efficient exclusive prefix sum (Blelloch) over 256 elements in shared memory,
// the block total written for the next level.
layout(local_size_x = 128) in;
layout(std430, binding = 0) buffer Data { uint values[]; };
layout(std430, binding = 1) writeonly buffer Totals { uint totals[]; };
shared uint temp[256];
void main() {
    uint t = gl_LocalInvocationID.x;
    uint base = gl_WorkGroupID.x * 256u;
    temp[2u * t] = values[base + 2u * t];
    temp[2u * t + 1u] = values[base + 2u * t + 1u];
    uint offset = 1u;
    for (uint d = 128u; d > 0u; d >>= 1) {
        barrier();
        if (t < d) {
            uint ai = offset * (2u * t + 1u) - 1u, bi = offset * (2u * t + 2u) - 1u;
            temp[bi] += temp[ai];
        }
        offset <<= 1;
    }
    if (t == 0u) { totals[gl_WorkGroupID.x] = temp[255]; temp[255] = 0u; }
    for (uint d = 1u; d < 256u; d <<= 1) {
        offset >>= 1;
        barrier();
        if (t < d) {
            uint ai = offset * (2u * t + 1u) - 1u, bi = offset * (2u * t + 2u) - 1u;
            uint x = temp[ai];
            temp[ai] = temp[bi];
            temp[bi] += x;
        }
    }
    barrier();
    values[base + 2u * t] = temp[2u * t];
    values[base + 2u * t + 1u] = temp[2u * t + 1u];
}
