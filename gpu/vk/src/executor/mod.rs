//! The executor: `VkBackend` runs NVN command lists on Vulkan. Each submission is one
//! command buffer on the queue's timeline semaphore (its value is the submission's
//! fence; NVN sync values map onto it).
//!
//! One folder per stage of a submission (`submit` runs them in turn):
//!
//! - `plan/`: pass formation, pure: which ops open and close a render pass, each
//!   attachment's load and store ops, binds and draws grouped into spans.
//! - `prepare/`: everything the list uses resolved and checked before the command buffer
//!   begins, so refused work (a typed `Unsupported`) runs none of the list: bindings,
//!   program slots, draws (in full, from the memo of the draw before, or in runs of
//!   repeats), dispatches, copies, pass targets and clears, what work reads and writes.
//! - `prepared/`: what preparation hands recording (prepared draws, resolved descriptors,
//!   bindless table elements, pass targets, dispatches and copies): the one module both
//!   import, so neither imports the other.
//! - `record/`: Vulkan commands from prepared work: passes, draws and repeats, descriptor
//!   sets, dispatches, copies, barriers, the write-back and GPU uploads, presents.
//! - `resources/`: what the executor owns on the GPU: pools, textures' host images and
//!   their residency and uploads, samplers, frames in flight with their descriptor pools,
//!   bindless tables and index arenas.
//! - `pipelines/`: pipeline layouts, graphics and compute pipelines, the tracked state
//!   they are keyed by, the bindless set layout and shaders, masked-clear pipelines.
//!
//! Imports between the folders go one way (`layers` checks it):
//! `prepare` and `record` import `prepared`, `resources`, `pipelines` and `plan`, never
//! each other; `resources` imports `prepared` and `pipelines`; `prepared` imports
//! `pipelines`; `pipelines` and `plan` import no other folder. This root (`VkBackend`, its
//! options, `submit`, and the backend's own `stats`, `gate` and `sync_values`) holds one of
//! each and may import any; `impl VkBackend` blocks in the folders reach its fields.
//!
//! - Pools (`resources::pools`): one `PoolBuffer` per GPU-accessible pool, the storage
//!   imported where the driver can, else a mirror that takes the CPU's writes (pool write
//!   stamps) before each submit and gives the GPU's writes back to storage once their
//!   fence passed.
//! - Textures (`resources::{textures, residency, upload}`): host images owned through the
//!   image cache (`crate::image_cache`), keyed by (pool, offset, layout); each use resolves
//!   to a cached image or one filled before the list runs (`deswz` on the GPU for admitted
//!   textures, else a CPU deswizzle into staging, or a zero clear for never-written
//!   storage). CPU writes and copies of storage are reported to the cache.
//! - Write-back (`prepare::write_targets`, `record::swizzle_jobs`): what passes, clears and
//!   copies write into admitted textures is stored into the pool buffer by `swz` in the
//!   same command buffer, once per level after its last write, before buffer reads of the
//!   exact bytes of that storage (`prepare::buffer_reads`) and before signals
//!   (`RX_VK_GPU_STORAGE`); a level drawn every frame waits for two quiet frames
//!   (`writeback::cadence`).
//! - Between its units of work (passes, copies, dispatches, uploads) the executor records
//!   a global memory barrier (`record::barrier`), and one at each command buffer's start
//!   (for earlier submissions) and end (for host reads after the fence): correct first,
//!   fewer later.
//! - Descriptors (`prepare::slots`, `record::sets`, `resources::descriptors`): sets from
//!   per-frame pools, one set per host set of the program's layout
//!   (`shader_translate::host_binding`).

pub mod debug_labels;
pub mod frame_stats;
mod gate;
pub mod gpu_frame_time;
#[cfg(test)]
mod layers;
mod pipelines;
mod plan;
mod prepare;
mod prepared;
mod record;
mod render_enable;
mod resources;
mod sparse_pages;
mod split_submit;
mod stats;
mod submit;
mod submit_line;
mod submit_parts;
mod sync_values;

use std::sync::Arc;
use std::time::Duration;

use gpu::backend::{Backend, Submission};
use gpu::command::RenderTargets;
use gpu::objects::ObjectTables;
use gpu::{BackendError, ObjectRef, PoolId, SyncId, WindowId};

use crate::bringup::device::Device;
use crate::error::{VkError, VkResult};
use crate::gpu_memory::timeline::{Timeline, WaitOutcome};
use crate::image_cache::{CacheConfig, ImageCache};
use crate::pipeline_cache::PipelineCache;

