//! Graphics pipelines, cached by (program, baked state, topology class, target formats),
//! made for dynamic rendering with the viewport, scissor, blend constants and stencil
//! values dynamic, and the rest `dynamic_state` names (made from the state with those at
//! fixed values).

use std::collections::HashMap;
use std::sync::Arc;

use ash::vk;
use gpu::objects::{Program, Stage};
use gpu::state::{DepthMode, PolygonMode, PrimitiveKind, ProvokingVertex};
use gpu::ProgramId;

use crate::bringup::device::Device;
use crate::error::{map_vk, VkError, VkResult};
use crate::gpu_memory::allocated_buffer::AllocatedBuffer;
use crate::gpu_memory::retire::RetireList;
use gpu_allocator::MemoryLocation;

use super::bindless_layout::BindlessLayout;
use super::bindless_shaders::bindless_modules;
use super::compute::ShaderModule;
use super::dynamic_state::DynamicSet;
use super::graphics_conv as conv;
use super::graphics_state::{BoundPatches, GraphicsState, PipelineKey, TargetFormats};
use super::layout::ProgramLayout;
use super::library::{self, Libraries, Parts};
use super::tessellation;
use super::vertex_variants::VertexVariants;
use gpu::id_map::IdMap;

/// The vertex buffer binding of inputs no attribute feeds: one past NVN's streams, bound
/// to `GraphicsPipelines::zero_inputs` (stride 0).
pub const UNFED_INPUT_BINDING: u32 = gpu::state::MAX_VERTEX_STREAMS as u32;

pub struct GraphicsPipeline {
    pub raw: vk::Pipeline,
    /// Reads vertex inputs no attribute feeds from `UNFED_INPUT_BINDING`.
    pub reads_unfed_inputs: bool,
    /// Viewports (and scissors) it was made for: 16 where its shaders write
    /// `gl_ViewportIndex` (refused when made where the device lacks multiViewport), else 1.
    pub viewport_count: u32,
    /// Shared with the stage libraries it was linked from.
    pub layout: Arc<ProgramLayout>,
    /// The layout's set layouts, shared with the draws prepared for it.
    pub set_layouts: Arc<[vk::DescriptorSetLayout]>,
    pub last_use: u64,
    /// Whether `raw` is the optimised link (`optimise`), or was made so.
    pub optimised: bool,
    device: Arc<Device>,
}

/// A pipeline an optimised one replaced, destroyed once the submissions drawing with it
/// complete.
struct Replaced {
    raw: vk::Pipeline,
    device: Arc<Device>,
}

