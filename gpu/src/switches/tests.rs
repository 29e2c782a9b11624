use std::collections::HashMap;

use super::*;

fn with(pairs: &[(&str, &str)]) -> Result<Switches, SwitchError> {
    let map: HashMap<String, String> = pairs
        .iter()
        .map(|(name, value)| (name.to_string(), value.to_string()))
        .collect();
    Switches::from_lookup(|name| map.get(name).cloned())
}

#[test]
fn defaults_parse_and_every_row_is_read() {
    let switches = with(&[]).expect("defaults must be valid");
    assert_eq!(switches.device, DeviceChoice::Auto);
    assert!(!switches.validation);
    assert_eq!(switches.vram_mb, None);
    assert_eq!(switches.keep_finalized_mb, 512);
    assert!(switches.gpu_storage);
    assert_eq!(switches.watch_dim, None);
    assert_eq!(switches.pipeline_cache, PipelineCacheChoice::UserCacheDir);
    assert_eq!(switches.ab_frames, None);
    assert!(switches.descriptor_indexing);
    assert!(!switches.rt_reclaim);
    assert!(switches
        .entries()
        .iter()
        .all(|entry| entry.source == Source::Default));
}

#[test]
fn environment_values_are_typed_and_sourced() {
    let switches = with(&[
        ("RX_VK_DEVICE", "llvm"),
        ("RX_VK_VRAM_MB", "64"),
        ("RX_VK_WATCH_DIM", "260x260"),
        ("RX_VK_KEEP_FINALIZED_MB", "0"),
        ("RX_VK_SHADER_CACHE", "0"),
        ("RX_VK_PIPELINE_CACHE", "/tmp/pipelines"),
        ("RX_VK_AB", "50"),
        ("RX_VK_DESCRIPTOR_INDEXING", "0"),
        ("RX_VK_RT_RECLAIM", "1"),
        ("RX_VK_VIRTUAL_SPARSE", "relaxed"),
    ])
    .unwrap();
    assert!(switches.rt_reclaim);
    assert_eq!(
        switches.virtual_sparse,
        crate::address::SparseSwitch::Relaxed
    );
    assert_eq!(switches.ab_frames, Some(50));
    assert!(!switches.descriptor_indexing);
    assert_eq!(switches.device, DeviceChoice::NameContains("llvm".into()));
    assert_eq!(switches.vram_mb, Some(64));
    assert_eq!(switches.watch_dim, Some((260, 260)));
    assert_eq!(switches.keep_finalized_mb, 0);
    assert_eq!(switches.shader_cache, ShaderCacheChoice::Off);
    assert_eq!(
        switches.pipeline_cache,
        PipelineCacheChoice::Dir("/tmp/pipelines".into())
    );
    assert_eq!(
        with(&[("RX_VK_PIPELINE_CACHE", "0")])
            .unwrap()
            .pipeline_cache,
        PipelineCacheChoice::Off
    );
    let vram = switches
        .entries()
        .iter()
        .find(|entry| entry.spec.name == "RX_VK_VRAM_MB")
        .unwrap();
    assert_eq!(vram.source, Source::Environment);
    assert_eq!(
        with(&[("RX_VK_DEVICE", "1")]).unwrap().device,
        DeviceChoice::Index(1)
    );
}

#[test]
fn bad_values_name_the_switch_and_what_it_takes() {
    for (name, value) in [
        ("RX_VK_VRAM_MB", "abc"),
        ("RX_VK_VRAM_MB", "-5"),
        ("RX_VK_VALIDATION", "yes"),
        ("RX_VK_WATCH_DIM", "260"),
        ("RX_VK_WATCH_DIM", "0x260"),
        ("RX_VK_KEEP_FINALIZED_MB", "auto"),
        ("RX_VK_AB", "on"),
        ("RX_VK_RT_RECLAIM", "2"),
        ("RX_VK_VIRTUAL_SPARSE", "strict"),
        ("RX_VK_VIRTUAL_SPARSE", "2"),
        ("RX_VK_DEVICE", ""),
    ] {
        let err = with(&[(name, value)]).unwrap_err();
        let message = err.to_string();
        assert!(matches!(err, SwitchError::BadValue { .. }), "{message}");
        assert!(message.contains(name), "{message}");
        assert!(!message.contains('\n'), "{message}");
    }
    let message = with(&[("RX_VK_VIRTUAL_SPARSE", "on")])
        .unwrap_err()
        .to_string();
    assert!(message.contains("0|1|relaxed"), "{message}");
    let message = with(&[("RX_VK_VRAM_MB", "abc")]).unwrap_err().to_string();
    assert!(message.contains("auto|<MiB>"), "{message}");
}

#[test]
fn table_errors_are_caught() {
    let header = "name\tdefault\tvalues\tmeaning\n";
    assert!(parse_table("bad header\n").is_err());
    // A made-up switch, spelled so that no search for real switch names finds it.
    let name = concat!("RX_VK", "_EXAMPLE");
    assert!(parse_table(&format!("{header}{name}\t0\n")).is_err());
    assert!(parse_table(&format!("{header}{name}\tx\t0|1\tm\n")).is_err());
    assert!(parse_table(&format!("{header}{name}\t0\t0|1\tm\n{name}\t0\t0|1\tm\n")).is_err());
    assert!(parse_table(&format!("{header}OTHER\t0\t0|1\tm\n")).is_err());
    let specs = parse_table(&format!("{header}{name}\t0\t0|<WxH>\tm\n")).unwrap();
    assert!(specs[0].accepts("16x8"));
    assert!(!specs[0].accepts("16x"));
}