pub use pipelines::compile_stats::{CompileCounters, PipelineStats};
pub use plan::defer::Rejection as DeferRejection;
pub use plan::deferral::DeferTally;
pub use plan::{form_passes, Load, PassPlan, Plan, Step, Store};
pub use prepare::copy::{buffer_texels, BufferTexels};
pub use record::barrier::nvn_barrier_scope;
pub use record::present::{texels_to_rgba8, PresentedImage};
pub use resources::textures::format_mapping;
pub use stats::{ExecutorStats, FreeListCounters, RawPointerMiss};

use gate::Gate;
use pipelines::bindless_layout::BindlessLayout;
use pipelines::compute::ComputePipelines;
use pipelines::graphics::GraphicsPipelines;
use pipelines::graphics_state::GraphicsState;
use pipelines::masked_clear::MaskedClears;
use prepare::bindings::Bindings;
use prepared::draws::PreparedDraws;
use record::present::Presentation;
use record::swizzle_jobs::WaitingStores;
use resources::frames::FrameRing;
use resources::pools::PoolTable;
use resources::samplers::SamplerCache;
use resources::textures::ImageTable;
use sync_values::{SyncTarget, SyncValues};

const TARGET: &str = "gpu_vk::executor";

/// How long `finish` waits before it calls the device lost.
const FINISH_TIMEOUT: Duration = Duration::from_secs(60);

/// Choices a test or the program makes when it opens the executor.
#[derive(Clone, Copy, Debug)]
pub struct ExecutorOptions {
    /// Import pools' storage where the driver can (else every pool is mirrored).
    pub import_pools: bool,
    /// Mirror every pool in memory the CPU does not map, kept in step by GPU copies, as
    /// physical pools are where sparse buffers bind only such memory (NVIDIA): tests run
    /// that path on any driver. Off by default.
    pub unmapped_pool_mirrors: bool,
    /// `RX_VK_GPU_STORAGE`: the write-back stores what the GPU writes into admitted textures.
    pub gpu_storage: bool,
    /// `RX_VK_VRAM_MB`: the image cache's budget; `None` takes the driver's.
    pub vram_mb: Option<u64>,
    /// `RX_VK_KEEP_FINALIZED_MB`: the cap on kept finalized GPU-drawn images; 0 turns off.
    pub keep_finalized_mb: u64,
    /// `RX_VK_WATCH_DIM`: trace every texture of this width and height.
    pub watch_dim: Option<(u32, u32)>,
    /// Textures take their format's fallback even where the driver has the format:
    /// block-compressed ones are decoded on the CPU, Z24S8 is stored as D32_SFLOAT_S8_UINT
    /// (tests and comparisons run the fallbacks on any driver). Off by default.
    pub force_format_fallbacks: bool,
    /// At most this many dynamic uniform (and storage) buffers in a draw's layout, below
    /// the driver's limits: tests run the plain-descriptor path drivers with low limits
    /// take (AMD allows 8). `None` (the default): the driver's limits.
    pub max_dynamic_buffers: Option<u32>,
    /// `RX_VK_DESCRIPTOR_INDEXING`: draws' textures through the frame's bindless table
    /// where the driver has descriptor indexing (`Capabilities::descriptor_indexing`).
    pub descriptor_indexing: bool,
    /// At most this many sampled images in a bindless table, below the driver's limits:
    /// tests fill tables up. `None` (the default): the driver's limits.
    pub bindless_table_images: Option<u32>,
    /// Offer command buffers no more of the state features than these (each still only
    /// where the device has it): tests see a smaller device's record-time refusals.
    /// `None` (the default): the device's.
    pub state_features: Option<gpu::DeviceFeatures>,
    /// Lists whose steps are passes of draws have their Vulkan recording split off the
    /// backend's lock, done by the submitting thread (`split_submit`). On by default;
    /// off, every list is translated whole under the lock.
    pub split_bodies: bool,
}

impl ExecutorOptions {
    /// The switches' choices (pools imported where the driver can).
    pub fn from_switches(switches: &gpu::switches::Switches) -> ExecutorOptions {
        ExecutorOptions {
            import_pools: true,
            unmapped_pool_mirrors: false,
            gpu_storage: switches.gpu_storage,
            vram_mb: switches.vram_mb,
            keep_finalized_mb: switches.keep_finalized_mb,
            watch_dim: switches.watch_dim,
            force_format_fallbacks: false,
            max_dynamic_buffers: None,
            descriptor_indexing: switches.descriptor_indexing,
            bindless_table_images: None,
            state_features: None,
            split_bodies: true,
        }
    }
}

