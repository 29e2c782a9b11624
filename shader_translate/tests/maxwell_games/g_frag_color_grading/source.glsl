#version 450
// Colour grading through a 32^3 lookup table in a 3D texture, with the scale and bias
// that centre the texels, split toning and a saturation control.
layout(binding = 0) uniform sampler2D scene;
layout(binding = 1) uniform sampler3D lut;
layout(std140, binding = 0) uniform Grading { vec4 shadows; vec4 highlights; float saturation; float lut_size; };
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 colour;
void main() {
    vec3 c = clamp(texture(scene, uv).rgb, 0.0, 1.0);
    float l = dot(c, vec3(0.2126, 0.7152, 0.0722));
    c = mix(vec3(l), c, saturation);
    c += mix(shadows.rgb, highlights.rgb, smoothstep(0.2, 0.8, l)) * 0.1;
    vec3 coord = clamp(c, 0.0, 1.0) * ((lut_size - 1.0) / lut_size) + 0.5 / lut_size;
    colour = vec4(texture(lut, coord).rgb, 1.0);
}
