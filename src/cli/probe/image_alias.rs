//! image-alias: do two images bound at one memory offset read each other's bytes? One image
//! is written with a known pattern by a buffer copy, the other, bound at the same offset,
//! is copied out, and the two images' texels are compared at the same place (row by row,
//! word by word). 100% means the two images lay their texels out alike, so a host
//! image handed from one texture to another keeps (or scrambles) what it held.

use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use gpu_allocator::MemoryLocation;
use gpu_vk::ash::vk;
use gpu_vk::gpu_memory::allocated_buffer::AllocatedBuffer;
use gpu_vk::immediate::Immediate;
use gpu_vk::Device;

use super::memory_type::{choose, RawMemory};
use super::{Options, Report};

/// One image of a pair, as the probe makes it.
#[derive(Clone, Copy)]
struct Spec {
    format: vk::Format,
    bytes_per_texel: u64,
    width_px: u32,
    height_px: u32,
    tiling: vk::ImageTiling,
    /// Mip levels (level 0 is what is written and read).
    levels: u32,
    /// Made with copy usages only, not the attachment and storage usages Hookshot's host
    /// images get (drivers may compress only images that can be rendered to).
    copy_only: bool,
}

const fn spec(format: vk::Format, bpp: u64, w: u32, h: u32, tiling: vk::ImageTiling) -> Spec {
    Spec {
        format,
        bytes_per_texel: bpp,
        width_px: w,
        height_px: h,
        tiling,
        levels: 1,
        copy_only: false,
    }
}

impl Spec {
    const fn with_levels(mut self, levels: u32) -> Spec {
        self.levels = levels;
        self
    }

    const fn copy_only(mut self) -> Spec {
        self.copy_only = true;
        self
    }
}

const OPT: vk::ImageTiling = vk::ImageTiling::OPTIMAL;
const LIN: vk::ImageTiling = vk::ImageTiling::LINEAR;
const RGBA8: vk::Format = vk::Format::R8G8B8A8_UNORM;

/// (written, read, what changes between them).
const PAIRS: &[(Spec, Spec, &str)] = &[
    (
        spec(RGBA8, 4, 256, 256, OPT),
        spec(RGBA8, 4, 256, 256, OPT),
        "nothing",
    ),
    (
        spec(RGBA8, 4, 256, 256, OPT),
        spec(vk::Format::R32_UINT, 4, 256, 256, OPT),
        "format R32_UINT",
    ),
    (
        spec(RGBA8, 4, 256, 256, OPT),
        spec(vk::Format::R32_SFLOAT, 4, 256, 256, OPT),
        "format R32_SFLOAT",
    ),
    (
        spec(RGBA8, 4, 256, 256, OPT),
        spec(vk::Format::R16G16_UINT, 4, 256, 256, OPT),
        "format R16G16_UINT",
    ),
    (
        spec(RGBA8, 4, 256, 256, OPT),
        spec(vk::Format::D32_SFLOAT, 4, 256, 256, OPT),
        "depth D32_SFLOAT",
    ),
    (
        spec(RGBA8, 4, 256, 256, OPT),
        spec(RGBA8, 4, 255, 256, OPT),
        "width -1",
    ),
    (
        spec(RGBA8, 4, 256, 256, OPT),
        spec(RGBA8, 4, 256, 255, OPT),
        "height -1",
    ),
    (
        spec(RGBA8, 4, 256, 256, OPT),
        spec(RGBA8, 4, 240, 256, OPT),
        "width -16",
    ),
    (
        spec(RGBA8, 4, 256, 256, OPT),
        spec(vk::Format::R16G16B16A16_SFLOAT, 8, 128, 256, OPT),
        "8 bytes a texel, same row bytes",
    ),
    (
        spec(RGBA8, 4, 256, 256, OPT),
        spec(RGBA8, 4, 256, 256, LIN),
        "tiling",
    ),
    (
        spec(RGBA8, 4, 256, 256, LIN),
        spec(RGBA8, 4, 256, 256, LIN),
        "nothing (linear)",
    ),
    (
        spec(RGBA8, 4, 1280, 720, OPT),
        spec(RGBA8, 4, 1280, 720, OPT),
        "nothing (720p)",
    ),
    (
        spec(RGBA8, 4, 1280, 720, OPT),
        spec(RGBA8, 4, 1278, 719, OPT),
        "one dynamic-resolution step",
    ),
    (
        spec(RGBA8, 4, 256, 256, OPT),
        spec(RGBA8, 4, 256, 256, OPT).with_levels(9),
        "a full mip chain",
    ),
    (
        spec(RGBA8, 4, 256, 256, OPT),
        spec(RGBA8, 4, 256, 256, OPT).copy_only(),
        "usage: copies only",
    ),
    (
        spec(RGBA8, 4, 256, 256, OPT).copy_only(),
        spec(RGBA8, 4, 256, 256, OPT).copy_only(),
        "nothing (copies only)",
    ),
];

