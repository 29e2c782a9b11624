//! State setters of a command buffer: blend, write masks, logic op, depth/stencil,
//! rasterizer, polygon offset, viewports, scissors, vertex layout, primitive restart,
//! depth mode, window origin, provoking vertex, depth bounds.
//! The state blocks are plain structs whose enum fields take the constants below.

use gpu::state::{
    BlendEquation, BlendState, ComponentMask, DepthBounds, DepthStencilState, PolygonOffset,
    RasterizerState, Scissor, StateChange, StencilFace, VertexAttribute, VertexFormat,
    VertexStream, Viewport, MAX_COLOR_TARGETS,
};

use crate::builder::{boolean, check_array, check_struct, coded};
use crate::command_buffer::{short_way, with_recording};
use crate::objects::HSCommandBuffer;
use crate::result::{CapiError, CapiResult, HSresult};
use crate::sampler::HScompareFunc;
use crate::state::Recording;

/// Blend factors, in the order of `gpu::state::BlendFactor` (0 ZERO, 1 ONE, 2 SRC_COLOR,
/// 3 ONE_MINUS_SRC_COLOR, 4 SRC_ALPHA, 5 ONE_MINUS_SRC_ALPHA, 6 DST_ALPHA,
/// 7 ONE_MINUS_DST_ALPHA, 8 DST_COLOR, 9 ONE_MINUS_DST_COLOR, 10 SRC_ALPHA_SATURATE,
/// 11 CONSTANT_COLOR, 12 ONE_MINUS_CONSTANT_COLOR, 13 CONSTANT_ALPHA,
/// 14 ONE_MINUS_CONSTANT_ALPHA, 15-18 the dual-source factors).
pub type HSblendFunc = u32;
pub const HS_BLEND_FUNC_ZERO: HSblendFunc = 0;
pub const HS_BLEND_FUNC_ONE: HSblendFunc = 1;
pub const HS_BLEND_FUNC_SRC_ALPHA: HSblendFunc = 4;
pub const HS_BLEND_FUNC_ONE_MINUS_SRC_ALPHA: HSblendFunc = 5;

pub type HSblendEquation = u32;
pub const HS_BLEND_EQUATION_ADD: HSblendEquation = 0;
pub const HS_BLEND_EQUATION_SUB: HSblendEquation = 1;
pub const HS_BLEND_EQUATION_REVERSE_SUB: HSblendEquation = 2;
pub const HS_BLEND_EQUATION_MIN: HSblendEquation = 3;
pub const HS_BLEND_EQUATION_MAX: HSblendEquation = 4;

/// Clip-space depth: [0, 1] (Vulkan's) or [-1, 1] with near at -w (NVN's default).
pub type HSdepthMode = u32;
pub const HS_DEPTH_MODE_ZERO_TO_ONE: HSdepthMode = 0;
pub const HS_DEPTH_MODE_MINUS_ONE_TO_ONE: HSdepthMode = 1;

/// Where window y = 0 lies: the target's first row (Vulkan's) or its last (NVN's default).
pub type HSwindowOrigin = u32;
/// NVN's default (deko3d's): the image stored the right way up, clip-space +y on a
/// viewport's first row.
pub const HS_WINDOW_ORIGIN_UPPER_LEFT: HSwindowOrigin = 0;
/// OpenGL's: the image stored upside down, clip-space +y on a viewport's last row, the
/// front face's winding reversed.
pub const HS_WINDOW_ORIGIN_LOWER_LEFT: HSwindowOrigin = 1;

/// Which way clip-space +y points (deko3d's `DkDeviceFlags_YAxisPoints*`).
pub type HSclipYAxis = u32;
/// The default: +y towards the top of the picture (NVN's, OpenGL's).
pub const HS_CLIP_Y_AXIS_UP: HSclipYAxis = 0;
/// +y towards the bottom (Vulkan's, with an upper-left origin).
pub const HS_CLIP_Y_AXIS_DOWN: HSclipYAxis = 1;

