#version 450
// Albedo and normal map as NVN combined textures (slots 0 and 1), one directional light.

layout(binding = 0) uniform sampler2D albedo;
layout(binding = 1) uniform sampler2D normal_map;

layout(std140, binding = 2) uniform Light {
    vec4 direction;
    vec4 colour;
    vec4 ambient;
} light;

layout(location = 0) in vec3 world_normal;
layout(location = 1) in vec2 uv;
layout(location = 2) in vec3 to_eye;

layout(location = 0) out vec4 colour;

void main() {
    vec3 detail = texture(normal_map, uv).xyz * 2.0 - 1.0;
    vec3 n = normalize(world_normal + 0.25 * detail);
    vec3 l = normalize(-light.direction.xyz);
    float diffuse = max(dot(n, l), 0.0);
    float specular = pow(max(dot(reflect(-l, n), normalize(to_eye)), 0.0), 32.0);
    vec4 base = texture(albedo, uv);
    colour = vec4(base.rgb * (light.ambient.rgb + diffuse * light.colour.rgb) + specular, base.a);
}
