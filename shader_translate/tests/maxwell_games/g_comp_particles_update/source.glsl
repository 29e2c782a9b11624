#version 450
// Particle simulation: integrate, age, kill; survivors appended to the next list through
// an atomic counter, dead ones counted, emission consumes from a dead list.
layout(local_size_x = 64) in;
struct Particle { vec4 position_size; vec4 velocity_age; vec4 colour; };
layout(std430, binding = 0) readonly buffer In { Particle current[]; };
layout(std430, binding = 1) writeonly buffer Out { Particle next[]; };
layout(std430, binding = 2) buffer Counters { uint alive_in; uint alive_out; uint died; uint emitted; };
layout(std140, binding = 0) uniform Sim { vec4 gravity_dt; vec4 emitter; uint to_emit; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i < alive_in) {
        Particle p = current[i];
        p.velocity_age.xyz += gravity_dt.xyz * gravity_dt.w;
        p.position_size.xyz += p.velocity_age.xyz * gravity_dt.w;
        p.velocity_age.w += gravity_dt.w;
        if (p.position_size.y < 0.0) { p.position_size.y = -p.position_size.y; p.velocity_age.y *= -0.5; }
        if (p.velocity_age.w < 1.0) {
            uint slot = atomicAdd(alive_out, 1u);
            next[slot] = p;
        } else {
            atomicAdd(died, 1u);
        }
    } else if (i - alive_in < to_emit) {
        uint n = i - alive_in;
        float a = float(n) * 2.3999632;
        Particle p;
        p.position_size = vec4(emitter.xyz, 0.1);
        p.velocity_age = vec4(cos(a), 3.0, sin(a), 0.0);
        p.colour = vec4(1.0, 0.5 + 0.5 * sin(a), 0.2, 1.0);
        uint slot = atomicAdd(alive_out, 1u);
        next[slot] = p;
        atomicAdd(emitted, 1u);
    }
}
