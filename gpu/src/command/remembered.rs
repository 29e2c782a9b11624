//! What a command buffer's earlier commands found in the device's tables, kept while no
//! object has left them and no table slot was registered since (`Device::table_changes`):
//! a game binds the same buffer at new offsets, the same texture handles, and draws with
//! the same program thousands of times a frame, and those commands are then checked
//! without taking the tables' lock.

use crate::ids::{ProgramId, SamplerTableId, TextureTableId, ViewId};
use crate::objects::{Buffer, BufferRange, TextureHandle};
use crate::state::PrimitiveKind;

use super::bound::BoundState;
use super::validate::{
    check_binding_of, check_draw_with_live_program, draw_size_fits, TEXTURE_SLOTS,
};
use super::verbs::{BufferBinding, Command};
use crate::error::RecordError;

#[derive(Debug, Default)]
pub(crate) struct Remembered {
    /// `Device::table_changes` when these were found.
    table_changes: u64,
    /// The buffer bound last.
    buffer: Option<Buffer>,
    /// A graphics program known to be live.
    program: Option<ProgramId>,
    /// Texture handles found valid (a texture at the texture slot, a sampler at the
    /// sampler slot) in these descriptor tables.
    handles: Option<KnownHandles>,
    /// The view `note_texture_view` found, for the `note` of its bind.
    pending_view: Option<(u32, ViewId, bool)>,
}

/// The texture and sampler slots of two descriptor tables that texture handles were
/// found valid at: the view found at each texture slot, the sampler slots as a bit set.
#[derive(Debug)]
struct KnownHandles {
    tables: (TextureTableId, SamplerTableId),
    sampler_slots: Vec<u64>,
    /// The view at each texture slot found valid, and whether it is a multisample one
    /// (`None`: not found, or past `MAX_REMEMBERED_VIEW_SLOTS`).
    views: Vec<Option<(ViewId, bool)>>,
}

/// Texture slots past this are not remembered with their views (their binds take the
/// full way): a table of a million handles costs no more than this many entries.
const MAX_REMEMBERED_VIEW_SLOTS: u32 = 1 << 16;

/// Whether bit `index` of `bits` is set.
#[inline]
fn has_bit(bits: &[u64], index: u32) -> bool {
    bits.get(index as usize / 64)
        .is_some_and(|word| word & (1 << (index % 64)) != 0)
}

fn set_bit(bits: &mut Vec<u64>, index: u32) {
    let word = index as usize / 64;
    if bits.len() <= word {
        bits.resize(word + 1, 0);
    }
    bits[word] |= 1 << (index % 64);
}

impl Remembered {
    /// Checks `command` from what is remembered: `None` when that is not enough (the
    /// tables must be read), else the check's outcome. `table_changes` is the device's count now.
    pub(crate) fn check(
        &mut self,
        command: &Command,
        bound: &BoundState,
        table_changes: u64,
    ) -> Option<Result<(), RecordError>> {
        if table_changes != self.table_changes {
            *self = Remembered {
                table_changes,
                ..Remembered::default()
            };
            return None;
        }
        match command {
            Command::BindBuffer { binding, range } => {
                self.check_binding(*binding, range, table_changes)
            }
            // A draw past the size bound goes the full way, which refuses it.
            Command::Draw(draw) if draw_size_fits(draw.vertex_count, draw.instance_count) => {
                self.check_draw(bound, false, draw.primitive, table_changes)
            }
            Command::DrawIndexed(draw) if draw_size_fits(draw.index_count, draw.instance_count) => {
                self.check_draw(bound, true, draw.primitive, table_changes)
            }
            _ => None,
        }
    }

    /// `check` of a buffer bind.
    #[inline]
    pub(crate) fn check_binding(
        &self,
        binding: BufferBinding,
        range: &BufferRange,
        table_changes: u64,
    ) -> Option<Result<(), RecordError>> {
        if table_changes != self.table_changes {
            return None;
        }
        let buffer = self.buffer.as_ref().filter(|b| b.id == range.buffer)?;
        Some(check_binding_of(binding, range, buffer))
    }

