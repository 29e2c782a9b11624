//! Graphics pipelines, cached by (program, baked state, primitive, target formats), made
//! for dynamic rendering with the viewport, scissor and blend constants dynamic.

use std::collections::HashMap;
use std::sync::Arc;

use ash::vk;
use gpu::objects::{Program, Stage};
use gpu::state::{PolygonMode, PrimitiveKind};
use gpu::ProgramId;

use crate::device::Device;
use crate::error::{map_vk, VkError, VkResult};
use crate::retire::RetireList;

use super::bindless_layout::BindlessLayout;
use super::bindless_shaders::bindless_modules;
use super::compute::ShaderModule;
use super::graphics_conv as conv;
use super::graphics_state::{GraphicsState, PipelineKey, TargetFormats};
use super::layout::{stage_flags, ProgramLayout};
use gpu::id_map::IdMap;

pub struct GraphicsPipeline {
    pub raw: vk::Pipeline,
    pub layout: ProgramLayout,
    /// The layout's set layouts, shared with the draws prepared for it.
    pub set_layouts: Arc<[vk::DescriptorSetLayout]>,
    pub last_use: u64,
    device: Arc<Device>,
}

impl Drop for GraphicsPipeline {
    fn drop(&mut self) {
        // SAFETY: pipelines are dropped after their last use (parked until its fence).
        unsafe { self.device.raw.destroy_pipeline(self.raw, None) };
    }
}

/// A made pipeline, as prepared draws name it: cheap to copy and hash, unlike the
/// `PipelineKey` it was made for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PipelineId(u64);

/// The inputs of the last lookup and its answer: consecutive draws mostly share them,
/// and comparing them costs less than building and hashing a key.
struct LastLookup {
    program: ProgramId,
    primitive: PrimitiveKind,
    targets: TargetFormats,
    state: GraphicsState,
    /// `GraphicsPipelines::state_version` when `state` was last found equal to a draw's.
    state_version: u64,
    id: PipelineId,
}

pub struct GraphicsPipelines {
    /// Pipelines made so far.
    made: u64,
    /// Given to every creation (null: none).
    cache: vk::PipelineCache,
    /// At most this many dynamic uniform (and storage) buffers a layout, below the
    /// device's limits (`ExecutorOptions::max_dynamic_buffers`).
    dynamic_cap: Option<u32>,
    /// The bindless texture table's layout (descriptor-indexing path), when in use.
    bindless: Option<Arc<BindlessLayout>>,
    ids: HashMap<PipelineKey, PipelineId>,
    pipelines: IdMap<PipelineId, GraphicsPipeline>,
    last: Option<LastLookup>,
    /// Bumped whenever the state draws are prepared with may have changed: while it
    /// holds, the last lookup's state is the draw's and needs no comparison.
    state_version: u64,
    retired: RetireList<GraphicsPipeline>,
    device: Arc<Device>,
}

impl GraphicsPipelines {
    pub fn new(device: &Arc<Device>) -> GraphicsPipelines {
        GraphicsPipelines {
            ids: HashMap::new(),
            pipelines: HashMap::default(),
            last: None,
            state_version: 0,
            made: 0,
            cache: vk::PipelineCache::null(),
            dynamic_cap: None,
            bindless: None,
            retired: RetireList::default(),
            device: device.clone(),
        }
    }

    /// Makes later pipelines through `cache` (the executor keeps it alive longer).
    pub fn use_cache(&mut self, cache: vk::PipelineCache) {
        self.cache = cache;
    }

    /// Later layouts have at most `cap` dynamic buffers of each kind (`None`: the
    /// device's limits).
    pub fn cap_dynamic_buffers(&mut self, cap: Option<u32>) {
        self.dynamic_cap = cap;
    }

    /// Later programs with textures read them through `bindless`'s table where their
    /// shaders allow (`None`: per-slot descriptor sets).
    pub fn use_bindless(&mut self, bindless: Option<Arc<BindlessLayout>>) {
        self.bindless = bindless;
    }

    /// (images, samplers) a bindless table holds, when draws use them.
    pub fn bindless_capacity(&self) -> Option<(u32, u32)> {
        self.bindless.as_deref().map(BindlessLayout::capacity)
    }

