// Shared by every swizzle kernel: the parameters of one region of one level and layer, the
// block-linear byte address of a 16-byte run, and which run an invocation moves. Mirrors
// memory's CPU swizzle and swizzle_params.rs (KernelParams), field for field.

struct Params {
    uint run_x0;          // first 16-byte run of the region in the row
    uint region_x0_b;     // region's first byte in the row
    uint region_x1_b;     // one past the region's last byte in the row
    uint region_y0;       // first row (in elements)
    uint region_z0;       // first slice
    uint runs_per_row;    // runs the region spans in a row
    uint rows;            // region height in elements
    uint slices;          // region depth
    uint staging_pitch_b; // bytes from one staging row to the next (runs_per_row * 16)
    uint staging_slice_b; // bytes from one staging slice to the next
    uint block_height_log2;
    uint block_depth_log2;
    uint block_b;         // 512 << (block_height_log2 + block_depth_log2)
    uint row_of_blocks_b; // gobs per row * block_b
    uint slab_b;          // bytes of one slab of block_depth slices
    uint base_b;          // level and layer start, within the bound storage window
    uint limit_b;         // end of the texture's storage, within the bound storage window
};

// Byte offset of the 16-byte run starting at byte x_b (a multiple of 16) of row y, slice z.
uint run_address(Params p, uint x_b, uint y, uint z) {
    uint bh = p.block_height_log2;
    uint bd = p.block_depth_log2;
    uint gob_row = y >> 3;
    uint in_gob = ((y & 1u) << 4) | ((x_b & 16u) << 1) | ((y & 6u) << 5) | ((x_b & 32u) << 3);
    uint gob_in_block = ((z & ((1u << bd) - 1u)) << bh) + (gob_row & ((1u << bh) - 1u));
    return p.base_b + (z >> bd) * p.slab_b + (gob_row >> bh) * p.row_of_blocks_b
        + (x_b >> 6) * p.block_b + gob_in_block * 512u + in_gob;
}

// The bytes of the run at x_b that lie inside the region, as a mask per 32-bit word.
uvec4 run_mask(Params p, uint x_b) {
    uvec4 mask = uvec4(0u);
    for (uint word = 0u; word < 4u; word++) {
        uint bits = 0u;
        for (uint byte_i = 0u; byte_i < 4u; byte_i++) {
            uint at = x_b + word * 4u + byte_i;
            if (at >= p.region_x0_b && at < p.region_x1_b) {
                bits |= 0xFFu << (byte_i * 8u);
            }
        }
        mask[word] = bits;
    }
    return mask;
}

// The run and row (relative to the region) that invocation `lane` of work group
// (group_x, group_y) moves, or false where it falls outside the region. Work groups are 64
// invocations laid over 4 runs by 16 rows, aligned to gobs in the texture (not in the
// region), and consecutive invocations take consecutive 16-byte runs of storage: a gob's
// 32 runs in its own order, then the gob below, which is the next 512 bytes wherever a
// block is two or more gobs high. The bus sees whole, ordered 512-byte stretches instead
// of 4 rows of 64-byte pieces.
const uint GROUP_RUNS = 4u;
const uint GROUP_ROWS = 16u;

bool storage_ordered_run(Params p, uint group_x, uint group_y, uint lane, out uint run,
                         out uint row) {
    uint in_gob = lane & 31u;
    uint run_in_group = ((in_gob >> 1) & 1u) | ((in_gob >> 3) & 2u);
    uint row_in_group = (in_gob & 1u) | ((in_gob >> 1) & 6u) | ((lane >> 5) << 3);
    uint first_run = p.run_x0 & ~(GROUP_RUNS - 1u);
    uint first_row = p.region_y0 & ~(GROUP_ROWS - 1u);
    uint abs_run = first_run + group_x * GROUP_RUNS + run_in_group;
    uint abs_row = first_row + group_y * GROUP_ROWS + row_in_group;
    run = 0u;
    row = 0u;
    if (abs_run < p.run_x0 || abs_row < p.region_y0) {
        return false;
    }
    run = abs_run - p.run_x0;
    row = abs_row - p.region_y0;
    return run < p.runs_per_row && row < p.rows;
}
