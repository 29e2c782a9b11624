//! The swizzle compute pipelines (`swz`, the write-back, and `deswz`, the upload, each in a
//! one-region and a batched form) and how one dispatch is bound; `swizzle_record` records
//! whole write-backs and uploads with them, `swizzle_batch` plans the batches.

use std::sync::Arc;

use ash::vk;

use crate::bringup::device::Device;
use crate::error::{map_vk, VkResult};
pub use crate::kernels::swizzle_job::{
    plan_job, staging_copy_region, ImageRegion, StoragePlacement, SwizzleJob,
};
use crate::kernels::swizzle_params::KernelParams;
pub use crate::kernels::swizzle_params::{kernel_groups, BufferRange};

/// The kernels' GLSL, assembled from the shared block-linear header, each direction's body
/// and the entry of the form (`one_region.glsl` or `job_table.glsl`).
pub fn kernel_glsl(direction: Direction, form: KernelForm) -> String {
    let header = include_str!("block_linear.glsl");
    let body = match direction {
        Direction::ToStorage => include_str!("swz.comp"),
        Direction::ToLinear => include_str!("deswz.comp"),
    };
    let entry = match form {
        KernelForm::OneRegion => include_str!("one_region.glsl"),
        KernelForm::Batched => include_str!("job_table.glsl"),
    };
    format!("#version 450\n{header}\n{body}\n{entry}")
}

/// Which way a kernel moves bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// `swz`: linear staging to block-linear storage (the write-back).
    ToStorage,
    /// `deswz`: block-linear storage to linear staging (the upload).
    ToLinear,
}

/// How a kernel learns its region: push constants (one dispatch a region) or a table of
/// regions in a buffer (one dispatch for many).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KernelForm {
    OneRegion,
    Batched,
}

/// How a write-back or upload is recorded: the variants `hookshot bench writeback`
/// measures side by side. Each leaves storage byte for byte the same.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SwizzleVariant {
    /// One image-to-staging copy and one dispatch per region, the parameters in push
    /// constants.
    #[default]
    PerRegion,
    /// One image-to-staging copy command per image (all its regions) and one dispatch per
    /// batch of regions sharing buffers, the parameters in a table written with
    /// `vkCmdUpdateBuffer`: for many small regions (mip tails, tiles) the dispatches and
    /// their setup stop dominating.
    Batched,
    /// As `Batched`, but a region that covers its level's storage whole (every gob of
    /// every block, at least `BOUNCE_MIN_B`) is swizzled into device-local scratch and
    /// moved to the pool by `vkCmdCopyBuffer`: the bus then carries the transfer engine's
    /// large writes instead of the shader's 16-byte stores. Only on device-local scratch.
    Bounce,
}

impl SwizzleVariant {
    pub const ALL: [SwizzleVariant; 3] = [
        SwizzleVariant::PerRegion,
        SwizzleVariant::Batched,
        SwizzleVariant::Bounce,
    ];

    pub fn name(self) -> &'static str {
        match self {
            SwizzleVariant::PerRegion => "per-region",
            SwizzleVariant::Batched => "batched",
            SwizzleVariant::Bounce => "bounce",
        }
    }

    pub fn from_name(name: &str) -> Option<SwizzleVariant> {
        SwizzleVariant::ALL
            .into_iter()
            .find(|variant| variant.name() == name)
    }
}

/// Where the kernels' storage buffers are bound (from the translator's mapping).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KernelBindings {
    pub set: u32,
    pub staging_binding: u32,
    pub storage_binding: u32,
    /// The batched kernels' table of regions.
    pub jobs_binding: u32,
}

/// The four pipelines, by direction and form.
struct Pipelines {
    swz: vk::Pipeline,
    deswz: vk::Pipeline,
    swz_batched: vk::Pipeline,
    deswz_batched: vk::Pipeline,
}

impl Pipelines {
    fn get(&self, direction: Direction, form: KernelForm) -> vk::Pipeline {
        match (direction, form) {
            (Direction::ToStorage, KernelForm::OneRegion) => self.swz,
            (Direction::ToLinear, KernelForm::OneRegion) => self.deswz,
            (Direction::ToStorage, KernelForm::Batched) => self.swz_batched,
            (Direction::ToLinear, KernelForm::Batched) => self.deswz_batched,
        }
    }

