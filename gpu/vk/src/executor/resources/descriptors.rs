//! Descriptor sets from per-submission pools: a frame allocates what its dispatches and
//! draws need, and the pools are reset once the frame's submission completed.

use gpu::id_map::IdMap;
use std::sync::Arc;

use ash::vk;

use crate::bringup::device::Device;
use crate::error::{map_vk, VkResult};

use super::bindless_table::BindlessTable;
use super::bound_graphics::BoundGraphics;
use crate::executor::pipelines::bindless_layout::BindlessLayout;

const SETS_PER_POOL: u32 = 256;
const DESCRIPTORS_PER_KIND: u32 = 1024;

/// One descriptor as a set holds it: the key of a set's contents. A dynamic buffer's
/// offset is not part of it (given at bind), so draws that only move it share the set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SetEntry {
    pub binding: u32,
    pub element: u32,
    pub ty: vk::DescriptorType,
    /// The buffer, or the image view.
    pub handle: u64,
    pub sampler: u64,
    pub offset_b: u64,
    pub range_b: u64,
}

pub struct DescriptorPools {
    pools: Vec<vk::DescriptorPool>,
    /// The pool allocations come from; earlier ones are full.
    current: usize,
    /// Sets written this frame, by layout and contents.
    written: IdMap<vk::DescriptorSetLayout, IdMap<Box<[SetEntry]>, vk::DescriptorSet>>,
    /// The last set found per set index: consecutive draws mostly repeat it, and
    /// comparing costs less than hashing.
    recent: Vec<(vk::DescriptorSetLayout, Vec<SetEntry>, vk::DescriptorSet)>,
    /// Reused by each draw: the contents being looked up, and the sets and dynamic
    /// offsets to bind.
    pub entries: Vec<SetEntry>,
    pub sets: Vec<vk::DescriptorSet>,
    pub offsets: Vec<u32>,
    /// The frame's bindless texture tables (descriptor-indexing path).
    pub bindless: Option<BindlessTable>,
    /// What the frame's draws left bound in its command buffer (kept beside the sets
    /// they bind; forgotten with them when the frame is reset).
    pub bound: BoundGraphics,
    device: Arc<Device>,
}

impl DescriptorPools {
    pub fn new(device: &Arc<Device>, bindless: Option<Arc<BindlessLayout>>) -> DescriptorPools {
        DescriptorPools {
            bindless: bindless.map(BindlessTable::new),

            pools: Vec::new(),
            current: 0,
            written: IdMap::default(),
            recent: Vec::new(),
            entries: Vec::new(),
            sets: Vec::new(),
            offsets: Vec::new(),
            bound: BoundGraphics::default(),
            device: device.clone(),
        }
    }

    /// One set per layout, from the current pool or a new one when it is full.
    pub fn allocate(
        &mut self,
        layouts: &[vk::DescriptorSetLayout],
    ) -> VkResult<Vec<vk::DescriptorSet>> {
        if layouts.is_empty() {
            return Ok(Vec::new());
        }
        loop {
            let fresh = self.current == self.pools.len();
            if fresh {
                self.pools.push(self.new_pool()?);
            }
            let info = vk::DescriptorSetAllocateInfo::default()
                .descriptor_pool(self.pools[self.current])
                .set_layouts(layouts);
            // SAFETY: the pool and layouts are live; the frame owning the pool is used by
            // one thread at a time.
            match unsafe { self.device.raw.allocate_descriptor_sets(&info) } {
                Ok(sets) => return Ok(sets),
                // A full pool: go on in the next one (a new pool that cannot hold the sets
                // fails for good below).
                Err(vk::Result::ERROR_OUT_OF_POOL_MEMORY | vk::Result::ERROR_FRAGMENTED_POOL)
                    if !fresh =>
                {
                    self.current += 1;
                }
                Err(result) => return Err(map_vk("allocating descriptor sets")(result)),
            }
        }
    }

    /// The set written this frame for `layout` with the contents in `self.entries`, at
    /// set index `index`.
    pub fn find(
        &mut self,
        index: usize,
        layout: vk::DescriptorSetLayout,
    ) -> Option<vk::DescriptorSet> {
        if let Some((known, entries, set)) = self.recent.get(index) {
            if *known == layout && *entries == self.entries {
                return Some(*set);
            }
        }
        let set = *self.written.get(&layout)?.get(self.entries.as_slice())?;
        self.note_recent(index, layout, set);
        Some(set)
    }

    /// Remembers `set` as written for `layout` with the contents in `self.entries`.
    pub fn remember(
        &mut self,
        index: usize,
        layout: vk::DescriptorSetLayout,
        set: vk::DescriptorSet,
    ) {
        self.written
            .entry(layout)
            .or_default()
            .insert(self.entries.as_slice().into(), set);
        self.note_recent(index, layout, set);
    }

    fn note_recent(
        &mut self,
        index: usize,
        layout: vk::DescriptorSetLayout,
        set: vk::DescriptorSet,
    ) {
        if self.recent.len() <= index {
            self.recent.resize_with(index + 1, || {
                (vk::DescriptorSetLayout::null(), Vec::new(), set)
            });
        }
        let recent = &mut self.recent[index];
        recent.0 = layout;
        recent.1.clone_from(&self.entries);
        recent.2 = set;
    }

    /// Frees every set; call only once the submission using them completed.
    pub fn reset(&mut self) -> VkResult<()> {
        self.bound.forget();
        self.written.clear();
        self.recent.clear();
        for &pool in &self.pools {
            // SAFETY: the owner's submission completed, so no set of the pool is in use.
            unsafe {
                self.device
                    .raw
                    .reset_descriptor_pool(pool, vk::DescriptorPoolResetFlags::empty())
            }
            .map_err(map_vk("resetting a descriptor pool"))?;
        }
        self.current = 0;
        if let Some(table) = &mut self.bindless {
            table.reset()?;
        }
        Ok(())
    }

    fn new_pool(&self) -> VkResult<vk::DescriptorPool> {
        let sizes = [
            vk::DescriptorType::UNIFORM_BUFFER,
            vk::DescriptorType::STORAGE_BUFFER,
            vk::DescriptorType::UNIFORM_BUFFER_DYNAMIC,
            vk::DescriptorType::STORAGE_BUFFER_DYNAMIC,
            vk::DescriptorType::COMBINED_IMAGE_SAMPLER,
            vk::DescriptorType::STORAGE_IMAGE,
        ]
        .map(|ty| {
            vk::DescriptorPoolSize::default()
                .ty(ty)
                .descriptor_count(DESCRIPTORS_PER_KIND)
        });
        let info = vk::DescriptorPoolCreateInfo::default()
            .max_sets(SETS_PER_POOL)
            .pool_sizes(&sizes);
        // SAFETY: valid create info on a live device.
        unsafe { self.device.raw.create_descriptor_pool(&info, None) }
            .map_err(map_vk("creating a descriptor pool"))
    }
}

impl Drop for DescriptorPools {
    fn drop(&mut self) {
        for &pool in &self.pools {
            // SAFETY: frames are dropped after their submissions completed.
            unsafe { self.device.raw.destroy_descriptor_pool(pool, None) };
        }
    }
}
