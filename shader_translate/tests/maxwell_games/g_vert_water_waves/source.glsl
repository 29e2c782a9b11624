#version 450
// Gerstner waves: four directional waves summed, with the analytic normal.
layout(std140, binding = 0) uniform Water { mat4 view_projection; vec4 waves[4]; vec4 params; };
layout(location = 0) in vec2 grid;
layout(location = 0) out vec3 normal;
layout(location = 1) out vec3 world;
layout(location = 2) out float foam;
void main() {
    vec3 p = vec3(grid.x, 0.0, grid.y);
    vec3 n = vec3(0.0, 1.0, 0.0);
    float crest = 0.0;
    for (int i = 0; i < 4; i++) {
        vec2 dir = normalize(waves[i].xy);
        float k = 6.2831853 / waves[i].w;
        float c = sqrt(9.8 / k);
        float f = k * (dot(dir, grid) - c * params.x);
        float a = waves[i].z / k;
        p.x += dir.x * a * cos(f);
        p.y += a * sin(f);
        p.z += dir.y * a * cos(f);
        n.xz -= dir * waves[i].z * cos(f);
        n.y -= waves[i].z * sin(f);
        crest = max(crest, sin(f));
    }
    normal = normalize(n);
    world = p;
    foam = smoothstep(0.7, 1.0, crest);
    gl_Position = view_projection * vec4(p, 1.0);
}
