//! The GPU swizzle kernels on the real driver: `deswz` (upload) equals the CPU deswizzle
//! and `swz` (write-back) leaves storage exactly as the CPU swizzle of the same texels,
//! including regions cut mid-run, every level of the seeds' terrain tile, and a texture
//! that ends at its pool's last byte. Every recording variant (`SwizzleVariant`) is
//! checked. Validation with synchronization checks is on.

mod common;

use std::time::Duration;

use common::swizzle_rig::{pool_bytes, SwizzleRig};
use common::texels::Bytes;
use gpu_vk::ash::vk;
use gpu_vk::gpu_memory::host_image::{HostImage, HostImageDesc};
use gpu_vk::kernels::swizzle_kernel::{
    plan_job, ImageRegion, StoragePlacement, SwizzleJob, SwizzleVariant,
};
use gpu_vk::kernels::swizzle_record::memory_barrier;
use memory::layout::{LayoutDesc, TextureLayout};
use memory::swizzle::{deswizzle_region, swizzle_region, Region};
use memory::Format;

const TIMEOUT: Duration = Duration::from_secs(60);

/// A number below `bound` from the next four bytes of `random`: the draw these tests'
/// sizes and regions were chosen with (`Bytes::below` draws differently).
fn below(random: &mut Bytes, bound: u32) -> u32 {
    let word: [u8; 4] = random.vec(4).try_into().unwrap();
    u32::from_le_bytes(word) % bound.max(1)
}

type Rig = SwizzleRig;

/// A texture's host image, in GENERAL layout.
fn host_image(rig: &mut Rig, format: vk::Format, layout: &TextureLayout) -> HostImage {
    let desc = HostImageDesc {
        format,
        aspect: vk::ImageAspectFlags::COLOR,
        image_type: vk::ImageType::TYPE_2D,
        width_px: layout.desc.width_px,
        height_px: layout.desc.height_px,
        depth_px: 1,
        levels: layout.desc.levels,
        layers: 1,
        samples: vk::SampleCountFlags::TYPE_1,
        cube_compatible: false,
    };
    let image = HostImage::new(rig.device(), desc, "test image").unwrap();
    let barrier = [image.initial_barrier()];
    let device = rig.device().clone();
    rig.immediate
        .run(TIMEOUT, |cmd| {
            let info = vk::DependencyInfo::default().image_memory_barriers(&barrier);
            // SAFETY: `cmd` is recording.
            unsafe { device.raw.cmd_pipeline_barrier2(cmd, &info) };
            Ok(())
        })
        .unwrap();
    image
}

fn subresource(level: u32) -> vk::ImageSubresourceLayers {
    vk::ImageSubresourceLayers {
        aspect_mask: vk::ImageAspectFlags::COLOR,
        mip_level: level,
        base_array_layer: 0,
        layer_count: 1,
    }
}

/// A copy between tightly packed bytes at `offset_b` and `region` of `level`.
fn tight_copy(offset_b: u64, level: u32, region: &Region) -> vk::BufferImageCopy {
    vk::BufferImageCopy {
        buffer_offset: offset_b,
        buffer_row_length: 0,
        buffer_image_height: 0,
        image_subresource: subresource(level),
        image_offset: vk::Offset3D {
            x: region.x_el as i32,
            y: region.y_el as i32,
            z: 0,
        },
        image_extent: vk::Extent3D {
            width: region.width_el,
            height: region.height_el,
            depth: 1,
        },
    }
}

/// Every stage, every memory access: the tests' copies wait for all work before them and
/// hold off all work after them.
fn every_access() -> (vk::PipelineStageFlags2, vk::AccessFlags2) {
    (
        vk::PipelineStageFlags2::ALL_COMMANDS,
        vk::AccessFlags2::MEMORY_READ | vk::AccessFlags2::MEMORY_WRITE,
    )
}