/// A probe image, destroyed on drop.
struct ProbeImage {
    raw: vk::Image,
    aspect: vk::ImageAspectFlags,
    requirements: vk::MemoryRequirements,
    device: Arc<Device>,
}

fn aspect_of(format: vk::Format) -> vk::ImageAspectFlags {
    if format == vk::Format::D32_SFLOAT {
        vk::ImageAspectFlags::DEPTH
    } else {
        vk::ImageAspectFlags::COLOR
    }
}

impl ProbeImage {
    /// An image as Hookshot makes its host images (the usages the format offers, mutable
    /// format) where the tiling is optimal; linear ones only copy.
    fn new(device: &Arc<Device>, spec: Spec) -> anyhow::Result<Option<ProbeImage>> {
        let aspect = aspect_of(spec.format);
        // SAFETY: a plain query on the device's physical device.
        let properties = unsafe {
            device
                .instance
                .raw
                .get_physical_device_format_properties(device.physical, spec.format)
        };
        let features = if spec.tiling == OPT {
            properties.optimal_tiling_features
        } else {
            properties.linear_tiling_features
        };
        let copies = vk::FormatFeatureFlags::TRANSFER_SRC | vk::FormatFeatureFlags::TRANSFER_DST;
        if !features.contains(copies) {
            return Ok(None);
        }
        let usage = if spec.tiling == OPT && !spec.copy_only {
            gpu_vk::gpu_memory::host_image::usage_for(device, spec.format, aspect)
        } else {
            vk::ImageUsageFlags::TRANSFER_SRC | vk::ImageUsageFlags::TRANSFER_DST
        };
        let info = vk::ImageCreateInfo::default()
            .flags(vk::ImageCreateFlags::MUTABLE_FORMAT)
            .image_type(vk::ImageType::TYPE_2D)
            .format(spec.format)
            .extent(vk::Extent3D {
                width: spec.width_px,
                height: spec.height_px,
                depth: 1,
            })
            .mip_levels(spec.levels)
            .array_layers(1)
            .samples(vk::SampleCountFlags::TYPE_1)
            .tiling(spec.tiling)
            .usage(usage)
            .sharing_mode(vk::SharingMode::EXCLUSIVE)
            .initial_layout(vk::ImageLayout::UNDEFINED);
        // SAFETY: valid create info on a live device; the image is destroyed on drop.
        let raw = unsafe { device.raw.create_image(&info, None) }.context("creating an image")?;
        // SAFETY: `raw` was just created on this device.
        let requirements = unsafe { device.raw.get_image_memory_requirements(raw) };
        Ok(Some(ProbeImage {
            raw,
            aspect,
            requirements,
            device: device.clone(),
        }))
    }
}

impl Drop for ProbeImage {
    fn drop(&mut self) {
        // SAFETY: dropped after the submission using it was waited for.
        unsafe { self.device.raw.destroy_image(self.raw, None) };
    }
}

/// A deterministic pattern no two words of which are likely alike (xorshift64).
fn pattern(len_b: usize) -> Vec<u8> {
    let mut state = 0x9E37_79B9_7F4A_7C15_u64;
    let mut out = Vec::with_capacity(len_b + 8);
    while out.len() < len_b {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        out.extend_from_slice(&state.to_le_bytes());
    }
    out.truncate(len_b);
    out
}

