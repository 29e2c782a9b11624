//! Pool mirrors the CPU does not map: memory of a type only the GPU reaches (NVIDIA's
//! device-local type 1, the one its sparse buffers bind), kept in step with the pool's
//! storage by GPU copies, as a mapped mirror is by CPU copies. Before a submission's
//! commands, the pages the CPU wrote since the last upload (and host-written reports) go
//! up through the frame's staging memory; after them, every range the submission writes
//! is copied into read-back staging, and `PoolTable::retire` gives those bytes to storage
//! once the submission has completed (except pages the CPU wrote since), as a mapped
//! mirror's writes come back.

use std::sync::Arc;

use ash::vk;
use gpu::PoolId;
use memory::pool::PAGE_SIZE_B;

use crate::error::VkResult;
use crate::gpu_memory::pool_buffer::PoolBuffer;
use crate::gpu_memory::staging::{StagingArena, StagingSlice};
use crate::kernels::swizzle_record::memory_barrier;

use super::mirror_copies::ReadBack;
use super::pointer_table::device_address;
use super::pools::{runs, PoolTable};

type Scope = (vk::PipelineStageFlags2, vk::AccessFlags2);

/// Every earlier write, made available (`record::barrier`'s scopes; resources sit below
/// the recording layer and do not import it).
const EVERY_WRITE: Scope = (
    vk::PipelineStageFlags2::ALL_COMMANDS,
    vk::AccessFlags2::MEMORY_WRITE,
);

/// Every later access.
const EVERY_ACCESS: Scope = (
    vk::PipelineStageFlags2::ALL_COMMANDS,
    vk::AccessFlags2::from_raw(
        vk::AccessFlags2::MEMORY_READ.as_raw() | vk::AccessFlags2::MEMORY_WRITE.as_raw(),
    ),
);

impl PoolTable {
    /// Whether any pool lives in an unmapped mirror (its uploads and read-backs are
    /// recorded in a submission's one command buffer, so such submissions are not split).
    pub fn has_unmapped_mirrors(&self) -> bool {
        self.pools
            .values()
            .any(|tracked| tracked.buffer.is_unmapped_mirror())
    }

    /// Records the uploads into unmapped mirrors at the start of `cmd`: a new mirror is
    /// zeroed (a pool starts as zeros), then takes the pages the CPU wrote and the host's
    /// reports. Returns the bytes uploaded.
    pub fn upload_unmapped_mirrors(
        &mut self,
        cmd: vk::CommandBuffer,
        staging: &mut StagingArena,
    ) -> VkResult<u64> {
        let mut fills = Vec::new();
        let mut copies: Vec<(vk::Buffer, StagingSlice, u64)> = Vec::new();
        let uploading = &mut self.mirror_copies.uploading;
        uploading.clear();
        for (&id, tracked) in self.pools.iter_mut() {
            if !tracked.buffer.is_unmapped_mirror() {
                continue;
            }
            let since = tracked.mirrored_at;
            uploading.push((id, since, tracked.zeroed, tracked.full_upload));
            if !tracked.zeroed {
                fills.push(tracked.buffer.raw);
                tracked.zeroed = true;
            }
            let now = tracked.storage.current_stamp();
            let storage = Arc::clone(&tracked.storage);
            let pages = storage.size_b() / PAGE_SIZE_B;
            let whole = std::mem::take(&mut tracked.full_upload);
            let written = |page: u64| {
                whole || storage.cpu_written_since(page * PAGE_SIZE_B, PAGE_SIZE_B, since)
            };
            for (first, end) in runs(pages, written) {
                let (offset_b, len_b) = (first * PAGE_SIZE_B, (end - first) * PAGE_SIZE_B);
                let slice = staging.allocate(len_b)?;
                storage.read_for_device(offset_b, len_b, |bytes| {
                    staging.bytes_mut(slice).copy_from_slice(bytes)
                })?;
                copies.push((tracked.buffer.raw, slice, offset_b));
            }
            tracked.mirrored_at = now;
        }
        let host_writes = std::mem::take(&mut self.mirror_copies.host_writes);
        self.mirror_copies.uploading_host_writes = host_writes;
        for (pool, offset_b, bytes) in &self.mirror_copies.uploading_host_writes {
            let Some(tracked) = self.pools.get(pool) else {
                continue;
            };
            let slice = staging.allocate(bytes.len() as u64)?;
            staging.bytes_mut(slice).copy_from_slice(bytes);
            copies.push((tracked.buffer.raw, slice, *offset_b));
        }
        if fills.is_empty() && copies.is_empty() {
            return Ok(0);
        }
        let device = &self.device;
        // After every earlier submission's use of the mirrors (its read-backs included).
        memory_barrier(cmd, device, EVERY_WRITE, EVERY_ACCESS);
        for &buffer in &fills {
            // SAFETY: `cmd` is recording, outside a pass; the mirror is live and its whole
            // size is a multiple of 4 (pools are whole pages).
            unsafe {
                device
                    .raw
                    .cmd_fill_buffer(cmd, buffer, 0, vk::WHOLE_SIZE, 0)
            };
        }
        if !fills.is_empty() {
            memory_barrier(cmd, device, EVERY_WRITE, EVERY_ACCESS);
        }
        let mut uploaded_b = 0;
        for (buffer, slice, offset_b) in copies {
            let region = [vk::BufferCopy::default()
                .src_offset(slice.offset_b)
                .dst_offset(offset_b)
                .size(slice.size_b)];
            // SAFETY: `cmd` is recording; the staging slice and the mirror range are live
            // and in bounds (whole pages of the pool, or a report inside it).
            unsafe {
                device
                    .raw
                    .cmd_copy_buffer(cmd, slice.buffer, buffer, &region)
            };
            uploaded_b += slice.size_b;
        }
        Ok(uploaded_b)
    }

