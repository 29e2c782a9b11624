//! The cases: what a seed makes (the values behind the buffer objects and a list of
//! steps), what the steps name (targets, programs, vertex buffers, binding slots and the
//! windows of the values that buffer objects cover), and a case's text for a failure.

use std::ops::Range;

use gpu::state::{BlendOp, CompareOp, ComponentMask};
use memory::Format;

use crate::common::texels::Bytes;

/// Cells in a row of clip space (and rows of cells).
pub const GRID: i32 = 8;
pub const CELLS: u32 = (GRID * GRID) as u32;
/// Viewport and scissor steps place and size in units of this many pixels.
pub const UNIT_PX: i32 = 2;
/// A viewport of scale 1 is this wide and high.
pub const VIEWPORT_PX: i32 = 16;
const TINTS: u32 = 64;
const STORED: u32 = 32;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// 16x16 RGBA8.
    Wide,
    /// 8x8 BGRA8.
    Narrow,
}

pub const TARGETS: [Target; 2] = [Target::Wide, Target::Narrow];

impl Target {
    pub const fn size_px(self) -> i32 {
        match self {
            Target::Wide => 16,
            Target::Narrow => 8,
        }
    }

    pub fn format(self) -> Format {
        let name = match self {
            Target::Wide => "rgba8",
            Target::Narrow => "bgra8",
        };
        Format::from_name(name).unwrap()
    }

    pub const fn bytes(self) -> u64 {
        (self.size_px() * self.size_px() * 4) as u64
    }

    /// A texel read back, as (R, G, B, A).
    pub fn rgba(self, texel: &[u8]) -> [u8; 4] {
        match self {
            Target::Wide => [texel[0], texel[1], texel[2], texel[3]],
            Target::Narrow => [texel[2], texel[1], texel[0], texel[3]],
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Program {
    Tint,
    Sum,
    Stored,
}

const PROGRAMS: [Program; 3] = [Program::Tint, Program::Sum, Program::Stored];

/// The vertex buffers: each cell's two triangles in cell order or shuffled, or each
/// cell's quad (drawn as quads, or indexed as triangles).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Vertices {
    Cells,
    Shuffled,
    Quads,
}

const VERTICES: [Vertices; 3] = [Vertices::Cells, Vertices::Shuffled, Vertices::Quads];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    Uniform0,
    Uniform1,
    Storage0,
}

const SLOTS: [Slot; 3] = [Slot::Uniform0, Slot::Uniform1, Slot::Storage0];

/// A buffer object over the tints (or stored values): entry `first_entry` at its start,
/// entries `entries` inside it.
pub struct Window {
    pub first_entry: i64,
    pub entries: Range<u32>,
}

pub const TINT_WINDOWS: [Window; 3] = [
    Window {
        first_entry: 0,
        entries: 0..TINTS,
    },
    Window {
        first_entry: 16,
        entries: 16..TINTS,
    },
    Window {
        first_entry: -16,
        entries: 0..TINTS,
    },
];

pub const STORED_WINDOWS: [Window; 2] = [
    Window {
        first_entry: 0,
        entries: 0..STORED,
    },
    Window {
        first_entry: 8,
        entries: 8..STORED,
    },
];

impl Slot {
    pub fn windows(self) -> &'static [Window] {
        match self {
            Slot::Uniform0 | Slot::Uniform1 => &TINT_WINDOWS,
            Slot::Storage0 => &STORED_WINDOWS,
        }
    }
}

/// Entry `entry` of the values behind `object` (an index into the slot's windows), `size_b`
/// bytes of it bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Binding {
    pub object: usize,
    pub entry: u32,
    pub size_b: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawHow {
    Triangles,
    Quads,
    /// Triangles of the quad vertices, the cell chosen by the first index.
    IndexedFirst,
    /// Triangles of the quad vertices, the cell chosen by the base vertex.
    IndexedBase,
}

