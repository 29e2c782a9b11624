//! The fixed-function state a list sets, as the executor tracks it between draws, and
//! the part of it a graphics pipeline is keyed by. Viewports, scissors, the blend
//! constant, stencil references and masks and the window origin are dynamic; so is what
//! `dynamic_state` names, which `GraphicsPipelines` sets to fixed values before keying;
//! everything else is baked (floats by their bits, so the key hashes).

use ash::vk;
use gpu::state::{
    AlphaTest, BlendState, ClipYAxis, ComponentMask, DepthBounds, DepthMode, DepthStencilState,
    LogicOp, PolygonOffset, PrimitiveKind, ProvokingVertex, RasterizerState, Scissor, Smoothing,
    StateChange, StencilFace, VertexAttribute, VertexStream, Viewport, WindowOrigin,
    DEFAULT_INNER_LEVELS, DEFAULT_OUTER_LEVELS, DEFAULT_PATCH_VERTICES, MAX_COLOR_TARGETS,
    MAX_VIEWPORTS,
};
use gpu::ProgramId;

#[derive(Clone, Debug, PartialEq)]
pub struct GraphicsState {
    pub blend: [BlendState; MAX_COLOR_TARGETS],
    pub blend_constant: [f32; 4],
    pub write_masks: [ComponentMask; MAX_COLOR_TARGETS],
    pub logic_op: Option<LogicOp>,
    pub depth_stencil: DepthStencilState,
    pub rasterizer: RasterizerState,
    pub polygon_offset: PolygonOffset,
    /// `None`: not set, the pass's render area is used.
    pub viewports: [Option<Viewport>; MAX_VIEWPORTS],
    pub scissors: [Option<Scissor>; MAX_VIEWPORTS],
    pub attributes: Vec<VertexAttribute>,
    pub streams: Vec<VertexStream>,
    pub primitive_restart: Option<u32>,
    pub depth_mode: DepthMode,
    /// NVN's window origin: which way clip-space y runs (dynamic, in the viewports) and
    /// whether the front face's winding is reversed (baked).
    pub window_origin: WindowOrigin,
    /// Which way clip-space +y points (dynamic, in the viewports).
    pub clip_y_axis: ClipYAxis,
    pub provoking_vertex: ProvokingVertex,
    pub depth_bounds: Option<DepthBounds>,
    /// Vertices a patch takes (`StateChange::PatchSize`).
    pub patch_vertices: u32,
    /// The levels a program without a tessellation control stage tessellates with.
    pub inner_levels: [f32; 2],
    pub outer_levels: [f32; 4],
    /// Points take the vertex stage's `gl_PointSize` (else `rasterizer.point_size_px`).
    pub program_point_size: bool,
    pub alpha_test: Option<AlphaTest>,
    pub smoothing: Smoothing,
    pub multisample: gpu::state::MultisampleState,
    /// NVN's programmable sample locations: whether they are on is baked, the locations
    /// and the grid are dynamic (`VK_DYNAMIC_STATE_SAMPLE_LOCATIONS_EXT`).
    pub sample_locations: gpu::state::SampleLocations,
}

impl Default for GraphicsState {
    fn default() -> Self {
        GraphicsState {
            blend: [BlendState::default(); MAX_COLOR_TARGETS],
            blend_constant: [0.0; 4],
            write_masks: [ComponentMask::ALL; MAX_COLOR_TARGETS],
            logic_op: None,
            depth_stencil: DepthStencilState::default(),
            rasterizer: RasterizerState::default(),
            polygon_offset: PolygonOffset::default(),
            viewports: [None; MAX_VIEWPORTS],
            scissors: [None; MAX_VIEWPORTS],
            attributes: Vec::new(),
            streams: Vec::new(),
            primitive_restart: None,
            depth_mode: DepthMode::ZeroToOne,
            window_origin: WindowOrigin::UpperLeft,
            clip_y_axis: ClipYAxis::Up,
            provoking_vertex: ProvokingVertex::First,
            depth_bounds: None,
            patch_vertices: DEFAULT_PATCH_VERTICES,
            inner_levels: DEFAULT_INNER_LEVELS,
            outer_levels: DEFAULT_OUTER_LEVELS,
            program_point_size: false,
            alpha_test: None,
            smoothing: Smoothing::default(),
            multisample: gpu::state::MultisampleState::default(),
            sample_locations: gpu::state::SampleLocations::default(),
        }
    }
}