    /// Whether a buffer bind passes its check from what is remembered (false: the tables
    /// must be read, or the bind is refused; `CommandBuffer::record` says which).
    #[inline]
    pub(crate) fn binding_fits(
        &self,
        binding: BufferBinding,
        range: &BufferRange,
        table_changes: u64,
    ) -> bool {
        matches!(
            self.check_binding(binding, range, table_changes),
            Some(Ok(()))
        )
    }

    /// Whether a direct draw passes its check from what is remembered (false as for
    /// `binding_fits`).
    #[inline]
    pub(crate) fn draw_fits(
        &self,
        bound: &BoundState,
        indexed: bool,
        primitive: PrimitiveKind,
        table_changes: u64,
    ) -> bool {
        matches!(
            self.check_draw(bound, indexed, primitive, table_changes),
            Some(Ok(()))
        )
    }

    /// Whether a texture bind of `handle` at `slot` may skip the tables' lock: the
    /// handle was found valid in the descriptor tables bound now (as for
    /// `binding_fits`). `Some` with whether the view found at its texture slot is a
    /// multisample one; `None` where the bind takes the full way.
    #[inline]
    pub(crate) fn known_texture(
        &self,
        bound: &BoundState,
        slot: u8,
        handle: TextureHandle,
        table_changes: u64,
    ) -> Option<bool> {
        let known = self.handles.as_ref()?;
        let fits = table_changes == self.table_changes
            && u32::from(slot) < TEXTURE_SLOTS
            && bound.descriptor_tables == Some(known.tables)
            && has_bit(&known.sampler_slots, handle.sampler_slot);
        if !fits {
            return None;
        }
        // A view is noted only with its slot found valid.
        let (_, multisample) = (*known.views.get(handle.texture_slot as usize)?)?;
        Some(multisample)
    }

    /// The view found at `texture_slot` of the texture table remembered, and whether it
    /// is a multisample one.
    pub(crate) fn texture_view(&self, texture_slot: u32) -> Option<(ViewId, bool)> {
        let known = self.handles.as_ref()?;
        known.views.get(texture_slot as usize).copied().flatten()
    }

    /// Notes the view found at `texture_slot` (a bind checked against the tables, before
    /// `note` of it).
    pub(crate) fn note_texture_view(&mut self, texture_slot: u32, view: ViewId, multisample: bool) {
        self.pending_view = Some((texture_slot, view, multisample));
    }

    /// `check` of a direct draw, `indexed` or not.
    #[inline]
    pub(crate) fn check_draw(
        &self,
        bound: &BoundState,
        indexed: bool,
        primitive: PrimitiveKind,
        table_changes: u64,
    ) -> Option<Result<(), RecordError>> {
        let program = bound.graphics_program?;
        (table_changes == self.table_changes && self.program == Some(program))
            .then(|| check_draw_with_live_program(bound, indexed, primitive))
    }

    /// Notes what `command`, just checked against the tables, found there.
    pub(crate) fn note(&mut self, command: &Command, bound: &BoundState, found: Option<Buffer>) {
        match command {
            Command::BindBuffer { .. } => self.buffer = found,
            Command::Draw(_) | Command::DrawIndexed(_) | Command::DrawIndirect(_) => {
                self.program = bound.graphics_program;
            }
            Command::BindTexture { handle, .. } => {
                let Some(tables) = bound.descriptor_tables else {
                    return;
                };
                let known = match &mut self.handles {
                    Some(known) if known.tables == tables => known,
                    _ => self.handles.insert(KnownHandles {
                        tables,
                        sampler_slots: Vec::new(),
                        views: Vec::new(),
                    }),
                };
                set_bit(&mut known.sampler_slots, handle.sampler_slot);
                if let Some((slot, view, multisample)) = self.pending_view.take() {
                    if slot == handle.texture_slot && slot < MAX_REMEMBERED_VIEW_SLOTS {
                        let at = slot as usize;
                        if known.views.len() <= at {
                            known.views.resize(at + 1, None);
                        }
                        known.views[at] = Some((view, multisample));
                    }
                }
            }
            _ => {}
        }
    }
}