/// One step of a sequence; viewport and scissor positions and sizes in `UNIT_PX` units.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Step {
    Program(Program),
    Bind(Slot, Binding),
    Vertices(Vertices),
    /// The viewport at (x, y), `scale` times `VIEWPORT_PX` wide and high; `own_op`:
    /// recorded through the one-viewport setter (`set_viewport`, its own op), which
    /// rides on a repeated draw, else as a `StateChange`.
    Viewport {
        x: i32,
        y: i32,
        scale: i32,
        own_op: bool,
    },
    /// Scissor 0; `own_op` as the viewport's (`set_scissor`).
    Scissor {
        x: i32,
        y: i32,
        width: i32,
        height: i32,
        own_op: bool,
    },
    WriteMask(u8),
    /// NVN's lower-left window origin (`true`) or the upper-left one: clip-space y runs the
    /// other way through each viewport (viewports, scissors and clears stay where they are).
    LowerLeft(bool),
    /// An inline uniform update of tint entry `entry` (through the first tint object) to
    /// `value`: draws after it read the new value.
    UpdateTint {
        entry: u32,
        value: [u8; 4],
    },
    /// Draws the cell at position `at` of the bound vertex buffer.
    Draw {
        at: u32,
        how: DrawHow,
    },
    Clear {
        value: [u8; 4],
        mask: u8,
    },
    /// A barrier: the pass ends.
    Barrier,
    /// Binds the target as colour target 0 (the one bound already, at times).
    Target(Target),
    /// The list is submitted; a new one goes on where it ended.
    NewList,
    /// Both targets are copied to the next snapshot's place in the read-back buffer.
    Snapshot,
    /// NVN's alpha test against `(reference + 0.5) / 255` (half a step off every alpha a
    /// draw writes, so no compare is a tie), or off.
    AlphaTest(Option<(CompareOp, u8)>),
    /// Both faces culled (nothing drawn) or none: state pipelines take dynamically.
    CullAll(bool),
    /// Colour target 0 blends source and destination with factors one and one through
    /// `op` (exact in 8 bits, saturating), or writes the source (`None`).
    Blend(Option<BlendOp>),
}

/// The blend ops `Step::Blend` takes.
const BLEND_OPS: [BlendOp; 5] = [
    BlendOp::Add,
    BlendOp::Subtract,
    BlendOp::ReverseSubtract,
    BlendOp::Min,
    BlendOp::Max,
];

/// What a seed makes: the values behind the buffers, and the steps.
pub struct Case {
    pub seed: u64,
    pub tints: Vec<[u8; 4]>,
    pub stored: Vec<[u8; 4]>,
    pub steps: Vec<Step>,
}

/// The cell a draw at position `at` of `vertices` covers (before the viewport).
pub fn cell_at(vertices: Vertices, at: u32) -> u32 {
    match vertices {
        // 7 is odd: a permutation of the cells.
        Vertices::Shuffled => (at * 7 + 3) % CELLS,
        Vertices::Cells | Vertices::Quads => at,
    }
}

fn chance(rng: &mut Bytes, percent: u32) -> bool {
    rng.below(100) < percent
}

fn pick<T: Copy>(rng: &mut Bytes, items: &[T]) -> T {
    items[rng.below(items.len() as u32) as usize]
}

/// A value of each channel that sums of two never saturate.
fn entry_values(rng: &mut Bytes, count: u32) -> Vec<[u8; 4]> {
    (0..count)
        .map(|_| [0; 4].map(|_: u8| rng.below(128) as u8))
        .collect()
}

fn random_binding(rng: &mut Bytes, slot: Slot, object: usize, size_b: u64) -> Binding {
    let entries = &slot.windows()[object].entries;
    Binding {
        object,
        entry: entries.start + rng.below(entries.len() as u32),
        size_b,
    }
}

/// A viewport over the wide target, or reaching past it.
fn random_viewport(rng: &mut Bytes, own_op: bool) -> Step {
    let units = (VIEWPORT_PX / UNIT_PX) as u32;
    Step::Viewport {
        x: rng.below(units + 1) as i32 - units as i32 / 2,
        y: rng.below(units + 1) as i32 - units as i32 / 2,
        scale: 1 + rng.below(2) as i32,
        own_op,
    }
}

