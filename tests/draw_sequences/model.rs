//! The CPU model of the targets: the pixels each snapshot should find, from clears cut by
//! the scissor, and from each draw's cell placed by the viewport, cut by the scissor and
//! the target, and written through the write mask where the alpha test passes, with the
//! tints inline updates left. NVN's window origins (docs/nvn-conventions.md): viewports,
//! scissors and clears are measured from the first row in both; clip-space +y (a cell's
//! row of the grid counting up) lands on the viewport's first row under the upper-left
//! origin, on its last under the lower-left one.

use gpu::state::{BlendOp, CompareOp, ComponentMask};

use crate::case::{
    cell_at, Case, Program, Slot, Step, Target, Vertices, GRID, TARGETS, UNIT_PX, VIEWPORT_PX,
};

impl Case {
    /// Both targets' pixels (row by row, as R, G, B, A) at each snapshot, as the CPU
    /// sees them.
    pub fn expected_snapshots(&self) -> Vec<[Vec<[u8; 4]>; 2]> {
        let mut snapshots = Vec::new();
        let mut images = TARGETS.map(|target| vec![[0u8; 4]; (target.bytes() / 4) as usize]);
        let mut target = Target::Wide;
        let mut program = Program::Tint;
        let mut vertices = Vertices::Cells;
        let mut entries = [None; 3];
        // `None`: never set, the pass's whole render area.
        let (mut viewport, mut scissor) = (None, None);
        let mut write_mask = ComponentMask::ALL.0;
        let mut lower_left = false;
        let mut alpha_test = None;
        let (mut cull_all, mut blend) = (false, None);
        let mut tints = self.tints.clone();
        for &step in &self.steps {
            let image = &mut images[target as usize];
            match step {
                Step::Program(to) => program = to,
                Step::Vertices(to) => vertices = to,
                Step::Target(to) => target = to,
                Step::Bind(slot, binding) => entries[slot as usize] = Some(binding.entry),
                Step::Viewport { x, y, scale, .. } => viewport = Some((x, y, scale)),
                Step::Scissor {
                    x,
                    y,
                    width,
                    height,
                    ..
                } => scissor = Some((x, y, width, height)),
                Step::WriteMask(mask) => write_mask = mask,
                Step::LowerLeft(to) => lower_left = to,
                Step::AlphaTest(to) => alpha_test = to,
                Step::CullAll(to) => cull_all = to,
                Step::Blend(to) => blend = to,
                Step::UpdateTint { entry, value } => tints[entry as usize] = value,
                // Clears cover what scissor 0 leaves of the target (NVN's clears honour
                // it), whatever the write mask: they have their own.
                Step::Clear { value, mask } => {
                    let size = target.size_px();
                    let (sx, sy, sw, sh) = scissor_px(scissor, size);
                    for y in sy.max(0)..(sy + sh).min(size) {
                        for x in sx.max(0)..(sx + sw).min(size) {
                            write_channels(&mut image[(y * size + x) as usize], value, mask);
                        }
                    }
                }
                Step::Draw { at, .. } => {
                    let entry = |slot: Slot| entries[slot as usize].expect("bound") as usize;
                    let tint = tints[entry(Slot::Uniform0)];
                    let added = match program {
                        Program::Tint => [0; 4],
                        Program::Sum => tints[entry(Slot::Uniform1)],
                        Program::Stored => self.stored[entry(Slot::Storage0)],
                    };
                    let value = [0, 1, 2, 3].map(|c| tint[c] + added[c]);
                    if cull_all || !alpha_passes(alpha_test, value[3]) {
                        continue;
                    }
                    let size = target.size_px();
                    let (vx, vy, span) = viewport.map_or((0, 0, size), |(x, y, scale)| {
                        (x * UNIT_PX, y * UNIT_PX, VIEWPORT_PX * scale)
                    });
                    let (sx, sy, sw, sh) = scissor_px(scissor, size);
                    let cell = cell_at(vertices, at) as i32;
                    let cell_px = span / GRID;
                    // The cell's row of the grid counts up clip-space y: from the viewport's
                    // last row under the lower-left origin, from its first under the upper.
                    let grid_row = match lower_left {
                        true => cell / GRID,
                        false => GRID - 1 - cell / GRID,
                    };
                    let (x0, y0) = (vx + cell % GRID * cell_px, vy + grid_row * cell_px);
                    let xs = x0.max(sx).max(0)..(x0 + cell_px).min(sx + sw).min(size);
                    for y in y0.max(sy).max(0)..(y0 + cell_px).min(sy + sh).min(size) {
                        for x in xs.clone() {
                            let pixel = &mut image[(y * size + x) as usize];
                            let blended = blended(blend, value, *pixel);
                            write_channels(pixel, blended, write_mask);
                        }
                    }
                }
                Step::Snapshot => snapshots.push(images.clone()),
                Step::Barrier | Step::NewList => {}
            }
        }
        snapshots
    }
}

/// What `source` blended over `destination` with factors one and one through `op` writes,
/// each channel clamped to 0..=255 (`None`: the source).
fn blended(op: Option<BlendOp>, source: [u8; 4], destination: [u8; 4]) -> [u8; 4] {
    let Some(op) = op else {
        return source;
    };
    [0, 1, 2, 3].map(|c| {
        let (s, d) = (i32::from(source[c]), i32::from(destination[c]));
        let value = match op {
            BlendOp::Add => s + d,
            BlendOp::Subtract => s - d,
            BlendOp::ReverseSubtract => d - s,
            BlendOp::Min => s.min(d),
            BlendOp::Max => s.max(d),
        };
        value.clamp(0, 255) as u8
    })
}

/// Whether a fragment of alpha `alpha` (in 255ths) passes the alpha test.
fn alpha_passes(test: Option<(CompareOp, u8)>, alpha: u8) -> bool {
    let Some((compare, reference)) = test else {
        return true;
    };
    let (alpha, reference) = (f32::from(alpha), f32::from(reference) + 0.5);
    match compare {
        CompareOp::Never => false,
        CompareOp::Less => alpha < reference,
        CompareOp::Equal => alpha == reference,
        CompareOp::LessEqual => alpha <= reference,
        CompareOp::Greater => alpha > reference,
        CompareOp::NotEqual => alpha != reference,
        CompareOp::GreaterEqual => alpha >= reference,
        CompareOp::Always => true,
    }
}

/// Scissor 0 in pixels (`None`: never set, the whole target of `size` pixels).
fn scissor_px(scissor: Option<(i32, i32, i32, i32)>, size: i32) -> (i32, i32, i32, i32) {
    scissor.map_or((0, 0, size, size), |(x, y, w, h)| {
        (x * UNIT_PX, y * UNIT_PX, w * UNIT_PX, h * UNIT_PX)
    })
}

fn write_channels(pixel: &mut [u8; 4], value: [u8; 4], mask: u8) {
    for channel in 0..4 {
        if mask & (1 << channel) != 0 {
            pixel[channel] = value[channel];
        }
    }
}
