//! `hookshot bench tracking`: what page protection costs the game's writes. Two figures,
//! each a ratio of a protected pool against an explicit one, measured side by side in
//! every round: one store to each page of a pool whose pages were all protected again
//! (each store traps: the fault, the stamp bit, `mprotect`), and a `memcpy` of the whole
//! 64 MiB pool after its pages were protected again (one trap a page, then plain copying).

use std::time::Instant;

use memory::{MemoryPool, PoolFlags, WriteTracking};

/// The median of `values` (the upper one of an even count).
fn median(values: &[f64]) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    sorted[sorted.len() / 2]
}

#[derive(clap::Args)]
pub struct Args {
    /// Measured rounds (the median is reported).
    #[arg(long, default_value_t = 9, value_parser = clap::value_parser!(u32).range(1..=super::MAX_ROUNDS))]
    rounds: u32,
}

const POOL_B: u64 = 64 << 20;

/// A pool of `POOL_B` with every page touched once, so no round pays the system's first
/// touch of fresh memory.
fn warm_pool(tracking: WriteTracking) -> anyhow::Result<MemoryPool> {
    let pool = MemoryPool::with_tracking(POOL_B, PoolFlags::CPU_CACHED_GPU_CACHED, tracking)?;
    pool.fill(0, POOL_B, 1)?;
    Ok(pool)
}

/// Protects every page written since the last time again (a stamp query does).
fn rearm(pool: &MemoryPool) {
    pool.cpu_written_since(0, POOL_B, pool.current_stamp());
}

/// Seconds to store one byte into each host page of `pool`.
fn store_per_page(pool: &MemoryPool, page_b: usize) -> f64 {
    let base = pool.storage_ptr().as_ptr();
    let start = Instant::now();
    for offset in (0..POOL_B as usize).step_by(page_b) {
        // SAFETY: inside the pool; nothing else uses it during the benchmark.
        unsafe { base.add(offset).write_volatile(2) };
    }
    start.elapsed().as_secs_f64()
}

/// Seconds to copy `source` over the whole pool through its pointer.
fn copy_whole(pool: &MemoryPool, source: &[u8]) -> f64 {
    let base = pool.storage_ptr().as_ptr();
    let start = Instant::now();
    // SAFETY: `source` is the pool's size and another allocation; nothing else uses the
    // pool during the benchmark.
    unsafe { std::ptr::copy_nonoverlapping(source.as_ptr(), base, source.len()) };
    start.elapsed().as_secs_f64()
}

pub fn run(args: Args) -> anyhow::Result<()> {
    if !WriteTracking::protect_available() {
        anyhow::bail!("this host cannot protect pages");
    }
    let protected = warm_pool(WriteTracking::Protect)?;
    let explicit = warm_pool(WriteTracking::Explicit)?;
    let page_b = memory::host_page_size_b() as usize;
    let pages = POOL_B as usize / page_b;
    let source = vec![3u8; POOL_B as usize];
    let (mut store_ratio, mut copy_ratio) = (Vec::new(), Vec::new());
    let (mut trap_us, mut plain_us, mut protect_gbs, mut plain_gbs) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let traps_before = protected.traps();
    let mut progress = crate::cli::progress::Progress::new("bench");
    for round in 0..args.rounds {
        progress.tick(|| format!("tracking: round {round} of {}", args.rounds));
        rearm(&protected);
        let trapped_s = store_per_page(&protected, page_b);
        let plain_s = store_per_page(&explicit, page_b);
        trap_us.push(trapped_s / pages as f64 * 1e6);
        plain_us.push(plain_s / pages as f64 * 1e6);
        store_ratio.push(trapped_s / plain_s);
        rearm(&protected);
        let protect_copy_s = copy_whole(&protected, &source);
        let plain_copy_s = copy_whole(&explicit, &source);
        protect_gbs.push(POOL_B as f64 / protect_copy_s / 1e9);
        plain_gbs.push(POOL_B as f64 / plain_copy_s / 1e9);
        copy_ratio.push(protect_copy_s / plain_copy_s);
    }
    let traps = protected.traps() - traps_before;
    anyhow::ensure!(
        traps >= 2 * u64::from(args.rounds) * pages as u64,
        "only {traps} traps: the protected pool's stores did not trap"
    );
    println!(
        "host page {page_b} B, pool {} MiB ({pages} pages), {} rounds, {traps} traps",
        POOL_B >> 20,
        args.rounds
    );
    println!("case                              protected      explicit     ratio");
    println!(
        "first store to a page (us)        {:>9.3}     {:>9.3}   {:>7.1}x",
        median(&trap_us),
        median(&plain_us),
        median(&store_ratio)
    );
    println!(
        "memcpy over the pool (GB/s)       {:>9.2}     {:>9.2}   {:>7.2}x",
        median(&protect_gbs),
        median(&plain_gbs),
        median(&copy_ratio)
    );
    Ok(())
}
