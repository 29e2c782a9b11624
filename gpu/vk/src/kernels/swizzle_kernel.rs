//! The `swz` (write-back) and `deswz` (upload) compute pipelines and how a region is
//! recorded with them: image <-> staging copy, a barrier, the kernel over the pool buffer.

use std::sync::Arc;

use ash::vk;

use crate::bringup::device::Device;
use crate::error::{map_vk, VkResult};
use crate::kernels::swizzle_params::{KernelParams, StagingGeometry};

/// The kernels' GLSL, assembled from the shared block-linear header and each body.
pub fn kernel_glsl(direction: Direction) -> String {
    let header = include_str!("block_linear.glsl");
    let body = match direction {
        Direction::ToStorage => include_str!("swz.comp"),
        Direction::ToLinear => include_str!("deswz.comp"),
    };
    format!("#version 450\n{header}\n{body}")
}

/// Which way a kernel moves bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// `swz`: linear staging to block-linear storage (the write-back).
    ToStorage,
    /// `deswz`: block-linear storage to linear staging (the upload).
    ToLinear,
}

/// Where the kernels' two storage buffers are bound (from the translator's mapping).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KernelBindings {
    pub set: u32,
    pub staging_binding: u32,
    pub storage_binding: u32,
}

/// A buffer range bound to a kernel.
#[derive(Clone, Copy, Debug)]
pub struct BufferRange {
    pub buffer: vk::Buffer,
    pub offset_b: u64,
    pub size_b: u64,
}

pub struct SwizzleKernels {
    swz: vk::Pipeline,
    deswz: vk::Pipeline,
    layout: vk::PipelineLayout,
    set_layouts: Vec<vk::DescriptorSetLayout>,
    bindings: KernelBindings,
    push_descriptor: Option<ash::khr::push_descriptor::Device>,
    /// Used when the driver lacks push descriptors: sets are allocated here and the pool is
    /// reset by `reset_descriptors` once the work using them completed.
    descriptor_pool: vk::DescriptorPool,
    device: Arc<Device>,
}

const FALLBACK_SETS: u32 = 4096;

/// The runs and rows one work group of either kernel covers, aligned to gobs in the
/// texture (`storage_ordered_run` in `block_linear.glsl`).
const GROUP_RUNS: u32 = 4;
const GROUP_ROWS: u32 = 16;

/// Work groups across and down for a region: the grid starts at the gob-aligned run and
/// row at or before the region's first, and covers its last.
pub fn kernel_groups(params: &KernelParams) -> [u32; 2] {
    let runs_from_aligned = params.run_x0 % GROUP_RUNS + params.runs_per_row;
    let rows_from_aligned = params.region_y0 % GROUP_ROWS + params.rows;
    [
        runs_from_aligned.div_ceil(GROUP_RUNS),
        rows_from_aligned.div_ceil(GROUP_ROWS),
    ]
}

