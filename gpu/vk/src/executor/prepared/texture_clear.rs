//! A texture clear outside passes (NVN's `ClearTexture`) in its Vulkan form, chosen
//! when prepared (`prepare::texture_clear`) and recorded by `record::texture_clear`.

use ash::vk;

use crate::executor::pipelines::masked_clear::PreparedMaskedClear;

/// How a prepared texture clear is recorded.
#[derive(Clone, Copy)]
pub enum TextureClearWay {
    /// `vkCmdClearColorImage` over whole subresources.
    ColorImage {
        value: vk::ClearColorValue,
        range: vk::ImageSubresourceRange,
    },
    /// `vkCmdClearDepthStencilImage` over whole subresources.
    DepthStencilImage {
        value: vk::ClearDepthStencilValue,
        range: vk::ImageSubresourceRange,
    },
    /// A pass over the view's attachment with `vkCmdClearAttachments` in it.
    Attachments {
        attachment: vk::ClearAttachment,
        rect: vk::ClearRect,
    },
    /// A pass over the view's colour attachment with the masked clear's draw in it.
    Masked {
        clear: PreparedMaskedClear,
        rect: vk::Rect2D,
    },
}

/// A texture clear ready to record outside passes.
#[derive(Clone, Copy)]
pub struct PreparedTextureClear {
    pub image: vk::Image,
    /// The view's attachment, its aspect and extent (for the pass ways).
    pub view: vk::ImageView,
    pub aspect: vk::ImageAspectFlags,
    pub extent_px: [u32; 2],
    pub layers: u32,
    pub way: TextureClearWay,
}

impl PreparedTextureClear {
    /// Whether the way is a pass of its own.
    pub fn is_pass(&self) -> bool {
        matches!(
            self.way,
            TextureClearWay::Attachments { .. } | TextureClearWay::Masked { .. }
        )
    }
}
