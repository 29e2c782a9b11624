#version 460
layout(location = 0) in vec4 position;
layout(location = 1) in ivec4 bones;
layout(location = 0) out vec4 colour;
layout(location = 1) flat out uint packed_out;
layout(std140, binding = 0) uniform Skin { mat4 matrices[32]; uvec4 masks; };
void main() {
    int b = bones.x & 31;
    vec4 p = matrices[b] * position;
    uint m = masks[gl_VertexID & 3];
    uint r = bitfieldReverse(m) ^ uint(bones.y * bones.z);
    int q = bones.w / 3 - abs(bones.z) + clamp(bones.y, -4, 9);
    packed_out = packUnorm4x8(clamp(p, 0.0, 1.0)) + uint(q) + (r >> 3) + (m << uint(b));
    colour = vec4(float(q), float(r & 255u), float(findLSB(m)), sign(p.w)) * inversesqrt(abs(p.z) + 1.0);
    gl_Position = p + vec4(sqrt(abs(p.x)), exp2(p.y), log2(abs(p.w) + 1.0), 0.0);
    gl_PointSize = 2.0;
}
