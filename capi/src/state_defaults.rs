//! `hs*SetDefaults` for the C ABI's state blocks: each writes NVN's defaults (deko3d's
//! `dk*StateDefaults`; `gpu::state::nvn_defaults`) into the caller's struct, which the
//! port then edits and passes to the one call that binds it. A command buffer's initial
//! state (what a fresh queue holds, docs/nvn-conventions.md) is not these.

use gpu::state::{
    BlendState, DepthStencilState, PolygonOffset, RasterizerState, StencilFace, VertexStream,
};
use gpu::Coded;

use crate::builder::out_value;
use crate::guard::entry;
use crate::render_state::{
    HSBlendState, HSDepthStencilState, HSPolygonOffset, HSRasterizerState, HSStencilFace,
    HSVertexStream,
};
use crate::result::HSresult;

fn code(value: impl Coded) -> u32 {
    u32::from(value.code())
}

fn c_face(face: StencilFace) -> HSStencilFace {
    HSStencilFace {
        fail: code(face.fail),
        depth_fail: code(face.depth_fail),
        pass: code(face.pass),
        compare: code(face.compare),
        reference: u32::from(face.reference),
        read_mask: u32::from(face.read_mask),
        write_mask: u32::from(face.write_mask),
    }
}

/// deko3d's rasterizer defaults: back faces culled, counter-clockwise in front, filled,
/// no depth clamp, not discarded, 1 px lines and points.
#[no_mangle]
pub unsafe extern "C" fn hsRasterizerStateSetDefaults(state: *mut HSRasterizerState) -> HSresult {
    entry("hsRasterizerStateSetDefaults", || {
        let s = RasterizerState::nvn_defaults();
        let value = HSRasterizerState {
            cull: code(s.cull),
            front_face: code(s.front_face),
            polygon_mode: code(s.polygon_mode),
            depth_clamp: u32::from(s.depth_clamp),
            discard: u32::from(s.discard),
            line_width_px: s.line_width_px,
            point_size_px: s.point_size_px,
        };
        // SAFETY: the header's contract for out-parameters (checked non-null, aligned).
        unsafe { out_value(state, "state", value) }
    })
}

/// No offset, in no polygon mode.
#[no_mangle]
pub unsafe extern "C" fn hsPolygonOffsetSetDefaults(state: *mut HSPolygonOffset) -> HSresult {
    entry("hsPolygonOffsetSetDefaults", || {
        let s = PolygonOffset::nvn_defaults();
        let value = HSPolygonOffset {
            factor: s.factor,
            units: s.units,
            clamp: s.clamp,
            fill: u32::from(s.fill),
            line: u32::from(s.line),
            point: u32::from(s.point),
        };
        // SAFETY: as above.
        unsafe { out_value(state, "state", value) }
    })
}

/// A stencil face of deko3d's depth-stencil defaults: keep, replace on pass, keep on
/// depth fail, compare always, reference 0, masks 0xff.
#[no_mangle]
pub unsafe extern "C" fn hsStencilFaceSetDefaults(face: *mut HSStencilFace) -> HSresult {
    entry("hsStencilFaceSetDefaults", || {
        // SAFETY: as above.
        unsafe { out_value(face, "face", c_face(StencilFace::nvn_defaults())) }
    })
}

/// deko3d's depth-stencil defaults: depth test and write on, LESS, stencil test off,
/// both faces as `hsStencilFaceSetDefaults`.
#[no_mangle]
pub unsafe extern "C" fn hsDepthStencilStateSetDefaults(
    state: *mut HSDepthStencilState,
) -> HSresult {
    entry("hsDepthStencilStateSetDefaults", || {
        let s = DepthStencilState::nvn_defaults();
        let value = HSDepthStencilState {
            depth_test: u32::from(s.depth_test),
            depth_write: u32::from(s.depth_write),
            depth_compare: code(s.depth_compare),
            stencil_test: u32::from(s.stencil_test),
            front: c_face(s.front),
            back: c_face(s.back),
        };
        // SAFETY: as above.
        unsafe { out_value(state, "state", value) }
    })
}

/// deko3d's blend defaults: blending off; colour SRC_ALPHA, ONE_MINUS_SRC_ALPHA, ADD;
/// alpha ONE, ZERO, ADD.
#[no_mangle]
pub unsafe extern "C" fn hsBlendStateSetDefaults(state: *mut HSBlendState) -> HSresult {
    entry("hsBlendStateSetDefaults", || {
        let s = BlendState::nvn_defaults();
        let value = HSBlendState {
            enabled: u32::from(s.enabled),
            color_src: code(s.color.src_factor),
            color_dst: code(s.color.dst_factor),
            color_equation: code(s.color.op),
            alpha_src: code(s.alpha.src_factor),
            alpha_dst: code(s.alpha.dst_factor),
            alpha_equation: code(s.alpha.op),
        };
        // SAFETY: as above.
        unsafe { out_value(state, "state", value) }
    })
}

/// A vertex stream's defaults (NVN's `VertexStreamState`): stride 0, per vertex.
#[no_mangle]
pub unsafe extern "C" fn hsVertexStreamSetDefaults(stream: *mut HSVertexStream) -> HSresult {
    entry("hsVertexStreamSetDefaults", || {
        let s = VertexStream {
            stride_b: 0,
            divisor: 0,
        };
        let value = HSVertexStream {
            stride_b: s.stride_b,
            divisor: s.divisor,
        };
        // SAFETY: as above.
        unsafe { out_value(stream, "stream", value) }
    })
}