impl Drop for Replaced {
    fn drop(&mut self) {
        // SAFETY: parked until the fence of its last use (taken up only between
        // submissions, so no draw prepared after names it).
        unsafe { self.device.raw.destroy_pipeline(self.raw, None) };
    }
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

#[cfg(test)]
impl PipelineId {
    /// An id no cache made, for shapes built by tests.
    pub fn unmade(raw: u64) -> PipelineId {
        PipelineId(raw)
    }
}

/// The inputs of the last lookup and its answer: consecutive draws mostly share them,
/// and comparing them costs less than building and hashing a key.
struct LastLookup {
    program: ProgramId,
    primitive: PrimitiveKind,
    targets: TargetFormats,
    target_height_px: u32,
    state: GraphicsState,
    patches: BoundPatches,
    /// `GraphicsPipelines::state_version` when `state` was last found equal to a draw's.
    state_version: u64,
    id: PipelineId,
}

pub struct GraphicsPipelines {
    /// Pipelines made so far.
    made: u64,
    /// Of those, pipelines linked from stage libraries (fast, unoptimised).
    fast_linked: u64,
    /// The stage libraries pipelines are linked from, where the device offers them
    /// (`PipelineFeatures::libraries`); `None` makes every pipeline whole.
    libraries: Option<Libraries>,
    /// Links the optimised pipelines in the background, where libraries are used.
    optimiser: Option<super::optimise::Optimiser<PipelineId>>,
    /// Optimised pipelines taken up.
    optimised: u64,
    replaced: RetireList<Replaced>,
    /// Given to every creation (null: none).
    cache: vk::PipelineCache,
    /// At most this many dynamic uniform (and storage) buffers a layout, below the
    /// device's limits (`ExecutorOptions::max_dynamic_buffers`).
    dynamic_cap: Option<u32>,
    /// The bindless texture table's layout (descriptor-indexing path), when in use.
    bindless: Option<Arc<BindlessLayout>>,
    ids: HashMap<PipelineKey, PipelineId>,
    /// The state pipelines take dynamically on this device (`dynamic_state`).
    dynamic: DynamicSet,
    /// Time spent making graphics pipelines, in nanoseconds, since the executor was made.
    compile_ns: u64,
    pipelines: IdMap<PipelineId, GraphicsPipeline>,
    last: Option<LastLookup>,
    /// Bumped whenever the state draws are prepared with may have changed: while it
    /// holds, the last lookup's state is the draw's and needs no comparison.
    state_version: u64,
    /// Bumped by every state change, those that keep the pipeline included
    /// (`note_dynamic_change`): while it holds, a draw's dynamic values are the last's.
    dynamic_version: u64,
    retired: RetireList<GraphicsPipeline>,
    /// The zeros vertex inputs no attribute feeds read (`UNFED_INPUT_BINDING`), made on
    /// first use and kept for the executor's life.
    zero_inputs: Option<AllocatedBuffer>,
    /// Compiled vertex programs translated for their draws' attribute kinds.
    vertex_variants: VertexVariants,
    device: Arc<Device>,
}

/// Bytes of the zero binding: one 32-bit component.
const ZERO_INPUTS_B: u64 = 16;

impl GraphicsPipelines {
    pub fn new(device: &Arc<Device>) -> GraphicsPipelines {
        GraphicsPipelines {
            ids: HashMap::new(),
            dynamic: DynamicSet::of(&device.caps),
            compile_ns: 0,
            pipelines: HashMap::default(),
            last: None,
            state_version: 0,
            dynamic_version: 0,
            made: 0,
            fast_linked: 0,
            optimiser: device
                .caps
                .pipeline
                .libraries()
                .then(|| super::optimise::Optimiser::new(device)),
            optimised: 0,
            replaced: RetireList::default(),
            libraries: device.caps.pipeline.libraries().then(Libraries::default),
            cache: vk::PipelineCache::null(),
            dynamic_cap: None,
            bindless: None,
            retired: RetireList::default(),
            zero_inputs: None,
            vertex_variants: VertexVariants::default(),
            device: device.clone(),
        }
    }

    /// Translates compiled vertex programs for their draws' attribute kinds with
    /// `options` (the game's translator options).
    pub fn translate_variants_with(&mut self, options: shader_translate::TranslateOptions) {
        self.vertex_variants = VertexVariants::new(options);
    }

    /// The buffer `UNFED_INPUT_BINDING` is bound to: zeros.
    pub fn zero_inputs(&mut self) -> VkResult<vk::Buffer> {
        if let Some(buffer) = &self.zero_inputs {
            return Ok(buffer.raw);
        }
        let mut buffer = AllocatedBuffer::new(
            &self.device,
            ZERO_INPUTS_B,
            vk::BufferUsageFlags::VERTEX_BUFFER,
            MemoryLocation::CpuToGpu,
            "zero vertex inputs",
        )?;
        let bytes = buffer.mapped_mut().ok_or_else(|| {
            unsupported("vertex inputs no attribute feeds (no host-visible memory for zeros)")
        })?;
        bytes.fill(0);
        let raw = buffer.raw;
        self.zero_inputs = Some(buffer);
        Ok(raw)
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
        self.dynamic_version += 1;
    }

    /// Notes a change of state the pipelines take dynamically alone
    /// (`DynamicSet::keeps_pipeline`): pipelines stay, dynamic values move.
    pub fn note_dynamic_change(&mut self) {
        self.dynamic_version += 1;
    }

    /// Bumped by every state change: equal values mean the same dynamic values.
    pub fn dynamic_version(&self) -> u64 {
        self.dynamic_version
    }

    /// Bumped by `note_state_change`: equal values mean the same state.
    pub fn state_version(&self) -> u64 {
        self.state_version
    }

