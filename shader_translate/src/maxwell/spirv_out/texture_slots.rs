//! Which texture slots share one variable: a read whose slot is picked at run time (a
//! bindless handle traced to the driver's texture-handle words, `ir/build/texture_handle.rs`)
//! indexes an array of combined image-samplers at its first slot's binding, spanning
//! [`INDEXED_TEXTURE_SLOTS`] slots or up to the next such array or the stage's last slot;
//! a read of a fixed slot inside that span reads the array's element. Image slots
//! accessed through a traced image handle (`spirv_out/surface.rs`) are grouped the same
//! way over the stage's [`IMAGE_SLOTS`].

use std::collections::BTreeSet;

use rspirv::spirv::{self, Word};

use super::spirv_error;
use crate::maxwell::ir::{Binary, Op, Unsupported, Value};
use crate::maxwell::slots::{stage_index, IMAGE_SLOTS, INDEXED_TEXTURE_SLOTS, TEXTURE_SLOTS};

/// A variable's slots: `first..first + len`, an array when `indexed`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct SlotGroup {
    pub first: u32,
    pub len: u32,
    pub indexed: bool,
}

impl SlotGroup {
    pub fn holds(&self, slot: u32) -> bool {
        (self.first..self.first + self.len).contains(&slot)
    }
}

/// The groups of the slots `fixed` (read at a known slot) and `indexed` (the first
/// slots of reads indexed at run time), in slot order, of a stage's `slots` slots.
pub(super) fn slot_groups(
    fixed: &BTreeSet<u32>,
    indexed: &BTreeSet<u32>,
    slots: u32,
) -> Vec<SlotGroup> {
    let mut groups: Vec<SlotGroup> = Vec::new();
    let firsts: Vec<u32> = indexed.iter().copied().collect();
    for (k, &first) in firsts.iter().enumerate() {
        let end = firsts
            .get(k + 1)
            .copied()
            .unwrap_or(slots)
            .min(first.saturating_add(INDEXED_TEXTURE_SLOTS))
            .min(slots);
        groups.push(SlotGroup {
            first,
            len: end.saturating_sub(first).max(1),
            indexed: true,
        });
    }
    for &slot in fixed {
        if !groups
            .iter()
            .any(|group| group.indexed && group.holds(slot))
        {
            groups.push(SlotGroup {
                first: slot,
                len: 1,
                indexed: false,
            });
        }
    }
    groups.sort_by_key(|group| group.first);
    groups
}

impl super::Emitter<'_> {
    /// The pointer type of `group`'s variable of `element` (an image or a sampled image)
    /// in uniform-constant storage, and, for an array, the pointer type of one element.
    pub(super) fn slot_group_pointer(
        &mut self,
        element: Word,
        group: &SlotGroup,
    ) -> (Word, Option<Word>) {
        let class = spirv::StorageClass::UniformConstant;
        let element_pointer = self.b.type_pointer(None, class, element);
        if !group.indexed {
            return (element_pointer, None);
        }
        let len = self.word(group.len);
        let array = self.b.type_array(element, len);
        (
            self.b.type_pointer(None, class, array),
            Some(element_pointer),
        )
    }

    /// Whether `c[index][offset_b]` is a texture- or image-handle word read at a run-time
    /// offset: the driver's buffer, a constant part inside this stage's handle words.
    /// Such a word is a sampler or image handle, opaque to GLSL: only `.b` reads and
    /// register-handle image accesses use it (traced to the load,
    /// `ir/build/texture_handle.rs`), but a copy of it may live on (a register a loop
    /// carries): the translation's value for it is its word's index (the texture slot,
    /// or 32 + the image slot).
    pub(super) fn is_handle_word(&self, index: u8, offset_b: Value) -> bool {
        self.handle_word_base(index, offset_b).is_some()
    }

    /// This stage's first handle word's offset, where `offset_b` reads a handle word: a
    /// constant inside the stage's handle words, plus a dynamic part or not (`ld
    /// c0[$r+0xa0]`, or `ld c0[0xa0]` where the array index folded to a constant).
    fn handle_word_base(&self, index: u8, offset_b: Value) -> Option<u32> {
        if index != self.slots.driver_cbuf {
            return None;
        }
        let ops = &self.function.ops;
        let constant_b = match ops[offset_b.0 as usize] {
            Op::Binary(Binary::IAdd, a, b) => match (&ops[a.0 as usize], &ops[b.0 as usize]) {
                (_, Op::Const(c)) | (Op::Const(c), _) => *c,
                _ => return None,
            },
            Op::Const(c) => c,
            _ => return None,
        };
        let base_b = self.slots.texture_handle_base[stage_index(self.program.kind)] * 4;
        let from_b = constant_b.wrapping_sub(base_b);
        (from_b % 4 == 0 && from_b / 4 < TEXTURE_SLOTS + IMAGE_SLOTS).then_some(base_b)
    }

    /// The slot number a handle word read at `offset_b` stands for: `(offset_b - base_b)
    /// / 4` (see [`Self::is_handle_word`]).
    pub(super) fn handle_word(&mut self, index: u8, offset_b: Value) -> Result<Word, Unsupported> {
        let base_b = self
            .handle_word_base(index, offset_b)
            .expect("called for handle words");
        let offset = self.ids[offset_b.0 as usize];
        let base = self.word(base_b);
        let from = (self.b)
            .i_sub(self.t.u32, None, offset, base)
            .map_err(spirv_error)?;
        let two = self.word(2);
        (self.b)
            .shift_right_logical(self.t.u32, None, from, two)
            .map_err(spirv_error)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(slots: &[u32]) -> BTreeSet<u32> {
        slots.iter().copied().collect()
    }

    #[test]
    fn arrays_end_at_the_next_array_or_the_last_slot() {
        let groups = slot_groups(&set(&[2, 9, 30]), &set(&[0, 4, 28]), TEXTURE_SLOTS);
        let spans: Vec<(u32, u32, bool)> =
            groups.iter().map(|g| (g.first, g.len, g.indexed)).collect();
        // Slot 2 is element 2 of the array at 0; 9 is past the array at 4 (8 slots is
        // 4..12: inside it); 30 is inside 28..32.
        assert_eq!(spans, vec![(0, 4, true), (4, 8, true), (28, 4, true)]);
        let groups = slot_groups(&set(&[12, 3]), &set(&[4]), TEXTURE_SLOTS);
        let spans: Vec<(u32, u32, bool)> =
            groups.iter().map(|g| (g.first, g.len, g.indexed)).collect();
        assert_eq!(spans, vec![(3, 1, false), (4, 8, true), (12, 1, false)]);
        // Image slots: an array at 2 ends at the stage's eighth slot.
        let groups = slot_groups(&set(&[0]), &set(&[2]), IMAGE_SLOTS);
        let spans: Vec<(u32, u32, bool)> =
            groups.iter().map(|g| (g.first, g.len, g.indexed)).collect();
        assert_eq!(spans, vec![(0, 1, false), (2, 6, true)]);
    }
}