impl Default for ExecutorOptions {
    /// Every switch at its default.
    fn default() -> Self {
        let defaults = gpu::switches::Switches::from_lookup(|_| None)
            .expect("the switch table's defaults are valid");
        ExecutorOptions::from_switches(&defaults)
    }
}

pub struct VkBackend {
    timeline: Timeline,
    /// The timeline value of the last submission.
    submitted: u64,
    frames: FrameRing,
    pools: PoolTable,
    images: ImageTable,
    syncs: SyncValues,
    compute: ComputePipelines,
    graphics: GraphicsPipelines,
    samplers: SamplerCache,
    masked_clears: MaskedClears,
    /// Render targets and bindings at the end of the last list (NVN state carries over).
    targets: RenderTargets,
    bindings: Bindings,
    /// The last list's prepared draws, emptied and reused by the next list.
    spare_draws: PreparedDraws,
    /// The last list's planned steps, emptied and reused by the next list.
    spare_steps: Vec<Step>,
    state: GraphicsState,
    gate: Gate,
    stats: ExecutorStats,
    /// The names of the programs made from source that dereference raw addresses, by the
    /// tag they leave beside a missed address (`shader_translate::program_tag`).
    pointer_program_names: std::collections::HashMap<u32, String>,
    presentation: Presentation,
    /// The on-disk pipeline cache graphics pipelines are made through, if opened.
    pipeline_cache: Option<PipelineCache>,
    /// The write-back and GPU upload kernels, built on first use.
    kernels: Option<crate::kernels::swizzle_kernel::SwizzleKernels>,
    /// `RX_VK_SWIZZLE_KERNEL`: how the kernels record write-backs and uploads.
    swizzle_variant: crate::kernels::swizzle_kernel::SwizzleVariant,
    /// `RX_VK_GPU_STORAGE`: the write-back stores admitted textures' GPU writes.
    gpu_storage: bool,
    /// Uploads of admitted textures deswizzle on the GPU.
    gpu_uploads: bool,
    /// Write-backs of levels drawn every frame, waiting for quiet frames.
    waiting: WaitingStores,
    frame: u64,
    /// What command buffers may use (`ExecutorOptions::state_features`, within the
    /// device's): decoded lists are held to it at submit too.
    state_features: gpu::DeviceFeatures,
    /// `RX_VK_PASS_DEFER`: the deferred pass merge and its tally.
    defer: plan::deferral::Deferral,
    /// NVN's counters: totals, and reports waiting for their submission's fence.
    counters: resources::counters::CounterTotals,
    /// NVN's render enable (`render_enable`): off, draws and clears are left out.
    render_enabled: bool,
    /// NVN's debug groups and labels (`debug_labels`).
    labels: debug_labels::DebugLabels,
    /// Pipeline compiles split at presents (`pipelines::compile_stats`).
    compile_clock: pipelines::compile_stats::CompileClock,
    /// Each frame's GPU time, from timestamps around its submissions.
    gpu_frames: gpu_frame_time::GpuFrameTimer,
    /// How virtual pools get their pages here (`RX_VK_VIRTUAL_SPARSE`,
    /// `gpu_memory::sparse_pool::choose`).
    virtual_path: gpu::address::VirtualPoolPath,
    /// The order of queue operations, and split submissions' frames coming back.
    line: Arc<submit_line::SubmitLine>,
    /// `ExecutorOptions::split_bodies`.
    split_bodies: bool,
    device: Arc<Device>,
}

impl VkBackend {
    /// The executor with the image cache and write-back `options` choose, other switches
    /// at their defaults, but no on-disk pipeline or shader cache (so tests and tools
    /// leave nothing in the user's cache directory).
    pub fn new(device: &Arc<Device>, options: ExecutorOptions) -> VkResult<VkBackend> {
        // The virtual pool path follows the environment, so any test compares both
        // paths on one device (RX_VK_VIRTUAL_SPARSE=0).
        let mut defaults = gpu::switches::Switches::from_lookup(|name| match name {
            "RX_VK_PIPELINE_CACHE" => Some("0".to_owned()),
            "RX_VK_VIRTUAL_SPARSE" => std::env::var(name).ok(),
            _ => None,
        })
        .expect("the switch table's defaults are valid");
        defaults.gpu_storage = options.gpu_storage;
        defaults.vram_mb = options.vram_mb;
        defaults.keep_finalized_mb = options.keep_finalized_mb;
        defaults.watch_dim = options.watch_dim;
        defaults.shader_cache = gpu::switches::ShaderCacheChoice::Off;
        VkBackend::with_switches(device, options, &defaults)
    }

