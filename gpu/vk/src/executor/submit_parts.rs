//! The commands before and after a list's steps, in the command buffer of its steps or
//! (a split submission, `split_submit`) in buffers of their own: what earlier
//! submissions and the image cache need first, and the write-back after.

use ash::vk;
use gpu::objects::ObjectTables;

use crate::error::{map_vk, VkResult};
use crate::kernels::swizzle_record::memory_barrier;
use crate::writeback::PendingWrites;

use super::prepare::list::{Fill, Prepared};
use super::record::barrier::{EVERY_ACCESS, EVERY_WRITE, HOST_READ};
use super::record::swizzle_jobs::StoreLog;
use super::resources::frames::Frame;
use super::resources::pools::storage_of;
use super::resources::upload::{record_upload, record_zero_fill};
use super::submit::{gpu_writes, waiting_image};
use super::VkBackend;

/// What recording the commands before a list's steps produced (`record_head`).
pub(super) struct Head {
    pub zero_fills: u64,
    pub uploads: u64,
    pub upload_bytes: u64,
    pub gpu_uploads: (u64, u64),
    pub stores: StoreLog,
    /// Whether the steps' first pass waits for writes before it (a barrier).
    pub dirty: bool,
    pub barriers: u64,
}

impl VkBackend {
    /// What comes before a list's steps: earlier submissions' writes, first layout
    /// transitions, the bindless tables, the write-back of images over filled storage,
    /// the fills and uploads, and the stores of levels whose quiet frames passed.
    pub(super) fn record_head(
        &mut self,
        cmd: vk::CommandBuffer,
        frame: &mut Frame,
        prepared: &Prepared,
        tables: &ObjectTables,
    ) -> VkResult<Head> {
        let device = self.device.clone();
        let barriers = std::cell::Cell::new(0u64);
        let barrier = |dst| {
            barriers.set(barriers.get() + 1);
            memory_barrier(cmd, &device, EVERY_WRITE, dst);
        };

        // Earlier submissions' writes, then first layout transitions.
        barrier(EVERY_ACCESS);
        let mut layouts: Vec<vk::ImageMemoryBarrier2> = prepared
            .textures
            .iter()
            .filter_map(|&id| self.images.get(id).ok())
            .filter(|tracked| tracked.needs_layout)
            .map(|tracked| tracked.image.initial_barrier())
            .collect();
        // Textures sharing an image transition it once.
        layouts.sort_by_key(|barrier| barrier.image);
        layouts.dedup_by_key(|barrier| barrier.image);
        if !layouts.is_empty() {
            let info = vk::DependencyInfo::default().image_memory_barriers(&layouts);
            // SAFETY: `cmd` is recording; the images are live and new (UNDEFINED).
            unsafe { device.raw.cmd_pipeline_barrier2(cmd, &info) };
        }

        // The list's bindless tables, whole, before any draw binds them.
        if let Some(table) = &mut frame.descriptors.bindless {
            table.write_list(&prepared.draws.bindless)?;
        }

        let mut stores = StoreLog::default();
        if !prepared.write_back_first.is_empty() {
            self.record_image_stores(
                cmd,
                &mut frame.scratch,
                &prepared.write_back_first,
                &mut stores,
            )?;
            barrier(EVERY_ACCESS);
        }
        let (mut zero_fills, mut uploads, mut upload_bytes) = (0, 0, 0);
        let mut on_gpu = Vec::new();
        for &(id, fill) in &prepared.fills {
            let tracked = self.images.get(id)?;
            match fill {
                Fill::Zero => {
                    record_zero_fill(&device, cmd, &tracked.image);
                    zero_fills += 1;
                }
                Fill::Upload => {
                    let storage = storage_of(tables, id)?;
                    record_upload(&device, cmd, &mut frame.staging, tracked, &storage)?;
                    upload_bytes += tracked.texture.layout.linear_size_b();
                    uploads += 1;
                }
                Fill::GpuUpload => on_gpu.push(id),
            }
        }
        let gpu_uploads = self.record_gpu_uploads(cmd, &mut frame.scratch, &on_gpu)?;
        uploads += on_gpu.len() as u64;
        upload_bytes += gpu_uploads.1;
        let mut dirty = !prepared.fills.is_empty();
        // Levels drawn every frame that stopped two frames ago: their last contents.
        let due = self.waiting.take_due(self.frame);
        if !due.is_empty() {
            if std::mem::take(&mut dirty) {
                barrier(EVERY_ACCESS);
            }
            self.record_stores(cmd, &mut frame.scratch, due, &mut stores)?;
        }
        Ok(Head {
            zero_fills,
            uploads,
            upload_bytes,
            gpu_uploads,
            stores,
            dirty,
            barriers: barriers.get(),
        })
    }

    /// What comes after a list's steps: the write-back of what they left `pending`
    /// (levels drawn every frame wait for quiet frames), the barrier for host reads after
    /// the fence, the frame timer's end; ends `cmd`. Returns the barriers it recorded.
    pub(super) fn record_tail(
        &mut self,
        cmd: vk::CommandBuffer,
        frame: &mut Frame,
        prepared: &Prepared,
        mut pending: PendingWrites,
        dirty: bool,
        stores: &mut StoreLog,
    ) -> VkResult<u64> {
        let device = self.device.clone();
        let mut barriers = 0;
        let regions = self
            .waiting
            .split(pending.take_all(), self.frame, &self.images.bound);
        if !regions.is_empty() {
            if dirty {
                barriers += 1;
                memory_barrier(cmd, &device, EVERY_WRITE, EVERY_ACCESS);
            }
            self.record_stores(cmd, &mut frame.scratch, regions, stores)?;
        }
        // Images with levels still waiting keep texels storage lacks, for the cache.
        let waiting = &self.waiting.regions;
        stores
            .stored
            .retain(|(image, _, _)| !waiting_image(waiting, &self.waiting.images, *image));
        self.waiting.prune();
        // Unmapped pool mirrors' written ranges, for storage (`resources::device_mirrors`).
        let read_back_b = self
            .pools
            .record_readbacks(cmd, gpu_writes(prepared, stores))?;
        if read_back_b > 0 {
            barriers += 1;
            self.stats.mirror_readback_bytes += read_back_b;
        }
        barriers += 1;
        memory_barrier(cmd, &device, EVERY_WRITE, HOST_READ);
        self.gpu_frames.close(cmd);
        // SAFETY: `cmd` is recording and outside any pass (the plan closes every pass).
        unsafe { device.raw.end_command_buffer(cmd) }.map_err(map_vk("ending a command buffer"))?;
        Ok(barriers)
    }
}
