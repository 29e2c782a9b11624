#version 450
// FXAA in the spirit of 3.11 (quality preset low): luma edges from textureLod with
// offsets, the edge direction, a short search along it, a subpixel blend.
layout(binding = 0) uniform sampler2D scene;
layout(std140, binding = 0) uniform Fxaa { vec4 rcp_frame; };
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 colour;
float luma(vec3 c) { return dot(c, vec3(0.299, 0.587, 0.114)); }
void main() {
    vec3 m = textureLod(scene, uv, 0.0).rgb;
    float lm = luma(m);
    float ln = luma(textureLodOffset(scene, uv, 0.0, ivec2(0, -1)).rgb);
    float ls = luma(textureLodOffset(scene, uv, 0.0, ivec2(0, 1)).rgb);
    float le = luma(textureLodOffset(scene, uv, 0.0, ivec2(1, 0)).rgb);
    float lw = luma(textureLodOffset(scene, uv, 0.0, ivec2(-1, 0)).rgb);
    float lo = min(lm, min(min(ln, ls), min(le, lw)));
    float hi = max(lm, max(max(ln, ls), max(le, lw)));
    float range = hi - lo;
    if (range < max(0.0312, hi * 0.125)) { colour = vec4(m, 1.0); return; }
    bool horizontal = abs(ln + ls - 2.0 * lm) >= abs(le + lw - 2.0 * lm);
    float step_len = horizontal ? rcp_frame.y : rcp_frame.x;
    float g1 = horizontal ? ln : lw, g2 = horizontal ? ls : le;
    if (abs(g1 - lm) < abs(g2 - lm)) step_len = -step_len;
    vec2 along = horizontal ? vec2(rcp_frame.x, 0.0) : vec2(0.0, rcp_frame.y);
    vec2 base = uv + (horizontal ? vec2(0.0, step_len * 0.5) : vec2(step_len * 0.5, 0.0));
    float edge_luma = (lm + (abs(g1 - lm) >= abs(g2 - lm) ? g1 : g2)) * 0.5;
    float d1 = 0.0, d2 = 0.0;
    for (int i = 1; i <= 8; i++) {
        if (d1 == 0.0 && abs(luma(textureLod(scene, base - along * float(i), 0.0).rgb) - edge_luma) > range * 0.25) d1 = float(i);
        if (d2 == 0.0 && abs(luma(textureLod(scene, base + along * float(i), 0.0).rgb) - edge_luma) > range * 0.25) d2 = float(i);
        if (d1 != 0.0 && d2 != 0.0) break;
    }
    d1 = d1 == 0.0 ? 8.0 : d1; d2 = d2 == 0.0 ? 8.0 : d2;
    float offset = 0.5 - min(d1, d2) / (d1 + d2);
    float sub = smoothstep(0.0, 1.0, abs((ln + ls + le + lw) * 0.25 - lm) / range);
    offset = max(offset, sub * sub * 0.75);
    vec2 final_uv = uv + (horizontal ? vec2(0.0, offset * step_len) : vec2(offset * step_len, 0.0));
    colour = vec4(textureLod(scene, final_uv, 0.0).rgb, 1.0);
}
