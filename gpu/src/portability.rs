//! What a portability implementation (MoltenVK: `VK_KHR_portability_subset`, Metal's
//! limits) leaves out that recorded commands may use. A command buffer refuses a command
//! needing what the device lacks when it is recorded, naming the field and the feature,
//! so nothing reaches a backend that cannot honour it.

/// The features and limits a command may depend on. Named after Vulkan's features.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PortabilityFeatures {
    /// `separateStencilMaskRef`: different front and back stencil references with no
    /// face culled.
    pub separate_stencil_mask_ref: bool,
    /// `pointPolygons`: the point polygon mode.
    pub point_polygons: bool,
    /// `multisampleArrayImage`: multisampled textures of more than one layer.
    pub multisample_array_image: bool,
    /// `constantAlphaColorBlendFactors`: the constant-alpha factors in colour blending.
    pub constant_alpha_color_blend_factors: bool,
    /// `vertexAttributeAccessBeyondStride`: an attribute reaching past its stream's
    /// stride.
    pub vertex_attribute_access_beyond_stride: bool,
    /// `mutableComparisonSamplers`: depth-compare samplers.
    pub mutable_comparison_samplers: bool,
    /// `samplerMirrorClampToEdge`: the mirror-clamp-to-edge wrap mode.
    pub sampler_mirror_clamp_to_edge: bool,
    /// `samplerMipLodBias`: a sampler LOD bias other than 0.
    pub sampler_mip_lod_bias: bool,
    /// `imageViewFormatSwizzle`: a view swizzle other than the identity.
    pub image_view_format_swizzle: bool,
    /// `maxPerStageDescriptorSamplers`: the most textures (each with its sampler) one
    /// stage of a program may sample (16 on Metal).
    pub max_samplers_per_stage: u32,
    /// The host page size pools are aligned to and protected in; 0: the OS's. A
    /// simulated Apple Silicon host has 16 KiB pages on a 4 KiB one.
    pub host_page_b: u64,
}

impl PortabilityFeatures {
    /// A full Vulkan implementation: nothing refused (a program's 32 texture slots fit).
    pub const FULL: PortabilityFeatures = PortabilityFeatures {
        separate_stencil_mask_ref: true,
        point_polygons: true,
        multisample_array_image: true,
        constant_alpha_color_blend_factors: true,
        vertex_attribute_access_beyond_stride: true,
        mutable_comparison_samplers: true,
        sampler_mirror_clamp_to_edge: true,
        sampler_mip_lod_bias: true,
        image_view_format_swizzle: true,
        max_samplers_per_stage: u32::MAX,
        host_page_b: 0,
    };

    /// None of them: everything that needs one is refused.
    pub const NONE: PortabilityFeatures = PortabilityFeatures {
        separate_stencil_mask_ref: false,
        point_polygons: false,
        multisample_array_image: false,
        constant_alpha_color_blend_factors: false,
        vertex_attribute_access_beyond_stride: false,
        mutable_comparison_samplers: false,
        sampler_mirror_clamp_to_edge: false,
        sampler_mip_lod_bias: false,
        image_view_format_swizzle: false,
        max_samplers_per_stage: 0,
        host_page_b: 0,
    };

    /// What both `self` and `other` have.
    pub fn both(self, other: PortabilityFeatures) -> PortabilityFeatures {
        PortabilityFeatures {
            separate_stencil_mask_ref: self.separate_stencil_mask_ref
                && other.separate_stencil_mask_ref,
            point_polygons: self.point_polygons && other.point_polygons,
            multisample_array_image: self.multisample_array_image && other.multisample_array_image,
            constant_alpha_color_blend_factors: self.constant_alpha_color_blend_factors
                && other.constant_alpha_color_blend_factors,
            vertex_attribute_access_beyond_stride: self.vertex_attribute_access_beyond_stride
                && other.vertex_attribute_access_beyond_stride,
            mutable_comparison_samplers: self.mutable_comparison_samplers
                && other.mutable_comparison_samplers,
            sampler_mirror_clamp_to_edge: self.sampler_mirror_clamp_to_edge
                && other.sampler_mirror_clamp_to_edge,
            sampler_mip_lod_bias: self.sampler_mip_lod_bias && other.sampler_mip_lod_bias,
            image_view_format_swizzle: self.image_view_format_swizzle
                && other.image_view_format_swizzle,
            max_samplers_per_stage: self
                .max_samplers_per_stage
                .min(other.max_samplers_per_stage),
            host_page_b: self.host_page_b.max(other.host_page_b),
        }
    }

    /// The host page size pools use: `host_page_b`, or the OS's where that is larger.
    pub fn pool_page_b(&self) -> u64 {
        self.host_page_b.max(crate::mem::host_page_size_b())
    }

    /// Whether a bound texture's sampler or view may be refused (a sampler or view
    /// feature off that no shader makes up for): the common path skips the look-up.
    /// `samplerMipLodBias` and `imageViewFormatSwizzle` are not among them: every stage
    /// applies the bias and the swizzle in its shader where they are off.
    pub fn restricts_textures(&self) -> bool {
        !(self.mutable_comparison_samplers
            && self.sampler_mirror_clamp_to_edge
            && self.multisample_array_image)
    }
}

impl Default for PortabilityFeatures {
    fn default() -> Self {
        PortabilityFeatures::FULL
    }
}
