//! `RX_VK_SIMULATE`: the real device's capabilities masked down to a profile kept as data
//! (`gpu/vk/profiles/`), so a driver's route (MoltenVK on an M1) is exercised on any
//! driver. A profile only lowers: a feature stays on where both have it, a maximum takes
//! the smaller value, an alignment the larger.

use gpu::switches::Simulate;

use crate::bringup::capabilities::Capabilities;
use crate::error::ProfileError;

/// The largest profile file read: a profile is a few hundred short lines.
pub const MAX_PROFILE_B: u64 = 1 << 20;

/// The MoltenVK-on-M1 profile's text (tests make variants of it).
pub const MOLTENVK_M1: &str = include_str!("../../profiles/moltenvk-m1.tsv");

/// Masks `caps` down to `simulate`'s profile; `Simulate::Off` leaves it as it is.
pub fn apply(simulate: &Simulate, caps: &mut Capabilities) -> Result<(), ProfileError> {
    match simulate {
        Simulate::Off => Ok(()),
        Simulate::MoltenVkM1 => mask(MOLTENVK_M1, caps),
        Simulate::Profile(path) => {
            let text = bounded_read::read_text(path, MAX_PROFILE_B, "a device profile").map_err(
                |error| ProfileError {
                    line: 0,
                    reason: error.to_string(),
                },
            )?;
            mask(&text, caps)
        }
    }
}

