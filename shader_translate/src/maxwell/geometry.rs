//! What a geometry program takes that neither its SPH nor its container says: the input
//! primitive. On Maxwell it is the draw's topology, so Hookshot translates a geometry
//! program once per input class (the class fixes SPIR-V's input execution mode and the
//! length of every per-vertex input array), when a draw first needs it.

/// The primitive class a geometry program's invocation sees.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GeometryInput {
    Points,
    Lines,
    LinesAdjacency,
    Triangles,
    TrianglesAdjacency,
}

impl GeometryInput {
    /// Every class, in the order of [`GeometryInput::index`].
    pub const ALL: [GeometryInput; 5] = [
        GeometryInput::Points,
        GeometryInput::Lines,
        GeometryInput::LinesAdjacency,
        GeometryInput::Triangles,
        GeometryInput::TrianglesAdjacency,
    ];

    /// The vertices one input primitive has (`gl_in.length()`).
    pub fn vertices(self) -> u32 {
        match self {
            GeometryInput::Points => 1,
            GeometryInput::Lines => 2,
            GeometryInput::LinesAdjacency => 4,
            GeometryInput::Triangles => 3,
            GeometryInput::TrianglesAdjacency => 6,
        }
    }

    /// A position in [`GeometryInput::ALL`] (for tables of per-class translations).
    pub fn index(self) -> usize {
        self as usize
    }

    /// The GLSL layout name of the class.
    pub fn name(self) -> &'static str {
        match self {
            GeometryInput::Points => "points",
            GeometryInput::Lines => "lines",
            GeometryInput::LinesAdjacency => "lines_adjacency",
            GeometryInput::Triangles => "triangles",
            GeometryInput::TrianglesAdjacency => "triangles_adjacency",
        }
    }

    /// The class of a GLSL layout name.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|class| class.name() == name)
    }
}