    /// The executor configured by `switches`: the image cache's budget and keep cap
    /// (`RX_VK_VRAM_MB`, `RX_VK_KEEP_FINALIZED_MB`, `RX_VK_WATCH_DIM`) and the write-back
    /// (`RX_VK_GPU_STORAGE`), the on-disk pipeline cache (`RX_VK_PIPELINE_CACHE`), and
    /// the translator options vertex programs are translated again with for their draws'
    /// attribute kinds (`RX_VK_SPIRV_OPT`, `RX_VK_SHADER_CACHE`, `RX_VK_PORTABILITY`).
    pub fn with_switches(
        device: &Arc<Device>,
        options: ExecutorOptions,
        switches: &gpu::switches::Switches,
    ) -> VkResult<VkBackend> {
        let heaps = crate::gpu_memory::budget::device_local_heaps(device);
        let (driver_budget_b, _) = crate::gpu_memory::budget::texture_budget_b(None, &heaps);
        let mut cache = ImageCache::new(CacheConfig::from_switches(switches, driver_budget_b));
        cache.set_rt_reclaim(switches.rt_reclaim);
        // The disk caches under their cap before this run's pipeline cache is read.
        if let Some(root) = gpu::disk_caches::cache_root() {
            gpu::disk_caches::prune::prune(&root, switches.cache_mb);
        }
        let pipeline_cache = match switches.pipeline_cache {
            gpu::switches::PipelineCacheChoice::Off => None,
            ref choice => Some(PipelineCache::open(device, choice)?),
        };
        let bindless = if options.descriptor_indexing {
            BindlessLayout::new(device, options.bindless_table_images)?
        } else {
            None
        };
        let mut graphics = GraphicsPipelines::new(device);
        graphics.translate_variants_with(shader_translate::TranslateOptions {
            optimise: switches.spirv_opt,
            cache: switches.shader_cache.location(),
            strict_portability: switches.portability,
        });
        graphics.cap_dynamic_buffers(options.max_dynamic_buffers);
        graphics.use_bindless(bindless.clone());
        let mut compute = ComputePipelines::new(device);
        let mut masked_clears = MaskedClears::new(device);
        if let Some(cache) = &pipeline_cache {
            graphics.use_cache(cache.raw);
            compute.use_cache(cache.raw);
            masked_clears.use_cache(cache.raw);
        }
        let sparse = crate::gpu_memory::sparse_pool::choose(
            device,
            switches.virtual_sparse,
            options.import_pools,
        )?;
        tracing::info!(target: TARGET, path = %sparse.path, "virtual pools");
        let physical =
            crate::gpu_memory::sparse_pool::physical_memory(device, options.unmapped_pool_mirrors)?;
        Ok(VkBackend {
            timeline: Timeline::new(device)?,
            submitted: 0,
            frames: FrameRing::new(device, bindless)?,
            pools: PoolTable::new(device, options.import_pools, physical, sparse.memory),
            images: ImageTable::new(device, cache, options.force_format_fallbacks),
            syncs: SyncValues::default(),
            compute,
            graphics,
            samplers: SamplerCache::new(device),
            masked_clears,
            targets: RenderTargets::default(),
            bindings: Bindings::default(),
            spare_draws: PreparedDraws::default(),
            spare_steps: Vec::new(),
            state: GraphicsState::default(),
            gate: Gate::default(),
            stats: ExecutorStats::default(),
            pointer_program_names: std::collections::HashMap::new(),
            presentation: Presentation::with_hud(switches.hud.clone()),
            pipeline_cache,
            kernels: None,
            // The table's values are the variants' names, checked when the switches are read.
            swizzle_variant: crate::kernels::swizzle_kernel::SwizzleVariant::from_name(
                &switches.swizzle_kernel,
            )
            .unwrap_or_default(),
            gpu_storage: switches.gpu_storage,
            gpu_uploads: true,
            waiting: WaitingStores::holding_hot_levels(switches.store_hot),
            frame: 0,
            state_features: match options.state_features {
                Some(features) => features.both(device.caps.state),
                None => device.caps.state,
            },
            defer: plan::deferral::Deferral::from_switches(switches),
            counters: Default::default(),
            render_enabled: true,
            labels: Default::default(),
            compile_clock: Default::default(),
            gpu_frames: gpu_frame_time::GpuFrameTimer::new(device)?,
            virtual_path: sparse.path,
            line: Arc::new(submit_line::SubmitLine::new()),
            split_bodies: options.split_bodies,
            device: device.clone(),
        })
    }

