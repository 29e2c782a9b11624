//! The bindless texture table of the descriptor-indexing path: draws do not get a set for
//! their textures; each texture slot's image and sampler take an element of the frame's
//! table (one set with an array of sampled images and one of samplers), and the draw
//! gives their indices as handle words in push constants (`shader_translate::bindless`
//! rewrites the shaders to read them).
//!
//! Which element each view and sampler takes is decided while the list is prepared
//! (`bindless_list`); recording writes each of the list's tables once, before the first
//! draw, and never changes it after. The bindings are PARTIALLY_BOUND (elements no draw
//! uses stay empty) and UPDATE_AFTER_BIND (whose limits are the large ones). The views stay
//! alive until the frame's fence (the image table retires them), and the frame's pools
//! are reset with its other descriptors.

use std::sync::Arc;

use ash::vk;
use shader_translate::{
    BINDLESS_IMAGE_BINDING, BINDLESS_SAMPLER_BINDING, MAX_BINDLESS_IMAGES, MAX_BINDLESS_SAMPLERS,
};

use crate::device::Device;
use crate::error::{map_vk, VkResult};

use super::bindless_list::{ListTables, TableContents};

/// Sampled images one table holds (fewer where the driver's limits are lower).
const TABLE_IMAGES: u32 = 16 * 1024;
/// Samplers one table holds.
const TABLE_SAMPLERS: u32 = 1024;
/// Room a stage keeps for the program's other descriptors within the driver's
/// per-stage limit of update-after-bind resources.
const OTHER_DESCRIPTORS: u32 = 512;
/// Tables a frame's pool holds before another pool is made.
const TABLES_PER_POOL: u32 = 2;

/// The table's set layout, shared by every bindless program's pipeline layout.
pub struct BindlessLayout {
    pub raw: vk::DescriptorSetLayout,
    pub images: u32,
    pub samplers: u32,
    device: Arc<Device>,
}

impl BindlessLayout {
    /// The layout, sized within the device's limits (and `image_cap`, where given);
    /// `None` where the device has no descriptor indexing or too low limits for a useful
    /// table.
    pub fn new(
        device: &Arc<Device>,
        image_cap: Option<u32>,
    ) -> VkResult<Option<Arc<BindlessLayout>>> {
        let caps = &device.caps;
        if !caps.descriptor_indexing {
            return Ok(None);
        }
        if caps.portability_subset {
            // The rewritten modules alias image arrays of several types on one binding;
            // the Metal route (SPIRV-Cross, argument buffers) is not checked for that.
            tracing::info!(target: "gpu_vk::executor",
                "portability driver: per-draw texture sets, not the bindless table");
            return Ok(None);
        }
        let samplers = TABLE_SAMPLERS
            .min(caps.max_bindless_samplers)
            .min(MAX_BINDLESS_SAMPLERS);
        let images = TABLE_IMAGES
            .min(
                caps.max_bindless_images
                    .saturating_sub(samplers + OTHER_DESCRIPTORS),
            )
            .min(MAX_BINDLESS_IMAGES);
        if images < 64 || samplers < 16 {
            tracing::info!(target: "gpu_vk::executor", images, samplers,
                "descriptor indexing limits too low for a bindless table; per-draw sets are used");
            return Ok(None);
        }
        let images = images.min(image_cap.unwrap_or(u32::MAX)).max(1);
        let stages = vk::ShaderStageFlags::VERTEX | vk::ShaderStageFlags::FRAGMENT;
        let bindings = [
            vk::DescriptorSetLayoutBinding::default()
                .binding(BINDLESS_SAMPLER_BINDING)
                .descriptor_type(vk::DescriptorType::SAMPLER)
                .descriptor_count(samplers)
                .stage_flags(stages),
            vk::DescriptorSetLayoutBinding::default()
                .binding(BINDLESS_IMAGE_BINDING)
                .descriptor_type(vk::DescriptorType::SAMPLED_IMAGE)
                .descriptor_count(images)
                .stage_flags(stages),
        ];
        let flags = [vk::DescriptorBindingFlags::PARTIALLY_BOUND
            | vk::DescriptorBindingFlags::UPDATE_AFTER_BIND; 2];
        let mut binding_flags =
            vk::DescriptorSetLayoutBindingFlagsCreateInfo::default().binding_flags(&flags);
        let info = vk::DescriptorSetLayoutCreateInfo::default()
            .flags(vk::DescriptorSetLayoutCreateFlags::UPDATE_AFTER_BIND_POOL)
            .bindings(&bindings)
            .push_next(&mut binding_flags);
        // SAFETY: valid create info; the counts are within the device's update-after-bind
        // limits and the features the flags need were enabled with the device.
        let raw = unsafe { device.raw.create_descriptor_set_layout(&info, None) }
            .map_err(map_vk("creating the bindless texture table's set layout"))?;
        tracing::debug!(target: "gpu_vk::executor", images, samplers, "bindless texture table");
        Ok(Some(Arc::new(BindlessLayout {
            raw,
            images,
            samplers,
            device: device.clone(),
        })))
    }

    /// (images, samplers) one table holds.
    pub fn capacity(&self) -> (u32, u32) {
        (self.images, self.samplers)
    }
}

impl Drop for BindlessLayout {
    fn drop(&mut self) {
        // SAFETY: dropped with the executor, after every pipeline layout and set using it.
        unsafe {
            self.device
                .raw
                .destroy_descriptor_set_layout(self.raw, None)
        };
    }
}

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
