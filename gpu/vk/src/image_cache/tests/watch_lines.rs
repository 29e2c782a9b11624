//! The watch lines, as the trace prints them.

use super::{other_key, texture, tile_key};
use crate::image_cache::{
    kept_groups, summary_line, watch_line, CacheConfig, EvictAction, FillReason, HostImageId,
    LossCause, WatchEvent, WatchSummary, MIB_B,
};
use gpu::switches::Switches;

#[test]
fn event_lines() {
    let key = tile_key(3, 0x11_6897_3000);
    let tile = texture(350);
    let lines: Vec<String> = [
        WatchEvent::Made { texture: tile, key },
        WatchEvent::Written { texture: tile },
        WatchEvent::Finalized { texture: tile },
        WatchEvent::Kept {
            texture: tile,
            image: HostImageId(7),
            size_b: 4096,
            drawn_frame: 1437,
        },
        WatchEvent::Evicted {
            texture: tile,
            image: HostImageId(7),
            action: EvictAction::ReleaseLosing(LossCause::KeptPastCap),
        },
        WatchEvent::SampledOverRendered { texture: tile },
        WatchEvent::Uploaded {
            texture: tile,
            reason: FillReason::GpuTexelsLost {
                image: HostImageId(7),
                drawn_frame: 1437,
            },
        },
        WatchEvent::NotUploaded {
            texture: tile,
            image: HostImageId(7),
        },
    ]
    .iter()
    .map(|event| watch_line(2891, event))
    .collect();
    assert_eq!(
        lines,
        [
            "2891 made #350 pool 3 offset 0x1168973000 260x260 rg8 levels 9",
            "2891 written #350",
            "2891 finalized #350",
            "2891 kept #350 (image 7, 4096 B, drawn in frame 1437)",
            "2891 evicted #350 (image 7: released past the keep cap, GPU texels lost)",
            "2891 sampled, over rendered storage #350",
            "2891 uploaded #350 (storage lacks the GPU's texels: image 7 drew them at frame 1437, never stored)",
            "2891 NOT uploaded #350 (image 7 still holds the storage's texels)",
        ]
    );
}

#[test]
fn summary_groups_kept_by_size_and_format() {
    let keys = [tile_key(1, 0), tile_key(1, 1 << 20), other_key(2, 0)];
    let groups = kept_groups(&keys);
    assert_eq!(groups.len(), 2);
    assert_eq!((groups[0].width_px, groups[0].count), (260, 2));
    let summary = WatchSummary {
        kept: groups,
        evictions: 12,
        in_use_b: 3 * MIB_B,
        budget_b: 4 * MIB_B,
        kept_b: 2 * keys[0].size_b + keys[2].size_b,
        keep_cap_b: 4 * MIB_B,
    };
    let line = summary_line(600, &summary);
    assert_eq!(
        line,
        format!(
            "600 summary: kept finalized textures the GPU drew once: 2 x 260x260 rg8 ({} B), 1 x 256x256 rgba8 ({} B); kept {} of 4194304 B; evictions 12; budget in use 3145728 of 4194304 B",
            2 * keys[0].size_b,
            keys[2].size_b,
            summary.kept_b
        )
    );
    let empty = WatchSummary {
        kept: vec![],
        ..summary
    };
    assert!(summary_line(1200, &empty).contains("drew once: none;"));
}

#[test]
fn config_from_switches() {
    let switches = Switches::from_lookup(|name| match name {
        "RX_VK_VRAM_MB" => Some("64".to_owned()),
        "RX_VK_KEEP_FINALIZED_MB" => Some("0".to_owned()),
        "RX_VK_WATCH_DIM" => Some("260x260".to_owned()),
        _ => None,
    })
    .unwrap();
    let config = CacheConfig::from_switches(&switches, 1 << 40);
    assert_eq!(config.budget_b, 64 * MIB_B);
    assert_eq!(config.keep_cap_b(), 0);
    assert!(config.watches(&tile_key(1, 0)));
    assert!(!config.watches(&other_key(1, 0)));

    let defaults = Switches::from_lookup(|_| None).unwrap();
    let config = CacheConfig::from_switches(&defaults, 6 << 30);
    assert_eq!(config.budget_b, 6 << 30);
    assert_eq!(config.keep_finalized_b, 512 * MIB_B);
    assert_eq!(config.watch_dim, None);
}
