//! The GPU side: a rig with both targets, the programs, the vertex and index buffers and
//! the buffer objects over the values, which records a case's steps through the gpu crate
//! on the executor, submits them and reads back the targets' texels at each snapshot.

use gpu::command::{
    BarrierOrder, BufferBinding, BufferImage, ClearValue, CopyOp, DrawArrays, DrawIndexed,
    Invalidate,
};
use gpu::objects::{BufferRange, Stage, TextureBuilder};
use gpu::state::{
    AlphaTest, BlendEquation, BlendFactor, BlendState, ComponentMask, CullMode, IndexType,
    PrimitiveKind, RasterizerState, Scissor, StateChange, Viewport, WindowOrigin,
    MAX_COLOR_TARGETS,
};
use gpu::{BufferId, ProgramId, QueueError, RecordError, TextureId, ViewId};
use gpu_vk::executor::ExecutorOptions;

use crate::case::{
    cell_at, Case, DrawHow, Slot, Step, Target, Vertices, Window, CELLS, GRID, STORED_WINDOWS,
    TARGETS, TINT_WINDOWS, UNIT_PX, VIEWPORT_PX,
};
use crate::common::draw::{bind_positions, colour, f32_bytes, positions_at};
use crate::common::programs::{position_program, TINT_FRAG};
use crate::common::readback::region;
use crate::common::rig::Rig;

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

/// A rig with the programs, vertex and index buffers and buffer objects the steps use.
pub struct Scene {
    pub rig: Rig,
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
    pub fn new(options: ExecutorOptions) -> Scene {
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
    pub fn run(&self, case: &Case) -> Result<Vec<Vec<u8>>, String> {
        self.write_entries(TINTS_OFFSET_B, &case.tints);
        self.write_entries(STORED_OFFSET_B, &case.stored);
        let device = &self.rig.device;
        let mut commands = device.command_buffer();
        commands
            .bind_render_targets(colour(self.targets[Target::Wide as usize].1))
            .map_err(|error| format!("binding the target: {error:?}"))?;
        bind_positions(&mut commands, self.programs[0], self.vertices[0]);
        // The model is NVN's clip space, y up (`model.rs`).
        commands
            .set_state(StateChange::ClipYAxis(gpu::state::ClipYAxis::Up))
            .unwrap();
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
                Step::Viewport {
                    x,
                    y,
                    scale,
                    own_op,
                } => {
                    let size_px = (VIEWPORT_PX * scale) as f32;
                    let viewport = Viewport {
                        x_px: (x * UNIT_PX) as f32,
                        y_px: (y * UNIT_PX) as f32,
                        width_px: size_px,
                        height_px: size_px,
                        min_depth: 0.0,
                        max_depth: 1.0,
                    };
                    match own_op {
                        true => commands.set_viewport(0, viewport),
                        false => commands.set_state(StateChange::Viewports {
                            first: 0,
                            viewports: vec![viewport],
                        }),
                    }
                }
                Step::Scissor {
                    x,
                    y,
                    width,
                    height,
                    own_op,
                } => {
                    let scissor = Scissor {
                        x_px: x * UNIT_PX,
                        y_px: y * UNIT_PX,
                        width_px: (width * UNIT_PX) as u32,
                        height_px: (height * UNIT_PX) as u32,
                    };
                    match own_op {
                        true => commands.set_scissor(0, scissor),
                        false => commands.set_state(StateChange::Scissors {
                            first: 0,
                            scissors: vec![scissor],
                        }),
                    }
                }
                Step::WriteMask(mask) => {
                    let mut masks = [ComponentMask::ALL; MAX_COLOR_TARGETS];
                    masks[0] = ComponentMask(mask);
                    commands.set_state(StateChange::WriteMasks(masks))
                }
                Step::LowerLeft(lower_left) => {
                    commands.set_state(StateChange::WindowOrigin(match lower_left {
                        true => WindowOrigin::LowerLeft,
                        false => WindowOrigin::UpperLeft,
                    }))
                }
                Step::AlphaTest(test) => {
                    commands.set_state(StateChange::AlphaTest(test.map(|(compare, reference)| {
                        AlphaTest {
                            compare,
                            reference: (f32::from(reference) + 0.5) / 255.0,
                        }
                    })))
                }
                Step::CullAll(all) => {
                    commands.set_state(StateChange::Rasterizer(RasterizerState {
                        cull: match all {
                            true => CullMode::FrontAndBack,
                            false => CullMode::None,
                        },
                        ..RasterizerState::default()
                    }))
                }
                Step::Blend(op) => commands.set_state(StateChange::Blend {
                    target: 0,
                    state: match op {
                        Some(op) => {
                            let equation = BlendEquation {
                                src_factor: BlendFactor::One,
                                dst_factor: BlendFactor::One,
                                op,
                            };
                            BlendState {
                                enabled: true,
                                color: equation,
                                alpha: equation,
                            }
                        }
                        None => BlendState::default(),
                    },
                }),
                Step::UpdateTint { entry, value } => {
                    let window = &TINT_WINDOWS[0];
                    let offset_b = (i64::from(entry) - window.first_entry) as u64 * ENTRY_STRIDE_B;
                    let bytes = f32_bytes(&value.map(|channel| f32::from(channel) / 255.0));
                    commands.update_uniform_buffer(self.tint_objects[0], offset_b, &bytes)
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
