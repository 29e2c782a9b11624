//! Texture and sampler descriptor tables, and NVN's bindless handles into them: a texture
//! handle is (texture slot, sampler slot), an image handle a texture slot registered as
//! an image.

use crate::ids::{SamplerId, SamplerTableId, TextureTableId, ViewId};

/// Texture slots a handle can address (20 bits, as NVN's handles).
pub const MAX_TEXTURE_SLOTS: u32 = 1 << 20;
/// Sampler slots a handle can address (12 bits).
pub const MAX_SAMPLER_SLOTS: u32 = 1 << 12;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TextureHandle {
    pub texture_slot: u32,
    pub sampler_slot: u32,
}

impl TextureHandle {
    /// NVN's packing: texture slot in the low 20 bits, sampler slot above.
    pub fn to_bits(self) -> u64 {
        u64::from(self.texture_slot & (MAX_TEXTURE_SLOTS - 1))
            | (u64::from(self.sampler_slot) << 20)
    }
    #[inline]
    pub fn from_bits(bits: u64) -> TextureHandle {
        TextureHandle {
            texture_slot: (bits & u64::from(MAX_TEXTURE_SLOTS - 1)) as u32,
            sampler_slot: ((bits >> 20) & u64::from(MAX_SAMPLER_SLOTS - 1)) as u32,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ImageHandle {
    pub texture_slot: u32,
}

coded_enum!(
    /// How a texture table slot was registered.
    pub enum DescriptorKind {
        Texture = 0,
        Image = 1,
    }
);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TextureEntry {
    pub view: ViewId,
    pub kind: DescriptorKind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextureTable {
    pub id: TextureTableId,
    pub slots: Vec<Option<TextureEntry>>,
}

impl TextureTable {
    pub fn entry(&self, slot: u32) -> Option<TextureEntry> {
        self.slots.get(slot as usize).copied().flatten()
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SamplerTable {
    pub id: SamplerTableId,
    pub slots: Vec<Option<SamplerId>>,
}

impl SamplerTable {
    pub fn entry(&self, slot: u32) -> Option<SamplerId> {
        self.slots.get(slot as usize).copied().flatten()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn handle_bits_round_trip() {
        let handle = TextureHandle {
            texture_slot: 0xabcde,
            sampler_slot: 0x123,
        };
        assert_eq!(handle.to_bits(), 0x123abcde);
        assert_eq!(TextureHandle::from_bits(handle.to_bits()), handle);
    }
}
