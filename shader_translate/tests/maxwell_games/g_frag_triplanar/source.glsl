#version 450
// Triplanar terrain texturing: three projections weighted by the normal, explicit
// gradients (textureGrad) so the seams do not pick the smallest level.
layout(binding = 0) uniform sampler2D rock;
layout(binding = 1) uniform sampler2D grass;
layout(location = 0) in vec3 world;
layout(location = 1) in vec3 normal;
layout(location = 0) out vec4 colour;
void main() {
    vec3 w = pow(abs(normalize(normal)), vec3(4.0));
    w /= w.x + w.y + w.z;
    vec3 dx = dFdx(world) * 0.25, dy = dFdy(world) * 0.25;
    vec3 p = world * 0.25;
    vec3 cx = textureGrad(rock, p.zy, dx.zy, dy.zy).rgb;
    vec3 cy = textureGrad(grass, p.xz, dx.xz, dy.xz).rgb;
    vec3 cz = textureGrad(rock, p.xy, dx.xy, dy.xy).rgb;
    colour = vec4(cx * w.x + cy * w.y + cz * w.z, 1.0);
}
