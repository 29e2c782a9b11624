//! Pools on the GPU: one `PoolBuffer` per pool the GPU can access, imported where the
//! driver can, else a mirror. A mirror takes the CPU's writes (found by the pool's write
//! stamps) before each submission, and gives the GPU's writes back to storage once the
//! submission that made them has completed. A virtual pool on the sparse path has a
//! sparse buffer with the physical pools' memory bound under its pages (`sparse_pages`):
//! its GPU writes are the physical pools', and its CPU storage takes their bytes once the
//! writing submission has completed, as a mirror gives its writes back.

use std::collections::{BTreeMap, VecDeque};
use std::sync::Arc;

use ash::vk;
use gpu::id_map::IdMap;
use gpu::objects::{ObjectTables, Pool};
use gpu::{PoolId, TextureId};
use memory::pool::{MemoryPool, WriteStamp, PAGE_SIZE_B};

use crate::bringup::device::Device;
use crate::error::{VkError, VkResult};
use crate::gpu_memory::pool_buffer::PoolBuffer;
use crate::gpu_memory::retire::RetireList;
use crate::gpu_memory::sparse_buffer::SparseFor;
use crate::gpu_memory::sparse_memory::{PhysicalMemory, SparseMemory};

use super::mirror_copies::MirrorCopies;

use super::pointer_table::{device_address, NewMisses, PointerTable};

pub struct TrackedPool {
    /// Dropped before `storage`: an imported buffer uses the storage's bytes.
    pub buffer: PoolBuffer,
    pub storage: Arc<MemoryPool>,
    /// Mirrors only: CPU writes stamped up to here are in the mirror.
    pub(super) mirrored_at: WriteStamp,
    /// Unmapped mirrors only: zeroed on the GPU (their memory starts undefined).
    pub(super) zeroed: bool,
    /// Unmapped mirrors only: the whole storage goes up with the next submission (a pool
    /// moved into its own mirror, whose bytes the GPU may have written).
    pub(super) full_upload: bool,
    /// The timeline value of the last submission that used the pool.
    pub last_use: u64,
    /// The pool's address range (Hookshot's address space) and its buffer's device
    /// address (0 without bufferDeviceAddress): its pool-table entry.
    range: (u64, u64),
    pub(super) device_address: u64,
    /// Sparse virtual pools only: what is bound under each page (virtual offset to
    /// physical pool and offset).
    pub sparse_pages: BTreeMap<u64, (PoolId, u64)>,
}

/// A range of a sparse virtual pool and the physical range bound under it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Alias {
    pub virtual_offset_b: u64,
    pub pool: PoolId,
    pub offset_b: u64,
    pub len_b: u64,
}

/// A range the GPU writes in a submission.
struct GpuWrite {
    timeline: u64,
    pool: PoolId,
    offset_b: u64,
    len_b: u64,
    /// The pool's stamp at submission: CPU writes after it win over the GPU's.
    submitted_at: WriteStamp,
    /// A sparse virtual pool's write: the physical ranges its bytes come back from.
    pull: Vec<Alias>,
}

pub struct PoolTable {
    pub(super) pools: IdMap<PoolId, TrackedPool>,
    writes: VecDeque<GpuWrite>,
    retired: RetireList<TrackedPool>,
    import: bool,
    physical: PhysicalMemory,
    /// Uploads and read-backs of mirrors the CPU does not map (`device_mirrors`).
    pub(super) mirror_copies: MirrorCopies,
    /// The pool table raw pointers in shaders search (made when first needed).
    pointers: Option<PointerTable>,
    /// What a virtual pool's sparse buffer binds: virtual pools are sparse where this is
    /// set (`gpu_memory::sparse_pool::choose`); imports prefer its types.
    pub sparse: Option<SparseMemory>,
    /// The timeline value the last sparse bind signals: every later submission waits for
    /// it.
    pub sparse_bound_at: u64,
    pub(super) device: Arc<Device>,
}

