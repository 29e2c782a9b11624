//! Samplers: how a texture is filtered, wrapped and compared.

use crate::error::ObjectError;
use crate::ids::SamplerId;
use crate::state::CompareOp;

coded_enum!(
    pub enum Filter {
        Nearest = 0,
        Linear = 1,
    }
);

coded_enum!(
    pub enum MipFilter {
        None = 0,
        Nearest = 1,
        Linear = 2,
    }
);

coded_enum!(
    pub enum WrapMode {
        Repeat = 0,
        MirroredRepeat = 1,
        ClampToEdge = 2,
        ClampToBorder = 3,
        MirrorClampToEdge = 4,
    }
);

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SamplerMaker {
    pub min_filter: Filter,
    pub mag_filter: Filter,
    pub mip_filter: MipFilter,
    /// u, v, w.
    pub wrap: [WrapMode; 3],
    pub min_lod: f32,
    pub max_lod: f32,
    pub lod_bias: f32,
    /// `Some`: a depth-compare sampler.
    pub compare: Option<CompareOp>,
    pub max_anisotropy: f32,
    pub border_color: [f32; 4],
}

impl Default for SamplerMaker {
    fn default() -> Self {
        SamplerMaker {
            min_filter: Filter::Nearest,
            mag_filter: Filter::Nearest,
            mip_filter: MipFilter::None,
            wrap: [WrapMode::Repeat; 3],
            min_lod: 0.0,
            max_lod: 1000.0,
            lod_bias: 0.0,
            compare: None,
            max_anisotropy: 1.0,
            border_color: [0.0; 4],
        }
    }
}

impl SamplerMaker {
    pub fn check(&self) -> Result<(), ObjectError> {
        let finite = [
            self.min_lod,
            self.max_lod,
            self.lod_bias,
            self.max_anisotropy,
        ]
        .iter()
        .chain(&self.border_color)
        .all(|value| value.is_finite());
        if !finite {
            return Err(ObjectError::BadSampler("a value is not finite"));
        }
        if self.min_lod > self.max_lod {
            return Err(ObjectError::BadSampler("min_lod is above max_lod"));
        }
        if !(1.0..=16.0).contains(&self.max_anisotropy) {
            return Err(ObjectError::BadSampler("max_anisotropy outside 1..=16"));
        }
        Ok(())
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Sampler {
    pub id: SamplerId,
    pub maker: SamplerMaker,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sampler_checks() {
        assert!(SamplerMaker::default().check().is_ok());
        for bad in [
            SamplerMaker {
                min_lod: 2.0,
                max_lod: 1.0,
                ..Default::default()
            },
            SamplerMaker {
                lod_bias: f32::NAN,
                ..Default::default()
            },
            SamplerMaker {
                max_anisotropy: 32.0,
                ..Default::default()
            },
        ] {
            assert!(matches!(bad.check(), Err(ObjectError::BadSampler(_))));
        }
    }
}
