//! Virtual pools by sparse binding, on the real driver with validation and
//! synchronization validation on. Where the device offers sparse binding (NVIDIA) the real
//! path runs: a GPU write through a virtual pool is in its physical page as soon as the
//! work completes, before any mapping change, and a physical pool finalized while mapped
//! is unbound. Where it does not (lavapipe, MoltenVK and `RX_VK_SIMULATE=moltenvk-m1`),
//! the tests check that copy-on-map was chosen and that its reason names what the device
//! lacks, and run the same scenario on copy-on-map's terms (the write reaches the physical
//! page at the next mapping change). `RX_VK_VIRTUAL_SPARSE=0` forces copy-on-map on any
//! device; `RX_VK_VIRTUAL_SPARSE=relaxed` takes sparse binding without strict residency
//! (lavapipe 25 under `scripts/second_driver.sh`), where unmapped pages read undefined
//! values on the GPU and only that is left unchecked. `HOOKSHOT_EXPECT_VIRTUAL_PATH`
//! (`sparse`, `sparse-relaxed` or `copy-on-map`) names the path a run must take, so a
//! run meant for the sparse path fails if it falls back. The rest of virtual pools (textures, render targets, the write-back, seed 000's
//! defragmentation) is `tests/virtual_pools.rs`, which takes the device's path.

mod common;
mod storage_rig;

use gpu::address::{
    GpuAddress, MappingRequest, SparseResidency, SparseSwitch, StorageClass, VirtualPoolPath,
    VIRTUAL_PAGE_B,
};
use gpu::objects::PoolMaker;
use gpu::PoolId;
use memory::{CpuAccess, GpuAccess, PoolFlags};
use storage_rig::{Pools, Rig};

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

/// A new one-page physical pool holding `mark` at byte 64, mapped at `virtual_page` of
/// `pages`.
fn one_page_pool_at(rig: &Rig, pages: PoolId, virtual_page: u64, mark: u32) -> PoolId {
    let pool = physical_pool(rig, VIRTUAL_PAGE_B);
    rig.device
        .write_pool(pool, 64, &mark.to_le_bytes())
        .unwrap();
    rig.device
        .map_virtual(pages, &[map(Some(pool), 0, virtual_page)])
        .unwrap();
    pool
}

/// The GPU fills `len_b` bytes at `at` with `word`, and waits.
fn clear(rig: &Rig, at: GpuAddress, len_b: u64, word: u32) {
    let mut commands = rig.device.command_buffer();
    commands.clear_buffer_address(at, len_b, word).unwrap();
    rig.submit(&commands.finish());
    rig.finish();
}

/// The memory types a pool buffer made here with `flags` takes (asked of the driver
/// directly, not through the code under test's choice).
fn buffer_types(rig: &Rig, flags: gpu_vk::ash::vk::BufferCreateFlags) -> u32 {
    use gpu_vk::ash::vk;
    let backend = rig.backend.lock();
    let device = backend.device();
    let info = vk::BufferCreateInfo::default()
        .flags(flags)
        .size(VIRTUAL_PAGE_B)
        .usage(gpu_vk::gpu_memory::pool_buffer::pool_buffer_usage(device))
        .sharing_mode(vk::SharingMode::EXCLUSIVE);
    // SAFETY: valid create info (sparse flags only where the device has sparse binding);
    // the buffer is destroyed right after its requirements are read.
    unsafe {
        let buffer = device.raw.create_buffer(&info, None).unwrap();
        let bits = device
            .raw
            .get_buffer_memory_requirements(buffer)
            .memory_type_bits;
        device.raw.destroy_buffer(buffer, None);
        bits
    }
}

/// `RX_VK_VIRTUAL_SPARSE` as the environment sets it.
fn switch() -> SparseSwitch {
    let value = std::env::var("RX_VK_VIRTUAL_SPARSE").unwrap_or_else(|_| "1".into());
    SparseSwitch::from_value(&value).expect("a valid RX_VK_VIRTUAL_SPARSE")
}

