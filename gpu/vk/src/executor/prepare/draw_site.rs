//! Where a draw is prepared, for the full path (`draw`) and the memo's (`draw_memo`).

use gpu::command::Op;

use crate::executor::pipelines::graphics_state::GraphicsState;
use crate::executor::prepared::copy::PoolWrite;
use crate::executor::prepared::passes::PassTargets;
use crate::writeback::PendingWrites;

use super::bindings::Bindings;

/// Where a draw is prepared: the list's bindings and state at the draw, and its pass.
pub struct DrawSite<'a> {
    pub bindings: &'a Bindings,
    pub state: &'a GraphicsState,
    pub targets: &'a PassTargets,
    pub pass: usize,
    /// The draw's op and its index in the list.
    pub op: &'a Op,
    pub index: usize,
    /// Pool ranges the list's work before the draw may write on the GPU: copies,
    /// dispatches, the storage of textures its passes, copies and dispatches write.
    pub list_writes: &'a [PoolWrite],
    /// Drawn texels whose store into storage is deferred (`RX_VK_STORE_HOT`).
    pub waiting: &'a PendingWrites,
}
