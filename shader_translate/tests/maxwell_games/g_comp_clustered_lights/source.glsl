#version 450
// Clustered forward lighting: each invocation is one cluster of an 8 x 4 x 8 grid; its
// view-space box comes from the tile's corners unprojected and cut by exponentially
// spaced depth slices; every light's sphere is tested against the box and the cluster's
// first lights' indices and its count are written.
layout(local_size_x = 8, local_size_y = 4, local_size_z = 1) in;
layout(std430, binding = 0) readonly buffer Lights { vec4 lights[]; };
layout(std430, binding = 1) writeonly buffer Clusters { uvec2 ranges[]; };
layout(std430, binding = 2) writeonly buffer Indices { uint indices[]; };
layout(std140, binding = 0) uniform Grid {
    mat4 inverse_projection; vec2 screen; float near; float far;
    uvec4 dims; uint light_count; uint max_lights;
};
vec3 unproject(vec2 pixel) {
    vec4 view = inverse_projection * vec4(pixel / screen * 2.0 - 1.0, -1.0, 1.0);
    return view.xyz / view.w;
}
vec3 on_plane(vec3 ray, float z) { return ray * (z / ray.z); }
void main() {
    uvec3 c = gl_GlobalInvocationID;
    uint cluster = c.x + c.y * dims.x + c.z * dims.x * dims.y;
    vec2 tile = screen / vec2(dims.xy);
    vec3 lo_ray = unproject(vec2(c.xy) * tile);
    vec3 hi_ray = unproject(vec2(c.xy + 1u) * tile);
    float z0 = -near * pow(far / near, float(c.z) / float(dims.z));
    float z1 = -near * pow(far / near, float(c.z + 1u) / float(dims.z));
    vec3 a = on_plane(lo_ray, z0), b = on_plane(hi_ray, z0);
    vec3 d = on_plane(lo_ray, z1), e = on_plane(hi_ray, z1);
    vec3 box_min = min(min(a, b), min(d, e));
    vec3 box_max = max(max(a, b), max(d, e));
    uint count = 0u;
    uint base = cluster * max_lights;
    for (uint l = 0u; l < light_count; l++) {
        vec4 s = lights[l];
        vec3 delta = clamp(s.xyz, box_min, box_max) - s.xyz;
        if (dot(delta, delta) <= s.w * s.w) {
            if (count < max_lights) indices[base + count] = l;
            count++;
        }
    }
    ranges[cluster] = uvec2(base, min(count, max_lights));
}
