//! NVN's address model on the test backend: pools' and buffers' addresses, every command's
//! address form recorded as the range of its pool, every bad address refused naming the
//! address and the nearest pool, and the addresses kept by a recording and its replay.

use super::fixture::*;
use crate::address::*;
use crate::command::*;
use crate::error::RecordError;
use crate::mem::pool::PoolFlags;
use crate::objects::*;
use crate::recording::{Player, Record, RecordingReader, RecordingWriter};
use crate::state::*;

fn pool_of(device: &crate::Device, size_b: u64) -> crate::PoolId {
    device
        .create_pool(&PoolMaker::new(size_b, PoolFlags::CPU_CACHED_GPU_CACHED))
        .unwrap()
}

#[test]
fn pools_and_buffers_have_addresses_laid_out_from_the_base() {
    let (device, _) = device();
    let scene = scene(&device);
    let base = device.pool_address(scene.pool).unwrap();
    assert_eq!(base, GpuAddress(ADDRESS_BASE));
    assert_eq!(
        device.buffer_address(scene.buffer).unwrap(),
        GpuAddress(ADDRESS_BASE + BUFFER_OFFSET_B)
    );
    // A pool of a size that is no multiple of 64 KiB leaves a gap to the next.
    let small = pool_of(&device, 4096);
    let next = pool_of(&device, 4096);
    assert_eq!(device.pool_address(small).unwrap().0, ADDRESS_BASE + POOL_B);
    assert_eq!(
        device.pool_address(next).unwrap().0,
        ADDRESS_BASE + POOL_B + POOL_ALIGNMENT_B
    );
    // A finalized pool's range is not handed out again at once.
    device.finalize(small).unwrap();
    let after = pool_of(&device, 4096);
    assert_eq!(
        device.pool_address(after).unwrap().0,
        ADDRESS_BASE + POOL_B + 2 * POOL_ALIGNMENT_B
    );
    // The whole-pool buffer ends with its pool, never alone.
    let whole = pool_buffer_id(scene.pool).unwrap();
    assert!(matches!(
        device.finalize(whole),
        Err(crate::ObjectError::PoolBuffer { .. })
    ));
    // NVN's lifetimes: what lives in the pool ends before it.
    loop {
        let user = crate::objects::lifetimes::pool_user(&device.tables(), scene.pool);
        let Some(user) = user else { break };
        device.finalize(user).unwrap();
    }
    device.finalize(scene.pool).unwrap();
    assert!(device.tables().buffers.get(whole).is_none());
}

/// Each address form, and the command its buffer form records for the same bytes.
fn address_forms(
    commands: &mut CommandBuffer<'_>,
    scene: &Scene,
    at: GpuAddress,
) -> Vec<Result<(), RecordError>> {
    vec![
        commands.bind_vertex_buffer_address(0, at, 256),
        commands.bind_index_buffer_address(IndexType::U16, at, 256),
        commands.bind_uniform_buffer_address(Stage::Fragment, 0, at, 256),
        commands.bind_storage_buffer_address(Stage::Compute, 0, at, 256),
        commands.draw_indirect_address(PrimitiveKind::Triangles, false, at, 2, 16),
        commands.dispatch_indirect_address(at),
        commands.copy_buffer_address(at, at.checked_add(1024).unwrap(), 256),
        commands.clear_buffer_address(at, 256, 7),
        commands.report_counter_address(Counter::Timestamp, at),
        commands.report_value_address(9, at),
        commands.set_render_enable_conditional_address(ConditionalRender::IfEqual, at),
        commands.update_uniform_buffer_address(at, 256, 16, &[1, 2, 3, 4]),
        commands.copy_texture_to_buffer_address(region(scene.target, 0, 4, 4), at, 0, 0),
        commands.copy_buffer_to_texture_address(at, 0, 0, region(scene.target, 0, 4, 4)),
    ]
}

#[test]
fn every_address_form_records_its_pools_range() {
    let (device, _) = device();
    let scene = scene(&device);
    let base = device.pool_address(scene.pool).unwrap();
    let at = base.checked_add(BUFFER_OFFSET_B).unwrap();
    let mut commands = device.command_buffer();
    commands.bind_render_targets(targets(&scene)).unwrap();
    commands.bind_program(scene.graphics).unwrap();
    commands.bind_program(scene.compute).unwrap();
    for (index, result) in address_forms(&mut commands, &scene, at)
        .into_iter()
        .enumerate()
    {
        result.unwrap_or_else(|error| panic!("form {index}: {error}"));
    }
    let whole = pool_buffer_id(scene.pool).unwrap();
    let list = commands.finish();
    let mut named = 0;
    for command in list.commands() {
        let (buffer, offset_b) = match command.clone() {
            Command::BindBuffer { range, .. } => (range.buffer, range.offset_b),
            Command::DrawIndirect(draw) => (draw.buffer, draw.offset_b),
            Command::DispatchIndirect { buffer, offset_b }
            | Command::ReportCounter {
                buffer, offset_b, ..
            }
            | Command::ReportValue {
                buffer, offset_b, ..
            }
            | Command::SetRenderEnableConditional {
                buffer, offset_b, ..
            }
            | Command::FillBuffer {
                buffer, offset_b, ..
            } => (buffer, offset_b),
            Command::UpdateUniformBuffer(update) => (update.buffer, update.offset_b - 16),
            Command::Copy(CopyOp::BufferToBuffer {
                source,
                source_offset_b,
                ..
            }) => (source, source_offset_b),
            Command::Copy(CopyOp::TextureToBuffer { destination, .. }) => {
                (destination.buffer, destination.offset_b)
            }
            Command::Copy(CopyOp::BufferToTexture { source, .. }) => {
                (source.buffer, source.offset_b)
            }
            _ => continue,
        };
        named += 1;
        assert_eq!((buffer, offset_b), (whole, BUFFER_OFFSET_B), "{command:?}");
    }
    assert_eq!(named, 14);
}