/// Copies tightly packed `texels` into `region` of `level` of the image.
fn write_image(rig: &mut Rig, image: &HostImage, level: u32, region: &Region, texels: &[u8]) {
    let slice = rig.staging.allocate(texels.len() as u64).unwrap();
    rig.staging.bytes_mut(slice).copy_from_slice(texels);
    let device = rig.device().clone();
    let copy = tight_copy(slice.offset_b, level, region);
    rig.immediate
        .run(TIMEOUT, |cmd| {
            let every = every_access();
            memory_barrier(cmd, &device, every, every);
            // SAFETY: `cmd` is recording; the image is in GENERAL layout.
            unsafe {
                device.raw.cmd_copy_buffer_to_image(
                    cmd,
                    slice.buffer,
                    image.raw,
                    vk::ImageLayout::GENERAL,
                    &[copy],
                )
            };
            memory_barrier(cmd, &device, every, every);
            Ok(())
        })
        .unwrap();
    rig.staging.reset();
}

/// Reads `region` of `level` of the image back, tightly packed.
fn read_image(rig: &mut Rig, image: &HostImage, level: u32, region: &Region, bpe: u32) -> Vec<u8> {
    let size_b = u64::from(region.width_el * region.height_el * bpe);
    let slice = rig.staging.allocate(size_b).unwrap();
    let device = rig.device().clone();
    let copy = tight_copy(slice.offset_b, level, region);
    rig.immediate
        .run(TIMEOUT, |cmd| {
            let every = every_access();
            memory_barrier(cmd, &device, every, every);
            // SAFETY: `cmd` is recording; the image is in GENERAL layout.
            unsafe {
                device.raw.cmd_copy_image_to_buffer(
                    cmd,
                    image.raw,
                    vk::ImageLayout::GENERAL,
                    slice.buffer,
                    &[copy],
                )
            };
            memory_barrier(
                cmd,
                &device,
                every,
                (vk::PipelineStageFlags2::HOST, vk::AccessFlags2::HOST_READ),
            );
            Ok(())
        })
        .unwrap();
    let out = rig.staging.bytes(slice).to_vec();
    rig.staging.reset();
    out
}

/// The kernel job between `region` of `level` of the image and its storage.
fn plan(
    rig: &mut Rig,
    image: &HostImage,
    placement: StoragePlacement<'_>,
    level: u32,
    region: Region,
) -> SwizzleJob {
    let device = rig.device().clone();
    plan_job(
        &device,
        &mut rig.staging,
        ImageRegion {
            image: image.raw,
            aspect: vk::ImageAspectFlags::COLOR,
            level,
            layer: 0,
            region,
        },
        placement,
    )
    .unwrap()
}

fn run_write_back(
    rig: &mut Rig,
    image: &HostImage,
    placement: StoragePlacement<'_>,
    level: u32,
    region: Region,
) {
    let job = plan(rig, image, placement, level, region);
    let kernels = &rig.kernels;
    let staging = &mut rig.staging;
    rig.immediate
        .run(TIMEOUT, |cmd| {
            kernels.record_write_backs(cmd, staging, &[job])
        })
        .unwrap();
    rig.kernels.reset_descriptors().unwrap();
    rig.staging.reset();
}

fn check_write_back_every_level(
    format: Format,
    vk_format: vk::Format,
    width: u32,
    height: u32,
    levels: u32,
    push: bool,
) {
    for variant in SwizzleVariant::ALL {
        check_write_back_every_level_as(variant, format, vk_format, (width, height, levels), push);
    }
}

fn check_write_back_every_level_as(
    variant: SwizzleVariant,
    format: Format,
    vk_format: vk::Format,
    (width, height, levels): (u32, u32, u32),
    push: bool,
) {
    let mut rig = Rig::new(push);
    rig.kernels.variant = variant;
    let mut random = Bytes(0x5eed_0000 + u64::from(width));
    let layout = TextureLayout::new(&LayoutDesc::new_2d(format, width, height, levels)).unwrap();
    let texture_offset_b = 8192;
    let (pool, buffer) =
        rig.pool_with_buffer((texture_offset_b + layout.size_b).next_multiple_of(4096) + 4096);
    // Bytes around the texture that no write-back may touch.
    let around = random.vec(pool.size_b() as usize);
    pool.write(0, &around).unwrap();
    let image = host_image(&mut rig, vk_format, &layout);
    let mut expected = around.clone();
    let texture_range = texture_offset_b as usize..(texture_offset_b + layout.size_b) as usize;
    for level in 0..levels {
        let level_layout = layout.levels[level as usize];
        let whole = Region::whole(&level_layout);
        let texels = random.vec(whole.linear_size_b(level_layout.bytes_per_element) as usize);
        write_image(&mut rig, &image, level, &whole, &texels);
        swizzle_region(
            &layout,
            level,
            0,
            &whole,
            &texels,
            &mut expected[texture_range.clone()],
        )
        .unwrap();
        let placement = StoragePlacement {
            pool_buffer: buffer.raw,
            texture_offset_b,
            layout: &layout,
        };
        run_write_back(&mut rig, &image, placement, level, whole);
    }
    let actual = pool_bytes(&pool);
    let first_difference = actual.iter().zip(&expected).position(|(a, e)| a != e);
    assert_eq!(
        first_difference,
        None,
        "{format:?} {width}x{height} ({}): storage differs from the CPU swizzle",
        variant.name()
    );
    drop(buffer);
}

