//! Virtual pools by sparse binding, on the real driver with validation and
//! synchronization validation on. Where the device offers sparse binding (NVIDIA) the real
//! path runs: a GPU write through a virtual pool is in its physical page as soon as the
//! work completes, before any mapping change, and a physical pool finalized while mapped
//! is unbound. Where it does not (lavapipe, MoltenVK and `RX_VK_SIMULATE=moltenvk-m1`),
//! the tests check that copy-on-map was chosen and that its reason names what the device
//! lacks, and run the same scenario on copy-on-map's terms (the write reaches the physical
//! page at the next mapping change). `RX_VK_VIRTUAL_SPARSE=0` forces copy-on-map on any
//! device. The rest of virtual pools (textures, render targets, the write-back, seed 000's
//! defragmentation) is `tests/virtual_pools.rs`, which takes the device's path.

mod common;
mod storage_rig;

use gpu::address::{GpuAddress, MappingRequest, StorageClass, VirtualPoolPath, VIRTUAL_PAGE_B};
use gpu::objects::PoolMaker;
use gpu::PoolId;
use memory::{CpuAccess, GpuAccess, PoolFlags};
use storage_rig::Rig;

use crate::common::readback::pool_bytes;

const PAGES: u64 = 4;

fn physical_pool(rig: &Rig, size_b: u64) -> PoolId {
    let flags = PoolFlags::new(CpuAccess::Cached, GpuAccess::Cached);
    rig.device
        .create_pool(&PoolMaker::new(size_b, flags))
        .unwrap()
}

fn map(physical: Option<PoolId>, physical_page: u64, virtual_page: u64) -> MappingRequest {
    MappingRequest {
        physical,
        physical_offset_b: physical_page * VIRTUAL_PAGE_B,
        virtual_offset_b: virtual_page * VIRTUAL_PAGE_B,
        size_b: VIRTUAL_PAGE_B,
        storage_class: StorageClass::PITCH,
    }
}

fn address(rig: &Rig, pool: PoolId, offset_b: u64) -> GpuAddress {
    rig.device
        .pool_address(pool)
        .unwrap()
        .checked_add(offset_b)
        .unwrap()
}

/// `len_b` bytes at `source` as a GPU copy reads them (into the rig's read-back buffer).
fn read_by_address(rig: &Rig, source: GpuAddress, len_b: u64) -> Vec<u8> {
    let mut commands = rig.device.command_buffer();
    let readback = address(rig, rig.readback.pool, rig.readback.offset_b);
    commands
        .copy_buffer_address(source, readback, len_b)
        .unwrap();
    rig.submit(&commands.finish());
    rig.finish();
    pool_bytes(
        &rig.device,
        rig.readback.pool,
        rig.readback.offset_b,
        len_b as usize,
    )
}

/// The GPU fills `len_b` bytes at `at` with `word`, and waits.
fn clear(rig: &Rig, at: GpuAddress, len_b: u64, word: u32) {
    let mut commands = rig.device.command_buffer();
    commands.clear_buffer_address(at, len_b, word).unwrap();
    rig.submit(&commands.finish());
    rig.finish();
}

/// The path this device must take: sparse binding wherever every part of it is offered.
fn expected_sparse(rig: &Rig) -> Result<(), String> {
    let backend = rig.backend.lock();
    let caps = &backend.device().caps;
    match caps.sparse.missing() {
        Some(why) => Err(why),
        None if !caps.external_memory_host => Err("VK_EXT_external_memory_host".into()),
        None => Ok(()),
    }
}

#[test]
fn the_path_is_sparse_binding_where_the_device_has_it_and_the_fallback_names_why() {
    let rig = Rig::new(&[], true);
    let path = rig.device.virtual_pool_path();
    match expected_sparse(&rig) {
        Ok(()) => match &path {
            VirtualPoolPath::SparseBinding { block_b } => {
                assert!(VIRTUAL_PAGE_B.is_multiple_of(*block_b), "{path}")
            }
            // The features are there, but a pool's imported host memory may still lie in
            // no memory type a sparse buffer takes (NVIDIA's 580 driver: host memory in
            // types 2 and 3, sparse buffers in type 1): that fallback must say so.
            VirtualPoolPath::CopyOnMap { why } if why.starts_with("no memory type takes both") => {}
            VirtualPoolPath::CopyOnMap { why } => {
                panic!("the device offers sparse binding but virtual pools copy: {why}")
            }
        },
        Err(lacking) => match &path {
            VirtualPoolPath::CopyOnMap { why } => {
                let first = lacking
                    .trim_start_matches("the device lacks ")
                    .split(", ")
                    .next()
                    .unwrap();
                assert!(why.contains(first), "{why} should name {first}");
            }
            VirtualPoolPath::SparseBinding { .. } => {
                panic!("sparse binding chosen on a device lacking {lacking}")
            }
        },
    }
    // Mirrored pools cannot be bound: copy-on-map, said so.
    let mirrored = Rig::new(&[], false);
    match mirrored.device.virtual_pool_path() {
        VirtualPoolPath::CopyOnMap { why } => {
            if expected_sparse(&mirrored).is_ok() {
                assert!(why.contains("mirrored"), "{why}");
            }
        }
        other => panic!("mirrored pools took {other}"),
    }
    // The switch forces copy-on-map on every device.
    let forced = Rig::new(&[("RX_VK_VIRTUAL_SPARSE", "0")], true);
    assert_eq!(
        forced.device.virtual_pool_path(),
        VirtualPoolPath::CopyOnMap {
            why: "RX_VK_VIRTUAL_SPARSE=0".into()
        }
    );
}

