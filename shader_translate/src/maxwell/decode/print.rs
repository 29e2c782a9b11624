//! Text of decoded instructions in envydis's syntax (`-m gm107`), so that the decoder
//! can be compared with envydis's listings token for token, and a listing for people
//! (`hookshot shader disasm`).

use std::fmt::Write;

use super::{sysreg, Control, Guard, Instruction, NumStyle, Operand, Part, PT, RZ};

fn hex(out: &mut String, value: u64, style: NumStyle) {
    match style {
        NumStyle::Signed if (value as i64) < 0 => {
            let _ = write!(out, "-{:#x}", (value as i64).unsigned_abs());
        }
        _ => {
            let _ = write!(out, "{value:#x}");
        }
    }
}

fn reg(out: &mut String, index: u8) {
    if index == RZ {
        out.push_str("0x0");
    } else {
        let _ = write!(out, "$r{index}");
    }
}

/// `[base+offset]` as envydis writes it: with a base register the offset is signed and
/// left out when zero; without one it is the raw 64-bit value (`0x0` when absent).
fn address(out: &mut String, base: Option<u8>, offset: Option<u64>) {
    out.push('[');
    match (base, offset.filter(|&value| value != 0)) {
        (Some(base), None) => reg(out, base),
        (Some(base), Some(value)) => {
            reg(out, base);
            if (value as i64) >= 0 {
                out.push('+');
            }
            hex(out, value, NumStyle::Signed);
        }
        (None, value) => hex(out, value.unwrap_or(0), NumStyle::Unsigned),
    }
    out.push(']');
}

fn operand(out: &mut String, operand: &Operand) {
    match *operand {
        Operand::Reg(index) => reg(out, index),
        Operand::Pred(index) => {
            if index == PT {
                out.push_str("0x1");
            } else {
                let _ = write!(out, "$p{index}");
            }
        }
        Operand::Sys(index) => match sysreg::name(index) {
            Some(name) => {
                let _ = write!(out, "${name}");
            }
            None => {
                let _ = write!(out, "$s{index}");
            }
        },
        Operand::Imm { value, style } => hex(out, value, style),
        Operand::Target(target) => hex(out, target, NumStyle::Unsigned),
        Operand::Cbuf {
            index,
            base,
            offset,
        } => {
            let _ = write!(out, "c{index}");
            address(out, base, Some(offset));
        }
        Operand::Mem {
            space,
            base,
            offset,
        } => {
            out.push_str(space);
            address(out, base, offset);
        }
    }
}

/// One instruction: guard, mnemonic, modifiers and operands in order, and any set bits
/// no field reads as `[unknown: LO HI]`.
pub fn print_instruction(instruction: &Instruction) -> String {
    let mut out = String::new();
    match instruction.guard {
        Guard::Always => {}
        Guard::Never => out.push_str("never "),
        Guard::Pred { index, not } => {
            if not {
                out.push_str("not ");
            }
            let _ = write!(out, "$p{index} ");
        }
    }
    out.push_str(instruction.name);
    for part in &instruction.parts {
        out.push(' ');
        match part {
            Part::Mod(name) => out.push_str(name),
            Part::Operand(value) => operand(&mut out, value),
        }
    }
    if instruction.unread_bits != 0 {
        let _ = write!(
            out,
            " [unknown: {:08x} {:08x}]",
            instruction.unread_bits as u32,
            (instruction.unread_bits >> 32) as u32
        );
    }
    out
}

fn control(out: &mut String, control: &Control) {
    let _ = write!(out, "(st {:#x}", control.stall);
    if control.yield_flag {
        out.push_str(" yl");
    }
    if control.write_barrier != 7 {
        let _ = write!(out, " wr {:#x}", control.write_barrier);
    }
    if control.read_barrier != 7 {
        let _ = write!(out, " rd {:#x}", control.read_barrier);
    }
    if control.wait_mask != 0 {
        let _ = write!(out, " wt {:#x}", control.wait_mask);
    }
    if control.reuse != 0 {
        let _ = write!(out, " ru {:#x}", control.reuse);
    }
    out.push(')');
}

/// A listing of a decoded stream: one `OFFSET: WORD  text` line per instruction, with a
/// `sched (...)` line for each bundle's control word.
pub fn listing(instructions: &[Instruction]) -> String {
    let mut out = String::new();
    for (index, instruction) in instructions.iter().enumerate() {
        if index % 3 == 0 {
            let _ = write!(
                out,
                "{:08x}:                    sched",
                instruction.offset_b - 8
            );
            for slot in 0..3 {
                out.push(' ');
                let field = instructions
                    .get(index + slot)
                    .map_or(instruction.control, |next| next.control);
                control(&mut out, &field);
            }
            out.push('\n');
        }
        let _ = writeln!(
            out,
            "{:08x}: {:016x}   {}",
            instruction.offset_b,
            instruction.word,
            print_instruction(instruction)
        );
    }
    out
}
