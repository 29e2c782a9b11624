//! Links Debian's shaderc. Debian's `libshaderc_combined.a` holds shaderc alone (its
//! glslang and SPIRV-Tools live in their own static libraries, and `libshaderc.so.1`
//! names none of them), so where that split is found the pieces are linked here too.
//! A truly combined library (Vulkan SDK, other distributions) needs nothing from here.

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
    println!("cargo:rerun-if-env-changed=SHADERC_LIB_DIR");
    // Without SHADERC_LIB_DIR, shaderc-sys looks where Debian puts it; so does this.
    let lib_dir = match std::env::var_os("SHADERC_LIB_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => {
            let arch = std::env::var("CARGO_CFG_TARGET_ARCH").unwrap_or_default();
            PathBuf::from(format!("/usr/lib/{arch}-linux-gnu"))
        }
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
