//! The fixed-function state graphics pipelines take dynamically, so a new combination of
//! it needs no new pipeline: what Vulkan 1.3 makes dynamic on every device (cull mode,
//! front face, topology within its class, depth and stencil tests and ops, depth bounds,
//! depth bias, primitive restart, rasterizer discard, line width), and what
//! `VK_EXT_extended_dynamic_state2`/`3` add where offered (depth clamp, polygon mode,
//! sample mask, alpha to coverage and to one, the logic op, colour blend enables,
//! equations and write masks). The sample count stays in the pipeline: it goes with the
//! pass's targets, whose formats key pipelines anyway. A pipeline is made from `DynamicSet::baked`:
//! the state with every dynamic part at one fixed value, so two draws differing only in
//! dynamic state share the pipeline; `DynamicValues` is what a draw sets.

use ash::vk;
use gpu::state::{
    BlendState, ComponentMask, DepthStencilState, PolygonMode, PolygonOffset, PrimitiveKind,
    MAX_COLOR_TARGETS,
};

use crate::bringup::capabilities::Capabilities;

use super::graphics_conv as conv;
use super::graphics_state::{GraphicsState, TargetFormats};

/// Which of the optional dynamic state this executor's graphics pipelines take; the
/// core 1.3 state is always dynamic.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DynamicSet {
    pub depth_clamp: bool,
    pub polygon_mode: bool,
    pub sample_mask: bool,
    pub alpha_to_coverage: bool,
    pub alpha_to_one: bool,
    /// Whether a logic op applies, and which.
    pub logic_op: bool,
    /// Blend enables, equations and write masks.
    pub blend: bool,
}

/// The dynamic states of Vulkan 1.0 and 1.3 every pipeline takes (beside the viewport,
/// scissor, blend constants and stencil values `graphics` always had dynamic).
const CORE_STATES: [vk::DynamicState; 15] = [
    vk::DynamicState::CULL_MODE,
    vk::DynamicState::FRONT_FACE,
    vk::DynamicState::PRIMITIVE_TOPOLOGY,
    vk::DynamicState::DEPTH_TEST_ENABLE,
    vk::DynamicState::DEPTH_WRITE_ENABLE,
    vk::DynamicState::DEPTH_COMPARE_OP,
    vk::DynamicState::DEPTH_BOUNDS_TEST_ENABLE,
    vk::DynamicState::DEPTH_BOUNDS,
    vk::DynamicState::STENCIL_TEST_ENABLE,
    vk::DynamicState::STENCIL_OP,
    vk::DynamicState::DEPTH_BIAS_ENABLE,
    vk::DynamicState::DEPTH_BIAS,
    vk::DynamicState::PRIMITIVE_RESTART_ENABLE,
    vk::DynamicState::RASTERIZER_DISCARD_ENABLE,
    vk::DynamicState::LINE_WIDTH,
];

impl DynamicSet {
    /// What the device's features (as a simulated profile left them) make dynamic.
    pub fn of(caps: &Capabilities) -> DynamicSet {
        let d3 = &caps.pipeline.dynamic3;
        DynamicSet {
            depth_clamp: d3.depth_clamp_enable,
            polygon_mode: d3.polygon_mode,
            sample_mask: d3.sample_mask,
            alpha_to_coverage: d3.alpha_to_coverage_enable,
            alpha_to_one: d3.alpha_to_one_enable,
            logic_op: d3.logic_op_enable && caps.pipeline.dynamic2_logic_op,
            blend: d3.blend(),
        }
    }

    /// The dynamic states a pipeline made with this set names, after those it always had.
    pub fn states(&self, always: &[vk::DynamicState]) -> Vec<vk::DynamicState> {
        let mut states = always.to_vec();
        states.extend_from_slice(&CORE_STATES);
        let optional = [
            (
                self.depth_clamp,
                &[vk::DynamicState::DEPTH_CLAMP_ENABLE_EXT][..],
            ),
            (self.polygon_mode, &[vk::DynamicState::POLYGON_MODE_EXT]),
            (self.sample_mask, &[vk::DynamicState::SAMPLE_MASK_EXT]),
            (
                self.alpha_to_coverage,
                &[vk::DynamicState::ALPHA_TO_COVERAGE_ENABLE_EXT],
            ),
            (
                self.alpha_to_one,
                &[vk::DynamicState::ALPHA_TO_ONE_ENABLE_EXT],
            ),
            (
                self.logic_op,
                &[
                    vk::DynamicState::LOGIC_OP_ENABLE_EXT,
                    vk::DynamicState::LOGIC_OP_EXT,
                ],
            ),
            (
                self.blend,
                &[
                    vk::DynamicState::COLOR_BLEND_ENABLE_EXT,
                    vk::DynamicState::COLOR_BLEND_EQUATION_EXT,
                    vk::DynamicState::COLOR_WRITE_MASK_EXT,
                ],
            ),
        ];
        for (on, names) in optional {
            if on {
                states.extend_from_slice(names);
            }
        }
        states
    }

