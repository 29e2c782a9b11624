//! The recording format end to end: a run recorded, written, read back; every damage
//! to the file is an error with the byte offset and the record kind.

use std::collections::HashSet;
use std::time::Duration;

use super::fixture::*;
use crate::coded::Coded;
use crate::command::CommandList;
use crate::objects::SyncCondition;
use crate::recording::format::{frame, header, HEADER_B, MAX_PAYLOAD_B};
use crate::recording::wire::{Wire, WireReader};
use crate::recording::*;

/// A run touching every record kind; returns the file and the lists it finished.
pub fn recorded_run() -> (Vec<u8>, Vec<CommandList>) {
    let (device, _, sink) = recording_device();
    let scene = scene(&device);
    device.write_pool(scene.pool, 0, &[0xab; 1000]).unwrap();
    device
        .copy_pool(scene.pool, 0, scene.pool, 8192, 1000)
        .unwrap();
    let mut buffer = device.command_buffer();
    for command in every_command(&scene) {
        buffer.record(command).unwrap();
    }
    let main = buffer.finish();
    let queue = device.queue();
    queue.submit(&main).unwrap();
    queue.submit(&main).unwrap();
    queue
        .fence_sync(scene.sync, SyncCondition::AllGpuCommandsComplete)
        .unwrap();
    queue.flush().unwrap();
    queue.finish().unwrap();
    device
        .wait_sync(scene.sync, Duration::from_millis(5))
        .unwrap();
    let acquired = device.acquire_texture(scene.window).unwrap();
    queue.present(scene.window, acquired.index).unwrap();
    device.finalize(scene.tile).unwrap();
    device.end_recording().unwrap();
    let bytes = sink.0.lock().clone();
    let fence = {
        let mut buffer = device.command_buffer();
        buffer
            .signal_sync(scene.sync, SyncCondition::AllGpuCommandsComplete, true)
            .unwrap();
        buffer.finish()
    };
    (bytes, vec![main, fence])
}

fn read_all(bytes: &[u8]) -> Result<Vec<(u64, Record)>, ReadError> {
    let mut reader = RecordingReader::new(bytes)?;
    let mut records = Vec::new();
    loop {
        let offset_b = reader.offset_b();
        match reader.next_record()? {
            Some(record) => records.push((offset_b, record)),
            None => return Ok(records),
        }
    }
}

fn encode<T: Wire>(value: &T) -> Vec<u8> {
    let mut out = Vec::new();
    value.put(&mut out);
    out
}

#[test]
fn every_record_kind_is_written_and_read_back() {
    let (bytes, _) = recorded_run();
    let records = read_all(&bytes).unwrap();
    let kinds: HashSet<RecordKind> = records.iter().map(|(_, record)| record.kind()).collect();
    for code in 1..=22u8 {
        let kind = RecordKind::from_code(code).unwrap();
        assert!(kinds.contains(&kind), "{kind:?} missing");
    }
    let submits: Vec<&Vec<u64>> = records
        .iter()
        .filter_map(|(_, record)| match record {
            Record::Submit { sync_values, .. } => Some(sync_values),
            _ => None,
        })
        .collect();
    assert_eq!(submits, vec![&vec![1, 1], &vec![2, 2], &vec![3]]);
}

#[test]
fn command_lists_come_back_byte_for_byte() {
    let (bytes, lists) = recorded_run();
    let main = &lists[0];
    let recorded: Vec<CommandList> = read_all(&bytes)
        .unwrap()
        .into_iter()
        .filter_map(|(_, record)| match record {
            Record::CommandList { list, .. } => Some(list),
            _ => None,
        })
        .collect();
    assert_eq!(
        recorded.len(),
        2,
        "the main list and the fence's one-op list"
    );
    assert_eq!(&recorded[0], main);
    assert_eq!(recorded[0].id(), main.id());
    assert_eq!(encode(&recorded[0]), encode(main));
    assert_eq!(recorded[0].ops(), main.ops());
    assert_eq!(encode(&recorded[1]), encode(&lists[1]));
}

#[test]
fn rewriting_what_was_read_gives_the_same_file() {
    let (bytes, _) = recorded_run();
    let records = read_all(&bytes).unwrap();
    let mut writer = RecordingWriter::new(Vec::new()).unwrap();
    for (_, record) in &records {
        writer.write(record).unwrap();
    }
    assert_eq!(writer.finish().unwrap(), bytes);
}

