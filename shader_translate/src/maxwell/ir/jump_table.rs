//! Jump tables of indirect branches (`brx`, `jmx`), recovered as yuzu's recompiler does:
//! the branch's register is loaded (`ld b32`, the default mode) from a constant buffer at
//! a register plus an offset, that register is an index shifted left by 2 (`shl` by an
//! immediate), and the index is clamped by an `imnmx` with an immediate N, so the table
//! has N + 1 words. `brx R off` goes to the byte after itself plus R plus `off`; `jmx R
//! off` to R plus `off` plus 8 (yuzu's reading of the absolute form: the code's own byte
//! offsets). The table must lie in constant buffer 1, the program's own constant data
//! (its words are known when the program is translated); one in any other buffer is
//! known only when the program runs, and the branch is refused.

use std::collections::{BTreeMap, BTreeSet};

use super::blocks::leaves_straight_line;
use crate::maxwell::decode::{Guard, Instruction, Operand, PT};
use crate::maxwell::program::instruction_offset;

/// How far back from the branch the loads of its table are looked for.
const MAX_SEARCH: usize = 64;

/// A recovered table: the register the branch reads, and each entry's word and the
/// instruction it sends control to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JumpTable {
    pub reg: u8,
    /// (entry word, target instruction's byte offset).
    pub entries: Vec<(u32, u64)>,
}

/// Every `brx`/`jmx` of `instructions` (by byte offset) with its table, or why its table
/// is not known.
pub fn jump_tables(
    instructions: &[Instruction],
    constbuf1: &[u8],
) -> BTreeMap<u32, Result<JumpTable, String>> {
    let targets: BTreeSet<u64> = instructions
        .iter()
        .flat_map(|i| i.operands())
        .filter_map(|operand| match operand {
            Operand::Target(target_b) => Some(instruction_offset(target_b)),
            _ => None,
        })
        .collect();
    instructions
        .iter()
        .enumerate()
        .filter(|(_, i)| matches!(i.name, "brx" | "jmx"))
        .map(|(index, i)| {
            let table = recover(instructions, index, constbuf1, &targets);
            (i.offset_b, table)
        })
        .collect()
}

/// The nearest instruction before `at` in its straight line (no branch target inside,
/// none that leaves it) that writes register `reg` as its destination.
fn writer<'a>(
    instructions: &'a [Instruction],
    at: usize,
    reg: u8,
    targets: &BTreeSet<u64>,
) -> Result<(usize, &'a Instruction), String> {
    for index in (at.saturating_sub(MAX_SEARCH)..at).rev() {
        let instruction = &instructions[index];
        if leaves_straight_line(instruction) {
            break;
        }
        let first = instruction.operands().next();
        let stores = matches!(
            instruction.name,
            "st" | "stg" | "sts" | "stl" | "red" | "sust" | "out"
        );
        if first == Some(Operand::Reg(reg)) && !stores {
            return Ok((index, instruction));
        }
        if targets.contains(&u64::from(instruction.offset_b)) {
            break;
        }
    }
    Err(format!(
        "register r{reg} is not loaded from a jump table in its straight line"
    ))
}

fn recover(
    instructions: &[Instruction],
    at: usize,
    constbuf1: &[u8],
    targets: &BTreeSet<u64>,
) -> Result<JumpTable, String> {
    let branch = &instructions[at];
    let operands: Vec<Operand> = branch.operands().collect();
    let (reg, offset) = match operands[..] {
        [Operand::Reg(reg), Operand::Imm { value, .. }] => (reg, value),
        _ => return Err("its target is read from a constant buffer".into()),
    };
    let (load_at, load) = writer(instructions, at, reg, targets)?;
    let (cbuf, index_reg, table_b) = match load.operands().collect::<Vec<_>>()[..] {
        [_, Operand::Cbuf {
            index,
            base: Some(base),
            offset,
        }] if load.name == "ld"
            && load.has_mod("b32")
            && load.mods().count() == 1
            && load.guard == Guard::Always =>
        {
            (index, base, offset)
        }
        _ => {
            return Err(format!(
                "r{reg} is not a 32-bit constant-buffer load at a register plus an offset"
            ))
        }
    };
    let (shift_at, shift) = writer(instructions, load_at, index_reg, targets)?;
    let scaled = match shift.operands().collect::<Vec<_>>()[..] {
        [_, Operand::Reg(source), Operand::Imm { value: 2, .. }]
            if shift.name == "shl" && shift.mods().count() == 0 && shift.guard == Guard::Always =>
        {
            source
        }
        _ => {
            return Err(format!(
                "the table's index r{index_reg} is not a word index shifted left by 2"
            ))
        }
    };
    let (_, clamp) = writer(instructions, shift_at, scaled, targets)?;
    let last = match clamp.operands_with_mods()[..] {
        [_, (_, Operand::Reg(_)), (_, Operand::Imm { value, .. }), (ref not, Operand::Pred(PT))]
            if clamp.name == "imnmx"
                && not.is_empty()
                && value < 1 << 19
                && clamp.mods().all(|m| m == "u32")
                && clamp.guard == Guard::Always =>
        {
            value
        }
        _ => {
            return Err(format!(
                "the table's index r{scaled} is not clamped by an `imnmx` minimum with an immediate"
            ))
        }
    };
    if cbuf != 1 {
        return Err(format!(
            "its jump table is in c{cbuf}, whose words are known only when the program runs"
        ));
    }
    let next_b = u64::from(branch.offset_b) + 8;
    let starts: BTreeSet<u64> = instructions.iter().map(|i| u64::from(i.offset_b)).collect();
    let entries = (0..=last)
        .map(|entry| {
            let at_b = table_b.wrapping_add(4 * entry) as usize;
            let word = constbuf1
                .get(at_b..at_b.wrapping_add(4))
                .filter(|_| table_b as i64 >= 0)
                .map(|raw| u32::from_le_bytes(raw.try_into().expect("4 bytes")))
                .ok_or_else(|| {
                    format!(
                        "its jump table's entry {entry} at c1[{at_b:#x}] lies past the program's constant data ({:#x} bytes)",
                        constbuf1.len()
                    )
                })?;
            let base = if branch.name == "brx" { next_b } else { 8 };
            let target_b = base
                .wrapping_add(u64::from(word))
                .wrapping_add(offset)
                & 0xffff_ffff;
            let target_b = instruction_offset(target_b);
            if !starts.contains(&target_b) {
                return Err(format!(
                    "its jump table's entry {entry} ({word:#x}) sends control to byte {target_b:#x}, not an instruction of the code"
                ));
            }
            Ok((word, target_b))
        })
        .collect::<Result<Vec<_>, String>>()?;
    Ok(JumpTable { reg, entries })
}
