//! The recording reader on arbitrary bytes: every input is read to its end or its first
//! error, and every payload decoder is tried on the bytes after a kind byte. Run with
//! `cargo +nightly fuzz run recording_reader` in `gpu/`.

#![no_main]

use gpu::recording::{Record, RecordKind, RecordingReader};
use gpu::Coded;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(reader) = RecordingReader::new(data) {
        for result in reader {
            if result.is_err() {
                break;
            }
        }
    }
    if let Some((&code, payload)) = data.split_first() {
        if let Some(kind) = RecordKind::from_code(code) {
            let _ = Record::decode_payload(kind, payload);
        }
    }
});
