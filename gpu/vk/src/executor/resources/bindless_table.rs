//! The bindless texture table of the descriptor-indexing path: draws do not get a set for
//! their textures; each texture slot's image and sampler take an element of the frame's
//! table (one set with an array of sampled images and one of samplers), and the draw
//! gives their indices as handle words in push constants (`shader_translate::bindless`
//! rewrites the shaders to read them).
//!
//! Which element each view and sampler takes is decided while the list is prepared
//! (`prepared::bindless_list`); recording writes each of the list's tables once, before
//! the first draw, and never changes it after. The bindings are PARTIALLY_BOUND (elements
//! no draw uses stay empty) and UPDATE_AFTER_BIND (whose limits are the large ones). The
//! views stay alive until the frame's fence (the image table retires them), and the
//! frame's pools are reset with its other descriptors. The table's set layout is
//! `pipelines::bindless_layout`.

use std::sync::Arc;

use ash::vk;
use shader_translate::{BINDLESS_IMAGE_BINDING, BINDLESS_SAMPLER_BINDING};

use crate::error::{map_vk, VkResult};
use crate::executor::pipelines::bindless_layout::BindlessLayout;
use crate::executor::prepared::bindless_list::{ListTables, TableContents};

/// Tables a frame's pool holds before another pool is made.
const TABLES_PER_POOL: u32 = 2;

/// A frame's tables: one set per table its list's draws fill (`ListTables`).
pub struct BindlessTable {
    layout: Arc<BindlessLayout>,
    pools: Vec<vk::DescriptorPool>,
    /// The pool tables come from; earlier ones are full.
    current_pool: usize,
    /// The list's tables, in `ListTables` order.
    pub sets: Vec<vk::DescriptorSet>,
    /// Tables written this frame.
    pub tables: u32,
}

impl BindlessTable {
    pub fn new(layout: Arc<BindlessLayout>) -> BindlessTable {
        BindlessTable {
            layout,
            pools: Vec::new(),
            current_pool: 0,
            sets: Vec::new(),
            tables: 0,
        }
    }

    pub fn layout(&self) -> vk::DescriptorSetLayout {
        self.layout.raw
    }

    /// Allocates and writes a set for each of the list's tables, before any draw
    /// records; their sets are `self.sets`.
    pub fn write_list(&mut self, list: &ListTables) -> VkResult<()> {
        for contents in &list.tables {
            let set = self.allocate()?;
            self.write(set, contents);
            self.sets.push(set);
            self.tables += 1;
        }
        Ok(())
    }

    fn write(&self, set: vk::DescriptorSet, contents: &TableContents) {
        let image_infos: Vec<vk::DescriptorImageInfo> = contents
            .images
            .iter()
            .map(|&view| vk::DescriptorImageInfo {
                sampler: vk::Sampler::null(),
                image_view: view,
                image_layout: vk::ImageLayout::GENERAL,
            })
            .collect();
        let sampler_infos: Vec<vk::DescriptorImageInfo> = contents
            .samplers
            .iter()
            .map(|&sampler| vk::DescriptorImageInfo {
                sampler,
                image_view: vk::ImageView::null(),
                image_layout: vk::ImageLayout::UNDEFINED,
            })
            .collect();
        let mut writes = Vec::with_capacity(2);
        if !image_infos.is_empty() {
            writes.push(
                vk::WriteDescriptorSet::default()
                    .dst_set(set)
                    .dst_binding(BINDLESS_IMAGE_BINDING)
                    .descriptor_type(vk::DescriptorType::SAMPLED_IMAGE)
                    .image_info(&image_infos),
            );
        }
        if !sampler_infos.is_empty() {
            writes.push(
                vk::WriteDescriptorSet::default()
                    .dst_set(set)
                    .dst_binding(BINDLESS_SAMPLER_BINDING)
                    .descriptor_type(vk::DescriptorType::SAMPLER)
                    .image_info(&sampler_infos),
            );
        }
        // SAFETY: the set was just allocated and no command uses it yet; the counts are
        // within the bindings' (`ListTables` fills tables up to the layout's capacity);
        // the views and samplers are live until the frame's fence, and images are in
        // GENERAL for life.
        unsafe { self.layout.device.raw.update_descriptor_sets(&writes, &[]) };
    }

    /// An empty table from the frame's pools.
    fn allocate(&mut self) -> VkResult<vk::DescriptorSet> {
        let layouts = [self.layout.raw];
        loop {
            let fresh = self.current_pool == self.pools.len();
            if fresh {
                let pool = self.new_pool()?;
                self.pools.push(pool);
            }
            let info = vk::DescriptorSetAllocateInfo::default()
                .descriptor_pool(self.pools[self.current_pool])
                .set_layouts(&layouts);
            // SAFETY: the pool and layout are live; one thread records the frame.
            match unsafe { self.layout.device.raw.allocate_descriptor_sets(&info) } {
                Ok(sets) => return Ok(sets[0]),
                Err(vk::Result::ERROR_OUT_OF_POOL_MEMORY | vk::Result::ERROR_FRAGMENTED_POOL)
                    if !fresh =>
                {
                    self.current_pool += 1;
                }
                Err(result) => return Err(map_vk("allocating a bindless texture table")(result)),
            }
        }
    }

    fn new_pool(&self) -> VkResult<vk::DescriptorPool> {
        let sizes = [
            vk::DescriptorPoolSize::default()
                .ty(vk::DescriptorType::SAMPLER)
                .descriptor_count(self.layout.samplers * TABLES_PER_POOL),
            vk::DescriptorPoolSize::default()
                .ty(vk::DescriptorType::SAMPLED_IMAGE)
                .descriptor_count(self.layout.images * TABLES_PER_POOL),
        ];
        let info = vk::DescriptorPoolCreateInfo::default()
            .flags(vk::DescriptorPoolCreateFlags::UPDATE_AFTER_BIND)
            .max_sets(TABLES_PER_POOL)
            .pool_sizes(&sizes);
        // SAFETY: valid create info on a live device with update-after-bind enabled.
        unsafe { self.layout.device.raw.create_descriptor_pool(&info, None) }
            .map_err(map_vk("creating a bindless descriptor pool"))
    }

    /// Frees every table; call only once the frame's submission completed.
    pub fn reset(&mut self) -> VkResult<()> {
        for &pool in &self.pools {
            // SAFETY: the frame's submission completed, so no table is in use.
            unsafe {
                self.layout
                    .device
                    .raw
                    .reset_descriptor_pool(pool, vk::DescriptorPoolResetFlags::empty())
            }
            .map_err(map_vk("resetting a bindless descriptor pool"))?;
        }
        self.current_pool = 0;
        self.sets.clear();
        self.tables = 0;
        Ok(())
    }
}

impl Drop for BindlessTable {
    fn drop(&mut self) {
        for &pool in &self.pools {
            // SAFETY: frames are dropped after their submissions completed.
            unsafe { self.layout.device.raw.destroy_descriptor_pool(pool, None) };
        }
    }
}