/// Which vertex of a primitive gives flat-shaded values.
pub type HSprovokingVertex = u32;
pub const HS_PROVOKING_VERTEX_FIRST: HSprovokingVertex = 0;
pub const HS_PROVOKING_VERTEX_LAST: HSprovokingVertex = 1;

/// Logic ops 0 CLEAR .. 15 SET in OpenGL's order; `HS_LOGIC_OP_NONE` turns it off.
pub type HSlogicOp = u32;
pub const HS_LOGIC_OP_COPY: HSlogicOp = 3;
pub const HS_LOGIC_OP_NONE: HSlogicOp = 0xffff_ffff;

/// Stencil ops 0 KEEP, 1 ZERO, 2 REPLACE, 3 INCR, 4 DECR, 5 INVERT, 6 INCR_WRAP,
/// 7 DECR_WRAP.
pub type HSstencilOp = u32;
pub const HS_STENCIL_OP_KEEP: HSstencilOp = 0;
pub const HS_STENCIL_OP_REPLACE: HSstencilOp = 2;

pub type HScullMode = u32;
pub const HS_CULL_MODE_NONE: HScullMode = 0;
pub const HS_CULL_MODE_FRONT: HScullMode = 1;
pub const HS_CULL_MODE_BACK: HScullMode = 2;
pub const HS_CULL_MODE_FRONT_AND_BACK: HScullMode = 3;

pub type HSfrontFace = u32;
pub const HS_FRONT_FACE_CCW: HSfrontFace = 0;
pub const HS_FRONT_FACE_CW: HSfrontFace = 1;

pub type HSpolygonMode = u32;
pub const HS_POLYGON_MODE_FILL: HSpolygonMode = 0;
pub const HS_POLYGON_MODE_LINE: HSpolygonMode = 1;
pub const HS_POLYGON_MODE_POINT: HSpolygonMode = 2;

/// Vertex component kinds, in the order of `gpu::state::ComponentKind` (0 FLOAT32,
/// 1 FLOAT16, 2 UNORM8, 3 SNORM8, 4 UINT8, 5 SINT8, 6 UNORM16, 7 SNORM16, 8 UINT16,
/// 9 SINT16, 10 UINT32, 11 SINT32, 12 UNORM_10_10_10_2, 13 UINT_10_10_10_2, 14 UNORM8_BGRA:
/// bytes B, G, R, A read as R, G, B, A; 15 UFLOAT_11_11_10 (3 components), 16
/// SNORM_10_10_10_2, 17 SINT_10_10_10_2, 18 SSCALED_10_10_10_2: refused by
/// `hsCommandBufferSetVertexAttribState` where the device cannot fetch them, naming the
/// Vulkan format).
pub type HSvertexComponent = u32;
pub const HS_VERTEX_COMPONENT_FLOAT32: HSvertexComponent = 0;
pub const HS_VERTEX_COMPONENT_UNORM8: HSvertexComponent = 2;
pub const HS_VERTEX_COMPONENT_UFLOAT_11_11_10: HSvertexComponent = 15;
pub const HS_VERTEX_COMPONENT_SNORM_10_10_10_2: HSvertexComponent = 16;
pub const HS_VERTEX_COMPONENT_SINT_10_10_10_2: HSvertexComponent = 17;
pub const HS_VERTEX_COMPONENT_SSCALED_10_10_10_2: HSvertexComponent = 18;

#[repr(C)]
pub struct HSBlendState {
    /// 0 or 1.
    pub enabled: u32,
    pub color_src: HSblendFunc,
    pub color_dst: HSblendFunc,
    pub color_equation: HSblendEquation,
    pub alpha_src: HSblendFunc,
    pub alpha_dst: HSblendFunc,
    pub alpha_equation: HSblendEquation,
}

#[repr(C)]
pub struct HSStencilFace {
    pub fail: HSstencilOp,
    pub depth_fail: HSstencilOp,
    pub pass: HSstencilOp,
    pub compare: HScompareFunc,
    pub reference: u32,
    pub read_mask: u32,
    pub write_mask: u32,
}