    /// What a pipeline for a draw of `state`, `primitive` and `targets` is made from (and
    /// keyed by): each dynamic part at one fixed value. What a dynamic value decides
    /// beside the pipeline's state stays: a point polygon mode sizes points in the shader,
    /// a line one under smooth lines chooses the line mode, so those stay baked.
    pub fn baked(
        &self,
        state: &GraphicsState,
        primitive: PrimitiveKind,
        targets: TargetFormats,
    ) -> (GraphicsState, PrimitiveKind, TargetFormats) {
        let mut baked = state.clone();
        self.bake_rasterizer(&mut baked.rasterizer, state.smoothing.lines);
        // Only the winding depends on it here; viewports are set per draw.
        baked.window_origin = gpu::state::WindowOrigin::UpperLeft;
        baked.depth_stencil = DepthStencilState::default();
        baked.depth_bounds = None;
        baked.polygon_offset = PolygonOffset::default();
        baked.primitive_restart = None;
        if self.sample_mask {
            baked.multisample.sample_mask = !0;
        }
        // The locations are always dynamic where they are on (`sample_locations`).
        baked.sample_locations = gpu::state::SampleLocations {
            enabled: state.sample_locations.enabled,
            ..gpu::state::SampleLocations::default()
        };
        if self.alpha_to_coverage {
            baked.multisample.alpha_to_coverage = false;
        }
        if self.alpha_to_one {
            baked.multisample.alpha_to_one = false;
        }
        if self.logic_op {
            baked.logic_op = None;
        }
        if self.blend {
            baked.blend = [BlendState::default(); MAX_COLOR_TARGETS];
            baked.write_masks = [ComponentMask::ALL; MAX_COLOR_TARGETS];
        }
        (baked, topology_class(primitive), targets)
    }

    /// `baked`'s part for the rasterizer: what pipelines take dynamically at one fixed
    /// value (`smooth_lines`: the state's smoothing of lines, which keeps a line polygon
    /// mode baked).
    pub fn bake_rasterizer(&self, raster: &mut gpu::state::RasterizerState, smooth_lines: bool) {
        raster.cull = gpu::state::CullMode::None;
        raster.front_face = gpu::state::FrontFace::Ccw;
        raster.discard = false;
        raster.line_width_px = 1.0;
        if self.depth_clamp {
            raster.depth_clamp = false;
        }
        let keeps_mode = match raster.polygon_mode {
            PolygonMode::Fill => false,
            PolygonMode::Line => smooth_lines,
            PolygonMode::Point => true,
        };
        if self.polygon_mode && !keeps_mode {
            raster.polygon_mode = PolygonMode::Fill;
        }
    }

