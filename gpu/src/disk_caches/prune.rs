//! Keeping the on-disk caches under `RX_VK_CACHE_MB`: the files under the cache root are
//! listed with their size and last use (their modification time, which a shader cache hit
//! renews and a pipeline cache save rewrites), and the least recently used are removed
//! until the rest fit. Temporary files of a write in progress are left alone.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

const TARGET: &str = "gpu::disk_caches";

/// The cache root holds a few folders of titles; anything deeper is not ours.
const MAX_DEPTH: usize = 6;
/// Listing stops here: a cache of more files than this is pruned in several starts.
const MAX_FILES: usize = 1 << 20;

/// One cache file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CacheFile {
    pub path: PathBuf,
    pub size_b: u64,
    pub last_used: SystemTime,
}

/// What a prune did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PruneReport {
    pub removed_files: usize,
    pub removed_b: u64,
    pub kept_b: u64,
}

/// The files to remove so that the rest fit in `cap_b`: least recently used first (the
/// path breaking ties, so the choice is the same on every run).
pub fn plan(files: &[CacheFile], cap_b: u64) -> Vec<&CacheFile> {
    let mut total_b: u64 = files.iter().map(|file| file.size_b).sum();
    let mut by_last_use: Vec<&CacheFile> = files.iter().collect();
    by_last_use.sort_by(|a, b| a.last_used.cmp(&b.last_used).then(a.path.cmp(&b.path)));
    let mut removed = Vec::new();
    for file in by_last_use {
        if total_b <= cap_b {
            break;
        }
        total_b -= file.size_b;
        removed.push(file);
    }
    removed
}

/// Every cache file under `root` (none when it does not exist).
pub fn list(root: &Path) -> Vec<CacheFile> {
    let mut files = Vec::new();
    let mut folders = vec![(root.to_path_buf(), 0usize)];
    while let Some((folder, depth)) = folders.pop() {
        let Ok(entries) = std::fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries.flatten() {
            let Ok(meta) = entry.metadata() else { continue };
            let path = entry.path();
            if meta.is_dir() {
                if depth < MAX_DEPTH {
                    folders.push((path, depth + 1));
                }
            } else if meta.is_file() && path.extension().is_none_or(|ext| ext != "tmp") {
                files.push(CacheFile {
                    path,
                    size_b: meta.len(),
                    last_used: meta.modified().unwrap_or(SystemTime::UNIX_EPOCH),
                });
                if files.len() >= MAX_FILES {
                    return files;
                }
            }
        }
    }
    files
}

/// Removes the least recently used files under `root` until the rest fit in `cap_mb`
/// MiB; 0 is no cap.
pub fn prune(root: &Path, cap_mb: u64) -> PruneReport {
    if cap_mb == 0 {
        return PruneReport::default();
    }
    let cap_b = cap_mb.saturating_mul(1 << 20);
    let files = list(root);
    let total_b: u64 = files.iter().map(|file| file.size_b).sum();
    let mut report = PruneReport {
        kept_b: total_b,
        ..PruneReport::default()
    };
    for file in plan(&files, cap_b) {
        match std::fs::remove_file(&file.path) {
            Ok(()) => {
                report.removed_files += 1;
                report.removed_b += file.size_b;
                report.kept_b -= file.size_b;
            }
            // Another process may have removed or replaced it; the next start sees it.
            Err(error) => {
                tracing::debug!(target: TARGET, path = %file.path.display(), %error, "not pruned")
            }
        }
    }
    if report.removed_files > 0 {
        tracing::info!(
            target: TARGET,
            root = %root.display(),
            removed_files = report.removed_files,
            removed_mib = report.removed_b >> 20,
            kept_mib = report.kept_b >> 20,
            "disk caches pruned to RX_VK_CACHE_MB={cap_mb}"
        );
    }
    report
}

#[cfg(test)]
mod tests;
