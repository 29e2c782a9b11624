//! Texture reads in the SSA form: samples, fetches, gathers and level-of-detail queries
//! of the 2D and 2D-array textures at NVN texture slots, with depth compare and constant
//! texel offsets, as the `tex`/`texs`/`tld`/`tlds`/`tld4`/`tld4s`/`tmml` instructions
//! give them (built in `build/texture.rs`, written in `spirv_out/texture.rs`).

use super::{TexLod, Value};

/// The kind of texture a slot holds, as the instructions reading it say: 2D, or a 2D
/// array (`array`), with depth compare (`shadow`, a `sampler2DShadow`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct TexShape {
    pub array: bool,
    pub shadow: bool,
}

/// What a texture read gives.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TexKind {
    /// A filtered sample (`texture`, `textureLod`, `textureOffset`); with a reference,
    /// the depth comparison's result in component 0.
    Sample { lod: TexLod },
    /// The texel at integer coordinates of level `level` (`texelFetch`).
    Fetch { level: Value },
    /// Component `component` of the four texels a bilinear filter would read
    /// (`textureGather`); with a reference, their comparison results.
    Gather { component: u8 },
    /// Word `component` of TMML (`textureQueryLod`): 0 the computed level of detail as
    /// signed 8.8 fixed point, 1 the level accessed as unsigned 8.8 (GLSL's `.y` and `.x`).
    QueryLod { component: u8 },
}

/// One texture read.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TexRead {
    /// The NVN texture slot.
    pub slot: u32,
    pub shape: TexShape,
    pub kind: TexKind,
    /// Coordinates: float bits, integers for [`TexKind::Fetch`].
    pub x: Value,
    pub y: Value,
    /// Array textures: the layer, an integer (the hardware reads its low 16 bits).
    pub layer: Option<Value>,
    /// Depth compare: the reference, float bits.
    pub reference: Option<Value>,
    /// A constant texel offset (`textureOffset`, AOFFI); zero when none.
    pub offset: [i32; 2],
}

impl TexRead {
    /// The values the read takes.
    pub fn operands(&self) -> Vec<Value> {
        let mut out = vec![self.x, self.y];
        out.extend(self.layer);
        out.extend(self.reference);
        match self.kind {
            TexKind::Sample {
                lod: TexLod::Level(level),
            }
            | TexKind::Fetch { level } => out.push(level),
            _ => {}
        }
        out
    }

    /// Whether the read gives a `u32` word instead of four floats.
    pub fn gives_word(&self) -> bool {
        matches!(self.kind, TexKind::QueryLod { .. })
    }
}
