//! Graphics pipelines linked from stage libraries (`VK_EXT_graphics_pipeline_library`,
//! where the device offers it with fast linking): the vertex input interface, the
//! pre-rasterization shaders, the fragment shader and the fragment output interface are
//! each made once, as a library keyed by what it holds, and a new combination is linked
//! from them without link-time optimisation. A new blend or vertex layout for a program
//! seen before then compiles no shader at all; a new program compiles only its shaders.

use std::collections::HashMap;
use std::sync::Arc;

use ash::vk;
use gpu::objects::Stage;
use gpu::ProgramId;

use crate::bringup::device::Device;
use crate::error::{map_vk, VkResult};

use super::graphics_state::{BoundPatches, PipelineKey};
use super::layout::{stage_flags, ProgramLayout};

/// The create-info pieces of one pipeline, as `graphics::make` builds them.
pub struct Parts<'a> {
    pub stages: &'a [(Stage, vk::PipelineShaderStageCreateInfo<'a>)],
    pub vertex_input: &'a vk::PipelineVertexInputStateCreateInfo<'a>,
    pub input_assembly: &'a vk::PipelineInputAssemblyStateCreateInfo<'a>,
    pub tessellation: Option<&'a vk::PipelineTessellationStateCreateInfo<'a>>,
    pub viewport: &'a vk::PipelineViewportStateCreateInfo<'a>,
    pub rasterization: &'a vk::PipelineRasterizationStateCreateInfo<'a>,
    pub multisample: &'a vk::PipelineMultisampleStateCreateInfo<'a>,
    pub depth_stencil: &'a vk::PipelineDepthStencilStateCreateInfo<'a>,
    pub color_blend: &'a vk::PipelineColorBlendStateCreateInfo<'a>,
    pub dynamic: &'a vk::PipelineDynamicStateCreateInfo<'a>,
    pub rendering: &'a vk::PipelineRenderingCreateInfo<'a>,
}

/// What the vertex input interface library holds: bindings (binding, stride, rate),
/// attributes (location, binding, format, offset), divisors, topology, restart.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct VertexInputKey {
    bindings: Vec<(u32, u32, i32)>,
    attributes: Vec<(u32, u32, i32, u32)>,
    divisors: Vec<(u32, u32)>,
    topology: i32,
    restart: bool,
}

/// What the pre-rasterization library holds: the program's stages before the rasterizer
/// as the key's state rewrites them, and the state they run under.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct PreRasterKey {
    program: ProgramId,
    patches: BoundPatches,
    primitive: gpu::state::PrimitiveKind,
    depth_mode: gpu::state::DepthMode,
    provoking_vertex: gpu::state::ProvokingVertex,
    patch_vertices: u32,
    tessellation_levels: Option<[u32; 6]>,
    point_size: Option<Option<u32>>,
    smooth_lines: bool,
    rasterizer: super::graphics_state::RasterKey,
    polygon_offset: ([u32; 3], [bool; 3]),
    /// The kinds the bound attributes deliver (a compiled vertex program is translated
    /// per kinds mask; `vertex_variants`).
    attribute_kinds: u64,
}

/// What the fragment shader library holds: the program's fragment stage (with the alpha
/// test written into it) and the depth, stencil and sample state it runs under.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct FragmentKey {
    program: ProgramId,
    patches: BoundPatches,
    alpha_test: Option<(gpu::state::CompareOp, u32)>,
    depth_stencil: gpu::state::DepthStencilState,
    depth_bounds: Option<[u32; 2]>,
    multisample: (u32, bool, bool, Option<u32>),
    targets: super::graphics_state::TargetFormats,
}

/// What the fragment output interface library holds: the targets' formats and sample
/// count, each target's blend record, the logic op and the multisample state.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct OutputKey {
    colors: Vec<i32>,
    depth: i32,
    stencil: i32,
    /// Enable, the six factors and ops, the write mask.
    blends: Vec<[i32; 8]>,
    logic_op: Option<i32>,
    samples: u32,
    sample_mask: u32,
    alpha_to_coverage: bool,
    alpha_to_one: bool,
    min_sample_shading: Option<u32>,
}