/// A GPU write through the virtual pool, then the physical page read through the physical
/// pool's own address before and after a mapping change, on the device's path and on
/// copy-on-map forced.
#[test]
fn a_gpu_write_through_a_virtual_pool_reaches_its_physical_page() {
    for switches in [&[][..], &[("RX_VK_VIRTUAL_SPARSE", "0")][..]] {
        let rig = Rig::new(switches, true);
        let sparse = rig.device.virtual_pool_path().is_sparse();
        let physical = physical_pool(&rig, PAGES * VIRTUAL_PAGE_B);
        let pages = rig.virtual_pool(PAGES * VIRTUAL_PAGE_B);
        for page in 0..PAGES {
            let mark = (0x100 + page as u32).to_le_bytes();
            rig.device
                .write_pool(physical, page * VIRTUAL_PAGE_B + 64, &mark)
                .unwrap();
        }
        // Virtual 0 shows physical 2, virtual 1 physical 0; the rest unmapped.
        rig.device
            .map_virtual(
                pages,
                &[map(Some(physical), 2, 0), map(Some(physical), 0, 1)],
            )
            .unwrap();
        let word = |bytes: &[u8]| u32::from_le_bytes(bytes[..4].try_into().unwrap());
        let through_virtual = read_by_address(&rig, address(&rig, pages, 64), 4);
        assert_eq!(
            word(&through_virtual),
            0x102,
            "sparse {sparse}: mapped bytes"
        );
        clear(&rig, address(&rig, pages, 64), 16, 0xa5a5_a5a5);
        let physical_at = address(&rig, physical, 2 * VIRTUAL_PAGE_B + 64);
        let before_change = word(&read_by_address(&rig, physical_at, 4));
        // Sparse binding: the physical page is what the GPU wrote. Copy-on-map: the write
        // is in the virtual pool's copy until the mapping changes.
        let expected = if sparse { 0xa5a5_a5a5 } else { 0x102 };
        assert_eq!(
            before_change, expected,
            "sparse {sparse}: before the change"
        );
        rig.device.map_virtual(pages, &[map(None, 0, 0)]).unwrap();
        assert_eq!(
            word(&read_by_address(&rig, physical_at, 4)),
            0xa5a5_a5a5,
            "sparse {sparse}: after the change"
        );
        assert_eq!(
            word(&pool_bytes(
                &rig.device,
                physical,
                2 * VIRTUAL_PAGE_B + 64,
                4
            )),
            0xa5a5_a5a5,
            "sparse {sparse}: the CPU reads it in the physical pool"
        );
        // Unmapped pages read zeros; the page still mapped shows its physical bytes.
        let unmapped = read_by_address(&rig, address(&rig, pages, 64), 4);
        assert_eq!(word(&unmapped), 0, "sparse {sparse}: unmapped");
        let still = read_by_address(&rig, address(&rig, pages, VIRTUAL_PAGE_B + 64), 4);
        assert_eq!(word(&still), 0x100, "sparse {sparse}: page 1");
        // A physical pool finalized while mapped: its pages are unbound (sparse) or keep
        // their last copy (copy-on-map), and nothing faults.
        let doomed = physical_pool(&rig, VIRTUAL_PAGE_B);
        rig.device
            .write_pool(doomed, 64, &0x77u32.to_le_bytes())
            .unwrap();
        rig.device
            .map_virtual(pages, &[map(Some(doomed), 0, 3)])
            .unwrap();
        let at_three = address(&rig, pages, 3 * VIRTUAL_PAGE_B + 64);
        assert_eq!(word(&read_by_address(&rig, at_three, 4)), 0x77);
        rig.device.finalize(doomed).unwrap();
        let after = word(&read_by_address(&rig, at_three, 4));
        let expected = if sparse { 0 } else { 0x77 };
        assert_eq!(
            after, expected,
            "sparse {sparse}: a finalized physical pool"
        );
        if sparse {
            assert!(
                rig.stats().sparse_binds >= 4,
                "{:?}",
                rig.stats().sparse_binds
            );
        } else {
            assert_eq!(rig.stats().sparse_binds, 0);
        }
        rig.device.finalize(pages).unwrap();
        rig.device.finalize(physical).unwrap();
    }
}
