//! `hookshot bench writeback`: the GPU swizzle write-back (`swz`, image -> staging ->
//! block-linear storage) against a plain `vkCmdCopyImageToBuffer` of the same bytes into
//! the same pool, and the upload (`deswz`) against `vkCmdCopyBufferToImage`; GPU
//! timestamps, the four measured side by side in every round.

use std::sync::Arc;
use std::time::Duration;

use gpu_vk::ash::vk;
use gpu_vk::gpu_memory::host_image::{HostImage, HostImageDesc};
use gpu_vk::gpu_memory::pool_buffer::PoolBuffer;
use gpu_vk::gpu_memory::staging::StagingArena;
use gpu_vk::gpu_timer::GpuTimer;
use gpu_vk::immediate::Immediate;
use gpu_vk::kernels::swizzle_kernel::{
    memory_barrier, plan_job, ImageRegion, StoragePlacement, SwizzleJob, SwizzleKernels,
};
use gpu_vk::Device;
use memory::layout::{LayoutDesc, TextureLayout};
use memory::swizzle::Region;
use memory::{Format, MemoryPool, PoolFlags};

#[derive(clap::Args)]
pub struct Args {
    /// Measured rounds per case (the median is reported).
    #[arg(long, default_value_t = 9, value_parser = clap::value_parser!(u32).range(1..=super::MAX_ROUNDS))]
    rounds: u32,
}

struct Case {
    name: &'static str,
    format: Format,
    vk_format: vk::Format,
    width_px: u32,
    height_px: u32,
    levels: u32,
}

const CASES: [Case; 2] = [
    Case {
        name: "260x260 rg8, 9 levels",
        format: Format::Rg8,
        vk_format: vk::Format::R8G8_UNORM,
        width_px: 260,
        height_px: 260,
        levels: 9,
    },
    Case {
        name: "2048x2048 rgba8",
        format: Format::Rgba8,
        vk_format: vk::Format::R8G8B8A8_UNORM,
        width_px: 2048,
        height_px: 2048,
        levels: 1,
    },
];

const TIMEOUT: Duration = Duration::from_secs(120);
const EVERY: (vk::PipelineStageFlags2, vk::AccessFlags2) = (
    vk::PipelineStageFlags2::ALL_COMMANDS,
    vk::AccessFlags2::from_raw(
        vk::AccessFlags2::MEMORY_READ.as_raw() | vk::AccessFlags2::MEMORY_WRITE.as_raw(),
    ),
);

pub fn run(args: Args) -> anyhow::Result<()> {
    let switches = crate::cli::start()?;
    let device = Device::open(&switches)?;
    let translator = shader_translate::Translator::new(crate::cli::translate_options(&switches))?;
    let kernels = SwizzleKernels::build(&device, &translator, true, vk::PipelineCache::null())?;
    let mut immediate = Immediate::new(&device)?;
    println!(
        "device: {} ({}), rounds: {}",
        device.info.name, device.info.driver_info, args.rounds
    );
    println!(
        "{:<24} {:>12} {:>12} {:>8} {:>12} {:>12} {:>8}",
        "case", "swz GB/s", "copy GB/s", "ratio", "deswz GB/s", "copy GB/s", "ratio"
    );
    for case in &CASES {
        let figures = measure(&device, &kernels, &mut immediate, case, args.rounds.max(1))?;
        println!(
            "{:<24} {:>12.2} {:>12.2} {:>8.2} {:>12.2} {:>12.2} {:>8.2}",
            case.name,
            figures[0],
            figures[1],
            figures[0] / figures[1],
            figures[2],
            figures[3],
            figures[2] / figures[3]
        );
    }
    Ok(())
}

