//! `hookshot demo`: the built-in workload, written against Hookshot's NVN-level API the way
//! the seeds' game uses NVN: terrain chunks whose normal tiles the GPU draws once, finalized
//! when they leave range and made again over the same storage when they return, the tile
//! pool defragmented with `memcpy`, and eleven lights each with a shadow pass and a light
//! pass. At the end, the terrain check: every tile sampled held the normals drawn for it.

mod ab;
mod budget;
mod defer_ab;
mod display_check;
mod frame;
pub(crate) mod host_memory;
mod hud_ab;
mod lights;
mod math;
mod pool_writes;
mod props;
mod render_targets;
mod report;
mod route;
mod scene;
mod shaders;
mod terrain;
mod tiles;
mod window;

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::PathBuf;
use std::time::Instant;

use anyhow::Context;
use gpu::objects::{TextureBuilder, ViewMaker, WindowMaker};
use gpu::{DeviceMaker, TextureId, ViewId};
use gpu_vk::executor::gpu_frame_time::GpuFrameTime;
use gpu_vk::executor::{ExecutorOptions, VkBackend};
use gpu_vk::shared_backend::SharedBackend;
use memory::Format;

use crate::exit::Failure;
use ab::AbPhases;
use frame::{TileCheck, TileDraw, VisibleChunk};
use report::RunStats;
use route::{Event, Route};
use scene::{
    Scene, FIRST_TILE_SLOT, HEIGHTS_OFFSET_B, HEIGHTS_STRIDE_B, READBACK_B, TEXTURE_SLOTS,
};
use terrain::{ChunkCoord, TILE_LEVELS, TILE_SIZE_PX};
use tiles::TileStorage;

/// The exit status of a run whose terrain check failed.
const TERRAIN_FAILED_EXIT: u8 = 3;

#[derive(clap::Args)]
pub struct Args {
    /// Frames to run; the default goes through every event of the route at least once.
    #[arg(long)]
    frames: Option<u32>,
    /// Write PNG frames (every `--every` frames and the last) and a frame-time plot here.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Frames between PNG frames written to `--out`.
    #[arg(long, default_value_t = 100)]
    every: u32,
    /// Record the run (objects, pool writes, command lists, submissions) to this file.
    #[arg(long)]
    record: Option<PathBuf>,
    /// Write the summary as JSON here.
    #[arg(long)]
    stats: Option<PathBuf>,
    /// Run without a window even where a display exists.
    #[arg(long)]
    headless: bool,
    /// Translate the demo's GLSL, or uam's compiled Maxwell binaries of it (as a game's
    /// shaders).
    #[arg(long, value_enum, default_value_t = shaders::ShaderSet::Glsl)]
    shaders: shaders::ShaderSet,
    /// How the demo writes its pools: through the mapped pointer, as a game does (seen
    /// by page protection), or through the API's write and copy calls.
    #[arg(long, value_enum, default_value_t = pool_writes::PoolWrites::Pointer)]
    pool_writes: pool_writes::PoolWrites,
    /// Output size, WxH.
    #[arg(long, default_value = "320x180", value_parser = parse_size)]
    size: (u32, u32),
    /// Also make this many render targets a frame over one pool under dynamic resolution
    /// (the render-target reclaim workload, `RX_VK_RT_RECLAIM`); 0, the default, makes none.
    #[arg(long, default_value_t = 0)]
    render_targets: u32,
    /// Measure the HUD's cost: after a loading phase, phases of this many frames alternate
    /// with the HUD (RX_VK_HUD's items, or all) drawn and not (docs/hud.md).
    #[arg(long)]
    hud_ab: Option<u64>,
}

/// The most pixels a demo frame may have: 4K UHD's (3840x2160). The frame's three RGBA8
/// targets take 12 bytes a pixel in the work pool and as much again in host images, so
/// this bounds the demo's frame memory near 200 MiB whatever the device allows.
pub const MAX_FRAME_PX: u64 = 3840 * 2160;

