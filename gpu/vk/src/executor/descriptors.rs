//! Descriptor sets from per-submission pools: a frame allocates what its dispatches and
//! draws need, and the pools are reset once the frame's submission completed.

use std::sync::Arc;

use ash::vk;

use crate::device::Device;
use crate::error::{map_vk, VkResult};

use super::draw::BoundGraphics;

const SETS_PER_POOL: u32 = 256;
const DESCRIPTORS_PER_KIND: u32 = 1024;

pub struct DescriptorPools {
    pools: Vec<vk::DescriptorPool>,
    /// The pool allocations come from; earlier ones are full.
    current: usize,
    /// What the frame's draws left bound in its command buffer (kept beside the sets
    /// they bind; forgotten with them when the frame is reset).
    pub bound: BoundGraphics,
    device: Arc<Device>,
}

impl DescriptorPools {
    pub fn new(device: &Arc<Device>) -> DescriptorPools {
        DescriptorPools {
            pools: Vec::new(),
            current: 0,
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

    /// Frees every set; call only once the submission using them completed.
    pub fn reset(&mut self) -> VkResult<()> {
        self.bound.forget();
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
        Ok(())
    }

    fn new_pool(&self) -> VkResult<vk::DescriptorPool> {
        let sizes = [
            vk::DescriptorType::UNIFORM_BUFFER,
            vk::DescriptorType::STORAGE_BUFFER,
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