    /// What a draw of `state` drawing `primitive` into `targets` sets.
    pub fn values(
        &self,
        state: &GraphicsState,
        primitive: PrimitiveKind,
        targets: &TargetFormats,
    ) -> DynamicValues {
        let raster = &state.rasterizer;
        let offset = &state.polygon_offset;
        let depth_stencil = &state.depth_stencil;
        let topology = conv::topology(primitive).unwrap_or(vk::PrimitiveTopology::TRIANGLE_LIST);
        let mut blend = [BlendValues::default(); MAX_COLOR_TARGETS];
        // The formats in the targets' raw array, not a list made for every draw.
        let color_count = targets.color_count();
        if self.blend {
            let formats = targets.colors[..color_count].iter();
            for (slot, format) in formats.map(|&raw| vk::Format::from_raw(raw)).enumerate() {
                let state_blend = &state.blend[slot];
                blend[slot] = BlendValues {
                    // Integer targets are written unblended (Vulkan forbids blending them).
                    enabled: state_blend.enabled && !conv::is_integer_format(format),
                    equation: [
                        conv::blend_factor(state_blend.color.src_factor).as_raw(),
                        conv::blend_factor(state_blend.color.dst_factor).as_raw(),
                        conv::blend_op(state_blend.color.op).as_raw(),
                        conv::blend_factor(state_blend.alpha.src_factor).as_raw(),
                        conv::blend_factor(state_blend.alpha.dst_factor).as_raw(),
                        conv::blend_op(state_blend.alpha.op).as_raw(),
                    ],
                    write_mask: state.write_masks[slot].0,
                };
            }
        }
        DynamicValues {
            cull: conv::cull_mode(raster.cull).as_raw(),
            front_face: conv::front_face(state.front_face()).as_raw(),
            topology: topology.as_raw(),
            depth_test: depth_stencil.depth_test,
            depth_write: depth_stencil.depth_write,
            depth_compare: conv::compare_op(depth_stencil.depth_compare).as_raw(),
            depth_bounds: state.depth_bounds.map(|bounds| [bounds.min, bounds.max]),
            stencil_test: depth_stencil.stencil_test,
            stencil_ops: [
                stencil_values(&depth_stencil.front),
                stencil_values(&depth_stencil.back),
            ],
            // NVN enables the offset per polygon mode; Vulkan has one switch.
            depth_bias: match raster.polygon_mode {
                PolygonMode::Fill => offset.fill,
                PolygonMode::Line => offset.line,
                PolygonMode::Point => offset.point,
            }
            .then_some([offset.units, offset.clamp, offset.factor]),
            // Restart on list topologies needs a feature this executor does not enable;
            // lists never restart anyway unless an index reaches the restart value.
            primitive_restart: state.primitive_restart.is_some() && !is_list(topology),
            discard: raster.discard,
            line_width_px: raster.line_width_px,
            depth_clamp: self.depth_clamp && raster.depth_clamp,
            polygon_mode: conv::polygon_mode(raster.polygon_mode).as_raw(),
            samples: targets.sample_count().as_raw(),
            sample_mask: state.multisample.sample_mask,
            alpha_to_coverage: state.multisample.alpha_to_coverage,
            alpha_to_one: state.multisample.alpha_to_one,
            logic_op: state.logic_op.map(|op| conv::logic_op(op).as_raw()),
            color_targets: color_count as u8,
            blend,
            sample_locations: state
                .sample_locations
                .enabled
                .then_some(state.sample_locations),
        }
    }
}

/// The kind a pipeline for `primitive` is made for: one of each topology class Vulkan
/// tells apart when the topology is dynamic (the kind's geometry input and point size go
/// with the class, so nothing else is lost).
pub fn topology_class(primitive: PrimitiveKind) -> PrimitiveKind {
    use PrimitiveKind as P;
    match primitive {
        P::LineStrip => P::Lines,
        P::TriangleStrip | P::TriangleFan => P::Triangles,
        P::LineStripAdjacency => P::LinesAdjacency,
        P::TriangleStripAdjacency => P::TrianglesAdjacency,
        other => other,
    }
}

/// Fail, pass, depth fail and compare, raw.
fn stencil_values(face: &gpu::state::StencilFace) -> [i32; 4] {
    let ops = conv::stencil_face(face);
    [
        ops.fail_op.as_raw(),
        ops.pass_op.as_raw(),
        ops.depth_fail_op.as_raw(),
        ops.compare_op.as_raw(),
    ]
}

fn is_list(topology: vk::PrimitiveTopology) -> bool {
    matches!(
        topology,
        vk::PrimitiveTopology::POINT_LIST
            | vk::PrimitiveTopology::LINE_LIST
            | vk::PrimitiveTopology::TRIANGLE_LIST
            | vk::PrimitiveTopology::LINE_LIST_WITH_ADJACENCY
            | vk::PrimitiveTopology::TRIANGLE_LIST_WITH_ADJACENCY
            | vk::PrimitiveTopology::PATCH_LIST
    )
}

/// One colour target's blend, as `vkCmdSetColorBlend*EXT` take it (raw values).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct BlendValues {
    pub enabled: bool,
    /// Colour source, destination, op; alpha source, destination, op.
    pub equation: [i32; 6],
    pub write_mask: u8,
}

