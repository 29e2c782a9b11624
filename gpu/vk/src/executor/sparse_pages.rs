//! Virtual pools on the sparse path: a mapping change is one `vkQueueBindSparse` of the
//! physical pools' memory (imported, or their mirrors': `gpu_memory::sparse_memory`) under the virtual pool's sparse buffer, page by page
//! (neighbouring pages of one physical pool in one bind). The bind waits on the queue's
//! timeline for every submission before it and signals the next value, and every later
//! submission waits for that value (`queue_submit`), so a change lands between
//! submissions, as NVN allows. A physical pool finalized while mapped is unbound first.

use ash::vk;
use gpu::address::{MappedPage, VIRTUAL_PAGE_B};
use gpu::PoolId;

use crate::error::{map_vk, VkError, VkResult};
use crate::gpu_memory::sparse_memory::SparseMemory;
use crate::gpu_memory::timeline::WaitOutcome;

use super::{VkBackend, FINISH_TIMEOUT, TARGET};

/// Virtual offsets of a pool's pages and what each maps (`None`: unmapped).
type PageChanges = Vec<(u64, Option<MappedPage>)>;

/// One bind of `len_b` bytes at `virtual_offset_b`: `memory` at `memory_offset_b`, or
/// unbound (`vk::DeviceMemory::null()`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct PageBind {
    virtual_offset_b: u64,
    memory: vk::DeviceMemory,
    memory_offset_b: u64,
    len_b: u64,
}

impl VkBackend {
    /// The pages of `pool` at these virtual offsets now map what each names.
    pub(super) fn bind_virtual_pages(
        &mut self,
        pool: PoolId,
        pages: &[(u64, Option<MappedPage>)],
    ) -> VkResult<()> {
        if !self.virtual_path.is_sparse() {
            return Err(VkError::Unsupported(format!(
                "{pool}: sparse binding of virtual pages on a device that takes {}",
                self.virtual_path
            )));
        }
        let Some(memory) = self.pools.sparse else {
            return Err(VkError::Unsupported(format!(
                "{pool}: sparse binding of virtual pages on a device that takes {}",
                self.virtual_path
            )));
        };
        let buffer = {
            let tracked = self.pools.get(pool)?;
            if !tracked.buffer.is_sparse() {
                return Err(VkError::Unsupported(format!(
                    "{pool} has no sparse buffer (a virtual pool the GPU cannot access)"
                )));
            }
            tracked.buffer.raw
        };
        for page in pages.iter().filter_map(|(_, page)| *page) {
            self.make_bindable(page.physical, memory)?;
        }
        let mut binds = Vec::with_capacity(pages.len());
        for &(virtual_offset_b, page) in pages {
            let (memory, memory_offset_b) = match page {
                None => (vk::DeviceMemory::null(), 0),
                Some(page) => {
                    let physical = self.pools.get(page.physical)?;
                    let bound = physical.buffer.bindable_memory(&memory).ok_or_else(|| {
                        VkError::Unsupported(format!(
                            "{} has no memory a sparse buffer binds ({memory:?}), so it \
                             cannot be mapped under {pool} by sparse binding \
                             (RX_VK_VIRTUAL_SPARSE=0 copies instead)",
                            page.physical
                        ))
                    })?;
                    (bound, page.physical_offset_b)
                }
            };
            binds.push(PageBind {
                virtual_offset_b,
                memory,
                memory_offset_b,
                len_b: VIRTUAL_PAGE_B,
            });
        }
        self.queue_bind_sparse(buffer, &join(binds))?;
        let tracked = self.pools.get_mut(pool)?;
        for &(virtual_offset_b, page) in pages {
            match page {
                Some(page) => tracked
                    .sparse_pages
                    .insert(virtual_offset_b, (page.physical, page.physical_offset_b)),
                None => tracked.sparse_pages.remove(&virtual_offset_b),
            };
        }
        tracing::debug!(target: TARGET, %pool, pages = pages.len(),
            value = self.submitted, "virtual pages bound");
        Ok(())
    }

    /// Where virtual pages bind mirrors, a physical pool mapped for the first time moves
    /// into a mirror of its own in the chosen type (its imported or mapped memory is none a
    /// sparse buffer takes), after every submission that used it has completed.
    fn make_bindable(&mut self, physical: PoolId, memory: SparseMemory) -> VkResult<()> {
        let SparseMemory::Mirror {
            type_index,
            host_visible,
        } = memory
        else {
            return Ok(());
        };
        let tracked = self.pools.get(physical)?;
        if tracked.buffer.bindable_memory(&memory).is_some() {
            return Ok(());
        }
        self.move_pool_to_own_mirror(physical, type_index, host_visible)
    }

    /// Moves `pool`'s GPU bytes into a mirror of its own in memory type `type_index`
    /// (mapped where `map`), once every submission that used it has completed: what the
    /// sparse path does to a physical pool it first maps over mirrors, and what tests do to
    /// any pool on any driver.
    pub fn move_pool_to_own_mirror(
        &mut self,
        pool: PoolId,
        type_index: u32,
        map: bool,
    ) -> VkResult<()> {
        let last_use = self.pools.get(pool)?.last_use;
        if self.wait_timeline(last_use, FINISH_TIMEOUT)? == WaitOutcome::TimedOut {
            return Err(VkError::Unsupported(format!(
                "{pool} is still in use by the GPU after {} s: it cannot move into a mirror \
                 a sparse buffer binds",
                FINISH_TIMEOUT.as_secs()
            )));
        }
        self.pools.move_into_own_mirror(pool, type_index, map)
    }

