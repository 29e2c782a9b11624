//! Multisample textures on the real driver (lavapipe in CI, validation on): refused when
//! made, with an error naming the sample count and the counts the device renders, rather
//! than accepted and refused at the first list that uses one. Drawing into them, their
//! resolves and their keeping in the image cache are not executed yet.

mod common;

use common::rig::Rig;
use gpu::objects::TextureBuilder;
use gpu::{BackendError, ObjectError};
use memory::{Format, TextureKind};

#[test]
fn multisample_textures_are_refused_when_made_naming_the_count() {
    let rig = Rig::new(true);
    let rgba8 = Format::from_name("rgba8").unwrap();
    for samples in [2, 4, 8] {
        let builder = TextureBuilder::new_2d(rgba8, 16, 16)
            .kind(TextureKind::D2Multisample)
            .samples(samples);
        match rig.device.create_texture(&builder, rig.pool, 0) {
            Err(ObjectError::Backend(BackendError::Unsupported(why))) => {
                assert!(
                    why.contains(&format!("a {samples}-sample texture")),
                    "{samples}: {why}"
                );
                assert!(why.contains("this device renders 1"), "{samples}: {why}");
            }
            other => panic!("{samples} samples: {other:?}"),
        }
    }
    // A single-sample texture at the same place is made as before.
    let (_texture, _view) = rig.texture(&TextureBuilder::new_2d(rgba8, 16, 16), 0);
}
