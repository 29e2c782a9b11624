//! Shader cache entries: any bytes in a program's entry file. The translation handed out
//! must be the program's own, byte for byte, whatever the file holds (a hit only for a
//! sound entry of this source; anything else rebuilt).

use std::path::PathBuf;
use std::sync::OnceLock;

use shader_translate::corpus::CORPUS;
use shader_translate::{CacheLocation, CacheOutcome, ShaderSource, TranslateOptions, Translator};

use crate::{error_kind, outcome_of, Target};

#[derive(Default)]
pub struct CacheEntry {
    state: OnceLock<State>,
}

struct State {
    _dir: tempfile::TempDir,
    translator: Translator,
    source: ShaderSource,
    entry: PathBuf,
    reference: Vec<u32>,
    /// Another program's (same stage) entry, from another cache folder.
    other_entry: Vec<u8>,
}

fn entry_file(dir: &std::path::Path) -> PathBuf {
    std::fs::read_dir(dir)
        .expect("the cache folder")
        .filter_map(|entry| Some(entry.ok()?.path()))
        .find(|path| path.extension().is_some_and(|ext| ext == "hsc"))
        .expect("one entry written")
}

fn cached(dir: &std::path::Path) -> Translator {
    Translator::new(TranslateOptions {
        optimise: false,
        cache: CacheLocation::Dir(dir.to_owned()),
        strict_portability: false,
    })
    .expect("the translator starts")
}

impl CacheEntry {
    fn state(&self) -> &State {
        self.state.get_or_init(|| {
            let dir = tempfile::tempdir().expect("a temporary folder");
            let translator = cached(dir.path());
            // Two fragment shaders of the corpus: this program and another.
            let source = CORPUS[1].source();
            let reference = translator
                .translate(&source)
                .expect("the corpus translates")
                .spirv;
            let entry = entry_file(dir.path());
            let other_dir = tempfile::tempdir().expect("a temporary folder");
            cached(other_dir.path())
                .translate(&CORPUS[5].source())
                .expect("the corpus translates");
            let other_entry = std::fs::read(entry_file(other_dir.path())).expect("its entry");
            State {
                _dir: dir,
                translator,
                source,
                entry,
                reference,
                other_entry,
            }
        })
    }
}

impl Target for CacheEntry {
    fn name(&self) -> &'static str {
        "cache_entry"
    }

    fn seeds(&self) -> Vec<Vec<u8>> {
        let state = self.state();
        let own = std::fs::read(&state.entry).expect("the entry");
        vec![own, state.other_entry.clone()]
    }

    fn run(&self, input: &[u8]) -> Result<u64, String> {
        let state = self.state();
        std::fs::write(&state.entry, input).map_err(|error| format!("cannot write: {error}"))?;
        let translated = state
            .translator
            .translate(&state.source)
            .map_err(|error| format!("the program no longer translates: {error}"))?;
        if translated.spirv != state.reference {
            return Err(format!(
                "the entry gave another module ({:?})",
                translated.cache
            ));
        }
        Ok(match &translated.cache {
            CacheOutcome::Rebuilt(reason) => error_kind(reason),
            other => outcome_of(&format!("{other:?}")),
        })
    }
}
