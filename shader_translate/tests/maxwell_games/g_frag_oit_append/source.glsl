#version 450
// Order-independent transparency, the append stage: each fragment takes a node from a
// global counter, links it into the pixel's list through an image exchange, and stores
// its colour and depth.
layout(early_fragment_tests) in;
layout(binding = 0, r32ui) uniform coherent uimage2D heads;
layout(std430, binding = 0) buffer Counter { uint next_node; uint capacity; };
struct Node { uint colour; float depth; uint next; uint pad; };
layout(std430, binding = 1) buffer Nodes { Node nodes[]; };
layout(location = 0) in vec4 tint;
layout(location = 0) out vec4 colour;
void main() {
    uint node = atomicAdd(next_node, 1u);
    if (node < capacity) {
        uint previous = imageAtomicExchange(heads, ivec2(gl_FragCoord.xy), node);
        nodes[node].colour = packUnorm4x8(tint);
        nodes[node].depth = gl_FragCoord.z;
        nodes[node].next = previous;
    }
    colour = vec4(0.0);
}
