#version 450
// Image arrays indexed at run time in a fragment stage: the register-handle suld, sust
// and suatom forms with the fragment stage's image-handle words (c0 from 0x710).
layout(binding = 1, r32ui) uniform uimage2D layers[3];
layout(binding = 0) uniform Pick { uint k; uint j; };
layout(location = 0) out vec4 color;
void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  uint v = imageLoad(layers[k], p).x;
  imageStore(layers[j], p, uvec4(v ^ 0x5au));
  uint before = imageAtomicAdd(layers[k ^ 1u], p >> 2, 1u);
  color = unpackUnorm4x8(v + before);
}