impl PoolTable {
    pub fn new(
        device: &Arc<Device>,
        import: bool,
        physical: PhysicalMemory,
        sparse: Option<SparseMemory>,
    ) -> PoolTable {
        PoolTable {
            pools: IdMap::default(),
            writes: VecDeque::new(),
            retired: RetireList::default(),
            import,
            physical,
            mirror_copies: MirrorCopies::default(),
            pointers: None,
            sparse,
            sparse_bound_at: 0,
            device: device.clone(),
        }
    }

    /// Makes the pool's buffer (pools the GPU cannot access get none).
    pub fn create(&mut self, pool: &Pool) -> VkResult<()> {
        if pool.maker.flags.gpu == memory::GpuAccess::NoAccess {
            return Ok(());
        }
        let storage = Arc::clone(&pool.storage);
        let ptr = storage.storage_ptr().as_ptr();
        let size_b = storage.size_b();
        let sparse_virtual = self.sparse.filter(|_| pool.maker.flags.is_virtual());
        let buffer = if let Some(memory) = sparse_virtual {
            let binds = match memory {
                SparseMemory::Imported { .. } => SparseFor::ImportedHost,
                SparseMemory::Mirror { .. } => SparseFor::Mirror,
            };
            PoolBuffer::sparse(&self.device, size_b, binds)?
        } else if let PhysicalMemory::OwnMirror { type_index, map } = self.physical {
            let mut mirror = PoolBuffer::own_memory_mirror(&self.device, size_b, type_index, map)?;
            // A mapped one starts as the storage; an unmapped one is zeroed and takes the
            // CPU's writes with the first submission (`device_mirrors`).
            if let Some(bytes) = mirror.mirror_bytes_mut() {
                storage.read_for_device(0, size_b, |stored| bytes.copy_from_slice(stored))?;
            }
            mirror
        } else if self.import && PoolBuffer::can_import(&self.device, ptr, size_b) {
            let preferred = match self.sparse {
                Some(SparseMemory::Imported { types }) => types,
                _ => 0,
            };
            // SAFETY: `storage` is kept in the same `TrackedPool` and dropped after the
            // buffer (field order), after the fence of the pool's last use; its bytes never
            // move while it lives, and `can_import` said the alignment fits.
            unsafe { PoolBuffer::import_preferring(&self.device, ptr, size_b, preferred)? }
        } else {
            // A mirror starts as the storage (zeros, or what the CPU wrote): the memory it
            // gets may hold anything, and a write-back copies whole texture ranges back.
            let mut mirror = PoolBuffer::mirror(&self.device, size_b)?;
            let bytes = mirror
                .mirror_bytes_mut()
                .expect("a mirror's memory is mapped");
            storage.read_for_device(0, size_b, |stored| bytes.copy_from_slice(stored))?;
            mirror
        };
        tracing::debug!(target: "gpu_vk::executor", pool = %pool.id, size_b,
            imported = buffer.is_imported(), "pool on the GPU");
        let device_address = if self.device.caps.state.buffer_device_address {
            device_address(&self.device, buffer.raw)
        } else {
            0
        };
        if let Some(pointers) = &mut self.pointers {
            pointers.mark_stale();
        }
        self.pools.insert(
            pool.id,
            TrackedPool {
                buffer,
                storage,
                mirrored_at: WriteStamp::NEVER,
                zeroed: false,
                full_upload: false,
                last_use: 0,
                range: (pool.address.0, pool.address.0 + size_b),
                device_address,
                sparse_pages: BTreeMap::new(),
            },
        );
        Ok(())
    }

    /// The pool table for the next submission, written if the pools changed (where the
    /// device has raw pointers); `completed`: the last finished timeline value.
    pub fn refresh_pointer_table(&mut self, completed: u64) -> VkResult<()> {
        if self.pointers.is_none() {
            self.pointers = PointerTable::new(&self.device)?;
        }
        let Some(pointers) = &mut self.pointers else {
            return Ok(());
        };
        let pools = &self.pools;
        pointers.current(
            || {
                pools
                    .values()
                    .map(|tracked| shader_translate::PoolTableEntry {
                        start: tracked.range.0,
                        end: tracked.range.1,
                        device_address: tracked.device_address,
                    })
                    .collect()
            },
            completed,
        )?;
        Ok(())
    }

