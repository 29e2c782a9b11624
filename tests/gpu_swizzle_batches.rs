//! Every write-back and upload variant (`SwizzleVariant`) over many regions recorded at
//! once, as the executor records them: random textures of every element size the kernels
//! move (1, 2, 4, 8 and 16 bytes), odd sizes, mip tails, 2D arrays and 3D, several in one
//! pool, plus whole levels large enough to bounce. Storage is checked byte for byte
//! against tegra_swizzle (an implementation independent of `memory`'s) and bytes outside
//! the textures must stay as they were; uploads read back equal tegra_swizzle's
//! deswizzle. Validation with synchronization checks is on.

mod common;

use std::num::NonZeroU32;
use std::time::Duration;

use common::swizzle_rig::{pool_bytes, SwizzleRig};
use common::texels::Bytes;
use gpu_vk::ash::vk;
use gpu_vk::gpu_memory::host_image::{HostImage, HostImageDesc};
use gpu_vk::gpu_memory::pool_buffer::PoolBuffer;
use gpu_vk::kernels::swizzle_kernel::{plan_job, ImageRegion, StoragePlacement, SwizzleVariant};
use gpu_vk::kernels::swizzle_record::memory_barrier;
use memory::layout::{LayoutDesc, TextureLayout};
use memory::swizzle::Region;
use memory::{Format, TextureKind};
use tegra_swizzle::surface::{deswizzle_surface, swizzle_surface, BlockDim};
use tegra_swizzle::BlockHeight;

const TIMEOUT: Duration = Duration::from_secs(120);

const FORMATS: [(Format, vk::Format); 5] = [
    (Format::R8, vk::Format::R8_UNORM),
    (Format::Rg8, vk::Format::R8G8_UNORM),
    (Format::Rgba8, vk::Format::R8G8B8A8_UNORM),
    (Format::Rgba16F, vk::Format::R16G16B16A16_SFLOAT),
    (Format::Rgba32F, vk::Format::R32G32B32A32_SFLOAT),
];

struct Texture {
    layout: TextureLayout,
    image: HostImage,
    offset_b: u64,
}

fn every() -> (vk::PipelineStageFlags2, vk::AccessFlags2) {
    (
        vk::PipelineStageFlags2::ALL_COMMANDS,
        vk::AccessFlags2::MEMORY_READ | vk::AccessFlags2::MEMORY_WRITE,
    )
}

/// The textures of one run: random ones of each element size and kind, then whole levels
/// that cover their storage exactly and pass the bounce's minimum (128x128 and 256x256
/// RGBA8, 512 bytes a row, rows a whole number of 16-gob blocks).
fn descs(random: &mut Bytes) -> Vec<(LayoutDesc, vk::Format)> {
    let mut out = Vec::new();
    for (index, &(format, vk_format)) in FORMATS.iter().enumerate() {
        let width = 1 + random.below(90);
        let height = 1 + random.below(90);
        let mut desc = LayoutDesc::new_2d(format, width, height, 1);
        desc.levels = 1 + random.below(desc.max_levels());
        match index % 3 {
            0 => {}
            1 => {
                desc.kind = TextureKind::D2Array;
                desc.layers = 2 + random.below(2);
            }
            _ => {
                // Depths where deko3d's and tegra_swizzle's block-depth policies agree.
                desc.kind = TextureKind::D3;
                desc.depth_px = [1, 2, 3, 5, 6, 16][random.below(6) as usize];
                desc.levels = 1 + random.below(desc.max_levels());
            }
        }
        out.push((desc, vk_format));
    }
    out.push((
        LayoutDesc::new_2d(Format::Rgba8, 128, 128, 1),
        vk::Format::R8G8B8A8_UNORM,
    ));
    out.push((
        LayoutDesc::new_2d(Format::Rgba8, 256, 256, 3),
        vk::Format::R8G8B8A8_UNORM,
    ));
    out
}

fn tegra_block_height(layout: &TextureLayout) -> Option<BlockHeight> {
    Some(BlockHeight::new(layout.levels[0].block_height_gobs).unwrap())
}

fn one() -> BlockDim {
    let one = NonZeroU32::new(1).unwrap();
    BlockDim {
        width: one,
        height: one,
        depth: one,
    }
}

/// The image copy of one whole level and layer, tightly packed at `offset_b`.
fn whole_copy(
    layout: &TextureLayout,
    level: u32,
    layer: u32,
    offset_b: u64,
) -> vk::BufferImageCopy {
    let level_layout = layout.levels[level as usize];
    vk::BufferImageCopy {
        buffer_offset: offset_b,
        buffer_row_length: 0,
        buffer_image_height: 0,
        image_subresource: vk::ImageSubresourceLayers {
            aspect_mask: vk::ImageAspectFlags::COLOR,
            mip_level: level,
            base_array_layer: layer,
            layer_count: 1,
        },
        image_offset: vk::Offset3D::default(),
        image_extent: vk::Extent3D {
            width: level_layout.width_px,
            height: level_layout.height_px,
            depth: level_layout.depth_px,
        },
    }
}

