#version 450
// Separable Gaussian blur (the horizontal pass) with the row cached in shared memory,
// the edges clamped with imageSize, rgba16f images.
layout(local_size_x = 64) in;
layout(binding = 0, rgba16f) uniform readonly image2D source;
layout(binding = 1, rgba16f) uniform writeonly image2D target;
const float WEIGHTS[5] = float[](0.227027, 0.1945946, 0.1216216, 0.054054, 0.016216);
shared vec4 row[64 + 8];
void main() {
    ivec2 size = imageSize(source);
    ivec2 p = ivec2(gl_GlobalInvocationID.x, gl_WorkGroupID.y);
    int l = int(gl_LocalInvocationID.x);
    row[l + 4] = imageLoad(source, clamp(p, ivec2(0), size - 1));
    if (l < 4) {
        row[l] = imageLoad(source, clamp(p - ivec2(4, 0), ivec2(0), size - 1));
        row[l + 68] = imageLoad(source, clamp(p + ivec2(64, 0), ivec2(0), size - 1));
    }
    memoryBarrierShared();
    barrier();
    if (p.x >= size.x) return;
    vec4 sum = row[l + 4] * WEIGHTS[0];
    for (int i = 1; i < 5; i++) sum += (row[l + 4 - i] + row[l + 4 + i]) * WEIGHTS[i];
    imageStore(target, p, sum);
}
