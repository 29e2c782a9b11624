//! A square target split into a grid of cells, each drawn as two triangles with a tint
//! from a table at uniform offsets, and the CPU model of a cell drawn: the scenes of the
//! tests that record on several threads.

use gpu::command::DrawArrays;
use gpu::state::PrimitiveKind;
use gpu::BufferId;

use super::draw::f32_bytes;
use super::rig::Rig;

/// Two triangles over each cell of a `grid` x `grid` grid, cell after cell, in Vulkan's
/// clip space (y down).
pub fn cell_triangles(grid: u32) -> Vec<f32> {
    let size = 2.0 / grid as f32;
    (0..grid * grid)
        .flat_map(|cell| {
            let x0 = -1.0 + (cell % grid) as f32 * size;
            let y0 = -1.0 + (cell / grid) as f32 * size;
            let (x1, y1) = (x0 + size, y0 + size);
            [x0, y0, x1, y0, x0, y1, x1, y0, x1, y1, x0, y1]
        })
        .collect()
}

/// The draw of cell `cell` from `cell_triangles`.
pub fn cell_draw(cell: u32) -> DrawArrays {
    DrawArrays {
        primitive: PrimitiveKind::Triangles,
        first_vertex: cell * 6,
        vertex_count: 6,
        first_instance: 0,
        instance_count: 1,
    }
}

/// The CPU model of cell `cell` drawn in `rgba` over RGBA8 `texels`, `target_px` square.
pub fn fill_cell(texels: &mut [u8], target_px: u32, grid: u32, cell: u32, rgba: [u8; 4]) {
    let cell_px = target_px / grid;
    let (x0, y0) = ((cell % grid) * cell_px, (cell / grid) * cell_px);
    for y in y0..y0 + cell_px {
        for x in x0..x0 + cell_px {
            let at = ((y * target_px + x) * 4) as usize;
            texels[at..at + 4].copy_from_slice(&rgba);
        }
    }
}

/// The tints as vec4 uniforms, one every `stride_b` bytes from `offset_b` of the rig's
/// pool; the buffer over them.
pub fn tint_table(rig: &Rig, offset_b: u64, tints: &[[u8; 4]], stride_b: u64) -> BufferId {
    let bytes: Vec<u8> = tints
        .iter()
        .flat_map(|rgba| {
            let mut entry = f32_bytes(&rgba.map(|channel| f32::from(channel) / 255.0));
            entry.resize(stride_b as usize, 0);
            entry
        })
        .collect();
    rig.device.write_pool(rig.pool, offset_b, &bytes).unwrap();
    rig.buffer(offset_b, bytes.len() as u64)
}