/// One library; pre-rasterization and fragment shader libraries keep the layout they
/// were made with (linking needs an identically defined one, the program's).
pub struct Library {
    raw: vk::Pipeline,
    _layout: Option<Arc<ProgramLayout>>,
    device: Arc<Device>,
}

impl Drop for Library {
    fn drop(&mut self) {
        // SAFETY: a library is never bound; a pipeline linked from it is independent of
        // it once made (`VK_KHR_pipeline_library`), so it may go at any time after.
        unsafe { self.device.raw.destroy_pipeline(self.raw, None) };
    }
}

/// The libraries made so far, each kind keyed by what it holds.
#[derive(Default)]
pub struct Libraries {
    vertex_input: HashMap<VertexInputKey, Arc<Library>>,
    pre_raster: HashMap<PreRasterKey, Arc<Library>>,
    fragment: HashMap<FragmentKey, Arc<Library>>,
    output: HashMap<OutputKey, Arc<Library>>,
}

/// Every library is made to be linked, keeping what an optimised link would need.
const LIBRARY_FLAGS: vk::PipelineCreateFlags = vk::PipelineCreateFlags::from_raw(
    vk::PipelineCreateFlags::LIBRARY_KHR.as_raw()
        | vk::PipelineCreateFlags::RETAIN_LINK_TIME_OPTIMIZATION_INFO_EXT.as_raw(),
);

impl Libraries {
    /// Drops the libraries of a finalized program.
    pub fn finalize(&mut self, program: ProgramId) {
        self.pre_raster.retain(|key, _| key.program != program);
        self.fragment.retain(|key, _| key.program != program);
    }

    /// The pipeline of `parts`, linked (fast, no link-time optimisation) from the four
    /// libraries, each made first where new; `key` is the pipeline's. Also gives the
    /// libraries, for the optimised link (`link_optimised`).
    pub fn link(
        &mut self,
        device: &Arc<Device>,
        cache: vk::PipelineCache,
        key: &PipelineKey,
        parts: &Parts<'_>,
        layout: Arc<ProgramLayout>,
    ) -> VkResult<(vk::Pipeline, [Arc<Library>; 4])> {
        let vertex_input = self.vertex_input(device, cache, parts)?;
        let pre_raster = self.pre_raster(device, cache, key, parts, &layout)?;
        let fragment = self.fragment(device, cache, key, parts, &layout)?;
        let output = self.output(device, cache, parts)?;
        let libraries = [vertex_input, pre_raster, fragment, output];
        let raw = link_with(
            device,
            cache,
            &libraries,
            &layout,
            vk::PipelineCreateFlags::empty(),
        )?;
        Ok((raw, libraries))
    }

    fn vertex_input(
        &mut self,
        device: &Arc<Device>,
        cache: vk::PipelineCache,
        parts: &Parts<'_>,
    ) -> VkResult<Arc<Library>> {
        let input = parts.vertex_input;
        // SAFETY: `graphics::make` set these arrays with their counts from live slices.
        let (bindings, attributes) = unsafe {
            (
                raw_slice(
                    input.p_vertex_binding_descriptions,
                    input.vertex_binding_description_count,
                ),
                raw_slice(
                    input.p_vertex_attribute_descriptions,
                    input.vertex_attribute_description_count,
                ),
            )
        };
        let divisors = divisors_of(input);
        let key = VertexInputKey {
            bindings: bindings
                .iter()
                .map(|b| (b.binding, b.stride, b.input_rate.as_raw()))
                .collect(),
            attributes: attributes
                .iter()
                .map(|a| (a.location, a.binding, a.format.as_raw(), a.offset))
                .collect(),
            divisors,
            topology: parts.input_assembly.topology.as_raw(),
            restart: parts.input_assembly.primitive_restart_enable == vk::TRUE,
        };
        if let Some(library) = self.vertex_input.get(&key) {
            return Ok(library.clone());
        }
        let mut kind = vk::GraphicsPipelineLibraryCreateInfoEXT::default()
            .flags(vk::GraphicsPipelineLibraryFlagsEXT::VERTEX_INPUT_INTERFACE);
        let info = [vk::GraphicsPipelineCreateInfo::default()
            .flags(LIBRARY_FLAGS)
            .vertex_input_state(input)
            .input_assembly_state(parts.input_assembly)
            .dynamic_state(parts.dynamic)
            .push_next(&mut kind)];
        let raw = create(device, cache, &info, "making a vertex input library")?;
        self.keep(Kind::VertexInput(key), raw, None, device)
    }