    /// The pool table buffer the submission being prepared reads, with every live pool
    /// (which a raw pointer may reach): `None` without raw pointers on the device.
    pub fn pointer_table(&self) -> Option<(vk::Buffer, impl Iterator<Item = (PoolId, u64)> + '_)> {
        let buffer = self.pointers.as_ref()?.buffer()?;
        let live = self
            .pools
            .iter()
            .map(|(&id, tracked)| (id, tracked.buffer.size_b));
        Some((buffer, live))
    }

    /// The table was read by the submission of timeline value `value`.
    pub fn mark_pointer_table_used(&mut self, value: u64) {
        if let Some(pointers) = &mut self.pointers {
            pointers.mark_used(value);
        }
    }

    /// Raw-pointer misses counted since the last call, and the total so far.
    pub fn take_pointer_misses(&mut self) -> VkResult<(Option<NewMisses>, u64)> {
        match &mut self.pointers {
            Some(pointers) => Ok((pointers.take_new_misses()?, pointers.misses)),
            None => Ok((None, 0)),
        }
    }

    /// Bytes of pool storage imported from the game's memory (not allocated here).
    pub fn imported_b(&self) -> u64 {
        self.pools
            .values()
            .filter(|tracked| tracked.buffer.is_imported())
            .map(|tracked| tracked.buffer.size_b)
            .sum()
    }

    pub fn get(&self, pool: PoolId) -> VkResult<&TrackedPool> {
        self.pools
            .get(&pool)
            .ok_or_else(|| VkError::UnknownObject(pool.into()))
    }

    pub fn get_mut(&mut self, pool: PoolId) -> VkResult<&mut TrackedPool> {
        self.pools
            .get_mut(&pool)
            .ok_or_else(|| VkError::UnknownObject(pool.into()))
    }

    /// Every sparse virtual pool with what is bound under its pages.
    pub fn sparse_pools(&self) -> impl Iterator<Item = (PoolId, &BTreeMap<u64, (PoolId, u64)>)> {
        self.pools
            .iter()
            .filter(|(_, tracked)| !tracked.sparse_pages.is_empty())
            .map(|(&id, tracked)| (id, &tracked.sparse_pages))
    }

    pub fn mark_used(&mut self, pool: PoolId, timeline: u64) {
        let Some(tracked) = self.pools.get_mut(&pool) else {
            return;
        };
        tracked.last_use = tracked.last_use.max(timeline);
        // Work through a sparse virtual pool uses the physical pools bound under it.
        let physical: Vec<PoolId> = tracked.sparse_pages.values().map(|(p, _)| *p).collect();
        for pool in physical {
            if let Some(tracked) = self.pools.get_mut(&pool) {
                tracked.last_use = tracked.last_use.max(timeline);
            }
        }
    }

    /// The physical ranges bound under `len_b` bytes at `offset_b` of a sparse virtual
    /// pool (none for any other pool, or unmapped pages).
    pub fn aliases(&self, pool: PoolId, offset_b: u64, len_b: u64) -> Vec<Alias> {
        let Some(tracked) = self.pools.get(&pool) else {
            return Vec::new();
        };
        let page_b = gpu::address::VIRTUAL_PAGE_B;
        let first_page_b = offset_b - offset_b % page_b;
        let end_b = offset_b.saturating_add(len_b);
        tracked
            .sparse_pages
            .range(first_page_b..end_b)
            .map(|(&page_b_at, &(physical, physical_b))| {
                let start_b = page_b_at.max(offset_b);
                let stop_b = (page_b_at + page_b).min(end_b);
                Alias {
                    virtual_offset_b: start_b,
                    pool: physical,
                    offset_b: physical_b + (start_b - page_b_at),
                    len_b: stop_b - start_b,
                }
            })
            .collect()
    }

