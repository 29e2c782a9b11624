//! Textures for the differential draws of compiled programs: generated texels of the
//! kinds and formats a test names, bound to the fragment stage's slots.

use gpu::objects::TextureBuilder;
use memory::Format;

use super::rig::Rig;

/// A texture for [`bind_fragment_texture_kinds`]: `layers` of `size_px` squared (one
/// row for 1D kinds, `size_px` slices for 3D) of `levels` in `format` (`rgba8`, or
/// `z32f` for depth compare), texels from `seed`.
#[derive(Clone, Copy)]
pub struct TextureSpec {
    pub format: &'static str,
    pub kind: memory::TextureKind,
    pub size_px: u32,
    pub layers: u32,
    pub levels: u32,
    pub seed: u64,
}

impl TextureSpec {
    pub fn rgba8(size_px: u32, seed: u64) -> Self {
        Self {
            format: "rgba8",
            kind: memory::TextureKind::D2,
            size_px,
            layers: 1,
            levels: 1,
            seed,
        }
    }

    /// An RGBA8 texture of `kind` with three levels.
    pub fn mipmapped(kind: memory::TextureKind, size_px: u32, layers: u32, seed: u64) -> Self {
        Self {
            kind,
            layers,
            levels: 3,
            ..Self::rgba8(size_px, seed)
        }
    }
}

/// Makes each texture of `specs` in the pool (block-linear, as the game's) and binds
/// texture i to the fragment stage's slot i with a linear-filtering sampler (linear
/// between levels too): RGBA8 texels generated with red full in the left half; depth
/// (`z32f`) texels in [0, 1) with a `less` comparison; a 2D kind of more than one layer
/// makes a 2D array.
pub fn bind_fragment_texture_kinds(
    rig: &Rig,
    commands: &mut gpu::CommandBuffer<'_>,
    specs: &[TextureSpec],
) {
    use super::texels::{swizzled, Bytes};
    use gpu::objects::{Filter, SamplerMaker, TextureHandle, ViewMaker};
    let table = rig.device.create_texture_table(8).unwrap();
    let samplers = rig.device.create_sampler_table(4).unwrap();
    // Textures lie one after the other from 1.25 MiB, each at a 64 KiB boundary, below
    // the read-back buffers at 2 MiB.
    let mut offset_b: u64 = (1 << 20) + (256 << 10);
    for (slot, spec) in specs.iter().enumerate() {
        use memory::TextureKind;
        let size_px = spec.size_px;
        let height_px = if matches!(spec.kind, TextureKind::D1 | TextureKind::D1Array) {
            1
        } else {
            size_px
        };
        let format = Format::from_name(spec.format).unwrap();
        let mut builder = TextureBuilder::new_2d(format, size_px, height_px)
            .levels(spec.levels)
            .kind(spec.kind);
        if spec.layers > 1 && spec.kind == TextureKind::D2 {
            builder = builder.kind(TextureKind::D2Array);
        }
        if spec.layers > 1 {
            builder = builder.layers(spec.layers);
        }
        if spec.kind == TextureKind::D3 {
            builder = builder.depth_px(size_px);
        }
        let layout = builder.layout().unwrap();
        assert!(offset_b + layout.size_b <= 2 << 20, "textures past 2 MiB");
        let texture = rig
            .device
            .create_texture(&builder, rig.pool, offset_b)
            .unwrap();
        let texels = (layout.linear_size_b() / 4) as usize;
        let mut linear = Bytes(spec.seed).vec(texels * 4);
        if spec.format == "z32f" {
            for texel in linear.chunks_mut(4) {
                let depth = f32::from(u16::from_le_bytes([texel[0], texel[1]])) / 65536.0;
                texel.copy_from_slice(&depth.to_le_bytes());
            }
        } else {
            // Red is full in the left half, so a sample there is exactly 1.0 (the light
            // program's other branch).
            for (index, texel) in linear.chunks_mut(4).enumerate() {
                if index % (size_px as usize) < size_px as usize / 2 {
                    texel[0] = 255;
                }
            }
        }
        rig.device
            .write_pool(rig.pool, offset_b, &swizzled(&layout, &linear))
            .unwrap();
        offset_b += layout.size_b.next_multiple_of(64 << 10);
        let view = rig.device.create_view(&ViewMaker::whole(texture)).unwrap();
        rig.device
            .register_texture(table, slot as u32 + 1, view)
            .unwrap();
    }
    let linear = SamplerMaker {
        min_filter: Filter::Linear,
        mag_filter: Filter::Linear,
        mip_filter: gpu::objects::MipFilter::Linear,
        ..SamplerMaker::default()
    };
    let sampler = rig.device.create_sampler(&linear).unwrap();
    rig.device.register_sampler(samplers, 1, sampler).unwrap();
    let compare = rig
        .device
        .create_sampler(&SamplerMaker {
            compare: Some(gpu::state::CompareOp::Less),
            ..linear
        })
        .unwrap();
    rig.device.register_sampler(samplers, 2, compare).unwrap();
    commands.bind_descriptor_tables(table, samplers).unwrap();
    for (slot, spec) in specs.iter().enumerate() {
        commands
            .bind_texture(
                gpu::objects::Stage::Fragment,
                slot as u8,
                TextureHandle {
                    texture_slot: slot as u32 + 1,
                    sampler_slot: if spec.format == "z32f" { 2 } else { 1 },
                },
            )
            .unwrap();
    }
}
