//! Basic blocks of a decoded program: a block starts at the entry, at every branch target
//! and after every instruction that may leave the straight line; it ends with how control
//! leaves it. Blocks not reachable from the entry (uam's padding after the last `exit`)
//! are dropped.

use std::collections::BTreeMap;

use crate::maxwell::decode::{Guard, Instruction, Operand};
use crate::maxwell::program::instruction_offset;

/// How control leaves a block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Terminator {
    /// Into the next block.
    Fallthrough { next: usize },
    /// `exit` without a guard.
    Exit,
    /// `bra` (or `jmp`) without a guard.
    Branch { target: usize },
    /// A guarded `bra`: to `target` when the guard holds, else to `next`.
    CondBranch { target: usize, next: usize },
    /// A control-stack or guarded flow instruction (`ssy`/`sync`, `pbk`/`brk`,
    /// `pcnt`/`cont`, `pret`/`ret`, `kil`, guarded `exit`, `cal`/`ret`) that the structured recovery
    /// has to resolve, named with its offset.
    Structured { name: &'static str, offset_b: u32 },
}

/// Instructions `first..end` (indices into the program's instruction list).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block {
    pub first: usize,
    pub end: usize,
    pub terminator: Terminator,
}

/// Whether control may leave the straight line after `instruction`.
pub fn leaves_straight_line(instruction: &Instruction) -> bool {
    matches!(
        instruction.name,
        "bra"
            | "brx"
            | "exit"
            | "ssy"
            | "sync"
            | "pbk"
            | "brk"
            | "pcnt"
            | "pret"
            | "cont"
            | "kil"
            | "cal"
            | "ret"
            | "jmp"
            | "jcal"
            | "jmx"
            | "pexit"
    )
}

/// The condition-code names a flow instruction's CC field prints (15, always, prints
/// none).
const FLOW_TESTS: [&str; 31] = [
    "f", "lt", "eq", "le", "gt", "ne", "ge", "num", "nan", "ltu", "equ", "leu", "gtu", "neu",
    "geu", "off", "lo", "sff", "ls", "hi", "sft", "hs", "oft", "csm_ta", "csm_tr", "csm_mx",
    "fcsm_ta", "fcsm_tr", "fcsm_mx", "rle", "rgt",
];

/// A flow instruction's test of the condition codes, where it has one besides its guard.
pub fn flow_test(instruction: &Instruction) -> Option<&'static str> {
    if !leaves_straight_line(instruction) {
        return None;
    }
    instruction.mods().find(|m| FLOW_TESTS.contains(m))
}

/// Where a direct branch goes: a relative target, or the absolute one of `jmp`/`jcal`
/// (a byte offset in the program's code, as yuzu reads it).
pub fn target_of(instruction: &Instruction) -> Option<u64> {
    instruction.operands().find_map(|operand| match operand {
        Operand::Target(target) => Some(instruction_offset(target)),
        Operand::Imm { value, .. } if matches!(instruction.name, "jmp" | "jcal") => {
            Some(instruction_offset(value))
        }
        _ => None,
    })
}

/// Splits `instructions` (a whole decoded stream, branch targets checked) into the blocks
/// reachable from the first instruction, in code order.
pub fn split_blocks(instructions: &[Instruction]) -> Vec<Block> {
    split_blocks_with(instructions, &BTreeMap::new())
}