#[repr(C)]
pub struct HSDepthStencilState {
    pub depth_test: u32,
    pub depth_write: u32,
    pub depth_compare: HScompareFunc,
    pub stencil_test: u32,
    pub front: HSStencilFace,
    pub back: HSStencilFace,
}

#[repr(C)]
pub struct HSRasterizerState {
    pub cull: HScullMode,
    pub front_face: HSfrontFace,
    pub polygon_mode: HSpolygonMode,
    pub depth_clamp: u32,
    /// 1: primitives are dropped before rasterization.
    pub discard: u32,
    pub line_width_px: f32,
    pub point_size_px: f32,
}

#[repr(C)]
pub struct HSPolygonOffset {
    pub factor: f32,
    pub units: f32,
    pub clamp: f32,
    pub fill: u32,
    pub line: u32,
    pub point: u32,
}

#[repr(C)]
pub struct HSViewport {
    pub x_px: f32,
    pub y_px: f32,
    pub width_px: f32,
    pub height_px: f32,
    pub min_depth: f32,
    pub max_depth: f32,
}

#[repr(C)]
pub struct HSScissor {
    pub x_px: i32,
    pub y_px: i32,
    pub width_px: u32,
    pub height_px: u32,
}

#[repr(C)]
pub struct HSVertexAttribute {
    pub location: u32,
    pub stream: u32,
    pub component: HSvertexComponent,
    /// 1 to 4 (4 for UNORM_10_10_10_2, UINT_10_10_10_2 and UNORM8_BGRA).
    pub components: u32,
    pub offset_b: u32,
}

#[repr(C)]
pub struct HSVertexStream {
    pub stride_b: u32,
    /// 0: per vertex; N: per N instances.
    pub divisor: u32,
}

/// Records `change`, made from the caller's state block: its short way first (`gpu`'s
/// `try_set_state`, taken in line as a bind's is), else the full way, which makes the
/// change again and says what is wrong with it. `change` reads the caller's block and
/// may be called twice.
///
/// # Safety
/// The header's contract for objects, arrays and plain structs.
#[inline(always)]
pub(crate) unsafe fn set_state(
    function: &'static str,
    command_buffer: *const HSCommandBuffer,
    change: impl Fn() -> CapiResult<StateChange> + Copy,
) -> HSresult {
    let record = move |recording: &mut Recording| {
        change().is_ok_and(|change| recording.try_set_state(change))
    };
    // SAFETY: passed on from the caller.
    unsafe { short_way(function, command_buffer, record) }.unwrap_or_else(|| {
        // SAFETY: passed on from the caller.
        unsafe { set_state_full(function, command_buffer, change) }
    })
}

/// `set_state`'s full way: every check, and the failure reported.
///
/// # Safety
/// As `set_state`.
#[inline(never)]
unsafe fn set_state_full(
    function: &'static str,
    command_buffer: *const HSCommandBuffer,
    change: impl FnOnce() -> CapiResult<StateChange>,
) -> HSresult {
    // SAFETY: passed on from the caller.
    unsafe {
        with_recording(function, command_buffer, move |_, recording| {
            recording.buffer().set_state(change()?)?;
            Ok(())
        })
    }
}

fn small(value: u32, what: &str) -> CapiResult<u8> {
    u8::try_from(value).map_err(|_| CapiError::OutOfRange(format!("{what} {value} is past 255")))
}