impl SwizzleKernels {
    /// Builds both pipelines from translated SPIR-V. `use_push_descriptors` is normally
    /// the device's capability; tests force `false` to cover the fallback.
    pub fn new(
        device: &Arc<Device>,
        swz_spirv: &[u32],
        deswz_spirv: &[u32],
        bindings: KernelBindings,
        use_push_descriptors: bool,
        cache: vk::PipelineCache,
    ) -> VkResult<SwizzleKernels> {
        let raw = &device.raw;
        let use_push = use_push_descriptors && device.caps.push_descriptor;
        let kernel_set_bindings = [
            vk::DescriptorSetLayoutBinding::default()
                .binding(bindings.staging_binding)
                .descriptor_type(vk::DescriptorType::STORAGE_BUFFER)
                .descriptor_count(1)
                .stage_flags(vk::ShaderStageFlags::COMPUTE),
            vk::DescriptorSetLayoutBinding::default()
                .binding(bindings.storage_binding)
                .descriptor_type(vk::DescriptorType::STORAGE_BUFFER)
                .descriptor_count(1)
                .stage_flags(vk::ShaderStageFlags::COMPUTE),
        ];
        let mut set_layouts = Vec::new();
        for set in 0..=bindings.set {
            let info = if set == bindings.set {
                let flags = if use_push {
                    vk::DescriptorSetLayoutCreateFlags::PUSH_DESCRIPTOR_KHR
                } else {
                    vk::DescriptorSetLayoutCreateFlags::empty()
                };
                vk::DescriptorSetLayoutCreateInfo::default()
                    .flags(flags)
                    .bindings(&kernel_set_bindings)
            } else {
                // Sets below the kernel's are empty but must exist in the layout.
                vk::DescriptorSetLayoutCreateInfo::default()
            };
            // SAFETY: valid create info on a live device.
            set_layouts.push(
                unsafe { raw.create_descriptor_set_layout(&info, None) }
                    .map_err(map_vk("creating a kernel descriptor layout"))?,
            );
        }
        let push_range = [vk::PushConstantRange::default()
            .stage_flags(vk::ShaderStageFlags::COMPUTE)
            .offset(0)
            .size(std::mem::size_of::<KernelParams>() as u32)];
        let layout_info = vk::PipelineLayoutCreateInfo::default()
            .set_layouts(&set_layouts)
            .push_constant_ranges(&push_range);
        // SAFETY: the set layouts are live.
        let layout = unsafe { raw.create_pipeline_layout(&layout_info, None) }
            .map_err(map_vk("creating the kernel pipeline layout"))?;
        let swz = compute_pipeline(device, layout, cache, swz_spirv)?;
        let deswz = compute_pipeline(device, layout, cache, deswz_spirv)?;
        let pool_sizes = [vk::DescriptorPoolSize::default()
            .ty(vk::DescriptorType::STORAGE_BUFFER)
            .descriptor_count(2 * FALLBACK_SETS)];
        let pool_info = vk::DescriptorPoolCreateInfo::default()
            .max_sets(FALLBACK_SETS)
            .pool_sizes(&pool_sizes);
        let descriptor_pool = if use_push {
            vk::DescriptorPool::null()
        } else {
            // SAFETY: valid create info.
            unsafe { raw.create_descriptor_pool(&pool_info, None) }
                .map_err(map_vk("creating the kernel descriptor pool"))?
        };
        Ok(SwizzleKernels {
            swz,
            deswz,
            layout,
            set_layouts,
            bindings,
            push_descriptor: use_push
                .then(|| ash::khr::push_descriptor::Device::new(&device.instance.raw, raw)),
            descriptor_pool,
            device: device.clone(),
        })
    }

    pub fn uses_push_descriptors(&self) -> bool {
        self.push_descriptor.is_some()
    }

    /// Records one kernel over one region: `staging` holds the region's run-aligned rows,
    /// `storage` is the window of the pool buffer that `params.base_b`/`limit_b` refer to.
    /// The caller puts barriers around it.
    pub fn record_dispatch(
        &self,
        cmd: vk::CommandBuffer,
        direction: Direction,
        params: &KernelParams,
        staging: BufferRange,
        storage: BufferRange,
    ) -> VkResult<()> {
        let raw = &self.device.raw;
        let pipeline = match direction {
            Direction::ToStorage => self.swz,
            Direction::ToLinear => self.deswz,
        };
        let staging_info = [vk::DescriptorBufferInfo {
            buffer: staging.buffer,
            offset: staging.offset_b,
            range: staging.size_b,
        }];
        let storage_info = [vk::DescriptorBufferInfo {
            buffer: storage.buffer,
            offset: storage.offset_b,
            range: storage.size_b,
        }];
        let writes = |set: vk::DescriptorSet| {
            [
                vk::WriteDescriptorSet::default()
                    .dst_set(set)
                    .dst_binding(self.bindings.staging_binding)
                    .descriptor_type(vk::DescriptorType::STORAGE_BUFFER)
                    .buffer_info(&staging_info),
                vk::WriteDescriptorSet::default()
                    .dst_set(set)
                    .dst_binding(self.bindings.storage_binding)
                    .descriptor_type(vk::DescriptorType::STORAGE_BUFFER)
                    .buffer_info(&storage_info),
            ]
        };
        // SAFETY: `cmd` is recording; the pipeline, layout and buffers are live, and the
        // descriptor writes match the set layout made in `new`.
        unsafe {
            raw.cmd_bind_pipeline(cmd, vk::PipelineBindPoint::COMPUTE, pipeline);
            match &self.push_descriptor {
                Some(push) => push.cmd_push_descriptor_set(
                    cmd,
                    vk::PipelineBindPoint::COMPUTE,
                    self.layout,
                    self.bindings.set,
                    &writes(vk::DescriptorSet::null()),
                ),
                None => {
                    let layouts = [self.set_layouts[self.bindings.set as usize]];
                    let info = vk::DescriptorSetAllocateInfo::default()
                        .descriptor_pool(self.descriptor_pool)
                        .set_layouts(&layouts);
                    let set = raw
                        .allocate_descriptor_sets(&info)
                        .map_err(map_vk("allocating a kernel descriptor set"))?[0];
                    raw.update_descriptor_sets(&writes(set), &[]);
                    raw.cmd_bind_descriptor_sets(
                        cmd,
                        vk::PipelineBindPoint::COMPUTE,
                        self.layout,
                        self.bindings.set,
                        &[set],
                        &[],
                    );
                }
            }
            raw.cmd_push_constants(
                cmd,
                self.layout,
                vk::ShaderStageFlags::COMPUTE,
                0,
                bytemuck::bytes_of(params),
            );
            let [groups_x, groups_y] = kernel_groups(params);
            raw.cmd_dispatch(cmd, groups_x, groups_y, params.slices);
        }
        Ok(())
    }

