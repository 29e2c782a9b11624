//! What the device offers that lets graphics pipelines be made less often, or faster:
//! the fixed-function state `VK_EXT_extended_dynamic_state3` (and the logic op of
//! `VK_EXT_extended_dynamic_state2`) makes dynamic, and whether the device offers
//! `VK_EXT_graphics_pipeline_library` with fast linking (enabled where offered, unless
//! `RX_VK_PIPELINE_LIBRARY=0`: graphics pipelines are then linked from stage libraries).
//! The state Vulkan 1.3 itself makes dynamic (cull mode, front face, depth and stencil
//! tests, depth bias, primitive restart, rasterizer discard, topology within a class) needs
//! no feature: every device Hookshot opens has it.

use std::ffi::CStr;

use ash::vk;

pub const EXT_EXTENDED_DYNAMIC_STATE_2: &CStr = c"VK_EXT_extended_dynamic_state2";
pub const EXT_EXTENDED_DYNAMIC_STATE_3: &CStr = c"VK_EXT_extended_dynamic_state3";
pub const EXT_GRAPHICS_PIPELINE_LIBRARY: &CStr = c"VK_EXT_graphics_pipeline_library";
/// Required by `VK_EXT_graphics_pipeline_library`.
pub const KHR_PIPELINE_LIBRARY: &CStr = c"VK_KHR_pipeline_library";

/// Each piece of state `VK_EXT_extended_dynamic_state3` makes dynamic that Hookshot sets
/// per draw where offered (its feature names, without the prefix).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DynamicState3 {
    pub depth_clamp_enable: bool,
    pub polygon_mode: bool,
    pub sample_mask: bool,
    pub alpha_to_coverage_enable: bool,
    pub alpha_to_one_enable: bool,
    pub logic_op_enable: bool,
    pub color_blend_enable: bool,
    pub color_blend_equation: bool,
    pub color_write_mask: bool,
}

impl DynamicState3 {
    /// The profile names (`extendedDynamicState3` + the field in Vulkan's case) and fields.
    pub fn named_mut(&mut self, name: &str) -> Option<&mut bool> {
        Some(match name {
            "extendedDynamicState3DepthClampEnable" => &mut self.depth_clamp_enable,
            "extendedDynamicState3PolygonMode" => &mut self.polygon_mode,
            "extendedDynamicState3SampleMask" => &mut self.sample_mask,
            "extendedDynamicState3AlphaToCoverageEnable" => &mut self.alpha_to_coverage_enable,
            "extendedDynamicState3AlphaToOneEnable" => &mut self.alpha_to_one_enable,
            "extendedDynamicState3LogicOpEnable" => &mut self.logic_op_enable,
            "extendedDynamicState3ColorBlendEnable" => &mut self.color_blend_enable,
            "extendedDynamicState3ColorBlendEquation" => &mut self.color_blend_equation,
            "extendedDynamicState3ColorWriteMask" => &mut self.color_write_mask,
            _ => return None,
        })
    }

    pub fn any(&self) -> bool {
        *self != DynamicState3::default()
    }

