//! `hookshot bench defrag`: seed 000's terrain defragmentation done the two ways NVN
//! allows, on the executor, measured side by side in every round. By copy: the tiles live
//! in a plain pool and the CPU moves each with `memcpy` (`Device::copy_pool`) to the other
//! half of the pool. By remap: the tiles live in a virtual pool over a physical pool, and
//! one `MapVirtual` call maps their pages at the other half and unmaps the old half. Each
//! way then makes the tiles again at their new offsets and reads every one back in one
//! submission (their first use: the image cache uploads them). Two figures, each a ratio
//! remap / copy: the move alone, and the move with the first use. The remap takes the
//! device's virtual pool path (printed); where that is sparse binding, the whole run is
//! made again with copy-on-map (`RX_VK_VIRTUAL_SPARSE=0`) on the same device, side by side;
//! the printed path says which residency sparse binding runs with (`relaxed`: unmapped
//! pages read undefined values on the GPU).

use std::time::Instant;

use gpu::address::{MappingRequest, StorageClass, VIRTUAL_PAGE_B};
use gpu::command::{BufferImage, CopyOp, TextureRegion};
use gpu::objects::{BufferMaker, BufferUsage, PoolMaker, TextureBuilder};
use gpu::{BufferId, DeviceMaker, PoolId, TextureId};
use gpu_vk::executor::{ExecutorOptions, VkBackend};
use memory::pool::PoolBacking;
use memory::{CpuAccess, Format, GpuAccess, PoolFlags};

#[derive(clap::Args)]
pub struct Args {
    /// Measured rounds (the median is reported); each defragments once each way.
    #[arg(long, default_value_t = 9, value_parser = clap::value_parser!(u32).range(1..=super::MAX_ROUNDS))]
    rounds: u32,
    /// Terrain tiles (260x260 RG8, 9 levels) in the pool.
    #[arg(long, default_value_t = 32, value_parser = clap::value_parser!(u32).range(1..=1024))]
    tiles: u32,
}

/// The median of `values` (the upper one of an even count).
fn median(values: &[f64]) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    sorted[sorted.len() / 2]
}

fn tile() -> TextureBuilder {
    TextureBuilder::new_2d(Format::Rg8, 260, 260).levels(9)
}

/// One way of holding the tiles: the pool textures are made in, where each half starts
/// in it, and (for the remap) the physical pool under it.
struct Side {
    pool: PoolId,
    physical: Option<PoolId>,
    stride_b: u64,
    tiles: u64,
    /// Which half the tiles are in now.
    half: u64,
}

impl Side {
    fn offset_b(&self, half: u64, index: u64) -> u64 {
        (half * self.tiles + index) * self.stride_b
    }

    /// Moves every tile to the other half; seconds taken.
    fn defragment(&mut self, nvn: &gpu::Device, tile_b: u64) -> anyhow::Result<f64> {
        let (from, to) = (self.half, 1 - self.half);
        let start = Instant::now();
        match self.physical {
            None => {
                for index in 0..self.tiles {
                    nvn.copy_pool(
                        self.pool,
                        self.offset_b(from, index),
                        self.pool,
                        self.offset_b(to, index),
                        tile_b,
                    )?;
                }
            }
            Some(physical) => {
                let half_b = self.tiles * self.stride_b;
                let requests = [
                    MappingRequest {
                        physical: None,
                        physical_offset_b: 0,
                        virtual_offset_b: from * half_b,
                        size_b: half_b,
                        storage_class: StorageClass::BLOCK_LINEAR,
                    },
                    MappingRequest {
                        physical: Some(physical),
                        physical_offset_b: 0,
                        virtual_offset_b: to * half_b,
                        size_b: half_b,
                        storage_class: StorageClass::BLOCK_LINEAR,
                    },
                ];
                nvn.map_virtual(self.pool, &requests)?;
            }
        }
        let seconds = start.elapsed().as_secs_f64();
        self.half = to;
        Ok(seconds)
    }

    /// Makes every tile at its offset and reads level 0 of each back in one submission;
    /// seconds taken.
    fn first_use(&self, nvn: &gpu::Device, readback: BufferId) -> anyhow::Result<f64> {
        let start = Instant::now();
        let textures: Vec<TextureId> = (0..self.tiles)
            .map(|index| nvn.create_texture(&tile(), self.pool, self.offset_b(self.half, index)))
            .collect::<Result<_, _>>()?;
        let mut commands = nvn.command_buffer();
        for &texture in &textures {
            commands.copy(CopyOp::TextureToBuffer {
                source: TextureRegion::from_origin(texture, 0, 260, 260),
                destination: BufferImage {
                    buffer: readback,
                    offset_b: 0,
                    row_pitch_b: 0,
                    rows_per_image: 0,
                },
            })?;
        }
        nvn.queue().submit(&commands.finish())?;
        nvn.queue().finish()?;
        let seconds = start.elapsed().as_secs_f64();
        for texture in textures {
            nvn.finalize(texture)?;
        }
        Ok(seconds)
    }
}

