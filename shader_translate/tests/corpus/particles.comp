#version 450
// Game compute: integrates particles (storage buffers 0 and 1) and splats them into a
// storage image (image slot 0); a uniform buffer (slot 0) holds the step.

layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;

struct Particle {
    vec4 position;
    vec4 velocity;
};

layout(std140, binding = 0) uniform Step {
    float dt_s;
    uint count;
} step;

layout(std430, binding = 0) readonly buffer ParticlesIn {
    Particle particles_in[];
};

layout(std430, binding = 1) writeonly buffer ParticlesOut {
    Particle particles_out[];
};

layout(binding = 0, rgba8) uniform writeonly image2D density;

void main() {
    uint index = gl_GlobalInvocationID.y * gl_NumWorkGroups.x * 8u + gl_GlobalInvocationID.x;
    if (index >= step.count) {
        return;
    }
    Particle p = particles_in[index];
    p.position += p.velocity * step.dt_s;
    particles_out[index] = p;
    ivec2 texel = ivec2(p.position.xy * vec2(imageSize(density)));
    imageStore(density, texel, vec4(1.0, 0.5, 0.25, 1.0));
}
