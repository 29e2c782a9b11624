#version 450
// Mesh level-of-detail selection: each instance's bounding sphere moved to view space and
// projected to a size in pixels, the level from its size against a threshold halving per
// level (log2), hysteresis against last frame's level, hero objects capped at level 2,
// spheres behind the camera or below half a pixel culled; the instance appended to its
// level's list.
layout(local_size_x = 64) in;
struct Instance { vec4 sphere; uint mesh; uint last_lod; uint flags; uint pad; };
layout(std430, binding = 0) readonly buffer Instances { Instance instances[]; };
layout(std430, binding = 1) buffer Lists { uint counts[8]; uint lists[]; };
layout(std430, binding = 2) writeonly buffer Chosen { uint chosen[]; };
layout(std140, binding = 0) uniform Camera {
    mat4 view; vec4 projection_scale;
    uint instance_count; uint max_per_list; float lod_bias; float hysteresis;
};
void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= instance_count) return;
    Instance inst = instances[i];
    vec3 centre = (view * vec4(inst.sphere.xyz, 1.0)).xyz;
    float depth = max(-centre.z, 1e-3);
    float pixels = inst.sphere.w * projection_scale.y / depth;
    float level = log2(max(projection_scale.x / max(pixels, 1e-4), 1.0)) + lod_bias;
    float previous = float(inst.last_lod);
    if (abs(level - previous) < hysteresis) level = previous;
    uint lod = uint(clamp(floor(level), 0.0, 7.0));
    if ((inst.flags & 1u) != 0u) lod = min(lod, 2u);
    bool culled = centre.z - inst.sphere.w > 0.0 || pixels < 0.5;
    chosen[i] = culled ? 0xffffffffu : (lod | (inst.mesh << 3));
    if (culled) return;
    uint slot = atomicAdd(counts[lod], 1u);
    if (slot < max_per_list) lists[lod * max_per_list + slot] = i;
}
