//! `hookshot bench draws --change KIND`: a state change before every draw, as games make
//! them (Dear ImGui's renderer sets a scissor per draw; materials switch blend and depth
//! modes), through Hookshot (`StateChange` on the NVN command buffer) against the same
//! change through ash (the dynamic state command a hand-written Vulkan renderer would
//! record, with the pipeline made to take it dynamically). Each draw's value differs from
//! the draw before's, so every change is a real one on both sides.

use gpu::state::{
    BlendEquation, BlendFactor, BlendOp, BlendState, CompareOp, CullMode, DepthStencilState,
    FrontFace, PolygonOffset, RasterizerState, Scissor, StateChange, Viewport,
};
use gpu_vk::ash::vk;
use gpu_vk::Device;

use super::TARGET_PX;

/// The state changed before each draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Change {
    /// No change: the plain frame.
    None,
    /// Scissor 0, its width moving draw by draw.
    Scissor,
    /// Viewport 0, its width moving draw by draw.
    Viewport,
    /// Target 0's blend equation, alpha blending and additive in turn.
    Blend,
    /// The depth test's compare op, `Less` and `Always` in turn (the test on, writes off).
    Depth,
    /// The rasterizer (cull mode and front face: back and front-facing clockwise, none
    /// and counter-clockwise in turn) and the polygon offset's constant, moving draw by
    /// draw.
    Raster,
    /// The draw's 16 bytes of constants written inline (NVN's `UpdateUniformBuffer`):
    /// through ash, `vkCmdUpdateBuffer` between two halves of the pass, as Vulkan keeps
    /// buffer updates outside passes.
    Uniform,
}

/// Widths step through this many values (all within the target).
const WIDTH_STEPS: u32 = 16;

fn width_px(index: u32) -> u32 {
    TARGET_PX - index % WIDTH_STEPS
}

fn blend_equation(index: u32) -> BlendEquation {
    if index.is_multiple_of(2) {
        BlendEquation::ALPHA
    } else {
        BlendEquation {
            src_factor: BlendFactor::One,
            dst_factor: BlendFactor::One,
            op: BlendOp::Add,
        }
    }
}

fn depth_compare(index: u32) -> CompareOp {
    if index.is_multiple_of(2) {
        CompareOp::Less
    } else {
        CompareOp::Always
    }
}

fn rasterizer(index: u32) -> RasterizerState {
    let (cull, front_face) = match index.is_multiple_of(2) {
        true => (CullMode::Back, FrontFace::Cw),
        false => (CullMode::None, FrontFace::Ccw),
    };
    RasterizerState {
        cull,
        front_face,
        ..RasterizerState::default()
    }
}

/// The polygon offset's constant (in the depth format's units), moving draw by draw.
fn depth_bias_units(index: u32) -> f32 {
    (index % WIDTH_STEPS) as f32
}

fn polygon_offset(index: u32) -> PolygonOffset {
    PolygonOffset {
        factor: 0.0,
        units: depth_bias_units(index),
        clamp: 0.0,
        fill: true,
        line: false,
        point: false,
    }
}

/// The tint `--change uniform` writes over draw `index`'s constants.
pub fn updated_tint(index: u32) -> [u8; TINT_BYTES] {
    let share = (index % WIDTH_STEPS) as f32 / WIDTH_STEPS as f32;
    let tint = [share, 1.0 - share, 0.5, 1.0];
    let mut bytes = [0; TINT_BYTES];
    for (chunk, channel) in bytes.chunks_exact_mut(4).zip(tint) {
        chunk.copy_from_slice(&channel.to_le_bytes());
    }
    bytes
}

/// A tint's bytes (four `f32`).
pub const TINT_BYTES: usize = 16;

