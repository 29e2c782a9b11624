//! Write tracking by page protection, with real signals: plain stores through a pool's
//! pointer are seen, the pool's own and the renderer's writes are not taken for the
//! game's, and a fault that is not on a tracked page still crashes the process.

#![cfg(unix)]

use std::ptr::NonNull;

use memory::pool::PoolError;
use memory::{MemoryPool, PoolFlags, WriteStamp, WriteTracking};

const MIB: u64 = 1 << 20;

fn protected_pool(size_b: u64) -> MemoryPool {
    let pool = MemoryPool::with_tracking(
        size_b,
        PoolFlags::CPU_CACHED_GPU_CACHED,
        WriteTracking::Protect,
    )
    .unwrap();
    assert_eq!(pool.tracking(), WriteTracking::Protect);
    pool
}

/// A plain store, as the game's code makes one.
fn store(pool: &MemoryPool, offset_b: u64, value: u8) {
    assert!(offset_b < pool.size_b());
    // SAFETY: in bounds of the pool's storage, and no safe access runs at once here.
    unsafe {
        pool.storage_ptr()
            .as_ptr()
            .add(offset_b as usize)
            .write_volatile(value)
    };
}

fn page_b() -> u64 {
    memory::host_page_size_b()
}

#[test]
fn a_store_through_the_pointer_is_a_cpu_write_of_its_page() {
    let pool = protected_pool(MIB);
    let before = pool.current_stamp();
    let traps = pool.traps();
    store(&pool, 3 * page_b() + 5, 42);
    assert_eq!(pool.traps(), traps + 1, "the first store traps");
    store(&pool, 3 * page_b() + 6, 43);
    assert_eq!(
        pool.traps(),
        traps + 1,
        "the page is writable until harvested"
    );
    assert!(pool.cpu_written_since(3 * page_b(), 1, before));
    assert!(
        !pool.cpu_written_since(0, 3 * page_b(), before),
        "other pages untouched"
    );
    assert!(!pool.cpu_written_since(4 * page_b(), page_b(), before));
    let mut byte = [0u8; 2];
    pool.read(3 * page_b() + 5, &mut byte).unwrap();
    assert_eq!(byte, [42, 43], "the stores went on");
    // Asking protected the page again: the next store traps and is a new write.
    let after_harvest = pool.current_stamp();
    store(&pool, 3 * page_b(), 1);
    assert_eq!(pool.traps(), traps + 2);
    assert!(pool.cpu_written_since(3 * page_b(), 1, after_harvest));
}

#[test]
fn memcpy_inside_the_pool_is_seen_as_the_console_sees_it() {
    // Seed 000's defragmentation: a plain memcpy from one place in the pool to another.
    let pool = protected_pool(4 * MIB);
    let tile_b = 332_800u64;
    let texels: Vec<u8> = (0..tile_b).map(|i| (i * 7 % 251) as u8).collect();
    pool.write(0, &texels).unwrap();
    let before = pool.current_stamp();
    let to_b = 2 * MIB;
    // SAFETY: both ranges lie inside the pool and do not overlap.
    unsafe {
        let base = pool.storage_ptr().as_ptr();
        std::ptr::copy_nonoverlapping(base, base.add(to_b as usize), tile_b as usize);
    }
    assert!(pool.cpu_written_since(to_b, tile_b, before));
    assert!(
        !pool.cpu_written_since(0, tile_b, before),
        "the source was only read"
    );
    let mut moved = vec![0u8; tile_b as usize];
    pool.read(to_b, &mut moved).unwrap();
    assert_eq!(moved, texels);
}

#[test]
fn a_pool_call_is_stamped_once_not_again_by_a_later_harvest() {
    let pool = protected_pool(MIB);
    pool.write(0, &[1; 64]).unwrap();
    let after_call = pool.current_stamp();
    // A later query harvests: the call's pages must not look written after it.
    assert!(!pool.cpu_written_since(0, 64, after_call));
    assert!(pool.take_cpu_writes().is_empty());
    store(&pool, 8, 2);
    assert_eq!(pool.take_cpu_writes(), vec![0..page_b()]);
}

#[test]
fn the_pools_own_and_the_renderers_writes_take_no_trap_and_are_not_the_games() {
    let pool = protected_pool(MIB);
    let traps = pool.traps();
    let before = pool.current_stamp();
    pool.write(page_b(), &[9; 100]).unwrap();
    pool.fill(2 * page_b(), 10, 3).unwrap();
    assert_eq!(
        pool.traps(),
        traps,
        "the pool's calls open their pages first"
    );
    assert!(pool.cpu_written_since(page_b(), 100, before));
    let device_before = pool.current_stamp();
    pool.write_for_device(5 * page_b(), 64, |bytes| bytes.fill(7))
        .unwrap();
    assert_eq!(pool.traps(), traps);
    assert!(!pool.cpu_written_since(5 * page_b(), 64, device_before));
    assert!(pool.device_written_since(5 * page_b(), 64, device_before));
    // The GPU writing imported storage: open, written through the pointer, closed.
    pool.device_will_write(6 * page_b(), page_b()).unwrap();
    store(&pool, 6 * page_b() + 1, 5);
    pool.device_wrote(6 * page_b(), page_b()).unwrap();
    assert_eq!(pool.traps(), traps);
    assert!(!pool.cpu_written_since(6 * page_b(), page_b(), device_before));
    // Closed again: the game's next store there traps and counts.
    store(&pool, 6 * page_b() + 2, 6);
    assert_eq!(pool.traps(), traps + 1);
    assert!(pool.cpu_written_since(6 * page_b(), page_b(), device_before));
}

