#version 450
// A deferred decal: reconstruct the position from depth, project into the decal box,
// reject outside, fade by the normal, blend with gbuffer albedo; integer decal flags.
layout(binding = 0) uniform sampler2D depth;
layout(binding = 1) uniform sampler2D decal;
layout(std140, binding = 0) uniform Decal { mat4 inverse_view_projection; mat4 to_decal; uvec4 flags; vec4 size; };
layout(location = 0) out vec4 colour;
void main() {
    vec2 uv = gl_FragCoord.xy * size.zw;
    float z = texture(depth, uv).r;
    vec4 clip = vec4(uv * 2.0 - 1.0, z, 1.0);
    vec4 world = inverse_view_projection * clip;
    world /= world.w;
    vec3 local = (to_decal * world).xyz;
    if (any(greaterThan(abs(local), vec3(0.5)))) discard;
    vec2 duv = local.xz + 0.5;
    if ((flags.x & 1u) != 0u) duv.x = 1.0 - duv.x;
    if ((flags.x & 2u) != 0u) duv = duv.yx;
    vec4 c = texture(decal, duv);
    float fade = 1.0 - smoothstep(0.3, 0.5, abs(local.y));
    colour = vec4(c.rgb, c.a * fade * float(flags.y) / 255.0);
}