fn parse_size(text: &str) -> Result<(u32, u32), String> {
    gpu::switches::parse_dimensions(text)
        .ok_or_else(|| format!("{text:?} is not WxH with both sides positive"))
}

/// Refuses a frame size before anything is made: one past a texture's largest side (the
/// layout's error), then one of more than `MAX_FRAME_PX` pixels.
fn check_frame_size((width_px, height_px): (u32, u32)) -> anyhow::Result<()> {
    TextureBuilder::new_2d(Format::Rgba8, width_px, height_px).layout()?;
    let frame_px = u64::from(width_px) * u64::from(height_px);
    if frame_px > MAX_FRAME_PX {
        anyhow::bail!(
            "--size {width_px}x{height_px} is {frame_px} pixels, more than the {MAX_FRAME_PX} \
             (3840x2160) a demo frame may have"
        );
    }
    Ok(())
}

/// A chunk's texture while it is in range.
struct LiveTile {
    texture: TextureId,
    view: ViewId,
    level_views: Vec<ViewId>,
    slot: u32,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    check_frame_size(args.size)?;
    // Made (and written once) before the run, so an output that cannot take the summary
    // fails now, not after every frame.
    let stats_file = args
        .stats
        .as_deref()
        .map(crate::cli::create_output)
        .transpose()?;
    let mut switches = crate::cli::start()?;
    let device = gpu_vk::Device::open(&switches)?;
    let mut translator =
        shader_translate::Translator::new(crate::cli::translate_options(&switches))?;
    translator.set_metal_route(device.metal_route(&switches));
    let route = Route::default();
    let tile_builder =
        TextureBuilder::new_2d(Format::Rg8, TILE_SIZE_PX, TILE_SIZE_PX).levels(TILE_LEVELS);
    let tile_layout = tile_builder.layout()?;
    // The cache as a game's in long play: full (`budget`), unless RX_VK_VRAM_MB says.
    if switches.vram_mb.is_none() {
        let budget_mib =
            budget::default_budget_mib(args.size, scene::SHADOW_MAPS, tile_layout.size_b, &route)?;
        tracing::info!(
            budget_mib,
            "the demo's image cache budget (RX_VK_VRAM_MB=auto)"
        );
        switches.vram_mb = Some(budget_mib);
    }
    let backend = SharedBackend::new(VkBackend::with_switches(
        &device,
        ExecutorOptions::from_switches(&switches),
        &switches,
    )?);
    let mut maker =
        DeviceMaker::new(Box::new(backend.clone())).write_tracking(switches.write_tracking);
    // --record, else RX_VK_RECORD.
    let record = args.record.clone().or_else(|| switches.record.clone());
    if let Some(path) = &record {
        let file =
            std::fs::File::create(path).with_context(|| format!("creating {}", path.display()))?;
        maker = maker.recording(Box::new(std::io::BufWriter::new(file)));
    }
    let nvn = gpu::Device::new(maker)?;
    // A window where a display exists (unless --headless); headless when it cannot open.
    let mut display = if !args.headless && display_check::display_exists() {
        match window::DisplayWindow::open(args.size) {
            Ok(display) => Some(display),
            Err(error) => {
                tracing::warn!("no window ({error:#}): running headless");
                None
            }
        }
    } else {
        None
    };
    if let Some(out) = &args.out {
        std::fs::create_dir_all(out).with_context(|| format!("creating {}", out.display()))?;
    }

    let frames = args.frames.unwrap_or_else(|| route.default_frames());
    let mut storage = TileStorage::new(tile_layout.size_b, tile_layout.alignment_b.max(512), 32);
    let scene = Scene::new(
        &nvn,
        &translator,
        storage.pool_size_b(),
        args.size,
        args.pool_writes,
        args.shaders,
    )?;
    // The output image is the window's one texture: each frame is acquired, drawn, presented.
    let window = nvn.create_window(&WindowMaker {
        textures: vec![scene.output.texture],
        present_interval: 0,
    })?;
    if let Some(display_window) = &display {
        let surface = display_window.surface(&device)?;
        backend.lock().attach_surface(window, surface);
    }
    // Frames are read back only for `--out`: otherwise presents take no snapshot. The
    // HUD's A/B with no display keeps them (in both phases), so the HUD is drawn.
    let hud_on_snapshots = args.hud_ab.is_some() && display.is_none();
    backend
        .lock()
        .set_present_snapshots(window, args.out.is_some() || hud_on_snapshots);
    let presents_before = backend.lock().frame_stats().frames;

