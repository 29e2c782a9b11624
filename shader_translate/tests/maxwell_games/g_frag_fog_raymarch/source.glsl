#version 450
// Volumetric fog: a ray march through a 3D noise texture with early exit once the
// transmittance is small, and a height falloff.
layout(binding = 0) uniform sampler3D density;
layout(std140, binding = 0) uniform Fog { vec4 eye; vec4 params; vec4 light; };
layout(location = 0) in vec3 ray;
layout(location = 0) out vec4 colour;
void main() {
    vec3 dir = normalize(ray);
    float transmittance = 1.0;
    vec3 scattered = vec3(0.0);
    float t = params.x;
    for (int i = 0; i < 48; i++) {
        vec3 p = eye.xyz + dir * t;
        float d = texture(density, p * params.y).r * exp(-max(p.y, 0.0) * params.z);
        if (d > 0.001) {
            float step_t = transmittance * d * params.w;
            scattered += light.rgb * step_t;
            transmittance *= 1.0 - clamp(d * params.w, 0.0, 1.0);
            if (transmittance < 0.01) break;
        }
        t += 0.5 + t * 0.02;
    }
    colour = vec4(scattered, 1.0 - transmittance);
}
