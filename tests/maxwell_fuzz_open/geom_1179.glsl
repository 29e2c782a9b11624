#version 450
// stage: geom
// seed: 1179
// outcome: mismatch: target pixel (4, 0) channel 0: ours 16, glslang 8
layout(points) in;
layout(triangle_strip, max_vertices = 3) out;
layout(location = 0) in vec4 vin[];
layout(location = 0) out vec4 vout;
layout(std430, binding = 0) readonly buffer Ints { int ints[64]; };
layout(std430, binding = 1) readonly buffer Floats { float floats[64]; };
layout(std430, binding = 2) buffer Results { uint results[]; };
layout(std140, binding = 0) uniform Params { vec4 p[4]; ivec4 q; };
layout(binding = 0) uniform sampler2D fz_tex[4];
void main() {
    uint i = uint(gl_PrimitiveIDIn);
    uint at = i * 8u;
    int x0 = ints[i];
    int x1 = ints[(i * 7u + 3u) & 63u];
    uint u0 = uint(ints[(i + 11u) & 63u]);
    float y0 = floats[i];
    float y1 = floats[(i * 5u + 1u) & 63u];
    int acc = x0;
    float facc = y0;
    int arr[4] = int[4](x1, q.y, 3, -7);
    float f0 = 0.0, f1 = 0.5, f2 = -1.5, f3 = 3.0, f4 = 0.125, f5 = 1.0;
    // the body
    for (int k = 0; k < 2; k++) {
        if (textureLod(fz_tex[q.w & 3], (vec2(uvec2(i & 7u, (i >> 3u) & 7u)) + 0.5) * 0.125, 0.0).y >= roundEven(min(textureGather(fz_tex[(q.z + 1) & 3], vec2(0.375, 0.625), 2).w, 1.0e30 + abs(y0)))) { break; }
        acc += k * (((((max(-100, q.x) << ((1 + arr[x0 & 3]) & 31)) >> (((((q.x ^ arr[x0 & 3]) & (x1 | gl_PrimitiveIDIn))) ^ (x1 & 16)) & 31)) + (int((uint(acc ^ (x1 & 1024))) ^ uint(x1 & 1024)) | gl_PrimitiveIDIn))) ^ (x1 & 256));
        if (!(!(clamp(f0, -2.0, 2.0) > (-(f2))))) { continue; }
        for (int k = 0; k < 2; k++) {
            if ((((float(255u) * f5) > (f3 - textureGather(fz_tex[(q.z + 1) & 3], vec2(0.375, 0.625), 2).w)) && (x0 > x1)) && ((((x0 == x1) ? texelFetch(fz_tex[q.z & 3], ivec2(uvec2(i & 7u, (i >> 3u) & 7u)), 0).x : f1) >= (vin[0].y - f3)) && ((y1 + f1) == (f3 + y0)))) { break; }
            acc += k * ((int(clamp((((textureGather(fz_tex[(q.z + 1) & 3], vec2(0.375, 0.625), 2).w * textureLod(fz_tex[q.w & 3], (vec2(uvec2(i & 7u, (i >> 3u) & 7u)) + 0.5) * 0.125, 0.0).y) + (f0 - facc)) - sign((float(255u) * f5))), -1.0e6, 1.0e6))) ^ (x1 & 256));
            if (((min(bitfieldExtract((7 - ((1) ^ (x1 & 4096))), 17, 14), bitfieldExtract((-100 | q.x), 27, 4))) ^ x1) < ((bitfieldExtract((1 << (x1 & 31)), 19, 13)) ^ x0)) { continue; }
            facc = textureGather(fz_tex[(q.z + 1) & 3], vec2(0.375, 0.625), 2).w;
        }
    }
    facc = (sign((p[1].y - sign(facc))) * (clamp(((((x1) ^ x1) != ((1) ^ x0)) ? f1 : f1), -2.0, 2.0) * vin[0].y));
    results[at + 0u] = uint(0);
    results[at + 1u] = uint(((((1) ^ (x1 & 2048)) & 0x7fffffff) / 3));
    results[at + 2u] = uint(((1 - ((int(clamp(y0, -1.0e6, 1.0e6))) ^ (x1 & 4096))) | 1));
    results[at + 3u] = (((((((((bitfieldExtract(gl_PrimitiveIDIn, 25, 6)) ^ (x1 & 2048)) & 0x7fffffff) / 7) - ((2147483647) ^ (x1 & 4096)))) ^ x1) >= ((abs(findMSB((-((q.x) ^ (x1 & 4096)))))) ^ x0)) ? 1u : 0u);
    results[at + 4u] = ((((((0xffffffffu >> (bitfieldExtract(0xffffffffu, 13, 6) & 31u)) + uint(acc ^ (x1 & 1024)))) ^ u0) == (((((((((u0) ^ u0) >= ((255u) ^ 5u)) ? 0u : uint((acc) ^ (x1 & 1024)))) ^ uint(x1 & 512)) * (((0x80000000u + bitfieldExtract(0u, 7, 4))) ^ uint(x1 & 256)))) ^ 5u)) ? 1u : 0u);
    results[at + 5u] = 0xffffffffu;
    results[at + 6u] = 255u;
    results[at + 7u] = (uint(clamp(sign((vin[0].y - f0)), 0.0, 1.0e6)) - ((max(((((((1u) ^ uint(x1 & 512)) * ((0x80000000u) ^ uint(x1 & 256)))) ^ uint(x1 & 2048)) % 10u), ((1u << (1u & 31u)) + uint(acc ^ (x1 & 1024))))) ^ uint(x1 & 4096)));
    // the end
    vout = vec4(facc * 0.125, float(acc & 255) / 255.0, fract(y1), 1.0);
    for (int v = 0; v < 3; v++) {
        gl_Position = gl_in[0].gl_Position + vec4(float(v & 1) * 0.2, float(v >> 1) * 0.2, 0.0, 0.0);
        EmitVertex();
    }
    EndPrimitive();
}