    let mut live: BTreeMap<ChunkCoord, LiveTile> = BTreeMap::new();
    let mut drawn: BTreeSet<ChunkCoord> = BTreeSet::new();
    let mut free_slots: Vec<u32> = (FIRST_TILE_SLOT..TEXTURE_SLOTS).rev().collect();
    let mut props = props::Props::new(&nvn, scene::FIRST_PROP_SLOT)?;
    let mut render_targets = (args.render_targets > 0)
        .then(|| render_targets::RenderTargetWorkload::new(&nvn, args.render_targets, args.size))
        .transpose()?;
    let mut references: HashMap<ChunkCoord, Vec<u8>> = HashMap::new();
    let mut stats = RunStats::default();
    let tile_readback_b = frame::tile_readback_b();
    let mut progress = crate::cli::progress::Progress::new("demo");
    // `RX_VK_AB`: phases with the write-back on and off after a loading phase; tiles
    // drawn while it is off are left out of the terrain check.
    // `RX_VK_PASS_DEFER=ab` takes `RX_VK_AB`'s phases for the merge (the write-back
    // stays as set).
    let defer_ab = (switches.pass_defer == gpu::switches::PassDefer::Ab)
        .then(|| AbPhases::new(switches.ab_frames.unwrap_or(defer_ab::DEFAULT_PHASE_FRAMES)));
    let ab = switches
        .ab_frames
        .filter(|_| defer_ab.is_none())
        .map(AbPhases::new);
    let mut hud_ab = args.hud_ab.map(|frames_per_phase| {
        let items = if switches.hud.is_empty() {
            gpu::switches::hud_items::parse_items("full").expect("full is an item list")
        } else {
            switches.hud.clone()
        };
        hud_ab::HudAb::new(frames_per_phase, items)
    });
    let mut defer = defer_ab::DeferStats {
        switch: match switches.pass_defer {
            gpu::switches::PassDefer::Off => "0",
            gpu::switches::PassDefer::On => "1",
            gpu::switches::PassDefer::Ab => "ab",
        },
        ab_frames: defer_ab.map(|_| switches.ab_frames.unwrap_or(defer_ab::DEFAULT_PHASE_FRAMES)),
        ..defer_ab::DeferStats::default()
    };
    let mut drawn_unstored: BTreeSet<ChunkCoord> = BTreeSet::new();

    let make_tile = |nvn: &gpu::Device,
                     offset_b: u64,
                     slot: u32,
                     with_levels: bool|
     -> anyhow::Result<LiveTile> {
        let texture = nvn.create_texture(&tile_builder, scene.tile_pool, offset_b)?;
        let view = nvn.create_view(&ViewMaker::whole(texture))?;
        let level_views = if with_levels {
            (0..TILE_LEVELS)
                .map(|level| nvn.create_view(&ViewMaker::whole(texture).levels(level, 1)))
                .collect::<Result<Vec<_>, _>>()?
        } else {
            Vec::new()
        };
        nvn.register_texture(scene.textures, slot, view)?;
        Ok(LiveTile {
            texture,
            view,
            level_views,
            slot,
        })
    };
    let end_tile = |nvn: &gpu::Device, tile: LiveTile| -> anyhow::Result<u32> {
        for view in tile.level_views.into_iter().chain([tile.view]) {
            nvn.finalize(view)?;
        }
        nvn.finalize(tile.texture)?;
        Ok(tile.slot)
    };