    fn pre_raster(
        &mut self,
        device: &Arc<Device>,
        cache: vk::PipelineCache,
        key: &PipelineKey,
        parts: &Parts<'_>,
        layout: &Arc<ProgramLayout>,
    ) -> VkResult<Arc<Library>> {
        let key = PreRasterKey {
            program: key.program,
            patches: key.patches.clone(),
            primitive: key.primitive,
            depth_mode: key.depth_mode,
            provoking_vertex: key.provoking_vertex,
            patch_vertices: key.patch_vertices,
            tessellation_levels: key.tessellation_levels,
            point_size: key.point_size,
            smooth_lines: key.smooth_lines,
            rasterizer: key.rasterizer,
            polygon_offset: key.polygon_offset,
            attribute_kinds: gpu::objects::program_attribute_kinds::attribute_kinds(
                &key.attributes,
            )
            .bits(),
        };
        if let Some(library) = self.pre_raster.get(&key) {
            return Ok(library.clone());
        }
        let stages: Vec<_> = parts
            .stages
            .iter()
            .filter(|(stage, _)| *stage != Stage::Fragment)
            .map(|(_, info)| *info)
            .collect();
        let mut kind = vk::GraphicsPipelineLibraryCreateInfoEXT::default()
            .flags(vk::GraphicsPipelineLibraryFlagsEXT::PRE_RASTERIZATION_SHADERS);
        let mut rendering = view_mask_only(parts.rendering);
        let mut info = vk::GraphicsPipelineCreateInfo::default()
            .flags(LIBRARY_FLAGS)
            .stages(&stages)
            .viewport_state(parts.viewport)
            .rasterization_state(parts.rasterization)
            .dynamic_state(parts.dynamic)
            .layout(layout.raw)
            .push_next(&mut kind)
            .push_next(&mut rendering);
        if let Some(tessellation) = parts.tessellation {
            info = info.tessellation_state(tessellation);
        }
        let raw = create(device, cache, &[info], "making a pre-rasterization library")?;
        self.keep(Kind::PreRaster(key), raw, Some(layout.clone()), device)
    }

    fn fragment(
        &mut self,
        device: &Arc<Device>,
        cache: vk::PipelineCache,
        key: &PipelineKey,
        parts: &Parts<'_>,
        layout: &Arc<ProgramLayout>,
    ) -> VkResult<Arc<Library>> {
        let key = FragmentKey {
            program: key.program,
            patches: key.patches.clone(),
            alpha_test: key.alpha_test,
            depth_stencil: key.depth_stencil,
            depth_bounds: key.depth_bounds,
            multisample: key.multisample,
            targets: key.targets,
        };
        if let Some(library) = self.fragment.get(&key) {
            return Ok(library.clone());
        }
        let stages: Vec<_> = parts
            .stages
            .iter()
            .filter(|(stage, _)| *stage == Stage::Fragment)
            .map(|(_, info)| *info)
            .collect();
        let mut kind = vk::GraphicsPipelineLibraryCreateInfoEXT::default()
            .flags(vk::GraphicsPipelineLibraryFlagsEXT::FRAGMENT_SHADER);
        let mut rendering = view_mask_only(parts.rendering);
        let info = [vk::GraphicsPipelineCreateInfo::default()
            .flags(LIBRARY_FLAGS)
            .stages(&stages)
            .multisample_state(parts.multisample)
            .depth_stencil_state(parts.depth_stencil)
            .dynamic_state(parts.dynamic)
            .layout(layout.raw)
            .push_next(&mut kind)
            .push_next(&mut rendering)];
        let raw = create(device, cache, &info, "making a fragment shader library")?;
        self.keep(Kind::Fragment(key), raw, Some(layout.clone()), device)
    }

