//! Builds the optimiser's C entry point and completes the link of shaderc.
//!
//! shaderc-sys finds shaderc itself, in this order: `SHADERC_LIB_DIR`, `$VULKAN_SDK/lib`,
//! pkg-config's `shaderc` (off unless `SHADERC_NO_PKG_CONFIG` is unset: .cargo/config.toml
//! says why), then the system's library folder (Debian's `/usr/lib/<arch>-linux-gnu`), and
//! builds it from source (cmake, git, python, a C++ compiler, minutes of build) only where
//! none holds it. This script looks in the same places in the same order, for Linux; a
//! split library is Debian's alone. Debian's `libshaderc_combined.a` holds shaderc alone (its
//! glslang and SPIRV-Tools live in their own static libraries, and `libshaderc.so.1`
//! names none of them), so where that split is found the pieces are linked here too. A
//! truly combined library (Vulkan SDK, other distributions, a source build) needs nothing
//! from here.

use std::path::PathBuf;

/// Debian's split archive is a few hundred KiB; a combined one is tens of MiB.
const SPLIT_COMBINED_MAX_B: u64 = 4 << 20;

/// glslang's pieces, then SPIRV-Tools.
const PIECES: &[&str] = &[
    "SPIRV",
    "glslang",
    "MachineIndependent",
    "GenericCodeGen",
    "OSDependent",
    "OGLCompiler",
    "glslang-default-resource-limits",
    "SPIRV-Tools-opt",
    "SPIRV-Tools",
];

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    compile_optimiser_shim();
    naga_version();
    let Some(lib_dir) = shaderc_lib_dir() else {
        return;
    };
    let lib_dir = lib_dir.as_path();
    let combined = lib_dir.join("libshaderc_combined.a");
    let split = std::fs::metadata(&combined).is_ok_and(|meta| meta.len() < SPLIT_COMBINED_MAX_B)
        && lib_dir.join("libMachineIndependent.a").exists();
    if !split {
        return;
    }
    println!("cargo:rerun-if-changed={}", combined.display());
    println!("cargo:rustc-link-search=native={}", lib_dir.display());
    // shaderc's own objects are bundled in shaderc-sys's rlib, which the final link line
    // puts after these libraries; whole archives let a single-pass linker (GNU ld) resolve
    // shaderc against them all the same (lld needs no help), and `--gc-sections` drops
    // what shaderc does not use.
    for piece in PIECES {
        println!("cargo:rustc-link-lib=static:-bundle,+whole-archive={piece}");
    }
}

/// The folder shaderc-sys links shaderc from, found as it finds it.
fn shaderc_lib_dir() -> Option<PathBuf> {
    println!("cargo:rerun-if-env-changed=SHADERC_LIB_DIR");
    println!("cargo:rerun-if-env-changed=VULKAN_SDK");
    if let Some(dir) = std::env::var_os("SHADERC_LIB_DIR") {
        return Some(PathBuf::from(dir));
    }
    if let Some(sdk) = std::env::var_os("VULKAN_SDK") {
        return Some(PathBuf::from(sdk).join("lib"));
    }
    // The pkg-config crate itself honours SHADERC_NO_PKG_CONFIG, as for shaderc-sys.
    let probed = pkg_config::Config::new()
        .cargo_metadata(false)
        .env_metadata(false)
        .probe("shaderc");
    if let Some(dir) = probed
        .ok()
        .and_then(|lib| lib.link_paths.into_iter().next())
    {
        return Some(dir);
    }
    let arch = std::env::var("CARGO_CFG_TARGET_ARCH").unwrap_or_default();
    let arch = if arch == "x86" { "i386".into() } else { arch };
    Some(PathBuf::from(format!("/usr/lib/{arch}-linux-gnu"))).filter(|dir| dir.is_dir())
}

/// The C entry point to SPIRV-Tools' C++ optimiser (cpp/optimize.cpp), built with the
/// headers of the SPIRV-Tools that is linked: the Vulkan SDK's where `VULKAN_SDK` is set,
/// the system's otherwise (Debian's `spirv-tools` package puts them in /usr/include).
fn compile_optimiser_shim() {
    println!("cargo:rerun-if-changed=cpp/optimize.cpp");
    println!("cargo:rerun-if-env-changed=VULKAN_SDK");
    let mut build = cc::Build::new();
    build.cpp(true).std("c++17").file("cpp/optimize.cpp");
    if let Some(sdk) = std::env::var_os("VULKAN_SDK") {
        build.include(PathBuf::from(sdk).join("include"));
    }
    build.compile("hookshot_spirv_opt");
}

/// naga's version from the workspace's Cargo.lock, for the cache key (naga writes the
/// Metal check's verdicts and the kernels); "unlocked" where the crate is built without
/// this workspace's lock file.
fn naga_version() {
    let manifest = std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default();
    let lock = PathBuf::from(manifest).join("../Cargo.lock");
    println!("cargo:rerun-if-changed={}", lock.display());
    let text = std::fs::read_to_string(&lock).unwrap_or_default();
    let version = text
        .split("[[package]]")
        .find(|package| package.contains("\nname = \"naga\"\n"))
        .and_then(|package| {
            package
                .lines()
                .find_map(|line| line.strip_prefix("version = "))
        })
        .map(|quoted| quoted.trim_matches('"').to_owned())
        .unwrap_or_else(|| "unlocked".into());
    println!("cargo:rustc-env=HOOKSHOT_NAGA_VERSION={version}");
}
