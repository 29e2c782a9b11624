//! Recording a whole write-back or upload with the swizzle kernels, in the variant the
//! kernels are set to (`SwizzleVariant`): image <-> staging copies, barriers, dispatches,
//! and for the bounce the scratch-to-pool copies.

use ash::vk::{self, AccessFlags2 as A, PipelineStageFlags2 as S};

use crate::bringup::device::Device;
use crate::error::VkResult;
use crate::gpu_memory::staging::StagingArena;
use crate::kernels::swizzle_batch::{batchable, batches, bounce, Batch, BounceCopy};
use crate::kernels::swizzle_job::{staging_copy_region, SwizzleJob};
use crate::kernels::swizzle_kernel::{
    BufferRange, Direction, DispatchBuffers, SwizzleKernels, SwizzleVariant,
};

/// A global memory barrier from `src` to `dst` (stages and accesses).
pub fn memory_barrier(
    cmd: vk::CommandBuffer,
    device: &Device,
    src: (vk::PipelineStageFlags2, vk::AccessFlags2),
    dst: (vk::PipelineStageFlags2, vk::AccessFlags2),
) {
    let barrier = [vk::MemoryBarrier2::default()
        .src_stage_mask(src.0)
        .src_access_mask(src.1)
        .dst_stage_mask(dst.0)
        .dst_access_mask(dst.1)];
    let info = vk::DependencyInfo::default().memory_barriers(&barrier);
    // SAFETY: `cmd` is recording.
    unsafe { device.raw.cmd_pipeline_barrier2(cmd, &info) };
}

type StageAccess = (vk::PipelineStageFlags2, vk::AccessFlags2);

/// `stages` with the union of `accesses`.
const fn scope(stages: &[vk::PipelineStageFlags2], accesses: &[vk::AccessFlags2]) -> StageAccess {
    let (mut stage, mut access) = (0, 0);
    let mut index = 0;
    while index < stages.len() {
        stage |= stages[index].as_raw();
        index += 1;
    }
    index = 0;
    while index < accesses.len() {
        access |= accesses[index].as_raw();
        index += 1;
    }
    (
        vk::PipelineStageFlags2::from_raw(stage),
        vk::AccessFlags2::from_raw(access),
    )
}

const EVERY_WRITE: StageAccess = scope(&[S::ALL_COMMANDS], &[A::MEMORY_WRITE]);
const EVERY_ACCESS: StageAccess = scope(&[S::ALL_COMMANDS], &[A::MEMORY_READ, A::MEMORY_WRITE]);
const SHADER: StageAccess = scope(
    &[S::COMPUTE_SHADER],
    &[A::SHADER_STORAGE_READ, A::SHADER_STORAGE_WRITE],
);
const COPY: StageAccess = scope(&[S::COPY], &[A::TRANSFER_READ, A::TRANSFER_WRITE]);
const SHADER_WRITE: StageAccess = scope(&[S::COMPUTE_SHADER], &[A::SHADER_STORAGE_WRITE]);
const COPY_WRITE: StageAccess = scope(&[S::COPY], &[A::TRANSFER_WRITE]);
/// What the bounce wrote: the kernels into scratch and the pool, the copies into the pool.
const BOUNCE_WRITES: StageAccess = scope(
    &[S::COMPUTE_SHADER, S::COPY],
    &[A::SHADER_STORAGE_WRITE, A::TRANSFER_WRITE],
);
/// What may read storage after a write-back: any later command, or the host.
const LATER_OR_HOST: StageAccess = scope(
    &[S::ALL_COMMANDS, S::HOST],
    &[A::MEMORY_READ, A::MEMORY_WRITE, A::HOST_READ],
);

/// How one variant records a write-back or upload: the jobs as the kernels see them
/// (bounced ones retargeted to scratch), the batches of the batched variants with each
/// table's place in scratch, and the bounce copies.
struct Plan {
    jobs: Vec<SwizzleJob>,
    /// Jobs moved by the one-region kernel: every job for `PerRegion`, else those too large
    /// for a batched dispatch.
    one_region: Vec<usize>,
    batches: Vec<(Batch, BufferRange)>,
    bounces: Vec<BounceCopy>,
}

