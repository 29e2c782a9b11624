//! The executor: `VkBackend` runs NVN command lists on Vulkan. Each submission is one
//! command buffer on the queue's timeline semaphore (its value is the submission's
//! fence; NVN sync values map onto it).
//!
//! - Pools (`pools`): one `PoolBuffer` per GPU-accessible pool, the storage imported where
//!   the driver can, else a mirror that takes the CPU's writes (pool write stamps) before
//!   each submit and gives the GPU's writes back to storage once their fence passed.
//! - Textures (`textures`, `upload`): a host image per texture (a plain map; the image
//!   cache is its own issue), filled before the list runs when storage is newer than the
//!   image (CPU deswizzle into staging, or a zero clear for never-written storage).
//! - Passes (`plan`, `passes`): formed by pure rules; dynamic rendering; folded clears.
//! - Work (`prepare`, `submit`): everything is resolved and checked before the command
//!   buffer begins, so refused work (a typed `Unsupported`) runs none of the list.
//! - Between its units of work (passes, copies, dispatches, uploads) the executor records
//!   a global memory barrier, and one at each command buffer's start (for earlier
//!   submissions) and end (for host reads after the fence): correct first, fewer later.
//! - Descriptors (`slots`, `descriptors`): sets from per-frame pools, one set per host
//!   set of the program's layout (`shader_translate::host_binding`).

mod barrier;
mod bindings;
mod compute;
mod copy;
mod descriptors;
mod dispatch;
mod draw;
mod frames;
mod gate;
mod graphics;
mod graphics_conv;
mod graphics_state;
mod index_arena;
mod layout;
mod masked_clear;
mod passes;
mod plan;
mod pools;
mod prepare;
mod samplers;
mod slots;
mod stats;
mod submit;
mod sync_values;
mod textures;
mod upload;

use std::sync::Arc;
use std::time::Duration;

use gpu::backend::{Backend, Submission};
use gpu::command::RenderTargets;
use gpu::objects::ObjectTables;
use gpu::{BackendError, ObjectRef, PoolId, SyncId, WindowId};

use crate::device::Device;
use crate::error::{VkError, VkResult};
use crate::timeline::{Timeline, WaitOutcome};

pub use barrier::nvn_barrier_scope;
pub use copy::{buffer_texels, BufferTexels};
pub use plan::{form_passes, Load, PassPlan, Plan, Step, Store};
pub use stats::ExecutorStats;

use bindings::Bindings;
use compute::ComputePipelines;
use frames::FrameRing;
use gate::Gate;
use graphics::GraphicsPipelines;
use graphics_state::GraphicsState;
use masked_clear::MaskedClears;
use pools::PoolTable;
use samplers::SamplerCache;
use sync_values::{SyncTarget, SyncValues};
use textures::ImageTable;

const TARGET: &str = "gpu_vk::executor";

/// How long `finish` waits before it calls the device lost.
const FINISH_TIMEOUT: Duration = Duration::from_secs(60);

/// Choices a test or the program makes when it opens the executor.
#[derive(Clone, Copy, Debug)]
pub struct ExecutorOptions {
    /// Import pools' storage where the driver can (else every pool is mirrored).
    pub import_pools: bool,
}

impl Default for ExecutorOptions {
    fn default() -> Self {
        ExecutorOptions { import_pools: true }
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
    state: GraphicsState,
    gate: Gate,
    stats: ExecutorStats,
    device: Arc<Device>,
}

impl VkBackend {
    pub fn new(device: &Arc<Device>, options: ExecutorOptions) -> VkResult<VkBackend> {
        Ok(VkBackend {
            timeline: Timeline::new(device)?,
            submitted: 0,
            frames: FrameRing::new(device)?,
            pools: PoolTable::new(device, options.import_pools),
            images: ImageTable::new(device),
            syncs: SyncValues::default(),
            compute: ComputePipelines::new(device),
            graphics: GraphicsPipelines::new(device),
            samplers: SamplerCache::new(device),
            masked_clears: MaskedClears::new(device),
            targets: RenderTargets::default(),
            bindings: Bindings::default(),
            state: GraphicsState::default(),
            gate: Gate::default(),
            stats: ExecutorStats::default(),
            device: device.clone(),
        })
    }

    pub fn device(&self) -> &Arc<Device> {
        &self.device
    }

    /// The timeline value of the last submission.
    pub fn submitted_value(&self) -> u64 {
        self.submitted
    }

    /// What the executor did since it was made.
    pub fn stats(&self) -> ExecutorStats {
        ExecutorStats {
            pipelines_created: self.compute.made()
                + self.graphics.made()
                + self.masked_clears.made(),
            ..self.stats
        }
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
        self.frames.retire(completed);
        self.pools.retire(completed)?;
        self.images.retire(completed);
        self.syncs.retire(completed);
        self.compute.retire(completed);
        self.graphics.retire(completed);
        self.samplers.retire(completed);
        Ok(completed)
    }

    fn wait_timeline(&mut self, value: u64, timeout: Duration) -> VkResult<WaitOutcome> {
        let outcome = self.timeline.wait(value, timeout)?;
        self.retire()?;
        Ok(outcome)
    }
}

impl Drop for VkBackend {
    fn drop(&mut self) {
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
    }
}

/// The backend's words for an executor error.
fn backend_error(error: VkError) -> BackendError {
    match error {
        VkError::OutOfHostMemory(_) | VkError::OutOfDeviceMemory(_) => BackendError::OutOfMemory,
        VkError::DeviceLost(_) => BackendError::DeviceLost,
        VkError::Unsupported(what) => BackendError::Unsupported(what),
        other => BackendError::Failed(other.to_string()),
    }
}

impl Backend for VkBackend {
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
            // Host images and views are made on first use.
            _ => Ok(()),
        }
    }

    fn object_finalized(&mut self, object: ObjectRef, tables: &ObjectTables) {
        match object {
            ObjectRef::Pool(id) => self.pools.finalize(id),
            ObjectRef::Texture(id) => self.images.finalize_texture(id),
            ObjectRef::View(id) => {
                if let Some(view) = tables.views.get(id) {
                    self.images.finalize_view(view);
                }
            }
            ObjectRef::Sync(id) => self.syncs.forget(id),
            ObjectRef::Sampler(id) => self.samplers.finalize(id),
            ObjectRef::Program(id) => {
                self.compute.finalize(id);
                self.graphics.finalize(id);
            }
            _ => {}
        }
    }

    fn pool_written(&mut self, _pool: PoolId, _offset_b: u64, _len_b: u64) {
        // The pool's write stamps say the same; mirrors read them at the next submit.
    }

    fn submit(
        &mut self,
        submission: Submission<'_>,
        tables: &ObjectTables,
    ) -> Result<(), BackendError> {
        self.submit_list(submission, tables).map_err(|error| {
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
            Ok(WaitOutcome::TimedOut) => Err(BackendError::Failed(format!(
                "the queue did not finish within {FINISH_TIMEOUT:?} (held submissions?)"
            ))),
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

    fn acquire(&mut self, window: WindowId, _tables: &ObjectTables) -> Result<u32, BackendError> {
        Err(BackendError::Unsupported(format!(
            "{window}: presentation is not part of the executor yet"
        )))
    }

    fn present(
        &mut self,
        window: WindowId,
        _texture_index: u32,
        _tables: &ObjectTables,
    ) -> Result<(), BackendError> {
        Err(BackendError::Unsupported(format!(
            "{window}: presentation is not part of the executor yet"
        )))
    }
}
