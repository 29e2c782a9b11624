//! NVN's state objects as their `SetDefaults` leaves them (deko3d's `dk*StateDefaults`),
//! which is not what a fresh queue holds (`Default`, documented in
//! docs/nvn-conventions.md): a port that calls `SetDefaults` and binds the object gets
//! these.

use super::{
    BlendEquation, BlendFactor, BlendOp, BlendState, CompareOp, CullMode, DepthStencilState,
    FrontFace, PolygonMode, PolygonOffset, RasterizerState, StencilFace, StencilOp,
};

impl RasterizerState {
    /// `dkRasterizerStateDefaults`: rasterizer on, no depth clamp, both sides filled, back
    /// faces culled, counter-clockwise in front (the provoking vertex, last in deko3d, is
    /// `StateChange::ProvokingVertex`; smoothing, off, is `StateChange::Smoothing`).
    pub fn nvn_defaults() -> RasterizerState {
        RasterizerState {
            cull: CullMode::Back,
            front_face: FrontFace::Ccw,
            polygon_mode: PolygonMode::Fill,
            depth_clamp: false,
            discard: false,
            line_width_px: 1.0,
            point_size_px: 1.0,
        }
    }
}

impl PolygonOffset {
    /// deko3d's `depthBiasEnableMask` 0: no polygon mode offset.
    pub fn nvn_defaults() -> PolygonOffset {
        PolygonOffset::default()
    }
}

impl StencilFace {
    /// `dkDepthStencilStateDefaults`' ops for a face (keep, replace on pass, keep on depth
    /// fail, always), with the masks a fresh queue holds (0xff) and reference 0.
    pub fn nvn_defaults() -> StencilFace {
        StencilFace {
            fail: StencilOp::Keep,
            depth_fail: StencilOp::Keep,
            pass: StencilOp::Replace,
            compare: CompareOp::Always,
            reference: 0,
            read_mask: 0xff,
            write_mask: 0xff,
        }
    }
}

impl DepthStencilState {
    /// `dkDepthStencilStateDefaults`: depth test and write on, `Less`, stencil off.
    pub fn nvn_defaults() -> DepthStencilState {
        DepthStencilState {
            depth_test: true,
            depth_write: true,
            depth_compare: CompareOp::Less,
            stencil_test: false,
            front: StencilFace::nvn_defaults(),
            back: StencilFace::nvn_defaults(),
        }
    }
}

impl BlendState {
    /// `dkBlendStateDefaults` (colour: source alpha over one minus source alpha, added;
    /// alpha: one and zero, added) with blending off (`dkColorStateDefaults`' enable mask
    /// 0).
    pub fn nvn_defaults() -> BlendState {
        BlendState {
            enabled: false,
            color: BlendEquation::ALPHA,
            alpha: BlendEquation {
                src_factor: BlendFactor::One,
                dst_factor: BlendFactor::Zero,
                op: BlendOp::Add,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The values deko3d's header writes, field by field (include/deko3d.h).
    #[test]
    fn the_defaults_are_deko3ds() {
        let raster = RasterizerState::nvn_defaults();
        assert_eq!(raster.cull, CullMode::Back);
        assert_eq!(raster.front_face, FrontFace::Ccw);
        assert_eq!(raster.polygon_mode, PolygonMode::Fill);
        assert!(!raster.depth_clamp && !raster.discard);
        let depth = DepthStencilState::nvn_defaults();
        assert!(depth.depth_test && depth.depth_write && !depth.stencil_test);
        assert_eq!(depth.depth_compare, CompareOp::Less);
        assert_eq!(depth.front.pass, StencilOp::Replace);
        assert_eq!(depth.back.compare, CompareOp::Always);
        let blend = BlendState::nvn_defaults();
        assert!(!blend.enabled);
        assert_eq!(blend.color.src_factor, BlendFactor::SrcAlpha);
        assert_eq!(blend.color.dst_factor, BlendFactor::OneMinusSrcAlpha);
        assert_eq!(blend.alpha.src_factor, BlendFactor::One);
        assert_eq!(blend.alpha.dst_factor, BlendFactor::Zero);
    }
}
