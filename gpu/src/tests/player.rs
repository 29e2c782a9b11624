//! Playing a recording back: the same objects, writes, lists and submissions, so the
//! played device records the same file again; damaged files are errors, not panics.

use super::fixture::*;
use super::recording::recorded_run;
use crate::recording::*;

fn play_all(bytes: &[u8]) -> Result<(Vec<u8>, Vec<Played>), PlayError> {
    let (device, _, sink) = recording_device();
    let mut player = Player::new(bytes)?;
    let mut played = Vec::new();
    while let Some(step) = player.step(&device)? {
        played.push(step);
    }
    device.end_recording().unwrap();
    let again = sink.0.lock().clone();
    Ok((again, played))
}

#[test]
fn a_played_recording_records_the_same_file_again() {
    let (bytes, _) = recorded_run();
    let (again, played) = play_all(&bytes).expect("the recording plays");
    assert!(played.contains(&Played::Submitted));
    assert!(played.iter().any(|p| matches!(p, Played::Presented { .. })));
    assert!(
        again == bytes,
        "the replay must record byte for byte what the run recorded"
    );
}

#[test]
fn a_truncated_recording_is_an_error_with_its_offset() {
    let (bytes, _) = recorded_run();
    let cut = &bytes[..bytes.len() / 2];
    let err = play_all(cut).unwrap_err();
    assert!(matches!(err, PlayError::Read(_)), "{err}");
    assert!(err.to_string().contains("byte"), "{err}");
}

#[test]
fn a_recording_for_other_ids_diverges() {
    let (bytes, _) = recorded_run();
    // A device that already made a pool hands out other ids than the recording's.
    let (device, _, _) = recording_device();
    device
        .create_pool(&crate::objects::PoolMaker::new(
            4096,
            crate::mem::pool::PoolFlags::CPU_CACHED_GPU_CACHED,
        ))
        .unwrap();
    let mut player = Player::new(&bytes[..]).unwrap();
    let err = loop {
        match player.step(&device) {
            Ok(None) => panic!("it must diverge"),
            Ok(Some(_)) => {}
            Err(err) => break err,
        }
    };
    assert!(matches!(err, PlayError::Diverged { .. }), "{err}");
}
