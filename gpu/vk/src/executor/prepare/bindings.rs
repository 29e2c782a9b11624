//! What the executor has bound as it walks a list: programs and buffer ranges per stage
//! and slot. NVN's bindings carry across lists, so the state lives on between submits.

use gpu::command::{BufferBinding, Op};
use gpu::objects::{BufferRange, ImageHandle, ObjectTables, Stage, TextureHandle};
use gpu::state::{IndexType, MAX_VERTEX_STREAMS};
use gpu::{ProgramId, SamplerTableId, TextureTableId};

use crate::executor::pipelines::layout::host_stage;

/// NVN's uniform and storage buffer slots per stage.
pub const BUFFER_SLOTS: usize = 16;
/// NVN's texture slots per stage.
pub const TEXTURE_SLOTS: usize = 32;
/// NVN's image (load/store) slots per stage.
pub const IMAGE_SLOTS: usize = 8;
const STAGES: usize = 6;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Bindings {
    pub compute_program: Option<ProgramId>,
    pub graphics_program: Option<ProgramId>,
    pub uniform: [[Option<BufferRange>; BUFFER_SLOTS]; STAGES],
    pub storage: [[Option<BufferRange>; BUFFER_SLOTS]; STAGES],
    pub vertex: [Option<BufferRange>; MAX_VERTEX_STREAMS],
    pub index: Option<(BufferRange, IndexType)>,
    /// Both tables once both are bound (`tables`' pair).
    pub descriptor_tables: Option<(TextureTableId, SamplerTableId)>,
    /// Each table as bound, alone or as a pair (NVN sets the pools one at a time).
    pub tables: gpu::command::TablesInForce,
    pub textures: [[Option<TextureHandle>; TEXTURE_SLOTS]; STAGES],
    pub images: [[Option<ImageHandle>; IMAGE_SLOTS]; STAGES],
    /// Transform feedback's capture buffers (draws do not read them: no version bump).
    pub transform_feedback: [Option<BufferRange>; gpu::command::MAX_TRANSFORM_FEEDBACK_BUFFERS],
    /// Bumped by every bind but one that moves a uniform or storage binding within the
    /// same buffer, keeping its size, and one that replaces a bound texture handle: while
    /// it holds, a draw resolves as the one before but for those bindings' offsets and
    /// textures (`prepared::memo::DrawMemo`). Every other change to what a draw binds must
    /// bump it: repeated draws (`repeat`) join the draw before them while it holds.
    pub version: u64,
    /// Bumped when a bound texture handle is replaced (without bumping `version`).
    pub textures_version: u64,
}

/// Whether binding `range` where `bound` was moves only the offset.
fn offset_only(bound: Option<BufferRange>, range: BufferRange) -> bool {
    bound.is_some_and(|bound| bound.buffer == range.buffer && bound.size_b == range.size_b)
}

/// The index of a stage in per-stage arrays: the translator's stage order.
pub fn stage_index(stage: Stage) -> usize {
    host_stage(stage).index() as usize
}

impl Bindings {
    /// The texture bound at `slot` of stage `stage`, or, where a texture array's element
    /// (the array holding slots `first..first + len`) is left unbound, the array's first
    /// bound element. A program reads such an element only with an index past the game's
    /// own array (a compiled program's slot array spans more slots than its GLSL array,
    /// whose length the binary does not keep), which GLSL leaves undefined; a view of the
    /// array's type keeps the descriptor valid.
    pub fn array_texture(
        &self,
        stage: usize,
        slot: u32,
        (first, len): (u32, u32),
    ) -> Option<TextureHandle> {
        let bound = &self.textures[stage];
        bound.get(slot as usize).copied().flatten().or_else(|| {
            let end = first.saturating_add(len).min(TEXTURE_SLOTS as u32);
            (first..end).find_map(|other| bound[other as usize])
        })
    }

    /// The image bound at `slot` of stage `stage`, or, where an image array's element
    /// (the array holding slots `first..first + len`) is left unbound, the array's first
    /// bound element: as [`Bindings::array_texture`], for the image slot arrays a compiled
    /// program's register image handles index.
    pub fn array_image(
        &self,
        stage: usize,
        slot: u32,
        (first, len): (u32, u32),
    ) -> Option<ImageHandle> {
        let bound = &self.images[stage];
        bound.get(slot as usize).copied().flatten().or_else(|| {
            let end = first.saturating_add(len).min(IMAGE_SLOTS as u32);
            (first..end).find_map(|other| bound[other as usize])
        })
    }

