//! Pools: bounds errors change nothing, stamps are exact at 4 KiB pages (straddles
//! included), device writes are not CPU writes.

use std::sync::Arc;

use memory::pool::{pages_of, PoolBacking, PAGE_SIZE_B};
use memory::{CpuAccess, GpuAccess, MemoryPool, PoolError, PoolFlags, WriteStamp};
use proptest::prelude::*;

fn pool(size_b: u64) -> MemoryPool {
    MemoryPool::new(size_b, PoolFlags::CPU_CACHED_GPU_CACHED).unwrap()
}

fn contents(pool: &MemoryPool) -> Vec<u8> {
    let mut out = vec![0u8; pool.size_b() as usize];
    pool.read(0, &mut out).unwrap();
    out
}

#[test]
fn new_pools_are_zeroed_and_page_aligned() {
    let pool = pool(3 * PAGE_SIZE_B);
    assert_eq!(pool.storage_ptr().as_ptr() as usize % 4096, 0);
    assert!(contents(&pool).iter().all(|&byte| byte == 0));
    assert_eq!(pool.current_stamp(), WriteStamp::NEVER);
    for size_b in [0, 100, 4097] {
        assert_eq!(
            MemoryPool::new(size_b, PoolFlags::CPU_CACHED_GPU_CACHED).unwrap_err(),
            PoolError::BadSize { size_b }
        );
    }
    let virtual_with_cpu = PoolFlags {
        backing: PoolBacking::Virtual,
        ..PoolFlags::CPU_CACHED_GPU_CACHED
    };
    assert!(matches!(
        MemoryPool::new(4096, virtual_with_cpu),
        Err(PoolError::BadFlags { .. })
    ));
}

/// Resident bytes of this process (Linux), to see what a pool commits.
fn resident_b() -> u64 {
    let statm = std::fs::read_to_string("/proc/self/statm").unwrap();
    let pages: u64 = statm.split_whitespace().nth(1).unwrap().parse().unwrap();
    pages * memory::host_page_size_b()
}

#[test]
fn a_pool_past_the_address_space_is_refused_before_anything_is_allocated() {
    // 2^52 bytes: more than any host reserves; its page stamps alone would be 8 TiB.
    let size_b = 1u64 << 52;
    match MemoryPool::new(size_b, PoolFlags::CPU_CACHED_GPU_CACHED) {
        Err(PoolError::OutOfMemory {
            size_b: refused,
            reason,
        }) => {
            assert_eq!(refused, size_b);
            assert!(!reason.is_empty());
        }
        other => panic!(
            "a 2^52-byte pool must be refused, got {:?}",
            other.map(|_| ())
        ),
    }
}

#[test]
fn a_large_pool_commits_only_what_is_touched() {
    let size_b = 16u64 << 30;
    let before_b = resident_b();
    let pool = MemoryPool::new(size_b, PoolFlags::CPU_CACHED_GPU_CACHED).unwrap();
    assert_eq!(pool.size_b(), size_b);
    pool.write(size_b - 8, &[7; 8]).unwrap();
    pool.write(0, &[9; 8]).unwrap();
    let mut tail = [0u8; 16];
    pool.read(size_b - 16, &mut tail).unwrap();
    assert_eq!(tail, [0, 0, 0, 0, 0, 0, 0, 0, 7, 7, 7, 7, 7, 7, 7, 7]);
    let grown_b = resident_b().saturating_sub(before_b);
    assert!(
        grown_b < 64 << 20,
        "a 16 GiB pool with two writes made {grown_b} bytes resident"
    );
    assert!(memory::host_page_size_b().is_power_of_two());
}

