//! Command buffers: NVN's verbs recorded as a compact op list, checked as they are
//! recorded. Nothing here executes anything.

pub mod addresses;
pub mod bound;
pub mod buffer;
pub mod counters;
pub mod debug_group;
pub mod fill;
pub mod list;
mod multisample_slots;
pub mod portability;
pub mod queue_binds;
mod remembered;
pub mod render_enable;
pub mod resolve;
pub mod sample_locations;
pub mod smoothing;
pub mod stages;
mod submit_slots;
pub mod tables_in_force;
pub mod target_formats;
pub mod texture_clear;
pub mod transform_feedback;
pub mod validate;
pub mod verbs;

pub use bound::BoundState;
pub use buffer::CommandBuffer;
pub use counters::{Counter, CounterKind, PipelineStatistic, PIPELINE_STATISTIC_COUNT};
pub use list::{CommandList, Op};
pub use render_enable::ConditionalRender;
pub use resolve::ResolveMode;
pub use tables_in_force::{TableBind, TablesInForce};
pub use texture_clear::{TextureClear, TextureClearValue};
pub use transform_feedback::{
    TransformFeedbackControl, TransformFeedbackVerb, MAX_TRANSFORM_FEEDBACK_BUFFERS,
    TRANSFORM_FEEDBACK_CONTROL_B,
};
pub use verbs::{
    BarrierOrder, BufferBinding, BufferImage, ClearValue, Command, CopyOp, DiscardTarget,
    DrawArrays, DrawIndexed, DrawIndirect, Invalidate, RenderTargets, TextureRegion, UniformUpdate,
    MAX_UNIFORM_UPDATE_B,
};
