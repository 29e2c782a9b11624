//! Which textures the write-back covers: an uncompressed 2D colour texture in a pool the CPU
//! can access or in a virtual pool (whose storage goes back to the physical pages mapped
//! under it when the mapping changes), and none of depth, display, video, compressible, image
//! (load/store), linear, multisample, buffer or RGB32 (12-byte texels). The others rely
//! on the image cache.

use gpu::objects::TextureFlags;
use memory::{LayoutDesc, PoolFlags, TextureKind, Tiling};

/// Why a texture is not written back; each names the rule that refused it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    NotTwoDimensional,
    Compressed,
    DepthOrStencil,
    Display,
    VideoDecode,
    Compressible,
    ShaderImage,
    Linear,
    Multisample,
    NoCpuAccess,
    Sparse,
    /// Texels of a size the `swz` kernel does not move (RGB32's 12 bytes).
    ElementSize,
}

impl Refusal {
    pub fn as_str(self) -> &'static str {
        match self {
            Refusal::NotTwoDimensional => "not a 2D texture",
            Refusal::Compressed => "compressed format",
            Refusal::DepthOrStencil => "depth or stencil format",
            Refusal::Display => "display texture",
            Refusal::VideoDecode => "video-decode texture",
            Refusal::Compressible => "compressible texture",
            Refusal::ShaderImage => "shader image (load/store) texture",
            Refusal::Linear => "linear (pitch) texture",
            Refusal::Multisample => "multisample texture",
            Refusal::NoCpuAccess => "pool without CPU access",
            Refusal::Sparse => "sparse texture",
            Refusal::ElementSize => "12-byte (RGB32) texels",
        }
    }
}

/// Whether the write-back covers a texture of `desc` and `flags` in a pool with
/// `pool_flags`; the first rule that refuses it otherwise.
pub fn admit(desc: &LayoutDesc, flags: TextureFlags, pool_flags: PoolFlags) -> Result<(), Refusal> {
    let checks = [
        (
            !matches!(
                desc.kind,
                TextureKind::D2 | TextureKind::D2Array | TextureKind::Rectangle
            ),
            Refusal::NotTwoDimensional,
        ),
        (
            desc.kind == TextureKind::D2Multisample || desc.samples > 1,
            Refusal::Multisample,
        ),
        (desc.format.is_compressed(), Refusal::Compressed),
        (
            16 % desc.format.bytes_per_element() != 0,
            Refusal::ElementSize,
        ),
        (desc.format.is_depth_or_stencil(), Refusal::DepthOrStencil),
        (flags.contains(TextureFlags::DISPLAY), Refusal::Display),
        (
            flags.contains(TextureFlags::VIDEO_DECODE),
            Refusal::VideoDecode,
        ),
        (
            flags.contains(TextureFlags::COMPRESSIBLE),
            Refusal::Compressible,
        ),
        (flags.contains(TextureFlags::IMAGE), Refusal::ShaderImage),
        (flags.contains(TextureFlags::SPARSE), Refusal::Sparse),
        (
            flags.contains(TextureFlags::LINEAR_RENDER_TARGET)
                || desc.tiling == Tiling::PitchLinear,
            Refusal::Linear,
        ),
        (
            !pool_flags.cpu_accessible() && !pool_flags.is_virtual(),
            Refusal::NoCpuAccess,
        ),
    ];
    match checks.iter().find(|(refused, _)| *refused) {
        Some((_, refusal)) => Err(*refusal),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use memory::pool::PoolBacking;
    use memory::{CpuAccess, Format, GpuAccess};

    use super::*;

    fn tile() -> LayoutDesc {
        LayoutDesc::new_2d(Format::Rg8, 260, 260, 9)
    }

    #[test]
    fn the_seeds_terrain_tile_is_admitted() {
        assert_eq!(
            admit(
                &tile(),
                TextureFlags::NONE,
                PoolFlags::CPU_CACHED_GPU_CACHED
            ),
            Ok(())
        );
    }

    #[test]
    fn every_rule_refuses_with_its_reason() {
        let pool = PoolFlags::CPU_CACHED_GPU_CACHED;
        let with = |change: fn(&mut LayoutDesc)| {
            let mut desc = tile();
            change(&mut desc);
            admit(&desc, TextureFlags::NONE, pool)
        };
        assert_eq!(with(|d| d.format = Format::Bc3), Err(Refusal::Compressed));
        assert_eq!(
            with(|d| d.format = Format::Z24S8),
            Err(Refusal::DepthOrStencil)
        );
        assert_eq!(
            with(|d| d.kind = TextureKind::D3),
            Err(Refusal::NotTwoDimensional)
        );
        assert_eq!(
            with(|d| d.kind = TextureKind::Buffer),
            Err(Refusal::NotTwoDimensional)
        );
        assert_eq!(with(|d| d.samples = 4), Err(Refusal::Multisample));
        assert_eq!(
            with(|d| d.tiling = Tiling::PitchLinear),
            Err(Refusal::Linear)
        );
        for (flag, refusal) in [
            (TextureFlags::DISPLAY, Refusal::Display),
            (TextureFlags::VIDEO_DECODE, Refusal::VideoDecode),
            (TextureFlags::COMPRESSIBLE, Refusal::Compressible),
            (TextureFlags::IMAGE, Refusal::ShaderImage),
            (TextureFlags::LINEAR_RENDER_TARGET, Refusal::Linear),
            (TextureFlags::SPARSE, Refusal::Sparse),
        ] {
            assert_eq!(admit(&tile(), flag, pool), Err(refusal), "{flag:?}");
        }
        let no_cpu = PoolFlags::new(CpuAccess::NoAccess, GpuAccess::Cached);
        assert_eq!(
            admit(&tile(), TextureFlags::NONE, no_cpu),
            Err(Refusal::NoCpuAccess)
        );
        let mut virtual_pool = PoolFlags::new(CpuAccess::NoAccess, GpuAccess::Cached);
        virtual_pool.backing = PoolBacking::Virtual;
        // Its storage is the pages mapped under it, which the CPU reaches through
        // their physical pool.
        assert_eq!(admit(&tile(), TextureFlags::NONE, virtual_pool), Ok(()));
    }
}