    /// The pools' buffers or addresses changed: the pointer table is written again.
    pub(super) fn mark_pointers_stale(&mut self) {
        if let Some(pointers) = &mut self.pointers {
            pointers.mark_stale();
        }
    }

    /// Ends a pool: its buffer (and storage) are released after its last use.
    pub fn finalize(&mut self, pool: PoolId) {
        if let Some(tracked) = self.pools.remove(&pool) {
            if let Some(pointers) = &mut self.pointers {
                pointers.mark_stale();
            }
            self.writes.retain(|write| write.pool != pool);
            self.retired.park(tracked.last_use, tracked);
        }
    }

    /// Copies every page the CPU wrote since the last time into each mirror.
    pub fn sync_mirrors(&mut self) -> VkResult<()> {
        for tracked in self.pools.values_mut() {
            // Imported pools are the storage; a sparse pool's GPU bytes are the physical
            // pools'; an unmapped mirror takes GPU copies (`device_mirrors`).
            if tracked.buffer.is_imported()
                || tracked.buffer.is_sparse()
                || tracked.buffer.is_unmapped_mirror()
            {
                continue;
            }
            let now = tracked.storage.current_stamp();
            let since = tracked.mirrored_at;
            // One load for a pool nothing wrote since: the walk below is over every page,
            // and a submission must not cost what all live pools hold.
            if tracked.storage.latest_cpu_write() <= since {
                continue;
            }
            let storage = Arc::clone(&tracked.storage);
            let pages = storage.size_b() / PAGE_SIZE_B;
            let written =
                |page: u64| storage.cpu_written_since(page * PAGE_SIZE_B, PAGE_SIZE_B, since);
            let mirror = tracked
                .buffer
                .mirror_bytes_mut()
                .expect("a mirror's memory is mapped");
            for (first, end) in runs(pages, written) {
                let (offset_b, len_b) = (first * PAGE_SIZE_B, (end - first) * PAGE_SIZE_B);
                let range = offset_b as usize..(offset_b + len_b) as usize;
                storage.read_for_device(offset_b, len_b, |bytes| {
                    mirror[range].copy_from_slice(bytes)
                })?;
            }
            tracked.mirrored_at = now;
        }
        Ok(())
    }

    /// The host wrote `bytes` into storage at `offset_b` for the device (a report): a
    /// mirror takes them too, so the GPU reads what the CPU does.
    pub fn mirror_write(&mut self, pool: PoolId, offset_b: u64, bytes: &[u8]) {
        // Under a sparse virtual pool the GPU reads the physical pages: they take it too.
        for alias in self.aliases(pool, offset_b, bytes.len() as u64) {
            let start = (alias.virtual_offset_b - offset_b) as usize;
            let part = &bytes[start..start + alias.len_b as usize];
            if let Some(physical) = self.pools.get(&alias.pool) {
                let written =
                    physical
                        .storage
                        .write_for_device(alias.offset_b, alias.len_b, |to| {
                            to.copy_from_slice(part)
                        });
                if let Err(error) = written {
                    tracing::warn!(target: "gpu_vk::executor", %error,
                        "a report under a virtual pool past its physical pool");
                }
            }
            self.mirror_write(alias.pool, alias.offset_b, part);
        }
        if self
            .pools
            .get(&pool)
            .is_some_and(|tracked| tracked.buffer.is_unmapped_mirror())
        {
            self.queue_host_write(pool, offset_b, bytes);
            return;
        }
        let Some(mirror) = self
            .pools
            .get_mut(&pool)
            .and_then(|tracked| tracked.buffer.mirror_bytes_mut())
        else {
            return;
        };
        let start = offset_b as usize;
        if let Some(range) = mirror.get_mut(start..start + bytes.len()) {
            range.copy_from_slice(bytes);
        }
    }

