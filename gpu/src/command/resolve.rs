//! Resolves: NVN's `Downsample` (a multisample colour texture averaged into a
//! single-sample one) and the depth resolve (a multisample depth texture's sample zero
//! into a single-sample one), outside passes. Both cover level 0, layer 0 of textures of
//! one format and size.

use crate::error::RecordError;
use crate::ids::TextureId;
use crate::objects::{ObjectTables, Texture};

use super::verbs::TextureRegion;

/// How a resolve makes one value of a pixel's samples.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ResolveMode {
    /// NVN's `Downsample` of a colour texture: the samples' average (an integer
    /// format's takes one sample, as Vulkan's `vkCmdResolveImage` does).
    Average,
    /// The depth resolve: sample zero of each pixel (Vulkan's
    /// `VK_RESOLVE_MODE_SAMPLE_ZERO_BIT`, the one every device has).
    SampleZero,
}

impl ResolveMode {
    /// Its byte in recordings.
    pub fn raw(self) -> u8 {
        match self {
            ResolveMode::Average => 0,
            ResolveMode::SampleZero => 1,
        }
    }

    pub fn from_raw(raw: u8) -> Option<ResolveMode> {
        match raw {
            0 => Some(ResolveMode::Average),
            1 => Some(ResolveMode::SampleZero),
            _ => None,
        }
    }
}

/// Level 0, layer 0 of `texture`, whole: what a resolve reads or writes.
pub fn resolve_region(texture: &Texture) -> TextureRegion {
    TextureRegion::from_origin(texture.id, 0, texture.desc.width_px, texture.desc.height_px)
}

fn bad(source: TextureId, destination: TextureId, why: &'static str) -> RecordError {
    RecordError::BadResolve {
        source_texture: source,
        destination,
        why,
    }
}

/// Checks a resolve when recorded: a multisample source, a single-sample 2D destination
/// of its format and size, colour for `Average` and depth for `SampleZero`.
pub fn check_resolve(
    source: TextureId,
    destination: TextureId,
    mode: ResolveMode,
    tables: &ObjectTables,
) -> Result<(), RecordError> {
    let from = tables
        .textures
        .get(source)
        .ok_or(RecordError::UnknownObject(source.into()))?;
    let to = tables
        .textures
        .get(destination)
        .ok_or(RecordError::UnknownObject(destination.into()))?;
    if from.desc.samples <= 1 {
        return Err(bad(source, destination, "the source has one sample"));
    }
    if to.desc.samples != 1 {
        return Err(bad(
            source,
            destination,
            "the destination has more than one sample",
        ));
    }
    if to.desc.kind.is_one_dimensional() || to.desc.kind == memory::TextureKind::D3 {
        return Err(bad(
            source,
            destination,
            "the destination is not a 2D texture",
        ));
    }
    if from.format() != to.format() {
        return Err(RecordError::CopyFormatMismatch {
            source_texture: source,
            destination,
        });
    }
    if (from.desc.width_px, from.desc.height_px) != (to.desc.width_px, to.desc.height_px) {
        return Err(bad(source, destination, "the textures differ in size"));
    }
    let depth = from.format().is_depth_or_stencil();
    match mode {
        ResolveMode::Average if depth => Err(bad(
            source,
            destination,
            "a downsample of a depth/stencil texture (use the depth resolve)",
        )),
        ResolveMode::SampleZero if !from.format().has_depth() => Err(bad(
            source,
            destination,
            "a depth resolve of a texture without depth",
        )),
        _ => Ok(()),
    }
}

/// Refuses a copy or blit of a multisample texture when recorded: Vulkan copies, blits
/// and buffer copies move single-sample images only; such a texture leaves through a
/// resolve.
pub fn check_single_sample(texture: &Texture) -> Result<(), RecordError> {
    if texture.desc.samples > 1 {
        return Err(RecordError::MultisampleCopy {
            texture: texture.id,
        });
    }
    Ok(())
}
