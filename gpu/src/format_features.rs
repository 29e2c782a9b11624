//! What the device can do with the formats whose support Vulkan leaves optional, where
//! NVN state or a bind depends on it. A command buffer refuses a render target or a vertex
//! attribute of a format the device cannot use that way when it is recorded, naming the
//! format and the format feature, so nothing reaches a backend to fail the whole list.

/// Optional format features, named after the Vulkan format and feature they stand for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FormatFeatures {
    /// Colour written to an RGB5A1 render target lands as NVN stores it (R in bits 0-4),
    /// blended or not. Vulkan's format with that order is `A1B5G5R5_UNORM_PACK16`
    /// (VK_KHR_maintenance5) with `COLOR_ATTACHMENT` and `COLOR_ATTACHMENT_BLEND`; without
    /// the extension RGB5A1 reads right only through a view swizzle, which an attachment
    /// cannot have.
    pub rgb5a1_attachment: bool,
    /// `COLOR_ATTACHMENT` of `R32G32B32_{UINT,SINT,SFLOAT}`: rendering to the RGB32
    /// formats (Vulkan leaves 96-bit attachments optional; most devices lack them).
    pub rgb32_attachment: bool,
    /// `VERTEX_BUFFER` of `B10G11R11_UFLOAT_PACK32`: `ComponentKind::Ufloat111110`.
    pub vertex_ufloat_11_11_10: bool,
    /// `VERTEX_BUFFER` of `A2B10G10R10_SNORM_PACK32`: `ComponentKind::Snorm1010102`.
    pub vertex_snorm_10_10_10_2: bool,
    /// `VERTEX_BUFFER` of `A2B10G10R10_SINT_PACK32`: `ComponentKind::Sint1010102`.
    pub vertex_sint_10_10_10_2: bool,
    /// `VERTEX_BUFFER` of `A2B10G10R10_SSCALED_PACK32`: `ComponentKind::Sscaled1010102`.
    pub vertex_sscaled_10_10_10_2: bool,
}

impl FormatFeatures {
    /// None of them: every use that needs one is refused.
    pub const NONE: FormatFeatures = FormatFeatures {
        rgb5a1_attachment: false,
        rgb32_attachment: false,
        vertex_ufloat_11_11_10: false,
        vertex_snorm_10_10_10_2: false,
        vertex_sint_10_10_10_2: false,
        vertex_sscaled_10_10_10_2: false,
    };

    /// All of them.
    pub const FULL: FormatFeatures = FormatFeatures {
        rgb5a1_attachment: true,
        rgb32_attachment: true,
        vertex_ufloat_11_11_10: true,
        vertex_snorm_10_10_10_2: true,
        vertex_sint_10_10_10_2: true,
        vertex_sscaled_10_10_10_2: true,
    };

    /// What both `self` and `other` have.
    pub fn both(self, other: FormatFeatures) -> FormatFeatures {
        FormatFeatures {
            rgb5a1_attachment: self.rgb5a1_attachment && other.rgb5a1_attachment,
            rgb32_attachment: self.rgb32_attachment && other.rgb32_attachment,
            vertex_ufloat_11_11_10: self.vertex_ufloat_11_11_10 && other.vertex_ufloat_11_11_10,
            vertex_snorm_10_10_10_2: self.vertex_snorm_10_10_10_2 && other.vertex_snorm_10_10_10_2,
            vertex_sint_10_10_10_2: self.vertex_sint_10_10_10_2 && other.vertex_sint_10_10_10_2,
            vertex_sscaled_10_10_10_2: self.vertex_sscaled_10_10_10_2
                && other.vertex_sscaled_10_10_10_2,
        }
    }

    /// Refuses a vertex attribute of `kind` where the device cannot fetch its format,
    /// naming the kind and the Vulkan format feature.
    pub fn check_vertex_kind(
        &self,
        kind: crate::state::ComponentKind,
    ) -> Result<(), crate::error::RecordError> {
        use crate::state::ComponentKind as K;
        let (has, what, capability) = match kind {
            K::Ufloat111110 => (
                self.vertex_ufloat_11_11_10,
                "vertex attribute format ufloat 11:11:10",
                "VERTEX_BUFFER of B10G11R11_UFLOAT_PACK32",
            ),
            K::Snorm1010102 => (
                self.vertex_snorm_10_10_10_2,
                "vertex attribute format snorm 10:10:10:2",
                "VERTEX_BUFFER of A2B10G10R10_SNORM_PACK32",
            ),
            K::Sint1010102 => (
                self.vertex_sint_10_10_10_2,
                "vertex attribute format sint 10:10:10:2",
                "VERTEX_BUFFER of A2B10G10R10_SINT_PACK32",
            ),
            K::Sscaled1010102 => (
                self.vertex_sscaled_10_10_10_2,
                "vertex attribute format sscaled 10:10:10:2",
                "VERTEX_BUFFER of A2B10G10R10_SSCALED_PACK32",
            ),
            // The rest have vertex-buffer support on every Vulkan device.
            _ => return Ok(()),
        };
        if has {
            Ok(())
        } else {
            Err(crate::error::RecordError::MissingCapability { what, capability })
        }
    }
}

impl Default for FormatFeatures {
    fn default() -> Self {
        FormatFeatures::NONE
    }
}