    /// The blend enables, equations and write masks go together (one record per target).
    pub fn blend(&self) -> bool {
        self.color_blend_enable && self.color_blend_equation && self.color_write_mask
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PipelineFeatures {
    pub dynamic3: DynamicState3,
    /// `extendedDynamicState2LogicOp`: the logic op itself is dynamic (with
    /// `dynamic3.logic_op_enable`, whether one applies).
    pub dynamic2_logic_op: bool,
    /// `graphicsPipelineLibrary`: the device links pipelines from stage libraries (used
    /// with `fast_linking`: `PipelineFeatures::libraries`).
    pub graphics_pipeline_library: bool,
    /// `graphicsPipelineLibraryFastLinking`: linking without optimisation is fast.
    pub fast_linking: bool,
}

impl PipelineFeatures {
    /// The features of `physical`, given the extensions it offers.
    pub fn query(
        instance: &ash::Instance,
        physical: vk::PhysicalDevice,
        offered: &[&CStr],
    ) -> Self {
        let has = |name: &CStr| offered.contains(&name);
        let mut eds2 = vk::PhysicalDeviceExtendedDynamicState2FeaturesEXT::default();
        let mut eds3 = vk::PhysicalDeviceExtendedDynamicState3FeaturesEXT::default();
        let mut library = vk::PhysicalDeviceGraphicsPipelineLibraryFeaturesEXT::default();
        let mut library_props = vk::PhysicalDeviceGraphicsPipelineLibraryPropertiesEXT::default();
        let mut features = vk::PhysicalDeviceFeatures2::default();
        if has(EXT_EXTENDED_DYNAMIC_STATE_2) {
            features = features.push_next(&mut eds2);
        }
        if has(EXT_EXTENDED_DYNAMIC_STATE_3) {
            features = features.push_next(&mut eds3);
        }
        let libraries = has(EXT_GRAPHICS_PIPELINE_LIBRARY) && has(KHR_PIPELINE_LIBRARY);
        if libraries {
            features = features.push_next(&mut library);
        }
        let mut properties = vk::PhysicalDeviceProperties2::default();
        if libraries {
            properties = properties.push_next(&mut library_props);
        }
        // SAFETY: `physical` came from this instance; the chained structs outlive the calls
        // and each belongs to an extension the device offers.
        unsafe {
            instance.get_physical_device_features2(physical, &mut features);
            instance.get_physical_device_properties2(physical, &mut properties);
        }
        let on = |value: vk::Bool32| value == vk::TRUE;
        PipelineFeatures {
            dynamic3: DynamicState3 {
                depth_clamp_enable: on(eds3.extended_dynamic_state3_depth_clamp_enable),
                polygon_mode: on(eds3.extended_dynamic_state3_polygon_mode),
                sample_mask: on(eds3.extended_dynamic_state3_sample_mask),
                alpha_to_coverage_enable: on(eds3.extended_dynamic_state3_alpha_to_coverage_enable),
                alpha_to_one_enable: on(eds3.extended_dynamic_state3_alpha_to_one_enable),
                logic_op_enable: on(eds3.extended_dynamic_state3_logic_op_enable),
                color_blend_enable: on(eds3.extended_dynamic_state3_color_blend_enable),
                color_blend_equation: on(eds3.extended_dynamic_state3_color_blend_equation),
                color_write_mask: on(eds3.extended_dynamic_state3_color_write_mask),
            },
            dynamic2_logic_op: on(eds2.extended_dynamic_state2_logic_op),
            graphics_pipeline_library: libraries && on(library.graphics_pipeline_library),
            fast_linking: libraries && on(library_props.graphics_pipeline_library_fast_linking),
        }
    }

    /// Masks a profile line of kind `feature` naming one of these; `None` for other names.
    pub fn mask(&mut self, name: &str, value: bool) -> Option<()> {
        let feature = match name {
            "extendedDynamicState2LogicOp" => &mut self.dynamic2_logic_op,
            "graphicsPipelineLibrary" => &mut self.graphics_pipeline_library,
            "graphicsPipelineLibraryFastLinking" => &mut self.fast_linking,
            other => self.dynamic3.named_mut(other)?,
        };
        *feature &= value;
        if !self.graphics_pipeline_library {
            self.fast_linking = false;
        }
        Some(())
    }

    /// Whether graphics pipelines are linked from stage libraries: the feature and fast
    /// linking (a slow link would cost a frame what a whole compile does).
    pub fn libraries(&self) -> bool {
        self.graphics_pipeline_library && self.fast_linking
    }

    /// Turns pipeline libraries off (`RX_VK_PIPELINE_LIBRARY=0`).
    pub fn without_libraries(&mut self) {
        self.graphics_pipeline_library = false;
        self.fast_linking = false;
    }

    /// The extensions these features need, each once.
    pub fn extensions(&self) -> Vec<&'static CStr> {
        let mut names = Vec::new();
        if self.libraries() {
            names.push(KHR_PIPELINE_LIBRARY);
            names.push(EXT_GRAPHICS_PIPELINE_LIBRARY);
        }
        if self.dynamic2_logic_op {
            names.push(EXT_EXTENDED_DYNAMIC_STATE_2);
        }
        if self.dynamic3.any() {
            names.push(EXT_EXTENDED_DYNAMIC_STATE_3);
        }
        names
    }

    /// The feature structs device creation enables (only what is on).
    pub fn to_vk(
        &self,
    ) -> (
        vk::PhysicalDeviceExtendedDynamicState2FeaturesEXT<'static>,
        vk::PhysicalDeviceExtendedDynamicState3FeaturesEXT<'static>,
        vk::PhysicalDeviceGraphicsPipelineLibraryFeaturesEXT<'static>,
    ) {
        let d = &self.dynamic3;
        (
            vk::PhysicalDeviceExtendedDynamicState2FeaturesEXT::default()
                .extended_dynamic_state2_logic_op(self.dynamic2_logic_op),
            vk::PhysicalDeviceExtendedDynamicState3FeaturesEXT::default()
                .extended_dynamic_state3_depth_clamp_enable(d.depth_clamp_enable)
                .extended_dynamic_state3_polygon_mode(d.polygon_mode)
                .extended_dynamic_state3_sample_mask(d.sample_mask)
                .extended_dynamic_state3_alpha_to_coverage_enable(d.alpha_to_coverage_enable)
                .extended_dynamic_state3_alpha_to_one_enable(d.alpha_to_one_enable)
                .extended_dynamic_state3_logic_op_enable(d.logic_op_enable)
                .extended_dynamic_state3_color_blend_enable(d.color_blend_enable)
                .extended_dynamic_state3_color_blend_equation(d.color_blend_equation)
                .extended_dynamic_state3_color_write_mask(d.color_write_mask),
            vk::PhysicalDeviceGraphicsPipelineLibraryFeaturesEXT::default()
                .graphics_pipeline_library(self.libraries()),
        )
    }

    /// `(name, value)` pairs for `hookshot info`.
    pub fn summary(&self) -> Vec<(&'static str, String)> {
        let yes_no = |b: bool| if b { "yes" } else { "no" }.to_owned();
        vec![
            (
                "graphics pipeline libraries (fast linking)",
                yes_no(self.libraries()),
            ),
            ("dynamic state 3", format!("{:?}", self.dynamic3)),
            ("dynamic logic op", yes_no(self.dynamic2_logic_op)),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masking_only_lowers_and_libraries_take_fast_linking_with_them() {
        let mut all = PipelineFeatures {
            dynamic3: DynamicState3 {
                polygon_mode: true,
                color_blend_enable: true,
                ..Default::default()
            },
            dynamic2_logic_op: false,
            graphics_pipeline_library: true,
            fast_linking: true,
        };
        assert_eq!(all.mask("extendedDynamicState2LogicOp", true), Some(()));
        assert!(!all.dynamic2_logic_op, "a profile never raises");
        all.mask("extendedDynamicState3ColorBlendEnable", false);
        assert!(!all.dynamic3.color_blend_enable && all.dynamic3.polygon_mode);
        all.mask("graphicsPipelineLibrary", false);
        assert!(!all.fast_linking);
        assert_eq!(all.mask("extendedDynamicState3Nothing", false), None);
        assert_eq!(all.extensions(), [EXT_EXTENDED_DYNAMIC_STATE_3]);
        all.graphics_pipeline_library = true;
        all.fast_linking = true;
        assert_eq!(
            all.extensions(),
            [
                KHR_PIPELINE_LIBRARY,
                EXT_GRAPHICS_PIPELINE_LIBRARY,
                EXT_EXTENDED_DYNAMIC_STATE_3
            ]
        );
        all.without_libraries();
        assert!(!all.libraries() && all.extensions() == [EXT_EXTENDED_DYNAMIC_STATE_3]);
    }

    #[test]
    fn the_moltenvk_profile_leaves_depth_clamp_and_polygon_mode_alone() {
        let all = DynamicState3 {
            depth_clamp_enable: true,
            polygon_mode: true,
            sample_mask: true,
            alpha_to_coverage_enable: true,
            alpha_to_one_enable: true,
            logic_op_enable: true,
            color_blend_enable: true,
            color_blend_equation: true,
            color_write_mask: true,
        };
        let mut caps = crate::bringup::capabilities::Capabilities {
            pipeline: PipelineFeatures {
                dynamic3: all,
                dynamic2_logic_op: true,
                graphics_pipeline_library: true,
                fast_linking: true,
            },
            ..Default::default()
        };
        crate::bringup::simulate::mask(crate::bringup::simulate::MOLTENVK_M1, &mut caps).unwrap();
        assert_eq!(
            caps.pipeline,
            PipelineFeatures {
                dynamic3: DynamicState3 {
                    depth_clamp_enable: true,
                    polygon_mode: true,
                    ..Default::default()
                },
                ..Default::default()
            }
        );
    }
}
