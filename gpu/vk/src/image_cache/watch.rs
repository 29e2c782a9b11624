//! `RX_VK_WATCH_DIM` tracing: one line per event for every texture of the watched size,
//! and a summary every `WATCH_SUMMARY_FRAMES`. The lines are built by pure functions.

use std::collections::BTreeMap;

use gpu::TextureId;
use memory::Format;

use super::decision::{EvictAction, FillReason, StaleCause};
use super::key::{HostImageId, ImageKey};

pub const WATCH_TARGET: &str = "gpu_vk::watch";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WatchEvent {
    Made {
        texture: TextureId,
        key: ImageKey,
    },
    Written {
        texture: TextureId,
    },
    Finalized {
        texture: TextureId,
    },
    Kept {
        texture: TextureId,
        image: HostImageId,
        size_b: u64,
        drawn_frame: u64,
    },
    KeptEnded {
        texture: TextureId,
        cause: StaleCause,
    },
    Evicted {
        texture: TextureId,
        image: HostImageId,
        action: EvictAction,
    },
    SampledOverRendered {
        texture: TextureId,
    },
    Uploaded {
        texture: TextureId,
        reason: FillReason,
    },
    NotUploaded {
        texture: TextureId,
        image: HostImageId,
    },
    Moved {
        texture: TextureId,
        image: HostImageId,
        to: ImageKey,
    },
}

pub fn watch_line(frame: u64, event: &WatchEvent) -> String {
    match event {
        WatchEvent::Made { texture, key } => format!(
            "{frame} made #{} pool {} offset 0x{:x} {}x{} {} levels {}",
            texture.raw(),
            key.pool.raw(),
            key.offset_b,
            key.layout.width_px,
            key.layout.height_px,
            key.layout.format.name(),
            key.layout.levels
        ),
        WatchEvent::Written { texture } => format!("{frame} written #{}", texture.raw()),
        WatchEvent::Finalized { texture } => format!("{frame} finalized #{}", texture.raw()),
        WatchEvent::Kept {
            texture,
            image,
            size_b,
            drawn_frame,
        } => format!(
            "{frame} kept #{} ({image}, {size_b} B, drawn in frame {drawn_frame})",
            texture.raw()
        ),
        WatchEvent::KeptEnded { texture, cause } => {
            let why = match cause {
                StaleCause::CpuWritten => "the CPU wrote its storage",
                StaleCause::DrawnOver => "another image was drawn over its storage",
                StaleCause::BufferWritten => "the GPU wrote its storage through a buffer",
                StaleCause::FillAbandoned => "its fill was never recorded",
            };
            format!("{frame} no longer kept #{} ({why})", texture.raw())
        }
        WatchEvent::Evicted {
            texture,
            image,
            action,
        } => format!("{frame} evicted #{} ({image}: {action})", texture.raw()),
        WatchEvent::SampledOverRendered { texture } => {
            format!("{frame} sampled, over rendered storage #{}", texture.raw())
        }
        WatchEvent::Uploaded { texture, reason } => {
            format!("{frame} uploaded #{} ({reason})", texture.raw())
        }
        WatchEvent::Moved { texture, image, to } => format!(
            "{frame} moved #{} ({image}) with a CPU copy to pool {} offset 0x{:x}",
            texture.raw(),
            to.pool.raw(),
            to.offset_b
        ),
        WatchEvent::NotUploaded { texture, image } => format!(
            "{frame} NOT uploaded #{} ({image} still holds the storage's texels)",
            texture.raw()
        ),
    }
}

/// Kept images of one size and format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeptGroup {
    pub width_px: u32,
    pub height_px: u32,
    pub format: Format,
    pub count: u64,
    pub bytes_b: u64,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WatchSummary {
    pub kept: Vec<KeptGroup>,
    pub evictions: u64,
    pub in_use_b: u64,
    pub budget_b: u64,
    pub kept_b: u64,
    pub keep_cap_b: u64,
}

/// Groups kept images by size and format, largest count first, then by size.
pub fn kept_groups<'a>(kept: impl IntoIterator<Item = &'a ImageKey>) -> Vec<KeptGroup> {
    let mut groups: BTreeMap<(u32, u32, &'static str), KeptGroup> = BTreeMap::new();
    for key in kept {
        let (width_px, height_px) = key.dim_px();
        let group = groups
            .entry((width_px, height_px, key.layout.format.name()))
            .or_insert(KeptGroup {
                width_px,
                height_px,
                format: key.layout.format,
                count: 0,
                bytes_b: 0,
            });
        group.count += 1;
        group.bytes_b += key.size_b;
    }
    let mut groups: Vec<KeptGroup> = groups.into_values().collect();
    groups.sort_by_key(|group| std::cmp::Reverse(group.count));
    groups
}

pub fn summary_line(frame: u64, summary: &WatchSummary) -> String {
    let kept = if summary.kept.is_empty() {
        "none".to_owned()
    } else {
        summary
            .kept
            .iter()
            .map(|group| {
                format!(
                    "{} x {}x{} {} ({} B)",
                    group.count,
                    group.width_px,
                    group.height_px,
                    group.format.name(),
                    group.bytes_b
                )
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    format!(
        "{frame} summary: kept finalized textures the GPU drew once: {kept}; kept {} of {} B; evictions {}; budget in use {} of {} B",
        summary.kept_b, summary.keep_cap_b, summary.evictions, summary.in_use_b, summary.budget_b
    )
}

pub(super) fn emit(line: &str) {
    tracing::info!(target: "gpu_vk::watch", "{line}");
}
