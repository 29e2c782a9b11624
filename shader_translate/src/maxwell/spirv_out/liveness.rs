//! Which ops the module needs. An op with an effect, an output at an `exit`, and what
//! they read are needed; a store to a carried variable ([`Var`]) is needed only where a
//! needed load can read what it stored: a backward dataflow over the structured IR's
//! paths (a `brk` goes past its loop's end, a `cont` and a repeating loop's end back to
//! its header). A register a loop carries out that nothing reads after the loop (while
//! the loop itself reads it) is then not stored at the `brk`: a tess-eval program's lane
//! id left in a register past the `pret` region that read gl_TessCoord by it, or a
//! storage address made again in the loop, is no value the module has to make.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use crate::maxwell::ir::{Function, LoopExit, Op, Outputs, Value, Var};
use crate::maxwell::program::Program;
use crate::maxwell::sph::StageIo;

/// The registers a fragment program's `exit` hands on, as `fragment_outputs` reads them:
/// the written components of each colour target and the depth register (none for
/// another stage). A register past them, such as a storage address's high word, is not
/// an output.
fn fragment_output_regs(program: &Program) -> BTreeSet<u8> {
    let Some(StageIo::Fragment(io)) = program.sph.as_ref().map(|sph| &sph.io) else {
        return BTreeSet::new();
    };
    let targets: Vec<u32> = io.targets().collect();
    let mut regs = BTreeSet::new();
    for (k, &target) in targets.iter().enumerate() {
        let mask = (io.target_mask >> (4 * target)) & 0xf;
        regs.extend(
            (0..4u8)
                .filter(|c| mask & (1 << c) != 0)
                .map(|c| 4 * k as u8 + c),
        );
    }
    if io.writes_depth {
        regs.insert(4 * targets.len() as u8 + 1);
    }
    regs
}

/// The variables whose every store stores one value (a register a loop never writes):
/// the first store is before the first loop, so that value dominates every load.
pub(super) fn invariant_vars(function: &Function) -> BTreeMap<Var, Value> {
    let mut stored: BTreeMap<Var, BTreeSet<Value>> = BTreeMap::new();
    for op in &function.ops {
        if let Op::Store { var, value } = op {
            stored.entry(*var).or_default().insert(*value);
        }
    }
    stored
        .into_iter()
        .filter_map(|(var, values)| {
            let mut values = values.into_iter();
            match (values.next(), values.next()) {
                (Some(value), None) => Some((var, value)),
                _ => None,
            }
        })
        .collect()
}

/// Which ops the module needs: those with an effect, the outputs at every `exit`, what
/// they read (a load of a single-valued variable reads that value), and the stores a
/// needed load can read.
pub(super) fn live_ops(
    program: &Program,
    function: &Function,
    invariant: &BTreeMap<Var, Value>,
) -> Vec<bool> {
    live_ops_with(&fragment_output_regs(program), function, invariant)
}

/// [`live_ops`] with the registers a fragment program's `exit` hands on.
fn live_ops_with(
    output_regs: &BTreeSet<u8>,
    function: &Function,
    invariant: &BTreeMap<Var, Value>,
) -> Vec<bool> {
    let ops = &function.ops;
    let mut live = vec![false; ops.len()];
    let mut mark_outputs = |outputs: &Outputs| {
        for value in outputs.attr_stores.values() {
            live[value.0 as usize] = true;
        }
        for (&reg, value) in &outputs.regs {
            if output_regs.contains(&reg) {
                live[value.0 as usize] = true;
            }
        }
    };
    mark_outputs(&Outputs {
        attr_stores: function.attr_stores.clone(),
        regs: function.exit_regs.clone(),
    });
    for outputs in &function.exits {
        mark_outputs(outputs);
    }
    for (index, op) in ops.iter().enumerate() {
        if !matches!(op, Op::Store { .. }) && op.has_effect() {
            live[index] = true;
        }
    }
    let flow = VarFlow::new(ops, invariant);
    let mut work: Vec<usize> = (0..ops.len()).filter(|&index| live[index]).collect();
    loop {
        while let Some(index) = work.pop() {
            if let Op::Load(var) = &ops[index] {
                if let Some(held) = invariant.get(var) {
                    mark(held.0 as usize, &mut live, &mut work);
                }
            }
            for value in ops[index].operands() {
                mark(value.0 as usize, &mut live, &mut work);
            }
        }
        // Every store some needed load reads; a round more where that adds any.
        for index in flow.stores_read(ops, &live) {
            mark(index, &mut live, &mut work);
        }
        if work.is_empty() {
            return live;
        }
    }
}

fn mark(index: usize, live: &mut [bool], work: &mut Vec<usize>) {
    if !live[index] {
        live[index] = true;
        work.push(index);
    }
}

/// The paths between ops and the dense index of each carried variable, for the
/// backward dataflow of which variables a needed load may still read.
struct VarFlow {
    /// Each op's successors (`ops.len()`: the program's end, where nothing is read).
    next: Vec<[usize; 2]>,
    index: HashMap<Var, usize>,
    words: usize,
}