    /// Moves `pool`'s GPU bytes into a mirror of its own in memory type `type_index`
    /// (mapped where `map`), which a sparse buffer can bind: the storage is the truth, so
    /// a mapped mirror copies it now and an unmapped one uploads it whole with the next
    /// submission. The caller has waited for every submission that used the pool, so its
    /// old buffer is dropped here.
    pub fn move_into_own_mirror(
        &mut self,
        pool: PoolId,
        type_index: u32,
        map: bool,
    ) -> VkResult<()> {
        let device = Arc::clone(&self.device);
        let tracked = self.get_mut(pool)?;
        let size_b = tracked.buffer.size_b;
        let mut mirror = PoolBuffer::own_memory_mirror(&device, size_b, type_index, map)?;
        let now = tracked.storage.current_stamp();
        if let Some(bytes) = mirror.mirror_bytes_mut() {
            tracked
                .storage
                .read_for_device(0, size_b, |stored| bytes.copy_from_slice(stored))?;
        } else {
            tracked.zeroed = true;
            tracked.full_upload = true;
        }
        tracked.mirrored_at = now;
        tracked.device_address = match device.caps.state.buffer_device_address {
            true => device_address(&device, mirror.raw),
            false => 0,
        };
        // No submission still uses the old buffer: the caller waited for them all.
        drop(std::mem::replace(&mut tracked.buffer, mirror));
        self.mark_pointers_stale();
        tracing::debug!(target: "gpu_vk::executor", %pool, type_index, map,
            "pool moved into a mirror of its own (what sparse buffers bind)");
        Ok(())
    }

    /// The host wrote `bytes` at `offset_b` of `pool`'s storage for the device: an
    /// unmapped mirror takes them with the next submission.
    pub(super) fn queue_host_write(&mut self, pool: PoolId, offset_b: u64, bytes: &[u8]) {
        self.mirror_copies
            .host_writes
            .push((pool, offset_b, bytes.to_vec()));
    }

