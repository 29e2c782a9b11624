//! Fixed-function state a command buffer sets: what each piece means, not how a
//! backend expresses it.

pub mod alpha;
pub mod blend;
pub mod capability;
pub mod change;
pub mod color;
pub mod depth_stencil;
pub mod multisample;
pub mod nvn_defaults;
pub mod primitive;
pub mod raster;
pub mod sample_locations;
pub mod smoothing;
pub mod tessellation;
pub mod vertex;
pub mod viewport;

pub use alpha::AlphaTest;
pub use blend::{BlendEquation, BlendFactor, BlendOp, BlendState, ComponentMask, LogicOp};
pub use change::StateChange;
pub use color::ColorState;
pub use depth_stencil::{CompareOp, DepthBounds, DepthStencilState, StencilFace, StencilOp};
pub use multisample::MultisampleState;
pub use primitive::{IndexType, PrimitiveKind};
pub use raster::{
    CullMode, FrontFace, PolygonMode, PolygonOffset, ProvokingVertex, RasterizerState,
};
pub use sample_locations::{
    SampleLocation, SampleLocations, MAX_SAMPLE_LOCATIONS, SAMPLE_GRID_STEPS,
};
pub use smoothing::Smoothing;
pub use tessellation::{
    DEFAULT_INNER_LEVELS, DEFAULT_OUTER_LEVELS, DEFAULT_PATCH_VERTICES, MAX_PATCH_VERTICES,
    MAX_TESSELLATION_LEVEL,
};
pub use vertex::{ComponentKind, VertexAttribute, VertexFormat, VertexStream};
pub use viewport::{ClipYAxis, DepthMode, Scissor, Viewport, WindowOrigin};

/// Colour targets a pass can bind.
pub const MAX_COLOR_TARGETS: usize = 8;
/// Viewports and scissors.
pub const MAX_VIEWPORTS: usize = 16;
pub const MAX_VERTEX_ATTRIBUTES: usize = 16;
pub const MAX_VERTEX_STREAMS: usize = 16;
