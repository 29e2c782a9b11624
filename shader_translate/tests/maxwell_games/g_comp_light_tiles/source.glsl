#version 450
// Tiled light culling (forward+): the tile's depth range by shared atomic min/max,
// each light tested against the tile's frustum, indices appended to a shared list,
// the list written out.
layout(local_size_x = 16, local_size_y = 16) in;
layout(binding = 0) uniform sampler2D depth;
struct Light { vec4 position_radius; };
layout(std430, binding = 0) readonly buffer Lights { uint light_count; uint pad[3]; Light lights[]; };
layout(std430, binding = 1) writeonly buffer Tiles { uint tile_lights[]; };
layout(std140, binding = 0) uniform View { mat4 projection; vec4 screen; };
shared uint min_depth, max_depth, tile_count;
shared uint tile_list[64];
void main() {
    uint idx = gl_LocalInvocationIndex;
    if (idx == 0u) { min_depth = 0xffffffffu; max_depth = 0u; tile_count = 0u; }
    barrier();
    float d = texelFetch(depth, ivec2(gl_GlobalInvocationID.xy), 0).r;
    atomicMin(min_depth, floatBitsToUint(d));
    atomicMax(max_depth, floatBitsToUint(d));
    memoryBarrierShared();
    barrier();
    float near = uintBitsToFloat(min_depth), far = uintBitsToFloat(max_depth);
    vec2 tile = vec2(gl_WorkGroupID.xy) * 16.0 / screen.xy * 2.0 - 1.0;
    vec2 tile_end = tile + 32.0 / screen.xy;
    for (uint i = idx; i < light_count; i += 256u) {
        vec4 l = lights[i].position_radius;
        vec4 c = projection * vec4(l.xyz, 1.0);
        vec3 ndc = c.xyz / c.w;
        float r = l.w / c.w;
        bool inside = all(greaterThan(ndc.xy + r, tile)) && all(lessThan(ndc.xy - r, tile_end))
            && ndc.z + r >= near && ndc.z - r <= far;
        if (inside) {
            uint slot = atomicAdd(tile_count, 1u);
            if (slot < 63u) tile_list[slot] = i;
        }
    }
    barrier();
    uint tile_index = gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x;
    uint n = min(tile_count, 63u);
    if (idx == 0u) tile_lights[tile_index * 64u] = n;
    if (idx < n) tile_lights[tile_index * 64u + 1u + idx] = tile_list[idx];
}