impl Change {
    /// The name the tables print.
    pub fn describe(self) -> &'static str {
        match self {
            Change::None => "no state change",
            Change::Scissor => "a scissor change before each draw",
            Change::Viewport => "a viewport change before each draw",
            Change::Blend => "a blend equation change before each draw",
            Change::Depth => "a depth compare change before each draw",
            Change::Raster => "a cull, front face and polygon offset change before each draw",
            Change::Uniform => "an inline uniform update before each draw",
        }
    }

    /// Records Hookshot's change before draw `index`, as a renderer would: one scissor
    /// or viewport through its own setter (`set_scissor`, `set_viewport`: no list of one
    /// is made), blend, depth and the rasterizer as a `StateChange`, the uniform update
    /// over the draw's constants (`tint_at`: their buffer and offset).
    #[inline]
    pub fn set(
        self,
        commands: &mut gpu::CommandBuffer<'_>,
        index: u32,
        tint_at: (gpu::BufferId, u64),
    ) -> Result<(), gpu::RecordError> {
        let width_px = width_px(index);
        match self {
            Change::None => Ok(()),
            Change::Raster => {
                commands.set_state(StateChange::Rasterizer(rasterizer(index)))?;
                commands.set_state(StateChange::PolygonOffset(polygon_offset(index)))
            }
            Change::Uniform => {
                let (buffer, offset_b) = tint_at;
                commands.update_uniform_buffer(buffer, offset_b, &updated_tint(index))
            }
            Change::Scissor => commands.set_scissor(
                0,
                Scissor {
                    x_px: 0,
                    y_px: 0,
                    width_px,
                    height_px: TARGET_PX,
                },
            ),
            Change::Viewport => commands.set_viewport(
                0,
                Viewport {
                    x_px: 0.0,
                    y_px: 0.0,
                    width_px: width_px as f32,
                    height_px: TARGET_PX as f32,
                    min_depth: 0.0,
                    max_depth: 1.0,
                },
            ),
            Change::Blend => commands.set_state(StateChange::Blend {
                target: 0,
                state: BlendState {
                    enabled: true,
                    color: blend_equation(index),
                    alpha: blend_equation(index),
                },
            }),
            Change::Depth => commands.set_state(StateChange::DepthStencil(DepthStencilState {
                depth_test: true,
                depth_write: false,
                depth_compare: depth_compare(index),
                ..DepthStencilState::default()
            })),
        }
    }

    /// The dynamic states the direct pipeline takes beyond viewport, scissor and blend
    /// constants; `Err` naming what the device lacks for this change.
    pub fn dynamic_states(self, device: &Device) -> anyhow::Result<Vec<vk::DynamicState>> {
        Ok(match self {
            Change::None | Change::Scissor | Change::Viewport | Change::Uniform => Vec::new(),
            Change::Raster => vec![
                vk::DynamicState::CULL_MODE,
                vk::DynamicState::FRONT_FACE,
                vk::DynamicState::DEPTH_BIAS,
                vk::DynamicState::DEPTH_BIAS_ENABLE,
            ],
            Change::Blend => {
                if device.dynamic_state3.is_none() || !device.caps.pipeline.dynamic3.blend() {
                    anyhow::bail!(
                        "--change blend compares against VK_EXT_extended_dynamic_state3's \
                         colour blend enable and equation, which this device lacks"
                    );
                }
                vec![
                    vk::DynamicState::COLOR_BLEND_ENABLE_EXT,
                    vk::DynamicState::COLOR_BLEND_EQUATION_EXT,
                ]
            }
            Change::Depth => vec![
                vk::DynamicState::DEPTH_TEST_ENABLE,
                vk::DynamicState::DEPTH_WRITE_ENABLE,
                vk::DynamicState::DEPTH_COMPARE_OP,
            ],
        })
    }

    /// Records what the direct frame sets once after binding its pipeline.
    ///
    /// # Safety
    /// `cmd` is recording inside a pass with the pipeline `dynamic_states` described bound.
    pub unsafe fn record_once(self, device: &Device, cmd: vk::CommandBuffer) {
        let raw = &device.raw;
        // SAFETY: as the caller promises; the states are dynamic in the bound pipeline.
        unsafe {
            match self {
                Change::Blend => {
                    if let Some(d3) = &device.dynamic_state3 {
                        d3.cmd_set_color_blend_enable(cmd, 0, &[vk::TRUE]);
                    }
                }
                Change::Depth => {
                    raw.cmd_set_depth_test_enable(cmd, true);
                    raw.cmd_set_depth_write_enable(cmd, false);
                }
                Change::Raster => raw.cmd_set_depth_bias_enable(cmd, true),
                Change::None | Change::Scissor | Change::Viewport | Change::Uniform => {}
            }
        }
    }

    /// Records the direct frame's change before draw `index` (all but `Uniform`, which
    /// splits the pass: `uniform_update::record`).
    ///
    /// # Safety
    /// As `record_once`.
    #[inline]
    pub unsafe fn record(self, device: &Device, cmd: vk::CommandBuffer, index: u32) {
        let raw = &device.raw;
        let width_px = width_px(index);
        // SAFETY: as the caller promises.
        unsafe {
            match self {
                Change::None | Change::Uniform => {}
                Change::Raster => {
                    let (cull, front_face) = match rasterizer(index).cull {
                        CullMode::Back => (vk::CullModeFlags::BACK, vk::FrontFace::CLOCKWISE),
                        _ => (vk::CullModeFlags::NONE, vk::FrontFace::COUNTER_CLOCKWISE),
                    };
                    raw.cmd_set_cull_mode(cmd, cull);
                    raw.cmd_set_front_face(cmd, front_face);
                    raw.cmd_set_depth_bias(cmd, depth_bias_units(index), 0.0, 0.0);
                }
                Change::Scissor => raw.cmd_set_scissor(
                    cmd,
                    0,
                    &[vk::Rect2D {
                        offset: vk::Offset2D::default(),
                        extent: vk::Extent2D {
                            width: width_px,
                            height: TARGET_PX,
                        },
                    }],
                ),
                Change::Viewport => raw.cmd_set_viewport(
                    cmd,
                    0,
                    &[vk::Viewport {
                        x: 0.0,
                        y: 0.0,
                        width: width_px as f32,
                        height: TARGET_PX as f32,
                        min_depth: 0.0,
                        max_depth: 1.0,
                    }],
                ),
                Change::Blend => {
                    if let Some(d3) = &device.dynamic_state3 {
                        let equation = blend_equation(index);
                        let (src, dst) = if equation == BlendEquation::ALPHA {
                            (
                                vk::BlendFactor::SRC_ALPHA,
                                vk::BlendFactor::ONE_MINUS_SRC_ALPHA,
                            )
                        } else {
                            (vk::BlendFactor::ONE, vk::BlendFactor::ONE)
                        };
                        let equation = vk::ColorBlendEquationEXT {
                            src_color_blend_factor: src,
                            dst_color_blend_factor: dst,
                            color_blend_op: vk::BlendOp::ADD,
                            src_alpha_blend_factor: src,
                            dst_alpha_blend_factor: dst,
                            alpha_blend_op: vk::BlendOp::ADD,
                        };
                        d3.cmd_set_color_blend_equation(cmd, 0, &[equation]);
                    }
                }
                Change::Depth => {
                    let op = match depth_compare(index) {
                        CompareOp::Less => vk::CompareOp::LESS,
                        _ => vk::CompareOp::ALWAYS,
                    };
                    raw.cmd_set_depth_compare_op(cmd, op);
                }
            }
        }
    }
}
