#version 450
// Instanced foliage swaying in the wind: per-instance offsets from a storage buffer,
// sway by height with a phase from the instance index.
layout(std140, binding = 0) uniform Scene { mat4 view_projection; vec4 wind; float time; };
layout(std430, binding = 0) readonly buffer Instances { vec4 placement[]; };
layout(location = 0) in vec3 position;
layout(location = 1) in vec2 uv;
layout(location = 0) out vec2 out_uv;
layout(location = 1) out float shade;
void main() {
    vec4 p = placement[gl_InstanceID];
    float phase = float(gl_InstanceID % 17) * 0.37 + p.x * 0.1;
    float bend = position.y * position.y * wind.w;
    vec3 sway = vec3(sin(time * wind.x + phase), 0.0, cos(time * wind.y + phase * 1.3)) * bend;
    float s = sin(p.w), c = cos(p.w);
    vec3 rotated = vec3(c * position.x - s * position.z, position.y, s * position.x + c * position.z);
    vec3 world = rotated * p.y + p.xyz * vec3(1.0, 0.0, 1.0) + sway;
    out_uv = uv;
    shade = clamp(0.4 + position.y * 0.6, 0.0, 1.0);
    gl_Position = view_projection * vec4(world, 1.0);
}
