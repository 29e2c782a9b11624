//! Finding the Vulkan loader: the platform's names in order, or one explicit path
//! (`RX_VK_LOADER`). On macOS without a loader, MoltenVK's own library is a Vulkan ICD
//! that can be loaded directly.

use std::ffi::OsStr;
use std::path::Path;

use gpu::switches::LoaderChoice;

/// The names tried in order where `RX_VK_LOADER` is `auto`.
#[cfg(target_os = "windows")]
pub const PLATFORM_NAMES: &[&str] = &["vulkan-1.dll"];
#[cfg(any(target_os = "macos", target_os = "ios"))]
pub const PLATFORM_NAMES: &[&str] = &["libvulkan.1.dylib", "libvulkan.dylib", "libMoltenVK.dylib"];
#[cfg(not(any(target_os = "windows", target_os = "macos", target_os = "ios")))]
pub const PLATFORM_NAMES: &[&str] = &["libvulkan.so.1", "libvulkan.so"];

/// Loads the loader `choice` names, with the name it came from; `Err` lists every
/// name tried and why each failed.
pub fn load(choice: &LoaderChoice) -> Result<(ash::Entry, String), String> {
    match choice {
        LoaderChoice::Auto => load_first(PLATFORM_NAMES.iter().map(OsStr::new)),
        LoaderChoice::Path(path) => load_first(std::iter::once(Path::new(path).as_os_str())),
    }
}

fn load_first<'a>(names: impl Iterator<Item = &'a OsStr>) -> Result<(ash::Entry, String), String> {
    let mut failures = Vec::new();
    for name in names {
        // SAFETY: loading a Vulkan loader runs its initialisation; the caller loads it
        // once a process (`instance::loader`) and never unloads it while in use.
        match unsafe { ash::Entry::load_from(name) } {
            Ok(entry) => return Ok((entry, name.to_string_lossy().into_owned())),
            Err(error) => failures.push(format!("{}: {error}", name.to_string_lossy())),
        }
    }
    Err(failures.join("; "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_platform_loader_is_found_by_name() {
        let (_entry, name) = load(&LoaderChoice::Auto).unwrap();
        assert_eq!(name, PLATFORM_NAMES[0]);
    }

    #[test]
    fn an_explicit_path_is_the_only_one_tried() {
        let missing = LoaderChoice::Path("/nonexistent/libvulkan-hookshot.so".into());
        let error = load(&missing).map(|_| ()).unwrap_err();
        assert!(
            error.starts_with("/nonexistent/libvulkan-hookshot.so: "),
            "{error}"
        );
        assert!(!error.contains(PLATFORM_NAMES[0]), "{error}");
    }
}