    /// Records, at the end of `cmd`, copies of every range the submission writes in an
    /// unmapped mirror (through the pool, or through a sparse virtual pool whose pages
    /// bind it) into read-back staging. Returns the bytes it copies.
    pub fn record_readbacks(
        &mut self,
        cmd: vk::CommandBuffer,
        writes: impl IntoIterator<Item = (PoolId, u64, u64)>,
    ) -> VkResult<u64> {
        let mut ranges: Vec<(PoolId, u64, u64)> = Vec::new();
        for (pool, offset_b, len_b) in writes {
            ranges.push((pool, offset_b, len_b));
            for alias in self.aliases(pool, offset_b, len_b) {
                ranges.push((alias.pool, alias.offset_b, alias.len_b));
            }
        }
        ranges.retain(|(pool, _, len_b)| {
            *len_b > 0
                && self
                    .pools
                    .get(pool)
                    .is_some_and(|tracked| tracked.buffer.is_unmapped_mirror())
        });
        ranges.sort_unstable();
        ranges.dedup();
        if ranges.is_empty() {
            return Ok(0);
        }
        let copies = &mut self.mirror_copies;
        let device = &self.device;
        let arena = match copies.arena.take() {
            Some(arena) => arena,
            None => copies
                .free
                .pop()
                .unwrap_or_else(|| StagingArena::new(device)),
        };
        let arena = copies.arena.insert(arena);
        memory_barrier(cmd, device, EVERY_WRITE, EVERY_ACCESS);
        let mut copied_b = 0;
        for (pool, offset_b, len_b) in ranges {
            let Some(tracked) = self.pools.get(&pool) else {
                continue;
            };
            let len_b = len_b.min(tracked.buffer.size_b.saturating_sub(offset_b));
            if len_b == 0 {
                continue;
            }
            let slice = arena.allocate(len_b)?;
            let region = [vk::BufferCopy::default()
                .src_offset(offset_b)
                .dst_offset(slice.offset_b)
                .size(len_b)];
            // SAFETY: `cmd` is recording, outside a pass; the range lies in the mirror (cut
            // to its size above) and the slice is as long.
            unsafe {
                device
                    .raw
                    .cmd_copy_buffer(cmd, tracked.buffer.raw, slice.buffer, &region)
            };
            copies.recording.push(ReadBack {
                pool,
                offset_b,
                len_b,
                slice,
            });
            copied_b += len_b;
        }
        Ok(copied_b)
    }

    /// The recorded uploads and read-backs belong to the submission of timeline `value`.
    pub fn mirror_copies_submitted(&mut self, value: u64) {
        let copies = &mut self.mirror_copies;
        copies.uploading.clear();
        copies.uploading_host_writes.clear();
        if let Some(arena) = copies.arena.take() {
            let recorded = std::mem::take(&mut copies.recording);
            copies.in_flight.push_back((value, arena, recorded));
        }
    }

    /// The submission being recorded was abandoned: its uploads and read-backs never
    /// run, so the mirrors are as they were before it (the next submission uploads again).
    pub fn mirror_copies_abandoned(&mut self) {
        let copies = &mut self.mirror_copies;
        for (pool, mirrored_at, zeroed, full_upload) in copies.uploading.drain(..) {
            if let Some(tracked) = self.pools.get_mut(&pool) {
                tracked.mirrored_at = mirrored_at;
                tracked.zeroed = zeroed;
                tracked.full_upload = full_upload;
            }
        }
        let mut host_writes = std::mem::take(&mut copies.uploading_host_writes);
        host_writes.append(&mut copies.host_writes);
        copies.host_writes = host_writes;
        copies.recording.clear();
        if let Some(mut arena) = copies.arena.take() {
            arena.reset();
            copies.free.push(arena);
        }
    }

    /// The bytes the submission of `timeline` wrote at `offset_b..end_b` of `pool`, from
    /// its read-back (`None` if none covers the range).
    pub(super) fn read_back(
        &self,
        timeline: u64,
        pool: PoolId,
        offset_b: u64,
        end_b: u64,
    ) -> Option<&[u8]> {
        let (_, arena, recorded) = self
            .mirror_copies
            .in_flight
            .iter()
            .find(|(value, _, _)| *value == timeline)?;
        let back = recorded.iter().find(|back| {
            back.pool == pool && back.offset_b <= offset_b && end_b <= back.offset_b + back.len_b
        })?;
        let start = (offset_b - back.offset_b) as usize;
        let end = (end_b - back.offset_b) as usize;
        Some(&arena.bytes(back.slice)[start..end])
    }

    /// Read-back staging of submissions up to `completed` is free again (after `retire`
    /// has read it).
    pub(super) fn release_readbacks(&mut self, completed: u64) {
        let copies = &mut self.mirror_copies;
        while copies
            .in_flight
            .front()
            .is_some_and(|(value, _, _)| *value <= completed)
        {
            let (_, mut arena, _) = copies.in_flight.pop_front().expect("checked above");
            arena.reset();
            copies.free.push(arena);
        }
    }
}
