//! Random sequences of draws against a CPU model of their targets: a 16x16 RGBA8 target
//! and an 8x8 BGRA8 one (another format and size, so another pipeline and default
//! viewport). Vertex positions split clip space into an 8x8 grid of cells; each draw
//! covers one cell with its program's colour of the tints bound. Before each draw the
//! sequence may switch program, move uniform and storage offsets (the executor then makes
//! the draw from the one before, sharing its sets), bind another buffer object over the
//! same tints, switch vertex buffers, set viewport, scissor or write mask, clear (masked
//! clears bind their own pipeline and state), end the pass, switch target, go on in a new
//! command list, or copy the targets out (a snapshot). Every pixel of every snapshot must
//! be the model's: a stale offset, set, pipeline, vertex buffer, viewport or scissor
//! shows as a wrong pixel. A failing case prints its seed and steps; set
//! `DRAW_SEQUENCES_SEEDS=1,7` to run only those seeds.

mod common;

use std::ops::Range;

use common::draw::{bind_positions, colour, f32_bytes, positions_at};
use common::programs::{position_program, TINT_FRAG};
use common::readback::region;
use common::rig::Rig;
use common::texels::Bytes;
use gpu::command::{
    BarrierOrder, BufferBinding, BufferImage, ClearValue, CopyOp, DrawArrays, DrawIndexed,
    Invalidate,
};
use gpu::objects::{BufferRange, Stage, TextureBuilder};
use gpu::state::{
    ComponentMask, IndexType, PrimitiveKind, Scissor, StateChange, Viewport, MAX_COLOR_TARGETS,
};
use gpu::{BufferId, ProgramId, QueueError, RecordError, TextureId, ViewId};
use gpu_vk::executor::ExecutorOptions;
use memory::Format;

/// Cells in a row of clip space (and rows of cells).
const GRID: i32 = 8;
const CELLS: u32 = (GRID * GRID) as u32;
/// Viewport and scissor steps place and size in units of this many pixels.
const UNIT_PX: i32 = 2;
/// A viewport of scale 1 is this wide and high.
const VIEWPORT_PX: i32 = 16;
const SEEDS: u64 = 16;

/// Where the pool holds what draws read (the targets lie below, the rig's read-back
/// buffer at 2 MiB).
const CELLS_OFFSET_B: u64 = 1 << 20;
const SHUFFLED_OFFSET_B: u64 = CELLS_OFFSET_B + (4 << 10);
const QUADS_OFFSET_B: u64 = CELLS_OFFSET_B + (8 << 10);
const INDICES_OFFSET_B: u64 = CELLS_OFFSET_B + (16 << 10);
const TINTS_OFFSET_B: u64 = CELLS_OFFSET_B + (64 << 10);
const STORED_OFFSET_B: u64 = CELLS_OFFSET_B + (128 << 10);
/// Tints (and stored values) lie this far apart: above any uniform offset alignment.
const ENTRY_STRIDE_B: u64 = 256;
/// Bytes of one snapshot of both targets in the read-back buffer.
const SNAPSHOT_B: u64 = Target::Wide.bytes() + Target::Narrow.bytes();
const TINTS: u32 = 64;
const STORED: u32 = 32;

/// The sum of the tints in the fragment stage's uniform slots 0 and 1.
const SUM_FRAG: &str = "#version 450
layout(location = 0) out vec4 colour;
layout(std140, binding = 0) uniform Tint { vec4 tint; };
layout(std140, binding = 1) uniform Extra { vec4 extra; };
void main() {
    colour = tint + extra;
}
";

/// The sum of the tint in uniform slot 0 and the value in storage slot 0.
const STORED_FRAG: &str = "#version 450
layout(location = 0) out vec4 colour;
layout(std140, binding = 0) uniform Tint { vec4 tint; };
layout(std430, binding = 0) readonly buffer Stored { vec4 stored; };
void main() {
    colour = tint + stored;
}
";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Target {
    /// 16x16 RGBA8.
    Wide,
    /// 8x8 BGRA8.
    Narrow,
}

const TARGETS: [Target; 2] = [Target::Wide, Target::Narrow];

impl Target {
    const fn size_px(self) -> i32 {
        match self {
            Target::Wide => 16,
            Target::Narrow => 8,
        }
    }

    fn format(self) -> Format {
        let name = match self {
            Target::Wide => "rgba8",
            Target::Narrow => "bgra8",
        };
        Format::from_name(name).unwrap()
    }

