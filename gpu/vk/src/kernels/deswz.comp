// The upload: block-linear storage in the pool to linear rows in staging (runs-aligned),
// 16 bytes an invocation in storage order (`storage_ordered_run`); a buffer-to-image copy
// takes the region from there. Reads stop at limit_b; staging is scratch, so whole runs
// are written. `staging_base_b` is where the region's rows start in the bound staging range.
layout(local_size_x = 64) in;

layout(std430, binding = 0) buffer Staging { uvec4 staging[]; };
layout(std430, binding = 1) readonly buffer Storage { uvec4 storage[]; };

void move_run(Params p, uint staging_base_b, uint group_x, uint group_y, uint slice) {
    uint run;
    uint row;
    if (!storage_ordered_run(p, group_x, group_y, gl_LocalInvocationID.x, run, row)
        || slice >= p.slices) {
        return;
    }
    uint x_b = (p.run_x0 + run) * 16u;
    uint src_b = run_address(p, x_b, p.region_y0 + row, p.region_z0 + slice);
    uvec4 value = src_b + 16u <= p.limit_b ? storage[src_b >> 4] : uvec4(0u);
    uint dst_b = staging_base_b + slice * p.staging_slice_b + row * p.staging_pitch_b + run * 16u;
    staging[dst_b >> 4] = value;
}