    /// The state later draws are prepared with may differ from earlier draws' (a list
    /// starts, or sets state): the next lookup compares it in full.
    pub fn note_state_change(&mut self) {
        self.state_version += 1;
    }

    /// Bumped by `note_state_change`: equal values mean the same state.
    pub fn state_version(&self) -> u64 {
        self.state_version
    }

    pub fn get_or_make(
        &mut self,
        program: &Program,
        state: &GraphicsState,
        primitive: PrimitiveKind,
        targets: TargetFormats,
    ) -> VkResult<(&mut GraphicsPipeline, PipelineId)> {
        let state_version = self.state_version;
        let repeated = self.last.as_mut().filter(|last| {
            last.program == program.id
                && last.primitive == primitive
                && last.targets == targets
                && (last.state_version == state_version || last.state == *state)
        });
        let id = match repeated {
            Some(last) => {
                last.state_version = state_version;
                last.id
            }
            None => {
                let id = self.id_for(program, state, primitive, targets)?;
                self.last = Some(LastLookup {
                    program: program.id,
                    primitive,
                    targets,
                    state: state.clone(),
                    state_version,
                    id,
                });
                id
            }
        };
        let pipeline = self
            .pipelines
            .get_mut(&id)
            .expect("ids name live pipelines");
        Ok((pipeline, id))
    }

    /// The pipeline for the key of these inputs, made when new.
    fn id_for(
        &mut self,
        program: &Program,
        state: &GraphicsState,
        primitive: PrimitiveKind,
        targets: TargetFormats,
    ) -> VkResult<PipelineId> {
        let key = state.pipeline_key(program.id, primitive, targets);
        if let Some(&id) = self.ids.get(&key) {
            return Ok(id);
        }
        let settings = Settings {
            device: &self.device,
            cache: self.cache,
            dynamic_cap: self.dynamic_cap,
            bindless: self.bindless.as_deref(),
        };
        let made = make(&settings, program, state, primitive, targets)?;
        self.made += 1;
        let id = PipelineId(self.made);
        tracing::debug!(target: "gpu_vk::executor", program = %program.id, ?primitive,
            cached = self.pipelines.len(), "graphics pipeline made");
        self.ids.insert(key, id);
        self.pipelines.insert(id, made);
        Ok(id)
    }

    pub fn get_mut(&mut self, id: &PipelineId) -> Option<&mut GraphicsPipeline> {
        self.pipelines.get_mut(id)
    }

    pub fn made(&self) -> u64 {
        self.made
    }

    /// Retires every pipeline of a finalized program.
    pub fn finalize(&mut self, program: ProgramId) {
        self.last = None;
        let pipelines = &mut self.pipelines;
        let retired = &mut self.retired;
        self.ids.retain(|key, id| {
            if key.program != program {
                return true;
            }
            if let Some(pipeline) = pipelines.remove(id) {
                retired.park(pipeline.last_use, pipeline);
            }
            false
        });
    }

    pub fn retire(&mut self, completed: u64) {
        self.retired.release(completed);
    }
}

fn unsupported(what: impl Into<String>) -> VkError {
    VkError::Unsupported(what.into())
}

/// What every pipeline the executor makes is made with.
struct Settings<'a> {
    device: &'a Arc<Device>,
    cache: vk::PipelineCache,
    dynamic_cap: Option<u32>,
    bindless: Option<&'a BindlessLayout>,
}

