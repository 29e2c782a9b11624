#version 460
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer Data { uint total; int signed_min; uint values[]; };
layout(binding = 0, r32ui) uniform uimage2D counts;
layout(std140, binding = 0) uniform Params { uint count; uint shift; int bias; };
shared uint tile[64];
shared uint hits;

void main() {
    uint lid = gl_LocalInvocationID.x;
    uint gid = gl_GlobalInvocationID.x;
    if (lid == 0u) hits = 0u;
    tile[lid] = values[gid] ^ (gid << shift);
    barrier();
    uint acc = 0u;
    for (uint i = 0u; i < 64u; i++) {
        uint v = tile[(lid + i) & 63u];
        if ((v & 1u) == 0u) continue;
        acc += bitCount(v) + uint(findMSB(v)) + bitfieldExtract(v, 3, 5);
        if (acc > count) break;
    }
    atomicAdd(hits, acc & 7u);
    memoryBarrierShared();
    barrier();
    if (lid == 0u) {
        atomicAdd(total, hits);
        atomicMin(signed_min, int(acc) - bias);
    }
    ivec2 at = ivec2(int(gid & 15u), int(gid >> 4));
    uint old = imageLoad(counts, at).x;
    imageStore(counts, at, uvec4(old + max(acc, lid) * 3u));
    imageAtomicAdd(counts, at + ivec2(1, 0), 1u);
    values[gid] = acc / max(lid, 1u) + (acc % 7u);
}
