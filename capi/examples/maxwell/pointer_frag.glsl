#version 460
layout(location = 0) flat in uvec2 address;
layout(std430, binding = 0) readonly buffer Colours { uint w[]; };
layout(location = 0) out vec4 colour;
void main() {
    colour = unpackUnorm4x8(w[address.x >> 2] ^ address.y);
}
