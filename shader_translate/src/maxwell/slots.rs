//! Where a compiled program's resources sit, as NVN slots: which immediate texture
//! handle is texture slot 0 in each stage, which hardware constant buffer is uniform
//! block 0, and where the driver keeps each storage buffer binding's address. deko3d's
//! convention (uam's output, the corpus) is the default; a port whose game was built
//! with another toolchain gives its own.

use super::dksh::ProgramType;
use super::image_format::ImageFormat;

/// NVN has 32 texture slots, 16 uniform and 16 storage buffer bindings per stage.
pub const TEXTURE_SLOTS: u32 = 32;
pub const UNIFORM_SLOTS: u8 = 16;
pub const STORAGE_SLOTS: u32 = 16;
/// NVN has 8 image slots per stage.
pub const IMAGE_SLOTS: u32 = 8;

/// The mapping of a program's constant buffers and texture handles to NVN slots. Arrays
/// are indexed by stage: vertex, tess control, tess eval, geometry, fragment, compute.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SlotMap {
    /// The immediate handle of texture slot 0; slot N is this + N.
    pub texture_handle_base: [u32; 6],
    /// The hardware constant buffer of uniform block 0; block N is this + N.
    pub uniform_cbuf_base: u8,
    /// The driver's constant buffer (storage buffer addresses; compute's workgroup size
    /// and count at bytes 0x0 and 0xc, as deko3d lays them out).
    pub driver_cbuf: u8,
    /// The byte offset in the driver's buffer of storage binding 0's 64-bit address;
    /// binding N's is `storage_stride_b` x N further.
    pub storage_address_b: [u32; 6],
    pub storage_stride_b: u32,
    /// The format of each image slot, per stage. `None`: not stated, read as `r32ui`
    /// (the format whose texel is the 32-bit word raw accesses take); an image atomic
    /// whose encoding leaves its slot ambiguous (uam's, see `ir/build/surface.rs`) is
    /// refused on such a slot, where a stated format may tell the slot.
    pub image_formats: [[Option<ImageFormat>; IMAGE_SLOTS as usize]; 6],
}

/// The stage's index in [`SlotMap`]'s arrays.
pub fn stage_index(kind: ProgramType) -> usize {
    match kind {
        ProgramType::Vertex => 0,
        ProgramType::TessControl => 1,
        ProgramType::TessEval => 2,
        ProgramType::Geometry => 3,
        ProgramType::Fragment => 4,
        ProgramType::Compute => 5,
    }
}

impl SlotMap {
    /// deko3d's convention (DKSH.md 2.2-2.4): per-stage blocks of driver constants in c0
    /// at S = 0x10 + 0x1a0 x stage (compute 0xa0); texture handle N is S/4 + N, storage
    /// binding N's address at S + 0xa0 + 16N; uniform block N is c[2 + N].
    pub fn deko3d() -> Self {
        let stage_base_b = |stage: usize| match stage {
            5 => 0xa0,
            graphics => 0x10 + 0x1a0 * graphics as u32,
        };
        Self {
            texture_handle_base: std::array::from_fn(|stage| stage_base_b(stage) / 4),
            uniform_cbuf_base: 2,
            driver_cbuf: 0,
            storage_address_b: std::array::from_fn(|stage| stage_base_b(stage) + 0xa0),
            storage_stride_b: 16,
            image_formats: [[None; IMAGE_SLOTS as usize]; 6],
        }
    }

    /// The texture slot of immediate handle `handle` in `kind`'s programs.
    pub fn texture_slot(&self, kind: ProgramType, handle: u32) -> Option<u32> {
        let slot = handle.wrapping_sub(self.texture_handle_base[stage_index(kind)]);
        (slot < TEXTURE_SLOTS).then_some(slot)
    }

    /// The image slot of immediate surface handle `handle` in `kind`'s programs. Image
    /// handles follow the texture handles (deko3d's convention, DKSH.md 2.4: image N is
    /// texture handle base + 32 + N).
    pub fn image_slot(&self, kind: ProgramType, handle: u32) -> Option<u32> {
        let base = self.texture_handle_base[stage_index(kind)] + TEXTURE_SLOTS;
        let slot = handle.wrapping_sub(base);
        (slot < IMAGE_SLOTS).then_some(slot)
    }

    /// The format of image slot `slot` in `kind`'s programs (`r32ui` unless stated).
    pub fn image_format(&self, kind: ProgramType, slot: u32) -> ImageFormat {
        self.stated_image_format(kind, slot)
            .unwrap_or(ImageFormat::R32ui)
    }

    /// The format the port stated for image slot `slot` in `kind`'s programs.
    pub fn stated_image_format(&self, kind: ProgramType, slot: u32) -> Option<ImageFormat> {
        self.image_formats[stage_index(kind)]
            .get(slot as usize)
            .copied()
            .flatten()
    }

    /// The uniform block that hardware constant buffer `index` holds.
    pub fn uniform_slot(&self, index: u8) -> Option<u8> {
        let slot = index.wrapping_sub(self.uniform_cbuf_base);
        (slot < UNIFORM_SLOTS && index != self.driver_cbuf && index != 1).then_some(slot)
    }

    /// The storage binding whose address word `half` (0 low, 1 high) is at byte
    /// `offset_b` of the driver's buffer in `kind`'s programs.
    pub fn storage_word(&self, kind: ProgramType, offset_b: u64) -> Option<(u32, u32)> {
        let start = u64::from(self.storage_address_b[stage_index(kind)]);
        let stride = u64::from(self.storage_stride_b.max(8));
        let from = offset_b.checked_sub(start)?;
        let binding = from / stride;
        let half = (from % stride) / 4;
        (binding < u64::from(STORAGE_SLOTS) && from % 4 == 0 && half < 2)
            .then_some((binding as u32, half as u32))
    }
}

impl Default for SlotMap {
    fn default() -> Self {
        Self::deko3d()
    }
}

/// How many slots a texture slot array indexed at run time spans (from the slot its
/// handle offset names), unless the next such array or the stage's last slot comes
/// first. The binary does not say how long the GLSL array was (the compiler loads the
/// handle word at `4 k` past the first element's); 8 is what yuzu's shader recompiler
/// assumes for such a handle. Slots past the game's array are only read out of the
/// array's bounds, which GLSL leaves undefined; the host binds its bound elements there.
pub const INDEXED_TEXTURE_SLOTS: u32 = 8;