#[test]
fn write_back_stores_every_level_of_the_terrain_tile_exactly() {
    check_write_back_every_level(Format::Rg8, vk::Format::R8G8_UNORM, 260, 260, 9, true);
}

#[test]
fn write_back_with_pooled_descriptors_matches_too() {
    // Covers drivers without VK_KHR_push_descriptor.
    check_write_back_every_level(Format::Rgba8, vk::Format::R8G8B8A8_UNORM, 100, 60, 3, false);
}

#[test]
fn write_back_of_wide_formats_matches() {
    check_write_back_every_level(
        Format::Rgba16F,
        vk::Format::R16G16B16A16_SFLOAT,
        70,
        33,
        2,
        true,
    );
    check_write_back_every_level(Format::R8, vk::Format::R8_UNORM, 129, 65, 4, true);
}

#[test]
fn a_scissored_write_back_stores_its_rectangle_and_no_byte_outside() {
    for variant in SwizzleVariant::ALL {
        scissored_write_back(variant);
    }
}

fn scissored_write_back(variant: SwizzleVariant) {
    let mut rig = Rig::new(true);
    rig.kernels.variant = variant;
    let mut random = Bytes(0xabc);
    let layout = TextureLayout::new(&LayoutDesc::new_2d(Format::Rg8, 260, 260, 9)).unwrap();
    let (pool, buffer) = rig.pool_with_buffer(layout.size_b.next_multiple_of(4096));
    let before = random.vec(pool.size_b() as usize);
    pool.write(0, &before).unwrap();
    let image = host_image(&mut rig, vk::Format::R8G8_UNORM, &layout);
    let level_layout = layout.levels[0];
    let whole = Region::whole(&level_layout);
    let texels = random.vec(whole.linear_size_b(2) as usize);
    write_image(&mut rig, &image, 0, &whole, &texels);
    for _ in 0..6 {
        // Odd edges cut 16-byte runs in the middle.
        let x = below(&mut random, 250);
        let y = below(&mut random, 250);
        let region = Region {
            x_el: x,
            y_el: y,
            z_el: 0,
            width_el: 1 + below(&mut random, 260 - x - 1),
            height_el: 1 + below(&mut random, 260 - y - 1),
            depth_el: 1,
        };
        let mut expected = pool_bytes(&pool);
        let mut region_texels = Vec::new();
        for row in region.y_el..region.y_el + region.height_el {
            let start = ((row * 260 + region.x_el) * 2) as usize;
            region_texels.extend_from_slice(&texels[start..start + (region.width_el * 2) as usize]);
        }
        swizzle_region(&layout, 0, 0, &region, &region_texels, &mut expected).unwrap();
        let placement = StoragePlacement {
            pool_buffer: buffer.raw,
            texture_offset_b: 0,
            layout: &layout,
        };
        run_write_back(&mut rig, &image, placement, 0, region);
        let actual = pool_bytes(&pool);
        let first_difference = actual.iter().zip(&expected).position(|(a, e)| a != e);
        assert_eq!(
            first_difference,
            None,
            "region {region:?} ({})",
            variant.name()
        );
    }
    drop(buffer);
}

#[test]
fn a_texture_ending_at_the_pools_last_byte_is_written_within_it() {
    for variant in SwizzleVariant::ALL {
        texture_at_the_pools_end(variant);
    }
}

