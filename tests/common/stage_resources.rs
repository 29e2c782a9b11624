//! Textures and shader images for the differential runs of compiled programs of any
//! stage: generated texels placed in the pool (block-linear, as the game's), each side
//! its own copies, bound to one stage's slots; the images read back after the run.

use gpu::objects::ViewMaker;
use gpu::objects::{ImageHandle, SamplerMaker, Stage, TextureBuilder, TextureHandle};
use gpu::TextureId;
use memory::Format;
use shader_translate::maxwell::image_format::ImageFormat;

use super::readback::region;
use super::rig::Rig;
use super::texels::swizzled;

/// Where the resources of side 0 start in the rig's pool (above the read-back buffer);
/// side 1's start [`SIDE_B`] after.
const RESOURCES_B: u64 = 3 << 20;
const SIDE_B: u64 = 512 << 10;

/// A texture read through a sampler (nearest texel, clamped to the edge): one level of
/// `width_px` x `height_px` in `format` (a `memory::Format` name), rows of `texels`.
/// Nearest, since the two sides compute a coordinate a few units in the last place apart
/// and lavapipe quantises linear filtering's weights to 1/256 of a texel: a coordinate
/// crossing such a step moves a filtered sample by 1/256 of the texels' difference,
/// which outputs made of differences of samples (normals from heights) magnify past the
/// float tolerance. A nearest sample changes only where the coordinate crosses a texel's
/// edge.
pub struct Sampled {
    pub slot: u8,
    pub format: &'static str,
    pub width_px: u32,
    pub height_px: u32,
    pub texels: Vec<u8>,
}

/// A shader image: `format` as the GLSL declares it (the translation is told it, as a
/// port's slot map would), `memory_name` Hookshot's name of the same format.
pub struct Image {
    pub slot: u8,
    pub format: ImageFormat,
    pub memory_name: &'static str,
    pub width_px: u32,
    pub height_px: u32,
    pub texels: Vec<u8>,
}

/// What a run binds beside buffers.
#[derive(Default)]
pub struct Resources {
    pub sampled: Vec<Sampled>,
    pub images: Vec<Image>,
}

impl Resources {
    /// The slot map telling the translation each image's format at `stage`.
    pub fn slot_map(
        &self,
        stage: shader_translate::maxwell::dksh::ProgramType,
    ) -> shader_translate::maxwell::slots::SlotMap {
        use shader_translate::maxwell::slots::{stage_index, SlotMap};
        let mut slots = SlotMap::deko3d();
        for image in &self.images {
            slots.image_formats[stage_index(stage)][usize::from(image.slot)] = Some(image.format);
        }
        slots
    }

    /// Makes side `side`'s copies of the resources and binds them to `stage`; returns the
    /// images' textures (for [`Resources::read_images`]).
    pub fn bind(
        &self,
        rig: &Rig,
        commands: &mut gpu::CommandBuffer<'_>,
        stage: Stage,
        side: usize,
    ) -> Vec<TextureId> {
        if self.sampled.is_empty() && self.images.is_empty() {
            return Vec::new();
        }
        let table = rig.device.create_texture_table(16).unwrap();
        let samplers = rig.device.create_sampler_table(2).unwrap();
        let sampler = rig.device.create_sampler(&SamplerMaker::default()).unwrap();
        rig.device.register_sampler(samplers, 1, sampler).unwrap();
        commands.bind_descriptor_tables(table, samplers).unwrap();
        let mut offset_b = RESOURCES_B + side as u64 * SIDE_B;
        let mut place = |format: &str, width_px, height_px, texels: &[u8], image: bool| {
            let mut builder =
                TextureBuilder::new_2d(Format::from_name(format).unwrap(), width_px, height_px);
            if image {
                builder = builder.flags(gpu::objects::TextureFlags::IMAGE);
            }
            let layout = builder.layout().unwrap();
            assert!(
                offset_b + layout.size_b <= RESOURCES_B + (side as u64 + 1) * SIDE_B,
                "resources past their side's space"
            );
            let texture = rig
                .device
                .create_texture(&builder, rig.pool, offset_b)
                .unwrap();
            rig.device
                .write_pool(rig.pool, offset_b, &swizzled(&layout, texels))
                .unwrap();
            offset_b += layout.size_b.next_multiple_of(64 << 10);
            let view = rig.device.create_view(&ViewMaker::whole(texture)).unwrap();
            (texture, view)
        };
        for texture in &self.sampled {
            let (_, view) = place(
                texture.format,
                texture.width_px,
                texture.height_px,
                &texture.texels,
                false,
            );
            let texture_slot = u32::from(texture.slot) + 1;
            rig.device
                .register_texture(table, texture_slot, view)
                .unwrap();
            let handle = TextureHandle {
                texture_slot,
                sampler_slot: 1,
            };
            commands.bind_texture(stage, texture.slot, handle).unwrap();
        }
        let mut textures = Vec::new();
        for image in &self.images {
            let (texture, view) = place(
                image.memory_name,
                image.width_px,
                image.height_px,
                &image.texels,
                true,
            );
            let texture_slot = 9 + u32::from(image.slot);
            rig.device
                .register_image(table, texture_slot, view)
                .unwrap();
            commands
                .bind_image(stage, image.slot, ImageHandle { texture_slot })
                .unwrap();
            textures.push(texture);
        }
        textures
    }

    /// Each image's texels after the run (rows of texels, as `Image::texels`).
    pub fn read_images(&self, rig: &Rig, textures: &[TextureId]) -> Vec<Vec<u8>> {
        self.images
            .iter()
            .zip(textures)
            .map(|(image, &texture)| {
                rig.read(
                    region(texture, 0, image.width_px, image.height_px),
                    image.texels.len(),
                )
            })
            .collect()
    }
}

/// `count` half floats of `lo` to `hi`, as bytes.
pub fn halves(stream: &mut super::compute::Stream, count: usize, lo: f32, hi: f32) -> Vec<u8> {
    (0..count)
        .flat_map(|_| half::f16::from_f32(stream.float(lo, hi)).to_le_bytes())
        .collect()
}

/// Bytes of half floats as floats.
pub fn as_halves(bytes: &[u8]) -> Vec<f32> {
    bytes
        .chunks_exact(2)
        .map(|h| half::f16::from_le_bytes([h[0], h[1]]).to_f32())
        .collect()
}
