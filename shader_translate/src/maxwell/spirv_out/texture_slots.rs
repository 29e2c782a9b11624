//! Which texture slots share one variable: a read whose slot is picked at run time (a
//! bindless handle traced to the driver's texture-handle words, `ir/build/texture_handle.rs`)
//! indexes an array of combined image-samplers at its first slot's binding, spanning
//! [`INDEXED_TEXTURE_SLOTS`] slots or up to the next such array or the stage's last slot;
//! a read of a fixed slot inside that span reads the array's element.

use std::collections::BTreeSet;

use crate::maxwell::slots::{INDEXED_TEXTURE_SLOTS, TEXTURE_SLOTS};

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
/// slots of reads indexed at run time), in slot order.
pub(super) fn slot_groups(fixed: &BTreeSet<u32>, indexed: &BTreeSet<u32>) -> Vec<SlotGroup> {
    let mut groups: Vec<SlotGroup> = Vec::new();
    let firsts: Vec<u32> = indexed.iter().copied().collect();
    for (k, &first) in firsts.iter().enumerate() {
        let end = firsts
            .get(k + 1)
            .copied()
            .unwrap_or(TEXTURE_SLOTS)
            .min(first.saturating_add(INDEXED_TEXTURE_SLOTS))
            .min(TEXTURE_SLOTS);
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

#[cfg(test)]
mod tests {
    use super::*;

    fn set(slots: &[u32]) -> BTreeSet<u32> {
        slots.iter().copied().collect()
    }

    #[test]
    fn arrays_end_at_the_next_array_or_the_last_slot() {
        let groups = slot_groups(&set(&[2, 9, 30]), &set(&[0, 4, 28]));
        let spans: Vec<(u32, u32, bool)> =
            groups.iter().map(|g| (g.first, g.len, g.indexed)).collect();
        // Slot 2 is element 2 of the array at 0; 9 is past the array at 4 (8 slots is
        // 4..12: inside it); 30 is inside 28..32.
        assert_eq!(spans, vec![(0, 4, true), (4, 8, true), (28, 4, true)]);
        let groups = slot_groups(&set(&[12, 3]), &set(&[4]));
        let spans: Vec<(u32, u32, bool)> =
            groups.iter().map(|g| (g.first, g.len, g.indexed)).collect();
        assert_eq!(spans, vec![(3, 1, false), (4, 8, true), (12, 1, false)]);
    }
}
