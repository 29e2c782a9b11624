//! One state change as a command buffer records it.

use super::{
    AlphaTest, BlendState, ClipYAxis, ComponentMask, DepthBounds, DepthMode, DepthStencilState,
    LogicOp, MultisampleState, PolygonOffset, ProvokingVertex, RasterizerState, Scissor, Smoothing,
    VertexAttribute, VertexStream, Viewport, WindowOrigin, MAX_COLOR_TARGETS,
    MAX_VERTEX_ATTRIBUTES, MAX_VERTEX_STREAMS, MAX_VIEWPORTS,
};

#[derive(Clone, Debug, PartialEq)]
pub enum StateChange {
    Blend {
        target: u8,
        state: BlendState,
    },
    /// NVN's colour state's blend enables: bit n turns blending on for target n, a clear
    /// bit off; each target's equations stay as `Blend` set them.
    BlendEnables(u8),
    BlendConstant([f32; 4]),
    WriteMasks([ComponentMask; MAX_COLOR_TARGETS]),
    /// `None` turns the logic op off.
    LogicOp(Option<LogicOp>),
    DepthStencil(DepthStencilState),
    Rasterizer(RasterizerState),
    PolygonOffset(PolygonOffset),
    Viewports {
        first: u8,
        viewports: Vec<Viewport>,
    },
    Scissors {
        first: u8,
        scissors: Vec<Scissor>,
    },
    /// Replaces every attribute; locations not listed are off.
    VertexAttributes(Vec<VertexAttribute>),
    /// Replaces every stream's stride and divisor.
    VertexStreams(Vec<VertexStream>),
    /// `None` turns primitive restart off.
    PrimitiveRestart(Option<u32>),
    DepthMode(DepthMode),
    WindowOrigin(WindowOrigin),
    /// Which way clip-space +y points (deko3d's `DkDeviceFlags_YAxisPoints*`).
    ClipYAxis(ClipYAxis),
    ProvokingVertex(ProvokingVertex),
    /// `None` turns the depth bounds test off.
    DepthBounds(Option<DepthBounds>),
    /// Vertices a patch takes (NVN's `SetPatchSize`), 1 to `MAX_PATCH_VERTICES`.
    PatchSize(u32),
    /// The inner levels of programs with no tessellation control stage.
    InnerTessellationLevels([f32; 2]),
    /// The outer levels of programs with no tessellation control stage.
    OuterTessellationLevels([f32; 4]),

    // Issue 17, points.
    /// NVN's program point size enable: `true`, points take the size the last vertex
    /// stage writes to `gl_PointSize` (1 px where it writes none); `false` (the default),
    /// they take `RasterizerState::point_size_px` whatever the shader writes.
    ProgramPointSize(bool),

    // Issue 17, alpha test.
    /// `None` turns the alpha test off.
    AlphaTest(Option<AlphaTest>),

    // Issue 17, smoothing.
    Smoothing(Smoothing),

    // Issue 18, multisampling.
    Multisample(MultisampleState),
    /// NVN's programmable sample locations (`state::sample_locations`).
    SampleLocations(super::SampleLocations),
}

/// Why a state change was refused: what is out of range, the index and the limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StateRangeError {
    pub what: &'static str,
    pub index: usize,
    pub limit: usize,
}

impl StateChange {
    /// Checks indices against the limits; a change that passes can be recorded.
    pub fn check(&self) -> Result<(), StateRangeError> {
        let fail = |what, index: usize, limit| {
            if index >= limit {
                Err(StateRangeError { what, index, limit })
            } else {
                Ok(())
            }
        };
        match self {
            StateChange::Blend { target, .. } => {
                fail("blend target", usize::from(*target), MAX_COLOR_TARGETS)
            }
            StateChange::WriteMasks(masks) => {
                match masks.iter().position(|mask| !mask.is_valid()) {
                    Some(target) => fail("write mask bits of target", target, 0),
                    None => Ok(()),
                }
            }
            StateChange::Viewports { first, viewports } => {
                let end = usize::from(*first) + viewports.len();
                fail("viewport", end.saturating_sub(1), MAX_VIEWPORTS)
            }
            StateChange::Scissors { first, scissors } => {
                let end = usize::from(*first) + scissors.len();
                fail("scissor", end.saturating_sub(1), MAX_VIEWPORTS)
            }
            StateChange::VertexAttributes(attributes) => {
                fail(
                    "vertex attribute count",
                    attributes.len(),
                    MAX_VERTEX_ATTRIBUTES + 1,
                )?;
                for attribute in attributes {
                    fail(
                        "vertex attribute location",
                        usize::from(attribute.location),
                        MAX_VERTEX_ATTRIBUTES,
                    )?;
                    fail(
                        "vertex attribute stream",
                        usize::from(attribute.stream),
                        MAX_VERTEX_STREAMS,
                    )?;
                    if !attribute.format.is_valid() {
                        fail(
                            "vertex attribute components at location",
                            usize::from(attribute.location),
                            0,
                        )?;
                    }
                }
                Ok(())
            }
            StateChange::VertexStreams(streams) => {
                fail("vertex stream count", streams.len(), MAX_VERTEX_STREAMS + 1)
            }
            StateChange::PatchSize(vertices) => {
                if *vertices == 0 {
                    return fail("patch size of no vertices", 0, 0);
                }
                let limit = super::MAX_PATCH_VERTICES as usize;
                fail("patch size", *vertices as usize, limit + 1)
            }
            StateChange::InnerTessellationLevels(levels) => {
                levels_fault("inner tessellation level (0 to 64)", levels)
            }
            StateChange::OuterTessellationLevels(levels) => {
                levels_fault("outer tessellation level (0 to 64)", levels)
            }
            StateChange::SampleLocations(locations) => match locations.first_off_grid() {
                Some(index) => fail("sample location off the 16x16 grid", index, 0),
                None => Ok(()),
            },
            StateChange::BlendConstant(_)
            | StateChange::BlendEnables(_)
            | StateChange::LogicOp(_)
            | StateChange::DepthStencil(_)
            | StateChange::Rasterizer(_)
            | StateChange::PolygonOffset(_)
            | StateChange::PrimitiveRestart(_)
            | StateChange::DepthMode(_)
            | StateChange::WindowOrigin(_)
            | StateChange::ClipYAxis(_)
            | StateChange::ProvokingVertex(_)
            | StateChange::DepthBounds(_)
            | StateChange::ProgramPointSize(_)
            | StateChange::AlphaTest(_)
            | StateChange::Smoothing(_)
            | StateChange::Multisample(_) => Ok(()),
        }
    }
}

/// The first level outside 0..=64 (or not a number), as a range error naming it.
fn levels_fault(what: &'static str, levels: &[f32]) -> Result<(), StateRangeError> {
    match levels
        .iter()
        .position(|level| !super::tessellation::levels_valid(&[*level]))
    {
        Some(index) => Err(StateRangeError {
            what,
            index,
            limit: 0,
        }),
        None => Ok(()),
    }
}
