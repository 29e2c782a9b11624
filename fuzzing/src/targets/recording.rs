//! Recordings: read to their end or first error, every payload decoder tried on the bytes
//! after a kind byte, and the records played on a device (its record-time checks; no GPU).

use std::io::Write;
use std::sync::{Arc, Mutex};

use gpu::mem::pool::PoolFlags;
use gpu::mem::Format;
use gpu::objects::{BufferMaker, PoolMaker, TextureBuilder};
use gpu::recording::{Player, Record, RecordKind, RecordingReader};
use gpu::{Coded, Device, DeviceMaker};

use super::null_backend::NullBackend;
use crate::{error_kind, outcome_of, Target};

pub struct Recording;

/// A sink the seed's recording is read back from.
#[derive(Clone, Default)]
struct Sink(Arc<Mutex<Vec<u8>>>);

impl Write for Sink {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().expect("one writer").extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// A short session: a pool written, a texture and a buffer in it, tables, a finalize.
fn seed_recording() -> Vec<u8> {
    let sink = Sink::default();
    {
        let device =
            Device::new(DeviceMaker::new(Box::new(NullBackend)).recording(Box::new(sink.clone())))
                .expect("a recording device");
        let pool = device
            .create_pool(&PoolMaker::new(64 << 10, PoolFlags::CPU_CACHED_GPU_CACHED))
            .expect("a pool");
        device.write_pool(pool, 0, &[1, 2, 3, 4]).expect("a write");
        let texture = device
            .create_texture(&TextureBuilder::new_2d(Format::Rgba8, 16, 16), pool, 0)
            .expect("a texture");
        device
            .create_buffer(&BufferMaker {
                pool,
                offset_b: 32 << 10,
                size_b: 256,
                usage: Default::default(),
            })
            .expect("a buffer");
        device.create_texture_table(4).expect("a table");
        device.create_sampler_table(4).expect("a table");
        device.finalize(texture).expect("a finalize");
    }
    let bytes = sink.0.lock().expect("one writer").clone();
    bytes
}

impl Target for Recording {
    fn name(&self) -> &'static str {
        "recording"
    }

    fn seeds(&self) -> Vec<Vec<u8>> {
        vec![seed_recording()]
    }

    fn run(&self, input: &[u8]) -> Result<u64, String> {
        if let Ok(reader) = RecordingReader::new(input) {
            for result in reader {
                if result.is_err() {
                    break;
                }
            }
        }
        if let Some((&code, payload)) = input.split_first() {
            if let Some(kind) = RecordKind::from_code(code) {
                let _ = Record::decode_payload(kind, payload);
            }
        }
        let device = Device::new(DeviceMaker::new(Box::new(NullBackend)))
            .map_err(|error| format!("no device: {error}"))?;
        let mut player = match Player::new(input) {
            Ok(player) => player,
            Err(error) => return Ok(error_kind(&error)),
        };
        let mut played = 0u64;
        loop {
            match player.step(&device) {
                Ok(Some(_)) => played += 1,
                Ok(None) => return Ok(outcome_of(&format!("played {}", played.min(64)))),
                Err(error) => return Ok(error_kind(&error) ^ played.min(64)),
            }
        }
    }
}