/// Start offsets of every record, `End` included.
fn boundaries(bytes: &[u8]) -> Vec<u64> {
    let mut reader = RecordingReader::new(bytes).unwrap();
    let mut offsets = Vec::new();
    loop {
        offsets.push(reader.offset_b());
        if reader.next_record().unwrap().is_none() {
            return offsets;
        }
    }
}

#[test]
fn truncation_at_every_record_boundary_is_an_error() {
    let (bytes, _) = recorded_run();
    let offsets = boundaries(&bytes);
    assert_eq!(offsets[0], HEADER_B as u64);
    for &cut_b in &offsets {
        let error = read_all(&bytes[..cut_b as usize]).unwrap_err();
        assert!(
            matches!(error.kind, ReadErrorKind::MissingEnd),
            "cut at {cut_b}: {error}"
        );
        assert_eq!(error.offset_b, cut_b);
    }
}

#[test]
fn truncation_inside_a_record_names_its_offset_and_kind() {
    let (bytes, _) = recorded_run();
    let records = read_all(&bytes).unwrap();
    let offsets = boundaries(&bytes);
    for (index, (start_b, record)) in records.iter().enumerate() {
        let end_b = offsets[index + 1];
        for cut_b in [start_b + 1, start_b + 2, start_b + 7, end_b - 1] {
            if cut_b >= end_b {
                continue;
            }
            let error = read_all(&bytes[..cut_b as usize]).unwrap_err();
            assert!(matches!(error.kind, ReadErrorKind::Truncated(_)), "{error}");
            assert_eq!(error.offset_b, *start_b);
            if cut_b >= start_b + 2 {
                assert_eq!(error.record, Some(record.kind()), "{error}");
            }
            assert!(error.to_string().contains(&start_b.to_string()));
        }
    }
    for cut_b in 0..HEADER_B {
        assert!(RecordingReader::new(&bytes[..cut_b]).is_err());
    }
}

#[test]
fn every_single_bit_flip_is_an_error() {
    let (bytes, _) = recorded_run();
    let mut damaged = bytes.clone();
    for byte in 0..bytes.len() {
        for bit in 0..8 {
            damaged[byte] ^= 1 << bit;
            assert!(
                read_all(&damaged).is_err(),
                "flip of bit {bit} in byte {byte}"
            );
            damaged[byte] ^= 1 << bit;
        }
    }
}

#[test]
fn a_corrupt_payload_names_the_record() {
    let (bytes, _) = recorded_run();
    let records = read_all(&bytes).unwrap();
    let (start_b, _) = records
        .iter()
        .find(|(_, record)| record.kind() == RecordKind::CreateTexture)
        .unwrap();
    let mut damaged = bytes.clone();
    damaged[*start_b as usize + 8] ^= 0x40;
    let error = read_all(&damaged).unwrap_err();
    assert!(matches!(error.kind, ReadErrorKind::BadChecksum));
    assert_eq!(
        (error.offset_b, error.record),
        (*start_b, Some(RecordKind::CreateTexture))
    );
    assert!(error.to_string().contains("CreateTexture"), "{error}");
}

/// A file of the header and these frames (each `(kind, payload)`), correctly framed.
fn file(frames: &[(u16, Vec<u8>)]) -> Vec<u8> {
    let mut bytes = header().to_vec();
    for (kind, payload) in frames {
        frame(*kind, payload, &mut bytes);
    }
    bytes
}

fn end(records: u64) -> (u16, Vec<u8>) {
    (
        RecordKind::End.code().into(),
        records.to_le_bytes().to_vec(),
    )
}