    fn output(
        &mut self,
        device: &Arc<Device>,
        cache: vk::PipelineCache,
        parts: &Parts<'_>,
    ) -> VkResult<Arc<Library>> {
        let rendering = parts.rendering;
        let blend = parts.color_blend;
        let multisample = parts.multisample;
        // SAFETY: `graphics::make` set these arrays with their counts from live slices.
        let (colors, blends, sample_mask) = unsafe {
            (
                raw_slice(
                    rendering.p_color_attachment_formats,
                    rendering.color_attachment_count,
                ),
                raw_slice(blend.p_attachments, blend.attachment_count),
                raw_slice(multisample.p_sample_mask, 1),
            )
        };
        let on = |value: vk::Bool32| value == vk::TRUE;
        let key = OutputKey {
            colors: colors.iter().map(|format| format.as_raw()).collect(),
            depth: rendering.depth_attachment_format.as_raw(),
            stencil: rendering.stencil_attachment_format.as_raw(),
            blends: blends
                .iter()
                .map(|b| {
                    [
                        b.blend_enable as i32,
                        b.src_color_blend_factor.as_raw(),
                        b.dst_color_blend_factor.as_raw(),
                        b.color_blend_op.as_raw(),
                        b.src_alpha_blend_factor.as_raw(),
                        b.dst_alpha_blend_factor.as_raw(),
                        b.alpha_blend_op.as_raw(),
                        b.color_write_mask.as_raw() as i32,
                    ]
                })
                .collect(),
            logic_op: on(blend.logic_op_enable).then_some(blend.logic_op.as_raw()),
            samples: multisample.rasterization_samples.as_raw(),
            sample_mask: sample_mask.first().copied().unwrap_or(u32::MAX),
            alpha_to_coverage: on(multisample.alpha_to_coverage_enable),
            alpha_to_one: on(multisample.alpha_to_one_enable),
            min_sample_shading: on(multisample.sample_shading_enable)
                .then_some(multisample.min_sample_shading.to_bits()),
        };
        if let Some(library) = self.output.get(&key) {
            return Ok(library.clone());
        }
        let mut kind = vk::GraphicsPipelineLibraryCreateInfoEXT::default()
            .flags(vk::GraphicsPipelineLibraryFlagsEXT::FRAGMENT_OUTPUT_INTERFACE);
        let mut rendering = *rendering;
        rendering.p_next = std::ptr::null();
        let info = [vk::GraphicsPipelineCreateInfo::default()
            .flags(LIBRARY_FLAGS)
            .multisample_state(multisample)
            .color_blend_state(blend)
            .dynamic_state(parts.dynamic)
            .push_next(&mut kind)
            .push_next(&mut rendering)];
        let raw = create(device, cache, &info, "making a fragment output library")?;
        self.keep(Kind::Output(key), raw, None, device)
    }

    fn keep(
        &mut self,
        kind: Kind,
        raw: vk::Pipeline,
        layout: Option<Arc<ProgramLayout>>,
        device: &Arc<Device>,
    ) -> VkResult<Arc<Library>> {
        let library = Arc::new(Library {
            raw,
            _layout: layout,
            device: device.clone(),
        });
        let kept = library.clone();
        match kind {
            Kind::VertexInput(key) => self.vertex_input.insert(key, kept),
            Kind::PreRaster(key) => self.pre_raster.insert(key, kept),
            Kind::Fragment(key) => self.fragment.insert(key, kept),
            Kind::Output(key) => self.output.insert(key, kept),
        };
        Ok(library)
    }
}

enum Kind {
    VertexInput(VertexInputKey),
    PreRaster(PreRasterKey),
    Fragment(FragmentKey),
    Output(OutputKey),
}

