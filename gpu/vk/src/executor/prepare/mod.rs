//! Preparing a submission (`list`): everything its list uses is resolved and checked
//! before the command buffer begins, so refused work (a typed `Unsupported`) runs none
//! of the list. The bindings as the list walks them (`bindings`); each draw's pipeline,
//! slots, buffers, viewport and scissor (`draw`, from `draw_site`), or a draw made from
//! the memo of the draw before (`draw_memo`), and runs of such draws in one tight loop
//! (`repeat`); a program's slots resolved (`slots`); dispatches (`dispatch`), copies
//! (`copy`), pass targets and clears (`pass_targets`); what work reads and writes
//! (`buffer_reads`, `write_targets`). It hands `prepared` types to recording and never
//! imports `record`.

pub mod bindings;
pub mod buffer_reads;
pub mod copy;
pub mod counters;
pub mod dispatch;
pub mod draw;
pub mod draw_memo;
pub mod draw_site;
pub mod dynamic_shape;
pub mod list;
pub mod pass_access;
pub mod pass_targets;
pub mod patches;
pub mod rects;
pub mod repeat;
pub mod repeat_moves;
pub mod slots;
pub mod texture_clear;
pub mod transform_feedback;
pub mod write_targets;
