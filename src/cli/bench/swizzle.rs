//! `hookshot bench swizzle` (also `cargo bench --bench swizzle`, which compiles this file):
//! CPU swizzle and deswizzle of three textures, in GB/s of linear bytes, for `memory`, for
//! `tegra_swizzle` 0.4 (an independent implementation) and for `copy_from_slice` of the
//! same bytes, all measured in one run and interleaved, with the ratios.

use std::hint::black_box;
use std::num::NonZeroU32;
use std::time::{Duration, Instant};

use anyhow::{anyhow, ensure};
use memory::swizzle::{deswizzle_texture, swizzle_texture};
use memory::{Format, LayoutDesc, TextureLayout};
use tegra_swizzle::surface::{deswizzle_surface, swizzle_surface, BlockDim};
use tegra_swizzle::BlockHeight;

/// The most timed batches taken (this file also builds alone, as `benches/swizzle`, so it
/// keeps its own bound beside `bench::MAX_ROUNDS`).
const MAX_BATCHES: i64 = 10_000;

#[derive(clap::Args)]
pub struct Args {
    /// Milliseconds each timed batch runs.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=60_000))]
    pub batch_ms: u64,
    /// Timed batches per contender; the median batch is reported.
    #[arg(long, default_value_t = 21, value_parser = clap::value_parser!(u32).range(1..=MAX_BATCHES))]
    pub batches: u32,
}

impl Default for Args {
    fn default() -> Args {
        Args {
            batch_ms: 10,
            batches: 21,
        }
    }
}

/// One case and direction of the table.
pub struct Row {
    pub case: String,
    pub direction: &'static str,
    pub linear_b: u64,
    pub ours_gb_s: f64,
    pub tegra_swizzle_gb_s: f64,
    pub copy_gb_s: f64,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let rows = measure(&args)?;
    print!("{}", table(&rows, &args));
    Ok(())
}

/// The three textures of the benchmark.
fn cases() -> anyhow::Result<Vec<TextureLayout>> {
    [
        LayoutDesc::new_2d(Format::Rgba8, 1920, 1080, 1),
        LayoutDesc::new_2d(Format::Rg8, 260, 260, 9),
        LayoutDesc::new_2d(Format::Bc3, 2048, 2048, 1),
    ]
    .iter()
    .map(|desc| Ok(TextureLayout::new(desc)?))
    .collect()
}

pub fn measure(args: &Args) -> anyhow::Result<Vec<Row>> {
    let batch = Duration::from_millis(args.batch_ms.max(1));
    let mut rows = Vec::new();
    for layout in cases()? {
        let desc = layout.desc;
        let name = format!(
            "{} {}x{}, {} level{}",
            desc.format,
            desc.width_px,
            desc.height_px,
            desc.levels,
            if desc.levels == 1 { "" } else { "s" }
        );
        let linear_b = layout.linear_size_b();
        let linear: Vec<u8> = (0..linear_b).map(|at| (at * 131 % 251) as u8).collect();
        let reference = Reference::of(&layout)?;

        // Both implementations must agree before either is timed.
        let mut storage = vec![0u8; layout.size_b as usize];
        swizzle_texture(&layout, &linear, &mut storage)?;
        ensure!(
            reference.swizzle(&linear)? == storage,
            "{name}: tegra_swizzle disagrees"
        );
        ensure!(
            reference.deswizzle(&storage)? == linear,
            "{name}: tegra_swizzle does not come back"
        );

        let mut copy_dst = vec![0u8; linear.len()];
        let mut ours_storage = vec![0u8; storage.len()];
        let [ours, tegra, copy] = time_interleaved(
            batch,
            args.batches,
            [
                &mut || swizzle_texture(&layout, black_box(&linear), &mut ours_storage).unwrap(),
                &mut || drop(black_box(reference.swizzle(black_box(&linear)).unwrap())),
                &mut || copy_dst.copy_from_slice(black_box(&linear)),
            ],
        );
        rows.push(Row::new(&name, "swizzle", linear_b, [ours, tegra, copy]));

        let mut ours_linear = vec![0u8; linear.len()];
        let [ours, tegra, copy] = time_interleaved(
            batch,
            args.batches,
            [
                &mut || deswizzle_texture(&layout, black_box(&storage), &mut ours_linear).unwrap(),
                &mut || drop(black_box(reference.deswizzle(black_box(&storage)).unwrap())),
                &mut || copy_dst.copy_from_slice(black_box(&linear)),
            ],
        );
        rows.push(Row::new(&name, "deswizzle", linear_b, [ours, tegra, copy]));
    }
    Ok(rows)
}

