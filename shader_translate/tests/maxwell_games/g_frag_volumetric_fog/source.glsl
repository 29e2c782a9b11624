#version 450
// Volumetric fog by ray march: sixteen steps from the camera to the surface, each lit by
// a shadowed sun (a depth-compare lookup in the light's space) through a Henyey-Greenstein
// phase, with a density falling off with height; in-scattering integrated against the
// transmittance, which is written to alpha.
layout(binding = 0) uniform sampler2DShadow sun_shadow;
layout(std140, binding = 0) uniform Fog {
    mat4 light_matrix; vec4 sun_direction_g; vec4 sun_colour_density; vec4 height_falloff;
};
layout(location = 0) in vec3 world_position;
layout(location = 1) in vec3 camera_position;
layout(location = 0) out vec4 colour;
void main() {
    vec3 ray = world_position - camera_position * vec3(0.2, 0.3, -0.5);
    float dist = length(ray);
    vec3 dir = ray / dist;
    float g = sun_direction_g.w * 0.9;
    float cos_theta = dot(dir, normalize(sun_direction_g.xyz));
    float phase = (1.0 - g * g) / (12.566371 * pow(1.0 + g * g - 2.0 * g * cos_theta, 1.5));
    float step_len = dist / 16.0;
    float transmittance = 1.0;
    vec3 light = vec3(0.0);
    for (int i = 0; i < 16; i++) {
        vec3 p = camera_position + dir * (step_len * (float(i) + 0.5));
        float density = sun_colour_density.w * exp(-max(p.y - height_falloff.x, 0.0) * height_falloff.y);
        vec4 ls = light_matrix * vec4(p, 1.0);
        vec3 s = ls.xyz / ls.w * 0.5 + 0.5;
        float lit = textureLod(sun_shadow, s, 0.0);
        light += transmittance * lit * phase * density * step_len * sun_colour_density.rgb;
        transmittance *= exp(-density * step_len);
    }
    colour = vec4(light, transmittance);
}