impl GraphicsState {
    /// Scissor `index` alone (a `StateChange::Scissors` of one); one past the last is
    /// left out, as `apply` leaves it.
    pub fn set_scissor(&mut self, index: u8, scissor: Scissor) {
        if let Some(slot) = self.scissors.get_mut(usize::from(index)) {
            *slot = Some(scissor);
        }
    }

    /// Viewport `index` alone, as `set_scissor`.
    pub fn set_viewport(&mut self, index: u8, viewport: Viewport) {
        if let Some(slot) = self.viewports.get_mut(usize::from(index)) {
            *slot = Some(viewport);
        }
    }

    pub fn apply(&mut self, change: &StateChange) {
        match change {
            StateChange::Blend { target, state } => {
                if let Some(blend) = self.blend.get_mut(usize::from(*target)) {
                    *blend = *state;
                }
            }
            StateChange::BlendEnables(mask) => {
                for (target, blend) in self.blend.iter_mut().enumerate() {
                    blend.enabled = mask & (1 << target) != 0;
                }
            }
            StateChange::BlendConstant(constant) => self.blend_constant = *constant,
            StateChange::WriteMasks(masks) => self.write_masks = *masks,
            StateChange::LogicOp(op) => self.logic_op = *op,
            StateChange::DepthStencil(state) => self.depth_stencil = *state,
            StateChange::Rasterizer(state) => self.rasterizer = *state,
            StateChange::PolygonOffset(offset) => self.polygon_offset = *offset,
            StateChange::Viewports { first, viewports } => {
                for (slot, viewport) in self
                    .viewports
                    .iter_mut()
                    .skip(usize::from(*first))
                    .zip(viewports)
                {
                    *slot = Some(*viewport);
                }
            }
            StateChange::Scissors { first, scissors } => {
                for (slot, scissor) in self
                    .scissors
                    .iter_mut()
                    .skip(usize::from(*first))
                    .zip(scissors)
                {
                    *slot = Some(*scissor);
                }
            }
            StateChange::VertexAttributes(attributes) => self.attributes = attributes.clone(),
            StateChange::VertexStreams(streams) => self.streams = streams.clone(),
            StateChange::PrimitiveRestart(index) => self.primitive_restart = *index,
            StateChange::DepthMode(mode) => self.depth_mode = *mode,
            StateChange::WindowOrigin(origin) => self.window_origin = *origin,
            StateChange::ClipYAxis(axis) => self.clip_y_axis = *axis,
            StateChange::ProvokingVertex(vertex) => self.provoking_vertex = *vertex,
            StateChange::DepthBounds(bounds) => self.depth_bounds = *bounds,
            StateChange::PatchSize(vertices) => self.patch_vertices = *vertices,
            StateChange::InnerTessellationLevels(levels) => self.inner_levels = *levels,
            StateChange::OuterTessellationLevels(levels) => self.outer_levels = *levels,
            StateChange::ProgramPointSize(enabled) => self.program_point_size = *enabled,
            StateChange::AlphaTest(test) => self.alpha_test = *test,
            StateChange::Smoothing(smoothing) => self.smoothing = *smoothing,
            StateChange::Multisample(state) => self.multisample = *state,
            // Recorded only where the device takes them (`state::capability`, and the
            // draw's check of the targets' sample count).
            StateChange::SampleLocations(locations) => self.sample_locations = *locations,
        }
    }

    /// The front face the rasterizer tests windings against: the one set, reversed under
    /// a lower-left window origin (its image is stored upside down; deko3d's
    /// `windingFlip`).
    pub fn front_face(&self) -> gpu::state::FrontFace {
        use gpu::state::FrontFace;
        match (
            self.rasterizer.front_face,
            self.window_origin.reverses_winding(),
        ) {
            (face, false) => face,
            (FrontFace::Ccw, true) => FrontFace::Cw,
            (FrontFace::Cw, true) => FrontFace::Ccw,
        }
    }

