//! The Metal check reads every translated module with naga, whose SPIR-V reader warns
//! once for each decoration it does not model. The translation decorates every float
//! add and multiply `NoContraction`, so without care a porter's log would get one naga
//! line per float operation of every program. The check keeps naga's own lines out of
//! the process's log (its verdict is what it reports).
//!
//! One test in this file: it installs the process's `tracing` subscriber.

mod common;

use std::io::Write;
use std::sync::{Arc, Mutex};

/// Everything the subscriber writes.
#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl Write for Captured {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn a_translation_passes_on_no_naga_line() {
    let captured = Captured::default();
    let writer = captured.clone();
    // `try_init` also routes the `log` records naga writes into `tracing`, as a
    // porter's process does.
    tracing_subscriber::fmt()
        .with_max_level(tracing::Level::TRACE)
        .with_ansi(false)
        .with_writer(move || writer.clone())
        .try_init()
        .expect("this test's process has no subscriber yet");
    let name = "dk_basic_lighting_fsh";
    let shader = common::translator(false)
        .translate_dksh(name, &common::maxwell_dksh(name))
        .unwrap();
    // What naga's reader would warn about is there, and naga did read the module.
    assert!(common::disassemble(&shader.spirv).contains("NoContraction"));
    assert!(shader.metal.portable(), "{:?}", shader.metal.problems());
    assert!(shader.metal.msl.is_some());
    let log = String::from_utf8(captured.0.lock().unwrap().clone()).unwrap();
    assert!(!log.contains("naga"), "{log}");
    // The subscriber does see the translator's own lines: the capture is not empty
    // because nothing was logged at all.
    tracing::warn!(target: "shader_translate", "the capture works");
    let log = String::from_utf8(captured.0.lock().unwrap().clone()).unwrap();
    assert!(log.contains("the capture works"), "{log}");
}