#[test]
fn out_of_bounds_changes_nothing() {
    let pool = pool(2 * PAGE_SIZE_B);
    pool.write(10, &[1, 2, 3]).unwrap();
    let before = contents(&pool);
    let stamp = pool.current_stamp();
    assert!(matches!(
        pool.write(8190, &[9; 3]),
        Err(PoolError::OutOfBounds { .. })
    ));
    assert!(pool.write(u64::MAX, &[9]).is_err());
    assert!(pool.copy_within(0, 8000, 193).is_err());
    assert!(pool.copy_within(8000, 0, 193).is_err());
    assert!(pool.copy_within(0, u64::MAX - 1, 4).is_err());
    assert!(pool.fill(4096, 4097, 0xFF).is_err());
    assert!(pool.read(8192, &mut [0]).is_err());
    assert!(pool.note_device_write(0, 8193).is_err());
    assert_eq!(contents(&pool), before);
    assert_eq!(pool.current_stamp(), stamp);
    assert!(!pool.cpu_written_since(0, 8192, stamp));
    // The last byte is still writable.
    pool.write(8191, &[5]).unwrap();
}

#[test]
fn stamps_are_exact_across_page_straddles() {
    let pool = pool(4 * PAGE_SIZE_B);
    let start = pool.current_stamp();
    let stamp = pool.write(4095, &[1, 2]).unwrap();
    assert!(stamp > start);
    assert!(pool.cpu_written_since(0, 1, start));
    assert!(pool.cpu_written_since(4096, 1, start));
    assert!(pool.cpu_written_since(4000, 10, start));
    assert!(!pool.cpu_written_since(8192, 4096, start));
    assert!(!pool.cpu_written_since(8191 + 1, 1, start));
    assert!(pool.cpu_written_since(8191, 2, start));
    assert!(!pool.cpu_written_since(0, 0, start));
    assert!(!pool.cpu_written_since(0, 4096 * 4, stamp));

    let copy = pool.copy_within(4095, 3 * 4096 + 3000, 200).unwrap();
    assert!(pool.cpu_written_since(3 * 4096, 4096, stamp));
    assert!(!pool.cpu_written_since(2 * 4096, 4096, stamp));
    assert!(!pool.cpu_written_since(0, 4 * 4096, copy));
    assert_eq!(pool.last_cpu_write(0, 4 * 4096).unwrap(), copy);
}

#[test]
fn copy_within_is_memmove() {
    let pool = pool(PAGE_SIZE_B);
    pool.write(0, &[1, 2, 3, 4, 5]).unwrap();
    pool.copy_within(0, 2, 5).unwrap();
    let mut out = [0u8; 7];
    pool.read(0, &mut out).unwrap();
    assert_eq!(out, [1, 2, 1, 2, 3, 4, 5]);
}

#[test]
fn device_writes_are_not_cpu_writes() {
    let pool = pool(2 * PAGE_SIZE_B);
    let start = pool.current_stamp();
    let device = pool.note_device_write(0, 8192).unwrap();
    assert!(!pool.cpu_written_since(0, 8192, start));
    assert!(pool.device_written_since(0, 1, start));
    let ((), written) = pool
        .write_for_device(100, 4, |bytes| bytes.copy_from_slice(&[7; 4]))
        .unwrap();
    assert!(written > device);
    assert!(!pool.cpu_written_since(0, 8192, start));
    let (bytes, read_at) = pool
        .read_for_device(100, 4, |bytes| bytes.to_vec())
        .unwrap();
    assert_eq!(bytes, [7; 4]);
    assert_eq!(read_at, written);
    pool.write(5000, &[1]).unwrap();
    assert!(pool.cpu_written_since(4096, 1, read_at));
    assert!(!pool.cpu_written_since(0, 4096, read_at));
}

#[test]
fn pools_without_cpu_access_refuse_the_cpu() {
    let pool = MemoryPool::new(
        PAGE_SIZE_B,
        PoolFlags::new(CpuAccess::NoAccess, GpuAccess::Cached),
    )
    .unwrap();
    assert_eq!(pool.write(0, &[1]), Err(PoolError::NoCpuAccess));
    assert_eq!(pool.read(0, &mut [0]), Err(PoolError::NoCpuAccess));
    assert!(pool.read_for_device(0, 16, |bytes| bytes.len()).is_ok());
}

