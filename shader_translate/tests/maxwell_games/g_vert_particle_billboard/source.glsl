#version 450
// Camera-facing particle quads expanded from a particle buffer by gl_VertexID.
struct Particle { vec4 position_size; vec4 velocity_age; vec4 colour; };
layout(std430, binding = 0) readonly buffer Particles { Particle particles[]; };
layout(std140, binding = 0) uniform Camera { mat4 view_projection; vec4 right; vec4 up; };
layout(location = 0) out vec2 uv;
layout(location = 1) out vec4 colour;
void main() {
    uint index = uint(gl_VertexID) >> 2;
    uint corner = uint(gl_VertexID) & 3u;
    Particle p = particles[index];
    vec2 offset = vec2(float(corner & 1u), float(corner >> 1)) * 2.0 - 1.0;
    float angle = p.velocity_age.w * 0.5;
    mat2 spin = mat2(cos(angle), sin(angle), -sin(angle), cos(angle));
    offset = spin * offset;
    vec3 world = p.position_size.xyz + (right.xyz * offset.x + up.xyz * offset.y) * p.position_size.w;
    uv = offset * 0.5 + 0.5;
    colour = p.colour * vec4(1.0, 1.0, 1.0, clamp(1.0 - p.velocity_age.w, 0.0, 1.0));
    gl_Position = view_projection * vec4(world, 1.0);
}
