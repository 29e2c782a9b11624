#version 460
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer Data { uint values[]; };
layout(std430, binding = 1) buffer Out { uint product[16]; uint claimed[64]; uint wins[64]; uint shared_out[]; };
shared uint table[16];
void main() {
    uint lid = gl_LocalInvocationID.x;
    uint gid = gl_GlobalInvocationID.x;
    if (lid < 16u) table[lid] = 1u;
    barrier();
    uint v = values[gid];
    uint k = v & 15u;
    uint m = v | 1u;
    // Multiplication by compare-and-swap loops: the order differs, the product does not.
    uint prev = product[k];
    while (true) {
        uint seen = atomicCompSwap(product[k], prev, prev * m);
        if (seen == prev) break;
        prev = seen;
    }
    uint sprev = table[k];
    while (true) {
        uint seen = atomicCompSwap(table[k], sprev, sprev * m);
        if (seen == sprev) break;
        sprev = seen;
    }
    // One winner per slot claimed.
    uint old = atomicCompSwap(claimed[v >> 26], 0u, 1u);
    atomicAdd(wins[v >> 26], old == 0u ? 1u : 0u);
    barrier();
    shared_out[gid] = table[lid & 15u];
}
