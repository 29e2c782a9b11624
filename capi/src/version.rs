//! libhookshot's version: the `HS_VERSION_*` macros a port compiles against and
//! `hsGetVersion`, the library it runs with. Both are the crate's version (Cargo.toml);
//! the constants are literals for cbindgen, and the build fails where they disagree.

/// The major version: the soname's number (`libhookshot.so.MAJOR`); a change in it breaks
/// the C ABI.
pub const HS_VERSION_MAJOR: u32 = 0;
/// The minor version: entry points added, none changed.
pub const HS_VERSION_MINOR: u32 = 1;
/// The patch version: fixes only.
pub const HS_VERSION_PATCH: u32 = 0;

/// A decimal number in a string, at compile time (`str::parse` is not `const`).
const fn parse_decimal(text: &str) -> u32 {
    let bytes = text.as_bytes();
    let mut value = 0u32;
    let mut index = 0;
    while index < bytes.len() {
        assert!(
            bytes[index].is_ascii_digit(),
            "a version part is not a number"
        );
        value = value * 10 + (bytes[index] - b'0') as u32;
        index += 1;
    }
    value
}

const _: () = assert!(
    HS_VERSION_MAJOR == parse_decimal(env!("CARGO_PKG_VERSION_MAJOR"))
        && HS_VERSION_MINOR == parse_decimal(env!("CARGO_PKG_VERSION_MINOR"))
        && HS_VERSION_PATCH == parse_decimal(env!("CARGO_PKG_VERSION_PATCH")),
    "HS_VERSION_* in capi/src/version.rs differ from the workspace version in Cargo.toml"
);

/// The version of the library the process runs with, for comparison with the
/// `HS_VERSION_*` the port was compiled against (a newer minor or patch is compatible,
/// another major is not). Any of the pointers may be NULL.
#[no_mangle]
pub unsafe extern "C" fn hsGetVersion(
    major: *mut u32,
    minor: *mut u32,
    patch: *mut u32,
) -> crate::HSresult {
    crate::guard::entry("hsGetVersion", || {
        for (out, value, arg) in [
            (major, HS_VERSION_MAJOR, "major"),
            (minor, HS_VERSION_MINOR, "minor"),
            (patch, HS_VERSION_PATCH, "patch"),
        ] {
            if !out.is_null() {
                // SAFETY: the header's contract for out-parameters; NULL is skipped.
                unsafe { crate::builder::out_value(out, arg, value) }?;
            }
        }
        Ok(())
    })
}