/// The share of 4-byte words alike at the same place in both images: row by row over the
/// rows both have, and in each row over the bytes both rows have (texel (x, y) against
/// texel (x, y) where the texel sizes are equal). Comparing the byte streams instead
/// would call two tightly packed linear images of different widths alike.
fn matching_percent(written: &Spec, a: &[u8], read: &Spec, b: &[u8]) -> f64 {
    let row_a = (u64::from(written.width_px) * written.bytes_per_texel) as usize;
    let row_b = (u64::from(read.width_px) * read.bytes_per_texel) as usize;
    let rows = written.height_px.min(read.height_px) as usize;
    let row_words = row_a.min(row_b) / 4;
    let (mut alike, mut words) = (0usize, 0usize);
    for y in 0..rows {
        let (ra, rb) = (
            &a[y * row_a..][..row_words * 4],
            &b[y * row_b..][..row_words * 4],
        );
        alike += ra
            .chunks_exact(4)
            .zip(rb.chunks_exact(4))
            .filter(|(x, y)| x == y)
            .count();
        words += row_words;
    }
    if words == 0 {
        return 0.0;
    }
    100.0 * alike as f64 / words as f64
}

fn texel_bytes(spec: &Spec) -> u64 {
    u64::from(spec.width_px) * u64::from(spec.height_px) * spec.bytes_per_texel
}

fn copy_region(spec: &Spec, aspect: vk::ImageAspectFlags) -> vk::BufferImageCopy {
    vk::BufferImageCopy::default()
        .image_subresource(vk::ImageSubresourceLayers {
            aspect_mask: aspect,
            mip_level: 0,
            base_array_layer: 0,
            layer_count: 1,
        })
        .image_extent(vk::Extent3D {
            width: spec.width_px,
            height: spec.height_px,
            depth: 1,
        })
}

fn to_general(image: &ProbeImage) -> vk::ImageMemoryBarrier2<'static> {
    vk::ImageMemoryBarrier2::default()
        .src_stage_mask(vk::PipelineStageFlags2::NONE)
        .dst_stage_mask(vk::PipelineStageFlags2::COPY)
        .dst_access_mask(vk::AccessFlags2::TRANSFER_WRITE | vk::AccessFlags2::TRANSFER_READ)
        .old_layout(vk::ImageLayout::UNDEFINED)
        .new_layout(vk::ImageLayout::GENERAL)
        .image(image.raw)
        .subresource_range(vk::ImageSubresourceRange {
            aspect_mask: image.aspect,
            base_mip_level: 0,
            level_count: 1,
            base_array_layer: 0,
            layer_count: 1,
        })
}