    /// Before `physical` is finalized: every sparse virtual pool's pages over it are
    /// unbound, so no buffer keeps memory that is about to be freed.
    pub(super) fn unbind_physical(&mut self, physical: PoolId) {
        let mapped: Vec<(PoolId, PageChanges)> = self
            .pools
            .sparse_pools()
            .map(|(pool, pages)| {
                let over: PageChanges = pages
                    .iter()
                    .filter(|(_, (p, _))| *p == physical)
                    .map(|(&virtual_offset_b, _)| (virtual_offset_b, None))
                    .collect();
                (pool, over)
            })
            .filter(|(_, over)| !over.is_empty())
            .collect();
        if mapped.is_empty() {
            return;
        }
        for (pool, pages) in mapped {
            if let Err(error) = self.bind_virtual_pages(pool, &pages) {
                tracing::warn!(target: TARGET, %pool, %physical, %error,
                    "unbinding a finalized physical pool's pages failed");
            }
        }
        // Its memory is freed after the unbind has run.
        self.pools.mark_used(physical, self.submitted);
    }

    /// One `vkQueueBindSparse` of `binds` under `buffer`, after every submission so far;
    /// it signals the next timeline value, which later submissions wait for.
    fn queue_bind_sparse(&mut self, buffer: vk::Buffer, binds: &[PageBind]) -> VkResult<()> {
        if binds.is_empty() {
            return Ok(());
        }
        let memory_binds: Vec<vk::SparseMemoryBind> = binds
            .iter()
            .map(|bind| {
                vk::SparseMemoryBind::default()
                    .resource_offset(bind.virtual_offset_b)
                    .size(bind.len_b)
                    .memory(bind.memory)
                    .memory_offset(bind.memory_offset_b)
            })
            .collect();
        let buffer_binds = [vk::SparseBufferMemoryBindInfo::default()
            .buffer(buffer)
            .binds(&memory_binds)];
        let value = self.submitted + 1;
        let semaphores = [self.timeline.raw];
        let waits = [self.submitted];
        let signals = [value];
        let mut timeline_info = vk::TimelineSemaphoreSubmitInfo::default()
            .wait_semaphore_values(&waits)
            .signal_semaphore_values(&signals);
        let info = [vk::BindSparseInfo::default()
            .wait_semaphores(&semaphores)
            .buffer_binds(&buffer_binds)
            .signal_semaphores(&semaphores)
            .push_next(&mut timeline_info)];
        // In its turn: the wait's value is on the queue before it (a split submission's
        // body may still be recording).
        let bound = self.line.in_turn(value, || {
            let queue = self.device.queue.lock();
            // SAFETY: the queue lock serialises queue operations; the buffer is sparse
            // and live; each bound memory is live (imported, or a mirror's own) of a type
            // the buffer takes, at a page-aligned offset inside it (the page map's rules and
            // `choose`'s block check); the turn makes `value` above every value
            // signalled before.
            let bound = unsafe {
                self.device
                    .raw
                    .queue_bind_sparse(*queue, &info, vk::Fence::null())
            }
            .map_err(map_vk("binding virtual pool pages (vkQueueBindSparse)"));
            let spent = bound.is_ok();
            (bound, spent)
        });
        bound?;
        self.submitted = value;
        self.pools.sparse_bound_at = value;
        self.stats.sparse_binds += 1;
        Ok(())
    }
}

/// Neighbouring binds of one memory at neighbouring offsets (or both unbound) joined.
fn join(binds: Vec<PageBind>) -> Vec<PageBind> {
    let mut out: Vec<PageBind> = Vec::with_capacity(binds.len());
    for bind in binds {
        if let Some(last) = out.last_mut() {
            let follows = last.virtual_offset_b + last.len_b == bind.virtual_offset_b
                && last.memory == bind.memory
                && (bind.memory == vk::DeviceMemory::null()
                    || last.memory_offset_b + last.len_b == bind.memory_offset_b);
            if follows {
                last.len_b += bind.len_b;
                continue;
            }
        }
        out.push(bind);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use ash::vk::Handle;

    #[test]
    fn neighbouring_pages_of_one_memory_join_into_one_bind() {
        let page = VIRTUAL_PAGE_B;
        let a = vk::DeviceMemory::from_raw(1);
        let b = vk::DeviceMemory::from_raw(2);
        let none = vk::DeviceMemory::null();
        let bind = |at: u64, memory, offset: u64| PageBind {
            virtual_offset_b: at * page,
            memory,
            memory_offset_b: offset * page,
            len_b: page,
        };
        let joined = join(vec![
            bind(0, a, 4),
            bind(1, a, 5),
            bind(2, a, 9),
            bind(3, b, 10),
            bind(4, none, 0),
            bind(5, none, 0),
            bind(7, none, 0),
        ]);
        let got: Vec<(u64, u64, u64)> = joined
            .iter()
            .map(|j| {
                (
                    j.virtual_offset_b / page,
                    j.memory_offset_b / page,
                    j.len_b / page,
                )
            })
            .collect();
        assert_eq!(
            got,
            vec![(0, 4, 2), (2, 9, 1), (3, 10, 1), (4, 0, 2), (7, 0, 1)]
        );
    }
}