/// [`split_blocks`] with the targets of each indirect branch (by its byte offset: its
/// jump table's targets), which start blocks and are reached from it.
pub fn split_blocks_with(
    instructions: &[Instruction],
    indirect: &BTreeMap<u32, Vec<u64>>,
) -> Vec<Block> {
    let index_of = |offset_b: u64| {
        instructions
            .iter()
            .position(|i| u64::from(i.offset_b) == offset_b)
    };
    let mut leader = vec![false; instructions.len() + 1];
    leader[0] = true;
    for (index, instruction) in instructions.iter().enumerate() {
        if leaves_straight_line(instruction) {
            leader[index + 1] = true;
        }
        if let Some(target) = target_of(instruction).and_then(index_of) {
            leader[target] = true;
        }
        for &target in indirect.get(&instruction.offset_b).into_iter().flatten() {
            if let Some(target) = index_of(target) {
                leader[target] = true;
            }
        }
    }
    let starts: Vec<usize> = (0..instructions.len()).filter(|&i| leader[i]).collect();
    let block_of = |index: usize| starts.iter().position(|&start| start == index);
    let mut blocks: Vec<Block> = starts
        .iter()
        .enumerate()
        .map(|(number, &first)| {
            let end = starts
                .get(number + 1)
                .copied()
                .unwrap_or(instructions.len());
            let last = &instructions[end - 1];
            let next = block_of(end).unwrap_or(usize::MAX);
            let guarded = last.guard != Guard::Always;
            let terminator = match (last.name, guarded) {
                ("exit", false) => Terminator::Exit,
                ("bra" | "jmp", _) if last.guard == Guard::Never => {
                    Terminator::Fallthrough { next }
                }
                ("bra" | "jmp", guarded) => {
                    let target = target_of(last)
                        .and_then(index_of)
                        .and_then(block_of)
                        .unwrap_or(usize::MAX);
                    if guarded {
                        Terminator::CondBranch { target, next }
                    } else {
                        Terminator::Branch { target }
                    }
                }
                (name, _) if leaves_straight_line(last) => Terminator::Structured {
                    name,
                    offset_b: last.offset_b,
                },
                _ => Terminator::Fallthrough { next },
            };
            Block {
                first,
                end,
                terminator,
            }
        })
        .collect();
    // Keep what the entry reaches (every block a structured instruction ends could go
    // on to the next one or to any target; both are kept).
    let mut reached = vec![false; blocks.len()];
    let mut work = vec![0usize];
    while let Some(block) = work.pop() {
        if block >= blocks.len() || reached[block] {
            continue;
        }
        reached[block] = true;
        match blocks[block].terminator {
            Terminator::Fallthrough { next } => work.push(next),
            Terminator::Exit => {}
            Terminator::Branch { target } => work.push(target),
            Terminator::CondBranch { target, next } => work.extend([target, next]),
            Terminator::Structured { .. } => {
                work.push(block + 1);
                let last = &instructions[blocks[block].end - 1];
                if let Some(target) = target_of(last).and_then(index_of).and_then(block_of) {
                    work.push(target);
                }
                let table = indirect.get(&last.offset_b).into_iter().flatten();
                work.extend(table.filter_map(|&target| index_of(target).and_then(block_of)));
                // A `sync`/`brk`/`cont` goes where its matching push said: any pushed target.
                for earlier in &instructions[..blocks[block].end] {
                    if matches!(earlier.name, "ssy" | "pbk" | "pcnt" | "pret") {
                        if let Some(target) =
                            target_of(earlier).and_then(index_of).and_then(block_of)
                        {
                            work.push(target);
                        }
                    }
                }
            }
        }
    }
    let kept: Vec<usize> = (0..blocks.len()).filter(|&b| reached[b]).collect();
    let renumber = |b: usize| kept.iter().position(|&k| k == b).unwrap_or(usize::MAX);
    blocks = kept
        .iter()
        .map(|&b| {
            let mut block = blocks[b].clone();
            block.terminator = match block.terminator {
                Terminator::Fallthrough { next } => Terminator::Fallthrough {
                    next: renumber(next),
                },
                Terminator::Branch { target } => Terminator::Branch {
                    target: renumber(target),
                },
                Terminator::CondBranch { target, next } => Terminator::CondBranch {
                    target: renumber(target),
                    next: renumber(next),
                },
                other => other,
            };
            block
        })
        .collect();
    blocks
}
