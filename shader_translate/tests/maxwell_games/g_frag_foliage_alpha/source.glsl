#version 450
// Alpha-tested foliage with a screen-door fade by distance (a hash of the pixel) and
// translucent back lighting on back faces.
layout(binding = 0) uniform sampler2D leaves;
layout(std140, binding = 0) uniform Fade { vec4 fade_light; };
layout(location = 0) in vec2 uv;
layout(location = 1) in float shade;
layout(location = 0) out vec4 colour;
void main() {
    vec4 c = texture(leaves, uv);
    if (c.a < 0.5) discard;
    uvec2 p = uvec2(gl_FragCoord.xy);
    uint h = (p.x * 1973u + p.y * 9277u) * 26699u;
    h ^= h >> 13;
    float threshold = float(h & 255u) / 255.0;
    if (threshold > fade_light.x) discard;
    float back = gl_FrontFacing ? 1.0 : fade_light.y;
    colour = vec4(c.rgb * shade * back, 1.0);
}
