//! The platform's per-user folders, by its convention: caches under `$XDG_CACHE_HOME` (or
//! `~/.cache`), `~/Library/Caches` on macOS, `%LOCALAPPDATA%` on Windows; configuration
//! under `$XDG_CONFIG_HOME` (or `~/.config`), `~/Library/Application Support`,
//! `%APPDATA%`. Here because the shader cache needed them first; the switches' per-title
//! configuration files and cache folders use them too.

use std::ffi::OsString;
use std::path::PathBuf;

/// What the folder is for: its names on each platform.
struct Convention {
    xdg_variable: &'static str,
    xdg_fallback: &'static str,
    macos: &'static str,
    windows_variable: &'static str,
}

const CACHE: Convention = Convention {
    xdg_variable: "XDG_CACHE_HOME",
    xdg_fallback: ".cache",
    macos: "Library/Caches",
    windows_variable: "LOCALAPPDATA",
};

const CONFIG: Convention = Convention {
    xdg_variable: "XDG_CONFIG_HOME",
    xdg_fallback: ".config",
    macos: "Library/Application Support",
    windows_variable: "APPDATA",
};

fn resolve(convention: &Convention, var: impl Fn(&str) -> Option<OsString>) -> Option<PathBuf> {
    let home = || var("HOME").map(PathBuf::from);
    if cfg!(target_os = "macos") {
        home().map(|home| home.join(convention.macos))
    } else if cfg!(windows) {
        var(convention.windows_variable).map(PathBuf::from)
    } else {
        // The XDG specification: a relative value is invalid and ignored.
        var(convention.xdg_variable)
            .map(PathBuf::from)
            .filter(|dir| dir.is_absolute())
            .or_else(|| home().map(|home| home.join(convention.xdg_fallback)))
    }
}

/// The user's cache folder; `None` where the platform's variable (or `HOME`) is unset.
pub fn platform_cache_dir() -> Option<PathBuf> {
    resolve(&CACHE, |name| std::env::var_os(name))
}

/// The user's configuration folder; `None` where the platform's variable (or `HOME`) is
/// unset.
pub fn platform_config_dir() -> Option<PathBuf> {
    resolve(&CONFIG, |name| std::env::var_os(name))
}
