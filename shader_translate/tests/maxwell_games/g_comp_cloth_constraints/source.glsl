#version 450
// Cloth: Verlet integration and one distance-constraint pass against the four grid
// neighbours, pinned top row, positions in storage buffers, a sphere collider.
layout(local_size_x = 8, local_size_y = 8) in;
layout(std430, binding = 0) readonly buffer Current { vec4 current[]; };
layout(std430, binding = 1) readonly buffer Previous { vec4 previous[]; };
layout(std430, binding = 2) writeonly buffer Next { vec4 next[]; };
layout(std140, binding = 0) uniform Cloth { vec4 gravity_dt; vec4 sphere; ivec2 grid; float rest; };
vec3 at(ivec2 q) { return current[q.y * grid.x + q.x].xyz; }
void main() {
    ivec2 q = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(q, grid))) return;
    int i = q.y * grid.x + q.x;
    vec3 p = current[i].xyz;
    if (q.y == 0) { next[i] = vec4(p, 1.0); return; }
    vec3 v = p - previous[i].xyz;
    vec3 x = p + v * 0.99 + gravity_dt.xyz * gravity_dt.w * gravity_dt.w;
    const ivec2 N[4] = ivec2[](ivec2(1, 0), ivec2(-1, 0), ivec2(0, 1), ivec2(0, -1));
    vec3 correction = vec3(0.0);
    for (int n = 0; n < 4; n++) {
        ivec2 o = q + N[n];
        if (o.x < 0 || o.y < 0 || o.x >= grid.x || o.y >= grid.y) continue;
        vec3 d = at(o) - x;
        float len = length(d);
        if (len > 1e-6) correction += d * (1.0 - rest / len) * 0.25;
    }
    x += correction;
    vec3 to_sphere = x - sphere.xyz;
    float dist = length(to_sphere);
    if (dist < sphere.w) x = sphere.xyz + to_sphere / dist * sphere.w;
    next[i] = vec4(x, 1.0);
}