    /// Opens the pipeline cache `choice` names (`RX_VK_PIPELINE_CACHE`) for the
    /// pipelines made from now on; it is saved when the executor ends. Call at start.
    pub fn open_pipeline_cache(
        &mut self,
        choice: &gpu::switches::PipelineCacheChoice,
    ) -> VkResult<()> {
        let cache = PipelineCache::open(&self.device, choice)?;
        self.graphics.use_cache(cache.raw);
        self.compute.use_cache(cache.raw);
        self.masked_clears.use_cache(cache.raw);
        // A replaced cache is saved and destroyed; pipelines do not keep their cache.
        self.pipeline_cache = Some(cache);
        Ok(())
    }

    /// The pipeline cache in use, if opened.
    pub fn pipeline_cache(&self) -> Option<&PipelineCache> {
        self.pipeline_cache.as_ref()
    }

    pub fn device(&self) -> &Arc<Device> {
        &self.device
    }

    /// Starts (or stops, dropping it) a log of the debug label commands command buffers
    /// receive, in order: what `VK_EXT_debug_utils` gets where the instance has it.
    pub fn log_debug_labels(&mut self, on: bool) {
        self.labels.set_logging(on);
    }

    /// The debug label log so far (`log_debug_labels`), emptied.
    pub fn take_debug_labels(&mut self) -> Vec<debug_labels::LabelEvent> {
        self.labels.take_log()
    }

    /// The timeline value of the last submission.
    pub fn submitted_value(&self) -> u64 {
        self.submitted
    }

    /// What the executor did since it was made.
    pub fn stats(&self) -> ExecutorStats {
        let (image_memory_b, buffer_memory_b) = stats::allocated_b(&self.device);
        ExecutorStats {
            image_memory_b,
            buffer_memory_b,
            imported_pool_b: self.pools.imported_b(),
            pipelines_created: self.pipelines_made(),
            pipeline_compiles: self.graphics.compile_counters(),
            cache: self.images.cache.counters(),
            free_list: self.images.free.counters(),
            body_ns: self.line.body_totals().0,
            ..self.stats
        }
    }

    /// Pipelines made since the executor was made, of every kind.
    fn pipelines_made(&self) -> u64 {
        self.compute.made() + self.graphics.made() + self.masked_clears.made()
    }

    /// The running totals a frame's figures are the differences of.
    pub(in crate::executor) fn frame_totals(&self) -> frame_stats::Totals {
        frame_stats::Totals {
            pipelines: self.pipelines_made(),
            write_back_regions: self.stats.write_back_regions,
            traps: memory::tracking::trap_count(),
        }
    }

    /// Draws `items` over every presented image from now on (`RX_VK_HUD`); empty: none.
    pub fn set_hud(&mut self, items: Vec<gpu::switches::hud_items::HudItem>) {
        self.presentation.set_hud(items);
    }

    /// The HUD's figures now.
    pub fn hud_figures(&self) -> crate::present::hud::HudFigures {
        self.hud_figures_with(stats::allocated_b(&self.device))
    }

    /// The HUD's figures with (host images, the executor's buffers) memory in bytes as
    /// given.
    pub(in crate::executor) fn hud_figures_with(
        &self,
        (image_memory_b, buffer_memory_b): (u64, u64),
    ) -> crate::present::hud::HudFigures {
        let cache = self.images.cache.counters();
        crate::present::hud::HudFigures {
            frames: self.frame_stats(),
            device_name: self.device.info.name.clone(),
            image_memory_b,
            buffer_memory_b,
            texture_in_use_b: cache.in_use_b,
            texture_budget_b: self.texture_budget_b(),
            cached_images: cache.images,
            evictions: cache.evictions,
        }
    }

    /// The image cache's texture budget in bytes (`RX_VK_VRAM_MB`, or the driver's).
    pub fn texture_budget_b(&self) -> u64 {
        self.images.cache.config().budget_b
    }

    /// Frame time, frames a second and what the last frame did (pipelines compiled,
    /// regions written back, CPU write traps), a frame being the work between presents.
    pub fn frame_stats(&self) -> frame_stats::FrameStats {
        frame_stats::FrameStats {
            gpu: self.gpu_frames.latest(),
            ..self.presentation.frame_stats().clone()
        }
    }

    /// Graphics pipelines made and the time spent, in total and in the last frame.
    pub fn pipeline_stats(&mut self) -> pipelines::compile_stats::PipelineStats {
        self.roll_compile_clock();
        self.compile_clock.stats()
    }