#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferSetBlendState(
    command_buffer: *const HSCommandBuffer,
    target: u32,
    state: *const HSBlendState,
) -> HSresult {
    // SAFETY: the header's contract for objects and plain structs.
    unsafe {
        set_state("hsCommandBufferSetBlendState", command_buffer, || {
            let state = check_struct(state, "state")?;
            Ok(StateChange::Blend {
                target: small(target, "blend target")?,
                state: BlendState {
                    enabled: boolean(state.enabled, "enabled")?,
                    color: BlendEquation {
                        src_factor: coded(state.color_src, "color_src")?,
                        dst_factor: coded(state.color_dst, "color_dst")?,
                        op: coded(state.color_equation, "color_equation")?,
                    },
                    alpha: BlendEquation {
                        src_factor: coded(state.alpha_src, "alpha_src")?,
                        dst_factor: coded(state.alpha_dst, "alpha_dst")?,
                        op: coded(state.alpha_equation, "alpha_equation")?,
                    },
                },
            })
        })
    }
}

#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferSetBlendColor(
    command_buffer: *const HSCommandBuffer,
    color: *const f32,
) -> HSresult {
    // SAFETY: the header's contract for objects and arrays.
    unsafe {
        set_state("hsCommandBufferSetBlendColor", command_buffer, || {
            let color = check_array(color, 4, 4, "color")?;
            Ok(StateChange::BlendConstant([
                color[0], color[1], color[2], color[3],
            ]))
        })
    }
}

/// The colour write masks (`HS_CLEAR_COLOR_MASK_*` bits) of all eight targets.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferSetColorWriteMasks(
    command_buffer: *const HSCommandBuffer,
    masks: *const u32,
) -> HSresult {
    // SAFETY: the header's contract for objects and arrays.
    unsafe {
        set_state("hsCommandBufferSetColorWriteMasks", command_buffer, || {
            let values = check_array(masks, MAX_COLOR_TARGETS as u32, MAX_COLOR_TARGETS, "masks")?;
            let mut out = [ComponentMask::ALL; MAX_COLOR_TARGETS];
            for (mask, &value) in out.iter_mut().zip(values) {
                *mask = ComponentMask(small(value, "write mask")?);
            }
            Ok(StateChange::WriteMasks(out))
        })
    }
}

#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferSetLogicOp(
    command_buffer: *const HSCommandBuffer,
    op: HSlogicOp,
) -> HSresult {
    // SAFETY: the header's contract for objects.
    unsafe {
        set_state("hsCommandBufferSetLogicOp", command_buffer, || {
            Ok(StateChange::LogicOp(match op {
                HS_LOGIC_OP_NONE => None,
                op => Some(coded(op, "op")?),
            }))
        })
    }
}

fn stencil_face(face: &HSStencilFace) -> CapiResult<StencilFace> {
    Ok(StencilFace {
        fail: coded(face.fail, "stencil fail")?,
        depth_fail: coded(face.depth_fail, "stencil depth_fail")?,
        pass: coded(face.pass, "stencil pass")?,
        compare: coded(face.compare, "stencil compare")?,
        reference: small(face.reference, "stencil reference")?,
        read_mask: small(face.read_mask, "stencil read_mask")?,
        write_mask: small(face.write_mask, "stencil write_mask")?,
    })
}

#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferSetDepthStencilState(
    command_buffer: *const HSCommandBuffer,
    state: *const HSDepthStencilState,
) -> HSresult {
    // SAFETY: the header's contract for objects and plain structs.
    unsafe {
        set_state(
            "hsCommandBufferSetDepthStencilState",
            command_buffer,
            || {
                let state = check_struct(state, "state")?;
                Ok(StateChange::DepthStencil(DepthStencilState {
                    depth_test: boolean(state.depth_test, "depth_test")?,
                    depth_write: boolean(state.depth_write, "depth_write")?,
                    depth_compare: coded(state.depth_compare, "depth_compare")?,
                    stencil_test: boolean(state.stencil_test, "stencil_test")?,
                    front: stencil_face(&state.front)?,
                    back: stencil_face(&state.back)?,
                }))
            },
        )
    }
}

