#version 450
// GPU frustum and distance culling: each visible object appends an indexed indirect
// draw command and bumps the instance count of its LOD's draw.
layout(local_size_x = 64) in;
struct Object { vec4 sphere; uint mesh; uint first_index; uint index_count; uint pad; };
struct DrawCommand { uint index_count; uint instance_count; uint first_index; int vertex_offset; uint first_instance; };
layout(std430, binding = 0) readonly buffer Objects { Object objects[]; };
layout(std430, binding = 1) buffer Draws { uint draw_count; uint pad[3]; DrawCommand draws[]; };
layout(std430, binding = 2) buffer Lods { uint lod_instances[4]; uint visible[]; };
layout(std140, binding = 0) uniform Cull { vec4 planes[6]; vec4 eye; uint object_count; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= object_count) return;
    vec4 s = objects[i].sphere;
    for (int p = 0; p < 6; p++)
        if (dot(planes[p].xyz, s.xyz) + planes[p].w < -s.w) return;
    float dist = distance(eye.xyz, s.xyz);
    uint lod = min(uint(dist / 50.0), 3u);
    atomicAdd(lod_instances[lod], 1u);
    uint slot = atomicAdd(draw_count, 1u);
    draws[slot].index_count = objects[i].index_count >> lod;
    draws[slot].instance_count = 1u;
    draws[slot].first_index = objects[i].first_index;
    draws[slot].vertex_offset = 0;
    draws[slot].first_instance = i;
    visible[slot] = i;
}