    /// Also takes up the optimised pipelines finished so far (only ever between
    /// submissions: both callers are).
    fn roll_compile_clock(&mut self) {
        self.graphics.take_up_optimised();
        let frames = self.presentation.frame_stats().frames;
        let now = self.graphics.compile_counters();
        self.compile_clock.roll(frames, now);
    }

    /// Makes later submissions wait on the GPU until `release_submissions`: lets a test
    /// (or a probe) see work that is submitted but not complete.
    pub fn hold_submissions(&mut self) -> VkResult<()> {
        self.gate.hold(&self.device)
    }

    /// Lets held submissions run.
    pub fn release_submissions(&mut self) -> VkResult<()> {
        self.gate.release(&self.device)
    }

    /// Settles everything the GPU has finished: frames, mirrors' write-backs, retired
    /// objects, sync values. Returns the completed timeline value.
    fn retire(&mut self) -> VkResult<u64> {
        let completed = self.timeline.completed()?;
        self.take_back_frames();
        self.frames.retire(completed);
        self.pools.retire(completed)?;
        self.report_pointer_misses()?;
        self.write_reports(completed)?;
        self.images.retire(completed);
        self.syncs.retire(completed);
        self.compute.retire(completed);
        self.graphics.retire(completed);
        self.samplers.retire(completed);
        self.presentation.retire(completed);
        if completed >= self.submitted {
            if let Some(kernels) = &self.kernels {
                kernels.reset_descriptors()?;
            }
        }
        Ok(completed)
    }

    /// Raw pointers in shaders that missed every live pool since the last look: counted,
    /// and a warning naming the count and one such address.
    fn report_pointer_misses(&mut self) -> VkResult<()> {
        let (new, total) = self.pools.take_pointer_misses()?;
        self.stats.raw_pointer_misses = total;
        if let Some(new) = new {
            let program = match self.pointer_program_names.get(&new.program_tag) {
                Some(name) => format!("program {name}"),
                None if new.program_tag == shader_translate::COMPILED_PROGRAM_TAG => {
                    "a compiled program".to_owned()
                }
                None => format!("a program of tag {:#x}", new.program_tag),
            };
            tracing::warn!(target: "gpu_vk::executor", misses = new.count,
                address = format_args!("{:#x}", new.address),
                "{} raw pointer access(es) in shaders hit no live pool (one by {program} at {:#x}): loads read 0, stores and atomics were dropped",
                new.count, new.address);
            self.stats.last_raw_pointer_miss = Some(stats::RawPointerMiss {
                address: new.address,
                program_tag: new.program_tag,
            });
        }
        Ok(())
    }

    /// Writes the reports of submissions up to `completed` into pool storage (and a
    /// mirror's copy of it), where the CPU reads them after the fence.
    fn write_reports(&mut self, completed: u64) -> VkResult<()> {
        let period_ns = f64::from(self.device.caps.timestamp_period_ns);
        for write in self.counters.retire(completed, period_ns)? {
            let at = &write.destination;
            // A pool finalized since holds nothing of the game's any more.
            if self.pools.get(at.pool).is_err() {
                continue;
            }
            at.storage
                .write_for_device(at.offset_b, 16, |bytes| bytes.copy_from_slice(&write.bytes))?;
            self.pools.mirror_write(at.pool, at.offset_b, &write.bytes);
            self.images
                .buffer_wrote(at.pool, at.offset_b..at.offset_b + 16);
        }
        Ok(())
    }

    /// Split submissions' frames, on the queue now, back into the ring.
    fn take_back_frames(&mut self) {
        for (value, frame) in self.line.take_returned() {
            self.frames.park(value, frame);
        }
    }

    fn wait_timeline(&mut self, value: u64, timeout: Duration) -> VkResult<WaitOutcome> {
        let outcome = self.timeline.wait(value, timeout)?;
        self.retire()?;
        Ok(outcome)
    }
}

impl Drop for VkBackend {
    fn drop(&mut self) {
        // The optimising workers use the pipeline cache, saved and destroyed after this.
        self.graphics.stop_optimising();
        if let Err(error) = self.gate.release(&self.device) {
            tracing::error!(target: TARGET, %error, "releasing held submissions at teardown");
        }
        match self.timeline.wait(self.submitted, FINISH_TIMEOUT) {
            Ok(WaitOutcome::Reached) => {}
            outcome => {
                tracing::error!(target: TARGET, ?outcome, "submissions still pending at teardown");
                let _ = self.device.wait_idle();
            }
        }
        // Every split submission's body ran (the device's submit waited for it).
        self.take_back_frames();
    }
}