#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferSetRasterizerState(
    command_buffer: *const HSCommandBuffer,
    state: *const HSRasterizerState,
) -> HSresult {
    // SAFETY: the header's contract for objects and plain structs.
    unsafe {
        set_state("hsCommandBufferSetRasterizerState", command_buffer, || {
            let state = check_struct(state, "state")?;
            Ok(StateChange::Rasterizer(RasterizerState {
                cull: coded(state.cull, "cull")?,
                front_face: coded(state.front_face, "front_face")?,
                polygon_mode: coded(state.polygon_mode, "polygon_mode")?,
                depth_clamp: boolean(state.depth_clamp, "depth_clamp")?,
                discard: boolean(state.discard, "discard")?,
                line_width_px: state.line_width_px,
                point_size_px: state.point_size_px,
            }))
        })
    }
}

#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferSetPolygonOffset(
    command_buffer: *const HSCommandBuffer,
    state: *const HSPolygonOffset,
) -> HSresult {
    // SAFETY: the header's contract for objects and plain structs.
    unsafe {
        set_state("hsCommandBufferSetPolygonOffset", command_buffer, || {
            let state = check_struct(state, "state")?;
            Ok(StateChange::PolygonOffset(PolygonOffset {
                factor: state.factor,
                units: state.units,
                clamp: state.clamp,
                fill: boolean(state.fill, "fill")?,
                line: boolean(state.line, "line")?,
                point: boolean(state.point, "point")?,
            }))
        })
    }
}

#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferSetViewports(
    command_buffer: *const HSCommandBuffer,
    first: u32,
    count: u32,
    viewports: *const HSViewport,
) -> HSresult {
    if count == 1 && first <= u32::from(u8::MAX) && !viewports.is_null() {
        let function = "hsCommandBufferSetViewports";
        // One viewport (a renderer's per-draw change): no list of one is made. The
        // short way checks what the full way does (`try_set_viewport`).
        let record = move |recording: &mut Recording| {
            // SAFETY: the header's contract for arrays: `viewports` holds `count` (1).
            let Ok([v]) = (unsafe { check_array(viewports, 1, 1, "viewports") }) else {
                return false;
            };
            let viewport = Viewport {
                x_px: v.x_px,
                y_px: v.y_px,
                width_px: v.width_px,
                height_px: v.height_px,
                min_depth: v.min_depth,
                max_depth: v.max_depth,
            };
            recording.try_set_viewport(first as u8, viewport)
        };
        // SAFETY: the header's contract for objects.
        if let Some(result) = unsafe { short_way(function, command_buffer, record) } {
            return result;
        }
    }
    // SAFETY: the header's contract for objects and arrays.
    unsafe {
        set_state("hsCommandBufferSetViewports", command_buffer, || {
            let viewports = check_array(viewports, count, gpu::state::MAX_VIEWPORTS, "viewports")?
                .iter()
                .map(|v| Viewport {
                    x_px: v.x_px,
                    y_px: v.y_px,
                    width_px: v.width_px,
                    height_px: v.height_px,
                    min_depth: v.min_depth,
                    max_depth: v.max_depth,
                })
                .collect();
            Ok(StateChange::Viewports {
                first: small(first, "first viewport")?,
                viewports,
            })
        })
    }
}

#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferSetScissors(
    command_buffer: *const HSCommandBuffer,
    first: u32,
    count: u32,
    scissors: *const HSScissor,
) -> HSresult {
    if count == 1 && first <= u32::from(u8::MAX) && !scissors.is_null() {
        let function = "hsCommandBufferSetScissors";
        // One scissor (Dear ImGui's clip rectangle a draw): no list of one is made.
        let record = move |recording: &mut Recording| {
            // SAFETY: the header's contract for arrays: `scissors` holds `count` (1).
            let Ok([s]) = (unsafe { check_array(scissors, 1, 1, "scissors") }) else {
                return false;
            };
            let scissor = Scissor {
                x_px: s.x_px,
                y_px: s.y_px,
                width_px: s.width_px,
                height_px: s.height_px,
            };
            recording.try_set_scissor(first as u8, scissor)
        };
        // SAFETY: the header's contract for objects.
        if let Some(result) = unsafe { short_way(function, command_buffer, record) } {
            return result;
        }
    }
    // SAFETY: the header's contract for objects and arrays.
    unsafe {
        set_state("hsCommandBufferSetScissors", command_buffer, || {
            let scissors = check_array(scissors, count, gpu::state::MAX_VIEWPORTS, "scissors")?
                .iter()
                .map(|s| Scissor {
                    x_px: s.x_px,
                    y_px: s.y_px,
                    width_px: s.width_px,
                    height_px: s.height_px,
                })
                .collect();
            Ok(StateChange::Scissors {
                first: small(first, "first scissor")?,
                scissors,
            })
        })
    }
}

