#version 450
// An input array indexed at run time (the cascade a depth picks): uam reads it with
// `al2p` and `ipa idx`.
layout(std140, binding = 0) uniform Split { vec4 splits; vec4 light_dir; };
layout(location = 0) in vec4 light_space[4];
layout(location = 4) in vec3 normal;
layout(location = 5) in float view_depth;
layout(location = 0) out vec4 colour;
void main() {
    int c = view_depth < splits.x ? 0 : view_depth < splits.y ? 1 : view_depth < splits.z ? 2 : 3;
    colour = vec4(light_space[c].xyz / light_space[c].w, float(c) * 0.25);
}
