//! What preparation hands recording: the one module both stages import, so neither
//! imports the other. A list's prepared draws (`draws`, with the memo a repeated draw is
//! made from, `memo`), descriptors resolved from a program's slots (`descriptors`), the
//! elements its bindless draws take in the frame's tables (`bindless_list`), each pass's
//! resolved targets (`passes`), and dispatches (`dispatch`) and copies (`copy`) ready to
//! record. Plain data and its bookkeeping; it imports only `pipelines` (pipeline ids,
//! target formats).

pub mod bindless_list;
pub mod copy;
pub mod counters;
pub mod descriptors;
pub mod dispatch;
pub mod draws;
pub mod memo;
pub mod passes;
pub mod texture_clear;
pub mod transform_feedback;
