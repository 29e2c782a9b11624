#version 450
// Screen-space reflections: the view ray reflected about the normal and marched through
// the depth buffer in fixed steps with a thickness test, the hit refined by bisection,
// faded at the screen's edges and by how far the ray went.
layout(binding = 0) uniform sampler2D scene_depth;
layout(binding = 1) uniform sampler2D scene_colour;
layout(std140, binding = 0) uniform Ssr { vec4 step_thickness_fade; };
layout(location = 0) in vec3 view_position;
layout(location = 1) in vec3 view_normal;
layout(location = 2) in vec2 uv;
layout(location = 0) out vec4 colour;
void main() {
    vec2 at = fract(uv);
    vec3 n = normalize(view_normal * 2.0 - 1.0);
    vec3 r = reflect(normalize(view_position - vec3(0.5, 0.5, 2.0)), n);
    vec3 p = vec3(at, texture(scene_depth, at).r);
    vec3 dir = vec3(r.xy * 0.5, r.z) * step_thickness_fade.x;
    vec4 hit = vec4(0.0);
    for (int i = 0; i < 24; i++) {
        p += dir;
        if (any(lessThan(p.xy, vec2(0.0))) || any(greaterThan(p.xy, vec2(1.0)))) break;
        float diff = p.z - textureLod(scene_depth, p.xy, 0.0).r;
        if (diff > 0.0 && diff < step_thickness_fade.y) {
            vec3 lo = p - dir, hi = p;
            for (int j = 0; j < 4; j++) {
                vec3 mid = (lo + hi) * 0.5;
                if (mid.z > textureLod(scene_depth, mid.xy, 0.0).r) hi = mid; else lo = mid;
            }
            vec2 edge = smoothstep(vec2(0.0), vec2(step_thickness_fade.z), hi.xy)
                * (1.0 - smoothstep(vec2(1.0 - step_thickness_fade.z), vec2(1.0), hi.xy));
            hit = vec4(textureLod(scene_colour, hi.xy, 0.0).rgb, edge.x * edge.y * (1.0 - float(i) / 24.0));
            break;
        }
    }
    vec3 base = textureLod(scene_colour, at, 0.0).rgb;
    colour = vec4(mix(base, hit.rgb, hit.a), 1.0);
}