/// What one pair gave.
enum Outcome {
    Unsupported(&'static str),
    Compared {
        matching_percent: f64,
        size_b: (u64, u64),
    },
}

fn compare(
    device: &Arc<Device>,
    immediate: &mut Immediate,
    written: Spec,
    read: Spec,
) -> anyhow::Result<Outcome> {
    let (Some(a), Some(b)) = (
        ProbeImage::new(device, written)?,
        ProbeImage::new(device, read)?,
    ) else {
        return Ok(Outcome::Unsupported("no copies in this format and tiling"));
    };
    let type_bits = a.requirements.memory_type_bits & b.requirements.memory_type_bits;
    let Some(type_index) = choose(device, type_bits, vk::MemoryPropertyFlags::DEVICE_LOCAL) else {
        return Ok(Outcome::Unsupported("no memory type takes both images"));
    };
    let size_b = a.requirements.size.max(b.requirements.size);
    let memory = RawMemory::allocate(device, size_b, type_index)?;
    // SAFETY: both images are unbound, and the memory is large enough for each at 0 (its
    // size is the larger requirement; offset 0 meets any alignment).
    unsafe {
        device.raw.bind_image_memory(a.raw, memory.raw, 0)?;
        device.raw.bind_image_memory(b.raw, memory.raw, 0)?;
    }
    let written_b = texel_bytes(&written);
    let read_b = texel_bytes(&read);
    let transfer = vk::BufferUsageFlags::TRANSFER_SRC | vk::BufferUsageFlags::TRANSFER_DST;
    let mut upload = AllocatedBuffer::new(
        device,
        written_b,
        transfer,
        MemoryLocation::CpuToGpu,
        "probe upload",
    )?;
    let expected = pattern(written_b as usize);
    upload
        .mapped_mut()
        .context("the upload buffer is not mapped")?
        .copy_from_slice(&expected);
    let readback = AllocatedBuffer::new(
        device,
        read_b,
        transfer,
        MemoryLocation::GpuToCpu,
        "probe readback",
    )?;
    let raw = &device.raw;
    immediate.run(Duration::from_secs(60), |cmd| {
        let layouts = [to_general(&a), to_general(&b)];
        let copied = vk::MemoryBarrier2::default()
            .src_stage_mask(vk::PipelineStageFlags2::COPY)
            .src_access_mask(vk::AccessFlags2::TRANSFER_WRITE)
            .dst_stage_mask(vk::PipelineStageFlags2::COPY)
            .dst_access_mask(vk::AccessFlags2::TRANSFER_READ | vk::AccessFlags2::TRANSFER_WRITE);
        let to_host = vk::MemoryBarrier2::default()
            .src_stage_mask(vk::PipelineStageFlags2::COPY)
            .src_access_mask(vk::AccessFlags2::TRANSFER_WRITE)
            .dst_stage_mask(vk::PipelineStageFlags2::HOST)
            .dst_access_mask(vk::AccessFlags2::HOST_READ);
        // SAFETY: `cmd` is recording; the images, buffers and memory outlive the wait in
        // `run`, and the barriers order the layout changes, the write and the read.
        unsafe {
            for layout in &layouts {
                let one = [*layout];
                raw.cmd_pipeline_barrier2(
                    cmd,
                    &vk::DependencyInfo::default().image_memory_barriers(&one),
                );
            }
            raw.cmd_copy_buffer_to_image(
                cmd,
                upload.raw,
                a.raw,
                vk::ImageLayout::GENERAL,
                &[copy_region(&written, a.aspect)],
            );
            let barriers = [copied];
            raw.cmd_pipeline_barrier2(
                cmd,
                &vk::DependencyInfo::default().memory_barriers(&barriers),
            );
            raw.cmd_copy_image_to_buffer(
                cmd,
                b.raw,
                vk::ImageLayout::GENERAL,
                readback.raw,
                &[copy_region(&read, b.aspect)],
            );
            let barriers = [to_host];
            raw.cmd_pipeline_barrier2(
                cmd,
                &vk::DependencyInfo::default().memory_barriers(&barriers),
            );
        }
        Ok(())
    })?;
    let got = readback
        .mapped()
        .context("the readback buffer is not mapped")?;
    let outcome = Outcome::Compared {
        matching_percent: matching_percent(&written, &expected, &read, got),
        size_b: (a.requirements.size, b.requirements.size),
    };
    drop((a, b));
    drop(memory);
    Ok(outcome)
}

fn describe(spec: &Spec) -> String {
    let tiling = if spec.tiling == OPT {
        "optimal"
    } else {
        "linear"
    };
    let mut text = format!(
        "{:?} {}x{} {tiling}",
        spec.format, spec.width_px, spec.height_px
    );
    if spec.levels > 1 {
        text += &format!(" {} levels", spec.levels);
    }
    if spec.copy_only {
        text += " copy-only";
    }
    text
}

pub fn run(device: &Arc<Device>, _options: &Options) -> anyhow::Result<Report> {
    let mut immediate = Immediate::new(device)?;
    let mut rows = Vec::new();
    let mut json_pairs = Vec::new();
    let mut shared = Vec::new();
    for (written, read, change) in PAIRS {
        let outcome = compare(device, &mut immediate, *written, *read)
            .with_context(|| format!("{} over {}", describe(read), describe(written)))?;
        let (result, percent, sizes) = match &outcome {
            Outcome::Unsupported(why) => ((*why).to_owned(), None, None),
            Outcome::Compared {
                matching_percent,
                size_b,
            } => (
                format!("{matching_percent:.1}%"),
                Some(*matching_percent),
                Some(*size_b),
            ),
        };
        if percent == Some(100.0) {
            shared.push(*change);
        }
        rows.push(vec![
            describe(written),
            describe(read),
            (*change).to_owned(),
            sizes.map_or_else(String::new, |(a, b)| format!("{a} / {b}")),
            result,
        ]);
        json_pairs.push(serde_json::json!({
            "written": describe(written),
            "read": describe(read),
            "change": change,
            "size_b": sizes.map(|(a, b)| [a, b]),
            "matching_percent": percent,
            "reads_the_other": percent == Some(100.0),
        }));
    }
    Ok(Report {
        probe: "image-alias",
        question: "do two images bound at one memory offset read each other's bytes?",
        columns: vec!["written", "read", "change", "memory bytes", "words alike"],
        rows,
        findings: vec![format!(
            "bytes carry over (100%) where the change is: {}",
            shared.join("; ")
        )],
        json: serde_json::json!({ "pairs": json_pairs }),
    })
}