/// Every (layer, level) in tegra_swizzle's order of a surface: layer by layer, each
/// layer's levels in turn.
fn subresources(layout: &TextureLayout) -> Vec<(u32, u32)> {
    let layers = layout.desc.layers;
    let levels = layout.desc.levels;
    (0..layers)
        .flat_map(|layer| (0..levels).map(move |level| (layer, level)))
        .collect()
}

type Rig = SwizzleRig;

/// The batched tests' own steps on the rig.
trait Textures {
    fn texture(&mut self, desc: LayoutDesc, vk_format: vk::Format, offset_b: u64) -> Texture;
    fn image_bytes(&mut self, texture: &Texture, linear: Option<&[u8]>) -> Vec<u8>;
}

impl Textures for Rig {
    fn texture(&mut self, desc: LayoutDesc, vk_format: vk::Format, offset_b: u64) -> Texture {
        let layout = TextureLayout::new(&desc).unwrap();
        let image_desc = HostImageDesc {
            format: vk_format,
            aspect: vk::ImageAspectFlags::COLOR,
            image_type: if desc.kind == TextureKind::D3 {
                vk::ImageType::TYPE_3D
            } else {
                vk::ImageType::TYPE_2D
            },
            width_px: desc.width_px,
            height_px: desc.height_px,
            depth_px: desc.depth_px,
            levels: desc.levels,
            layers: desc.layers,
            samples: vk::SampleCountFlags::TYPE_1,
            cube_compatible: false,
        };
        let image = HostImage::new(&self.gpu.device, image_desc, "test image").unwrap();
        let barrier = [image.initial_barrier()];
        let device = self.gpu.device.clone();
        self.immediate
            .run(TIMEOUT, |cmd| {
                let info = vk::DependencyInfo::default().image_memory_barriers(&barrier);
                // SAFETY: `cmd` is recording.
                unsafe { device.raw.cmd_pipeline_barrier2(cmd, &info) };
                Ok(())
            })
            .unwrap();
        Texture {
            layout,
            image,
            offset_b,
        }
    }

    /// Copies `linear` (tegra_swizzle's order) into every level and layer of the image
    /// (`to_image`), or reads them all back into a vector of that order.
    fn image_bytes(&mut self, texture: &Texture, linear: Option<&[u8]>) -> Vec<u8> {
        let layout = &texture.layout;
        let mut copies = Vec::new();
        let mut offset_b = 0;
        for (layer, level) in subresources(layout) {
            copies.push(whole_copy(layout, level, layer, offset_b));
            offset_b += layout.levels[level as usize].linear_size_b();
        }
        let slice = self.staging.allocate(offset_b).unwrap();
        for copy in &mut copies {
            copy.buffer_offset += slice.offset_b;
        }
        if let Some(linear) = linear {
            self.staging.bytes_mut(slice).copy_from_slice(linear);
        }
        let device = self.gpu.device.clone();
        let image = texture.image.raw;
        self.immediate
            .run(TIMEOUT, |cmd| {
                memory_barrier(cmd, &device, every(), every());
                // SAFETY: `cmd` is recording; the image is in GENERAL layout and every
                // copy lies inside the slice and the image.
                unsafe {
                    if linear.is_some() {
                        device.raw.cmd_copy_buffer_to_image(
                            cmd,
                            slice.buffer,
                            image,
                            vk::ImageLayout::GENERAL,
                            &copies,
                        )
                    } else {
                        device.raw.cmd_copy_image_to_buffer(
                            cmd,
                            image,
                            vk::ImageLayout::GENERAL,
                            slice.buffer,
                            &copies,
                        )
                    }
                };
                let host = (vk::PipelineStageFlags2::HOST, vk::AccessFlags2::HOST_READ);
                memory_barrier(cmd, &device, every(), host);
                Ok(())
            })
            .unwrap();
        let out = self.staging.bytes(slice).to_vec();
        self.staging.reset();
        out
    }
}

/// The pool for `textures` placed one after another with gaps, and their descriptions.
fn place(rig: &mut Rig, random: &mut Bytes) -> (Vec<Texture>, u64) {
    let mut textures = Vec::new();
    let mut offset_b = 512 * u64::from(random.below(8));
    for (desc, vk_format) in descs(random) {
        let texture = rig.texture(desc, vk_format, offset_b);
        offset_b = (offset_b + texture.layout.size_b + 512 * u64::from(random.below(4)))
            .next_multiple_of(512);
        textures.push(texture);
    }
    (textures, (offset_b + 4096).next_multiple_of(4096))
}

