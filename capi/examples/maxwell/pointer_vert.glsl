#version 460
#extension GL_ARB_gpu_shader_int64 : require
layout(location = 0) in vec2 position;
layout(location = 0) flat out uvec2 address;
layout(std140, binding = 0) uniform Pointers { uvec2 colours; uvec2 far; };
void main() {
    gl_Position = vec4(position, 0.0, 1.0);
    uint64_t base = packUint2x32(gl_VertexID < 6 ? colours : far);
    address = unpackUint2x32(base + uint64_t(4 * gl_InstanceID));
}
