//! Compute pipelines, one per compute program, made on first dispatch and released
//! after the last submission that used them once the program is finalized.

use std::collections::HashMap;
use std::sync::Arc;

use ash::vk;
use gpu::objects::{Program, Stage};
use gpu::ProgramId;

use crate::device::Device;
use crate::error::{map_vk, VkError, VkResult};
use crate::retire::RetireList;

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
    pipelines: HashMap<ProgramId, ComputePipeline>,
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

    /// The program's pipeline, made on first use.
    pub fn get_or_make(&mut self, program: &Program) -> VkResult<&mut ComputePipeline> {
        if !self.pipelines.contains_key(&program.id) {
            let made = make(&self.device, self.cache, program)?;
            self.made += 1;
            tracing::debug!(target: "gpu_vk::executor", program = %program.id,
                "compute pipeline made");
            self.pipelines.insert(program.id, made);
        }
        Ok(self.pipelines.get_mut(&program.id).expect("inserted above"))
    }

    pub fn get_mut(&mut self, program: ProgramId) -> Option<&mut ComputePipeline> {
        self.pipelines.get_mut(&program)
    }

    pub fn made(&self) -> u64 {
        self.made
    }

    pub fn finalize(&mut self, program: ProgramId) {
        if let Some(pipeline) = self.pipelines.remove(&program) {
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
) -> VkResult<ComputePipeline> {
    let module = program
        .module(Stage::Compute)
        .ok_or_else(|| VkError::Unsupported(format!("{}: no compute stage", program.id)))?;
    let layout = ProgramLayout::new(device, program)?;
    let shader = ShaderModule::new(device, &module.spirv_words)?;
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
