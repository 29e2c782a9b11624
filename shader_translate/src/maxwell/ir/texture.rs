//! Texture reads in the SSA form: samples, fetches, gathers and level-of-detail queries
//! of the 1D, 2D, 3D and cube textures (and the 1D, 2D and cube arrays) at NVN texture
//! slots, with depth compare, a level, a bias or derivatives, and constant texel
//! offsets, as the `tex`/`texs`/`tld`/`tlds`/`tld4`/`tld4s`/`tmml`/`txd` instructions
//! give them (built in `build/texture.rs`, written in `spirv_out/texture.rs`).

use super::{TexLod, Value};

/// The dimensionality of a texture target (the instructions' `t1d`, `t2d`, `t3d`,
/// `tcube`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum TexDim {
    D1,
    #[default]
    D2,
    D3,
    Cube,
}

impl TexDim {
    /// The target of a long-form instruction's bits 29-30.
    pub fn of_target(bits: u32) -> TexDim {
        [TexDim::D1, TexDim::D2, TexDim::D3, TexDim::Cube][(bits & 3) as usize]
    }

    /// How many coordinates a read takes (a cube's direction is three), the layer aside.
    pub fn coordinates(self) -> usize {
        match self {
            TexDim::D1 => 1,
            TexDim::D2 => 2,
            TexDim::D3 | TexDim::Cube => 3,
        }
    }

    /// How many components a size query gives (a cube's faces are square: two), the
    /// layers aside.
    pub fn size_components(self) -> usize {
        match self {
            TexDim::D1 => 1,
            TexDim::D2 | TexDim::Cube => 2,
            TexDim::D3 => 3,
        }
    }

    /// The GLSL name (as in `samplerCube`), for messages.
    pub fn name(self) -> &'static str {
        match self {
            TexDim::D1 => "1D",
            TexDim::D2 => "2D",
            TexDim::D3 => "3D",
            TexDim::Cube => "Cube",
        }
    }
}

/// The kind of texture a slot holds, as the instructions reading it say: its
/// dimensionality, an array (`array`), with depth compare (`shadow`, a
/// `sampler2DShadow` and the like).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct TexShape {
    pub dim: TexDim,
    pub array: bool,
    pub shadow: bool,
}

/// What a texture read gives.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TexKind {
    /// A filtered sample (`texture`, `textureLod`, `textureGrad`, `textureOffset`); with
    /// a reference, the depth comparison's result in component 0.
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
    /// The NVN texture slot; with [`TexRead::index`], the first slot of the run-time
    /// indexed slot array the read picks from.
    pub slot: u32,
    /// A slot picked at run time (a bindless `.b` form whose handle is the driver's
    /// texture-handle word at a run-time offset): the element of the slot array that
    /// starts at `slot`, a `u32`.
    pub index: Option<Value>,
    pub shape: TexShape,
    pub kind: TexKind,
    /// Coordinates (x, y, z; the first `shape.dim.coordinates()` used): float bits,
    /// integers for [`TexKind::Fetch`].
    pub coords: [Value; 3],
    /// Array textures: the layer, an integer (the hardware reads its low 16 bits).
    pub layer: Option<Value>,
    /// Depth compare: the reference, float bits.
    pub reference: Option<Value>,
    /// A constant texel offset (`textureOffset`, AOFFI; the first
    /// `shape.dim.coordinates()` used); zero when none.
    pub offset: [i32; 3],
}

impl TexRead {
    /// The coordinates the read uses.
    pub fn used_coords(&self) -> &[Value] {
        &self.coords[..self.shape.dim.coordinates()]
    }

    /// The values the read takes.
    pub fn operands(&self) -> Vec<Value> {
        let mut out = self.used_coords().to_vec();
        out.extend(self.index);
        out.extend(self.layer);
        out.extend(self.reference);
        match self.kind {
            TexKind::Sample {
                lod: TexLod::Level(level) | TexLod::Bias(level),
            }
            | TexKind::Fetch { level } => out.push(level),
            TexKind::Sample {
                lod: TexLod::Gradient(gradients),
            } => out.extend_from_slice(&gradients[..2 * self.shape.dim.coordinates()]),
            _ => {}
        }
        out
    }

    /// Whether the read gives a `u32` word instead of four floats.
    pub fn gives_word(&self) -> bool {
        matches!(self.kind, TexKind::QueryLod { .. })
    }
}
