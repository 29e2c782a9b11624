//! NVN's `MapVirtual` on the test backend: every refusal, named, changing nothing; the
//! bytes a virtual pool's pages show and where its writes go when the mapping changes;
//! mapping changes kept by a recording and replayed (format version 4, version 3 refused).

use super::fixture::*;
use crate::address::*;
use crate::error::ObjectError;
use crate::mem::pool::{PoolBacking, PoolFlags};
use crate::mem::{CpuAccess, GpuAccess};
use crate::objects::*;
use crate::recording::{Player, Record, RecordingReader};
use crate::PoolId;

const PAGE: u64 = VIRTUAL_PAGE_B;

fn physical(device: &crate::Device, pages: u64) -> PoolId {
    device
        .create_pool(&PoolMaker::new(
            pages * PAGE,
            PoolFlags::CPU_CACHED_GPU_CACHED,
        ))
        .unwrap()
}

fn virtual_pool(device: &crate::Device, pages: u64) -> PoolId {
    let mut flags = PoolFlags::new(CpuAccess::NoAccess, GpuAccess::Cached);
    flags.backing = PoolBacking::Virtual;
    device
        .create_pool(&PoolMaker::new(pages * PAGE, flags))
        .unwrap()
}

fn map(pool: PoolId, physical_page: u64, virtual_page: u64, pages: u64) -> MappingRequest {
    MappingRequest {
        physical: Some(pool),
        physical_offset_b: physical_page * PAGE,
        virtual_offset_b: virtual_page * PAGE,
        size_b: pages * PAGE,
        storage_class: StorageClass::BLOCK_LINEAR,
    }
}

fn refusal(result: Result<(), ObjectError>) -> VirtualMapError {
    match result {
        Err(ObjectError::VirtualMap(error)) => error,
        other => panic!("expected a virtual map refusal, got {other:?}"),
    }
}

/// The first byte of every page of `pool`'s storage.
fn page_marks(device: &crate::Device, pool: PoolId, pages: u64) -> Vec<u8> {
    let storage = device.pool(pool).unwrap();
    (0..pages)
        .map(|page| storage.read_for_device(page * PAGE, 1, |b| b[0]).unwrap().0)
        .collect()
}

#[test]
fn every_bad_request_is_refused_by_name_and_changes_nothing() {
    let (device, _) = device();
    let p = physical(&device, 4);
    let v = virtual_pool(&device, 8);
    device.write_pool(p, 0, &[9]).unwrap();
    let good = map(p, 0, 0, 1);
    // Not a virtual pool.
    assert_eq!(
        refusal(device.map_virtual(p, &[good])),
        VirtualMapError::NotVirtual { pool: p }
    );
    // The physical pool is virtual.
    let other = virtual_pool(&device, 2);
    assert_eq!(
        refusal(device.map_virtual(v, &[good, map(other, 0, 1, 1)])),
        VirtualMapError::PhysicalIsVirtual {
            request: 1,
            pool: other
        }
    );
    // Unaligned.
    let mut unaligned = good;
    unaligned.physical_offset_b = 4096;
    let error = refusal(device.map_virtual(v, &[unaligned]));
    assert!(matches!(
        error,
        VirtualMapError::Unaligned {
            what: "physical offset",
            ..
        }
    ));
    assert!(error.to_string().contains("0x1000"), "{error}");
    // Out of range of the physical pool, and of the virtual pool.
    assert_eq!(
        refusal(device.map_virtual(v, &[map(p, 3, 0, 2)])),
        VirtualMapError::OutOfRange {
            request: 0,
            pool: p,
            offset_b: 3 * PAGE,
            size_b: 2 * PAGE,
            pool_size_b: 4 * PAGE,
        }
    );
    assert!(matches!(
        refusal(device.map_virtual(v, &[map(p, 0, 7, 2)])),
        VirtualMapError::OutOfRange { pool, .. } if pool == v
    ));
    // A storage class Hookshot does not lay out, and one a texture over the range can't
    // read.
    let mut odd = good;
    odd.storage_class = StorageClass(0x70);
    assert!(matches!(
        refusal(device.map_virtual(v, &[odd])),
        VirtualMapError::UnknownStorageClass { .. }
    ));
    let texture = device.create_texture(&normal_tile(), v, PAGE).unwrap();
    let mut pitch = map(p, 0, 2, 1);
    pitch.storage_class = StorageClass::PITCH;
    let error = refusal(device.map_virtual(v, &[pitch]));
    assert_eq!(
        error,
        VirtualMapError::StorageClassMismatch {
            request: 0,
            texture,
            virtual_offset_b: 2 * PAGE,
            needs: StorageClass::BLOCK_LINEAR,
            class: StorageClass::PITCH,
        }
    );
    assert!(error.to_string().contains(&texture.to_string()), "{error}");
    // An unknown physical pool.
    device.finalize(other).unwrap();
    assert!(matches!(
        device.map_virtual(v, &[map(other, 0, 0, 1)]),
        Err(ObjectError::UnknownObject(_))
    ));
    // Nothing of a refused call was applied.
    for page in 0..8 {
        assert_eq!(device.virtual_page(v, page * PAGE).unwrap(), None);
    }
    assert_eq!(page_marks(&device, v, 8), vec![0; 8]);
    device.finalize(texture).unwrap();
}