/// The backend's words for an executor error.
fn backend_error(error: VkError) -> BackendError {
    match error {
        VkError::OutOfHostMemory(_) | VkError::OutOfDeviceMemory(_) => BackendError::OutOfMemory,
        VkError::DeviceLost(_) => BackendError::DeviceLost,
        VkError::Unsupported(what) => BackendError::Unsupported(what),
        // Refused when the draw's pipeline is made, before anything of the submission runs.
        VkError::AttributeType(mismatch) => BackendError::Unsupported(mismatch.to_string()),
        other => BackendError::Failed(other.to_string()),
    }
}

impl Backend for VkBackend {
    fn features(&self) -> gpu::DeviceFeatures {
        self.state_features
    }

    fn module_limits(&self) -> gpu::ModuleLimits {
        self.device.caps.module_limits()
    }

    fn object_created(
        &mut self,
        object: ObjectRef,
        tables: &ObjectTables,
    ) -> Result<(), BackendError> {
        match object {
            ObjectRef::Pool(id) => {
                let pool = tables
                    .pools
                    .get(id)
                    .ok_or(VkError::UnknownObject(object))
                    .map_err(backend_error)?;
                self.pools.create(pool).map_err(backend_error)
            }
            ObjectRef::Texture(id) => {
                let texture = tables
                    .textures
                    .get(id)
                    .ok_or(VkError::UnknownObject(object))
                    .map_err(backend_error)?;
                if let Some(why) = resources::textures::multisample_refusal(
                    &self.device,
                    texture,
                    self.images.force_format_fallbacks,
                ) {
                    return Err(BackendError::Unsupported(format!("{id}: {why}")));
                }
                self.images
                    .texture_made(texture, tables, self.gpu_storage)
                    .map_err(backend_error)
            }
            // Samplers the device cannot make are refused when made.
            ObjectRef::Sampler(id) => {
                let sampler = tables
                    .samplers
                    .get(id)
                    .ok_or(VkError::UnknownObject(object))
                    .map_err(backend_error)?;
                match resources::samplers::sampler_refusal(&sampler.maker, &self.device.caps) {
                    Some(why) => Err(BackendError::Unsupported(format!("{id}: {why}"))),
                    None => Ok(()),
                }
            }
            // Programs the executor cannot run are refused when made.
            ObjectRef::Program(id) => {
                let program = tables
                    .programs
                    .get(id)
                    .ok_or(VkError::UnknownObject(object))
                    .map_err(backend_error)?;
                if program.needs.raw_pointers {
                    // Compiled programs miss under `COMPILED_PROGRAM_TAG`: only shaders
                    // made from source have names to report.
                    let shaders = program.modules.iter().filter_map(|m| match &m.source {
                        Some(gpu::objects::ModuleSource::Shader(source)) => Some(source),
                        _ => None,
                    });
                    for source in shaders {
                        let tag = shader_translate::program_tag(source);
                        self.pointer_program_names.insert(tag, source.name.clone());
                    }
                }
                match pipelines::program_support::program_refusal(program, &self.device.caps) {
                    Some(why) => Err(BackendError::Unsupported(why)),
                    None => Ok(()),
                }
            }
            // Host images and views are made on first use.
            _ => Ok(()),
        }
    }

    fn object_finalized(&mut self, object: ObjectRef, tables: &ObjectTables) {
        match object {
            ObjectRef::Pool(id) => {
                self.unbind_physical(id);
                self.waiting.regions.forget_overlapping(id, 0..u64::MAX);
                self.images.pool_finalized(id);
                self.pools.finalize(id);
            }
            ObjectRef::Texture(id) => {
                self.waiting.texture_finalized(id);
                self.images.texture_finalized(id);
            }
            ObjectRef::View(id) => {
                if let Some(view) = tables.views.get(id) {
                    self.images.finalize_view(view);
                }
            }
            ObjectRef::Sync(id) => self.syncs.forget(id),
            ObjectRef::Sampler(id) => self.samplers.finalize(id),
            ObjectRef::Window(id) => self.presentation.finalize(id),
            ObjectRef::Program(id) => {
                self.compute.finalize(id);
                self.graphics.finalize(id);
            }
            _ => {}
        }
    }

