//! The decoder on random bytes, random damage and random cuts: errors, never panics,
//! and reading always ends.

use proptest::prelude::*;

use super::recording::recorded_run;
use crate::coded::Coded;
use crate::recording::format::header;
use crate::recording::{Record, RecordKind, RecordingReader};

/// Reads to the end or the first error; at most one record per byte can come out.
fn drain(bytes: &[u8]) -> bool {
    let Ok(reader) = RecordingReader::new(bytes) else {
        return false;
    };
    let mut records = 0usize;
    for result in reader {
        if result.is_err() {
            return false;
        }
        records += 1;
        assert!(records <= bytes.len());
    }
    true
}

fn sample() -> Vec<u8> {
    use std::sync::OnceLock;
    static SAMPLE: OnceLock<Vec<u8>> = OnceLock::new();
    SAMPLE.get_or_init(|| recorded_run().0).clone()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..2048)) {
        drain(&bytes);
    }

    #[test]
    fn random_frames_after_a_good_header_never_panic(
        tail in proptest::collection::vec(any::<u8>(), 0..2048)
    ) {
        let mut bytes = header().to_vec();
        bytes.extend_from_slice(&tail);
        drain(&bytes);
    }

    #[test]
    fn every_payload_decoder_survives_random_bytes(
        code in 1u8..=23,
        payload in proptest::collection::vec(any::<u8>(), 0..512)
    ) {
        let kind = RecordKind::from_code(code).unwrap();
        let _ = Record::decode_payload(kind, &payload);
    }

    #[test]
    fn truncated_recordings_are_errors(cut in any::<prop::sample::Index>()) {
        let bytes = sample();
        let cut_b = cut.index(bytes.len());
        prop_assert!(!drain(&bytes[..cut_b]));
    }

    #[test]
    fn damaged_recordings_never_panic(
        edits in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..8)
    ) {
        let mut bytes = sample();
        let mut changed = false;
        for (at, value) in edits {
            let at = at.index(bytes.len());
            changed |= bytes[at] != value;
            bytes[at] = value;
        }
        let read_whole = drain(&bytes);
        // CRC-32 catches every change of up to 3 bits in a frame; random bytes could
        // in principle collide, so only a no-op edit may read cleanly for certain.
        if !changed {
            prop_assert!(read_whole);
        }
    }
}