#[test]
fn pages_show_their_physical_bytes_and_writes_go_back_on_a_change() {
    let (device, _) = device();
    let p = physical(&device, 4);
    let v = virtual_pool(&device, 4);
    for page in 0..4 {
        device
            .write_pool(p, page * PAGE, &[10 + page as u8])
            .unwrap();
    }
    // Virtual 0..2 see physical 2..4; virtual 3 sees physical 0 (a later request wins).
    device
        .map_virtual(v, &[map(p, 2, 0, 2), map(p, 1, 3, 1), map(p, 0, 3, 1)])
        .unwrap();
    assert_eq!(page_marks(&device, v, 4), vec![12, 13, 0, 10]);
    // The GPU writes virtual page 1 (physical 3); moving it puts the write back first.
    let storage = device.pool(v).unwrap();
    storage.write_for_device(PAGE, 1, |b| b[0] = 99).unwrap();
    device
        .map_virtual(
            v,
            &[
                map(p, 3, 2, 1),
                MappingRequest {
                    physical: None,
                    ..map(p, 0, 1, 1)
                },
            ],
        )
        .unwrap();
    assert_eq!(page_marks(&device, p, 4), vec![10, 11, 12, 99]);
    assert_eq!(page_marks(&device, v, 4), vec![12, 0, 99, 10]);
    assert_eq!(device.virtual_page(v, PAGE).unwrap(), None);
    assert_eq!(
        device
            .virtual_page(v, 2 * PAGE)
            .unwrap()
            .map(|m| m.physical_offset_b),
        Some(3 * PAGE)
    );
    // A page not written since it was mapped is not copied back over the CPU's write.
    device.write_pool(p, 2 * PAGE, &[55]).unwrap();
    device.map_virtual(v, &[map(p, 2, 0, 1)]).unwrap();
    assert_eq!(page_marks(&device, p, 4)[2], 55);
    assert_eq!(page_marks(&device, v, 4)[0], 55);
}

#[test]
fn a_recording_keeps_the_mapping_changes_and_a_replay_makes_them() {
    let (device, _, sink) = recording_device();
    let p = physical(&device, 4);
    let v = virtual_pool(&device, 4);
    device.write_pool(p, 3 * PAGE, &[7]).unwrap();
    let requests = vec![map(p, 3, 1, 1), map(p, 0, 2, 2)];
    device.map_virtual(v, &requests).unwrap();
    device.end_recording().unwrap();
    let bytes = sink.0.lock().clone();
    let mut reader = RecordingReader::new(&bytes[..]).unwrap();
    let mut kept = Vec::new();
    while let Some(record) = reader.next_record().unwrap() {
        if let Record::MapVirtual { pool, requests } = record {
            kept.push((pool, requests));
        }
    }
    assert_eq!(kept, vec![(v, requests)]);
    let (played, _) = super::fixture::device();
    let mut player = Player::new(&bytes[..]).unwrap();
    while player.step(&played).unwrap().is_some() {}
    for page in 0..4 {
        assert_eq!(
            played.virtual_page(v, page * PAGE).unwrap(),
            device.virtual_page(v, page * PAGE).unwrap()
        );
    }
    assert_eq!(page_marks(&played, v, 4), vec![0, 7, 0, 0]);
    // A file of the format before mapping changes were kept is refused by its version.
    let mut old = bytes.clone();
    old[8..10].copy_from_slice(&3u16.to_le_bytes());
    let checksum = crc32fast::hash(&old[..12]);
    old[12..16].copy_from_slice(&checksum.to_le_bytes());
    assert!(matches!(
        RecordingReader::new(&old[..]).err().unwrap().kind,
        crate::recording::ReadErrorKind::UnsupportedVersion(3)
    ));
}
