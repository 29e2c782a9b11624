//! What the executor has bound as it walks a list: programs and buffer ranges per stage
//! and slot. NVN's bindings carry across lists, so the state lives on between submits.

use gpu::command::{BufferBinding, Op};
use gpu::objects::{BufferRange, ImageHandle, ObjectTables, Stage, TextureHandle};
use gpu::state::{IndexType, MAX_VERTEX_STREAMS};
use gpu::{ProgramId, SamplerTableId, TextureTableId};

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
    pub descriptor_tables: Option<(TextureTableId, SamplerTableId)>,
    pub textures: [[Option<TextureHandle>; TEXTURE_SLOTS]; STAGES],
    pub images: [[Option<ImageHandle>; IMAGE_SLOTS]; STAGES],
}

/// The index of a stage in per-stage arrays (the translator's stage order).
pub fn stage_index(stage: Stage) -> usize {
    Stage::ALL
        .iter()
        .position(|&known| known == stage)
        .expect("Stage::ALL holds every stage")
}

impl Bindings {
    /// The bindings after `op` (ops that bind nothing leave them as they are).
    pub fn apply(&mut self, op: &Op, tables: &ObjectTables) {
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
                        *entry = Some(range);
                    }
                }
                BufferBinding::Storage { stage, slot } => {
                    if let Some(entry) = self.storage[stage_index(stage)].get_mut(usize::from(slot))
                    {
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
                self.descriptor_tables = Some((textures, samplers));
            }
            Op::BindTexture {
                stage,
                slot,
                handle,
            } => {
                if let Some(entry) = self.textures[stage_index(stage)].get_mut(usize::from(slot)) {
                    *entry = Some(handle);
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
            _ => {}
        }
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
}
