//! The on-disk cache of translated shaders. A damaged entry is logged and rebuilt, never
//! used; a cache that cannot be written costs speed, never a translation.

mod entry;
mod key;
mod platform_dirs;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

pub(crate) use entry::{Claim, Entry};
pub use key::TRANSLATOR_VERSION;
pub(crate) use key::{cache_key_of, source_hash_of, KeyedInput};
pub use platform_dirs::{platform_cache_dir, platform_config_dir};

use crate::CacheLocation;

const TARGET: &str = "shader_translate::cache";

/// The largest entry read: the largest module taken, and as much again for its
/// reflection and Metal check (MSL text). A larger file (or a link to an endless one) is
/// damage, rebuilt.
const MAX_ENTRY_B: u64 = 2 * crate::limits::MAX_SHADER_BINARY_B as u64;

/// What a lookup found.
pub(crate) enum Lookup {
    Hit(Box<Entry>),
    Miss,
    /// An entry was there but unusable; the reason is logged and returned.
    Damaged(String),
}

pub(crate) struct ShaderCache {
    dir: PathBuf,
    temp_counter: AtomicU64,
}

/// `hookshot/shaders` under the user's cache directory, per platform convention.
pub fn user_cache_dir() -> Option<PathBuf> {
    platform_cache_dir().map(|base| base.join("hookshot").join("shaders"))
}

impl ShaderCache {
    /// The cache for `location`, or `None` when it is off or has nowhere to live.
    pub(crate) fn open(location: &CacheLocation) -> Option<Self> {
        let dir = match location {
            CacheLocation::Off => return None,
            CacheLocation::Dir(dir) => dir.clone(),
            CacheLocation::UserCacheDir => match user_cache_dir() {
                Some(dir) => dir,
                None => {
                    tracing::warn!(target: TARGET, "no user cache directory (HOME unset); shader cache off");
                    return None;
                }
            },
        };
        tracing::debug!(target: TARGET, dir = %dir.display(), "shader cache");
        Some(ShaderCache {
            dir,
            temp_counter: AtomicU64::new(0),
        })
    }

    pub(crate) fn dir(&self) -> &Path {
        &self.dir
    }

    pub(crate) fn entry_path(&self, key: &str) -> PathBuf {
        self.dir.join(format!("{key}.hsc"))
    }

    pub(crate) fn load(&self, claim: &Claim) -> Lookup {
        let path = self.entry_path(claim.key);
        let bytes = match bounded_read::read_file(&path, MAX_ENTRY_B, "a shader cache entry") {
            Ok(bytes) => bytes,
            Err(error) if error.is_not_found() => return Lookup::Miss,
            Err(error @ bounded_read::ReadError::Io { .. }) => {
                tracing::warn!(target: TARGET, %error, "cannot read shader cache entry");
                return Lookup::Miss;
            }
            Err(error) => {
                tracing::warn!(target: TARGET, %error, "unreadable shader cache entry; rebuilding it");
                return Lookup::Damaged(error.to_string());
            }
        };
        match entry::decode(claim, &bytes) {
            Ok(entry) => {
                mark_used(&path);
                Lookup::Hit(Box::new(entry))
            }
            Err(damage) => {
                tracing::warn!(
                    target: TARGET,
                    path = %path.display(),
                    %damage,
                    "damaged shader cache entry; rebuilding it"
                );
                Lookup::Damaged(damage.to_string())
            }
        }
    }

    /// Writes an entry through a temporary file and a rename, so a reader (another
    /// process included) sees the old entry or the whole new one.
    pub(crate) fn store(&self, claim: &Claim, entry: &Entry) {
        let key = claim.key;
        let result = (|| -> std::io::Result<()> {
            std::fs::create_dir_all(&self.dir)?;
            let temp = self.dir.join(format!(
                "{key}.{}.{}.tmp",
                std::process::id(),
                self.temp_counter.fetch_add(1, Ordering::Relaxed)
            ));
            std::fs::write(&temp, entry::encode(claim, entry))?;
            std::fs::rename(&temp, self.entry_path(key)).inspect_err(|_| {
                let _ = std::fs::remove_file(&temp);
            })
        })();
        if let Err(error) = result {
            tracing::warn!(target: TARGET, dir = %self.dir.display(), %error, "cannot write shader cache entry");
        }
    }
}

/// Marks an entry used now (its modification time), so pruning to `RX_VK_CACHE_MB`
/// removes the entries least recently used, not the oldest written. A failure costs the
/// order, never the entry.
fn mark_used(path: &Path) {
    if let Ok(file) = std::fs::File::options().append(true).open(path) {
        let _ = file.set_modified(std::time::SystemTime::now());
    }
}