fn make(
    settings: &Settings<'_>,
    program: &Program,
    state: &GraphicsState,
    primitive: PrimitiveKind,
    targets: TargetFormats,
) -> VkResult<GraphicsPipeline> {
    let Settings {
        device,
        cache,
        dynamic_cap,
        bindless,
    } = *settings;
    let topology = conv::topology(primitive).ok_or_else(|| {
        unsupported(format!(
            "{primitive:?} primitives (need an index conversion)"
        ))
    })?;
    let mut shaders = Vec::new();
    for module in &program.modules {
        match module.stage {
            Stage::Vertex | Stage::Fragment => {}
            other => return Err(unsupported(format!("{other:?} shaders in draws"))),
        }
    }
    let indexed = bindless.and_then(|_| bindless_modules(program));
    for (at, module) in program.modules.iter().enumerate() {
        let words = match &indexed {
            Some(modules) => &modules[at],
            None => &module.spirv_words,
        };
        shaders.push((module.stage, ShaderModule::new(device, words)?));
    }
    let stages: Vec<vk::PipelineShaderStageCreateInfo> = shaders
        .iter()
        .map(|(stage, module)| {
            vk::PipelineShaderStageCreateInfo::default()
                .stage(stage_flags(*stage))
                .module(module.raw)
                .name(c"main")
        })
        .collect();

    let mut vertex_bindings: Vec<vk::VertexInputBindingDescription> = Vec::new();
    let mut vertex_attributes = Vec::new();
    for attribute in &state.attributes {
        let format = conv::vertex_format(attribute.format)
            .ok_or_else(|| unsupported(format!("vertex format {:?}", attribute.format)))?;
        vertex_attributes.push(vk::VertexInputAttributeDescription {
            location: u32::from(attribute.location),
            binding: u32::from(attribute.stream),
            format,
            offset: attribute.offset_b,
        });
        let binding = u32::from(attribute.stream);
        if vertex_bindings.iter().any(|known| known.binding == binding) {
            continue;
        }
        let stream = state
            .streams
            .get(usize::from(attribute.stream))
            .copied()
            .unwrap_or(gpu::state::VertexStream {
                stride_b: 0,
                divisor: 0,
            });
        let input_rate = match stream.divisor {
            0 => vk::VertexInputRate::VERTEX,
            1 => vk::VertexInputRate::INSTANCE,
            other => return Err(unsupported(format!("an instance divisor of {other}"))),
        };
        device
            .caps
            .portability
            .check_vertex_stride(binding, stream.stride_b)?;
        vertex_bindings.push(vk::VertexInputBindingDescription {
            binding,
            stride: stream.stride_b,
            input_rate,
        });
    }
    let vertex_input = vk::PipelineVertexInputStateCreateInfo::default()
        .vertex_binding_descriptions(&vertex_bindings)
        .vertex_attribute_descriptions(&vertex_attributes);
    let is_list = matches!(
        topology,
        vk::PrimitiveTopology::POINT_LIST
            | vk::PrimitiveTopology::LINE_LIST
            | vk::PrimitiveTopology::TRIANGLE_LIST
            | vk::PrimitiveTopology::LINE_LIST_WITH_ADJACENCY
            | vk::PrimitiveTopology::TRIANGLE_LIST_WITH_ADJACENCY
            | vk::PrimitiveTopology::PATCH_LIST
    );
    // Restart on list topologies needs a feature this executor does not enable; lists
    // never restart anyway unless the index reaches the restart value.
    let restart = state.primitive_restart.is_some() && !is_list;
    let input_assembly = vk::PipelineInputAssemblyStateCreateInfo::default()
        .topology(topology)
        .primitive_restart_enable(restart);
    let viewport = vk::PipelineViewportStateCreateInfo::default()
        .viewport_count(1)
        .scissor_count(1);

    let raster = &state.rasterizer;
    if raster.depth_clamp {
        return Err(unsupported("depth clamp (not enabled on the device yet)"));
    }
    if raster.polygon_mode != PolygonMode::Fill {
        return Err(unsupported("non-fill polygon modes (not enabled yet)"));
    }
    let offset = &state.polygon_offset;
    let rasterization = vk::PipelineRasterizationStateCreateInfo::default()
        .rasterizer_discard_enable(raster.discard)
        .polygon_mode(conv::polygon_mode(raster.polygon_mode))
        .cull_mode(conv::cull_mode(raster.cull))
        .front_face(conv::front_face(raster.front_face))
        .depth_bias_enable(offset.fill)
        .depth_bias_constant_factor(offset.units)
        .depth_bias_slope_factor(offset.factor)
        .depth_bias_clamp(0.0)
        // Wide lines are not enabled: every line is one pixel wide.
        .line_width(1.0);
    if offset.fill && offset.clamp != 0.0 {
        return Err(unsupported(
            "a clamped polygon offset (depthBiasClamp not enabled)",
        ));
    }
    let multisample = vk::PipelineMultisampleStateCreateInfo::default()
        .rasterization_samples(vk::SampleCountFlags::TYPE_1);
    let depth_stencil_state = &state.depth_stencil;
    let depth_stencil = vk::PipelineDepthStencilStateCreateInfo::default()
        .depth_test_enable(depth_stencil_state.depth_test)
        .depth_write_enable(depth_stencil_state.depth_write)
        .depth_compare_op(conv::compare_op(depth_stencil_state.depth_compare))
        .stencil_test_enable(depth_stencil_state.stencil_test)
        .front(conv::stencil_face(&depth_stencil_state.front))
        .back(conv::stencil_face(&depth_stencil_state.back));

    if state.logic_op.is_some() {
        return Err(unsupported(
            "logic ops (logicOp not enabled on the device yet)",
        ));
    }
    let color_formats = targets.color_formats();
    let blends: Vec<vk::PipelineColorBlendAttachmentState> = color_formats
        .iter()
        .enumerate()
        .map(|(slot, &format)| {
            let blend = &state.blend[slot];
            // Integer targets are written unblended (Vulkan forbids blending them).
            let integer = conv::is_integer_format(format);
            vk::PipelineColorBlendAttachmentState {
                blend_enable: (blend.enabled && !integer).into(),
                src_color_blend_factor: conv::blend_factor(blend.color.src_factor),
                dst_color_blend_factor: conv::blend_factor(blend.color.dst_factor),
                color_blend_op: conv::blend_op(blend.color.op),
                src_alpha_blend_factor: conv::blend_factor(blend.alpha.src_factor),
                dst_alpha_blend_factor: conv::blend_factor(blend.alpha.dst_factor),
                alpha_blend_op: conv::blend_op(blend.alpha.op),
                // NVN's R, G, B, A bits are Vulkan's.
                color_write_mask: vk::ColorComponentFlags::from_raw(u32::from(
                    state.write_masks[slot].0,
                )),
            }
        })
        .collect();
    let color_blend = vk::PipelineColorBlendStateCreateInfo::default().attachments(&blends);
    let dynamic_states = [
        vk::DynamicState::VIEWPORT,
        vk::DynamicState::SCISSOR,
        vk::DynamicState::BLEND_CONSTANTS,
    ];
    let dynamic = vk::PipelineDynamicStateCreateInfo::default().dynamic_states(&dynamic_states);
    let mut rendering = vk::PipelineRenderingCreateInfo::default()
        .color_attachment_formats(&color_formats)
        .depth_attachment_format(vk::Format::from_raw(targets.depth))
        .stencil_attachment_format(vk::Format::from_raw(targets.stencil));

    let table = bindless
        .filter(|_| indexed.is_some())
        .map(|bindless| bindless.raw);
    let layout = ProgramLayout::for_draws(device, program, dynamic_cap, table)?;
    let info = [vk::GraphicsPipelineCreateInfo::default()
        .stages(&stages)
        .vertex_input_state(&vertex_input)
        .input_assembly_state(&input_assembly)
        .viewport_state(&viewport)
        .rasterization_state(&rasterization)
        .multisample_state(&multisample)
        .depth_stencil_state(&depth_stencil)
        .color_blend_state(&color_blend)
        .dynamic_state(&dynamic)
        .layout(layout.raw)
        .push_next(&mut rendering)];
    // SAFETY: every pointer in `info` refers to locals that outlive the call; modules,
    // layout and cache (or null) are live, the cache used by this thread only; the layout declares the bindings the modules' reflection names.
    let raw = unsafe { device.raw.create_graphics_pipelines(cache, &info, None) }
        .map_err(|(_, result)| map_vk("creating a graphics pipeline")(result))?[0];
    Ok(GraphicsPipeline {
        raw,
        set_layouts: layout.set_layouts.as_slice().into(),
        layout,
        last_use: 0,
        device: device.clone(),
    })
}
