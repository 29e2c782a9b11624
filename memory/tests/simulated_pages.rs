//! Pools on a host whose pages are larger than the OS's (Apple Silicon's 16 KiB, simulated
//! on a 4 KiB host by `RX_VK_SIMULATE=moltenvk-m1`): storage aligned to the larger page,
//! caller storage refused off it, and write tracking in whole larger pages, with real
//! signals.

#![cfg(unix)]

use std::ptr::NonNull;

use memory::pool::PoolError;
use memory::{MemoryPool, PoolFlags, WriteStamp, WriteTracking};

/// Four of the OS's pages (16 KiB on a 4 KiB host, as Apple Silicon's): at least 16 KiB.
fn simulated_page_b() -> u64 {
    (4 * memory::host_page_size_b()).max(16 << 10)
}

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

#[test]
fn a_pool_in_larger_pages_is_aligned_to_them_and_tracks_writes_in_them() {
    let page_b = simulated_page_b();
    // Not a whole number of the larger pages: the last one is mapped whole anyway.
    let size_b = 3 * page_b + 4096;
    let pool = MemoryPool::with_tracking_in_pages(
        size_b,
        PoolFlags::CPU_CACHED_GPU_CACHED,
        WriteTracking::Protect,
        page_b,
    )
    .unwrap();
    assert_eq!(pool.host_page_b(), page_b);
    assert_eq!(pool.size_b(), size_b);
    let address = pool.storage_ptr().as_ptr() as u64;
    assert_eq!(address % page_b, 0, "{address:#x} on a {page_b}-byte page");
    let before = pool.current_stamp();
    assert_eq!(pool.latest_cpu_write(), WriteStamp::NEVER);
    let traps = pool.traps();
    // One store in the middle of the second page, one in the last partial page.
    store(&pool, page_b + 4096 + 3, 7);
    store(&pool, page_b + 2 * 4096, 8);
    store(&pool, 3 * page_b + 10, 9);
    assert_eq!(pool.traps(), traps + 2, "one trap for each larger page");
    // The whole larger page is the game's write, as on a host with such pages.
    assert!(pool.cpu_written_since(page_b, 4096, before));
    assert!(pool.cpu_written_since(2 * page_b - 4096, 4096, before));
    assert!(!pool.cpu_written_since(0, page_b, before));
    assert!(!pool.cpu_written_since(2 * page_b, page_b, before));
    assert!(pool.cpu_written_since(3 * page_b, 4096, before));
    assert!(
        pool.latest_cpu_write() > before,
        "the stores, found by their traps"
    );
    let mut bytes = [0u8; 1];
    pool.read(page_b + 4096 + 3, &mut bytes).unwrap();
    assert_eq!(bytes, [7]);
    // The pool's own writes still work, and are not taken for the game's.
    let stamp = pool.current_stamp();
    pool.write(3 * page_b, &[1, 2, 3]).unwrap();
    assert!(pool.cpu_written_since(3 * page_b, 4096, stamp));
}

#[test]
fn caller_storage_off_the_larger_page_is_refused_and_on_it_taken() {
    let page_b = simulated_page_b();
    let os_page_b = memory::host_page_size_b();
    let backing = MemoryPool::new(4 * page_b, PoolFlags::CPU_CACHED_GPU_CACHED).unwrap();
    let base = backing.storage_ptr().as_ptr() as usize;
    // A pointer on one of the OS's pages but off the larger one.
    let aligned = base.next_multiple_of(page_b as usize);
    let off = if aligned + (os_page_b as usize) < base + 3 * page_b as usize {
        aligned + os_page_b as usize
    } else {
        aligned - os_page_b as usize
    };
    let pointer = |address: usize| NonNull::new(address as *mut u8).unwrap();
    // SAFETY: `backing`'s storage, alive for this test; the pools made end before it.
    let refused = unsafe {
        MemoryPool::over_caller_storage_in_pages(
            pointer(off),
            page_b,
            PoolFlags::CPU_CACHED_GPU_CACHED,
            WriteTracking::Protect,
            page_b,
        )
    };
    assert!(
        matches!(refused, Err(PoolError::StorageUnaligned { host_page_b, .. }) if host_page_b == page_b),
        "{:?}",
        refused.err()
    );
    // Whole larger pages: taken, and protected in them.
    let whole = unsafe {
        // SAFETY: as above; `aligned + page_b` lies inside `backing`'s 4 pages.
        MemoryPool::over_caller_storage_in_pages(
            pointer(aligned),
            page_b,
            PoolFlags::CPU_CACHED_GPU_CACHED,
            WriteTracking::Protect,
            page_b,
        )
    }
    .unwrap();
    let before = whole.current_stamp();
    store(&whole, page_b - 1, 5);
    assert!(whole.cpu_written_since(0, 4096, before));
    drop(whole);
    // A size that is not a whole number of larger pages.
    let partial = unsafe {
        // SAFETY: as above.
        MemoryPool::over_caller_storage_in_pages(
            pointer(aligned),
            page_b + 4096,
            PoolFlags::CPU_CACHED_GPU_CACHED,
            WriteTracking::Explicit,
            page_b,
        )
    };
    assert!(matches!(partial, Err(PoolError::StorageUnaligned { .. })));
}

#[test]
fn a_page_smaller_than_the_os_or_not_a_power_of_two_is_refused() {
    let os_page_b = memory::host_page_size_b();
    for bad_b in [os_page_b / 2, 3 * os_page_b] {
        let made = MemoryPool::with_tracking_in_pages(
            4 * os_page_b,
            PoolFlags::CPU_CACHED_GPU_CACHED,
            WriteTracking::Explicit,
            bad_b,
        );
        assert!(
            matches!(made, Err(PoolError::BadHostPage { host_page_b, real_b })
                if host_page_b == bad_b && real_b == os_page_b),
            "{bad_b}"
        );
    }
}