#[test]
fn four_threads_writing_at_once_are_all_seen() {
    let pool = protected_pool(8 * MIB);
    let before = pool.current_stamp();
    let pages = 8 * MIB / page_b();
    std::thread::scope(|scope| {
        for thread in 0..4u64 {
            let pool = &pool;
            scope.spawn(move || {
                for page in (thread..pages).step_by(4) {
                    store(pool, page * page_b() + thread, thread as u8 + 1);
                }
            });
        }
    });
    for page in 0..pages {
        assert!(
            pool.cpu_written_since(page * page_b(), 1, before),
            "page {page}"
        );
        let mut byte = [0u8];
        pool.read(page * page_b() + page % 4, &mut byte).unwrap();
        assert_eq!(byte[0], (page % 4) as u8 + 1);
    }
}

#[test]
fn explicit_tracking_sees_a_store_only_when_flushed() {
    let pool = MemoryPool::with_tracking(
        MIB,
        PoolFlags::CPU_CACHED_GPU_CACHED,
        WriteTracking::Explicit,
    )
    .unwrap();
    let before = pool.current_stamp();
    store(&pool, 10, 1);
    assert_eq!(pool.traps(), 0);
    assert!(!pool.cpu_written_since(0, 64, before));
    pool.flush_mapped_range(0, 64).unwrap();
    assert!(pool.cpu_written_since(0, 64, before));
    assert!(pool.invalidate_mapped_range(0, 64).is_ok());
    assert!(matches!(
        pool.flush_mapped_range(MIB - 8, 64),
        Err(PoolError::OutOfBounds { .. })
    ));
}

/// Page-aligned memory of the caller's, from the system.
fn caller_storage(size_b: usize) -> memmap2::MmapMut {
    memmap2::MmapOptions::new().len(size_b).map_anon().unwrap()
}

#[test]
fn a_pool_over_the_callers_storage_reads_it_tracks_it_and_gives_it_back_writable() {
    let mut storage = caller_storage(MIB as usize);
    storage[100] = 77;
    let ptr = NonNull::new(storage.as_mut_ptr()).unwrap();
    // SAFETY: `storage` outlives the pool (dropped after it) and is this test's own.
    let pool = unsafe {
        MemoryPool::over_caller_storage(
            ptr,
            MIB,
            PoolFlags::CPU_CACHED_GPU_CACHED,
            WriteTracking::Protect,
        )
    }
    .unwrap();
    let mut byte = [0u8];
    pool.read(100, &mut byte).unwrap();
    assert_eq!(byte[0], 77, "the pool is the caller's bytes");
    let before = pool.current_stamp();
    store(&pool, page_b() * 2, 8);
    assert!(pool.cpu_written_since(page_b() * 2, 1, before));
    drop(pool);
    // Finalized: every page is writable again, and no store traps into the handler.
    storage[page_b() as usize * 2 + 1] = 9;
    storage[0] = 1;
    assert_eq!(storage[page_b() as usize * 2], 8);

    // Unaligned storage, or a size that is no multiple of the host's page, is refused.
    let mut storage = caller_storage(2 * MIB as usize);
    let base = storage.as_mut_ptr();
    // SAFETY: never dereferenced: the pool refuses it before any access.
    let unaligned = unsafe { NonNull::new_unchecked(base.add(4096 / 2)) };
    let refused = unsafe {
        MemoryPool::over_caller_storage(
            unaligned,
            MIB,
            PoolFlags::CPU_CACHED_GPU_CACHED,
            WriteTracking::Protect,
        )
    };
    assert!(matches!(
        refused,
        Err(PoolError::BadSize { .. } | PoolError::StorageUnaligned { .. })
    ));
    let aligned = NonNull::new(base).unwrap();
    let odd = page_b() + 4096;
    let refused = unsafe {
        MemoryPool::over_caller_storage(
            aligned,
            odd,
            PoolFlags::CPU_CACHED_GPU_CACHED,
            WriteTracking::Protect,
        )
    };
    if page_b() > 4096 {
        assert!(matches!(refused, Err(PoolError::StorageUnaligned { .. })));
    } else {
        assert!(refused.is_ok());
    }
}

/// In a child process: install the handler (a protected pool), then write to memory that
/// is read-only and not a pool's. The default action must still end the process.
#[test]
fn a_genuine_fault_still_crashes_with_sigsegv() {
    if std::env::var_os("HOOKSHOT_FAULT_CHILD").is_some() {
        let _pool = protected_pool(MIB);
        let mut page = caller_storage(page_b() as usize).make_read_only().unwrap();
        let _ = &mut page;
        // SAFETY: deliberately not: a store to a read-only page, the crash under test.
        unsafe { (page.as_ptr() as *mut u8).write_volatile(1) };
        std::process::exit(0);
    }
    let output = std::process::Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "a_genuine_fault_still_crashes_with_sigsegv",
            "--nocapture",
        ])
        .env("HOOKSHOT_FAULT_CHILD", "1")
        .output()
        .unwrap();
    use std::os::unix::process::ExitStatusExt;
    assert_eq!(
        output.status.signal(),
        Some(libc::SIGSEGV),
        "the child ended with {:?}: {}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn a_stamp_from_before_a_trap_is_older_than_the_write() {
    let pool = protected_pool(MIB);
    let (_, read_at) = pool.read_for_device(0, page_b(), |_| ()).unwrap();
    store(&pool, 0, 1);
    assert!(pool.cpu_written_since(0, page_b(), read_at));
    assert!(pool.last_cpu_write(0, page_b()).unwrap() > read_at);
    assert!(pool.last_cpu_write(page_b(), page_b()).unwrap() == WriteStamp::NEVER);
}