#[test]
fn well_framed_but_wrong_content_is_an_error() {
    let create_sync = u16::from(RecordKind::CreateSync.code());
    type Expected = fn(&ReadErrorKind) -> bool;
    let cases: Vec<(Vec<u8>, Expected)> = vec![
        (file(&[end(0)]), |_| false),
        (file(&[(create_sync, vec![0, 0, 0, 0]), end(1)]), |kind| {
            matches!(kind, ReadErrorKind::Malformed { what: "SyncId", .. })
        }),
        (
            file(&[(create_sync, vec![1, 0, 0, 0, 9]), end(1)]),
            |kind| matches!(kind, ReadErrorKind::Malformed { at_b: 4, .. }),
        ),
        (file(&[(999, vec![]), end(1)]), |kind| {
            matches!(kind, ReadErrorKind::UnknownKind(999))
        }),
        (file(&[(create_sync, vec![1, 0, 0, 0]), end(5)]), |kind| {
            matches!(
                kind,
                ReadErrorKind::WrongCount {
                    stated: 5,
                    actual: 1
                }
            )
        }),
        (
            {
                let mut bytes = file(&[end(0)]);
                bytes.push(0);
                bytes
            },
            |kind| matches!(kind, ReadErrorKind::TrailingBytes),
        ),
        (
            {
                let mut bytes = header().to_vec();
                bytes.extend_from_slice(&2u16.to_le_bytes());
                bytes.extend_from_slice(&(MAX_PAYLOAD_B + 1).to_le_bytes());
                bytes
            },
            |kind| matches!(kind, ReadErrorKind::TooLarge { .. }),
        ),
        (
            // A length the file cannot back: truncated, not a huge allocation.
            {
                let mut bytes = header().to_vec();
                bytes.extend_from_slice(&2u16.to_le_bytes());
                bytes.extend_from_slice(&MAX_PAYLOAD_B.to_le_bytes());
                bytes.extend_from_slice(&[0; 100]);
                bytes
            },
            |kind| matches!(kind, ReadErrorKind::Truncated("record payload")),
        ),
    ];
    for (index, (bytes, expected)) in cases.into_iter().enumerate() {
        match read_all(&bytes) {
            Ok(records) if index == 0 => assert!(records.is_empty()),
            Ok(records) => panic!("case {index} read {records:?}"),
            Err(error) => assert!(expected(&error.kind), "case {index}: {error}"),
        }
    }
}

#[test]
fn the_header_is_checked() {
    let mut bytes = file(&[end(0)]);
    bytes[0] = b'X';
    assert!(matches!(
        RecordingReader::new(&bytes[..]).err().unwrap().kind,
        ReadErrorKind::BadMagic
    ));
    let mut bytes = file(&[end(0)]);
    bytes[8] = 1;
    let checksum = crc32fast::hash(&bytes[..12]);
    bytes[12..16].copy_from_slice(&checksum.to_le_bytes());
    assert!(matches!(
        RecordingReader::new(&bytes[..]).err().unwrap().kind,
        ReadErrorKind::UnsupportedVersion(1)
    ));
    // A file of the format before modules kept their source is refused by its version.
    let mut bytes = file(&[end(0)]);
    bytes[8..10].copy_from_slice(&4u16.to_le_bytes());
    let checksum = crc32fast::hash(&bytes[..12]);
    bytes[12..16].copy_from_slice(&checksum.to_le_bytes());
    assert!(matches!(
        RecordingReader::new(&bytes[..]).err().unwrap().kind,
        ReadErrorKind::UnsupportedVersion(4)
    ));
    let mut bytes = file(&[end(0)]);
    bytes[10] = 1;
    assert!(matches!(
        RecordingReader::new(&bytes[..]).err().unwrap().kind,
        ReadErrorKind::BadHeaderChecksum
    ));
    assert!(matches!(
        RecordingReader::new(&b"HKSH"[..]).err().unwrap().kind,
        ReadErrorKind::Truncated("header")
    ));
}

#[test]
fn after_an_error_the_reader_stops() {
    let (bytes, _) = recorded_run();
    let mut reader = RecordingReader::new(&bytes[..bytes.len() - 1]).unwrap();
    let results: Vec<_> = reader.by_ref().collect();
    assert!(results.last().unwrap().is_err());
    assert!(reader.next().is_none());
}

#[test]
fn large_pool_writes_are_split_into_records() {
    let (device, _, sink) = recording_device();
    let pool = device
        .create_pool(&crate::objects::PoolMaker::new(
            64 << 20,
            crate::mem::pool::PoolFlags::CPU_CACHED_GPU_CACHED,
        ))
        .unwrap();
    let bytes = vec![7u8; 40 << 20];
    device.write_pool(pool, 4096, &bytes).unwrap();
    device.end_recording().unwrap();
    let file = sink.0.lock().clone();
    let writes: Vec<(u64, usize)> = read_all(&file)
        .unwrap()
        .into_iter()
        .filter_map(|(_, record)| match record {
            Record::PoolWrite {
                offset_b, bytes, ..
            } => Some((offset_b, bytes.len())),
            _ => None,
        })
        .collect();
    assert_eq!(writes, vec![(4096, 32 << 20), (4096 + (32 << 20), 8 << 20)]);
}