impl SwizzleKernels {
    fn plan(
        &self,
        scratch: &mut StagingArena,
        jobs: &[SwizzleJob],
        direction: Direction,
    ) -> VkResult<Plan> {
        if self.variant == SwizzleVariant::PerRegion {
            return Ok(Plan {
                jobs: jobs.to_vec(),
                one_region: (0..jobs.len()).collect(),
                batches: Vec::new(),
                bounces: Vec::new(),
            });
        }
        let (jobs, bounces) =
            if self.variant == SwizzleVariant::Bounce && direction == Direction::ToStorage {
                bounce(scratch, jobs, self.device.caps.max_storage_buffer_range_b)?
            } else {
                (jobs.to_vec(), Vec::new())
            };
        let one_region = (0..jobs.len()).filter(|&i| !batchable(&jobs[i])).collect();
        let batchable_jobs: Vec<SwizzleJob> = jobs.iter().copied().filter(batchable).collect();
        let mut planned = Vec::new();
        for batch in batches(self.device.caps.max_storage_buffer_range_b, &batchable_jobs) {
            let table = scratch.allocate(std::mem::size_of_val(batch.entries.as_slice()) as u64)?;
            let table = BufferRange {
                buffer: table.buffer,
                offset_b: table.offset_b,
                size_b: table.size_b,
            };
            planned.push((batch, table));
        }
        Ok(Plan {
            jobs,
            one_region,
            batches: planned,
            bounces,
        })
    }

    /// Writes every batch's table (`vkCmdUpdateBuffer`, a transfer write ordered before the
    /// kernels by the barrier in front of them).
    fn record_tables(&self, cmd: vk::CommandBuffer, plan: &Plan) {
        for (batch, table) in &plan.batches {
            // SAFETY: `cmd` is recording outside a render pass; the table's slice is live,
            // 4-byte aligned, and its size (at most 64 KiB, `MAX_BATCH_JOBS`) is the data's.
            unsafe {
                self.device.raw.cmd_update_buffer(
                    cmd,
                    table.buffer,
                    table.offset_b,
                    bytemuck::cast_slice(&batch.entries),
                )
            };
        }
    }

    /// Every kernel of the plan: the one-region dispatches, then one per batch.
    fn record_kernels(
        &self,
        cmd: vk::CommandBuffer,
        plan: &Plan,
        direction: Direction,
    ) -> VkResult<()> {
        for &index in &plan.one_region {
            let job = &plan.jobs[index];
            self.record_dispatch(cmd, direction, &job.params, job.staging, job.storage)?;
        }
        for (batch, table) in &plan.batches {
            let buffers = DispatchBuffers {
                staging: batch.staging,
                storage: batch.storage,
                jobs: Some(*table),
            };
            self.record_batch_dispatch(
                cmd,
                direction,
                buffers,
                batch.entries.len() as u32,
                batch.group_count,
                batch.groups(),
            )?;
        }
        Ok(())
    }

    /// Every job's image <-> staging copy: image to staging before `swz`, staging to image
    /// after `deswz`. The image is in GENERAL layout for life. The per-region variant
    /// records a command a region; the others one command for each run of regions of the
    /// same image and staging buffer.
    fn record_staging_copies(
        &self,
        cmd: vk::CommandBuffer,
        jobs: &[SwizzleJob],
        direction: Direction,
    ) {
        let raw = &self.device.raw;
        let per_region = self.variant == SwizzleVariant::PerRegion;
        let mut start = 0;
        while start < jobs.len() {
            let first = &jobs[start];
            let mut end = start + 1;
            while !per_region
                && end < jobs.len()
                && jobs[end].image == first.image
                && jobs[end].staging.buffer == first.staging.buffer
            {
                end += 1;
            }
            let regions: Vec<vk::BufferImageCopy> = jobs[start..end]
                .iter()
                .map(|job| {
                    staging_copy_region(
                        &job.geometry,
                        job.staging.offset_b,
                        job.aspect,
                        job.level,
                        job.layer,
                        &job.region,
                    )
                })
                .collect();
            // SAFETY: `cmd` is recording; the image and staging buffer are live, and every
            // region lies inside both.
            unsafe {
                match direction {
                    Direction::ToStorage => raw.cmd_copy_image_to_buffer(
                        cmd,
                        first.image,
                        vk::ImageLayout::GENERAL,
                        first.staging.buffer,
                        &regions,
                    ),
                    Direction::ToLinear => raw.cmd_copy_buffer_to_image(
                        cmd,
                        first.staging.buffer,
                        first.image,
                        vk::ImageLayout::GENERAL,
                        &regions,
                    ),
                }
            }
            start = end;
        }
    }