/// GB/s of [write-back, image-to-buffer copy, upload, buffer-to-image copy], medians.
fn measure(
    device: &Arc<Device>,
    kernels: &SwizzleKernels,
    immediate: &mut Immediate,
    case: &Case,
    rounds: u32,
) -> anyhow::Result<[f64; 4]> {
    let layout = TextureLayout::new(&LayoutDesc::new_2d(
        case.format,
        case.width_px,
        case.height_px,
        case.levels,
    ))?;
    let linear_b = layout.linear_size_b();
    // The texture's storage, then room for the plain copies' tightly packed bytes.
    let linear_offset_b = layout.size_b.next_multiple_of(4096);
    let pool_size_b = (linear_offset_b + linear_b).next_multiple_of(4096);
    let pool = MemoryPool::new(pool_size_b, PoolFlags::CPU_CACHED_GPU_CACHED)?;
    let ptr = pool.storage_ptr().as_ptr();
    let pool_buffer = if PoolBuffer::can_import(device, ptr, pool_size_b) {
        // SAFETY: `pool` outlives `pool_buffer` (declared before it, dropped after) and
        // nothing touches it on the CPU while the GPU works.
        unsafe { PoolBuffer::import(device, ptr, pool_size_b)? }
    } else {
        PoolBuffer::mirror(device, pool_size_b)?
    };
    let image = HostImage::new(
        device,
        HostImageDesc {
            format: case.vk_format,
            aspect: vk::ImageAspectFlags::COLOR,
            image_type: vk::ImageType::TYPE_2D,
            width_px: case.width_px,
            height_px: case.height_px,
            depth_px: 1,
            levels: case.levels,
            layers: 1,
            samples: vk::SampleCountFlags::TYPE_1,
            cube_compatible: false,
        },
        "bench image",
    )?;
    let mut write_scratch = StagingArena::device_local(device);
    let mut upload_scratch = StagingArena::device_local(device);
    let placement = StoragePlacement {
        pool_buffer: pool_buffer.raw,
        texture_offset_b: 0,
        layout: &layout,
    };
    let mut write_backs: Vec<SwizzleJob> = Vec::new();
    let mut uploads: Vec<SwizzleJob> = Vec::new();
    let mut copies = Vec::new();
    let mut copy_offset_b = linear_offset_b;
    for level in 0..case.levels {
        let level_layout = layout.levels[level as usize];
        let whole = Region::whole(&level_layout);
        write_backs.push(plan_job(
            device,
            &mut write_scratch,
            ImageRegion {
                image: image.raw,
                aspect: vk::ImageAspectFlags::COLOR,
                level,
                layer: 0,
                region: whole,
            },
            placement,
        )?);
        uploads.push(plan_job(
            device,
            &mut upload_scratch,
            ImageRegion {
                image: image.raw,
                aspect: vk::ImageAspectFlags::COLOR,
                level,
                layer: 0,
                region: whole,
            },
            placement,
        )?);
        copies.push(vk::BufferImageCopy {
            buffer_offset: copy_offset_b,
            buffer_row_length: 0,
            buffer_image_height: 0,
            image_subresource: vk::ImageSubresourceLayers {
                aspect_mask: vk::ImageAspectFlags::COLOR,
                mip_level: level,
                base_array_layer: 0,
                layer_count: 1,
            },
            image_offset: vk::Offset3D::default(),
            image_extent: vk::Extent3D {
                width: level_layout.width_px,
                height: level_layout.height_px,
                depth: 1,
            },
        });
        copy_offset_b += level_layout.linear_size_b();
    }
    let timer = GpuTimer::new(device, 4)?;
    let first_barrier = [image.initial_barrier()];
    immediate.run(TIMEOUT, |cmd| {
        let info = vk::DependencyInfo::default().image_memory_barriers(&first_barrier);
        // SAFETY: `cmd` is recording.
        unsafe { device.raw.cmd_pipeline_barrier2(cmd, &info) };
        Ok(())
    })?;
    let mut samples: [Vec<f64>; 4] = Default::default();
    let mut progress = crate::cli::progress::Progress::new("bench");
    for round in 0..rounds {
        progress.tick(|| format!("writeback: round {round} of {rounds}"));
        immediate.run(TIMEOUT, |cmd| {
            timer.reset(cmd);
            memory_barrier(cmd, device, EVERY, EVERY);
            timer.begin(cmd, 0);
            kernels.record_write_backs(cmd, &write_backs)?;
            timer.end(cmd, 0);
            memory_barrier(cmd, device, EVERY, EVERY);
            timer.begin(cmd, 1);
            // SAFETY: `cmd` is recording; the image is in GENERAL layout.
            unsafe {
                device.raw.cmd_copy_image_to_buffer(
                    cmd,
                    image.raw,
                    vk::ImageLayout::GENERAL,
                    pool_buffer.raw,
                    &copies,
                )
            };
            timer.end(cmd, 1);
            memory_barrier(cmd, device, EVERY, EVERY);
            timer.begin(cmd, 2);
            kernels.record_uploads(cmd, &uploads)?;
            timer.end(cmd, 2);
            memory_barrier(cmd, device, EVERY, EVERY);
            timer.begin(cmd, 3);
            // SAFETY: as above.
            unsafe {
                device.raw.cmd_copy_buffer_to_image(
                    cmd,
                    pool_buffer.raw,
                    image.raw,
                    vk::ImageLayout::GENERAL,
                    &copies,
                )
            };
            timer.end(cmd, 3);
            memory_barrier(cmd, device, EVERY, EVERY);
            Ok(())
        })?;
        kernels.reset_descriptors()?;
        for (span, ns) in timer.read_ns(4)?.into_iter().enumerate() {
            samples[span].push(ns);
        }
    }
    drop(pool_buffer);
    drop(pool);
    Ok(samples.map(|mut spans| {
        spans.sort_by(f64::total_cmp);
        linear_b as f64 / spans[spans.len() / 2]
    }))
}