/// Masks `caps` with the profile text `tsv` (`kind name value` a line, `#` comments).
pub fn mask(tsv: &str, caps: &mut Capabilities) -> Result<(), ProfileError> {
    for (index, line) in tsv.lines().enumerate() {
        let line_no = index + 1;
        let error = |reason: String| ProfileError {
            line: line_no,
            reason,
        };
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        let [kind, name, value] = fields[..] else {
            return Err(error("expected kind, name and value".into()));
        };
        let value: u32 = value
            .parse()
            .map_err(|_| error(format!("{value:?} is not a number")))?;
        match kind {
            "portability" => {
                let feature = caps
                    .portability
                    .feature_mut(name)
                    .ok_or_else(|| error(format!("no portability feature {name}")))?;
                *feature &= value != 0;
            }
            "alignment" if name == "minVertexInputBindingStrideAlignment" => {
                let alignment = &mut caps.portability.min_vertex_input_binding_stride_alignment_b;
                *alignment = (*alignment).max(value);
            }
            "feature" if name == "geometryShader" => caps.state.geometry_shader &= value != 0,
            "feature" if name == "shaderTessellationAndGeometryPointSize" => {
                caps.state.tessellation_geometry_point_size &= value != 0
            }
            "feature" if name == "transformFeedback" => caps.state.transform_feedback &= value != 0,
            "feature" if name == "shaderFloat64" => caps.state.shader_float64 &= value != 0,
            // Bit masks (VkShaderStageFlags, VkSubgroupFeatureFlags): only bits both have.
            "mask" if name == "subgroupSupportedStages" => caps.state.subgroup_stages &= value,
            "mask" if name == "subgroupSupportedOperations" => {
                caps.state.subgroup_operations &= value
            }
            // VK_KHR_maintenance5 off: RGB5A1 back to A1R5G5B5 read through a swizzle,
            // and rendering to it refused when recorded.
            "feature" if name == "maintenance5" => {
                caps.maintenance5 &= value != 0;
                caps.state.formats.rgb5a1_attachment &= caps.maintenance5;
            }
            // Without it the locations may not change within a render pass, which NVN's
            // per-draw state needs: programmable locations are refused.
            "feature" if name == "variableSampleLocations" && value == 0 => {
                crate::bringup::sample_locations::SampleLocationSupport::default()
                    .apply(&mut caps.state)
            }
            "feature" if name == "variableSampleLocations" => {}
            "feature" if name == "sparseBinding" => caps.sparse.binding &= value != 0,
            "feature" if name == "samplerMirrorClampToEdge" => {
                caps.sampler_mirror_clamp_to_edge &= value != 0
            }
            "feature" if caps.pipeline.mask(name, value != 0).is_some() => {}
            // Pages only grow (a larger page is a multiple of the real one; a smaller one
            // could not be protected), and stay a power of two.
            "page" if name == "hostPageSize" => {
                if !value.is_power_of_two() {
                    return Err(error(format!(
                        "a page of {value} bytes is not a power of two"
                    )));
                }
                // Imports keep the driver's own alignment: a pool's storage starts on
                // such a page, which meets any smaller one.
                caps.host_page_size_b = caps.host_page_size_b.max(u64::from(value));
            }
            "maximum" => {
                let limit = match name {
                    "maxPerStageDescriptorSamplers" => {
                        caps.max_per_stage_samplers = caps.max_per_stage_samplers.min(value);
                        &mut caps.max_bindless_samplers
                    }
                    "maxPerStageDescriptorSampledImages" => &mut caps.max_bindless_images,
                    "maxPushConstantsSize" => &mut caps.max_push_constants_size_b,
                    other => {
                        crate::bringup::module_limits::named_mut(&mut caps.module_limits, other)
                            .ok_or_else(|| error(format!("no maximum {name}")))?
                    }
                };
                *limit = (*limit).min(value);
            }
            _ => return Err(error(format!("unknown {kind} {name}"))),
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bringup::portability::PortabilitySubset;

    fn full() -> Capabilities {
        Capabilities {
            state: gpu::DeviceFeatures {
                geometry_shader: true,
                transform_feedback: true,
                shader_float64: true,
                ..gpu::DeviceFeatures::NONE
            },
            max_bindless_samplers: 4000,
            max_bindless_images: 4000,
            max_push_constants_size_b: 256,
            max_per_stage_samplers: 4000,
            host_page_size_b: 4096,
            ..Default::default()
        }
    }

    #[test]
    fn maintenance5_off_takes_rgb5a1_rendering_with_it() {
        let mut caps = full();
        caps.maintenance5 = true;
        caps.state.formats.rgb5a1_attachment = true;
        mask("feature\tmaintenance5\t1\n", &mut caps).unwrap();
        assert!(caps.maintenance5 && caps.state.formats.rgb5a1_attachment);
        mask("feature\tmaintenance5\t0\n", &mut caps).unwrap();
        assert!(!caps.maintenance5 && !caps.state.formats.rgb5a1_attachment);
        // Only lowered: a device without it does not gain it.
        mask("feature\tmaintenance5\t1\n", &mut caps).unwrap();
        assert!(!caps.maintenance5);
    }

    #[test]
    fn moltenvk_m1_masks_a_full_device_down() {
        let mut caps = full();
        apply(&Simulate::MoltenVkM1, &mut caps).unwrap();
        let subset = caps.portability;
        assert!(!subset.triangle_fans && !subset.sampler_mip_lod_bias);
        assert!(!subset.point_polygons && !subset.image_view_2d_on_3d_image);
        assert!(subset.image_view_format_swizzle && subset.events);
        assert_eq!(subset.min_vertex_input_binding_stride_alignment_b, 4);
        assert!(!caps.state.geometry_shader);
        assert!(!caps.state.transform_feedback);
        assert!(!caps.state.shader_float64);
        assert_eq!(caps.max_bindless_samplers, 16);
        assert_eq!(caps.max_per_stage_samplers, 16);
        assert_eq!(caps.host_page_size_b, 16 << 10);
        assert_eq!(caps.max_bindless_images, 128);
        // Push constants: the device's 256 stays below the profile's 4096.
        assert_eq!(caps.max_push_constants_size_b, 256);
    }

    #[test]
    fn a_profile_never_raises_anything() {
        let mut caps = Capabilities {
            portability: PortabilitySubset {
                image_view_format_swizzle: false,
                min_vertex_input_binding_stride_alignment_b: 8,
                ..PortabilitySubset::default()
            },
            ..Default::default()
        };
        apply(&Simulate::MoltenVkM1, &mut caps).unwrap();
        assert!(!caps.portability.image_view_format_swizzle);
        assert_eq!(
            caps.portability.min_vertex_input_binding_stride_alignment_b,
            8
        );
        assert!(!caps.state.geometry_shader);
        assert_eq!(caps.max_bindless_samplers, 0);
    }

    #[test]
    fn off_changes_nothing_and_bad_lines_are_named() {
        let mut caps = full();
        apply(&Simulate::Off, &mut caps).unwrap();
        assert!(caps.state.geometry_shader && caps.portability.triangle_fans);
        let bad = |tsv: &str| mask(tsv, &mut full()).unwrap_err();
        assert_eq!(bad("# c\nportability\twideLines\t0").line, 2);
        assert!(bad("feature\tgeometryShader").reason.contains("kind"));
        assert!(bad("maximum\tmaxFoo\t1").reason.contains("maxFoo"));
        assert!(bad("portability\tevents\tno").reason.contains("number"));
        assert!(bad("page\thostPageSize\t12288")
            .reason
            .contains("power of two"));
        let missing = apply(
            &Simulate::Profile("/nonexistent/profile.tsv".into()),
            &mut full(),
        );
        assert!(missing
            .unwrap_err()
            .reason
            .contains("/nonexistent/profile.tsv"));
    }

    #[test]
    fn a_larger_real_page_stays_and_a_profile_file_masks_one_feature() {
        let mut caps = Capabilities {
            host_page_size_b: 64 << 10,
            ..full()
        };
        mask("page\thostPageSize\t16384", &mut caps).unwrap();
        assert_eq!(caps.host_page_size_b, 64 << 10);
        let path = std::env::temp_dir().join(format!("rx-profile-{}.tsv", std::process::id()));
        std::fs::write(&path, "portability\tevents\t0\n").unwrap();
        let mut caps = full();
        apply(&Simulate::Profile(path.clone()), &mut caps).unwrap();
        std::fs::remove_file(&path).unwrap();
        assert_eq!(caps.portability.missing(), ["events"]);
        assert_eq!(caps.host_page_size_b, 4096);
    }
}
