#version 450
// Normal mapping without tangents: the cotangent frame from screen-space derivatives of
// position and texture coordinates (dFdx, dFdy).
layout(binding = 0) uniform sampler2D normal_map;
layout(binding = 1) uniform sampler2D albedo;
layout(std140, binding = 0) uniform Light { vec4 direction; };
layout(location = 0) in vec3 world;
layout(location = 1) in vec3 normal;
layout(location = 2) in vec2 uv;
layout(location = 0) out vec4 colour;
mat3 cotangent_frame(vec3 n, vec3 p, vec2 t) {
    vec3 dp1 = dFdx(p), dp2 = dFdy(p);
    vec2 duv1 = dFdx(t), duv2 = dFdy(t);
    vec3 dp2perp = cross(dp2, n), dp1perp = cross(n, dp1);
    vec3 T = dp2perp * duv1.x + dp1perp * duv2.x;
    vec3 B = dp2perp * duv1.y + dp1perp * duv2.y;
    float invmax = inversesqrt(max(dot(T, T), dot(B, B)));
    return mat3(T * invmax, B * invmax, n);
}
void main() {
    vec3 n = normalize(normal);
    vec3 mapped = texture(normal_map, uv).xyz * 2.0 - 1.0;
    vec3 pn = normalize(cotangent_frame(n, world, uv) * mapped);
    colour = vec4(texture(albedo, uv).rgb * max(dot(pn, -direction.xyz), 0.1), 1.0);
}
