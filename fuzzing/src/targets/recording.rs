//! Recordings: read to their end or first error, every payload decoder tried on the bytes
//! after a kind byte, and the records played on a device (its record-time checks; no GPU).
//! The seed holds a program made from GLSL, so its module's source is mutated too.

use std::io::Write;
use std::sync::{Arc, Mutex};

use gpu::mem::pool::PoolFlags;
use gpu::mem::Format;
use gpu::objects::{BufferMaker, PoolMaker, ProgramMaker, ShaderModule, TextureBuilder};
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

/// A compute module translated from GLSL, keeping its source.
fn seed_module() -> ShaderModule {
    use shader_translate::{CacheLocation, ShaderCode, ShaderSource, TranslateOptions, Translator};
    let translator = Translator::new(TranslateOptions {
        optimise: false,
        cache: CacheLocation::Off,
        strict_portability: false,
    })
    .expect("a translator");
    let source = ShaderSource {
        name: "seed.comp".into(),
        stage: shader_translate::Stage::Compute,
        code: ShaderCode::Glsl(
            "#version 450\nlayout(local_size_x = 4) in;\n\
             layout(std430, binding = 0) buffer Out { uint words[]; };\n\
             void main() { words[gl_GlobalInvocationID.x] = gl_GlobalInvocationID.x; }\n"
                .into(),
        ),
    };
    let translated = translator.translate(&source).expect("the seed translates");
    ShaderModule::translated_from(source, &translated)
}

/// A short session: a pool written, a texture and a buffer in it, tables, a program made
/// from source, a finalize.
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
        device
            .create_program(&ProgramMaker {
                modules: vec![seed_module()],
            })
            .expect("a program");
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