    fn pool_written(&mut self, pool: PoolId, offset_b: u64, len_b: u64) {
        // Mirrors read the pool's write stamps at the next submit; the image cache hears
        // the exact bytes (page stamps cannot tell packed neighbours apart). Nothing
        // waiting from the GPU lands over them.
        self.waiting
            .regions
            .forget_overlapping(pool, offset_b..offset_b + len_b);
        self.images
            .cpu_wrote(pool, offset_b..offset_b + len_b, &self.pools);
    }

    fn pool_copied(
        &mut self,
        source: PoolId,
        source_offset_b: u64,
        destination: PoolId,
        destination_offset_b: u64,
        len_b: u64,
    ) {
        if self
            .waiting
            .regions
            .overlaps(source, source_offset_b..source_offset_b + len_b)
        {
            tracing::warn!(target: TARGET, pool = %source, offset_b = source_offset_b, len_b,
                "the CPU copied storage of a level drawn every frame whose latest drawing \
                waits for quiet frames: the copy holds an older drawing");
        }
        self.waiting.regions.forget_overlapping(
            destination,
            destination_offset_b..destination_offset_b + len_b,
        );
        self.images.storage_copied(
            (source, source_offset_b),
            (destination, destination_offset_b),
            len_b,
            &self.pools,
        );
    }

    fn virtual_pool_path(&self) -> gpu::address::VirtualPoolPath {
        self.virtual_path.clone()
    }

    fn virtual_pages_mapped(
        &mut self,
        pool: PoolId,
        pages: &[(u64, Option<gpu::address::MappedPage>)],
        _tables: &ObjectTables,
    ) -> Result<(), BackendError> {
        self.bind_virtual_pages(pool, pages).map_err(backend_error)
    }

    fn submit(
        &mut self,
        submission: Submission<'_>,
        tables: &ObjectTables,
    ) -> Result<(), BackendError> {
        match self.submit_split(submission, tables)? {
            Some(body) => body(),
            None => Ok(()),
        }
    }

    fn submit_split(
        &mut self,
        submission: Submission<'_>,
        tables: &ObjectTables,
    ) -> Result<Option<gpu::backend::ListBody>, BackendError> {
        let submitting = std::time::Instant::now();
        self.roll_compile_clock();
        let submitted = if submission.list.render_enable_count() > 0 || !self.render_enabled {
            self.submit_with_render_enable(submission, tables)
                .map(|()| None)
        } else {
            self.submit_list(submission, tables, true)
        };
        self.labels.end_submission();
        self.stats.submit_ns += submit::elapsed_ns(submitting);
        submitted.map_err(|error| {
            tracing::warn!(target: TARGET, %error, "submission refused");
            backend_error(error)
        })
    }

    fn flush(&mut self) -> Result<(), BackendError> {
        // Every submission went to the queue when it was made.
        self.retire().map(|_| ()).map_err(backend_error)
    }

    fn finish(&mut self) -> Result<(), BackendError> {
        match self.wait_timeline(self.submitted, FINISH_TIMEOUT) {
            Ok(WaitOutcome::Reached) => Ok(()),
            Ok(WaitOutcome::TimedOut) => Err(BackendError::GpuTimeout {
                waited_s: FINISH_TIMEOUT.as_secs(),
            }),
            Err(error) => Err(backend_error(error)),
        }
    }

    fn wait_sync(
        &mut self,
        sync: SyncId,
        value: u64,
        timeout: Duration,
    ) -> Result<bool, BackendError> {
        self.retire().map_err(backend_error)?;
        match self.syncs.target(sync, value) {
            SyncTarget::Reached => Ok(true),
            SyncTarget::Timeline(timeline_value) => self
                .wait_timeline(timeline_value, timeout)
                .map(|outcome| outcome == WaitOutcome::Reached)
                .map_err(backend_error),
            // Submissions wait for the device's lock this wait holds: none can signal it.
            SyncTarget::NotSubmitted => Ok(false),
        }
    }

    fn acquire(&mut self, window: WindowId, tables: &ObjectTables) -> Result<u32, BackendError> {
        self.acquire_index(window, tables).map_err(backend_error)
    }

    fn present(
        &mut self,
        window: WindowId,
        texture_index: u32,
        tables: &ObjectTables,
    ) -> Result<(), BackendError> {
        self.present_index(window, texture_index, tables)
            .map_err(|error| {
                tracing::warn!(target: TARGET, %error, "present refused");
                backend_error(error)
            })?;
        // A present ends a frame: the image cache's frame count (the keep rule's "drawn in
        // one frame", the watch lines) follows the game's presents.
        self.begin_frame();
        Ok(())
    }
}
