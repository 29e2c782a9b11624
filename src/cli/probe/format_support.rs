//! format-support: which NVN formats can Hookshot sample, render to and store to on this
//! driver, and which take a fallback? A texture's host image gets the usages its Vulkan
//! format offers (`host_image::usage_for`); a format the driver lacks is decoded or
//! converted (`conv::map_format`: BCn to RGBA8, Z24S8 as D32S8) or refused. This lists,
//! for every NVN format, the format Hookshot would use and that format's optimal-tiling
//! features.

use std::sync::Arc;

use gpu_vk::ash::vk;
use gpu_vk::conv::Conversion;
use gpu_vk::Device;

use super::{Options, Report};

/// The features the executor's paths depend on, with the column each gets.
const FEATURES: &[(vk::FormatFeatureFlags, &str)] = &[
    (vk::FormatFeatureFlags::SAMPLED_IMAGE, "sampled"),
    (
        vk::FormatFeatureFlags::SAMPLED_IMAGE_FILTER_LINEAR,
        "linear filter",
    ),
    (vk::FormatFeatureFlags::COLOR_ATTACHMENT, "colour target"),
    (vk::FormatFeatureFlags::COLOR_ATTACHMENT_BLEND, "blend"),
    (
        vk::FormatFeatureFlags::DEPTH_STENCIL_ATTACHMENT,
        "depth target",
    ),
    (vk::FormatFeatureFlags::STORAGE_IMAGE, "storage"),
];

fn conversion_name(conversion: Conversion) -> &'static str {
    match conversion {
        Conversion::Direct => "direct",
        Conversion::DecodeToRgba8 => "decoded to RGBA8",
        Conversion::Z24S8AsZ32FS8 => "Z24S8 as D32S8",
        Conversion::Rgb32AsRgba32 => "RGB32 as RGBA32",
    }
}

pub fn run(device: &Arc<Device>, _options: &Options) -> anyhow::Result<Report> {
    let mut rows = Vec::new();
    let mut json_formats = Vec::new();
    let (mut direct, mut fallback, mut refused, mut renderable, mut storage) = (0, 0, 0, 0, 0);
    for &format in memory::Format::ALL {
        let Ok(mapping) = gpu_vk::executor::format_mapping(device, format, false) else {
            refused += 1;
            rows.push(vec![format.name().to_owned(), "-".into(), "refused".into()]);
            json_formats.push(serde_json::json!({ "nvn": format.name(), "usable": false }));
            continue;
        };
        if mapping.conversion == Conversion::Direct {
            direct += 1;
        } else {
            fallback += 1;
        }
        // SAFETY: a plain query on the device's physical device.
        let features = unsafe {
            device
                .instance
                .raw
                .get_physical_device_format_properties(device.physical, mapping.vk)
        }
        .optimal_tiling_features;
        let has: Vec<bool> = FEATURES
            .iter()
            .map(|(flag, _)| features.contains(*flag))
            .collect();
        if has[2] || has[4] {
            renderable += 1;
        }
        if has[5] {
            storage += 1;
        }
        let mut row = vec![
            format.name().to_owned(),
            format!("{:?}", mapping.vk),
            conversion_name(mapping.conversion).to_owned(),
        ];
        row.extend(
            has.iter()
                .map(|&yes| if yes { "yes" } else { "-" }.to_owned()),
        );
        rows.push(row);
        let mut entry = serde_json::json!({
            "nvn": format.name(),
            "usable": true,
            "vk": format!("{:?}", mapping.vk),
            "conversion": conversion_name(mapping.conversion),
        });
        for ((_, name), yes) in FEATURES.iter().zip(&has) {
            entry[name.replace(' ', "_")] = serde_json::Value::Bool(*yes);
        }
        json_formats.push(entry);
    }
    let mut columns = vec!["NVN format", "Vulkan format", "how"];
    columns.extend(FEATURES.iter().map(|(_, name)| *name));
    Ok(Report {
        probe: "format-support",
        question: "which NVN formats can Hookshot sample, render to and store to here?",
        columns,
        rows,
        findings: vec![format!(
            "{} formats: {direct} direct, {fallback} through a fallback, {refused} refused; \
             {renderable} renderable, {storage} storable",
            memory::Format::ALL.len()
        )],
        json: serde_json::json!({
            "formats": json_formats,
            "direct": direct,
            "fallback": fallback,
            "refused": refused,
            "renderable": renderable,
            "storable": storage,
        }),
    })
}
