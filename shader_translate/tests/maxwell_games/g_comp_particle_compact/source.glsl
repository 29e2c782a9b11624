#version 450
// GPU particle compaction without subgroup operations: each live particle takes a slot in
// the alive list through a global atomic counter, each dead one pushes its index onto the
// free list; a shared counter per workgroup records the busiest group; the last workgroup
// to finish (an atomic ticket) writes the indirect dispatch and draw arguments.
layout(local_size_x = 64) in;
struct Particle { vec4 position_life; vec4 velocity_size; };
layout(std430, binding = 0) readonly buffer Particles { Particle particles[]; };
layout(std430, binding = 1) writeonly buffer Alive { uint alive[]; };
layout(std430, binding = 2) writeonly buffer Free { uint free_list[]; };
layout(std430, binding = 3) buffer Counters {
    uint alive_count; uint free_count; uint finished; uint busiest_group;
    uvec4 dispatch_args; uvec4 draw_args;
};
layout(std140, binding = 0) uniform Params { uint particle_count; float min_life; float max_size; uint groups; };
shared uint group_alive;
void main() {
    uint i = gl_GlobalInvocationID.x;
    if (gl_LocalInvocationIndex == 0u) group_alive = 0u;
    barrier();
    if (i < particle_count) {
        Particle p = particles[i];
        bool live = p.position_life.w > min_life && p.velocity_size.w <= max_size;
        if (live) {
            atomicAdd(group_alive, 1u);
            alive[atomicAdd(alive_count, 1u)] = i;
        } else {
            free_list[atomicAdd(free_count, 1u)] = i;
        }
    }
    memoryBarrierShared();
    barrier();
    if (gl_LocalInvocationIndex == 0u) {
        atomicMax(busiest_group, group_alive);
        memoryBarrierBuffer();
        uint ticket = atomicAdd(finished, 1u);
        if (ticket == groups - 1u) {
            uint n = atomicAdd(alive_count, 0u);
            dispatch_args = uvec4((n + 63u) / 64u, 1u, 1u, 0u);
            draw_args = uvec4(6u, n, 0u, 0u);
        }
    }
}