    /// Frees the fallback path's descriptor sets; only once the work using them is done.
    pub fn reset_descriptors(&self) -> VkResult<()> {
        if self.descriptor_pool == vk::DescriptorPool::null() {
            return Ok(());
        }
        // SAFETY: the caller guarantees no pending work uses the pool's sets.
        unsafe {
            self.device
                .raw
                .reset_descriptor_pool(self.descriptor_pool, vk::DescriptorPoolResetFlags::empty())
        }
        .map_err(map_vk("resetting the kernel descriptor pool"))
    }
}

impl Drop for SwizzleKernels {
    fn drop(&mut self) {
        let raw = &self.device.raw;
        // SAFETY: owners drop the kernels after the queue has drained.
        unsafe {
            raw.destroy_pipeline(self.swz, None);
            raw.destroy_pipeline(self.deswz, None);
            raw.destroy_pipeline_layout(self.layout, None);
            for layout in &self.set_layouts {
                raw.destroy_descriptor_set_layout(*layout, None);
            }
            if self.descriptor_pool != vk::DescriptorPool::null() {
                raw.destroy_descriptor_pool(self.descriptor_pool, None);
            }
        }
    }
}

fn compute_pipeline(
    device: &Device,
    layout: vk::PipelineLayout,
    cache: vk::PipelineCache,
    spirv: &[u32],
) -> VkResult<vk::Pipeline> {
    let raw = &device.raw;
    let module_info = vk::ShaderModuleCreateInfo::default().code(spirv);
    // SAFETY: the SPIR-V was validated by the translator.
    let module = unsafe { raw.create_shader_module(&module_info, None) }
        .map_err(map_vk("creating a kernel module"))?;
    let stage = vk::PipelineShaderStageCreateInfo::default()
        .stage(vk::ShaderStageFlags::COMPUTE)
        .module(module)
        .name(c"main");
    let info = [vk::ComputePipelineCreateInfo::default()
        .stage(stage)
        .layout(layout)];
    // SAFETY: module, layout and cache (or null) are live; the module is destroyed after
    // creation.
    let created = unsafe { raw.create_compute_pipelines(cache, &info, None) };
    unsafe { raw.destroy_shader_module(module, None) };
    created
        .map(|pipelines| pipelines[0])
        .map_err(|(_, result)| map_vk("creating a kernel pipeline")(result))
}

/// The image <-> staging copy of a region (`geometry` from `kernel_params`).
pub fn staging_copy_region(
    geometry: &StagingGeometry,
    staging_offset_b: u64,
    aspect: vk::ImageAspectFlags,
    level: u32,
    layer: u32,
    region: &memory::swizzle::Region,
) -> vk::BufferImageCopy {
    vk::BufferImageCopy {
        buffer_offset: staging_offset_b,
        buffer_row_length: geometry.row_length_el,
        buffer_image_height: region.height_el,
        image_subresource: vk::ImageSubresourceLayers {
            aspect_mask: aspect,
            mip_level: level,
            base_array_layer: layer,
            layer_count: 1,
        },
        image_offset: vk::Offset3D {
            x: geometry.x0_el as i32,
            y: region.y_el as i32,
            z: region.z_el as i32,
        },
        image_extent: vk::Extent3D {
            width: geometry.copy_width_el,
            height: region.height_el,
            depth: region.depth_el,
        },
    }
}

/// One region to move between a host image and pool storage.
#[derive(Clone, Copy, Debug)]
pub struct SwizzleJob {
    pub image: vk::Image,
    pub aspect: vk::ImageAspectFlags,
    pub level: u32,
    pub layer: u32,
    pub region: memory::swizzle::Region,
    pub params: KernelParams,
    pub geometry: StagingGeometry,
    pub staging: BufferRange,
    pub storage: BufferRange,
}

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