    /// Opens the range for the GPU's writes before the submission that makes them (in
    /// imported storage; a mirror's writes land in the mirror).
    pub fn open_for_gpu(&self, pool: PoolId, offset_b: u64, len_b: u64) {
        for alias in self.aliases(pool, offset_b, len_b) {
            self.open_for_gpu(alias.pool, alias.offset_b, alias.len_b);
        }
        let Some(tracked) = self.pools.get(&pool) else {
            return;
        };
        if tracked.buffer.is_imported() {
            if let Err(error) = tracked.storage.device_will_write(offset_b, len_b) {
                tracing::warn!(target: "gpu_vk::executor", %error, "GPU write outside its pool");
            }
        }
    }

    /// The GPU writes `len_b` bytes at `offset_b` of `pool` in submission `timeline`.
    pub fn note_gpu_write(&mut self, pool: PoolId, offset_b: u64, len_b: u64, timeline: u64) {
        // A sparse virtual pool's write lands in the physical pools: theirs first, so
        // `retire` settles them before the virtual pool takes their bytes.
        let pull = self.aliases(pool, offset_b, len_b);
        for alias in &pull {
            self.note_gpu_write(alias.pool, alias.offset_b, alias.len_b, timeline);
        }
        let Some(tracked) = self.pools.get(&pool) else {
            return;
        };
        if tracked.buffer.is_imported() {
            // The bytes are the storage's: only the stamp is the host's to give. Under
            // page protection the pages were opened before the submission (`open_for_gpu`),
            // and `retire` closes them.
            if let Err(error) = tracked.storage.note_device_write(offset_b, len_b) {
                tracing::warn!(target: "gpu_vk::executor", %error, "GPU write outside its pool");
            }
        }
        self.writes.push_back(GpuWrite {
            timeline,
            pool,
            offset_b,
            len_b,
            submitted_at: tracked.storage.current_stamp(),
            pull,
        });
    }

    /// The timeline value after which no GPU write to the range is pending.
    pub fn pending_write_until(&self, pool: PoolId, offset_b: u64, len_b: u64) -> Option<u64> {
        self.writes
            .iter()
            .filter(|write| {
                write.pool == pool
                    && write.offset_b < offset_b + len_b
                    && offset_b < write.offset_b + write.len_b
            })
            .map(|write| write.timeline)
            .max()
    }

    /// Settles every submission up to `completed`: mirrors give their GPU writes back to
    /// storage (except pages the CPU wrote since), retired pools are released.
    pub fn retire(&mut self, completed: u64) -> VkResult<()> {
        while self
            .writes
            .front()
            .is_some_and(|write| write.timeline <= completed)
        {
            let write = self.writes.pop_front().expect("checked above");
            let still_pending = self
                .pending_write_until(write.pool, write.offset_b, write.len_b)
                .is_some();
            if !write.pull.is_empty() {
                self.pull_from_physical(&write)?;
                continue;
            }
            let Some(tracked) = self.pools.get_mut(&write.pool) else {
                continue;
            };
            // A sparse pool's write over unmapped pages: dropped, nothing to take.
            if tracked.buffer.is_sparse() {
                continue;
            }
            if tracked.buffer.is_imported() {
                // Written and done: the pages are protected again, unless a later
                // submission still writes them (it closes them when it is done).
                if !still_pending {
                    tracked.storage.device_wrote(write.offset_b, write.len_b)?;
                }
                continue;
            }
            let storage = Arc::clone(&tracked.storage);
            if tracked.buffer.is_unmapped_mirror() {
                self.take_read_back(&write, &storage)?;
                continue;
            }
            let mirror = tracked
                .buffer
                .mirror_bytes_mut()
                .expect("a mirror's memory is mapped");
            let first_page = write.offset_b / PAGE_SIZE_B;
            let end_page = (write.offset_b + write.len_b).div_ceil(PAGE_SIZE_B);
            let untouched = |page: u64| {
                let page = first_page + page;
                !storage.cpu_written_since(page * PAGE_SIZE_B, PAGE_SIZE_B, write.submitted_at)
            };
            for (first, end) in runs(end_page - first_page, untouched) {
                let start_b = ((first_page + first) * PAGE_SIZE_B).max(write.offset_b);
                let end_b = ((first_page + end) * PAGE_SIZE_B).min(write.offset_b + write.len_b);
                let range = start_b as usize..end_b as usize;
                storage.write_for_device(start_b, end_b - start_b, |bytes| {
                    bytes.copy_from_slice(&mirror[range])
                })?;
            }
        }
        self.release_readbacks(completed);
        self.retired.release(completed);
        Ok(())
    }