    /// The pipeline for a draw of `primitive` into targets of `(formats, height)`, its
    /// shaders applying `patches` (`prepare::patches`; empty where the device has the
    /// features).
    pub fn get_or_make(
        &mut self,
        program: &Program,
        state: &GraphicsState,
        primitive: PrimitiveKind,
        (targets, target_height_px): (TargetFormats, u32),
        patches: &BoundPatches,
    ) -> VkResult<(&mut GraphicsPipeline, PipelineId)> {
        let state_version = self.state_version;
        let repeated = self.last.as_mut().filter(|last| {
            last.program == program.id
                && last.primitive == primitive
                && last.targets == targets
                && last.target_height_px == target_height_px
                && last.patches == *patches
                && (last.state_version == state_version || last.state == *state)
        });
        let id = match repeated {
            Some(last) => {
                last.state_version = state_version;
                last.id
            }
            None => {
                let id = self.id_for(program, state, primitive, targets, patches)?;
                self.last = Some(LastLookup {
                    program: program.id,
                    primitive,
                    targets,
                    target_height_px,
                    state: state.clone(),
                    patches: patches.clone(),
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
        patches: &BoundPatches,
    ) -> VkResult<PipelineId> {
        let state_levels = tessellation::takes_state_levels(program);
        // Made from the state with its dynamic parts at fixed values (and keyed by it).
        let (baked, primitive, targets) = self.dynamic.baked(state, primitive, targets);
        let state = &baked;
        // gl_FragCoord is measured from the target's first row under both of NVN's window
        // origins (a lower-left image is stored upside down), as Vulkan's is: no rewrite.
        let mut key = state.pipeline_key(
            program.id,
            primitive,
            targets,
            (state_levels, program.needs.makes_points),
        );
        key.patches = patches.clone();
        if let Some(&id) = self.ids.get(&key) {
            return Ok(id);
        }
        let settings = Settings {
            device: &self.device,
            cache: self.cache,
            dynamic_cap: self.dynamic_cap,
            bindless: self.bindless.as_deref(),
            dynamic: self.dynamic,
        };
        let started = std::time::Instant::now();
        // A compiled vertex program runs as translated for the attributes' kinds.
        let per_kinds = self
            .vertex_variants
            .for_attributes(program, &state.attributes)?;
        let program = per_kinds.as_ref().unwrap_or(program);
        let linking = self.libraries.as_mut();
        let (made, libraries) = make(&settings, linking, &key, program, state, patches)?;
        self.fast_linked += u64::from(libraries.is_some());
        self.compile_ns += started.elapsed().as_nanos() as u64;
        self.made += 1;
        let id = PipelineId(self.made);
        tracing::debug!(target: "gpu_vk::executor", program = %program.id, ?primitive,
            cached = self.pipelines.len(), "graphics pipeline made");
        self.ids.insert(key, id);
        if let (Some(optimiser), Some(libraries)) = (&self.optimiser, libraries) {
            optimiser.queue(super::optimise::Job {
                id,
                libraries,
                layout: made.layout.clone(),
                cache: self.cache,
            });
        }
        self.pipelines.insert(id, made);
        Ok(id)
    }

    pub fn get_mut(&mut self, id: &PipelineId) -> Option<&mut GraphicsPipeline> {
        self.pipelines.get_mut(id)
    }

    pub fn made(&self) -> u64 {
        self.made
    }

    /// Pipelines made so far, and the time spent making them.
    pub fn compile_counters(&self) -> super::compile_stats::CompileCounters {
        super::compile_stats::CompileCounters {
            graphics_made: self.made,
            graphics_fast_linked: self.fast_linked,
            graphics_optimised: self.optimised,
            graphics_compile_ns: self.compile_ns,
        }
    }

    /// The state pipelines take dynamically (what each draw sets).
    pub fn dynamic_set(&self) -> DynamicSet {
        self.dynamic
    }

    /// Retires every pipeline of a finalized program.
    pub fn finalize(&mut self, program: ProgramId) {
        self.last = None;
        if let Some(libraries) = &mut self.libraries {
            libraries.finalize(program);
        }
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
        self.replaced.release(completed);
    }

    /// Takes up the optimised pipelines the background workers have finished, without
    /// waiting for any: call only between submissions (draws prepared earlier in a
    /// submission hold the handle they were prepared with).
    pub fn take_up_optimised(&mut self) {
        let Some(optimiser) = &self.optimiser else {
            return;
        };
        for (id, raw) in optimiser.finished() {
            let replaced = |raw| Replaced {
                raw,
                device: self.device.clone(),
            };
            match self.pipelines.get_mut(&id) {
                Some(pipeline) => {
                    let old = std::mem::replace(&mut pipeline.raw, raw);
                    pipeline.optimised = true;
                    self.replaced.park(pipeline.last_use, replaced(old));
                    self.optimised += 1;
                }
                // Its program was finalized meanwhile: never bound.
                None => drop(replaced(raw)),
            }
        }
    }

    /// Stops the background workers (before the pipeline cache they use goes).
    pub fn stop_optimising(&mut self) {
        if let Some(optimiser) = &mut self.optimiser {
            optimiser.stop();
        }
    }
}

/// Feeds the vertex stage's inputs that no attribute feeds from the zero binding, so
/// they read (0, 0, 0, 1) as on the console (Vulkan leaves them undefined). Whether any
/// was.
fn add_unfed_inputs(
    device: &Device,
    program: &Program,
    attributes: &mut Vec<vk::VertexInputAttributeDescription>,
    bindings: &mut Vec<vk::VertexInputBindingDescription>,
) -> VkResult<bool> {
    let Some(vertex) = program.module(Stage::Vertex) else {
        return Ok(false);
    };
    let fed = attributes.iter().fold(0u32, |mask, fed| {
        mask | 1u32.checked_shl(fed.location).unwrap_or(0)
    });
    let unfed = vertex.reflection.input_locations & !fed;
    if unfed == 0 {
        return Ok(false);
    }
    if device.caps.max_vertex_input_bindings <= UNFED_INPUT_BINDING {
        return Err(unsupported(format!(
            "vertex inputs no attribute feeds (locations {unfed:#x}): the device has {} vertex \
             bindings, none past NVN's 16 streams",
            device.caps.max_vertex_input_bindings
        )));
    }
    let reflection =
        shader_translate::reflect_words(&vertex.spirv_words, shader_translate::Stage::Vertex)
            .map_err(|why| unsupported(format!("{}: its vertex stage: {why}", program.id)))?;
    let is_unfed = |location: u32| unfed & 1u32.checked_shl(location).unwrap_or(0) != 0;
    for input in reflection
        .inputs
        .iter()
        .filter(|input| is_unfed(input.location))
    {
        let format = conv::unfed_input_format(&input.ty).ok_or_else(|| {
            unsupported(format!(
                "a vertex input of type {} at location {} that no attribute feeds",
                input.ty, input.location
            ))
        })?;
        attributes.push(vk::VertexInputAttributeDescription {
            location: input.location,
            binding: UNFED_INPUT_BINDING,
            format,
            offset: 0,
        });
    }
    bindings.push(vk::VertexInputBindingDescription {
        binding: UNFED_INPUT_BINDING,
        stride: 0,
        input_rate: vk::VertexInputRate::VERTEX,
    });
    Ok(true)
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
    dynamic: DynamicSet,
}

/// `patches`: what its shaders apply of the bindings; `key`: the pipeline's (its
/// libraries are keyed by parts of it); linked from `libraries` where given.
fn make(
    settings: &Settings<'_>,
    libraries: Option<&mut Libraries>,
    key: &PipelineKey,
    program: &Program,
    state: &GraphicsState,
    patches: &BoundPatches,
) -> VkResult<(GraphicsPipeline, Option<[Arc<library::Library>; 4]>)> {
    let (primitive, targets) = (key.primitive, key.targets);
    let Settings {
        device,
        cache,
        dynamic_cap,
        bindless,
        dynamic: dynamic_set,
    } = *settings;
    let topology = conv::topology(primitive).ok_or_else(|| {
        unsupported(format!(
            "{primitive:?} primitives (need an index conversion)"
        ))
    })?;
    // A compiled geometry program runs as translated for the primitive's input class.
    let per_input = gpu::objects::program_geometry::for_primitive(program, primitive);
    let program = per_input.as_ref().unwrap_or(program);
    let mut shaders = Vec::new();
    // The command buffer refused stages the device lacks when the program was bound.
    // Patches first: the bindless rewrite keeps the sampling instructions they change.
    let biased = super::patched_shaders::patched_modules(program, patches)?;
    let indexed = bindless.and_then(|_| bindless_modules(program, biased.as_deref()));
    let point_size = state.point_size(primitive, program.needs.makes_points);
    let last_before_rasterizer =
        gpu::objects::program_points::last_stage_before_rasterizer(&program.modules);
    for (at, module) in program.modules.iter().enumerate() {
        let words = match (&indexed, &biased) {
            (Some(modules), _) | (None, Some(modules)) => &modules[at],
            (None, None) => &module.spirv_words,
        };
        let sized;
        let words = match point_size {
            // The stage whose points the rasterizer takes.
            Some(size_px) if module.stage == last_before_rasterizer => {
                sized = shader_translate::write_point_size(words, size_px).map_err(|why| {
                    unsupported(format!("{}: sizing its points: {why}", program.id))
                })?;
                &sized
            }
            _ => words,
        };
        let tested;
        let words = match state.alpha_test {
            Some(test) if module.stage == Stage::Fragment => {
                let compare = conv::alpha_compare(test.compare);
                tested = shader_translate::write_alpha_test(words, compare, test.reference)
                    .map_err(|why| unsupported(format!("{}: the alpha test: {why}", program.id)))?;
                &tested
            }
            _ => words,
        };
        shaders.push((module.stage, ShaderModule::new(device, words)?));
    }
    let pass_through = tessellation::pass_through_control(
        program,
        state.patch_vertices,
        state.inner_levels,
        state.outer_levels,
    )?;
    if let Some(words) = &pass_through {
        shaders.push((Stage::TessControl, ShaderModule::new(device, words)?));
    }
    // NVN's tessellator, like OpenGL's, puts the domain's origin at its lower left, so a
    // `ccw` evaluation stage makes counter-clockwise triangles there; Vulkan's default is
    // the upper left, which would turn every generated triangle round (core since 1.1).
    let mut domain_origin = vk::PipelineTessellationDomainOriginStateCreateInfo::default()
        .domain_origin(vk::TessellationDomainOrigin::LOWER_LEFT);
    let tessellation_state = vk::PipelineTessellationStateCreateInfo::default()
        .patch_control_points(state.patch_vertices)
        .push_next(&mut domain_origin);
    let stages = library::stage_infos(&shaders);

    let mut vertex_bindings: Vec<vk::VertexInputBindingDescription> = Vec::new();
    let mut divisors = Vec::new();
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
            _ => vk::VertexInputRate::INSTANCE,
        };
        device
            .caps
            .portability
            .check_vertex_stride(binding, stream.stride_b)?;
        // Above 1 through VK_EXT_vertex_attribute_divisor (refused when recorded where
        // the device lacks it); fetched from the first instance on, as OpenGL does.
        if stream.divisor > 1 {
            divisors.push(vk::VertexInputBindingDivisorDescriptionKHR {
                binding,
                divisor: stream.divisor,
            });
        }
        vertex_bindings.push(vk::VertexInputBindingDescription {
            binding,
            stride: stream.stride_b,
            input_rate,
        });
    }
    let reads_unfed_inputs = add_unfed_inputs(
        device,
        program,
        &mut vertex_attributes,
        &mut vertex_bindings,
    )?;
    let mut divisor_state = vk::PipelineVertexInputDivisorStateCreateInfoKHR::default()
        .vertex_binding_divisors(&divisors);
    let mut vertex_input = vk::PipelineVertexInputStateCreateInfo::default()
        .vertex_binding_descriptions(&vertex_bindings)
        .vertex_attribute_descriptions(&vertex_attributes);
    if !divisors.is_empty() {
        vertex_input = vertex_input.push_next(&mut divisor_state);
    }
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
    let mut clip_control =
        vk::PipelineViewportDepthClipControlCreateInfoEXT::default().negative_one_to_one(true);
    let viewport_count = if program
        .modules
        .iter()
        .any(gpu::objects::program::writes_viewport_index)
    {
        gpu::state::MAX_VIEWPORTS as u32
    } else {
        1
    };
    let mut viewport = vk::PipelineViewportStateCreateInfo::default()
        .viewport_count(viewport_count)
        .scissor_count(viewport_count);
    if state.depth_mode == DepthMode::MinusOneToOne {
        viewport = viewport.push_next(&mut clip_control);
    }

    let raster = &state.rasterizer;
    let offset = &state.polygon_offset;
    // NVN enables the offset per polygon mode; Vulkan has one switch for what is drawn.
    let offset_enabled = match raster.polygon_mode {
        PolygonMode::Fill => offset.fill,
        PolygonMode::Line => offset.line,
        PolygonMode::Point => offset.point,
    };
    // The command buffer refused what the device lacks (`StateChange::check_features`),
    // so each value here is one the device was made to execute.
    let mut provoking = vk::PipelineRasterizationProvokingVertexStateCreateInfoEXT::default()
        .provoking_vertex_mode(vk::ProvokingVertexModeEXT::LAST_VERTEX);
    let mut rasterization = vk::PipelineRasterizationStateCreateInfo::default()
        .depth_clamp_enable(raster.depth_clamp)
        .rasterizer_discard_enable(raster.discard)
        .polygon_mode(conv::polygon_mode(raster.polygon_mode))
        .cull_mode(conv::cull_mode(raster.cull))
        .front_face(conv::front_face(state.front_face()))
        .depth_bias_enable(offset_enabled)
        .depth_bias_constant_factor(offset.units)
        .depth_bias_slope_factor(offset.factor)
        .depth_bias_clamp(offset.clamp)
        .line_width(raster.line_width_px);
    if state.provoking_vertex == ProvokingVertex::Last {
        rasterization = rasterization.push_next(&mut provoking);
    }
    // Smooth lines only where lines are rasterized (refused when recorded without them).
    let draws_lines = matches!(
        topology,
        vk::PrimitiveTopology::LINE_LIST
            | vk::PrimitiveTopology::LINE_STRIP
            | vk::PrimitiveTopology::LINE_LIST_WITH_ADJACENCY
            | vk::PrimitiveTopology::LINE_STRIP_WITH_ADJACENCY
    ) || raster.polygon_mode == PolygonMode::Line;
    let mut line_state = vk::PipelineRasterizationLineStateCreateInfoEXT::default()
        .line_rasterization_mode(vk::LineRasterizationModeEXT::RECTANGULAR_SMOOTH);
    if state.smoothing.lines && draws_lines {
        rasterization = rasterization.push_next(&mut line_state);
    }
    // The command buffer refused sample shading and alpha to one where the device lacks
    // them; the mask's first word covers every count up to 32.
    let multisample_state = &state.multisample;
    let sample_mask = [multisample_state.sample_mask];
    let mut multisample = vk::PipelineMultisampleStateCreateInfo::default()
        .rasterization_samples(targets.sample_count())
        .sample_mask(&sample_mask)
        .alpha_to_coverage_enable(multisample_state.alpha_to_coverage)
        .alpha_to_one_enable(multisample_state.alpha_to_one);
    if let Some(fraction) = multisample_state.min_sample_shading {
        multisample = multisample
            .sample_shading_enable(true)
            .min_sample_shading(fraction);
    }
    // NVN's programmable locations: on here, set per draw (the structure's own locations,
    // each pixel's centre, are ignored where they are dynamic).
    let centres =
        vec![vk::SampleLocationEXT { x: 0.5, y: 0.5 }; targets.sample_count().as_raw() as usize];
    let mut sample_locations = vk::PipelineSampleLocationsStateCreateInfoEXT::default()
        .sample_locations_enable(true)
        .sample_locations_info(
            vk::SampleLocationsInfoEXT::default()
                .sample_locations_per_pixel(targets.sample_count())
                .sample_location_grid_size(vk::Extent2D {
                    width: 1,
                    height: 1,
                })
                .sample_locations(&centres),
        );
    if key.sample_locations {
        multisample = multisample.push_next(&mut sample_locations);
    }
    let depth_stencil_state = &state.depth_stencil;
    let depth_stencil = vk::PipelineDepthStencilStateCreateInfo::default()
        .depth_test_enable(depth_stencil_state.depth_test)
        .depth_write_enable(depth_stencil_state.depth_write)
        .depth_compare_op(conv::compare_op(depth_stencil_state.depth_compare))
        .stencil_test_enable(depth_stencil_state.stencil_test)
        .front(conv::stencil_face(&depth_stencil_state.front))
        .back(conv::stencil_face(&depth_stencil_state.back))
        .depth_bounds_test_enable(state.depth_bounds.is_some())
        .min_depth_bounds(state.depth_bounds.map_or(0.0, |bounds| bounds.min))
        .max_depth_bounds(state.depth_bounds.map_or(1.0, |bounds| bounds.max));

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
    let mut color_blend = vk::PipelineColorBlendStateCreateInfo::default().attachments(&blends);
    if let Some(op) = state.logic_op {
        // Vulkan applies it to integer and normalized targets, as NVN does.
        color_blend = color_blend
            .logic_op_enable(true)
            .logic_op(conv::logic_op(op));
    }
    // Stencil reference and masks are dynamic: a game sets them per draw (decals,
    // outlines) and a pipeline per value would be made for each. So is the rest
    // `dynamic_state` names: `state` holds it at fixed values.
    let mut dynamic_states = dynamic_set.states(&[
        vk::DynamicState::VIEWPORT,
        vk::DynamicState::SCISSOR,
        vk::DynamicState::BLEND_CONSTANTS,
        vk::DynamicState::STENCIL_REFERENCE,
        vk::DynamicState::STENCIL_COMPARE_MASK,
        vk::DynamicState::STENCIL_WRITE_MASK,
    ]);
    if key.sample_locations {
        dynamic_states.push(vk::DynamicState::SAMPLE_LOCATIONS_EXT);
    }
    let dynamic = vk::PipelineDynamicStateCreateInfo::default().dynamic_states(&dynamic_states);
    let mut rendering = vk::PipelineRenderingCreateInfo::default()
        .color_attachment_formats(&color_formats)
        .depth_attachment_format(vk::Format::from_raw(targets.depth))
        .stencil_attachment_format(vk::Format::from_raw(targets.stencil));

    let table = bindless
        .filter(|_| indexed.is_some())
        .map(|bindless| bindless.raw);
    let layout = Arc::new(ProgramLayout::for_draws(
        device,
        program,
        dynamic_cap,
        table,
    )?);
    // Stage libraries are keyed without the sample-location structure: such pipelines are
    // made whole.
    if let Some(libraries) = libraries.filter(|_| !key.sample_locations) {
        let parts = Parts {
            stages: &stages,
            vertex_input: &vertex_input,
            input_assembly: &input_assembly,
            tessellation: (primitive == PrimitiveKind::Patches).then_some(&tessellation_state),
            viewport: &viewport,
            rasterization: &rasterization,
            multisample: &multisample,
            depth_stencil: &depth_stencil,
            color_blend: &color_blend,
            dynamic: &dynamic,
            rendering: &rendering,
        };
        let (raw, libraries) = libraries.link(device, cache, key, &parts, layout.clone())?;
        let pipeline = GraphicsPipeline {
            raw,
            reads_unfed_inputs,
            viewport_count,
            set_layouts: layout.set_layouts.as_slice().into(),
            layout,
            last_use: 0,
            optimised: false,
            device: device.clone(),
        };
        return Ok((pipeline, Some(libraries)));
    }
    let stages: Vec<_> = stages.iter().map(|(_, info)| *info).collect();
    let mut info = vk::GraphicsPipelineCreateInfo::default()
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
        .push_next(&mut rendering);
    if primitive == PrimitiveKind::Patches {
        info = info.tessellation_state(&tessellation_state);
    }
    let info = [info];
    // SAFETY: every pointer in `info` refers to locals that outlive the call; modules,
    // layout and cache (or null) are live, the cache used by this thread only; the layout declares the bindings the modules' reflection names.
    let raw = unsafe { device.raw.create_graphics_pipelines(cache, &info, None) }
        .map_err(|(_, result)| map_vk("creating a graphics pipeline")(result))?[0];
    let pipeline = GraphicsPipeline {
        raw,
        reads_unfed_inputs,
        viewport_count,
        set_layouts: layout.set_layouts.as_slice().into(),
        layout,
        last_use: 0,
        optimised: false,
        device: device.clone(),
    };
    Ok((pipeline, None))
}
