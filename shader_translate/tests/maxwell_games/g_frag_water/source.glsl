#version 450
// Water surface: two scrolling normal maps, Fresnel between reflection and refraction,
// depth-based tint and foam, a sun glint.
layout(binding = 0) uniform sampler2D normal_map;
layout(binding = 1) uniform sampler2D reflection;
layout(binding = 2) uniform sampler2D refraction;
layout(std140, binding = 0) uniform Water { vec4 eye; vec4 sun; vec4 deep; vec4 time_scale; };
layout(location = 0) in vec3 normal;
layout(location = 1) in vec3 world;
layout(location = 2) in float foam;
layout(location = 0) out vec4 colour;
void main() {
    vec2 flow = world.xz * time_scale.y;
    vec3 n1 = texture(normal_map, flow + vec2(time_scale.x * 0.02, 0.0)).xzy * 2.0 - 1.0;
    vec3 n2 = texture(normal_map, flow * 1.7 - vec2(0.0, time_scale.x * 0.03)).xzy * 2.0 - 1.0;
    vec3 n = normalize(normal + (n1 + n2) * 0.3);
    vec3 v = normalize(eye.xyz - world);
    float fresnel = 0.02 + 0.98 * pow(1.0 - max(dot(n, v), 0.0), 5.0);
    vec2 screen = gl_FragCoord.xy * time_scale.zw;
    vec3 refl = texture(reflection, screen + n.xz * 0.03).rgb;
    vec3 refr = texture(refraction, screen - n.xz * 0.02).rgb;
    refr = mix(refr, deep.rgb, clamp(deep.w * (1.0 - world.y), 0.0, 1.0));
    float glint = pow(max(dot(reflect(-v, n), sun.xyz), 0.0), 256.0) * sun.w;
    colour = vec4(mix(refr, refl, fresnel) + glint + foam, 1.0);
}
