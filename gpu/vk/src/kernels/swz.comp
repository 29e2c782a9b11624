// The write-back: linear rows in staging (runs-aligned) to block-linear storage in the
// pool, 16 bytes an invocation, in storage order (`storage_ordered_run`). Runs cut by the
// region's edges are merged under a byte mask, and nothing is written at or past limit_b.
// `staging_base_b` is where the region's rows start in the bound staging range.
layout(local_size_x = 64) in;

layout(std430, binding = 0) readonly buffer Staging { uvec4 staging[]; };
layout(std430, binding = 1) buffer Storage { uvec4 storage[]; };

void move_run(Params p, uint staging_base_b, uint group_x, uint group_y, uint slice) {
    uint run;
    uint row;
    if (!storage_ordered_run(p, group_x, group_y, gl_LocalInvocationID.x, run, row)
        || slice >= p.slices) {
        return;
    }
    uint x_b = (p.run_x0 + run) * 16u;
    uint dst_b = run_address(p, x_b, p.region_y0 + row, p.region_z0 + slice);
    if (dst_b + 16u > p.limit_b) {
        return;
    }
    uint src_b = staging_base_b + slice * p.staging_slice_b + row * p.staging_pitch_b + run * 16u;
    uvec4 value = staging[src_b >> 4];
    if (x_b >= p.region_x0_b && x_b + 16u <= p.region_x1_b) {
        storage[dst_b >> 4] = value;
    } else {
        uvec4 mask = run_mask(p, x_b);
        uvec4 old = storage[dst_b >> 4];
        storage[dst_b >> 4] = (old & ~mask) | (value & mask);
    }
}