/// Replaces every vertex attribute; locations not given are off.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferSetVertexAttributes(
    command_buffer: *const HSCommandBuffer,
    count: u32,
    attributes: *const HSVertexAttribute,
) -> HSresult {
    // SAFETY: the header's contract for objects and arrays.
    unsafe {
        set_state("hsCommandBufferSetVertexAttributes", command_buffer, || {
            let attributes = check_array(
                attributes,
                count,
                gpu::state::MAX_VERTEX_ATTRIBUTES,
                "attributes",
            )?
            .iter()
            .map(|a| {
                Ok(VertexAttribute {
                    location: small(a.location, "location")?,
                    stream: small(a.stream, "stream")?,
                    format: VertexFormat {
                        kind: coded(a.component, "component")?,
                        components: small(a.components, "components")?,
                    },
                    offset_b: a.offset_b,
                })
            })
            .collect::<CapiResult<_>>()?;
            Ok(StateChange::VertexAttributes(attributes))
        })
    }
}

/// Replaces every vertex stream's stride and divisor.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferSetVertexStreams(
    command_buffer: *const HSCommandBuffer,
    count: u32,
    streams: *const HSVertexStream,
) -> HSresult {
    // SAFETY: the header's contract for objects and arrays.
    unsafe {
        set_state("hsCommandBufferSetVertexStreams", command_buffer, || {
            let streams = check_array(streams, count, gpu::state::MAX_VERTEX_STREAMS, "streams")?
                .iter()
                .map(|s| VertexStream {
                    stride_b: s.stride_b,
                    divisor: s.divisor,
                })
                .collect();
            Ok(StateChange::VertexStreams(streams))
        })
    }
}

/// `enabled` 1: index `index` restarts primitives.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferSetPrimitiveRestart(
    command_buffer: *const HSCommandBuffer,
    enabled: u32,
    index: u32,
) -> HSresult {
    // SAFETY: the header's contract for objects.
    unsafe {
        set_state("hsCommandBufferSetPrimitiveRestart", command_buffer, || {
            Ok(StateChange::PrimitiveRestart(
                boolean(enabled, "enabled")?.then_some(index),
            ))
        })
    }
}

/// The clip-space depth range draws use from here on (`VK_EXT_depth_clip_control` for
/// [-1, 1]; refused where the device lacks it).
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferSetDepthMode(
    command_buffer: *const HSCommandBuffer,
    mode: HSdepthMode,
) -> HSresult {
    // SAFETY: the header's contract for objects.
    unsafe {
        set_state("hsCommandBufferSetDepthMode", command_buffer, || {
            Ok(StateChange::DepthMode(coded(mode, "mode")?))
        })
    }
}

/// NVN's window origin mode. Viewports, scissors, clears and `gl_FragCoord` are measured
/// from the target's first row under both; UPPER_LEFT (the default) puts clip-space +y on
/// a viewport's first row, LOWER_LEFT on its last and reverses the front face's winding
/// (the image is stored upside down, as OpenGL's). docs/nvn-conventions.md.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferSetWindowOrigin(
    command_buffer: *const HSCommandBuffer,
    origin: HSwindowOrigin,
) -> HSresult {
    // SAFETY: the header's contract for objects.
    unsafe {
        set_state("hsCommandBufferSetWindowOrigin", command_buffer, || {
            Ok(StateChange::WindowOrigin(coded(origin, "origin")?))
        })
    }
}