/// Moves every level and layer of every texture between image and storage in one
/// recording, the way `variant` records it.
fn move_all(rig: &mut Rig, textures: &[Texture], buffer: &PoolBuffer, to_storage: bool) {
    let device = rig.gpu.device.clone();
    let mut jobs = Vec::new();
    for texture in textures {
        for (layer, level) in subresources(&texture.layout) {
            let placement = StoragePlacement {
                pool_buffer: buffer.raw,
                texture_offset_b: texture.offset_b,
                layout: &texture.layout,
            };
            let region = ImageRegion {
                image: texture.image.raw,
                aspect: vk::ImageAspectFlags::COLOR,
                level,
                layer,
                region: Region::whole(&texture.layout.levels[level as usize]),
            };
            jobs.push(plan_job(&device, &mut rig.staging, region, placement).unwrap());
        }
    }
    let kernels = &rig.kernels;
    let staging = &mut rig.staging;
    rig.immediate
        .run(TIMEOUT, |cmd| {
            if to_storage {
                kernels.record_write_backs(cmd, staging, &jobs)
            } else {
                kernels.record_uploads(cmd, staging, &jobs)
            }
        })
        .unwrap();
    rig.staging.reset();
}

/// tegra_swizzle's block-linear storage of a whole surface from its linear texels
/// (`to_storage`), or its linear texels from storage.
fn tegra(layout: &TextureLayout, bytes: &[u8], to_storage: bool) -> Vec<u8> {
    let desc = layout.desc;
    let convert = if to_storage {
        swizzle_surface
    } else {
        deswizzle_surface
    };
    convert(
        desc.width_px,
        desc.height_px,
        desc.depth_px,
        bytes,
        one(),
        tegra_block_height(layout),
        desc.format.bytes_per_element(),
        desc.levels,
        desc.layers,
    )
    .unwrap()
}

fn write_back_everything(variant: SwizzleVariant, seed: u64) {
    let mut rig = Rig::new(true);
    rig.kernels.variant = variant;
    let mut random = Bytes(seed);
    let (textures, pool_size_b) = place(&mut rig, &mut random);
    let (pool, buffer) = rig.pool_with_buffer(pool_size_b);
    // Random bytes around the textures, which must survive; zeros under them, as
    // tegra_swizzle leaves a surface's padding.
    let mut expected = random.vec(pool_size_b as usize);
    for texture in &textures {
        let range = texture.offset_b as usize..(texture.offset_b + texture.layout.size_b) as usize;
        expected[range].fill(0);
    }
    pool.write(0, &expected).unwrap();
    for texture in &textures {
        let linear_b = subresources(&texture.layout)
            .iter()
            .map(|&(_, level)| texture.layout.levels[level as usize].linear_size_b())
            .sum::<u64>();
        let linear = random.vec(linear_b as usize);
        rig.image_bytes(texture, Some(&linear));
        let storage = tegra(&texture.layout, &linear, true);
        assert_eq!(
            storage.len() as u64,
            texture.layout.size_b,
            "{:?}",
            texture.layout.desc
        );
        let at = texture.offset_b as usize;
        expected[at..at + storage.len()].copy_from_slice(&storage);
    }
    move_all(&mut rig, &textures, &buffer, true);
    let actual = pool_bytes(&pool);
    let first_difference = actual.iter().zip(&expected).position(|(a, e)| a != e);
    let owner = first_difference.and_then(|at| {
        textures
            .iter()
            .find(|t| (t.offset_b..t.offset_b + t.layout.size_b).contains(&(at as u64)))
            .map(|t| t.layout.desc)
    });
    assert_eq!(
        first_difference,
        None,
        "{}: storage differs from tegra_swizzle's (texture {owner:?})",
        variant.name()
    );
    drop(buffer);
}

fn upload_everything(variant: SwizzleVariant, seed: u64) {
    let mut rig = Rig::new(true);
    rig.kernels.variant = variant;
    let mut random = Bytes(seed);
    let (textures, pool_size_b) = place(&mut rig, &mut random);
    let (pool, buffer) = rig.pool_with_buffer(pool_size_b);
    let storage = random.vec(pool_size_b as usize);
    pool.write(0, &storage).unwrap();
    move_all(&mut rig, &textures, &buffer, false);
    for texture in &textures {
        let at = texture.offset_b as usize;
        let expected = tegra(
            &texture.layout,
            &storage[at..at + texture.layout.size_b as usize],
            false,
        );
        let actual = rig.image_bytes(texture, None);
        assert!(
            actual == expected,
            "{}: upload of {:?} differs from tegra_swizzle's deswizzle",
            variant.name(),
            texture.layout.desc
        );
    }
    drop(buffer);
}

#[test]
fn every_variant_writes_back_many_regions_at_once_as_tegra_swizzle_lays_them_out() {
    for variant in SwizzleVariant::ALL {
        for seed in [0x0b47_0001, 0x0b47_0002] {
            write_back_everything(variant, seed);
        }
    }
}

#[test]
fn every_variant_uploads_many_regions_at_once_as_tegra_swizzle_reads_them() {
    for variant in SwizzleVariant::ALL {
        upload_everything(variant, 0x0b47_1001);
    }
}
