//! Where the on-disk shader and pipeline caches live: per title, under the platform's
//! cache folder (`<cache>/hookshot/titles/<title id>/shaders` and `.../pipelines`; a
//! program with no title keeps `<cache>/hookshot/shaders` and `.../pipelines`), and the
//! size cap over all of `<cache>/hookshot` (`RX_VK_CACHE_MB`), kept by removing the files
//! least recently used (`prune`).

pub mod prune;

use std::path::PathBuf;

use crate::title::Title;

/// `<cache>/hookshot`: every title's caches, the folder `RX_VK_CACHE_MB` caps; `None`
/// where the platform names no cache folder (`HOME` unset).
pub fn cache_root() -> Option<PathBuf> {
    shader_translate::platform_cache_dir().map(|dir| dir.join("hookshot"))
}

/// The folder of `title`'s caches under `root`.
pub fn title_dir(root: PathBuf, title: Option<&Title>) -> PathBuf {
    match title {
        Some(title) => root.join("titles").join(&title.id),
        None => root,
    }
}

/// The shader cache folder of `title` under the platform's cache folder.
pub fn shader_dir(title: Option<&Title>) -> Option<PathBuf> {
    cache_root().map(|root| title_dir(root, title).join("shaders"))
}

/// The pipeline cache folder of `title` under the platform's cache folder.
pub fn pipeline_dir(title: Option<&Title>) -> Option<PathBuf> {
    cache_root().map(|root| title_dir(root, title).join("pipelines"))
}
