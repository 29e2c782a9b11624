#version 460
// Storage reached through raw pointers, as games reach it: the tests move the program's
// reads of its storage addresses (c0, the driver's words) to uniform block 0, where the
// game keeps 64-bit addresses it computed; the 64-bit adds and the loads, stores and
// atomics then go through whatever those words hold.
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer Source { uint values[]; };
layout(std430, binding = 1) buffer Target { uint results[]; };
layout(std430, binding = 2) buffer Totals { uint total; uint largest; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    uint v = values[i];
    results[i] = v * 3u + i;
    atomicAdd(total, v);
    atomicMax(largest, v);
}