#[test]
fn threads_write_and_read_at_once() {
    let pool = Arc::new(pool(16 * PAGE_SIZE_B));
    let writers: Vec<_> = (0..4u8)
        .map(|thread| {
            let pool = Arc::clone(&pool);
            std::thread::spawn(move || {
                for round in 0..200u32 {
                    let page = u64::from(thread) * 4 + u64::from(round % 4);
                    pool.fill(page * PAGE_SIZE_B, PAGE_SIZE_B, thread + 1)
                        .unwrap();
                }
            })
        })
        .collect();
    // A page read under the pool's lock is never torn.
    for round in 0..200u64 {
        let page = round % 16;
        let (whole, _) = pool
            .read_for_device(page * PAGE_SIZE_B, PAGE_SIZE_B, |bytes| {
                bytes.iter().all(|&byte| byte == bytes[0])
            })
            .unwrap();
        assert!(whole);
    }
    for writer in writers {
        writer.join().unwrap();
    }
    assert_eq!(pool.current_stamp(), WriteStamp(800));
}

#[derive(Clone, Debug)]
enum Op {
    Write { offset_b: u64, len_b: u64 },
    Copy { src_b: u64, dst_b: u64, len_b: u64 },
    Device { offset_b: u64, len_b: u64 },
}

fn any_op(size_b: u64) -> impl Strategy<Value = Op> {
    let range = (0..size_b + 100, 0..3 * PAGE_SIZE_B);
    prop_oneof![
        range
            .clone()
            .prop_map(|(offset_b, len_b)| Op::Write { offset_b, len_b }),
        (0..size_b, range.clone()).prop_map(|(src_b, (dst_b, len_b))| Op::Copy {
            src_b,
            dst_b,
            len_b
        }),
        range.prop_map(|(offset_b, len_b)| Op::Device { offset_b, len_b }),
    ]
}

proptest! {
    /// A model of per-page CPU stamps answers every query the same as the pool.
    #[test]
    fn stamps_match_a_page_model(
        ops in prop::collection::vec(any_op(8 * PAGE_SIZE_B), 1..40),
        queries in prop::collection::vec((0..8 * PAGE_SIZE_B, 1..3 * PAGE_SIZE_B, 0u64..40), 20),
    ) {
        let size_b = 8 * PAGE_SIZE_B;
        let pool = pool(size_b);
        let mut model = [0u64; 8];
        for op in ops {
            let fits = |offset_b: u64, len_b: u64| offset_b + len_b <= size_b;
            match op {
                Op::Write { offset_b, len_b } => {
                    let result = pool.write(offset_b, &vec![1; len_b as usize]);
                    prop_assert_eq!(result.is_ok(), fits(offset_b, len_b));
                    if let Ok(stamp) = result {
                        for page in pages_of(offset_b, len_b) { model[page] = stamp.0; }
                    }
                }
                Op::Copy { src_b, dst_b, len_b } => {
                    let result = pool.copy_within(src_b, dst_b, len_b);
                    prop_assert_eq!(result.is_ok(), fits(src_b, len_b) && fits(dst_b, len_b));
                    if let Ok(stamp) = result {
                        for page in pages_of(dst_b, len_b) { model[page] = stamp.0; }
                    }
                }
                Op::Device { offset_b, len_b } => {
                    prop_assert_eq!(pool.note_device_write(offset_b, len_b).is_ok(), fits(offset_b, len_b));
                }
            }
        }
        // The pool's latest CPU write, kept without a walk, is the model's latest page.
        prop_assert_eq!(pool.latest_cpu_write().0, model.iter().copied().max().unwrap_or(0));
        for (offset_b, len_b, since) in queries {
            let len_b = len_b.min(size_b - offset_b);
            let expected = pages_of(offset_b, len_b).any(|page| model[page] > since);
            prop_assert_eq!(pool.cpu_written_since(offset_b, len_b, WriteStamp(since)), expected);
        }
    }
}
