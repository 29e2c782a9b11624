#version 450
// Image arrays indexed at run time: every register-handle form uam emits (suld d,
// suld p, sust p, suatom of each operation, with and without a result) on r32ui arrays.
layout(local_size_x = 4, local_size_y = 4) in;
layout(binding = 0, r32ui) uniform uimage2D src[2];
layout(binding = 2, r32ui) uniform uimage2D dst[3];
layout(binding = 0) uniform Params { uint a; uint b; uint c; };
void main() {
  ivec2 p = ivec2(gl_GlobalInvocationID.xy);
  uint v = imageLoad(src[a], p).x;
  imageStore(dst[b], p, uvec4(v * 3u + 1u));
  uint o = imageAtomicAdd(dst[c], p, v);
  o += imageAtomicMin(src[b], p, 7u);
  o += imageAtomicMax(src[a], p, 9u);
  o += imageAtomicAnd(dst[a], p, 0xf0u);
  o += imageAtomicOr(dst[b], p, 0x100u);
  o += imageAtomicXor(dst[c], p, o);
  o += imageAtomicExchange(src[c], p, o);
  imageAtomicAdd(dst[a], p, 1u);
  imageStore(dst[a], p + ivec2(4, 0), uvec4(o));
}