    /// The bounce copies, a command for each run of copies between the same two buffers.
    fn record_bounce_copies(&self, cmd: vk::CommandBuffer, bounces: &[BounceCopy]) {
        let mut start = 0;
        while start < bounces.len() {
            let first = bounces[start];
            let mut end = start + 1;
            while end < bounces.len()
                && bounces[end].scratch == first.scratch
                && bounces[end].pool == first.pool
            {
                end += 1;
            }
            let regions: Vec<vk::BufferCopy> =
                bounces[start..end].iter().map(|copy| copy.region).collect();
            // SAFETY: `cmd` is recording; both buffers are live and every region lies
            // inside both (a scratch slice, and the texture's storage in the pool).
            unsafe {
                self.device
                    .raw
                    .cmd_copy_buffer(cmd, first.scratch, first.pool, &regions)
            };
            start = end;
        }
    }

    /// The write-back of `jobs`: every region copied from its image to staging, then the
    /// `swz` kernels into storage (for the bounce, into `scratch`, then copied to the pool),
    /// with one barrier between each phase, so the storage holds the drawn texels for
    /// whatever the submission does next. The batched variants' tables and the bounce's
    /// slices come from `scratch`.
    pub fn record_write_backs(
        &self,
        cmd: vk::CommandBuffer,
        scratch: &mut StagingArena,
        jobs: &[SwizzleJob],
    ) -> VkResult<()> {
        if jobs.is_empty() {
            return Ok(());
        }
        let plan = self.plan(scratch, jobs, Direction::ToStorage)?;
        memory_barrier(cmd, &self.device, EVERY_WRITE, COPY);
        self.record_tables(cmd, &plan);
        self.record_staging_copies(cmd, &plan.jobs, Direction::ToStorage);
        memory_barrier(cmd, &self.device, EVERY_WRITE, SHADER);
        self.record_kernels(cmd, &plan, Direction::ToStorage)?;
        if plan.bounces.is_empty() {
            memory_barrier(cmd, &self.device, SHADER_WRITE, LATER_OR_HOST);
            return Ok(());
        }
        memory_barrier(cmd, &self.device, SHADER_WRITE, COPY);
        self.record_bounce_copies(cmd, &plan.bounces);
        memory_barrier(cmd, &self.device, BOUNCE_WRITES, LATER_OR_HOST);
        Ok(())
    }

    /// The upload of `jobs`: the `deswz` kernels from storage into staging, then every
    /// staging-to-image copy. The batched variants' tables come from `scratch` (the bounce
    /// uploads as `Batched` does).
    pub fn record_uploads(
        &self,
        cmd: vk::CommandBuffer,
        scratch: &mut StagingArena,
        jobs: &[SwizzleJob],
    ) -> VkResult<()> {
        if jobs.is_empty() {
            return Ok(());
        }
        let plan = self.plan(scratch, jobs, Direction::ToLinear)?;
        if !plan.batches.is_empty() {
            memory_barrier(cmd, &self.device, EVERY_WRITE, COPY);
            self.record_tables(cmd, &plan);
        }
        memory_barrier(cmd, &self.device, EVERY_WRITE, SHADER);
        self.record_kernels(cmd, &plan, Direction::ToLinear)?;
        memory_barrier(cmd, &self.device, EVERY_ACCESS, COPY);
        self.record_staging_copies(cmd, &plan.jobs, Direction::ToLinear);
        memory_barrier(cmd, &self.device, COPY_WRITE, EVERY_ACCESS);
        Ok(())
    }
}