/// The path this device must take: sparse binding wherever every sparse feature the
/// switch asks for is offered (strict residency too, unless `relaxed`) and a memory type
/// takes both a sparse pool buffer and an ordinary one (the physical pools' mirrors); `Ok`
/// holds the types both take and the residency the device gives.
fn expected_sparse(rig: &Rig) -> Result<(u32, SparseResidency), String> {
    let (missing, residency) = {
        let backend = rig.backend.lock();
        let sparse = backend.device().caps.sparse;
        (sparse.missing_for(switch()), sparse.residency())
    };
    if switch() == SparseSwitch::Off {
        return Err("RX_VK_VIRTUAL_SPARSE=0".into());
    }
    if let Some(why) = missing {
        return Err(why);
    }
    let sparse = gpu_vk::ash::vk::BufferCreateFlags::SPARSE_BINDING
        | gpu_vk::ash::vk::BufferCreateFlags::SPARSE_RESIDENCY;
    let shared =
        buffer_types(rig, sparse) & buffer_types(rig, gpu_vk::ash::vk::BufferCreateFlags::empty());
    match shared {
        0 => Err("no memory type takes both".into()),
        types => Ok((types, residency)),
    }
}

/// `path` is sparse binding with the device's `residency`, binding imported memory or a
/// mirror in one of `types`.
fn assert_sparse(path: &VirtualPoolPath, types: u32, residency: SparseResidency, imports: bool) {
    match path {
        VirtualPoolPath::SparseBinding {
            block_b,
            memory,
            residency: taken,
        } => {
            assert!(VIRTUAL_PAGE_B.is_multiple_of(*block_b), "{path}");
            assert_eq!(*taken, residency, "{path}");
            assert_eq!(
                path.unmapped_reads_zero(),
                residency == SparseResidency::Strict
            );
            let mirror_type = memory
                .split("mirrors in memory type ")
                .nth(1)
                .and_then(|rest| rest.split(' ').next())
                .and_then(|index| index.parse::<u32>().ok());
            match mirror_type {
                Some(index) => assert!(types & (1 << index) != 0, "{path}: types {types:#x}"),
                None => assert!(imports && memory.contains("imported host memory"), "{path}"),
            }
        }
        // A sparse block coarser than NVN's page cannot be used, and says so.
        VirtualPoolPath::CopyOnMap { why } if why.contains("does not divide") => {}
        VirtualPoolPath::CopyOnMap { why } => panic!(
            "the device offers sparse binding and a memory type sparse pool buffers share \
             with pool mirrors ({types:#x}), but virtual pools copy: {why}"
        ),
    }
}

#[test]
fn the_path_is_sparse_binding_where_the_device_has_it_and_the_fallback_names_why() {
    let rig = Rig::new(&[], true);
    let path = rig.device.virtual_pool_path();
    let mirrored = Rig::new(&[], false);
    let mirrored_path = mirrored.device.virtual_pool_path();
    rig.assert_expected_path();
    mirrored.assert_expected_path();
    match expected_sparse(&rig) {
        Ok((types, residency)) => {
            assert_sparse(&path, types, residency, true);
            // Mirrored pools: their mirrors are bound.
            assert_sparse(&mirrored_path, types, residency, false);
        }
        Err(lacking) => {
            for path in [&path, &mirrored_path] {
                match path {
                    VirtualPoolPath::CopyOnMap { why } if switch() == SparseSwitch::Off => {
                        assert_eq!(why, "RX_VK_VIRTUAL_SPARSE=0");
                    }
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
                }
            }
        }
    }
    // The switch forces copy-on-map on every device.
    let forced = Rig::new(&[("RX_VK_VIRTUAL_SPARSE", "0")], true);
    assert_eq!(
        forced.device.virtual_pool_path(),
        VirtualPoolPath::CopyOnMap {
            why: "RX_VK_VIRTUAL_SPARSE=0".into()
        }
    );
    // `1` never takes sparse binding without strict residency; `relaxed` takes it where
    // everything else is offered, with the residency named.
    let (support, residency) = {
        let backend = rig.backend.lock();
        let sparse = backend.device().caps.sparse;
        (sparse, sparse.residency())
    };
    let strict_only = Rig::new(&[("RX_VK_VIRTUAL_SPARSE", "1")], true);
    let path = strict_only.device.virtual_pool_path();
    if !support.complete() {
        assert!(!path.is_sparse(), "{path}");
    }
    let relaxed = Rig::new(&[("RX_VK_VIRTUAL_SPARSE", "relaxed")], true);
    let path = relaxed.device.virtual_pool_path();
    if path.is_sparse() {
        assert!(support.features_offered(), "{path}");
        assert_eq!(
            path.unmapped_reads_zero(),
            residency == SparseResidency::Strict
        );
        let mode = match residency {
            SparseResidency::Strict => "strict residency",
            SparseResidency::Relaxed => "relaxed residency",
        };
        assert!(path.to_string().contains(mode), "{path}");
    } else if support.features_offered() {
        // Everything offered: only a coarse block or no shared memory type copies.
        let why = path.to_string();
        assert!(!why.contains("residencyNonResidentStrict"), "{why}");
    }
}

