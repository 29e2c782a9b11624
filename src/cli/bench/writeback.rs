//! `hookshot bench writeback`: the GPU swizzle write-back (`swz`, image -> staging ->
//! block-linear storage) against a plain `vkCmdCopyImageToBuffer` of the same bytes into
//! the same pool, and the upload (`deswz`) against `vkCmdCopyBufferToImage`; GPU
//! timestamps. Every kernel variant asked for (`--kernel`, all by default) and both copies
//! are measured side by side in every round.

use std::sync::Arc;
use std::time::Duration;

use gpu_vk::ash::vk;
use gpu_vk::gpu_memory::host_image::{HostImage, HostImageDesc};
use gpu_vk::gpu_memory::pool_buffer::PoolBuffer;
use gpu_vk::gpu_memory::staging::StagingArena;
use gpu_vk::gpu_timer::GpuTimer;
use gpu_vk::immediate::Immediate;
use gpu_vk::kernels::swizzle_kernel::{
    plan_job, ImageRegion, StoragePlacement, SwizzleJob, SwizzleKernels, SwizzleVariant,
};
use gpu_vk::kernels::swizzle_record::memory_barrier;
use gpu_vk::Device;
use memory::layout::{LayoutDesc, TextureLayout};
use memory::swizzle::Region;
use memory::{Format, MemoryPool, PoolFlags};

#[derive(clap::Args)]
pub struct Args {
    /// Measured rounds per case (the median is reported).
    #[arg(long, default_value_t = 9, value_parser = clap::value_parser!(u32).range(1..=super::MAX_ROUNDS))]
    rounds: u32,
    /// The write-back and upload variant to measure (per-region, batched, bounce), or
    /// `all`: each in every round, side by side.
    #[arg(long, default_value = "all", value_parser = parse_kernel)]
    kernel: KernelChoice,
}

#[derive(Clone, Copy, Debug)]
enum KernelChoice {
    All,
    One(SwizzleVariant),
}

impl KernelChoice {
    fn variants(self) -> Vec<SwizzleVariant> {
        match self {
            KernelChoice::All => SwizzleVariant::ALL.to_vec(),
            KernelChoice::One(variant) => vec![variant],
        }
    }
}

fn parse_kernel(name: &str) -> Result<KernelChoice, String> {
    if name == "all" {
        return Ok(KernelChoice::All);
    }
    SwizzleVariant::from_name(name)
        .map(KernelChoice::One)
        .ok_or_else(|| {
            let names: Vec<&str> = SwizzleVariant::ALL.iter().map(|v| v.name()).collect();
            format!("no kernel variant `{name}` (all, {})", names.join(", "))
        })
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
    let mut kernels = SwizzleKernels::build(&device, &translator, true, vk::PipelineCache::null())?;
    let mut immediate = Immediate::new(&device)?;
    let variants = args.kernel.variants();
    println!(
        "device: {} ({}), rounds: {}",
        device.info.name, device.info.driver_info, args.rounds
    );
    println!(
        "{:<24} {:<11} {:>10} {:>10} {:>6} {:>10} {:>10} {:>6}",
        "case", "kernel", "swz GB/s", "copy GB/s", "ratio", "deswz GB/s", "copy GB/s", "ratio"
    );
    for case in &CASES {
        let figures = measure(
            &device,
            &mut kernels,
            &mut immediate,
            case,
            &variants,
            args.rounds.max(1),
        )?;
        for (variant, [swz, copy_out, deswz, copy_in]) in variants.iter().zip(figures) {
            println!(
                "{:<24} {:<11} {:>10.2} {:>10.2} {:>6.2} {:>10.2} {:>10.2} {:>6.2}",
                case.name,
                variant.name(),
                swz,
                copy_out,
                swz / copy_out,
                deswz,
                copy_in,
                deswz / copy_in
            );
        }
    }
    Ok(())
}

