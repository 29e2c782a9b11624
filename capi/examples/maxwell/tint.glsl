#version 460
layout(location = 0) out vec4 colour;
layout(std430, binding = 0) readonly buffer Tint { uint rgba; };
void main() { colour = unpackUnorm4x8(rgba); }
