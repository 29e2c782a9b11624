//! The record-time checks of `PortabilityFeatures`: a command needing what a portability
//! implementation lacks is refused when it is recorded, naming the field and the feature.
//! Some rules join two pieces of state (an attribute and its stream's stride; stencil
//! references and the cull mode), so what this buffer set is remembered here.

use crate::command::{BoundState, Command};
use crate::error::RecordError;
use crate::objects::{ObjectTables, TextureHandle};
use crate::portability::PortabilityFeatures;
use crate::state::{
    BlendFactor, CullMode, DepthStencilState, PolygonMode, RasterizerState, StateChange,
    VertexAttribute, VertexStream,
};

fn missing(what: &'static str, capability: &'static str) -> RecordError {
    RecordError::MissingCapability { what, capability }
}

/// The state this buffer set that a later check joins with other state.
#[derive(Clone, Debug, Default)]
pub struct PortabilityWatch {
    attributes: Option<Vec<VertexAttribute>>,
    streams: Option<Vec<VertexStream>>,
    depth_stencil: Option<DepthStencilState>,
    cull: Option<CullMode>,
    /// Bit n: target n's colour equation, as this buffer set it, reads the constant
    /// alpha (a later `BlendEnables` turning it on is checked against it).
    constant_alpha_targets: u8,
}

/// Whether `state`'s colour equation reads the blend constant's alpha.
fn colour_reads_constant_alpha(state: &crate::state::BlendState) -> bool {
    let constant_alpha = |factor: BlendFactor| {
        matches!(
            factor,
            BlendFactor::ConstantAlpha | BlendFactor::OneMinusConstantAlpha
        )
    };
    constant_alpha(state.color.src_factor) || constant_alpha(state.color.dst_factor)
}

fn constant_alpha_refused() -> RecordError {
    missing(
        "constant-alpha colour blend factor",
        "constantAlphaColorBlendFactors (VK_KHR_portability_subset)",
    )
}