    /// How points are sized where `primitive` is drawn by a program whose geometry or
    /// tessellation stage makes points or not (`makes_points`, `None` where it has
    /// neither): `None` where nothing is rasterized as points (the size does not tell
    /// pipelines apart), `Some(None)` from the program, `Some(Some(px))` fixed.
    pub fn point_size(
        &self,
        primitive: PrimitiveKind,
        makes_points: Option<bool>,
    ) -> Option<Option<f32>> {
        let points = makes_points.unwrap_or(primitive == PrimitiveKind::Points)
            || self.rasterizer.polygon_mode == gpu::state::PolygonMode::Point;
        if !points {
            return None;
        }
        Some((!self.program_point_size).then_some(self.rasterizer.point_size_px))
    }

    /// What a pipeline made for this state, program, primitive and targets is keyed by.
    /// `state_levels`: the program takes its tessellation levels from this state (it has
    /// an evaluation stage and no control stage), so they tell pipelines apart;
    /// `makes_points`: the program's `ProgramNeeds::makes_points`.
    pub fn pipeline_key(
        &self,
        program: ProgramId,
        primitive: PrimitiveKind,
        targets: TargetFormats,
        (state_levels, makes_points): (bool, Option<bool>),
    ) -> PipelineKey {
        let raster = &self.rasterizer;
        let offset = &self.polygon_offset;
        PipelineKey {
            program,
            primitive,
            targets,
            blend: self.blend,
            write_masks: self.write_masks,
            logic_op: self.logic_op,
            depth_stencil: baked_depth_stencil(&self.depth_stencil),
            rasterizer: (
                raster.cull,
                self.front_face(),
                raster.polygon_mode,
                raster.depth_clamp,
                raster.discard,
                raster.line_width_px.to_bits(),
            ),
            polygon_offset: (
                [offset.factor, offset.units, offset.clamp].map(f32::to_bits),
                [offset.fill, offset.line, offset.point],
            ),
            attributes: self.attributes.clone(),
            streams: self.streams.clone(),
            primitive_restart: self.primitive_restart.is_some(),
            depth_mode: self.depth_mode,
            provoking_vertex: self.provoking_vertex,
            depth_bounds: self
                .depth_bounds
                .map(|bounds| [bounds.min, bounds.max].map(f32::to_bits)),
            // Only patches are drawn in patches of this size.
            patch_vertices: match primitive {
                PrimitiveKind::Patches => self.patch_vertices,
                _ => 0,
            },
            tessellation_levels: state_levels.then(|| {
                let [inner_0, inner_1] = self.inner_levels;
                let [outer_0, outer_1, outer_2, outer_3] = self.outer_levels;
                [inner_0, inner_1, outer_0, outer_1, outer_2, outer_3].map(f32::to_bits)
            }),
            smooth_lines: self.smoothing.lines,
            multisample: {
                let state = &self.multisample;
                (
                    state.sample_mask,
                    state.alpha_to_coverage,
                    state.alpha_to_one,
                    state.min_sample_shading.map(f32::to_bits),
                )
            },
            alpha_test: self
                .alpha_test
                .map(|test| (test.compare, test.reference.to_bits())),
            sample_locations: self.sample_locations.enabled,
            point_size: self
                .point_size(primitive, makes_points)
                .map(|size| size.map(f32::to_bits)),
            patches: BoundPatches::default(),
        }
    }
}

/// What pipelines bake of the depth and stencil state: stencil references and masks are
/// dynamic (`record::draw` sets them), so they do not tell pipelines apart.
fn baked_depth_stencil(state: &DepthStencilState) -> DepthStencilState {
    let baked = |face: StencilFace| StencilFace {
        reference: 0,
        read_mask: 0,
        write_mask: 0,
        ..face
    };
    DepthStencilState {
        front: baked(state.front),
        back: baked(state.back),
        ..*state
    }
}

/// The Vulkan formats of a pass's attachments (raw values, so the key hashes).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TargetFormats {
    pub colors: [i32; MAX_COLOR_TARGETS],
    pub depth: i32,
    pub stencil: i32,
    /// The attachments' sample count (Vulkan's flag bits; 0 before any is bound, as 1).
    pub samples: u32,
}

impl TargetFormats {
    /// The samples pipelines for the pass rasterize (`rasterizationSamples`).
    pub fn sample_count(&self) -> vk::SampleCountFlags {
        match self.samples {
            0 => vk::SampleCountFlags::TYPE_1,
            raw => vk::SampleCountFlags::from_raw(raw),
        }
    }

    /// The colour formats a pipeline for the pass names: every slot up to the last bound
    /// one (a pipeline must name each colour attachment of its pass).
    /// Colour targets up to the last one bound.
    pub fn color_count(&self) -> usize {
        self.colors
            .iter()
            .rposition(|&format| format != vk::Format::UNDEFINED.as_raw())
            .map_or(0, |last| last + 1)
    }