const EVERY_WRITE: (vk::PipelineStageFlags2, vk::AccessFlags2) = (
    vk::PipelineStageFlags2::ALL_COMMANDS,
    vk::AccessFlags2::MEMORY_WRITE,
);
const EVERY_ACCESS: (vk::PipelineStageFlags2, vk::AccessFlags2) = (
    vk::PipelineStageFlags2::ALL_COMMANDS,
    vk::AccessFlags2::from_raw(
        vk::AccessFlags2::MEMORY_READ.as_raw() | vk::AccessFlags2::MEMORY_WRITE.as_raw(),
    ),
);

impl SwizzleKernels {
    /// Every job's image <-> staging copy: image to staging before `swz`, staging to image
    /// after `deswz`. The image is in GENERAL layout for life.
    fn record_staging_copies(
        &self,
        cmd: vk::CommandBuffer,
        jobs: &[SwizzleJob],
        direction: Direction,
    ) {
        let raw = &self.device.raw;
        for job in jobs {
            let region = staging_copy_region(
                &job.geometry,
                job.staging.offset_b,
                job.aspect,
                job.level,
                job.layer,
                &job.region,
            );
            // SAFETY: `cmd` is recording; the image and staging buffer are live.
            unsafe {
                match direction {
                    Direction::ToStorage => raw.cmd_copy_image_to_buffer(
                        cmd,
                        job.image,
                        vk::ImageLayout::GENERAL,
                        job.staging.buffer,
                        &[region],
                    ),
                    Direction::ToLinear => raw.cmd_copy_buffer_to_image(
                        cmd,
                        job.staging.buffer,
                        job.image,
                        vk::ImageLayout::GENERAL,
                        &[region],
                    ),
                }
            }
        }
    }

    /// The write-back of `jobs`: every region copied from its image to staging, then every
    /// `swz` dispatch into storage, with one barrier between each phase, so the storage
    /// holds the drawn texels for whatever the submission does next.
    pub fn record_write_backs(&self, cmd: vk::CommandBuffer, jobs: &[SwizzleJob]) -> VkResult<()> {
        if jobs.is_empty() {
            return Ok(());
        }
        let copy_read = (
            vk::PipelineStageFlags2::COPY,
            vk::AccessFlags2::TRANSFER_READ | vk::AccessFlags2::TRANSFER_WRITE,
        );
        memory_barrier(cmd, &self.device, EVERY_WRITE, copy_read);
        self.record_staging_copies(cmd, jobs, Direction::ToStorage);
        let shader = (
            vk::PipelineStageFlags2::COMPUTE_SHADER,
            vk::AccessFlags2::SHADER_STORAGE_READ | vk::AccessFlags2::SHADER_STORAGE_WRITE,
        );
        memory_barrier(cmd, &self.device, EVERY_WRITE, shader);
        for job in jobs {
            self.record_dispatch(
                cmd,
                Direction::ToStorage,
                &job.params,
                job.staging,
                job.storage,
            )?;
        }
        let host_read = (
            vk::PipelineStageFlags2::ALL_COMMANDS | vk::PipelineStageFlags2::HOST,
            vk::AccessFlags2::MEMORY_READ
                | vk::AccessFlags2::MEMORY_WRITE
                | vk::AccessFlags2::HOST_READ,
        );
        memory_barrier(
            cmd,
            &self.device,
            (
                vk::PipelineStageFlags2::COMPUTE_SHADER,
                vk::AccessFlags2::SHADER_STORAGE_WRITE,
            ),
            host_read,
        );
        Ok(())
    }

    /// The upload of `jobs`: every `deswz` dispatch from storage into staging, then every
    /// staging-to-image copy.
    pub fn record_uploads(&self, cmd: vk::CommandBuffer, jobs: &[SwizzleJob]) -> VkResult<()> {
        if jobs.is_empty() {
            return Ok(());
        }
        let shader = (
            vk::PipelineStageFlags2::COMPUTE_SHADER,
            vk::AccessFlags2::SHADER_STORAGE_READ | vk::AccessFlags2::SHADER_STORAGE_WRITE,
        );
        memory_barrier(cmd, &self.device, EVERY_WRITE, shader);
        for job in jobs {
            self.record_dispatch(
                cmd,
                Direction::ToLinear,
                &job.params,
                job.staging,
                job.storage,
            )?;
        }
        let copy = (
            vk::PipelineStageFlags2::COPY,
            vk::AccessFlags2::TRANSFER_READ | vk::AccessFlags2::TRANSFER_WRITE,
        );
        memory_barrier(cmd, &self.device, EVERY_ACCESS, copy);
        self.record_staging_copies(cmd, jobs, Direction::ToLinear);
        memory_barrier(
            cmd,
            &self.device,
            (
                vk::PipelineStageFlags2::COPY,
                vk::AccessFlags2::TRANSFER_WRITE,
            ),
            EVERY_ACCESS,
        );
        Ok(())
    }
}