    let traps_at_start = memory::tracking::trap_count();
    let mut frames_run = frames;
    for frame_index in 0..frames {
        if let Some(display_window) = &mut display {
            display_window.pump();
            if display_window.closed() {
                frames_run = frame_index;
                break;
            }
            if let Some(size) = display_window.take_resize() {
                if let Some(surface) = backend.lock().surface_mut(window) {
                    surface.resize(size);
                }
            }
        }
        let phase = ab.map(|ab| ab.phase(frame_index));
        if let Some(phase) = phase {
            backend
                .lock()
                .set_gpu_storage(phase != report::AbPhase::Off);
        }
        if let Some(phase) = defer_ab.map(|ab| ab.phase(frame_index)) {
            backend.lock().set_pass_defer(phase != report::AbPhase::Off);
            defer.phases.push(phase);
        }
        if let Some(hud_ab) = &hud_ab {
            backend.lock().set_hud(hud_ab.items_for(frame_index));
        }
        let passes_before = backend.lock().passes_recorded();
        let mut tile_draws = Vec::new();
        let mut checks: Vec<(ChunkCoord, TextureId)> = Vec::new();
        for event in route.events(frame_index, &drawn) {
            match event {
                Event::Leave { chunk } => {
                    if let Some(tile) = live.remove(&chunk) {
                        free_slots.push(end_tile(&nvn, tile)?);
                        stats.textures_finalized += 1;
                    }
                }
                Event::Defragment => {
                    let moves = storage.defragment();
                    let moved_live: Vec<ChunkCoord> = moves
                        .iter()
                        .filter(|m| live.contains_key(&m.chunk))
                        .map(|m| m.chunk)
                        .collect();
                    for chunk in &moved_live {
                        let tile = live.remove(chunk).expect("live");
                        free_slots.push(end_tile(&nvn, tile)?);
                        stats.textures_finalized += 1;
                    }
                    for step in &moves {
                        args.pool_writes.copy_within(
                            &nvn,
                            scene.tile_pool,
                            step.from_b,
                            step.to_b,
                            tile_layout.size_b,
                        )?;
                    }
                    for chunk in moved_live {
                        let slot = free_slots.pop().context("texture table full")?;
                        let tile = make_tile(
                            &nvn,
                            storage.offset_of(chunk).expect("placed"),
                            slot,
                            false,
                        )?;
                        checks.push((chunk, tile.texture));
                        live.insert(chunk, tile);
                    }
                    stats.defragmentations += 1;
                }
                Event::Enter { chunk, returning } => {
                    let slot = free_slots.pop().context("texture table full")?;
                    if returning {
                        let offset_b = storage
                            .offset_of(chunk)
                            .context("a returning chunk has storage")?;
                        let tile = make_tile(&nvn, offset_b, slot, false)?;
                        checks.push((chunk, tile.texture));
                        live.insert(chunk, tile);
                        stats.chunks_returned += 1;
                    } else {
                        let offset_b = storage.place(chunk)?;
                        let heights_slot = tile_draws.len() as u64;
                        anyhow::ensure!(
                            heights_slot < scene::HEIGHTS_SLOTS,
                            "too many new tiles in one frame"
                        );
                        args.pool_writes.write(
                            &nvn,
                            scene.work_pool,
                            HEIGHTS_OFFSET_B + heights_slot * HEIGHTS_STRIDE_B,
                            &terrain::chunk_heights(chunk),
                        )?;
                        let tile = make_tile(&nvn, offset_b, slot, true)?;
                        tile_draws.push(TileDraw {
                            level_views: tile.level_views.clone(),
                            heights_slot,
                        });
                        checks.push((chunk, tile.texture));
                        live.insert(chunk, tile);
                        drawn.insert(chunk);
                        if phase == Some(report::AbPhase::Off) {
                            drawn_unstored.insert(chunk);
                        }
                    }
                }
            }
        }
        props.advance(&nvn, scene.textures, args.pool_writes, frame_index)?;
        let mut prop_slots = props.drawn_slots();
        if let Some(workload) = &mut render_targets {
            workload.advance(&nvn, scene.textures, frame_index)?;
            prop_slots.push(render_targets::SAMPLED_SLOT);
        }
        let visible: Vec<VisibleChunk> = live
            .iter()
            .map(|(&chunk, tile)| VisibleChunk {
                chunk,
                texture_slot: tile.slot,
            })
            .collect();
        let checks: Vec<TileCheck> = checks
            .into_iter()
            .enumerate()
            .map(|(index, (chunk, texture))| TileCheck {
                chunk,
                texture,
                readback_offset_b: scene.readback_offset_b + index as u64 * tile_readback_b,
            })
            .collect();
        let checks_end_b = scene.readback_offset_b + checks.len() as u64 * tile_readback_b;
        anyhow::ensure!(
            checks_end_b <= scene.readback_offset_b + READBACK_B,
            "read-backs overflow their region"
        );

        let cpu_start = Instant::now();
        let camera_x = route_camera_x(&route, frame_index);
        frame::write_uniforms(&nvn, &scene, camera_x, &visible, &prop_slots, frame_index)?;
        let acquired = nvn.acquire_texture(window)?;
        anyhow::ensure!(
            acquired.texture == scene.output.texture,
            "the window hands out its one texture"
        );
        let mut commands = nvn.command_buffer();
        // The demo's geometry and shaders are written in Vulkan's clip space (y grows
        // down the rows): deko3d's y axis down under NVN's upper-left origin.
        commands.set_state(gpu::state::StateChange::ClipYAxis(
            gpu::state::ClipYAxis::Down,
        ))?;
        if let Some(workload) = &render_targets {
            workload.record(&mut commands, frame_index)?;
        }
        frame::record(
            &mut commands,
            &scene,
            &tile_draws,
            &visible,
            &prop_slots,
            &checks,
        )?;
        let list = commands.finish();
        nvn.queue().submit(&list)?;
        let present_start = Instant::now();
        nvn.queue().present(window, acquired.index)?;
        let present_ms = present_start.elapsed().as_secs_f64() * 1e3;
        let cpu_ms = cpu_start.elapsed().as_secs_f64() * 1e3;
        let gpu_start = Instant::now();
        nvn.queue()
            .finish()
            .map_err(anyhow::Error::from)
            .inspect_err(crate::cli::exit_if_gpu_hung)?;
        stats.cpu_ms.push(cpu_ms);
        stats.present_ms.push(present_ms);
        stats.gpu_ms.push(gpu_start.elapsed().as_secs_f64() * 1e3);
        if let Some(hud_ab) = &mut hud_ab {
            hud_ab.sample_cpu(frame_index, cpu_ms);
            // A measured frame's figure arrives at a later present: keyed by its own.
            if let GpuFrameTime::Measured { ms, frame } = backend.lock().frame_stats().gpu {
                if let Some(index) = frame.checked_sub(presents_before + 1) {
                    hud_ab.sample_gpu(index as u32, f64::from(ms));
                }
            }
        }
        if let Some(display_window) = &mut display {
            display_window.show_figures(&backend.lock().frame_stats());
        }
        if let Some(workload) = &mut render_targets {
            workload.sample_image_memory(backend.lock().stats().image_memory_b);
        }
        defer
            .frame_passes
            .push(backend.lock().passes_recorded() - passes_before);
        if let Some(phase) = phase {
            stats.ab_phases.push(phase);
        }

        for check in &checks {
            if drawn_unstored.contains(&check.chunk) {
                stats.tiles_unchecked += 1;
                continue;
            }
            let reference = references
                .entry(check.chunk)
                .or_insert_with(|| terrain::reference_tile(check.chunk).concat());
            let mut texels = vec![0u8; reference.len()];
            nvn.read_pool(scene.work_pool, check.readback_offset_b, &mut texels)?;
            stats.tiles_checked += 1;
            if texels != *reference {
                stats.tiles_failed += 1;
                tracing::warn!(frame = frame_index, chunk = ?check.chunk, "terrain tile does not hold the normals drawn for it");
            }
        }
        if frame_index.is_multiple_of(report::HOST_SAMPLE_FRAMES) || frame_index + 1 == frames {
            if let Some(resident_b) = host_memory::resident_b() {
                stats.host_resident_b.push((frame_index, resident_b));
            }
        }
        let write_png = frame_index.is_multiple_of(args.every.max(1)) || frame_index + 1 == frames;
        if let (Some(out), true) = (&args.out, write_png) {
            let image = backend
                .lock()
                .read_presented(window)?
                .context("a presented frame has an image")?;
            crate::cli::png::write_rgba8(
                &out.join(format!("frame_{frame_index:05}.png")),
                image.width_px,
                image.height_px,
                &image.rgba8,
            )?;
        }
        progress.tick(|| format!("frame {}/{frames}", frame_index + 1));
    }
    if let Some(path) = &record {
        nvn.end_recording()
            .with_context(|| format!("writing the recording {}", path.display()))?;
    }
    if display.is_some() {
        let presents = backend
            .lock()
            .surface_mut(window)
            .map_or(0, |surface| surface.presents);
        println!("window: {presents} frames presented to the display");
    }
    // The swapchain goes (with the NVN window) before the display's window does.
    nvn.finalize(window)?;
    drop(display);

