//! Compute pipelines, one per compute program and what its shader applies of the bound
//! textures where the device lacks the portability-subset feature (`BoundPatches`: LOD
//! biases, view swizzles), made on first dispatch and released after the last submission
//! that used them once the program is finalized.

use std::collections::HashMap;
use std::sync::Arc;

use ash::vk;
use gpu::objects::{Program, Stage};
use gpu::ProgramId;

use crate::bringup::device::Device;
use crate::error::{map_vk, VkError, VkResult};
use crate::gpu_memory::retire::RetireList;

use super::graphics_state::BoundPatches;
use super::layout::ProgramLayout;

pub struct ComputePipeline {
    pub raw: vk::Pipeline,
    pub layout: ProgramLayout,
    pub last_use: u64,
    device: Arc<Device>,
}

impl Drop for ComputePipeline {
    fn drop(&mut self) {
        // SAFETY: pipelines are dropped after their last use (parked until its fence); the
        // layout drops after this, as a field.
        unsafe { self.device.raw.destroy_pipeline(self.raw, None) };
    }
}

/// A shader module over `words`, destroyed when dropped.
pub struct ShaderModule {
    pub raw: vk::ShaderModule,
    device: Arc<Device>,
}

impl ShaderModule {
    pub fn new(device: &Arc<Device>, words: &[u32]) -> VkResult<ShaderModule> {
        let info = vk::ShaderModuleCreateInfo::default().code(words);
        // SAFETY: the words are a module `shader_translate` validated (spirv-val) when the
        // program was made; the device consumes them during the call.
        let raw = unsafe { device.raw.create_shader_module(&info, None) }
            .map_err(map_vk("creating a shader module"))?;
        Ok(ShaderModule {
            raw,
            device: device.clone(),
        })
    }
}

impl Drop for ShaderModule {
    fn drop(&mut self) {
        // SAFETY: modules are only needed while pipelines are created from them.
        unsafe { self.device.raw.destroy_shader_module(self.raw, None) };
    }
}

pub struct ComputePipelines {
    /// Pipelines made so far.
    made: u64,
    /// Each program's pipelines by their patches (one, with none, where the device has
    /// the features).
    pipelines: HashMap<ProgramId, Vec<(BoundPatches, ComputePipeline)>>,
    retired: RetireList<ComputePipeline>,
    /// Given to every creation (null: none).
    cache: vk::PipelineCache,
    device: Arc<Device>,
}

impl ComputePipelines {
    pub fn new(device: &Arc<Device>) -> ComputePipelines {
        ComputePipelines {
            pipelines: HashMap::new(),
            made: 0,
            retired: RetireList::default(),
            cache: vk::PipelineCache::null(),
            device: device.clone(),
        }
    }

    /// Makes later pipelines through `cache` (the executor keeps it alive longer).
    pub fn use_cache(&mut self, cache: vk::PipelineCache) {
        self.cache = cache;
    }

    /// The program's pipeline with `patches` applied in its shader, made on first use.
    pub fn get_or_make(
        &mut self,
        program: &Program,
        patches: &BoundPatches,
    ) -> VkResult<&mut ComputePipeline> {
        let variants = self.pipelines.entry(program.id).or_default();
        let at = match variants.iter().position(|(made, _)| made == patches) {
            Some(at) => at,
            None => {
                let made = make(&self.device, self.cache, program, patches)?;
                self.made += 1;
                tracing::debug!(target: "gpu_vk::executor", program = %program.id,
                    biases = patches.lod_biases.len(), swizzles = patches.view_swizzles.len(),
                    "compute pipeline made");
                variants.push((patches.clone(), made));
                variants.len() - 1
            }
        };
        Ok(&mut variants[at].1)
    }

    /// A submission using the program's pipelines is queued at timeline `value` (every
    /// one of them is kept until then: they all go together when the program does).
    pub fn mark_used(&mut self, program: ProgramId, value: u64) {
        for (_, pipeline) in self.pipelines.get_mut(&program).into_iter().flatten() {
            pipeline.last_use = value;
        }
    }

    pub fn made(&self) -> u64 {
        self.made
    }

    pub fn finalize(&mut self, program: ProgramId) {
        for (_, pipeline) in self.pipelines.remove(&program).into_iter().flatten() {
            self.retired.park(pipeline.last_use, pipeline);
        }
    }

    pub fn retire(&mut self, completed: u64) {
        self.retired.release(completed);
    }
}

fn make(
    device: &Arc<Device>,
    cache: vk::PipelineCache,
    program: &Program,
    patches: &BoundPatches,
) -> VkResult<ComputePipeline> {
    let at = program
        .modules
        .iter()
        .position(|module| module.stage == Stage::Compute)
        .ok_or_else(|| VkError::Unsupported(format!("{}: no compute stage", program.id)))?;
    let patched = super::patched_shaders::patched_modules(program, patches)?;
    let words = match &patched {
        Some(modules) => &modules[at],
        None => &program.modules[at].spirv_words,
    };
    let layout = ProgramLayout::new(device, program)?;
    let shader = ShaderModule::new(device, words)?;
    let stage = vk::PipelineShaderStageCreateInfo::default()
        .stage(vk::ShaderStageFlags::COMPUTE)
        .module(shader.raw)
        .name(c"main");
    let info = [vk::ComputePipelineCreateInfo::default()
        .stage(stage)
        .layout(layout.raw)];
    // SAFETY: the module, layout and cache (or null) are live; the layout declares every
    // binding the module's reflection names (both come from the same translation).
    let raw = unsafe { device.raw.create_compute_pipelines(cache, &info, None) }
        .map_err(|(_, result)| map_vk("creating a compute pipeline")(result))?[0];
    Ok(ComputePipeline {
        raw,
        layout,
        last_use: 0,
        device: device.clone(),
    })
}