/// A GPU write through the virtual pool, then the physical page read through the physical
/// pool's own address before and after a mapping change: on the device's path with pools
/// imported and with pools in unmapped mirrors (kept by GPU copies, what NVIDIA's sparse
/// buffers bind), and on copy-on-map forced.
#[test]
fn a_gpu_write_through_a_virtual_pool_reaches_its_physical_page() {
    let mut configurations = vec![
        (&[][..], Pools::Imported),
        (&[][..], Pools::UnmappedMirrors),
        (&[("RX_VK_VIRTUAL_SPARSE", "0")][..], Pools::Imported),
    ];
    if let Ok(only) = std::env::var("HOOKSHOT_ONLY_POOLS") {
        configurations.retain(|(_, pools)| format!("{pools:?}") == only);
    }
    for (switches, pools) in configurations {
        let rig = Rig::with_pools(switches, pools);
        let path = rig.device.virtual_pool_path();
        if switches.is_empty() {
            rig.assert_expected_path();
        }
        let sparse = path.is_sparse();
        // Strict residency and copy-on-map read zero at unmapped pages; relaxed sparse
        // binding reads undefined values there (unchecked).
        let zeros = path.unmapped_reads_zero();
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
            "{path}, pools {pools:?}: mapped bytes"
        );
        clear(&rig, address(&rig, pages, 64), 16, 0xa5a5_a5a5);
        let physical_at = address(&rig, physical, 2 * VIRTUAL_PAGE_B + 64);
        let before_change = word(&read_by_address(&rig, physical_at, 4));
        // Sparse binding: the physical page is what the GPU wrote. Copy-on-map: the write
        // is in the virtual pool's copy until the mapping changes.
        let expected = if sparse { 0xa5a5_a5a5 } else { 0x102 };
        assert_eq!(
            before_change, expected,
            "sparse {sparse}, pools {pools:?}: before the change"
        );
        rig.device.map_virtual(pages, &[map(None, 0, 0)]).unwrap();
        assert_eq!(
            word(&read_by_address(&rig, physical_at, 4)),
            0xa5a5_a5a5,
            "sparse {sparse}, pools {pools:?}: after the change"
        );
        assert_eq!(
            word(&pool_bytes(
                &rig.device,
                physical,
                2 * VIRTUAL_PAGE_B + 64,
                4
            )),
            0xa5a5_a5a5,
            "sparse {sparse}, pools {pools:?}: the CPU reads it in the physical pool"
        );
        // Unmapped pages read zeros (not on relaxed sparse binding); the page still mapped
        // shows its physical bytes.
        let unmapped = read_by_address(&rig, address(&rig, pages, 64), 4);
        if zeros {
            assert_eq!(
                word(&unmapped),
                0,
                "sparse {sparse}, pools {pools:?}: unmapped"
            );
        }
        let still = read_by_address(&rig, address(&rig, pages, VIRTUAL_PAGE_B + 64), 4);
        assert_eq!(
            word(&still),
            0x100,
            "sparse {sparse}, pools {pools:?}: page 1"
        );
        // A physical pool finalized while mapped: its pages are unbound (sparse) or keep
        // their last copy (copy-on-map), and nothing faults.
        let doomed = one_page_pool_at(&rig, pages, 3, 0x77);
        let at_three = address(&rig, pages, 3 * VIRTUAL_PAGE_B + 64);
        assert_eq!(word(&read_by_address(&rig, at_three, 4)), 0x77);
        rig.device.finalize(doomed).unwrap();
        let after = word(&read_by_address(&rig, at_three, 4));
        // Unbound on sparse binding: zero where strict, undefined (unchecked) where
        // relaxed; the last copy on copy-on-map.
        let expected = match (sparse, zeros) {
            (false, _) => Some(0x77),
            (true, true) => Some(0),
            (true, false) => None,
        };
        if let Some(expected) = expected {
            assert_eq!(
                after, expected,
                "sparse {sparse}, pools {pools:?}: a finalized physical pool"
            );
        }
        // Every page bound over it was unbound: another pool's page mapped there now
        // shows that pool's bytes (nothing of the freed memory stays bound).
        let next = one_page_pool_at(&rig, pages, 3, 0x88);
        assert_eq!(
            word(&read_by_address(&rig, at_three, 4)),
            0x88,
            "sparse {sparse}, pools {pools:?}: a page mapped after the finalize"
        );
        rig.device.finalize(next).unwrap();
        // Unmapped mirrors took the CPU's writes and gave the GPU's back by GPU copies.
        let stats = rig.stats();
        let copies_by_gpu = pools == Pools::UnmappedMirrors
            || rig
                .device
                .virtual_pool_path()
                .to_string()
                .contains("GPU copies");
        assert_eq!(
            (
                stats.mirror_upload_bytes > 0,
                stats.mirror_readback_bytes > 0
            ),
            (copies_by_gpu, copies_by_gpu),
            "pools {pools:?}: {stats:?}"
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

/// A pool the sparse path maps over mirrors moves into a mirror of its own the first time
/// it is mapped (`move_pool_to_own_mirror`): done here to an imported pool on any driver,
/// into an unmapped mirror and (where the type is host-visible and coherent) a mapped one. The CPU's
/// and the GPU's bytes from before the move read back through the GPU after it; a CPU
/// write after it reaches the GPU, and a GPU write after it reaches the CPU.
#[test]
fn a_pool_moved_into_its_own_mirror_keeps_its_bytes() {
    use gpu_vk::gpu_memory::sparse_memory::PhysicalMemory;
    for map in [false, true] {
        let rig = Rig::new(&[], true);
        let (type_index, visible) = {
            let backend = rig.backend.lock();
            let device = backend.device();
            let PhysicalMemory::OwnMirror { type_index, .. } =
                gpu_vk::gpu_memory::sparse_pool::physical_memory(device, true).unwrap()
            else {
                panic!("no mirror type");
            };
            let flags = device.caps.memory_types[type_index as usize];
            let mappable = gpu_vk::ash::vk::MemoryPropertyFlags::HOST_VISIBLE
                | gpu_vk::ash::vk::MemoryPropertyFlags::HOST_COHERENT;
            let visible = flags.contains(mappable);
            (type_index, visible)
        };
        if map && !visible {
            continue;
        }
        let pool = physical_pool(&rig, PAGES * VIRTUAL_PAGE_B);
        let word = |bytes: &[u8]| u32::from_le_bytes(bytes[..4].try_into().unwrap());
        rig.device
            .write_pool(pool, 64, &0x1111u32.to_le_bytes())
            .unwrap();
        clear(&rig, address(&rig, pool, VIRTUAL_PAGE_B + 64), 4, 0x2222);
        let before = rig.stats();
        rig.backend
            .lock()
            .move_pool_to_own_mirror(pool, type_index, map)
            .unwrap();
        let read = |offset_b: u64| word(&read_by_address(&rig, address(&rig, pool, offset_b), 4));
        assert_eq!(read(64), 0x1111, "map {map}: the CPU's byte from before");
        assert_eq!(
            read(VIRTUAL_PAGE_B + 64),
            0x2222,
            "map {map}: the GPU's byte from before"
        );
        rig.device
            .write_pool(pool, 2 * VIRTUAL_PAGE_B + 64, &0x3333u32.to_le_bytes())
            .unwrap();
        assert_eq!(
            read(2 * VIRTUAL_PAGE_B + 64),
            0x3333,
            "map {map}: a CPU write after"
        );
        clear(
            &rig,
            address(&rig, pool, 3 * VIRTUAL_PAGE_B + 64),
            4,
            0x4444,
        );
        assert_eq!(
            word(&pool_bytes(&rig.device, pool, 3 * VIRTUAL_PAGE_B + 64, 4)),
            0x4444,
            "map {map}: a GPU write after, on the CPU"
        );
        let after = rig.stats();
        let uploaded = after.mirror_upload_bytes - before.mirror_upload_bytes;
        // Unmapped: the whole pool went up once, then the CPU's later page.
        let expected = match map {
            false => PAGES * VIRTUAL_PAGE_B + 4096,
            true => 0,
        };
        assert_eq!(uploaded, expected, "map {map}: {after:?}");
        assert_eq!(
            after.mirror_readback_bytes > before.mirror_readback_bytes,
            !map,
            "map {map}"
        );
        rig.device.finalize(pool).unwrap();
    }
}
