//! NVN's multisample state: which samples a draw may write (the sample mask), coverage
//! from colour 0's alpha (alpha to coverage), that alpha replaced by one (alpha to one),
//! and the fraction of a pixel's samples the fragment stage runs for (sample shading).

/// The multisample state draws are made with.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MultisampleState {
    /// Bit `i` set: sample `i` may be written (NVN's `SetSampleMask`). All ones by default.
    pub sample_mask: u32,
    /// Colour 0's alpha decides how many samples a fragment covers.
    pub alpha_to_coverage: bool,
    /// Colour 0's alpha is taken as one after the coverage is made (needs `alphaToOne`).
    pub alpha_to_one: bool,
    /// `Some(fraction)`: the fragment stage runs for at least that share (0 to 1) of a
    /// pixel's samples (needs `sampleRateShading`); `None`: once a pixel.
    pub min_sample_shading: Option<f32>,
}

impl Default for MultisampleState {
    fn default() -> MultisampleState {
        MultisampleState {
            sample_mask: u32::MAX,
            alpha_to_coverage: false,
            alpha_to_one: false,
            min_sample_shading: None,
        }
    }
}
