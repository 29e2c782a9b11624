#version 460
// Every bindless (`.b`) texture form uam emits: a sampler array indexed at run time read
// by texture, textureLod, texelFetch, textureGather, textureQueryLod, textureGrad,
// textureSize (a `txq.b` on the raw index: uam does not load the handle word), an array
// texture and textureOffset.
layout(binding=0) uniform sampler2D tex[4];
layout(binding=4) uniform sampler2DArray arr[2];
layout(location=0) in vec2 uv;
layout(location=1) flat in int k;
layout(location=0) out vec4 o;
void main(){
  vec4 a = texture(tex[k], uv);
  a += textureLod(tex[(k+1)&3], uv, 1.0);
  a += texelFetch(tex[k], ivec2(uv*4.0), 0);
  a += textureGather(tex[k], uv, 1);
  a += vec4(textureQueryLod(tex[k], uv), 0.0, 0.0);
  a += textureGrad(tex[k], uv, vec2(0.1), vec2(0.2));
  a += vec4(textureSize(tex[k], 0), 0, 0);
  a += texture(arr[k&1], vec3(uv, 1.0));
  a += textureOffset(tex[k], uv, ivec2(1,-1));
  o = a;
}
