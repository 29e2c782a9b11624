#version 450
// textureSize, textureQueryLevels and texelFetch: TXQ (dimension) and TLDS.
layout(location = 0) out vec4 colour;
layout(binding = 0) uniform sampler2D tex;
void main() {
    ivec2 size = textureSize(tex, 0);
    int levels = textureQueryLevels(tex);
    ivec2 p = ivec2(gl_FragCoord.xy) & (size - 1);
    vec4 t = texelFetch(tex, p, 0);
    colour = vec4(float(size.x) / 64.0, float(size.y * levels) / 64.0, t.r, t.g);
}
