#version 460
// Storage buffers in and out, shared memory across a barrier, an atomic add, the
// invocation ids and a uniform block: integers only, so the bytes compare exactly.
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer Data { uint values[]; };
layout(std430, binding = 1) buffer Out { uint total; uint sums[]; };
layout(std140, binding = 0) uniform Params { uint bias; uint shift; };
shared uint tile[64];
void main() {
    uint lid = gl_LocalInvocationID.x;
    uint gid = gl_GlobalInvocationID.x;
    tile[lid] = values[gid] * 3u + bias + gl_WorkGroupID.x;
    barrier();
    uint v = tile[63u - lid] ^ (tile[(lid + 1u) & 63u] >> shift);
    sums[gid] = v;
    atomicAdd(total, v & 0xffu);
}