impl PortabilityWatch {
    /// Refuses `command` where `features` lack what it needs; changes nothing.
    pub fn check<'t>(
        &self,
        command: &Command,
        features: &PortabilityFeatures,
        bound: &BoundState,
        tables: impl FnOnce() -> TablesGuard<'t>,
    ) -> Result<(), RecordError> {
        match command {
            Command::SetState(state) => self.check_state(state, features),
            Command::BindProgram(program) if features.max_samplers_per_stage < 32 => {
                let tables = tables();
                let Some(program) = tables.programs.get(*program) else {
                    return Ok(());
                };
                let widest = program
                    .modules
                    .iter()
                    .map(|module| module.reflection.texture_slots.count_ones())
                    .max()
                    .unwrap_or(0);
                if widest > features.max_samplers_per_stage {
                    return Err(missing(
                        "a program stage sampling more textures than the per-stage sampler limit",
                        "maxPerStageDescriptorSamplers (16 a stage on Metal)",
                    ));
                }
                Ok(())
            }
            Command::BindTexture { handle, .. } if features.restricts_textures() => {
                check_texture(&tables(), bound, *handle, features)
            }
            Command::BindRenderTargets(targets) if !features.multisample_array_image => {
                let tables = tables();
                for view in targets.views() {
                    if let Some(view) = tables.views.get(view) {
                        check_multisample_array(&tables, view.texture)?;
                    }
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// Remembers what `command` (recorded) set.
    pub fn note(&mut self, command: &Command) {
        if let Command::SetState(state) = command {
            self.note_state(state);
        }
    }

    /// Remembers what a state change (recorded) set.
    pub fn note_state(&mut self, state: &StateChange) {
        match state {
            StateChange::VertexAttributes(attributes) => self.attributes = Some(attributes.clone()),
            StateChange::VertexStreams(streams) => self.streams = Some(streams.clone()),
            StateChange::DepthStencil(state) => self.depth_stencil = Some(*state),
            StateChange::Rasterizer(raster) => self.cull = Some(raster.cull),
            StateChange::Blend { target, state } => {
                let bit = 1u8 << (target & 7);
                if colour_reads_constant_alpha(state) {
                    self.constant_alpha_targets |= bit;
                } else {
                    self.constant_alpha_targets &= !bit;
                }
            }
            _ => {}
        }
    }

    /// `check` of a state change.
    pub fn check_state(
        &self,
        state: &StateChange,
        features: &PortabilityFeatures,
    ) -> Result<(), RecordError> {
        match state {
            StateChange::Rasterizer(raster) => {
                if raster.polygon_mode == PolygonMode::Point && !features.point_polygons {
                    return Err(missing(
                        "point polygon mode",
                        "pointPolygons (VK_KHR_portability_subset)",
                    ));
                }
                match self.depth_stencil {
                    Some(depth_stencil) => {
                        stencil_references(&depth_stencil, raster.cull, features)
                    }
                    None => Ok(()),
                }
            }
            StateChange::DepthStencil(depth_stencil) => {
                let cull = self.cull.unwrap_or(RasterizerState::default().cull);
                stencil_references(depth_stencil, cull, features)
            }
            StateChange::Blend { state, .. } => {
                if state.enabled
                    && colour_reads_constant_alpha(state)
                    && !features.constant_alpha_color_blend_factors
                {
                    return Err(constant_alpha_refused());
                }
                Ok(())
            }
            StateChange::BlendEnables(mask) => {
                if mask & self.constant_alpha_targets != 0
                    && !features.constant_alpha_color_blend_factors
                {
                    return Err(constant_alpha_refused());
                }
                Ok(())
            }
            StateChange::VertexAttributes(attributes) => match &self.streams {
                Some(streams) => attributes_within_strides(attributes, streams, features),
                None => Ok(()),
            },
            StateChange::VertexStreams(streams) => match &self.attributes {
                Some(attributes) => attributes_within_strides(attributes, streams, features),
                None => Ok(()),
            },
            _ => Ok(()),
        }
    }
}

/// The object tables, read-locked, for the checks that look objects up.
pub type TablesGuard<'t> = parking_lot::RwLockReadGuard<'t, ObjectTables>;

fn stencil_references(
    state: &DepthStencilState,
    cull: CullMode,
    features: &PortabilityFeatures,
) -> Result<(), RecordError> {
    // Culling one face leaves one reference in use: only both faces drawn need two.
    if state.stencil_test
        && cull == CullMode::None
        && state.front.reference != state.back.reference
        && !features.separate_stencil_mask_ref
    {
        return Err(missing(
            "different front and back stencil references with no face culled",
            "separateStencilMaskRef (VK_KHR_portability_subset)",
        ));
    }
    Ok(())
}

fn attributes_within_strides(
    attributes: &[VertexAttribute],
    streams: &[VertexStream],
    features: &PortabilityFeatures,
) -> Result<(), RecordError> {
    if features.vertex_attribute_access_beyond_stride {
        return Ok(());
    }
    let beyond = attributes.iter().any(|attribute| {
        streams
            .get(usize::from(attribute.stream))
            .is_some_and(|stream| {
                u64::from(attribute.offset_b) + u64::from(attribute.format.size_b())
                    > u64::from(stream.stride_b)
            })
    });
    if beyond {
        return Err(missing(
            "vertex attribute reaching past its stream's stride",
            "vertexAttributeAccessBeyondStride (VK_KHR_portability_subset)",
        ));
    }
    Ok(())
}

fn check_multisample_array(
    tables: &ObjectTables,
    texture: crate::ids::TextureId,
) -> Result<(), RecordError> {
    match tables.textures.get(texture) {
        Some(texture) if texture.desc.samples > 1 && texture.array_layers() > 1 => Err(missing(
            "multisampled texture of more than one layer",
            "multisampleArrayImage (VK_KHR_portability_subset)",
        )),
        _ => Ok(()),
    }
}

fn check_texture(
    tables: &ObjectTables,
    bound: &BoundState,
    handle: TextureHandle,
    features: &PortabilityFeatures,
) -> Result<(), RecordError> {
    use crate::objects::WrapMode;
    let Some((texture_table, sampler_table)) = bound.descriptor_tables else {
        return Ok(());
    };
    let entry = tables
        .texture_tables
        .get(texture_table)
        .and_then(|table| table.entry(handle.texture_slot));
    // Where the device lacks imageViewFormatSwizzle or samplerMipLodBias, every stage,
    // compute included, gets the swizzle and the bias in its shader (the executor's
    // pipelines, `shader_translate::apply_view_swizzle` and `add_lod_bias`).
    if let Some(view) = entry.and_then(|entry| tables.views.get(entry.view)) {
        if !features.multisample_array_image {
            check_multisample_array(tables, view.texture)?;
        }
    }
    let sampler = tables
        .sampler_tables
        .get(sampler_table)
        .and_then(|table| table.entry(handle.sampler_slot))
        .and_then(|sampler| tables.samplers.get(sampler));
    let Some(sampler) = sampler else {
        return Ok(());
    };
    let maker = &sampler.maker;
    if maker.compare.is_some() && !features.mutable_comparison_samplers {
        return Err(missing(
            "depth-compare sampler",
            "mutableComparisonSamplers (VK_KHR_portability_subset)",
        ));
    }
    if maker.wrap.contains(&WrapMode::MirrorClampToEdge) && !features.sampler_mirror_clamp_to_edge {
        return Err(missing(
            "mirror-clamp-to-edge wrap mode",
            "samplerMirrorClampToEdge",
        ));
    }
    Ok(())
}
