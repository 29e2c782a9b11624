//! What the device can do with the formats whose support Vulkan leaves optional, where
//! NVN state or a bind depends on it. A command buffer refuses a render target or a vertex
//! attribute of a format the device cannot use that way when it is recorded, naming the
//! format and the format feature, so nothing reaches a backend to fail the whole list.

/// Optional format features, named after the Vulkan format and feature they stand for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FormatFeatures {
    /// Colour written to an RGB5A1 render target lands as NVN stores it (R in bits 0-4).
    /// Vulkan's format with that order is `A1B5G5R5_UNORM_PACK16` (VK_KHR_maintenance5)
    /// as a colour attachment; without it RGB5A1 reads right only through a view swizzle,
    /// which an attachment cannot have.
    pub rgb5a1_attachment: bool,
}

impl FormatFeatures {
    /// None of them: every use that needs one is refused.
    pub const NONE: FormatFeatures = FormatFeatures {
        rgb5a1_attachment: false,
    };

    /// All of them.
    pub const FULL: FormatFeatures = FormatFeatures {
        rgb5a1_attachment: true,
    };

    /// What both `self` and `other` have.
    pub fn both(self, other: FormatFeatures) -> FormatFeatures {
        FormatFeatures {
            rgb5a1_attachment: self.rgb5a1_attachment && other.rgb5a1_attachment,
        }
    }
}

impl Default for FormatFeatures {
    fn default() -> Self {
        FormatFeatures::NONE
    }
}