    fn all(&self) -> [vk::Pipeline; 4] {
        [self.swz, self.deswz, self.swz_batched, self.deswz_batched]
    }
}

pub struct SwizzleKernels {
    pipelines: Pipelines,
    layout: vk::PipelineLayout,
    set_layouts: Vec<vk::DescriptorSetLayout>,
    bindings: KernelBindings,
    push_descriptor: Option<ash::khr::push_descriptor::Device>,
    /// Used when the driver lacks push descriptors: sets are allocated here and the pool is
    /// reset by `reset_descriptors` once the work using them completed.
    descriptor_pool: vk::DescriptorPool,
    /// How `record_write_backs` and `record_uploads` record.
    pub variant: SwizzleVariant,
    pub(crate) device: Arc<Device>,
}

const FALLBACK_SETS: u32 = 4096;

/// The runs and rows one work group of either kernel covers, aligned to gobs in the
/// texture (`storage_ordered_run` in `block_linear.glsl`).
/// The SPIR-V of the four kernels.
pub struct KernelModules<'a> {
    pub swz: &'a [u32],
    pub deswz: &'a [u32],
    pub swz_batched: &'a [u32],
    pub deswz_batched: &'a [u32],
}

/// What one dispatch reads and writes.
#[derive(Clone, Copy, Debug)]
pub struct DispatchBuffers {
    pub staging: BufferRange,
    pub storage: BufferRange,
    /// The batched kernels' table; `None` for the one-region kernels.
    pub jobs: Option<BufferRange>,
}

impl SwizzleKernels {
    /// Builds the pipelines from translated SPIR-V. `use_push_descriptors` is normally the
    /// device's capability; tests force `false` to cover the fallback.
    pub fn new(
        device: &Arc<Device>,
        modules: KernelModules<'_>,
        bindings: KernelBindings,
        use_push_descriptors: bool,
        cache: vk::PipelineCache,
    ) -> VkResult<SwizzleKernels> {
        let raw = &device.raw;
        let use_push = use_push_descriptors && device.caps.push_descriptor;
        let kernel_set_bindings = [
            bindings.staging_binding,
            bindings.storage_binding,
            bindings.jobs_binding,
        ]
        .map(|binding| {
            vk::DescriptorSetLayoutBinding::default()
                .binding(binding)
                .descriptor_type(vk::DescriptorType::STORAGE_BUFFER)
                .descriptor_count(1)
                .stage_flags(vk::ShaderStageFlags::COMPUTE)
        });
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
        let pipelines = Pipelines {
            swz: compute_pipeline(device, layout, cache, modules.swz)?,
            deswz: compute_pipeline(device, layout, cache, modules.deswz)?,
            swz_batched: compute_pipeline(device, layout, cache, modules.swz_batched)?,
            deswz_batched: compute_pipeline(device, layout, cache, modules.deswz_batched)?,
        };
        let pool_sizes = [vk::DescriptorPoolSize::default()
            .ty(vk::DescriptorType::STORAGE_BUFFER)
            .descriptor_count(3 * FALLBACK_SETS)];
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
            pipelines,
            layout,
            set_layouts,
            bindings,
            push_descriptor: use_push
                .then(|| ash::khr::push_descriptor::Device::new(&device.instance.raw, raw)),
            descriptor_pool,
            variant: SwizzleVariant::default(),
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
        let buffers = DispatchBuffers {
            staging,
            storage,
            jobs: None,
        };
        self.bind(cmd, direction, KernelForm::OneRegion, buffers)?;
        // SAFETY: `cmd` is recording, with the pipeline and its buffers bound above.
        unsafe {
            self.device.raw.cmd_push_constants(
                cmd,
                self.layout,
                vk::ShaderStageFlags::COMPUTE,
                0,
                bytemuck::bytes_of(params),
            );
            let [groups_x, groups_y] = kernel_groups(params);
            self.device
                .raw
                .cmd_dispatch(cmd, groups_x, groups_y, params.slices);
        }
        Ok(())
    }