impl VarFlow {
    fn new(ops: &[Op], invariant: &BTreeMap<Var, Value>) -> VarFlow {
        let end = ops.len();
        // The header (the op after `LoopBegin`) and the op after `LoopEnd` of each loop.
        let mut open: Vec<usize> = Vec::new();
        let mut after_end = vec![end; ops.len()];
        let mut header_of = vec![end; ops.len()];
        for (i, op) in ops.iter().enumerate() {
            match op {
                Op::LoopBegin => open.push(i),
                Op::LoopEnd { .. } => {
                    if let Some(begin) = open.pop() {
                        after_end[begin] = i + 1;
                        header_of[i] = begin + 1;
                    }
                }
                _ => {}
            }
        }
        let mut next = Vec::with_capacity(ops.len());
        for (i, op) in ops.iter().enumerate() {
            let begin = match op {
                Op::LoopBegin => {
                    open.push(i);
                    None
                }
                Op::LoopLeave { .. } => open.last().copied(),
                Op::LoopEnd { .. } => open.pop(),
                _ => None,
            };
            next.push(match (op, begin) {
                (
                    Op::LoopLeave {
                        to: LoopExit::Break,
                        ..
                    },
                    Some(b),
                ) => [i + 1, after_end[b]],
                (
                    Op::LoopLeave {
                        to: LoopExit::Continue,
                        ..
                    },
                    Some(b),
                ) => [i + 1, b + 1],
                (Op::LoopEnd { repeat: true }, Some(_)) => [header_of[i], header_of[i]],
                _ => [i + 1, i + 1],
            });
        }
        let mut index = HashMap::new();
        for op in ops {
            if let Op::Load(var) | Op::Store { var, .. } = op {
                if !invariant.contains_key(var) {
                    let next_index = index.len();
                    index.entry(*var).or_insert(next_index);
                }
            }
        }
        let words = index.len().div_ceil(64);
        VarFlow { next, index, words }
    }

    /// The stores (op indices) whose variable a needed load may read after them.
    fn stores_read(&self, ops: &[Op], live: &[bool]) -> Vec<usize> {
        let words = self.words;
        if words == 0 {
            return Vec::new();
        }
        // `live_in[i]`: the variables a needed load may read from op `i` on (the
        // program's end at `ops.len()` reads none).
        let mut live_in = vec![0u64; (ops.len() + 1) * words];
        let mut out = vec![0u64; words];
        let mut changed = true;
        while changed {
            changed = false;
            for i in (0..ops.len()).rev() {
                self.live_out(i, &live_in, &mut out);
                match &ops[i] {
                    Op::Store { var, .. } => {
                        if let Some(&v) = self.index.get(var) {
                            out[v / 64] &= !(1 << (v % 64));
                        }
                    }
                    Op::Load(var) if live[i] => {
                        if let Some(&v) = self.index.get(var) {
                            out[v / 64] |= 1 << (v % 64);
                        }
                    }
                    _ => {}
                }
                let slot = &mut live_in[i * words..(i + 1) * words];
                if slot != out.as_slice() {
                    slot.copy_from_slice(&out);
                    changed = true;
                }
            }
        }
        let mut read = Vec::new();
        for (i, op) in ops.iter().enumerate() {
            let Op::Store { var, .. } = op else { continue };
            let Some(&v) = self.index.get(var) else {
                continue;
            };
            if live[i] {
                continue;
            }
            self.live_out(i, &live_in, &mut out);
            if out[v / 64] & (1 << (v % 64)) != 0 {
                read.push(i);
            }
        }
        read
    }

    /// The union of op `i`'s successors' live-in sets, into `out`.
    fn live_out(&self, i: usize, live_in: &[u64], out: &mut [u64]) {
        let words = self.words;
        let [a, b] = self.next[i];
        for (w, slot) in out.iter_mut().enumerate() {
            *slot = live_in[a * words + w] | live_in[b * words + w];
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};

    use super::{invariant_vars, live_ops_with};
    use crate::maxwell::ir::{Function, LoopExit, Op, Value, Var};

    fn function(ops: Vec<Op>, output: Value) -> Function {
        Function {
            ops,
            attr_stores: BTreeMap::from([(0x80, output)]),
            exit_regs: BTreeMap::new(),
            exits: Vec::new(),
            centroid_locations: BTreeSet::new(),
            subgroup_origins: BTreeMap::new(),
        }
    }

    /// A `pret` region (a loop that runs once) reads `$r0` and writes it before its
    /// `brk`; nothing reads `$r0` after the region, so that store and what it stores are
    /// not needed, while the store before the region, which the region reads, is.
    #[test]
    fn a_store_no_needed_load_reads_is_not_needed() {
        let ops = vec![
            Op::Const(7),
            Op::Store {
                var: Var::Reg(0),
                value: Value(0),
            },
            Op::LoopBegin,
            Op::Load(Var::Reg(0)),
            Op::Const(9),
            Op::Store {
                var: Var::Reg(0),
                value: Value(4),
            },
            Op::BoolConst(true),
            Op::LoopLeave {
                cond: Value(6),
                to: LoopExit::Break,
            },
            Op::LoopEnd { repeat: false },
        ];
        let f = function(ops, Value(3));
        let live = live_ops_with(&BTreeSet::new(), &f, &invariant_vars(&f));
        assert_eq!(
            live,
            [true, true, true, true, false, false, true, true, true],
            "{live:?}"
        );
    }

    /// The same store in a loop that repeats is read by the load at the loop's head in
    /// the next iteration, so it is needed.
    #[test]
    fn a_store_the_next_iteration_reads_is_needed() {
        let ops = vec![
            Op::Const(7),
            Op::Store {
                var: Var::Reg(0),
                value: Value(0),
            },
            Op::LoopBegin,
            Op::Load(Var::Reg(0)),
            Op::Const(9),
            Op::Store {
                var: Var::Reg(0),
                value: Value(4),
            },
            Op::BoolConst(true),
            Op::LoopLeave {
                cond: Value(6),
                to: LoopExit::Break,
            },
            Op::LoopEnd { repeat: true },
        ];
        let f = function(ops, Value(3));
        let live = live_ops_with(&BTreeSet::new(), &f, &invariant_vars(&f));
        assert!(live[4] && live[5], "{live:?}");
    }
}