/// Medians in seconds of one run: the memcpy way and the remap way, the move alone and
/// with the first use.
struct Figures {
    path: gpu::address::VirtualPoolPath,
    copy_move: f64,
    remap_move: f64,
    copy_all: f64,
    remap_all: f64,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let switches = crate::cli::start()?;
    let device = gpu_vk::Device::open(&switches)?;
    let tile_b = tile().layout()?.size_b;
    let stride_b = tile_b.next_multiple_of(VIRTUAL_PAGE_B);
    println!(
        "device: {} ({}), {} tiles of {} bytes ({} KiB pages each), rounds: {}",
        device.info.name,
        device.info.driver_info,
        args.tiles,
        tile_b,
        stride_b >> 10,
        args.rounds
    );
    let first = measure(&device, &switches, &args)?;
    // Where the remap took sparse binding, copy-on-map is timed beside it on this device.
    let mut runs = vec![first];
    if runs[0].path.is_sparse() {
        let mut copying = switches.clone();
        copying.virtual_sparse = gpu::address::SparseSwitch::Off;
        runs.push(measure(&device, &copying, &args)?);
    }
    for figures in &runs {
        println!("virtual pools: {}", figures.path);
    }
    println!(
        "{:<34} {:>12} {:>12} {:>8}",
        "", "memcpy ms", "remap ms", "ratio"
    );
    for figures in &runs {
        let name = figures.path.name();
        for (what, copy, remap) in [
            ("move", figures.copy_move, figures.remap_move),
            ("move + first use", figures.copy_all, figures.remap_all),
        ] {
            let (copy, remap) = (copy * 1e3, remap * 1e3);
            println!(
                "{:<34} {copy:>12.3} {remap:>12.3} {:>8.2}",
                format!("{what} ({name})"),
                remap / copy
            );
        }
    }
    Ok(())
}

/// Both ways on one `gpu::Device` over `device`, virtual pools by `switches`' path.
fn measure(
    device: &std::sync::Arc<gpu_vk::Device>,
    switches: &gpu::switches::Switches,
    args: &Args,
) -> anyhow::Result<Figures> {
    let backend =
        VkBackend::with_switches(device, ExecutorOptions::from_switches(switches), switches)?;
    let nvn = gpu::Device::new(
        DeviceMaker::new(Box::new(backend)).write_tracking(switches.write_tracking),
    )?;
    let tiles = u64::from(args.tiles);
    let tile_b = tile().layout()?.size_b;
    let stride_b = tile_b.next_multiple_of(VIRTUAL_PAGE_B);
    let half_b = tiles * stride_b;
    let plain = nvn.create_pool(&PoolMaker::new(
        2 * half_b,
        PoolFlags::CPU_CACHED_GPU_CACHED,
    ))?;
    let physical = nvn.create_pool(&PoolMaker::new(half_b, PoolFlags::CPU_CACHED_GPU_CACHED))?;
    let mut virtual_flags = PoolFlags::new(CpuAccess::NoAccess, GpuAccess::Cached);
    virtual_flags.backing = PoolBacking::Virtual;
    let pages = nvn.create_pool(&PoolMaker::new(2 * half_b, virtual_flags))?;
    let readbacks = nvn.create_pool(&PoolMaker::new(1 << 20, PoolFlags::CPU_CACHED_GPU_CACHED))?;
    let readback = nvn.create_buffer(&BufferMaker {
        pool: readbacks,
        offset_b: 0,
        size_b: 1 << 20,
        usage: BufferUsage::ALL,
    })?;
    // Every tile's bytes, different per tile, in both ways' first half.
    let bytes: Vec<u8> = (0..half_b).map(|at| (at * 31 / 7) as u8).collect();
    nvn.write_pool(plain, 0, &bytes)?;
    nvn.write_pool(physical, 0, &bytes)?;
    nvn.map_virtual(
        pages,
        &[MappingRequest {
            physical: Some(physical),
            physical_offset_b: 0,
            virtual_offset_b: 0,
            size_b: half_b,
            storage_class: StorageClass::BLOCK_LINEAR,
        }],
    )?;
    let mut by_copy = Side {
        pool: plain,
        physical: None,
        stride_b,
        tiles,
        half: 0,
    };
    let mut by_remap = Side {
        pool: pages,
        physical: Some(physical),
        stride_b,
        tiles,
        half: 0,
    };
    by_copy.first_use(&nvn, readback)?;
    by_remap.first_use(&nvn, readback)?;
    let (mut copy_move, mut remap_move, mut copy_all, mut remap_all) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for _ in 0..args.rounds {
        let moved = by_copy.defragment(&nvn, tile_b)?;
        copy_move.push(moved);
        copy_all.push(moved + by_copy.first_use(&nvn, readback)?);
        let moved = by_remap.defragment(&nvn, tile_b)?;
        remap_move.push(moved);
        remap_all.push(moved + by_remap.first_use(&nvn, readback)?);
    }
    nvn.queue().finish()?;
    Ok(Figures {
        path: nvn.virtual_pool_path(),
        copy_move: median(&copy_move),
        remap_move: median(&remap_move),
        copy_all: median(&copy_all),
        remap_all: median(&remap_all),
    })
}
