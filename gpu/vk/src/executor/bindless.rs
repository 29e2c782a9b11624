//! The bindless texture table of the descriptor-indexing path: draws do not get a set for
//! their textures; each texture slot's image and sampler take an element of the frame's
//! table (one set with an array of sampled images and one of samplers), and the draw
//! gives their indices as handle words in push constants (`shader_translate::bindless`
//! rewrites the shaders to read them).
//!
//! A frame's table is written while its command buffer records: an element is written
//! the first time a view (or sampler) is used in the frame and never changes after, so
//! draws recorded earlier keep what they read. The bindings are UPDATE_AFTER_BIND (new
//! elements are written after the set is bound) and PARTIALLY_BOUND (elements no draw
//! uses stay empty). A table that fills up is followed by a fresh one for later draws.
//! The views stay alive until the frame's fence (the image table retires them), and the
//! frame's pools are reset with its other descriptors.

use gpu::id_map::IdMap;
use std::sync::Arc;

use ash::vk;
use ash::vk::Handle;
use shader_translate::{
    pack_bindless_handle, BINDLESS_IMAGE_BINDING, BINDLESS_SAMPLER_BINDING, MAX_BINDLESS_IMAGES,
    MAX_BINDLESS_SAMPLERS,
};

use crate::device::Device;
use crate::error::{map_vk, VkError, VkResult};

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

/// A frame's tables: the one draws use now and what it holds.
pub struct BindlessTable {
    layout: Arc<BindlessLayout>,
    pools: Vec<vk::DescriptorPool>,
    /// The pool tables come from; earlier ones are full.
    current_pool: usize,
    /// The table being filled (null before the frame's first bindless draw).
    pub set: vk::DescriptorSet,
    images: IdMap<vk::ImageView, u32>,
    samplers: IdMap<vk::Sampler, u32>,
    /// Tables made this frame.
    pub tables: u32,
}

impl BindlessTable {
    pub fn new(layout: Arc<BindlessLayout>) -> BindlessTable {
        BindlessTable {
            layout,
            pools: Vec::new(),
            current_pool: 0,
            set: vk::DescriptorSet::null(),
            images: IdMap::default(),
            samplers: IdMap::default(),
            tables: 0,
        }
    }

    pub fn layout(&self) -> vk::DescriptorSetLayout {
        self.layout.raw
    }

    /// Whether `views` and `samplers` fit the current table beside what it holds.
    fn fits(&self, views: &[(vk::ImageView, vk::Sampler)]) -> bool {
        let new_images = views
            .iter()
            .filter(|(view, _)| !self.images.contains_key(view))
            .count();
        let new_samplers = views
            .iter()
            .filter(|(_, sampler)| !self.samplers.contains_key(sampler))
            .count();
        self.images.len() + new_images <= self.layout.images as usize
            && self.samplers.len() + new_samplers <= self.layout.samplers as usize
    }

    /// The handle word of each (view, sampler) in `pairs`, into `handles`, writing the
    /// elements the table lacks; the table they index is `self.set` after the call (a
    /// fresh one when the current one cannot take them all).
    pub fn handles(
        &mut self,
        pairs: &[(vk::ImageView, vk::Sampler)],
        handles: &mut Vec<u32>,
    ) -> VkResult<()> {
        if pairs.len() > self.layout.images as usize || pairs.len() > self.layout.samplers as usize
        {
            return Err(VkError::Unsupported(format!(
                "a draw sampling {} textures (the bindless table holds {})",
                pairs.len(),
                self.layout.images.min(self.layout.samplers)
            )));
        }
        if self.set.is_null() || !self.fits(pairs) {
            self.start_table()?;
        }
        handles.clear();
        let (mut image_writes, mut sampler_writes) = (Vec::new(), Vec::new());
        for &(view, sampler) in pairs {
            let next_image = self.images.len() as u32;
            let image = *self.images.entry(view).or_insert_with(|| {
                image_writes.push((next_image, view));
                next_image
            });
            let next_sampler = self.samplers.len() as u32;
            let sampler_index = *self.samplers.entry(sampler).or_insert_with(|| {
                sampler_writes.push((next_sampler, sampler));
                next_sampler
            });
            handles.push(pack_bindless_handle(image, sampler_index));
        }
        if !image_writes.is_empty() || !sampler_writes.is_empty() {
            self.write(&image_writes, &sampler_writes);
        }
        Ok(())
    }

    fn write(&self, images: &[(u32, vk::ImageView)], samplers: &[(u32, vk::Sampler)]) {
        let image_infos: Vec<[vk::DescriptorImageInfo; 1]> = images
            .iter()
            .map(|&(_, view)| {
                [vk::DescriptorImageInfo {
                    sampler: vk::Sampler::null(),
                    image_view: view,
                    image_layout: vk::ImageLayout::GENERAL,
                }]
            })
            .collect();
        let sampler_infos: Vec<[vk::DescriptorImageInfo; 1]> = samplers
            .iter()
            .map(|&(_, sampler)| {
                [vk::DescriptorImageInfo {
                    sampler,
                    image_view: vk::ImageView::null(),
                    image_layout: vk::ImageLayout::UNDEFINED,
                }]
            })
            .collect();
        let mut writes = Vec::with_capacity(images.len() + samplers.len());
        for (&(element, _), info) in images.iter().zip(&image_infos) {
            writes.push(
                vk::WriteDescriptorSet::default()
                    .dst_set(self.set)
                    .dst_binding(BINDLESS_IMAGE_BINDING)
                    .dst_array_element(element)
                    .descriptor_type(vk::DescriptorType::SAMPLED_IMAGE)
                    .image_info(info),
            );
        }
        for (&(element, _), info) in samplers.iter().zip(&sampler_infos) {
            writes.push(
                vk::WriteDescriptorSet::default()
                    .dst_set(self.set)
                    .dst_binding(BINDLESS_SAMPLER_BINDING)
                    .dst_array_element(element)
                    .descriptor_type(vk::DescriptorType::SAMPLER)
                    .image_info(info),
            );
        }
        // SAFETY: the elements are new in this frame's table (no recorded draw reads
        // them); the bindings are update-after-bind, so writing them while the set is
        // bound in the recording command buffer is allowed; the views and samplers are
        // live until the frame's fence, and images are in GENERAL for life.
        unsafe { self.layout.device.raw.update_descriptor_sets(&writes, &[]) };
    }

    /// Allocates an empty table and makes it the current one.
    fn start_table(&mut self) -> VkResult<()> {
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
                Ok(sets) => {
                    self.set = sets[0];
                    break;
                }
                Err(vk::Result::ERROR_OUT_OF_POOL_MEMORY | vk::Result::ERROR_FRAGMENTED_POOL)
                    if !fresh =>
                {
                    self.current_pool += 1;
                }
                Err(result) => return Err(map_vk("allocating a bindless texture table")(result)),
            }
        }
        self.images.clear();
        self.samplers.clear();
        self.tables += 1;
        Ok(())
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
        self.set = vk::DescriptorSet::null();
        self.images.clear();
        self.samplers.clear();
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