    pub fn color_formats(&self) -> Vec<vk::Format> {
        let count = self.color_count();
        self.colors[..count]
            .iter()
            .map(|&raw| vk::Format::from_raw(raw))
            .collect()
    }
}

pub type RasterKey = (
    gpu::state::CullMode,
    gpu::state::FrontFace,
    gpu::state::PolygonMode,
    bool,
    bool,
    u32,
);

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PipelineKey {
    pub program: ProgramId,
    pub primitive: PrimitiveKind,
    pub targets: TargetFormats,
    pub blend: [BlendState; MAX_COLOR_TARGETS],
    pub write_masks: [ComponentMask; MAX_COLOR_TARGETS],
    pub logic_op: Option<LogicOp>,
    pub depth_stencil: DepthStencilState,
    pub rasterizer: RasterKey,
    pub polygon_offset: ([u32; 3], [bool; 3]),
    pub attributes: Vec<VertexAttribute>,
    pub streams: Vec<VertexStream>,
    pub primitive_restart: bool,
    pub depth_mode: DepthMode,
    pub provoking_vertex: ProvokingVertex,
    pub depth_bounds: Option<[u32; 2]>,
    pub patch_vertices: u32,
    /// Inner then outer levels, where the pipeline's control stage is made from them.
    pub tessellation_levels: Option<[u32; 6]>,
    /// `GraphicsState::point_size`, by its bits.
    pub point_size: Option<Option<u32>>,
    pub smooth_lines: bool,
    /// Sample mask, alpha to coverage, alpha to one, the shading fraction's bits.
    pub multisample: (u32, bool, bool, Option<u32>),
    /// The compare and the reference's bits.
    pub alpha_test: Option<(gpu::state::CompareOp, u32)>,
    /// Programmable sample locations are on (the locations themselves are dynamic).
    pub sample_locations: bool,
    /// What the shaders apply of the bound textures (where the device lacks the
    /// portability features; empty elsewhere).
    pub patches: BoundPatches,
}

/// What a draw's shaders apply of its bound textures and samplers where the device
/// lacks the portability-subset features that would apply them (`prepare::patches`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct BoundPatches {
    /// Without `samplerMipLodBias`: each non-zero sampler LOD bias.
    pub lod_biases: Vec<BoundBias>,
    /// Without `imageViewFormatSwizzle`: each view swizzle other than the identity.
    pub view_swizzles: Vec<BoundSwizzle>,
}

impl BoundPatches {
    pub fn clear(&mut self) {
        self.lod_biases.clear();
        self.view_swizzles.clear();
    }
}

/// A texture slot whose bound view is swizzled: each component's source (0 to 3, or
/// `shader_translate::SWIZZLE_ZERO`/`SWIZZLE_ONE`), applied in the shader where the
/// device lacks `imageViewFormatSwizzle`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoundSwizzle {
    pub stage: gpu::objects::Stage,
    pub slot: u8,
    pub components: [u8; 4],
}

/// A texture slot whose bound sampler has a LOD bias (by its bits), applied in the
/// shader where the device lacks `samplerMipLodBias` (`prepare::patches`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoundBias {
    pub stage: gpu::objects::Stage,
    pub slot: u8,
    pub bias_bits: u32,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dynamic_state_does_not_change_the_key_but_baked_state_does() {
        let program = ProgramId::from_raw(1).unwrap();
        let mut state = GraphicsState::default();
        let key = |state: &GraphicsState| {
            state.pipeline_key(
                program,
                PrimitiveKind::Triangles,
                TargetFormats::default(),
                (false, None),
            )
        };
        let before = key(&state);
        state.apply(&StateChange::Viewports {
            first: 1,
            viewports: vec![Viewport::covering(8, 8)],
        });
        state.apply(&StateChange::BlendConstant([1.0; 4]));
        assert_eq!(key(&state), before);
        assert_eq!(state.viewports[1], Some(Viewport::covering(8, 8)));
        assert_eq!(state.viewports[0], None);
        state.apply(&StateChange::Blend {
            target: 2,
            state: BlendState {
                enabled: true,
                ..BlendState::default()
            },
        });
        assert_ne!(key(&state), before);
    }
}