impl Row {
    fn new(case: &str, direction: &'static str, linear_b: u64, times: [Duration; 3]) -> Row {
        let gb_s = |time: Duration| linear_b as f64 / time.as_secs_f64() / 1e9;
        Row {
            case: case.to_owned(),
            direction,
            linear_b,
            ours_gb_s: gb_s(times[0]),
            tegra_swizzle_gb_s: gb_s(times[1]),
            copy_gb_s: gb_s(times[2]),
        }
    }
}

/// `tegra_swizzle`'s surface functions with the block height `memory` chose.
struct Reference {
    width_px: u32,
    height_px: u32,
    block_dim: BlockDim,
    block_height: BlockHeight,
    bytes_per_element: u32,
    levels: u32,
}

impl Reference {
    fn of(layout: &TextureLayout) -> anyhow::Result<Reference> {
        let format = layout.desc.format;
        let footprint = |px: u32| NonZeroU32::new(px).ok_or_else(|| anyhow!("zero footprint"));
        Ok(Reference {
            width_px: layout.desc.width_px,
            height_px: layout.desc.height_px,
            block_dim: BlockDim {
                width: footprint(format.block_width_px())?,
                height: footprint(format.block_height_px())?,
                depth: footprint(1)?,
            },
            block_height: BlockHeight::new(layout.levels[0].block_height_gobs)
                .ok_or_else(|| anyhow!("block height"))?,
            bytes_per_element: format.bytes_per_element(),
            levels: layout.desc.levels,
        })
    }

    fn swizzle(&self, linear: &[u8]) -> anyhow::Result<Vec<u8>> {
        Ok(swizzle_surface(
            self.width_px,
            self.height_px,
            1,
            linear,
            self.block_dim,
            Some(self.block_height),
            self.bytes_per_element,
            self.levels,
            1,
        )?)
    }

    fn deswizzle(&self, storage: &[u8]) -> anyhow::Result<Vec<u8>> {
        Ok(deswizzle_surface(
            self.width_px,
            self.height_px,
            1,
            storage,
            self.block_dim,
            Some(self.block_height),
            self.bytes_per_element,
            self.levels,
            1,
        )?)
    }
}

/// Median time of one call of each contender. Batches of the contenders alternate, so a
/// neighbour's load on a shared machine hits all of them alike.
fn time_interleaved<const N: usize>(
    batch: Duration,
    batches: u32,
    mut contenders: [&mut dyn FnMut(); N],
) -> [Duration; N] {
    let calls_per_batch = contenders.each_mut().map(|contender| {
        contender(); // warm caches and page in buffers
        let start = Instant::now();
        contender();
        let once = start.elapsed().max(Duration::from_nanos(1));
        (batch.as_nanos() / once.as_nanos()).clamp(1, 1 << 24) as u32
    });
    let mut samples: [Vec<Duration>; N] = std::array::from_fn(|_| Vec::new());
    let mut progress = crate::cli::progress::Progress::new("bench");
    for batch in 0..batches.max(1) {
        progress.tick(|| format!("swizzle: batch {batch} of {}", batches.max(1)));
        for ((contender, &calls), times) in contenders
            .iter_mut()
            .zip(&calls_per_batch)
            .zip(&mut samples)
        {
            let start = Instant::now();
            for _ in 0..calls {
                contender();
            }
            times.push(start.elapsed() / calls);
        }
    }
    samples.map(|mut times| {
        times.sort();
        times[times.len() / 2]
    })
}

fn table(rows: &[Row], args: &Args) -> String {
    let mut out = format!(
        "CPU swizzle, GB/s of linear bytes (median of {} interleaved batches of ~{} ms each)\n\n",
        args.batches, args.batch_ms
    );
    out.push_str("| texture | direction | linear bytes | memory | tegra_swizzle 0.4 | copy_from_slice | memory / tegra_swizzle | memory / copy |\n");
    out.push_str("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |\n");
    for row in rows {
        out.push_str(&format!(
            "| {} | {} | {} | {:.2} | {:.2} | {:.2} | {:.2}x | {:.2}x |\n",
            row.case,
            row.direction,
            row.linear_b,
            row.ours_gb_s,
            row.tegra_swizzle_gb_s,
            row.copy_gb_s,
            row.ours_gb_s / row.tegra_swizzle_gb_s,
            row.ours_gb_s / row.copy_gb_s,
        ));
    }
    out.push_str(
        "\ntegra_swizzle's surface functions allocate and zero their output on every call \
         (its API has no in-place form); memory and the copy write into buffers made once.\n",
    );
    out
}
