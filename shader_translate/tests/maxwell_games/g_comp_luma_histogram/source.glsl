#version 450
// The luminance histogram of auto exposure: 256 log-luminance bins in shared memory
// from an HDR image, merged into the global histogram with atomics.
layout(local_size_x = 16, local_size_y = 16) in;
layout(binding = 0) uniform sampler2D hdr;
layout(std430, binding = 0) buffer Histogram { uint bins[256]; };
layout(std140, binding = 0) uniform Params { float min_log; float inv_range; uvec2 size; };
shared uint local_bins[256];
void main() {
    uint idx = gl_LocalInvocationIndex;
    local_bins[idx] = 0u;
    barrier();
    uvec2 p = gl_GlobalInvocationID.xy;
    if (all(lessThan(p, size))) {
        vec3 c = texelFetch(hdr, ivec2(p), 0).rgb;
        float l = dot(c, vec3(0.2125, 0.7154, 0.0721));
        uint bin = 0u;
        if (l > 0.005) bin = uint(clamp((log2(l) - min_log) * inv_range, 0.0, 1.0) * 254.0 + 1.0);
        atomicAdd(local_bins[bin], 1u);
    }
    barrier();
    atomicAdd(bins[idx], local_bins[idx]);
}
