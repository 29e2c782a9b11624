//! A square target split into a grid of cells, each drawn as two triangles with a tint
//! from a table at uniform offsets, and the CPU model of a cell drawn: the scenes of the
//! tests that record on several threads.

use gpu::command::DrawArrays;
use gpu::objects::{BufferRange, TextureBuilder};
use gpu::state::PrimitiveKind;
use gpu::{BufferId, ProgramId, TextureId, ViewId};
use memory::Format;

use super::draw::{f32_bytes, positions_at};
use super::programs::{position_program, TINT_FRAG};
use super::rig::Rig;

/// The scenes' RGBA8 targets are this many pixels square.
pub const TARGET_PX: u32 = 16;
/// Cells across (and down) a target; each is `TARGET_PX / GRID` pixels square.
pub const GRID: u32 = 4;
pub const CELLS: u32 = GRID * GRID;
pub const TARGET_B: usize = (TARGET_PX * TARGET_PX * 4) as usize;
/// Target `n`'s storage starts `n` strides into the rig's pool.
pub const TARGET_STRIDE_B: u64 = 64 << 10;
const CELLS_OFFSET_B: u64 = 1 << 20;
const TINTS_OFFSET_B: u64 = CELLS_OFFSET_B + (64 << 10);
pub const TINTS: u32 = 32;
/// Above every driver's uniform offset alignment.
pub const TINT_STRIDE_B: u64 = 256;

/// The rig, `targets` RGBA8 targets in its pool, the program that draws a cell in its
/// tint, the cells' triangles and the tint table (`TINTS` entries of `tint_rgba`).
pub struct CellScene {
    pub rig: Rig,
    pub targets: Vec<(TextureId, ViewId)>,
    pub program: ProgramId,
    pub cells: BufferRange,
    pub tints: BufferId,
}

impl CellScene {
    pub fn new(targets: usize, tint_rgba: fn(u32) -> [u8; 4]) -> CellScene {
        let rig = Rig::new(true);
        let builder = TextureBuilder::new_2d(Format::Rgba8, TARGET_PX, TARGET_PX);
        let targets = (0..targets as u64)
            .map(|target| rig.texture(&builder, target * TARGET_STRIDE_B))
            .collect();
        let program = position_program(&rig.device, TINT_FRAG);
        let cells = positions_at(&rig.device, rig.pool, CELLS_OFFSET_B, &cell_triangles(GRID));
        let table: Vec<[u8; 4]> = (0..TINTS).map(tint_rgba).collect();
        let tints = tint_table(&rig, TINTS_OFFSET_B, &table, TINT_STRIDE_B);
        CellScene {
            rig,
            targets,
            program,
            cells,
            tints,
        }
    }
}

/// The seeds a test runs: those listed in the environment variable `name` (`1,7`), else
/// 1 to `count`.
pub fn seeds_from(name: &str, count: u64) -> Vec<u64> {
    match std::env::var(name) {
        Ok(list) => list
            .split(',')
            .map(|seed| {
                seed.trim()
                    .parse()
                    .unwrap_or_else(|_| panic!("{name}: numbers separated by commas"))
            })
            .collect(),
        Err(_) => (1..=count).collect(),
    }
}

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