impl SwizzleKernels {
    /// Translates `swz` and `deswz` with `translator` and builds their pipelines, through
    /// `cache` (null: none).
    pub fn build(
        device: &Arc<Device>,
        translator: &shader_translate::Translator,
        use_push_descriptors: bool,
        cache: vk::PipelineCache,
    ) -> VkResult<SwizzleKernels> {
        use shader_translate::{host_binding, ResourceKind, Stage};
        let translate = |name: &'static str, direction| {
            translator
                .build_kernel(name, &kernel_glsl(direction))
                .map(|shader| shader.spirv)
                .map_err(|source| crate::error::VkError::Kernel { name, source })
        };
        let swz = translate("swz", Direction::ToStorage)?;
        let deswz = translate("deswz", Direction::ToLinear)?;
        let staging = host_binding(Stage::Compute, ResourceKind::StorageBuffer, 0)
            .expect("slot 0 is inside NVN's range");
        let storage = host_binding(Stage::Compute, ResourceKind::StorageBuffer, 1)
            .expect("slot 1 is inside NVN's range");
        let bindings = KernelBindings {
            set: staging.set,
            staging_binding: staging.binding,
            storage_binding: storage.binding,
        };
        SwizzleKernels::new(device, &swz, &deswz, bindings, use_push_descriptors, cache)
    }
}

/// A region of one level and layer of a host image.
#[derive(Clone, Copy, Debug)]
pub struct ImageRegion {
    pub image: vk::Image,
    pub aspect: vk::ImageAspectFlags,
    pub level: u32,
    pub layer: u32,
    pub region: memory::swizzle::Region,
}

/// Where a texture's storage lies in its pool buffer.
#[derive(Clone, Copy, Debug)]
pub struct StoragePlacement<'a> {
    pub pool_buffer: vk::Buffer,
    pub texture_offset_b: u64,
    pub layout: &'a memory::layout::TextureLayout,
}

/// Plans one region's move: the kernel parameters over a storage window that starts at
/// the texture (aligned down as the device requires) and ends at its last byte, and a
/// staging slice for the run-aligned rows.
pub fn plan_job(
    device: &Device,
    staging: &mut crate::gpu_memory::staging::StagingArena,
    target: ImageRegion,
    placement: StoragePlacement<'_>,
) -> VkResult<SwizzleJob> {
    let ImageRegion {
        image,
        aspect,
        level,
        layer,
        region,
    } = target;
    let layout = placement.layout;
    let level_layout = *layout.level(level).map_err(|_| {
        crate::kernels::swizzle_params::KernelParamError::OutsideLevel {
            region,
            level,
            width: 0,
            height: 0,
            depth: 0,
        }
    })?;
    let subresource_b = layout.subresource_offset_b(level, layer).map_err(|_| {
        crate::kernels::swizzle_params::KernelParamError::OutsideLevel {
            region,
            level,
            width: level_layout.width_el,
            height: level_layout.height_el,
            depth: level_layout.depth_el,
        }
    })?;
    let alignment_b = device.caps.min_storage_buffer_offset_alignment_b.max(16);
    let window_offset_b = placement.texture_offset_b / alignment_b * alignment_b;
    let texture_end_b = placement.texture_offset_b + layout.size_b;
    let base_b = placement.texture_offset_b + subresource_b - window_offset_b;
    let limit_b = texture_end_b - window_offset_b;
    let (params, geometry) =
        crate::kernels::swizzle_params::kernel_params(&level_layout, &region, base_b, limit_b)?;
    let slice = staging.allocate(geometry.size_b)?;
    Ok(SwizzleJob {
        image,
        aspect,
        level,
        layer,
        region,
        params,
        geometry,
        staging: BufferRange {
            buffer: slice.buffer,
            offset_b: slice.offset_b,
            size_b: slice.size_b,
        },
        storage: BufferRange {
            buffer: placement.pool_buffer,
            offset_b: window_offset_b,
            size_b: limit_b,
        },
    })
}
