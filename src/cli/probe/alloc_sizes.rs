//! alloc-sizes: how many distinct allocation sizes do the images of a dynamic-resolution
//! sweep need? Each step is one pixel narrower than the last, its height following at the
//! full size's aspect ratio; `vkGetDeviceImageMemoryRequirements` gives each step's size
//! for a host image made as Hookshot makes them. Few distinct sizes mean a free list keyed
//! on the allocation size would reuse memory across steps, where one keyed on the image
//! description (width and height included) reuses only within a step.

use std::collections::BTreeMap;
use std::sync::Arc;

use gpu_vk::ash::vk;
use gpu_vk::gpu_memory::host_image::{create_info, usage_for, HostImageDesc};
use gpu_vk::Device;

use super::{Options, Report};

/// The full size of the sweep (the seed's dynamic-resolution render target).
const FULL_WIDTH_PX: u32 = 2048;
const FULL_HEIGHT_PX: u32 = 1152;

/// (format, aspect, bytes a texel holds).
const FORMATS: &[(vk::Format, vk::ImageAspectFlags, u64)] = &[
    (vk::Format::R8G8B8A8_UNORM, vk::ImageAspectFlags::COLOR, 4),
    (
        vk::Format::R16G16B16A16_SFLOAT,
        vk::ImageAspectFlags::COLOR,
        8,
    ),
    (
        vk::Format::B10G11R11_UFLOAT_PACK32,
        vk::ImageAspectFlags::COLOR,
        4,
    ),
    (vk::Format::D32_SFLOAT, vk::ImageAspectFlags::DEPTH, 4),
    (
        vk::Format::D32_SFLOAT_S8_UINT,
        vk::ImageAspectFlags::from_raw(
            vk::ImageAspectFlags::DEPTH.as_raw() | vk::ImageAspectFlags::STENCIL.as_raw(),
        ),
        5,
    ),
];

/// Step `step`'s size: `step` pixels narrower, the height rounded to the aspect ratio.
pub fn step_size_px(step: u32) -> (u32, u32) {
    let width = FULL_WIDTH_PX - step;
    let height = (u64::from(width) * u64::from(FULL_HEIGHT_PX) + u64::from(FULL_WIDTH_PX) / 2)
        / u64::from(FULL_WIDTH_PX);
    (width, height as u32)
}

/// The sizes of one format's sweep.
struct Sweep {
    sizes_b: Vec<u64>,
    alignments_b: Vec<u64>,
}

fn sweep(device: &Device, format: vk::Format, aspect: vk::ImageAspectFlags, steps: u32) -> Sweep {
    let usage = usage_for(device, format, aspect);
    let mut sizes_b = Vec::new();
    let mut alignments_b = Vec::new();
    for step in 0..steps {
        let (width_px, height_px) = step_size_px(step);
        let desc = HostImageDesc {
            format,
            aspect,
            image_type: vk::ImageType::TYPE_2D,
            width_px,
            height_px,
            depth_px: 1,
            levels: 1,
            layers: 1,
            samples: vk::SampleCountFlags::TYPE_1,
            cube_compatible: false,
        };
        let info = create_info(&desc, usage);
        let query = vk::DeviceImageMemoryRequirements::default().create_info(&info);
        let mut requirements = vk::MemoryRequirements2::default();
        // SAFETY: a plain query (Vulkan 1.3 core) with a valid create info.
        unsafe {
            device
                .raw
                .get_device_image_memory_requirements(&query, &mut requirements)
        };
        sizes_b.push(requirements.memory_requirements.size);
        alignments_b.push(requirements.memory_requirements.alignment);
    }
    Sweep {
        sizes_b,
        alignments_b,
    }
}

pub fn run(device: &Arc<Device>, options: &Options) -> anyhow::Result<Report> {
    let steps = options.steps.min(FULL_WIDTH_PX);
    let (last_w, last_h) = step_size_px(steps - 1);
    let mut rows = Vec::new();
    let mut json_formats = Vec::new();
    let mut findings = Vec::new();
    for &(format, aspect, bpp) in FORMATS {
        let usage = usage_for(device, format, aspect);
        let renderable =
            vk::ImageUsageFlags::COLOR_ATTACHMENT | vk::ImageUsageFlags::DEPTH_STENCIL_ATTACHMENT;
        if !usage.intersects(renderable) {
            rows.push(vec![format!("{format:?}"), "not renderable here".into()]);
            json_formats.push(serde_json::json!({
                "format": format!("{format:?}"),
                "supported": false,
            }));
            continue;
        }
        let sweep = sweep(device, format, aspect, steps);
        let mut steps_by_size: BTreeMap<u64, u32> = BTreeMap::new();
        for &size in &sweep.sizes_b {
            *steps_by_size.entry(size).or_default() += 1;
        }
        let alignments: std::collections::BTreeSet<u64> =
            sweep.alignments_b.iter().copied().collect();
        let most_shared = steps_by_size.values().copied().max().unwrap_or(0);
        let smallest = sweep.sizes_b.iter().copied().min().unwrap_or(0);
        let largest = sweep.sizes_b.iter().copied().max().unwrap_or(0);
        let exact = (0..steps)
            .filter(|&step| {
                let (w, h) = step_size_px(step);
                sweep.sizes_b[step as usize] == u64::from(w) * u64::from(h) * bpp
            })
            .count();
        rows.push(vec![
            format!("{format:?}"),
            steps_by_size.len().to_string(),
            most_shared.to_string(),
            format!("{smallest} .. {largest}"),
            alignments
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(","),
            exact.to_string(),
        ]);
        if format == vk::Format::R8G8B8A8_UNORM {
            findings.push(format!(
                "RGBA8: {steps} steps give {} distinct sizes (a description key: {steps})",
                steps_by_size.len()
            ));
        }
        json_formats.push(serde_json::json!({
            "format": format!("{format:?}"),
            "supported": true,
            "distinct_sizes": steps_by_size.len(),
            "most_steps_sharing_a_size": most_shared,
            "smallest_b": smallest,
            "largest_b": largest,
            "alignments_b": alignments,
            "steps_sized_exactly_w_h_bpp": exact,
        }));
    }
    Ok(Report {
        probe: "alloc-sizes",
        question: "how many distinct allocation sizes does a dynamic-resolution sweep need?",
        columns: vec![
            "format",
            "distinct sizes",
            "most steps at one size",
            "size range (bytes)",
            "alignments",
            "steps of w*h*texel bytes",
        ],
        rows,
        findings,
        json: serde_json::json!({
            "full_size_px": [FULL_WIDTH_PX, FULL_HEIGHT_PX],
            "smallest_size_px": [last_w, last_h],
            "steps": steps,
            "formats": json_formats,
        }),
    })
}
