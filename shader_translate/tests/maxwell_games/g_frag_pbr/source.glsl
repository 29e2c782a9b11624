#version 450
// Metallic-roughness PBR: GGX distribution, Smith visibility, Schlick Fresnel, over a
// loop of point lights from a uniform block, with textures for albedo and material.
layout(binding = 0) uniform sampler2D albedo_map;
layout(binding = 1) uniform sampler2D material_map;
struct Light { vec4 position_range; vec4 colour; };
layout(std140, binding = 0) uniform Lights { vec4 eye; int light_count; Light lights[8]; };
layout(location = 0) in vec3 world;
layout(location = 1) in vec3 normal;
layout(location = 2) in vec2 uv;
layout(location = 0) out vec4 colour;
const float PI = 3.14159265;
float ggx(float nh, float a) { float a2 = a * a; float d = nh * nh * (a2 - 1.0) + 1.0; return a2 / (PI * d * d); }
float smith(float nv, float nl, float a) { float k = (a + 1.0) * (a + 1.0) / 8.0; return nv / (nv * (1.0 - k) + k) * nl / (nl * (1.0 - k) + k); }
vec3 schlick(float vh, vec3 f0) { return f0 + (1.0 - f0) * pow(1.0 - vh, 5.0); }
void main() {
    vec3 base = texture(albedo_map, uv).rgb;
    vec2 mr = texture(material_map, uv).bg;
    float metal = mr.x, rough = max(mr.y, 0.04);
    vec3 n = normalize(normal);
    vec3 v = normalize(eye.xyz - world);
    vec3 f0 = mix(vec3(0.04), base, metal);
    vec3 total = vec3(0.03) * base;
    for (int i = 0; i < light_count; i++) {
        vec3 to_light = lights[i].position_range.xyz - world;
        float dist = length(to_light);
        if (dist > lights[i].position_range.w) continue;
        vec3 l = to_light / dist;
        vec3 h = normalize(v + l);
        float nl = max(dot(n, l), 0.0), nv = max(dot(n, v), 1e-4);
        vec3 f = schlick(max(dot(v, h), 0.0), f0);
        vec3 spec = ggx(max(dot(n, h), 0.0), rough * rough) * smith(nv, nl, rough) * f / (4.0 * nv * max(nl, 1e-4));
        vec3 diffuse = (1.0 - f) * (1.0 - metal) * base / PI;
        float atten = 1.0 / (1.0 + dist * dist);
        total += (diffuse + spec) * lights[i].colour.rgb * nl * atten;
    }
    colour = vec4(total, 1.0);
}
