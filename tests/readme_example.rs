//! The README's Rust example (`examples/readme.rs`) on the real driver, validation on: a
//! clear of a texture in a pool is in the pool's storage once the queue finished. Every
//! texel is the clear colour, so the first four bytes are the colour's whatever the
//! block-linear layout. `tests/docs.rs` checks the README shows this file's text.

mod common;

#[allow(dead_code)]
#[path = "../examples/readme.rs"]
mod readme;

#[test]
fn the_readme_example_finds_its_clear_in_storage() {
    let gpu = common::TestGpu::open();
    let switches = common::switches_with(&[]);
    let texel = readme::clear_and_read(&gpu.device, &switches).expect("the example runs");
    assert_eq!(texel, [0, 255, 0, 255]);
}