    /// The bindings after `op` (ops that bind nothing leave them as they are).
    pub fn apply(&mut self, op: &Op, tables: &ObjectTables) {
        let version = self.version;
        match *op {
            Op::BindProgram(id) => match tables.programs.get(id) {
                Some(program) if program.is_compute() => self.compute_program = Some(id),
                Some(_) => self.graphics_program = Some(id),
                None => {}
            },
            Op::BindBuffer { binding, range } => match binding {
                BufferBinding::Uniform { stage, slot } => {
                    if let Some(entry) = self.uniform[stage_index(stage)].get_mut(usize::from(slot))
                    {
                        if offset_only(*entry, range) {
                            *entry = Some(range);
                            return;
                        }
                        *entry = Some(range);
                    }
                }
                BufferBinding::Storage { stage, slot } => {
                    if let Some(entry) = self.storage[stage_index(stage)].get_mut(usize::from(slot))
                    {
                        if offset_only(*entry, range) {
                            *entry = Some(range);
                            return;
                        }
                        *entry = Some(range);
                    }
                }
                BufferBinding::Vertex { stream } => {
                    if let Some(entry) = self.vertex.get_mut(usize::from(stream)) {
                        *entry = Some(range);
                    }
                }
                BufferBinding::Index { index_type } => self.index = Some((range, index_type)),
            },
            Op::BindDescriptorTables { textures, samplers } => {
                self.tables.bind_pair(textures, samplers);
                self.descriptor_tables = self.tables.pair();
            }
            Op::BindDescriptorTable(bind) => {
                self.tables.bind_one(bind);
                self.descriptor_tables = self.tables.pair();
            }
            Op::BindTexture {
                stage,
                slot,
                handle,
            } => {
                if let Some(entry) = self.textures[stage_index(stage)].get_mut(usize::from(slot)) {
                    let replaced = entry.is_some();
                    *entry = Some(handle);
                    if replaced {
                        self.textures_version += 1;
                        return;
                    }
                }
            }
            Op::BindImage {
                stage,
                slot,
                handle,
            } => {
                if let Some(entry) = self.images[stage_index(stage)].get_mut(usize::from(slot)) {
                    *entry = Some(handle);
                }
            }
            Op::BindTransformFeedbackBuffer { index, range } => {
                if let Some(entry) = self.transform_feedback.get_mut(usize::from(index)) {
                    *entry = Some(range);
                }
                return;
            }
            // Ops that bind nothing.
            _ => return,
        }
        self.version = version + 1;
    }
}

#[cfg(test)]
mod tests {
    use gpu::BufferId;

    use super::*;

    #[test]
    fn buffer_binds_land_in_their_stage_and_slot() {
        let tables = ObjectTables::default();
        let range = BufferRange {
            buffer: BufferId::from_raw(1).unwrap(),
            offset_b: 256,
            size_b: 64,
        };
        let mut bindings = Bindings::default();
        bindings.apply(
            &Op::BindBuffer {
                binding: BufferBinding::Storage {
                    stage: Stage::Compute,
                    slot: 3,
                },
                range,
            },
            &tables,
        );
        assert_eq!(bindings.storage[5][3], Some(range));
        assert_eq!(bindings.uniform[5][3], None);
        assert_eq!(stage_index(Stage::Fragment), 4);
    }

    #[test]
    fn an_unbound_array_element_takes_the_arrays_first_bound_element() {
        let mut bindings = Bindings::default();
        let handle = |texture_slot| TextureHandle {
            texture_slot,
            sampler_slot: 1,
        };
        bindings.textures[4][2] = Some(handle(7));
        bindings.textures[4][3] = Some(handle(8));
        // Slot 3 is bound: its own; slot 5 of the array 1..9 is not: slot 2's.
        assert_eq!(bindings.array_texture(4, 3, (1, 8)), Some(handle(8)));
        assert_eq!(bindings.array_texture(4, 5, (1, 8)), Some(handle(7)));
        // An array none of whose elements is bound, and another stage, stay unbound.
        assert_eq!(bindings.array_texture(4, 5, (4, 4)), None);
        assert_eq!(bindings.array_texture(0, 2, (0, 8)), None);
        // A plain slot (an array of one) takes nothing else.
        assert_eq!(bindings.array_texture(4, 1, (1, 1)), None);
    }

    #[test]
    fn stage_indices_follow_the_stage_order() {
        for (index, &stage) in Stage::ALL.iter().enumerate() {
            assert_eq!(stage_index(stage), index, "{stage:?}");
        }
    }

    #[test]
    fn only_a_move_within_the_same_buffer_keeps_the_version() {
        let tables = ObjectTables::default();
        let buffer = |raw, offset_b, size_b| BufferRange {
            buffer: BufferId::from_raw(raw).unwrap(),
            offset_b,
            size_b,
        };
        let bind = |range| Op::BindBuffer {
            binding: BufferBinding::Uniform {
                stage: Stage::Fragment,
                slot: 0,
            },
            range,
        };
        let mut bindings = Bindings::default();
        bindings.apply(&bind(buffer(1, 0, 16)), &tables);
        let first = bindings.version;
        assert!(first > 0, "a first bind is a change");
        bindings.apply(&bind(buffer(1, 256, 16)), &tables);
        assert_eq!(bindings.version, first, "the offset moved");
        assert_eq!(bindings.uniform[4][0], Some(buffer(1, 256, 16)));
        bindings.apply(&bind(buffer(1, 256, 32)), &tables);
        assert_eq!(bindings.version, first + 1, "the size changed");
        bindings.apply(&bind(buffer(2, 256, 32)), &tables);
        assert_eq!(bindings.version, first + 2, "another buffer");
        bindings.apply(&Op::SetState { state_index: 0 }, &tables);
        assert_eq!(bindings.version, first + 2, "state is not a binding");
    }

    #[test]
    fn replacing_a_texture_handle_moves_only_the_texture_version() {
        let tables = ObjectTables::default();
        let bind = |slot, texture_slot| Op::BindTexture {
            stage: Stage::Fragment,
            slot,
            handle: TextureHandle {
                texture_slot,
                sampler_slot: 0,
            },
        };
        let mut bindings = Bindings::default();
        bindings.apply(&bind(0, 1), &tables);
        let (first, textures) = (bindings.version, bindings.textures_version);
        assert!(first > 0, "a first bind of a slot is a change");
        bindings.apply(&bind(0, 2), &tables);
        assert_eq!(bindings.version, first, "a replaced handle");
        assert_eq!(bindings.textures_version, textures + 1);
        assert_eq!(bindings.textures[4][0].unwrap().texture_slot, 2);
        bindings.apply(&bind(1, 2), &tables);
        assert_eq!(bindings.version, first + 1, "another slot's first bind");
    }
}
