#version 450
// The counting pass of a radix sort with signed keys flipped to sortable order, digits
// by bitfieldExtract (signed and unsigned), per-workgroup counts in shared memory.
layout(local_size_x = 128) in;
layout(std430, binding = 0) readonly buffer Keys { int keys[]; };
layout(std430, binding = 1) buffer Counts { uint counts[]; };
layout(std430, binding = 2) writeonly buffer Debug { int signed_digits[]; };
layout(std140, binding = 0) uniform Pass { int shift; uint key_count; };
shared uint local_counts[16];
void main() {
    uint t = gl_LocalInvocationID.x;
    if (t < 16u) local_counts[t] = 0u;
    barrier();
    uint i = gl_GlobalInvocationID.x;
    if (i < key_count) {
        int k = keys[i];
        uint sortable = uint(k) ^ (uint(k >> 31) | 0x80000000u);
        uint digit = bitfieldExtract(sortable, shift, 4);
        signed_digits[i] = bitfieldExtract(k, shift, 4) + bitCount(sortable) - findMSB(k);
        atomicAdd(local_counts[digit], 1u);
    }
    barrier();
    if (t < 16u) atomicAdd(counts[gl_WorkGroupID.x * 16u + t], local_counts[t]);
}