#[test]
fn programs_keep_their_sources_and_forged_sources_fail() {
    use crate::objects::ModuleSource;
    use shader_translate::{ShaderCode, ShaderSource};
    let records = read_all(&recorded_run().0).unwrap();
    let sources: Vec<&ModuleSource> = records
        .iter()
        .filter_map(|(_, record)| match record {
            Record::CreateProgram { maker, .. } => Some(maker),
            _ => None,
        })
        .flat_map(|maker| maker.modules.iter().filter_map(|m| m.source.as_ref()))
        .collect();
    assert!(!sources.is_empty());
    for source in sources {
        assert!(matches!(
            source,
            ModuleSource::Shader(ShaderSource { code: ShaderCode::Glsl(text), .. }) if text.contains("main")
        ));
    }
    let spirv = ShaderSource {
        name: "words".into(),
        stage: shader_translate::Stage::Compute,
        code: ShaderCode::Spirv(vec![0x0723_0203, 7]),
    };
    let bytes = encode(&ModuleSource::Shader(spirv.clone()));
    let mut reader = WireReader::new(&bytes);
    assert_eq!(
        ModuleSource::take(&mut reader).unwrap(),
        ModuleSource::Shader(spirv.clone())
    );
    reader.finish().unwrap();
    // name (4 + 5), stage (1), then the code's kind.
    let kind_at = 10;
    let mut forged = bytes.clone();
    forged[kind_at] = 5;
    assert!(ModuleSource::take(&mut WireReader::new(&forged)).is_err());
    // A SPIR-V word count past the bytes left fails before allocating.
    let mut forged = bytes.clone();
    forged[kind_at + 1..kind_at + 5].copy_from_slice(&u32::MAX.to_le_bytes());
    assert!(ModuleSource::take(&mut WireReader::new(&forged)).is_err());
    let mut forged = encode(&ModuleSource::Shader(ShaderSource {
        code: ShaderCode::Glsl("void main() {}".into()),
        ..spirv
    }));
    forged[kind_at + 5] = 0xff;
    assert!(ModuleSource::take(&mut WireReader::new(&forged)).is_err());
}

#[test]
fn compiled_sources_round_trip_and_every_cut_fails() {
    use crate::objects::ModuleSource;
    use shader_translate::maxwell::compiled_source::{CompiledCode, CompiledSource};
    use shader_translate::maxwell::dksh::{ComputeInfo, ProgramType};
    use shader_translate::maxwell::image_format::ImageFormat;
    use shader_translate::maxwell::slots::SlotMap;
    let mut slots = SlotMap::deko3d();
    slots.uniform_cbuf_base = 5;
    slots.image_formats[5][3] = Some(ImageFormat::Rgba16f);
    let sources = [
        CompiledSource {
            name: "a dksh".into(),
            kind: ProgramType::Geometry,
            code: CompiledCode::Dksh(vec![1, 2, 3, 4, 5]),
            slots: SlotMap::deko3d(),
        },
        CompiledSource {
            name: "pieces".into(),
            kind: ProgramType::Compute,
            code: CompiledCode::Parts {
                sph: None,
                code: vec![9; 64],
                constbuf1: vec![7; 12],
                compute: Some(ComputeInfo {
                    block_dims: [8, 4, 1],
                    shared_mem_b: 256,
                    local_pos_mem_b: 0,
                    local_neg_mem_b: 0,
                    crs_b: 0x800,
                    num_barriers: 1,
                }),
                tess_mode: None,
            },
            slots,
        },
        CompiledSource {
            name: "tess pieces".into(),
            kind: ProgramType::TessEval,
            code: CompiledCode::Parts {
                sph: Some(vec![3; 80]),
                code: vec![1; 32],
                constbuf1: Vec::new(),
                compute: None,
                tess_mode: Some(0x101),
            },
            slots: SlotMap::deko3d(),
        },
    ];
    for source in sources {
        let source = ModuleSource::Compiled(source);
        let bytes = encode(&source);
        let mut reader = WireReader::new(&bytes);
        assert_eq!(ModuleSource::take(&mut reader).unwrap(), source);
        reader.finish().unwrap();
        for cut in 0..bytes.len() {
            assert!(
                ModuleSource::take(&mut WireReader::new(&bytes[..cut])).is_err(),
                "{source:?} cut at {cut}"
            );
        }
    }
}
