//! The translator needs no program: with PATH pointing at an empty folder, every corpus
//! shader and kernel translates, optimised and not, exactly as with the usual PATH.
//! (One test alone in this file: it changes the process's PATH.)

mod common;

use shader_translate::corpus::CORPUS;
use shader_translate::TranslatedShader;

fn translate_all(optimise: bool) -> Vec<TranslatedShader> {
    let translator = common::translator(optimise);
    CORPUS
        .iter()
        .map(|shader| {
            translator
                .translate(&shader.source())
                .unwrap_or_else(|error| panic!("{}: {error}", shader.file))
        })
        .collect()
}

#[test]
fn translation_runs_with_no_program_on_path() {
    let usual: Vec<_> = [false, true].map(translate_all).into();
    let empty = tempfile::tempdir().unwrap();
    let saved = std::env::var_os("PATH");
    std::env::set_var("PATH", empty.path());
    let bare: Vec<_> = [false, true].map(translate_all).into();
    if let Some(path) = saved {
        std::env::set_var("PATH", path);
    }
    assert_eq!(bare, usual);
    assert!(bare.iter().flatten().all(|shader| shader.metal.portable()));
}