    /// A completed write into an unmapped mirror: storage takes the bytes from the
    /// submission's read-back, except pages the CPU wrote since it was submitted.
    fn take_read_back(&self, write: &GpuWrite, storage: &MemoryPool) -> VkResult<()> {
        let first_page = write.offset_b / PAGE_SIZE_B;
        let end_page = (write.offset_b + write.len_b).div_ceil(PAGE_SIZE_B);
        let untouched = |page: u64| {
            let page = first_page + page;
            !storage.cpu_written_since(page * PAGE_SIZE_B, PAGE_SIZE_B, write.submitted_at)
        };
        let end_of_write_b = (write.offset_b + write.len_b).min(storage.size_b());
        for (first, end) in runs(end_page - first_page, untouched) {
            let start_b = ((first_page + first) * PAGE_SIZE_B).max(write.offset_b);
            let end_b = ((first_page + end) * PAGE_SIZE_B).min(end_of_write_b);
            if end_b <= start_b {
                continue;
            }
            let Some(bytes) = self.read_back(write.timeline, write.pool, start_b, end_b) else {
                tracing::warn!(target: "gpu_vk::executor", pool = %write.pool, start_b, end_b,
                    "a GPU write into an unmapped mirror has no read-back");
                continue;
            };
            storage.write_for_device(start_b, end_b - start_b, |to| to.copy_from_slice(bytes))?;
        }
        Ok(())
    }

    /// A completed write through a sparse virtual pool: its CPU storage takes the bytes
    /// from the physical pools (as a device write, so the textures stay the GPU's), except
    /// pages the CPU wrote since it was submitted.
    fn pull_from_physical(&self, write: &GpuWrite) -> VkResult<()> {
        let Some(tracked) = self.pools.get(&write.pool) else {
            return Ok(());
        };
        for alias in &write.pull {
            let Some(physical) = self.pools.get(&alias.pool) else {
                continue;
            };
            if tracked.storage.cpu_written_since(
                alias.virtual_offset_b,
                alias.len_b,
                write.submitted_at,
            ) {
                continue;
            }
            let (bytes, _) =
                physical
                    .storage
                    .read_for_device(alias.offset_b, alias.len_b, |bytes| bytes.to_vec())?;
            tracked
                .storage
                .write_for_device(alias.virtual_offset_b, alias.len_b, |to| {
                    to.copy_from_slice(&bytes)
                })?;
        }
        Ok(())
    }
}

/// Runs of consecutive indices in `0..count` for which `take` holds, as `(first, end)`.
pub(super) fn runs(count: u64, mut take: impl FnMut(u64) -> bool) -> Vec<(u64, u64)> {
    let mut found = Vec::new();
    let mut start = None;
    for index in 0..count {
        match (take(index), start) {
            (true, None) => start = Some(index),
            (false, Some(first)) => {
                found.push((first, index));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(first) = start {
        found.push((first, count));
    }
    found
}

/// The pool storage `texture` lies in.
pub fn storage_of(tables: &ObjectTables, texture: TextureId) -> VkResult<Arc<MemoryPool>> {
    let object = tables
        .textures
        .get(texture)
        .ok_or_else(|| VkError::UnknownObject(texture.into()))?;
    tables
        .pools
        .get(object.pool)
        .map(|pool| Arc::clone(&pool.storage))
        .ok_or_else(|| VkError::UnknownObject(object.pool.into()))
}

#[cfg(test)]
mod tests {
    use super::runs;

    #[test]
    fn runs_group_consecutive_pages() {
        let written = [false, true, true, false, true];
        assert_eq!(runs(5, |i| written[i as usize]), [(1, 3), (4, 5)]);
        assert_eq!(runs(3, |_| true), [(0, 3)]);
        assert!(runs(4, |_| false).is_empty());
    }
}
