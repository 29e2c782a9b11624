#version 450
// One shadow-array lookup at the cascade a depth picks: the layer an integer made a
// float, the position read from an input array indexed at run time.
layout(binding = 0) uniform sampler2DArrayShadow cascades;
layout(std140, binding = 0) uniform Split { vec4 splits; vec4 light_dir; };
layout(location = 0) in vec4 light_space[4];
layout(location = 4) in vec3 normal;
layout(location = 5) in float view_depth;
layout(location = 0) out vec4 colour;
void main() {
    int c = view_depth < splits.x ? 0 : view_depth < splits.y ? 1 : view_depth < splits.z ? 2 : 3;
    vec3 p = light_space[c].xyz / light_space[c].w * 0.5 + 0.5;
    float lit = texture(cascades, vec4(p.xy, float(c), p.z - 0.002));
    colour = vec4(lit, p.z, float(c) * 0.25, 1.0);
}
