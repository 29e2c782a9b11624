//! Maxwell's 32-wide warp in the emitted module, through shared memory rather than the
//! device's subgroups (whose size is the driver's: lavapipe's follows its vector width,
//! other drivers 16, 32 or 64 and may vary it): invocation i of the workgroup is lane
//! i % 32 of warp i / 32 on every device. A ballot is an `atomicOr` of each lane's bit
//! into its warp's word, a shuffle a store of every invocation's value and a load of the
//! source's, each between workgroup barriers (the builder only makes them where the
//! whole workgroup runs together, `ir/build/warp.rs`).

use rspirv::spirv::{self, GlslStd450Op as GLOp, Word};

use super::{global_variable, spirv_error, Emitter};
use crate::maxwell::ir::{Op, Unsupported, Value};

/// The shared words a program's warp operations exchange through.
#[derive(Clone, Copy)]
pub(super) struct WarpExchange {
    /// One word a warp: the ballot being gathered.
    ballots: Word,
    /// One word an invocation: the value being shuffled.
    values: Word,
    /// Invocations in the workgroup.
    invocations: u32,
}

impl Emitter<'_> {
    /// Declares the exchange words when the live code votes or shuffles.
    pub(super) fn declare_warp(&mut self) {
        let used = self
            .live_ops()
            .any(|op| matches!(op, Op::Ballot { .. } | Op::Shuffle { .. }));
        if !used {
            return;
        }
        let invocations = self
            .program
            .header
            .compute()
            .map_or(1, |info| info.block_dims.iter().product::<u32>().max(1));
        let array = |e: &mut Self, len: u32| {
            let len = e.word(len);
            let array = e.b.type_array(e.t.u32, len);
            let pointer =
                e.b.type_pointer(None, spirv::StorageClass::Workgroup, array);
            global_variable(&mut e.b, pointer, spirv::StorageClass::Workgroup, None)
        };
        let ballots = array(self, invocations.div_ceil(32));
        let values = array(self, invocations);
        self.warp = Some(WarpExchange {
            ballots,
            values,
            invocations,
        });
    }

    fn exchange_word(&mut self, array: Word, index: Word) -> Result<Word, Unsupported> {
        let pointer = self
            .b
            .type_pointer(None, spirv::StorageClass::Workgroup, self.t.u32);
        self.b
            .access_chain(pointer, None, array, [index])
            .map_err(spirv_error)
    }

    fn workgroup_barrier(&mut self) -> Result<(), Unsupported> {
        self.memory_op(&Op::Barrier)?;
        Ok(())
    }

    /// Ballots and shuffles; `None` for any other op.
    pub(super) fn warp_op(&mut self, op: &Op) -> Result<Option<Word>, Unsupported> {
        let id = |e: &Self, v: Value| e.ids[v.0 as usize];
        let exchange = |e: &Self| {
            e.warp
                .ok_or_else(|| super::malformed("a warp operation without its exchange words"))
        };
        let u32_ty = self.t.u32;
        Ok(Some(match *op {
            Op::Ballot { pred, lane, warp } => {
                let exchange = exchange(self)?;
                let word = self.exchange_word(exchange.ballots, id(self, warp))?;
                // Lane 0 clears its warp's word once every reader of the last ballot is done.
                self.workgroup_barrier()?;
                let zero = self.word(0);
                let first = self
                    .b
                    .i_equal(self.t.bool, None, id(self, lane), zero)
                    .map_err(spirv_error)?;
                let merge = self.open_selection(first)?;
                self.b.store(word, zero, None, []).map_err(spirv_error)?;
                self.b.branch(merge).map_err(spirv_error)?;
                self.b.begin_block(Some(merge)).map_err(spirv_error)?;
                self.workgroup_barrier()?;
                let merge = self.open_selection(id(self, pred))?;
                let one = self.word(1);
                let bit = self
                    .b
                    .shift_left_logical(u32_ty, None, one, id(self, lane))
                    .map_err(spirv_error)?;
                let (scope, relaxed) = (self.word(spirv::Scope::Workgroup as u32), self.word(0));
                self.b
                    .atomic_or(u32_ty, None, word, scope, relaxed, bit)
                    .map_err(spirv_error)?;
                self.b.branch(merge).map_err(spirv_error)?;
                self.b.begin_block(Some(merge)).map_err(spirv_error)?;
                self.workgroup_barrier()?;
                self.b
                    .load(u32_ty, None, word, None, [])
                    .map_err(spirv_error)?
            }
            Op::Shuffle { value, own, source } => {
                let exchange = exchange(self)?;
                self.workgroup_barrier()?;
                let mine = self.exchange_word(exchange.values, id(self, own))?;
                self.b
                    .store(mine, id(self, value), None, [])
                    .map_err(spirv_error)?;
                self.workgroup_barrier()?;
                // A lane past the workgroup's last invocation (a partial warp) reads the
                // last one: the hardware leaves what an absent lane gives undefined.
                let last = self.word(exchange.invocations - 1);
                let index = self.glsl(u32_ty, GLOp::UMin, &[id(self, source), last])?;
                let theirs = self.exchange_word(exchange.values, index)?;
                self.b
                    .load(u32_ty, None, theirs, None, [])
                    .map_err(spirv_error)?
            }
            _ => return Ok(None),
        }))
    }
}