/// A scissor over the wide target, or reaching past it.
fn random_scissor(rng: &mut Bytes, own_op: bool) -> Step {
    let units = (VIEWPORT_PX / UNIT_PX) as u32;
    Step::Scissor {
        x: rng.below(units + 1) as i32 - 2,
        y: rng.below(units + 1) as i32 - 2,
        width: 1 + rng.below(units) as i32,
        height: 1 + rng.below(units) as i32,
        own_op,
    }
}

impl Case {
    pub fn generate(seed: u64) -> Case {
        let mut rng = Bytes(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
        // The dynamic-state steps draw from their own stream, so the other steps of a
        // seed are what they were before those steps existed.
        let mut dynamic_rng = Bytes(seed.wrapping_mul(0xd1b5_4a32_d192_ed03) | 1);
        // So do the one-value setters' choices and the moves between repeated draws.
        let mut moves_rng = Bytes(seed.wrapping_mul(0x94d0_49bb_1331_11eb) | 1);
        let tints = entry_values(&mut rng, TINTS);
        let stored = entry_values(&mut rng, STORED);
        let mut program = pick(&mut rng, &PROGRAMS);
        let mut vertices = pick(&mut rng, &VERTICES);
        let mut bindings = SLOTS.map(|slot| {
            let object = rng.below(slot.windows().len() as u32) as usize;
            random_binding(&mut rng, slot, object, 16)
        });
        let mut steps = Vec::new();
        for target in [Target::Narrow, Target::Wide] {
            steps.push(Step::Target(target));
            steps.push(Step::Clear {
                value: [0; 4].map(|_: u8| rng.below(256) as u8),
                mask: ComponentMask::ALL.0,
            });
        }
        steps.extend([Step::Program(program), Step::Vertices(vertices)]);
        steps.extend(SLOTS.iter().zip(bindings).map(|(&s, b)| Step::Bind(s, b)));
        // Whether viewport, scissor and write mask are away from their defaults.
        let mut altered = [false; 3];
        let draws = 20 + rng.below(41);
        for _ in 0..draws {
            if chance(&mut rng, 12) {
                program = pick(&mut rng, &PROGRAMS);
                steps.push(Step::Program(program));
            }
            for (index, slot) in SLOTS.into_iter().enumerate() {
                let bound = bindings[index];
                let moved = match index {
                    0 => chance(&mut rng, 70),
                    _ => chance(&mut rng, 35),
                };
                let binding = if chance(&mut rng, 10) {
                    // Another buffer object over the same values, or another size.
                    let object = rng.below(slot.windows().len() as u32) as usize;
                    let size_b = pick(&mut rng, &[16, 32]);
                    random_binding(&mut rng, slot, object, size_b)
                } else if moved {
                    random_binding(&mut rng, slot, bound.object, bound.size_b)
                } else {
                    continue;
                };
                bindings[index] = binding;
                steps.push(Step::Bind(slot, binding));
            }
            if chance(&mut rng, 8) {
                vertices = pick(&mut rng, &VERTICES);
                steps.push(Step::Vertices(vertices));
            }
            // Viewport, scissor and write mask leave their defaults now and then and soon
            // come back: most draws land whole.
            for (state, percent) in [(0, 6), (1, 8), (2, 4)] {
                let change = match altered[state] {
                    true => chance(&mut rng, 30),
                    false => chance(&mut rng, percent),
                };
                if !change {
                    continue;
                }
                altered[state] = !altered[state];
                // Viewports and scissors over the wide target, or reaching past it.
                let units = (VIEWPORT_PX / UNIT_PX) as u32;
                let own_op = chance(&mut moves_rng, 50);
                steps.push(match (state, altered[state]) {
                    (0, false) => Step::Viewport {
                        x: 0,
                        y: 0,
                        scale: 1,
                        own_op,
                    },
                    (0, true) => random_viewport(&mut rng, own_op),
                    (1, false) => Step::Scissor {
                        x: 0,
                        y: 0,
                        width: units as i32,
                        height: units as i32,
                        own_op,
                    },
                    (1, true) => random_scissor(&mut rng, own_op),
                    (_, false) => Step::WriteMask(ComponentMask::ALL.0),
                    (_, true) => Step::WriteMask(pick(&mut rng, &[0, 3, 12, 13, 2, 7])),
                });
            }
            if chance(&mut rng, 9) {
                steps.push(Step::Clear {
                    value: [0; 4].map(|_: u8| rng.below(256) as u8),
                    // A partial mask two times in three (none at all among them).
                    mask: match rng.below(3) {
                        0 => ComponentMask::ALL.0,
                        _ => rng.below(15) as u8,
                    },
                });
            }
            if chance(&mut rng, 4) {
                steps.push(Step::Barrier);
            }
            if chance(&mut rng, 3) {
                steps.push(Step::LowerLeft(chance(&mut rng, 50)));
            }
            if chance(&mut rng, 4) {
                let compares = [
                    CompareOp::Never,
                    CompareOp::Less,
                    CompareOp::Equal,
                    CompareOp::LessEqual,
                    CompareOp::Greater,
                    CompareOp::NotEqual,
                    CompareOp::GreaterEqual,
                    CompareOp::Always,
                ];
                // Mostly off or a compare that keeps about half: most draws stay.
                steps.push(Step::AlphaTest(match rng.below(3) {
                    0 => None,
                    _ => Some((pick(&mut rng, &compares), rng.below(256) as u8)),
                }));
            }
            if chance(&mut rng, 6) {
                let entries = &TINT_WINDOWS[0].entries;
                steps.push(Step::UpdateTint {
                    entry: entries.start + rng.below(entries.len() as u32),
                    value: entry_values(&mut rng, 1)[0],
                });
            }
            if chance(&mut rng, 4) {
                steps.push(Step::Target(pick(&mut rng, &TARGETS)));
            }
            if chance(&mut rng, 5) {
                steps.push(Step::NewList);
            }
            if chance(&mut rng, 8) {
                steps.push(Step::Snapshot);
            }
            if chance(&mut dynamic_rng, 5) {
                steps.push(Step::CullAll(chance(&mut dynamic_rng, 40)));
            }
            if chance(&mut dynamic_rng, 8) {
                steps.push(Step::Blend(match dynamic_rng.below(3) {
                    0 => None,
                    _ => Some(pick(&mut dynamic_rng, &BLEND_OPS)),
                }));
            }
            // A UI renderer's scissor (or a viewport) before a draw whose constants
            // move: the move rides on the repeated draw.
            if chance(&mut moves_rng, 20) {
                steps.push(match chance(&mut moves_rng, 60) {
                    true => random_scissor(&mut moves_rng, true),
                    false => random_viewport(&mut moves_rng, true),
                });
            }
            let how = match vertices {
                Vertices::Cells | Vertices::Shuffled => DrawHow::Triangles,
                Vertices::Quads => pick(
                    &mut rng,
                    &[DrawHow::Quads, DrawHow::IndexedFirst, DrawHow::IndexedBase],
                ),
            };
            steps.push(Step::Draw {
                at: rng.below(CELLS),
                how,
            });
        }
        steps.push(Step::Snapshot);
        Case {
            seed,
            tints,
            stored,
            steps,
        }
    }

    pub fn replay_text(&self, options: &str) -> String {
        let steps: Vec<String> = self
            .steps
            .iter()
            .enumerate()
            .map(|(index, step)| format!("  {index:3}: {step:?}"))
            .collect();
        format!(
            "seed {} ({options}); replay with DRAW_SEQUENCES_SEEDS={}\ntints {:?}\nstored {:?}\n\
             steps:\n{}",
            self.seed,
            self.seed,
            self.tints,
            self.stored,
            steps.join("\n")
        )
    }
}