#[test]
fn bad_addresses_are_refused_naming_the_address_and_the_nearest_pool() {
    let (device, _) = device();
    let scene = scene(&device);
    // A second pool right after the first (both multiples of 64 KiB): a range may cross.
    let next = pool_of(&device, 1 << 20);
    let base = device.pool_address(scene.pool).unwrap().0;
    let next_base = device.pool_address(next).unwrap().0;
    assert_eq!(next_base, base + POOL_B);
    type Expected = fn(&RecordError) -> bool;
    let cases: [(u64, Expected); 4] = [
        (base - 4096, |e| {
            matches!(
                e,
                RecordError::Address(AddressError::NotInPool {
                    nearest: Some(_),
                    ..
                })
            )
        }),
        (next_base + (1 << 20) + 64, |e| {
            matches!(
                e,
                RecordError::Address(AddressError::NotInPool {
                    nearest: Some(_),
                    ..
                })
            )
        }),
        (next_base + (1 << 20) - 2, |e| {
            matches!(e, RecordError::Address(AddressError::PastPoolEnd { .. }))
        }),
        (base + POOL_B - 2, |e| {
            matches!(e, RecordError::Address(AddressError::AcrossPools { .. }))
        }),
    ];
    for (address, expected) in cases {
        let mut commands = device.command_buffer();
        commands.bind_render_targets(targets(&scene)).unwrap();
        let before = commands.list().len();
        for (index, result) in address_forms(&mut commands, &scene, GpuAddress(address))
            .into_iter()
            .enumerate()
        {
            let error = result.expect_err(&format!("form {index} at {address:#x} refused"));
            assert!(expected(&error), "form {index} at {address:#x}: {error:?}");
            let message = error.to_string();
            assert!(message.contains(&format!("{address:#x}")), "{message}");
            assert!(message.contains("pool #"), "{message}");
        }
        assert_eq!(
            commands.list().len(),
            before,
            "a refused command records nothing"
        );
    }
}

#[test]
fn a_replay_gives_the_pools_the_addresses_of_the_recorded_run() {
    let (device, _, sink) = recording_device();
    let a = pool_of(&device, 3 << 16);
    let b = pool_of(&device, 4096);
    device.finalize(a).unwrap();
    let c = pool_of(&device, 1 << 20);
    let recorded: Vec<_> = [b, c]
        .iter()
        .map(|&p| device.pool_address(p).unwrap())
        .collect();
    device.end_recording().unwrap();
    let bytes = sink.0.lock().clone();
    let mut reader = RecordingReader::new(&bytes[..]).unwrap();
    let mut kept = Vec::new();
    while let Some(record) = reader.next_record().unwrap() {
        if let Record::CreatePool { address, .. } = record {
            kept.push(address);
        }
    }
    assert_eq!(kept.len(), 3);
    assert_eq!(&kept[1..], &recorded[..]);
    let (played, _) = super::fixture::device();
    let mut player = Player::new(&bytes[..]).unwrap();
    while player.step(&played).unwrap().is_some() {}
    for (pool, address) in [b, c].iter().zip(&recorded) {
        assert_eq!(played.pool_address(*pool).unwrap(), *address);
    }
}

#[test]
fn a_replay_that_places_a_pool_elsewhere_diverges() {
    let (device, _, sink) = recording_device();
    pool_of(&device, 4096);
    device.end_recording().unwrap();
    let bytes = sink.0.lock().clone();
    // The same records, the pool's address moved: the replay puts it at the base.
    let mut reader = RecordingReader::new(&bytes[..]).unwrap();
    let mut writer = RecordingWriter::new(Vec::new()).unwrap();
    while let Some(mut record) = reader.next_record().unwrap() {
        if let Record::CreatePool { address, .. } = &mut record {
            assert_eq!(*address, GpuAddress(ADDRESS_BASE));
            address.0 += POOL_ALIGNMENT_B;
        }
        if !matches!(record, Record::End { .. }) {
            writer.write(&record).unwrap();
        }
    }
    let moved = writer.finish().unwrap();
    let (played, _) = super::fixture::device();
    let mut player = Player::new(&moved[..]).unwrap();
    let error = player.step(&played).unwrap_err();
    assert!(
        matches!(error, crate::recording::PlayError::Diverged { .. }),
        "{error}"
    );
    assert!(error.to_string().contains("address"), "{error}");
}
