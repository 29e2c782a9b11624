//! `VK_KHR_portability_subset`: what a portability implementation (MoltenVK) leaves out
//! of full Vulkan. Queried where the extension is offered, every offered feature enabled,
//! and a full implementation (no extension) reads as everything present. The executor
//! honours each feature it depends on (`Capabilities::portability`).

use ash::vk;

use crate::error::VkError;

/// The subset's features (Vulkan's names, snake case) and its one property.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PortabilitySubset {
    pub constant_alpha_color_blend_factors: bool,
    pub events: bool,
    pub image_view_format_reinterpretation: bool,
    pub image_view_format_swizzle: bool,
    pub image_view_2d_on_3d_image: bool,
    pub multisample_array_image: bool,
    pub mutable_comparison_samplers: bool,
    pub point_polygons: bool,
    pub sampler_mip_lod_bias: bool,
    pub separate_stencil_mask_ref: bool,
    pub shader_sample_rate_interpolation_functions: bool,
    pub tessellation_isolines: bool,
    pub tessellation_point_mode: bool,
    pub triangle_fans: bool,
    pub vertex_attribute_access_beyond_stride: bool,
    /// `minVertexInputBindingStrideAlignment`: every vertex stride is a multiple of it.
    pub min_vertex_input_binding_stride_alignment_b: u32,
}

impl Default for PortabilitySubset {
    /// A full Vulkan implementation: every feature, strides aligned to 1 byte.
    fn default() -> Self {
        Self::from_vk(&full_features(), 1)
    }
}

fn full_features() -> vk::PhysicalDevicePortabilitySubsetFeaturesKHR<'static> {
    let t = vk::TRUE;
    vk::PhysicalDevicePortabilitySubsetFeaturesKHR {
        constant_alpha_color_blend_factors: t,
        events: t,
        image_view_format_reinterpretation: t,
        image_view_format_swizzle: t,
        image_view2_d_on3_d_image: t,
        multisample_array_image: t,
        mutable_comparison_samplers: t,
        point_polygons: t,
        sampler_mip_lod_bias: t,
        separate_stencil_mask_ref: t,
        shader_sample_rate_interpolation_functions: t,
        tessellation_isolines: t,
        tessellation_point_mode: t,
        triangle_fans: t,
        vertex_attribute_access_beyond_stride: t,
        ..Default::default()
    }
}

impl PortabilitySubset {
    pub fn from_vk(
        features: &vk::PhysicalDevicePortabilitySubsetFeaturesKHR<'_>,
        stride_alignment_b: u32,
    ) -> Self {
        let on = |value: vk::Bool32| value == vk::TRUE;
        PortabilitySubset {
            constant_alpha_color_blend_factors: on(features.constant_alpha_color_blend_factors),
            events: on(features.events),
            image_view_format_reinterpretation: on(features.image_view_format_reinterpretation),
            image_view_format_swizzle: on(features.image_view_format_swizzle),
            image_view_2d_on_3d_image: on(features.image_view2_d_on3_d_image),
            multisample_array_image: on(features.multisample_array_image),
            mutable_comparison_samplers: on(features.mutable_comparison_samplers),
            point_polygons: on(features.point_polygons),
            sampler_mip_lod_bias: on(features.sampler_mip_lod_bias),
            separate_stencil_mask_ref: on(features.separate_stencil_mask_ref),
            shader_sample_rate_interpolation_functions: on(
                features.shader_sample_rate_interpolation_functions
            ),
            tessellation_isolines: on(features.tessellation_isolines),
            tessellation_point_mode: on(features.tessellation_point_mode),
            triangle_fans: on(features.triangle_fans),
            vertex_attribute_access_beyond_stride: on(
                features.vertex_attribute_access_beyond_stride
            ),
            min_vertex_input_binding_stride_alignment_b: stride_alignment_b.max(1),
        }
    }

