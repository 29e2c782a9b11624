//! The committed header is what cbindgen makes of `src/` now, and every function it
//! declares is known to `hsGetProcAddress`.

use std::path::Path;

fn generated_header() -> String {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let config =
        cbindgen::Config::from_file(crate_dir.join("cbindgen.toml")).expect("cbindgen.toml");
    let bindings = cbindgen::Builder::new()
        .with_crate(crate_dir)
        .with_config(config)
        .generate()
        .expect("cbindgen makes the header");
    let mut out = Vec::new();
    bindings.write(&mut out);
    String::from_utf8(out).expect("the header is UTF-8")
}

#[test]
fn committed_header_is_current() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("include/hookshot.h");
    let generated = generated_header();
    if std::env::var_os("HOOKSHOT_BLESS_HEADER").is_some() {
        std::fs::write(&path, &generated).expect("writing the header");
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "capi/include/hookshot.h differs from what cbindgen makes of capi/src now; run \
         HOOKSHOT_BLESS_HEADER=1 cargo test -p hookshot-capi --test header and commit it"
    );
}

#[test]
fn every_declared_function_resolves_by_name() {
    let header = generated_header();
    let mut declared = 0;
    for line in header.lines() {
        let Some(start) = line.find(" hs") else {
            continue;
        };
        let rest = &line[start + 1..];
        let Some(end) = rest.find('(') else { continue };
        let name = &rest[..end];
        if !name.chars().all(|c| c.is_ascii_alphanumeric()) {
            continue;
        }
        declared += 1;
        let c_name = std::ffi::CString::new(name).unwrap();
        // SAFETY: a NUL-terminated name.
        let found = unsafe { hookshot::hsGetProcAddress(c_name.as_ptr()) };
        assert!(
            found.is_some(),
            "{name} is declared but hsGetProcAddress does not know it"
        );
    }
    assert!(
        declared > 100,
        "only {declared} functions found in the header"
    );
    let unknown = std::ffi::CString::new("hsNoSuchFunction").unwrap();
    // SAFETY: as above.
    assert!(unsafe { hookshot::hsGetProcAddress(unknown.as_ptr()) }.is_none());
    // SAFETY: NULL is allowed.
    assert!(unsafe { hookshot::hsGetProcAddress(std::ptr::null()) }.is_none());
}
