#version 450
// Screen-space ambient occlusion: a hemisphere kernel from a uniform block, a tiled
// noise texture rotating it (Gram-Schmidt), depth compared with a range check.
layout(binding = 0) uniform sampler2D depth_normal;
layout(binding = 1) uniform sampler2D noise;
layout(std140, binding = 0) uniform Ssao { mat4 projection; vec4 kernel[16]; vec4 noise_scale_radius; };
layout(location = 0) in vec2 uv;
layout(location = 1) in vec3 view_ray;
layout(location = 0) out float occlusion;
void main() {
    vec4 dn = texture(depth_normal, uv);
    vec3 origin = view_ray * dn.w;
    vec3 normal = normalize(dn.xyz * 2.0 - 1.0);
    vec3 rvec = texture(noise, uv * noise_scale_radius.xy).xyz * 2.0 - 1.0;
    vec3 tangent = normalize(rvec - normal * dot(rvec, normal));
    mat3 tbn = mat3(tangent, cross(normal, tangent), normal);
    float radius = noise_scale_radius.z;
    float sum = 0.0;
    for (int i = 0; i < 16; i++) {
        vec3 s = origin + tbn * kernel[i].xyz * radius;
        vec4 offset = projection * vec4(s, 1.0);
        offset.xy = offset.xy / offset.w * 0.5 + 0.5;
        float depth = texture(depth_normal, offset.xy).w;
        float range = smoothstep(0.0, 1.0, radius / abs(origin.z - depth));
        sum += (depth >= s.z + 0.025 ? 1.0 : 0.0) * range;
    }
    occlusion = 1.0 - sum / 16.0;
}