    /// The features to enable at device creation: every one the device offered.
    pub fn to_vk(self) -> vk::PhysicalDevicePortabilitySubsetFeaturesKHR<'static> {
        let b = |value: bool| if value { vk::TRUE } else { vk::FALSE };
        vk::PhysicalDevicePortabilitySubsetFeaturesKHR {
            constant_alpha_color_blend_factors: b(self.constant_alpha_color_blend_factors),
            events: b(self.events),
            image_view_format_reinterpretation: b(self.image_view_format_reinterpretation),
            image_view_format_swizzle: b(self.image_view_format_swizzle),
            image_view2_d_on3_d_image: b(self.image_view_2d_on_3d_image),
            multisample_array_image: b(self.multisample_array_image),
            mutable_comparison_samplers: b(self.mutable_comparison_samplers),
            point_polygons: b(self.point_polygons),
            sampler_mip_lod_bias: b(self.sampler_mip_lod_bias),
            separate_stencil_mask_ref: b(self.separate_stencil_mask_ref),
            shader_sample_rate_interpolation_functions: b(
                self.shader_sample_rate_interpolation_functions
            ),
            tessellation_isolines: b(self.tessellation_isolines),
            tessellation_point_mode: b(self.tessellation_point_mode),
            triangle_fans: b(self.triangle_fans),
            vertex_attribute_access_beyond_stride: b(self.vertex_attribute_access_beyond_stride),
            ..Default::default()
        }
    }

    /// The feature named `name` (Vulkan's camel-case name), for profiles.
    pub fn feature_mut(&mut self, name: &str) -> Option<&mut bool> {
        Some(match name {
            "constantAlphaColorBlendFactors" => &mut self.constant_alpha_color_blend_factors,
            "events" => &mut self.events,
            "imageViewFormatReinterpretation" => &mut self.image_view_format_reinterpretation,
            "imageViewFormatSwizzle" => &mut self.image_view_format_swizzle,
            "imageView2DOn3DImage" => &mut self.image_view_2d_on_3d_image,
            "multisampleArrayImage" => &mut self.multisample_array_image,
            "mutableComparisonSamplers" => &mut self.mutable_comparison_samplers,
            "pointPolygons" => &mut self.point_polygons,
            "samplerMipLodBias" => &mut self.sampler_mip_lod_bias,
            "separateStencilMaskRef" => &mut self.separate_stencil_mask_ref,
            "shaderSampleRateInterpolationFunctions" => {
                &mut self.shader_sample_rate_interpolation_functions
            }
            "tessellationIsolines" => &mut self.tessellation_isolines,
            "tessellationPointMode" => &mut self.tessellation_point_mode,
            "triangleFans" => &mut self.triangle_fans,
            "vertexAttributeAccessBeyondStride" => &mut self.vertex_attribute_access_beyond_stride,
            _ => return None,
        })
    }

    /// The Vulkan names of the features that are off, for `hookshot info`.
    pub fn missing(&self) -> Vec<&'static str> {
        let mut copy = *self;
        FEATURE_NAMES
            .iter()
            .copied()
            .filter(|name| copy.feature_mut(name).is_some_and(|on| !*on))
            .collect()
    }

    /// Whether `stride_b` meets `minVertexInputBindingStrideAlignment`.
    pub fn stride_aligned(&self, stride_b: u32) -> bool {
        stride_b.is_multiple_of(self.min_vertex_input_binding_stride_alignment_b)
    }
}

/// The checks the executor makes before using what the subset may leave out: each
/// refusal is a typed error naming the capability, never a silent difference.
impl PortabilitySubset {
    /// A vertex stride must be a multiple of `minVertexInputBindingStrideAlignment`.
    pub fn check_vertex_stride(&self, binding: u32, stride_b: u32) -> Result<(), VkError> {
        if self.stride_aligned(stride_b) {
            return Ok(());
        }
        Err(VkError::Unsupported(format!(
            "vertex stream {binding}: a stride of {stride_b} bytes on a device whose \
             minVertexInputBindingStrideAlignment is {} (VK_KHR_portability_subset)",
            self.min_vertex_input_binding_stride_alignment_b
        )))
    }

    /// A sampler's LOD bias needs `samplerMipLodBias`.
    pub fn check_lod_bias(&self, lod_bias: f32) -> Result<(), VkError> {
        if lod_bias == 0.0 || self.sampler_mip_lod_bias {
            return Ok(());
        }
        Err(VkError::Unsupported(format!(
            "a sampler LOD bias of {lod_bias} on a device without samplerMipLodBias \
             (VK_KHR_portability_subset)"
        )))
    }

    /// A view swizzle other than the identity needs `imageViewFormatSwizzle`.
    pub fn check_view_swizzle(
        &self,
        what: &str,
        components: vk::ComponentMapping,
    ) -> Result<(), VkError> {
        let identity = |swizzle: vk::ComponentSwizzle, own: vk::ComponentSwizzle| {
            swizzle == own || swizzle == vk::ComponentSwizzle::IDENTITY
        };
        let is_identity = identity(components.r, vk::ComponentSwizzle::R)
            && identity(components.g, vk::ComponentSwizzle::G)
            && identity(components.b, vk::ComponentSwizzle::B)
            && identity(components.a, vk::ComponentSwizzle::A);
        if is_identity || self.image_view_format_swizzle {
            return Ok(());
        }
        Err(VkError::Unsupported(format!(
            "{what}: a component swizzle ({:?}, {:?}, {:?}, {:?}) on a device without \
             imageViewFormatSwizzle (VK_KHR_portability_subset)",
            components.r, components.g, components.b, components.a
        )))
    }
}

