#version 450
// Signed-distance-field text with an outline and a soft shadow, the edge width from
// fwidth so it stays one pixel at any scale.
layout(binding = 0) uniform sampler2D glyphs;
layout(std140, binding = 0) uniform Style { vec4 fill; vec4 outline; vec4 shadow_offset_width; };
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 colour;
void main() {
    float d = texture(glyphs, uv).r;
    float w = fwidth(d) * 0.7;
    float body = smoothstep(0.5 - w, 0.5 + w, d);
    float edge = smoothstep(0.5 - shadow_offset_width.z - w, 0.5 - shadow_offset_width.z + w, d);
    float sh = texture(glyphs, uv - shadow_offset_width.xy).r;
    float shadow = smoothstep(0.3, 0.5, sh) * 0.5;
    vec4 c = mix(outline, fill, body) * edge;
    colour = c + vec4(0.0, 0.0, 0.0, shadow) * (1.0 - c.a);
}
