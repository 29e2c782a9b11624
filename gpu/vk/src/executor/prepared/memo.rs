//! The memo of the last draw prepared in full: what a following draw must share with it
//! to be made from it (`prepare::draw_memo`, `prepare::repeat`), and its buffer
//! descriptors as such a draw moves them.

use std::ops::Range;

use gpu::state::PrimitiveKind;
use gpu::{PoolId, ProgramId};

use crate::executor::pipelines::dynamic_changes::MovedParts;
use crate::executor::pipelines::layout::is_dynamic;

use super::bindless_list::DrawHandles;
use super::descriptors::{dynamic_base_b, Descriptor, Resource};

/// The draw a following draw may be made from, and what must hold for that.
#[derive(Debug)]
pub struct DrawMemo {
    pub program: ProgramId,
    pub state_version: u64,
    /// `GraphicsPipelines::dynamic_version` the shape's dynamic values were taken at.
    pub dynamic_version: u64,
    /// The parts of the shape the dynamic changes since then moved.
    pub moved: MovedParts,
    pub bindings_version: u64,
    pub textures_version: u64,
    pub pass: usize,
    pub primitive: PrimitiveKind,
    pub indexed: bool,
    pub shape: u32,
    pub descriptors: Range<u32>,
    pub handles: DrawHandles,
    /// The buffer descriptors of `descriptors`, as a repeat moves them.
    pub moving: Vec<MovingBuffer>,
}

/// A uniform or storage buffer descriptor of the memo's draw: where its binding is and
/// what its set holds.
#[derive(Clone, Copy, Debug)]
pub struct MovingBuffer {
    pub storage: bool,
    /// Per-stage binding arrays' indices (`prepare::bindings::stage_index`) and the slot.
    pub stage: u8,
    pub slot: u8,
    pub pool: PoolId,
    /// The buffer object's offset in its pool.
    pub base_b: u64,
    /// The pool offset and range the descriptor was written with, and the 4 GiB base
    /// its set holds (dynamic offsets are from it).
    pub written_b: u64,
    pub written_range_b: u64,
    pub set_base_b: u64,
    /// A dynamic descriptor: a move within its 4 GiB base is a dynamic offset.
    pub dynamic: bool,
}

impl DrawMemo {
    /// Fills `moving` from the memo's descriptors (`all` of the list's).
    pub fn note_moving(&mut self, all: &[Descriptor]) {
        self.moving.clear();
        let range = self.descriptors.start as usize..self.descriptors.end as usize;
        for descriptor in &all[range] {
            if let (
                Some(source),
                Resource::Buffer {
                    offset_b, range_b, ..
                },
            ) = (descriptor.source, descriptor.resource)
            {
                self.moving.push(MovingBuffer {
                    storage: source.storage,
                    stage: source.stage,
                    slot: source.slot,
                    pool: source.pool,
                    base_b: source.base_b,
                    written_b: offset_b,
                    written_range_b: range_b,
                    set_base_b: dynamic_base_b(offset_b),
                    dynamic: is_dynamic(descriptor.ty),
                });
            }
        }
    }
}