/// Every feature's Vulkan name, in the struct's order.
pub const FEATURE_NAMES: [&str; 15] = [
    "constantAlphaColorBlendFactors",
    "events",
    "imageViewFormatReinterpretation",
    "imageViewFormatSwizzle",
    "imageView2DOn3DImage",
    "multisampleArrayImage",
    "mutableComparisonSamplers",
    "pointPolygons",
    "samplerMipLodBias",
    "separateStencilMaskRef",
    "shaderSampleRateInterpolationFunctions",
    "tessellationIsolines",
    "tessellationPointMode",
    "triangleFans",
    "vertexAttributeAccessBeyondStride",
];

/// Reads the subset of `physical`, which offers `VK_KHR_portability_subset`.
pub fn query(instance: &ash::Instance, physical: vk::PhysicalDevice) -> PortabilitySubset {
    let mut features = vk::PhysicalDevicePortabilitySubsetFeaturesKHR::default();
    let mut properties = vk::PhysicalDevicePortabilitySubsetPropertiesKHR::default();
    {
        let mut features2 = vk::PhysicalDeviceFeatures2::default().push_next(&mut features);
        let mut properties2 = vk::PhysicalDeviceProperties2::default().push_next(&mut properties);
        // SAFETY: `physical` came from this instance and offers the extension, so both
        // structs are known to it; they outlive the calls.
        unsafe {
            instance.get_physical_device_features2(physical, &mut features2);
            instance.get_physical_device_properties2(physical, &mut properties2);
        }
    }
    PortabilitySubset::from_vk(
        &features,
        properties.min_vertex_input_binding_stride_alignment,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_implementation_has_everything_and_round_trips() {
        let full = PortabilitySubset::default();
        assert!(full.triangle_fans && full.image_view_format_swizzle && full.events);
        assert_eq!(full.min_vertex_input_binding_stride_alignment_b, 1);
        assert_eq!(PortabilitySubset::from_vk(&full.to_vk(), 1), full);
        assert!(full.stride_aligned(3));
    }

    #[test]
    fn every_feature_has_its_vulkan_name_and_an_alignment_is_checked() {
        let mut subset = PortabilitySubset::default();
        for name in FEATURE_NAMES {
            *subset.feature_mut(name).unwrap() = false;
        }
        assert_eq!(subset.to_vk().triangle_fans, vk::FALSE);
        assert_eq!(
            PortabilitySubset::from_vk(&subset.to_vk(), 1),
            PortabilitySubset {
                min_vertex_input_binding_stride_alignment_b: 1,
                ..subset
            }
        );
        assert!(!subset.image_view_2d_on_3d_image && !subset.point_polygons);
        assert!(subset.feature_mut("wideLines").is_none());
        assert_eq!(subset.missing(), FEATURE_NAMES);
        assert!(PortabilitySubset::default().missing().is_empty());
        subset.min_vertex_input_binding_stride_alignment_b = 4;
        assert!(subset.stride_aligned(12) && !subset.stride_aligned(6));
    }

    #[test]
    fn each_check_refuses_only_where_the_feature_is_off_and_names_it() {
        let full = PortabilitySubset::default();
        let swizzled = vk::ComponentMapping {
            r: vk::ComponentSwizzle::B,
            g: vk::ComponentSwizzle::G,
            b: vk::ComponentSwizzle::R,
            a: vk::ComponentSwizzle::ONE,
        };
        let identity = vk::ComponentMapping {
            r: vk::ComponentSwizzle::R,
            g: vk::ComponentSwizzle::IDENTITY,
            b: vk::ComponentSwizzle::B,
            a: vk::ComponentSwizzle::A,
        };
        assert!(full.check_vertex_stride(0, 6).is_ok());
        assert!(full.check_lod_bias(1.5).is_ok());
        assert!(full.check_view_swizzle("view", swizzled).is_ok());
        let moltenvk = PortabilitySubset {
            sampler_mip_lod_bias: false,
            image_view_format_swizzle: false,
            min_vertex_input_binding_stride_alignment_b: 4,
            ..full
        };
        let named = |result: Result<(), VkError>, what: &str| {
            let text = result.unwrap_err().to_string();
            assert!(text.contains(what), "{text}");
        };
        named(
            moltenvk.check_vertex_stride(2, 6),
            "minVertexInputBindingStrideAlignment is 4",
        );
        assert!(moltenvk.check_vertex_stride(2, 8).is_ok());
        named(moltenvk.check_lod_bias(-0.5), "samplerMipLodBias");
        assert!(moltenvk.check_lod_bias(0.0).is_ok());
        named(
            moltenvk.check_view_swizzle("view 3", swizzled),
            "imageViewFormatSwizzle",
        );
        assert!(moltenvk.check_view_swizzle("view 3", identity).is_ok());
    }
}