/// The pipeline linked from `libraries` with link-time optimisation (the libraries
/// were made retaining what it needs): what `optimise`'s workers make.
pub fn link_optimised(
    device: &Device,
    cache: vk::PipelineCache,
    libraries: &[Arc<Library>; 4],
    layout: &ProgramLayout,
) -> VkResult<vk::Pipeline> {
    link_with(
        device,
        cache,
        libraries,
        layout,
        vk::PipelineCreateFlags::LINK_TIME_OPTIMIZATION_EXT,
    )
}

fn link_with(
    device: &Device,
    cache: vk::PipelineCache,
    libraries: &[Arc<Library>; 4],
    layout: &ProgramLayout,
    flags: vk::PipelineCreateFlags,
) -> VkResult<vk::Pipeline> {
    let raw = libraries.each_ref().map(|library| library.raw);
    let mut linking = vk::PipelineLibraryCreateInfoKHR::default().libraries(&raw);
    let info = [vk::GraphicsPipelineCreateInfo::default()
        .flags(flags)
        .layout(layout.raw)
        .push_next(&mut linking)];
    create(
        device,
        cache,
        &info,
        "linking a graphics pipeline from libraries",
    )
}

/// The divisors chained to `input` (`VK_EXT_vertex_attribute_divisor`), as pairs.
fn divisors_of(input: &vk::PipelineVertexInputStateCreateInfo<'_>) -> Vec<(u32, u32)> {
    let mut next = input.p_next as *const vk::BaseInStructure<'_>;
    while !next.is_null() {
        // SAFETY: the chain `graphics::make` built holds live structs, each starting with
        // the base header.
        let base = unsafe { &*next };
        if base.s_type == vk::StructureType::PIPELINE_VERTEX_INPUT_DIVISOR_STATE_CREATE_INFO_KHR {
            // SAFETY: the structure type names this struct.
            let divisors =
                unsafe { &*(next as *const vk::PipelineVertexInputDivisorStateCreateInfoKHR<'_>) };
            // SAFETY: set from a live slice with its count.
            let list = unsafe {
                raw_slice(
                    divisors.p_vertex_binding_divisors,
                    divisors.vertex_binding_divisor_count,
                )
            };
            return list.iter().map(|d| (d.binding, d.divisor)).collect();
        }
        next = base.p_next;
    }
    Vec::new()
}

/// The rendering info of the shader libraries: only its view mask counts there.
fn view_mask_only<'a>(
    rendering: &vk::PipelineRenderingCreateInfo<'a>,
) -> vk::PipelineRenderingCreateInfo<'a> {
    vk::PipelineRenderingCreateInfo::default().view_mask(rendering.view_mask)
}

/// `count` elements at `pointer` (empty where null).
///
/// # Safety
/// A non-null `pointer` points at `count` live elements.
unsafe fn raw_slice<'s, T>(pointer: *const T, count: u32) -> &'s [T] {
    if pointer.is_null() || count == 0 {
        return &[];
    }
    // SAFETY: the caller's contract.
    unsafe { std::slice::from_raw_parts(pointer, count as usize) }
}

fn create(
    device: &Device,
    cache: vk::PipelineCache,
    info: &[vk::GraphicsPipelineCreateInfo<'_>],
    what: &'static str,
) -> VkResult<vk::Pipeline> {
    // SAFETY: every pointer in `info` refers to structs the caller keeps alive across the
    // call; libraries, layout and cache (or null) are live.
    let made = unsafe { device.raw.create_graphics_pipelines(cache, info, None) };
    Ok(made.map_err(|(_, result)| map_vk(what)(result))?[0])
}

/// The stage create info of each shader, with its stage.
pub fn stage_infos<'a>(
    shaders: &'a [(Stage, super::compute::ShaderModule)],
) -> Vec<(Stage, vk::PipelineShaderStageCreateInfo<'a>)> {
    shaders
        .iter()
        .map(|(stage, module)| {
            (
                *stage,
                vk::PipelineShaderStageCreateInfo::default()
                    .stage(stage_flags(*stage))
                    .module(module.raw)
                    .name(c"main"),
            )
        })
        .collect()
}