    /// Records one batched kernel: `buffers.jobs` holds `job_count` table entries whose
    /// regions own `group_count` work groups in all, dispatched as `groups` across and down.
    pub fn record_batch_dispatch(
        &self,
        cmd: vk::CommandBuffer,
        direction: Direction,
        buffers: DispatchBuffers,
        job_count: u32,
        group_count: u32,
        groups: [u32; 2],
    ) -> VkResult<()> {
        self.bind(cmd, direction, KernelForm::Batched, buffers)?;
        let batch = [job_count, group_count];
        // SAFETY: `cmd` is recording, with the pipeline and its buffers bound above; the
        // two words lie inside the layout's push range.
        unsafe {
            self.device.raw.cmd_push_constants(
                cmd,
                self.layout,
                vk::ShaderStageFlags::COMPUTE,
                0,
                bytemuck::bytes_of(&batch),
            );
            self.device.raw.cmd_dispatch(cmd, groups[0], groups[1], 1);
        }
        Ok(())
    }

    /// Binds the pipeline of `direction` and `form` and its buffers.
    fn bind(
        &self,
        cmd: vk::CommandBuffer,
        direction: Direction,
        form: KernelForm,
        buffers: DispatchBuffers,
    ) -> VkResult<()> {
        let raw = &self.device.raw;
        let info = |range: BufferRange| {
            [vk::DescriptorBufferInfo {
                buffer: range.buffer,
                offset: range.offset_b,
                range: range.size_b,
            }]
        };
        let staging_info = info(buffers.staging);
        let storage_info = info(buffers.storage);
        let jobs_info = buffers.jobs.map(info);
        let writes = |set: vk::DescriptorSet| {
            let write = |binding: u32, buffer_info| {
                vk::WriteDescriptorSet::default()
                    .dst_set(set)
                    .dst_binding(binding)
                    .descriptor_type(vk::DescriptorType::STORAGE_BUFFER)
                    .buffer_info(buffer_info)
            };
            let mut writes = vec![
                write(self.bindings.staging_binding, &staging_info),
                write(self.bindings.storage_binding, &storage_info),
            ];
            if let Some(jobs_info) = &jobs_info {
                writes.push(write(self.bindings.jobs_binding, jobs_info));
            }
            writes
        };
        // SAFETY: `cmd` is recording; the pipeline, layout and buffers are live, and the
        // descriptor writes match the set layout made in `new`.
        unsafe {
            raw.cmd_bind_pipeline(
                cmd,
                vk::PipelineBindPoint::COMPUTE,
                self.pipelines.get(direction, form),
            );
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
            for pipeline in self.pipelines.all() {
                raw.destroy_pipeline(pipeline, None);
            }
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

impl SwizzleKernels {
    /// Translates the four kernels with `translator` and builds their pipelines, through
    /// `cache` (null: none).
    pub fn build(
        device: &Arc<Device>,
        translator: &shader_translate::Translator,
        use_push_descriptors: bool,
        cache: vk::PipelineCache,
    ) -> VkResult<SwizzleKernels> {
        use shader_translate::{host_binding, ResourceKind, Stage};
        let translate = |name: &'static str, direction, form| {
            translator
                .build_kernel(name, &kernel_glsl(direction, form))
                .map(|shader| shader.spirv)
                .map_err(|source| crate::error::VkError::Kernel { name, source })
        };
        let swz = translate("swz", Direction::ToStorage, KernelForm::OneRegion)?;
        let deswz = translate("deswz", Direction::ToLinear, KernelForm::OneRegion)?;
        let swz_batched = translate("swz_batched", Direction::ToStorage, KernelForm::Batched)?;
        let deswz_batched = translate("deswz_batched", Direction::ToLinear, KernelForm::Batched)?;
        let binding = |slot| {
            host_binding(Stage::Compute, ResourceKind::StorageBuffer, slot)
                .expect("slots 0-2 are inside NVN's range")
        };
        let (staging, storage, jobs) = (binding(0), binding(1), binding(2));
        let bindings = KernelBindings {
            set: staging.set,
            staging_binding: staging.binding,
            storage_binding: storage.binding,
            jobs_binding: jobs.binding,
        };
        let modules = KernelModules {
            swz: &swz,
            deswz: &deswz,
            swz_batched: &swz_batched,
            deswz_batched: &deswz_batched,
        };
        SwizzleKernels::new(device, modules, bindings, use_push_descriptors, cache)
    }
}