/// What a draw sets of the dynamic state (raw Vulkan values, so it compares cheaply).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DynamicValues {
    pub cull: u32,
    pub front_face: i32,
    pub topology: i32,
    pub depth_test: bool,
    pub depth_write: bool,
    pub depth_compare: i32,
    /// `Some([min, max])`: the depth bounds test is on.
    pub depth_bounds: Option<[f32; 2]>,
    pub stencil_test: bool,
    /// Front, back: fail, pass, depth fail, compare.
    pub stencil_ops: [[i32; 4]; 2],
    /// `Some([constant, clamp, slope])`: depth bias is on.
    pub depth_bias: Option<[f32; 3]>,
    pub primitive_restart: bool,
    pub discard: bool,
    pub line_width_px: f32,
    // The optional ones, set where the `DynamicSet` has them.
    pub depth_clamp: bool,
    pub polygon_mode: i32,
    /// The pass's sample count (the sample mask's length).
    pub samples: u32,
    pub sample_mask: u32,
    pub alpha_to_coverage: bool,
    pub alpha_to_one: bool,
    pub logic_op: Option<i32>,
    pub color_targets: u8,
    pub blend: [BlendValues; MAX_COLOR_TARGETS],
    /// NVN's locations, where they are on (set with the pass's `samples`).
    pub sample_locations: Option<gpu::state::SampleLocations>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use gpu::state::{CompareOp, CullMode, RasterizerState};

    const ALL: DynamicSet = DynamicSet {
        depth_clamp: true,
        polygon_mode: true,
        sample_mask: true,
        alpha_to_coverage: true,
        alpha_to_one: true,
        logic_op: true,
        blend: true,
    };

    #[test]
    fn dynamic_parts_bake_to_one_value_and_the_rest_stays() {
        let mut a = GraphicsState::default();
        a.rasterizer = RasterizerState {
            cull: CullMode::Back,
            line_width_px: 3.0,
            ..a.rasterizer
        };
        a.depth_stencil.depth_test = true;
        a.depth_stencil.depth_compare = CompareOp::Greater;
        a.blend[0].enabled = true;
        let b = GraphicsState::default();
        let targets = TargetFormats::default();
        let (baked_a, kind_a, _) = ALL.baked(&a, PrimitiveKind::TriangleStrip, targets);
        let (baked_b, kind_b, _) = ALL.baked(&b, PrimitiveKind::Triangles, targets);
        assert_eq!((kind_a, &baked_a), (kind_b, &baked_b), "all of it dynamic");
        // Without extended dynamic state 3 the blend stays in the pipeline.
        let core = DynamicSet::default();
        assert_ne!(
            core.baked(&a, PrimitiveKind::Triangles, targets).0,
            core.baked(&b, PrimitiveKind::Triangles, targets).0
        );
        a.blend[0].enabled = false;
        assert_eq!(
            core.baked(&a, PrimitiveKind::Triangles, targets).0,
            core.baked(&b, PrimitiveKind::Triangles, targets).0
        );
        // What the shaders apply stays.
        a.alpha_test = Some(gpu::state::AlphaTest {
            compare: CompareOp::Less,
            reference: 0.5,
        });
        assert_ne!(ALL.baked(&a, PrimitiveKind::Triangles, targets).0, baked_b);
        a.alpha_test = None;
        a.rasterizer.point_size_px = 5.0;
        assert_ne!(
            ALL.baked(&a, PrimitiveKind::Points, targets).0,
            ALL.baked(&b, PrimitiveKind::Points, targets).0
        );
    }

    #[test]
    fn a_point_polygon_mode_stays_baked() {
        let mut state = GraphicsState::default();
        state.rasterizer.polygon_mode = PolygonMode::Point;
        let (baked, _, _) = ALL.baked(&state, PrimitiveKind::Triangles, TargetFormats::default());
        assert_eq!(baked.rasterizer.polygon_mode, PolygonMode::Point);
        state.rasterizer.polygon_mode = PolygonMode::Line;
        let (baked, _, _) = ALL.baked(&state, PrimitiveKind::Triangles, TargetFormats::default());
        assert_eq!(baked.rasterizer.polygon_mode, PolygonMode::Fill);
    }

    #[test]
    fn restart_is_set_for_strips_only_and_depth_bias_per_polygon_mode() {
        let mut state = GraphicsState {
            primitive_restart: Some(0xffff),
            ..GraphicsState::default()
        };
        state.polygon_offset.line = true;
        let targets = TargetFormats::default();
        let strip = ALL.values(&state, PrimitiveKind::TriangleStrip, &targets);
        let list = ALL.values(&state, PrimitiveKind::Triangles, &targets);
        assert!(strip.primitive_restart && !list.primitive_restart);
        assert_eq!(strip.depth_bias, None, "filled: the fill switch is off");
        state.rasterizer.polygon_mode = PolygonMode::Line;
        let lines = ALL.values(&state, PrimitiveKind::Triangles, &targets);
        assert!(lines.depth_bias.is_some());
    }
}