/// For each of `variants`, GB/s of [write-back, image-to-buffer copy, upload,
/// buffer-to-image copy], medians over the rounds (the copies are the same for every
/// variant: one of each a round).
fn measure(
    device: &Arc<Device>,
    kernels: &mut SwizzleKernels,
    immediate: &mut Immediate,
    case: &Case,
    variants: &[SwizzleVariant],
    rounds: u32,
) -> anyhow::Result<Vec<[f64; 4]>> {
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
    // Each round's tables and bounce slices, freed once the round is done.
    let mut round_scratch = StagingArena::device_local(device);
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
    // Spans: the two copies, then each variant's write-back and upload (variant i's at
    // 2 + 2i and 3 + 2i).
    let spans = 2 + 2 * variants.len() as u32;
    let timer = GpuTimer::new(device, spans)?;
    let first_barrier = [image.initial_barrier()];
    immediate.run(TIMEOUT, |cmd| {
        let info = vk::DependencyInfo::default().image_memory_barriers(&first_barrier);
        // SAFETY: `cmd` is recording.
        unsafe { device.raw.cmd_pipeline_barrier2(cmd, &info) };
        Ok(())
    })?;
    // Records `record` between span `span`'s timestamps, then a full barrier.
    let timed = |cmd, span, record: &mut dyn FnMut(vk::CommandBuffer) -> gpu_vk::VkResult<()>| {
        timer.begin(cmd, span);
        record(cmd)?;
        timer.end(cmd, span);
        memory_barrier(cmd, device, EVERY, EVERY);
        gpu_vk::VkResult::Ok(())
    };
    let mut samples: Vec<Vec<f64>> = vec![Vec::new(); spans as usize];
    let mut progress = crate::cli::progress::Progress::new("bench");
    for round in 0..rounds {
        progress.tick(|| format!("writeback: round {round} of {rounds}"));
        immediate.run(TIMEOUT, |cmd| {
            timer.reset(cmd);
            memory_barrier(cmd, device, EVERY, EVERY);
            // Each phase's copy and variants in an order turned by one every round, so
            // none always runs first (cold caches) or last.
            let turned = |item: usize| (item + round as usize) % (variants.len() + 1);
            for item in (0..=variants.len()).map(turned) {
                if item == 0 {
                    timed(cmd, 0, &mut |cmd| {
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
                        Ok(())
                    })?;
                    continue;
                }
                kernels.variant = variants[item - 1];
                timed(cmd, 2 * item as u32, &mut |cmd| {
                    kernels.record_write_backs(cmd, &mut round_scratch, &write_backs)
                })?;
            }
            for item in (0..=variants.len()).map(turned) {
                if item == 0 {
                    timed(cmd, 1, &mut |cmd| {
                        // SAFETY: as above; the copies read what the image-to-buffer
                        // copy of this round wrote.
                        unsafe {
                            device.raw.cmd_copy_buffer_to_image(
                                cmd,
                                pool_buffer.raw,
                                image.raw,
                                vk::ImageLayout::GENERAL,
                                &copies,
                            )
                        };
                        Ok(())
                    })?;
                    continue;
                }
                kernels.variant = variants[item - 1];
                timed(cmd, 2 * item as u32 + 1, &mut |cmd| {
                    kernels.record_uploads(cmd, &mut round_scratch, &uploads)
                })?;
            }
            Ok(())
        })?;
        kernels.reset_descriptors()?;
        round_scratch.reset();
        for (span, ns) in timer.read_ns(spans)?.into_iter().enumerate() {
            samples[span].push(ns);
        }
    }
    drop(pool_buffer);
    drop(pool);
    let gb_per_s: Vec<f64> = samples
        .into_iter()
        .map(|mut span| {
            span.sort_by(f64::total_cmp);
            linear_b as f64 / span[span.len() / 2]
        })
        .collect();
    Ok((0..variants.len())
        .map(|index| {
            [
                gb_per_s[2 + 2 * index],
                gb_per_s[0],
                gb_per_s[3 + 2 * index],
                gb_per_s[1],
            ]
        })
        .collect())
}
