//! libhookshot's shared library carries its ABI version in its name: the soname
//! `libhookshot.so.MAJOR` on ELF systems, the install name `@rpath/libhookshot.MAJOR.dylib`
//! on macOS, so a program linked against one major version never loads another
//! (scripts/install.sh installs the file under that name with the usual links).

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let major = std::env::var("CARGO_PKG_VERSION_MAJOR").expect("cargo sets the version");
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    match os.as_str() {
        "linux" | "android" | "freebsd" | "netbsd" | "openbsd" | "dragonfly" => {
            println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libhookshot.so.{major}");
        }
        "macos" | "ios" => {
            println!(
                "cargo:rustc-cdylib-link-arg=-Wl,-install_name,@rpath/libhookshot.{major}.dylib"
            );
        }
        // Windows names DLLs by file alone: hookshot.dll, with the version in its resources.
        _ => {}
    }
}
