#version 450
// Deferred shading: position, normal and albedo from the G-buffer by texel fetch, a
// loop of point lights with a specular term, the pixel from gl_FragCoord.
layout(binding = 0) uniform sampler2D g_position;
layout(binding = 1) uniform sampler2D g_normal;
layout(binding = 2) uniform sampler2D g_albedo;
struct PointLight { vec4 position; vec4 colour_radius; };
layout(std140, binding = 0) uniform Lights { vec4 eye; uvec4 count; PointLight lights[16]; };
layout(location = 0) out vec4 colour;
void main() {
    ivec2 pixel = ivec2(gl_FragCoord.xy);
    vec3 p = texelFetch(g_position, pixel, 0).xyz;
    vec3 n = normalize(texelFetch(g_normal, pixel, 0).xyz * 2.0 - 1.0);
    vec4 albedo = texelFetch(g_albedo, pixel, 0);
    vec3 v = normalize(eye.xyz - p);
    vec3 lit = albedo.rgb * 0.05;
    for (uint i = 0u; i < min(count.x, 16u); i++) {
        vec3 d = lights[i].position.xyz - p;
        float dist = length(d);
        float radius = lights[i].colour_radius.w;
        if (dist >= radius) continue;
        vec3 l = d / dist;
        float atten = pow(clamp(1.0 - dist / radius, 0.0, 1.0), 2.0);
        float spec = pow(max(dot(n, normalize(l + v)), 0.0), 32.0) * albedo.a;
        lit += (albedo.rgb * max(dot(n, l), 0.0) + spec) * lights[i].colour_radius.rgb * atten;
    }
    colour = vec4(lit, 1.0);
}