/// Which way clip-space +y points from here on (deko3d's `DkDeviceFlags_YAxisPointsDown`
/// for DOWN): with UPPER_LEFT, DOWN maps clip space as Vulkan does. The winding rule stays
/// the window origin's.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferSetClipYAxis(
    command_buffer: *const HSCommandBuffer,
    axis: HSclipYAxis,
) -> HSresult {
    // SAFETY: the header's contract for objects.
    unsafe {
        set_state("hsCommandBufferSetClipYAxis", command_buffer, || {
            Ok(StateChange::ClipYAxis(coded(axis, "axis")?))
        })
    }
}

/// The provoking vertex (`VK_EXT_provoking_vertex` for LAST; refused where absent).
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferSetProvokingVertex(
    command_buffer: *const HSCommandBuffer,
    vertex: HSprovokingVertex,
) -> HSresult {
    // SAFETY: the header's contract for objects.
    unsafe {
        set_state("hsCommandBufferSetProvokingVertex", command_buffer, || {
            Ok(StateChange::ProvokingVertex(coded(vertex, "vertex")?))
        })
    }
}

/// `enabled` 1: fragments whose stored depth lies outside `min..=max` are discarded
/// (`depthBounds`; refused where the device lacks it).
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferSetDepthBounds(
    command_buffer: *const HSCommandBuffer,
    enabled: u32,
    min: f32,
    max: f32,
) -> HSresult {
    // SAFETY: the header's contract for objects.
    unsafe {
        set_state("hsCommandBufferSetDepthBounds", command_buffer, || {
            Ok(StateChange::DepthBounds(
                boolean(enabled, "enabled")?.then_some(DepthBounds { min, max }),
            ))
        })
    }
}

// Issue 17, points.

/// NVN's program point size enable: `enabled` 1, points take the size the vertex stage
/// writes to `gl_PointSize` (1 px where it writes none); 0 (the default), the rasterizer
/// state's `point_size_px`, whatever the shader writes.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferSetProgramPointSize(
    command_buffer: *const HSCommandBuffer,
    enabled: u32,
) -> HSresult {
    // SAFETY: the header's contract for objects.
    unsafe {
        set_state("hsCommandBufferSetProgramPointSize", command_buffer, || {
            Ok(StateChange::ProgramPointSize(boolean(enabled, "enabled")?))
        })
    }
}

// Issue 17, alpha test.

/// NVN's alpha test: `enabled` 1, fragments whose colour 0 alpha fails
/// `alpha compare reference` are discarded; 0 turns it off.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferSetAlphaTest(
    command_buffer: *const HSCommandBuffer,
    enabled: u32,
    compare: HScompareFunc,
    reference: f32,
) -> HSresult {
    // SAFETY: the header's contract for objects.
    unsafe {
        set_state("hsCommandBufferSetAlphaTest", command_buffer, || {
            let test = gpu::state::AlphaTest {
                compare: coded(compare, "compare")?,
                reference,
            };
            Ok(StateChange::AlphaTest(
                boolean(enabled, "enabled")?.then_some(test),
            ))
        })
    }
}

// Issue 17, smoothing.

/// NVN's smoothing: `lines` 1 smooths lines (`smoothLines` of
/// `VK_EXT_line_rasterization`); `polygons` 1 smooths filled polygons, which Vulkan
/// cannot: it is taken, lines, points and polygons drawn as lines are drawn as without
/// it, and a draw that would fill polygons while it is on is refused.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferSetSmoothing(
    command_buffer: *const HSCommandBuffer,
    lines: u32,
    polygons: u32,
) -> HSresult {
    // SAFETY: the header's contract for objects.
    unsafe {
        set_state("hsCommandBufferSetSmoothing", command_buffer, || {
            Ok(StateChange::Smoothing(gpu::state::Smoothing {
                lines: boolean(lines, "lines")?,
                polygons: boolean(polygons, "polygons")?,
            }))
        })
    }
}
