//! The NVN objects: what each holds and what makes one valid. The device makes them
//! and keeps them in its `ObjectTables`.

pub mod buffer;
pub mod descriptor;
pub mod lifetimes;
pub mod multisample_slots;
pub mod pool;
pub mod program;
pub mod program_atomics;
pub mod program_attribute_kinds;
pub mod program_builtins;
pub mod program_geometry;
pub mod program_points;
mod program_translated;
pub mod sampler;
pub mod sync;
pub mod tables;
pub mod texture;
pub mod view;
pub mod window;

pub use buffer::{Buffer, BufferMaker, BufferRange, BufferUsage};
pub use descriptor::{
    DescriptorKind, ImageHandle, SamplerTable, TextureEntry, TextureHandle, TextureTable,
};
pub use pool::{Pool, PoolMaker};
pub use program::{
    ModuleSource, Program, ProgramMaker, ProgramNeeds, ShaderModule, Stage, StageMask,
    StageReflection,
};
pub use sampler::{Filter, MipFilter, Sampler, SamplerMaker, WrapMode};
pub use sync::{SyncCondition, SyncObject, SyncWait};
pub use tables::ObjectTables;
pub use texture::{Texture, TextureBuilder, TextureFlags};
pub use view::{DepthStencilMode, Swizzle, TextureView, ViewMaker};
pub use window::{AcquiredTexture, Window, WindowMaker};
