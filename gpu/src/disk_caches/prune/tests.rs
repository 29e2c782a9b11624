use std::time::{Duration, SystemTime};

use proptest::prelude::*;

use super::*;

fn at(seconds: u64) -> SystemTime {
    SystemTime::UNIX_EPOCH + Duration::from_secs(1_000_000 + seconds)
}

proptest! {
    /// Whatever the files, what is kept fits the cap, nothing kept was used before
    /// anything removed, and no file was removed that could have stayed.
    #[test]
    fn plan_removes_the_least_recently_used_until_the_rest_fit(
        files in prop::collection::vec((0u64..5000, 0u64..50), 0..40),
        cap_b in 0u64..60_000,
    ) {
        let files: Vec<CacheFile> = files
            .iter()
            .enumerate()
            .map(|(index, &(size_b, used_s))| CacheFile {
                path: PathBuf::from(format!("f{index:03}")),
                size_b,
                last_used: at(used_s),
            })
            .collect();
        let removed = plan(&files, cap_b);
        let kept: Vec<&CacheFile> = files.iter().filter(|file| !removed.contains(file)).collect();
        let kept_b: u64 = kept.iter().map(|file| file.size_b).sum();
        prop_assert!(kept_b <= cap_b);
        for gone in &removed {
            for stay in &kept {
                prop_assert!((gone.last_used, &gone.path) <= (stay.last_used, &stay.path));
            }
        }
        // Minimal: keeping the last file removed would pass the cap.
        if let Some(last) = removed.last() {
            prop_assert!(kept_b + last.size_b > cap_b);
        }
    }
}

/// Two titles' folders under one root, the oldest files removed across both, a write in
/// progress left alone, and no cap (0) removing nothing.
#[test]
fn prune_keeps_the_root_under_its_cap_across_titles() {
    const MIB: usize = 1 << 20;
    let root = tempfile::tempdir().unwrap();
    let make = |relative: &str, size_b: usize, used_s: u64| {
        let path = root.path().join(relative);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, vec![0u8; size_b]).unwrap();
        let file = std::fs::File::options().append(true).open(&path).unwrap();
        file.set_modified(at(used_s)).unwrap();
        path
    };
    let a_old = make("titles/A/shaders/old.hsc", MIB, 10);
    let b_old = make("titles/B/pipelines/1234-5678.vkpipelinecache", MIB, 20);
    let a_new = make("titles/A/shaders/new.hsc", MIB, 30);
    let b_new = make("titles/B/shaders/new.hsc", MIB, 40);
    let in_progress = make("titles/A/shaders/new.hsc.77.0.tmp", MIB, 0);

    assert_eq!(prune(root.path(), 0), PruneReport::default());
    let report = prune(root.path(), 2);
    assert_eq!(
        report,
        PruneReport {
            removed_files: 2,
            removed_b: 2 * MIB as u64,
            kept_b: 2 * MIB as u64,
        }
    );
    assert!(!a_old.exists() && !b_old.exists());
    assert!(a_new.exists() && b_new.exists() && in_progress.exists());
    // Within the cap now: nothing more goes.
    assert_eq!(prune(root.path(), 2).removed_files, 0);
    // A missing root is an empty cache.
    assert_eq!(prune(&root.path().join("none"), 1), PruneReport::default());
}