    stats.frames = frames_run;
    stats.props_streamed = props.streamed;
    stats.render_targets = render_targets.map(|workload| workload.stats);
    stats.write_traps = memory::tracking::trap_count() - traps_at_start;
    stats.write_tracking = match switches.write_tracking {
        memory::WriteTracking::Protect => "protect",
        memory::WriteTracking::Explicit => "explicit",
    };
    stats.ab_frames = switches.ab_frames;
    {
        let executor = backend.lock();
        let executor_stats = executor.stats();
        stats.passes = executor_stats.passes;
        stats.uploads = executor_stats.uploads;
        stats.upload_bytes = executor_stats.upload_bytes;
        stats.writebacks = executor_stats.write_back_regions;
        stats.writeback_bytes = executor_stats.write_back_bytes;
        stats.kept_textures = executor_stats.cache.kept;
        stats.kept_bytes = executor_stats.cache.kept_b;
        stats.evictions = executor_stats.cache.evictions;
        stats.texels_lost = executor_stats.cache.texels_lost;
        stats.reclaimed_images = executor_stats.cache.reclaimed;
        stats.reclaim_reuses = executor_stats.free_list.reuses;
        stats.reclaim_budget_released = executor_stats.free_list.pressure_released;
        stats.free_list_b = executor_stats.free_list.parked_b;
        stats.image_memory_b = executor_stats.image_memory_b;
        stats.buffer_memory_b = executor_stats.buffer_memory_b;
        stats.imported_pool_b = executor_stats.imported_pool_b;
        defer.groups = executor_stats.deferred_groups;
        defer.rejected = executor.pass_defer_tally().reasons_line();
    }
    stats.defer = defer;
    stats.validation_errors = device.validation().error_count();
    stats.validation_ran = device.validation_enabled();
    print!("{}", stats.summary());
    if let Some(hud_ab) = &hud_ab {
        let drawn_into = if !hud_on_snapshots {
            "the window's swapchain images"
        } else {
            "read-back snapshots of the presented texture"
        };
        println!("{} [drawn into {drawn_into}]", hud_ab.summary());
    }
    if let (Some(file), Some(path)) = (stats_file, &args.stats) {
        crate::cli::write_json(file, path, &stats.json())?;
    }
    if let Some(out) = &args.out {
        std::fs::write(out.join("frame_times.svg"), stats.plot_svg())
            .with_context(|| format!("writing the plot in {}", out.display()))?;
    }
    if !stats.terrain_ok() {
        return Err(Failure {
            exit_code: TERRAIN_FAILED_EXIT,
            message: stats.terrain_line(),
        }
        .into());
    }
    Ok(())
}

/// The camera's x in chunks, gliding between the route's chunk steps.
fn route_camera_x(route: &Route, frame: u32) -> f32 {
    let here = route.camera_chunk(frame).x as f32;
    let next = route.camera_chunk(frame + route.frames_per_chunk).x as f32;
    let t = (frame % route.frames_per_chunk) as f32 / route.frames_per_chunk as f32;
    here + (next - here) * t
}
