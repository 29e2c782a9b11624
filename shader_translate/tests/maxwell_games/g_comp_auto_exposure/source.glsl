#version 450
// Auto exposure: the weighted average of the histogram by a shared-memory reduction,
// adapted toward over time, the histogram cleared for the next frame.
layout(local_size_x = 256) in;
layout(std430, binding = 0) buffer Histogram { uint bins[256]; };
layout(std430, binding = 1) buffer Exposure { float exposure; float average_luma; };
layout(std140, binding = 0) uniform Params { float min_log; float range; float tau_dt; uint pixel_count; };
shared uint weighted[256];
void main() {
    uint i = gl_LocalInvocationIndex;
    uint count = bins[i];
    weighted[i] = count * i;
    barrier();
    bins[i] = 0u;
    for (uint stride = 128u; stride > 0u; stride >>= 1) {
        if (i < stride) weighted[i] += weighted[i + stride];
        barrier();
    }
    if (i == 0u) {
        float black = float(count);
        float mean = float(weighted[0]) / max(float(pixel_count) - black, 1.0) - 1.0;
        float luma = exp2(mean / 254.0 * range + min_log);
        float adapted = average_luma + (luma - average_luma) * (1.0 - exp(-tau_dt));
        average_luma = adapted;
        exposure = 0.18 / max(adapted, 1e-4);
    }
}