fn texture_at_the_pools_end(variant: SwizzleVariant) {
    let mut rig = Rig::new(true);
    rig.kernels.variant = variant;
    let mut random = Bytes(0xe7d);
    let layout = TextureLayout::new(&LayoutDesc::new_2d(Format::Rgba8, 64, 64, 1)).unwrap();
    let pool_size_b = 4 * 4096 + layout.size_b.next_multiple_of(4096);
    let texture_offset_b = pool_size_b - layout.size_b;
    let (pool, buffer) = rig.pool_with_buffer(pool_size_b);
    let image = host_image(&mut rig, vk::Format::R8G8B8A8_UNORM, &layout);
    let whole = Region::whole(&layout.levels[0]);
    let texels = random.vec(whole.linear_size_b(4) as usize);
    write_image(&mut rig, &image, 0, &whole, &texels);
    let placement = StoragePlacement {
        pool_buffer: buffer.raw,
        texture_offset_b,
        layout: &layout,
    };
    run_write_back(&mut rig, &image, placement, 0, whole);
    let mut expected = vec![0u8; pool_size_b as usize];
    swizzle_region(
        &layout,
        0,
        0,
        &whole,
        &texels,
        &mut expected[texture_offset_b as usize..],
    )
    .unwrap();
    assert!(
        pool_bytes(&pool) == expected,
        "storage at the pool's end differs ({})",
        variant.name()
    );
    drop(buffer);
}

#[test]
fn gpu_deswizzle_equals_cpu_deswizzle_for_admitted_formats_and_random_regions() {
    for variant in SwizzleVariant::ALL {
        deswizzle_random_regions(variant);
    }
}

fn deswizzle_random_regions(variant: SwizzleVariant) {
    let mut rig = Rig::new(true);
    rig.kernels.variant = variant;
    let mut random = Bytes(0xdeadbeef);
    for (format, vk_format) in [
        (Format::R8, vk::Format::R8_UNORM),
        (Format::Rg8, vk::Format::R8G8_UNORM),
        (Format::Rgba8, vk::Format::R8G8B8A8_UNORM),
        (Format::Rgb10A2, vk::Format::A2B10G10R10_UNORM_PACK32),
        (Format::Rgba16F, vk::Format::R16G16B16A16_SFLOAT),
        (Format::Rgba32F, vk::Format::R32G32B32A32_SFLOAT),
    ] {
        let width = 40 + below(&mut random, 200);
        let height = 20 + below(&mut random, 200);
        let layout = TextureLayout::new(&LayoutDesc::new_2d(format, width, height, 3)).unwrap();
        let (pool, buffer) = rig.pool_with_buffer(layout.size_b.next_multiple_of(4096));
        let storage = random.vec(layout.size_b as usize);
        pool.write(0, &storage).unwrap();
        let image = host_image(&mut rig, vk_format, &layout);
        let bpe = format.bytes_per_element();
        for level in 0..3 {
            let level_layout = layout.levels[level as usize];
            let x = below(&mut random, level_layout.width_el);
            let y = below(&mut random, level_layout.height_el);
            let region = Region {
                x_el: x,
                y_el: y,
                z_el: 0,
                width_el: 1 + below(&mut random, level_layout.width_el - x),
                height_el: 1 + below(&mut random, level_layout.height_el - y),
                depth_el: 1,
            };
            let placement = StoragePlacement {
                pool_buffer: buffer.raw,
                texture_offset_b: 0,
                layout: &layout,
            };
            let job = plan(&mut rig, &image, placement, level, region);
            let kernels = &rig.kernels;
            let staging = &mut rig.staging;
            rig.immediate
                .run(TIMEOUT, |cmd| kernels.record_uploads(cmd, staging, &[job]))
                .unwrap();
            rig.staging.reset();
            let gpu = read_image(&mut rig, &image, level, &region, bpe);
            let mut cpu = vec![0u8; region.linear_size_b(bpe) as usize];
            deswizzle_region(&layout, level, 0, &region, &storage, &mut cpu).unwrap();
            assert!(
                gpu == cpu,
                "{format:?} level {level} region {region:?} ({})",
                variant.name()
            );
        }
        drop(buffer);
    }
}