    const fn bytes(self) -> u64 {
        (self.size_px() * self.size_px() * 4) as u64
    }

    /// A texel read back, as (R, G, B, A).
    fn rgba(self, texel: &[u8]) -> [u8; 4] {
        match self {
            Target::Wide => [texel[0], texel[1], texel[2], texel[3]],
            Target::Narrow => [texel[2], texel[1], texel[0], texel[3]],
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Program {
    Tint,
    Sum,
    Stored,
}

const PROGRAMS: [Program; 3] = [Program::Tint, Program::Sum, Program::Stored];

/// The vertex buffers: each cell's two triangles in cell order or shuffled, or each
/// cell's quad (drawn as quads, or indexed as triangles).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Vertices {
    Cells,
    Shuffled,
    Quads,
}

const VERTICES: [Vertices; 3] = [Vertices::Cells, Vertices::Shuffled, Vertices::Quads];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Slot {
    Uniform0,
    Uniform1,
    Storage0,
}

const SLOTS: [Slot; 3] = [Slot::Uniform0, Slot::Uniform1, Slot::Storage0];

/// A buffer object over the tints (or stored values): entry `first_entry` at its start,
/// entries `entries` inside it.
struct Window {
    first_entry: i64,
    entries: Range<u32>,
}

const TINT_WINDOWS: [Window; 3] = [
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

const STORED_WINDOWS: [Window; 2] = [
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
    fn windows(self) -> &'static [Window] {
        match self {
            Slot::Uniform0 | Slot::Uniform1 => &TINT_WINDOWS,
            Slot::Storage0 => &STORED_WINDOWS,
        }
    }
}

/// Entry `entry` of the values behind `object` (an index into the slot's windows), `size_b`
/// bytes of it bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Binding {
    object: usize,
    entry: u32,
    size_b: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum DrawHow {
    Triangles,
    Quads,
    /// Triangles of the quad vertices, the cell chosen by the first index.
    IndexedFirst,
    /// Triangles of the quad vertices, the cell chosen by the base vertex.
    IndexedBase,
}

/// One step of a sequence; viewport and scissor positions and sizes in `UNIT_PX` units.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Step {
    Program(Program),
    Bind(Slot, Binding),
    Vertices(Vertices),
    /// The viewport at (x, y), `scale` times `VIEWPORT_PX` wide and high.
    Viewport {
        x: i32,
        y: i32,
        scale: i32,
    },
    Scissor {
        x: i32,
        y: i32,
        width: i32,
        height: i32,
    },
    WriteMask(u8),
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
}

/// What a seed makes: the values behind the buffers, and the steps.
struct Case {
    seed: u64,
    tints: Vec<[u8; 4]>,
    stored: Vec<[u8; 4]>,
    steps: Vec<Step>,
}

/// The cell a draw at position `at` of `vertices` covers (before the viewport).
fn cell_at(vertices: Vertices, at: u32) -> u32 {
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

impl Case {
    fn generate(seed: u64) -> Case {
        let mut rng = Bytes(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
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
                steps.push(match (state, altered[state]) {
                    (0, false) => Step::Viewport {
                        x: 0,
                        y: 0,
                        scale: 1,
                    },
                    (0, true) => Step::Viewport {
                        x: rng.below(units + 1) as i32 - units as i32 / 2,
                        y: rng.below(units + 1) as i32 - units as i32 / 2,
                        scale: 1 + rng.below(2) as i32,
                    },
                    (1, false) => Step::Scissor {
                        x: 0,
                        y: 0,
                        width: units as i32,
                        height: units as i32,
                    },
                    (1, true) => Step::Scissor {
                        x: rng.below(units + 1) as i32 - 2,
                        y: rng.below(units + 1) as i32 - 2,
                        width: 1 + rng.below(units) as i32,
                        height: 1 + rng.below(units) as i32,
                    },
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
            if chance(&mut rng, 4) {
                steps.push(Step::Target(pick(&mut rng, &TARGETS)));
            }
            if chance(&mut rng, 5) {
                steps.push(Step::NewList);
            }
            if chance(&mut rng, 8) {
                steps.push(Step::Snapshot);
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

    /// Both targets' pixels (row by row, as R, G, B, A) at each snapshot, as the CPU
    /// sees them.
    fn expected_snapshots(&self) -> Vec<[Vec<[u8; 4]>; 2]> {
        let mut snapshots = Vec::new();
        let mut images = TARGETS.map(|target| vec![[0u8; 4]; (target.bytes() / 4) as usize]);
        let mut target = Target::Wide;
        let mut program = Program::Tint;
        let mut vertices = Vertices::Cells;
        let mut entries = [None; 3];
        // `None`: never set, the pass's whole render area.
        let (mut viewport, mut scissor) = (None, None);
        let mut write_mask = ComponentMask::ALL.0;
        for &step in &self.steps {
            let image = &mut images[target as usize];
            match step {
                Step::Program(to) => program = to,
                Step::Vertices(to) => vertices = to,
                Step::Target(to) => target = to,
                Step::Bind(slot, binding) => entries[slot as usize] = Some(binding.entry),
                Step::Viewport { x, y, scale } => viewport = Some((x, y, scale)),
                Step::Scissor {
                    x,
                    y,
                    width,
                    height,
                } => scissor = Some((x, y, width, height)),
                Step::WriteMask(mask) => write_mask = mask,
                // Clears cover the whole target, whatever the scissor and write mask.
                Step::Clear { value, mask } => {
                    for pixel in image.iter_mut() {
                        write_channels(pixel, value, mask);
                    }
                }
                Step::Draw { at, .. } => {
                    let entry = |slot: Slot| entries[slot as usize].expect("bound") as usize;
                    let tint = self.tints[entry(Slot::Uniform0)];
                    let added = match program {
                        Program::Tint => [0; 4],
                        Program::Sum => self.tints[entry(Slot::Uniform1)],
                        Program::Stored => self.stored[entry(Slot::Storage0)],
                    };
                    let value = [0, 1, 2, 3].map(|c| tint[c] + added[c]);
                    let size = target.size_px();
                    let (vx, vy, span) = viewport.map_or((0, 0, size), |(x, y, scale)| {
                        (x * UNIT_PX, y * UNIT_PX, VIEWPORT_PX * scale)
                    });
                    let (sx, sy, sw, sh) = scissor.map_or((0, 0, size, size), |(x, y, w, h)| {
                        (x * UNIT_PX, y * UNIT_PX, w * UNIT_PX, h * UNIT_PX)
                    });
                    let cell = cell_at(vertices, at) as i32;
                    let cell_px = span / GRID;
                    let (x0, y0) = (vx + cell % GRID * cell_px, vy + cell / GRID * cell_px);
                    let xs = x0.max(sx).max(0)..(x0 + cell_px).min(sx + sw).min(size);
                    for y in y0.max(sy).max(0)..(y0 + cell_px).min(sy + sh).min(size) {
                        for x in xs.clone() {
                            write_channels(&mut image[(y * size + x) as usize], value, write_mask);
                        }
                    }
                }
                Step::Snapshot => snapshots.push(images.clone()),
                Step::Barrier | Step::NewList => {}
            }
        }
        snapshots
    }

    fn replay_text(&self, options: &str) -> String {
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

fn write_channels(pixel: &mut [u8; 4], value: [u8; 4], mask: u8) {
    for channel in 0..4 {
        if mask & (1 << channel) != 0 {
            pixel[channel] = value[channel];
        }
    }
}

/// A rig with the programs, vertex and index buffers and buffer objects the steps use.
struct Scene {
    rig: Rig,
    /// Each target's texture and view.
    targets: [(TextureId, ViewId); 2],
    programs: [ProgramId; 3],
    vertices: [BufferRange; 3],
    indices: BufferRange,
    tint_objects: Vec<BufferId>,
    stored_objects: Vec<BufferId>,
}

/// The corners of cell `cell` in clip space (y downwards), in a quad's order.
fn cell_corners_ndc(cell: u32) -> [(f32, f32); 4] {
    let cell_ndc = 2.0 / GRID as f32;
    let x0 = -1.0 + (cell % GRID as u32) as f32 * cell_ndc;
    let y0 = -1.0 + (cell / GRID as u32) as f32 * cell_ndc;
    let (x1, y1) = (x0 + cell_ndc, y0 + cell_ndc);
    [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
}

/// The two triangles of each of `cells`, as (x, y) pairs.
fn triangles_ndc(cells: impl Iterator<Item = u32>) -> Vec<f32> {
    cells
        .flat_map(|cell| {
            let corners = cell_corners_ndc(cell);
            [0, 1, 2, 0, 2, 3].map(|corner| corners[corner])
        })
        .flat_map(|(x, y)| [x, y])
        .collect()
}

/// A buffer object for each of `windows` over the entries from `offset_b` of the pool.
fn objects(rig: &Rig, offset_b: u64, windows: &[Window]) -> Vec<BufferId> {
    windows
        .iter()
        .map(|window| {
            let start_b = offset_b as i64 + window.first_entry * ENTRY_STRIDE_B as i64;
            let size_b = (i64::from(window.entries.end) - window.first_entry) as u64;
            rig.buffer(start_b as u64, size_b * ENTRY_STRIDE_B)
        })
        .collect()
}

impl Scene {
    fn new(options: ExecutorOptions) -> Scene {
        let rig = Rig::with_options(options);
        let targets = TARGETS.map(|target| {
            let size_px = target.size_px() as u32;
            let builder = TextureBuilder::new_2d(target.format(), size_px, size_px);
            rig.texture(&builder, target as u64 * (64 << 10))
        });
        let programs = [TINT_FRAG, SUM_FRAG, STORED_FRAG]
            .map(|fragment| position_program(&rig.device, fragment));
        let quads: Vec<f32> = (0..CELLS)
            .flat_map(cell_corners_ndc)
            .flat_map(|(x, y)| [x, y])
            .collect();
        let vertices = [
            (CELLS_OFFSET_B, triangles_ndc(0..CELLS)),
            (
                SHUFFLED_OFFSET_B,
                triangles_ndc((0..CELLS).map(|at| cell_at(Vertices::Shuffled, at))),
            ),
            (QUADS_OFFSET_B, quads),
        ]
        .map(|(offset_b, positions)| positions_at(&rig.device, rig.pool, offset_b, &positions));
        let index_bytes: Vec<u8> = (0..CELLS as u16)
            .flat_map(|cell| [0, 1, 2, 0, 2, 3].map(|corner| cell * 4 + corner))
            .flat_map(u16::to_le_bytes)
            .collect();
        rig.device
            .write_pool(rig.pool, INDICES_OFFSET_B, &index_bytes)
            .unwrap();
        let indices = BufferRange {
            buffer: rig.buffer(INDICES_OFFSET_B, index_bytes.len() as u64),
            offset_b: 0,
            size_b: index_bytes.len() as u64,
        };
        let tint_objects = objects(&rig, TINTS_OFFSET_B, &TINT_WINDOWS);
        let stored_objects = objects(&rig, STORED_OFFSET_B, &STORED_WINDOWS);
        Scene {
            rig,
            targets,
            programs,
            vertices,
            indices,
            tint_objects,
            stored_objects,
        }
    }

    fn write_entries(&self, offset_b: u64, entries: &[[u8; 4]]) {
        for (index, entry) in entries.iter().enumerate() {
            let value = entry.map(|channel| f32::from(channel) / 255.0);
            self.rig
                .device
                .write_pool(
                    self.rig.pool,
                    offset_b + index as u64 * ENTRY_STRIDE_B,
                    &f32_bytes(&value),
                )
                .unwrap();
        }
    }

    /// Binds again what the executor still has bound but `commands` does not know of: a
    /// list made by `command_buffer_after` knows only what the list before bound itself,
    /// not what that one carried in, and refuses a draw without program or targets.
    fn bind_uncarried(
        &self,
        commands: &mut gpu::CommandBuffer<'_>,
        program: ProgramId,
        target: Target,
    ) -> Result<(), RecordError> {
        let bound = *commands.bound();
        if bound.graphics_program.is_none() {
            commands.bind_program(program)?;
        }
        if bound.targets.is_empty() {
            commands.bind_render_targets(colour(self.targets[target as usize].1))?;
        }
        if bound.index_type.is_none() {
            commands.bind_buffer(
                BufferBinding::Index {
                    index_type: IndexType::U16,
                },
                self.indices,
            )?;
        }
        Ok(())
    }

    /// Records and submits `case`'s steps; the targets' texels at each snapshot.
    fn run(&self, case: &Case) -> Result<Vec<Vec<u8>>, String> {
        self.write_entries(TINTS_OFFSET_B, &case.tints);
        self.write_entries(STORED_OFFSET_B, &case.stored);
        let device = &self.rig.device;
        let mut commands = device.command_buffer();
        commands
            .bind_render_targets(colour(self.targets[Target::Wide as usize].1))
            .map_err(|error| format!("binding the target: {error:?}"))?;
        bind_positions(&mut commands, self.programs[0], self.vertices[0]);
        commands
            .bind_buffer(
                BufferBinding::Index {
                    index_type: IndexType::U16,
                },
                self.indices,
            )
            .map_err(|error| format!("binding the indices: {error:?}"))?;
        let (mut program, mut target) = (self.programs[0], Target::Wide);
        let mut snapshots = 0;
        for (index, &step) in case.steps.iter().enumerate() {
            let failed = |error: String| format!("step {index} {step:?}: {error}");
            match step {
                Step::Program(to) => {
                    program = self.programs[to as usize];
                    commands.bind_program(program)
                }
                Step::Vertices(vertices) => commands.bind_buffer(
                    BufferBinding::Vertex { stream: 0 },
                    self.vertices[vertices as usize],
                ),
                Step::Bind(slot, binding) => {
                    let (objects, binding_point) = match slot {
                        Slot::Uniform0 | Slot::Uniform1 => (
                            &self.tint_objects,
                            BufferBinding::Uniform {
                                stage: Stage::Fragment,
                                slot: (slot == Slot::Uniform1) as u8,
                            },
                        ),
                        Slot::Storage0 => (
                            &self.stored_objects,
                            BufferBinding::Storage {
                                stage: Stage::Fragment,
                                slot: 0,
                            },
                        ),
                    };
                    let window = &slot.windows()[binding.object];
                    let offset_b =
                        (i64::from(binding.entry) - window.first_entry) as u64 * ENTRY_STRIDE_B;
                    commands.bind_buffer(
                        binding_point,
                        BufferRange {
                            buffer: objects[binding.object],
                            offset_b,
                            size_b: binding.size_b,
                        },
                    )
                }
                Step::Viewport { x, y, scale } => {
                    let size_px = (VIEWPORT_PX * scale) as f32;
                    commands.set_state(StateChange::Viewports {
                        first: 0,
                        viewports: vec![Viewport {
                            x_px: (x * UNIT_PX) as f32,
                            y_px: (y * UNIT_PX) as f32,
                            width_px: size_px,
                            height_px: size_px,
                            min_depth: 0.0,
                            max_depth: 1.0,
                        }],
                    })
                }
                Step::Scissor {
                    x,
                    y,
                    width,
                    height,
                } => commands.set_state(StateChange::Scissors {
                    first: 0,
                    scissors: vec![Scissor {
                        x_px: x * UNIT_PX,
                        y_px: y * UNIT_PX,
                        width_px: (width * UNIT_PX) as u32,
                        height_px: (height * UNIT_PX) as u32,
                    }],
                }),
                Step::WriteMask(mask) => {
                    let mut masks = [ComponentMask::ALL; MAX_COLOR_TARGETS];
                    masks[0] = ComponentMask(mask);
                    commands.set_state(StateChange::WriteMasks(masks))
                }
                Step::Clear { value, mask } => commands.clear_color(
                    0,
                    ClearValue::Float(value.map(|channel| f32::from(channel) / 255.0)),
                    ComponentMask(mask),
                ),
                Step::Draw { at, how } => match how {
                    DrawHow::Triangles | DrawHow::Quads => {
                        let (primitive, vertex_count) = match how {
                            DrawHow::Quads => (PrimitiveKind::Quads, 4),
                            _ => (PrimitiveKind::Triangles, 6),
                        };
                        commands.draw(DrawArrays {
                            primitive,
                            first_vertex: at * vertex_count,
                            vertex_count,
                            first_instance: 0,
                            instance_count: 1,
                        })
                    }
                    DrawHow::IndexedFirst | DrawHow::IndexedBase => {
                        let by_first = how == DrawHow::IndexedFirst;
                        commands.draw_indexed(DrawIndexed {
                            primitive: PrimitiveKind::Triangles,
                            first_index: if by_first { at * 6 } else { 0 },
                            index_count: 6,
                            base_vertex: if by_first { 0 } else { at as i32 * 4 },
                            first_instance: 0,
                            instance_count: 1,
                        })
                    }
                },
                Step::Barrier => commands.barrier(BarrierOrder::FRAGMENTS, Invalidate::NONE),
                Step::Target(to) => {
                    target = to;
                    commands.bind_render_targets(colour(self.targets[to as usize].1))
                }
                Step::NewList => {
                    let list = commands.finish();
                    device
                        .queue()
                        .submit(&list)
                        .map_err(|error: QueueError| failed(format!("{error:?}")))?;
                    commands = device.command_buffer_after(&list);
                    self.bind_uncarried(&mut commands, program, target)
                }
                Step::Snapshot => {
                    snapshots += 1;
                    let mut offset_b = (snapshots - 1) * SNAPSHOT_B;
                    TARGETS.iter().try_for_each(|&target| {
                        let size_px = target.size_px() as u32;
                        let (texture, _) = self.targets[target as usize];
                        let copied = commands.copy(CopyOp::TextureToBuffer {
                            source: region(texture, 0, size_px, size_px),
                            destination: BufferImage {
                                buffer: self.rig.readback.buffer,
                                offset_b,
                                row_pitch_b: 0,
                                rows_per_image: 0,
                            },
                        });
                        offset_b += target.bytes();
                        copied
                    })
                }
            }
            .map_err(|error| failed(format!("{error:?}")))?;
        }
        let queue = device.queue();
        queue
            .submit(&commands.finish())
            .map_err(|error| format!("the last list: {error:?}"))?;
        queue
            .finish()
            .map_err(|error| format!("waiting: {error:?}"))?;
        let texels = self.rig.read_back((snapshots * SNAPSHOT_B) as usize);
        Ok(texels
            .chunks(SNAPSHOT_B as usize)
            .map(<[u8]>::to_vec)
            .collect())
    }
}

/// The pixels of a snapshot (both targets' texels) that differ from the model's, as
/// lines naming target, pixel, expected and found.
fn wrong_pixels(expected: &[Vec<[u8; 4]>; 2], texels: &[u8]) -> Vec<String> {
    let mut wrong = Vec::new();
    let mut rest = texels;
    for target in TARGETS {
        let (ours, later) = rest.split_at(target.bytes() as usize);
        rest = later;
        let pixels = ours.chunks(4).map(|texel| target.rgba(texel));
        for (at, (found, want)) in pixels.zip(&expected[target as usize]).enumerate() {
            if found != *want {
                let (x, y) = (at as i32 % target.size_px(), at as i32 / target.size_px());
                wrong.push(format!(
                    "  {target:?} ({x}, {y}): expected {want:?}, found {found:?}"
                ));
            }
        }
    }
    wrong
}

/// The seeds to run: `DRAW_SEQUENCES_SEEDS` (comma-separated) or the first `SEEDS`.
fn seeds() -> Vec<u64> {
    match std::env::var("DRAW_SEQUENCES_SEEDS") {
        Ok(list) => list
            .split(',')
            .map(|seed| seed.trim().parse().expect("DRAW_SEQUENCES_SEEDS: numbers"))
            .collect(),
        Err(_) => (1..=SEEDS).collect(),
    }
}

/// Runs every seed's case on its own rig with `options`; fails naming each failing case.
fn run_seeds(options: ExecutorOptions, label: &str) {
    let mut failures = Vec::new();
    for seed in seeds() {
        let case = Case::generate(seed);
        let mut scene = Scene::new(options);
        let outcome = scene.run(&case).and_then(|snapshots| {
            let expected = case.expected_snapshots();
            let differing = snapshots
                .iter()
                .zip(&expected)
                .map(|(texels, images)| wrong_pixels(images, texels))
                .enumerate()
                .find(|(_, wrong)| !wrong.is_empty());
            let Some((snapshot, wrong)) = differing else {
                return Ok(());
            };
            let step = case
                .steps
                .iter()
                .enumerate()
                .filter(|(_, step)| **step == Step::Snapshot)
                .nth(snapshot)
                .map_or(0, |(index, _)| index);
            Err(format!(
                "snapshot {snapshot} (step {step}, of {} snapshots; the first to differ): {} \
                 pixel(s) differ:\n{}",
                expected.len(),
                wrong.len(),
                wrong[..wrong.len().min(24)].join("\n")
            ))
        });
        let errors = scene.rig.gpu_mut().take_unexpected_errors();
        let mut why: Vec<String> = outcome.err().into_iter().collect();
        if !errors.is_empty() {
            why.push(format!("validation errors: {errors:#?}"));
        }
        if !why.is_empty() {
            failures.push(format!("{}\n{}", why.join("\n"), case.replay_text(label)));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of the cases failed:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[test]
fn random_draw_sequences_match_the_cpu_model() {
    run_seeds(ExecutorOptions::default(), "default options");
}

/// With no dynamic buffers, a draw that moves an offset gets patched descriptors and its
/// own set: the path drivers with low limits take.
#[test]
fn random_draw_sequences_match_the_cpu_model_without_dynamic_buffers() {
    run_seeds(
        ExecutorOptions {
            max_dynamic_buffers: Some(0),
            ..ExecutorOptions::default()
        },
        "max_dynamic_buffers: Some(0)",
    );
}
