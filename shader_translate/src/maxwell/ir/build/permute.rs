//! `prmt`: bytes picked from the eight of `b:a` (A the first source, bytes 0-3; B the
//! last, bytes 4-7) by a selector (the middle operand), as PTX's `prmt.b32` defines
//! it. Without a mode each of the selector's four low nibbles picks one byte of the
//! result: its low three bits name the byte, its top bit replicates that byte's sign
//! bit instead. The modes take the selector's low two bits `s` (low bit only for
//! `rc16`) and pick, result byte 0 to 3: `f4e` bytes s, s+1, s+2, s+3 (mod 8); `b4e`
//! s, s-1, s-2, s-3 (mod 8); `rc8` byte s four times; `ecl` s, max(s, 1), max(s, 2), 3;
//! `ecr` 0, min(s, 1), min(s, 2), s; `rc16` the half-word s twice.

use super::{Builder, Unsupported};
use crate::maxwell::decode::Operand;
use crate::maxwell::ir::{Binary, Compare, Op, Value};

/// For a mode and `s`, the source byte of each result byte.
fn mode_bytes(mode: &str, s: u32) -> Option<[u32; 4]> {
    Some(match mode {
        "f4e" => [s, s + 1, s + 2, s + 3].map(|b| b % 8),
        "b4e" => [s, s + 7, s + 6, s + 5].map(|b| b % 8),
        "rc8" => [s; 4],
        "ecl" => [s, s.max(1), s.max(2), 3],
        "ecr" => [0, s.min(1), s.min(2), s],
        "rc16" => {
            let half = 2 * (s & 1);
            [half, half + 1, half, half + 1]
        }
        _ => return None,
    })
}

impl Builder<'_> {
    /// Byte `index` (a value 0-7) of `b:a`, as the low byte of a word.
    fn pick_byte(&mut self, a: Value, b: Value, index: Value) -> Value {
        let three = self.constant(3);
        let four = self.constant(4);
        let eight = self.constant(8);
        let within = self.push(Op::Binary(Binary::And, index, three));
        let high_word = self.push(Op::Binary(Binary::And, index, four));
        let zero = self.constant(0);
        let from_a = self.equals(high_word, zero);
        let word = self.push(Op::Select { cond: from_a, a, b });
        let shift = self.push(Op::Binary(Binary::IMul, within, eight));
        let down = self.push(Op::Binary(Binary::Shr, word, shift));
        let byte = self.constant(0xff);
        self.push(Op::Binary(Binary::And, down, byte))
    }

    pub(super) fn permute(
        &mut self,
        ops: &[(Vec<&'static str>, Operand)],
    ) -> Result<(), Unsupported> {
        let [(mods, Operand::Reg(dst)), (_, a), (_, selector), (_, b)] = ops else {
            return Err(self.unsupported("its operands"));
        };
        let a = self.value(*a)?;
        let b = self.value(*b)?;
        let selector = self.value(*selector)?;
        let mut value = self.constant(0);
        match mods.first() {
            None => {
                for lane in 0..4u32 {
                    let at = self.constant(4 * lane);
                    let nibble = self.push(Op::Binary(Binary::Shr, selector, at));
                    let seven = self.constant(7);
                    let index = self.push(Op::Binary(Binary::And, nibble, seven));
                    let byte = self.pick_byte(a, b, index);
                    // The sign replicated: the byte's bit 7 in all eight bits.
                    let eight = self.constant(8);
                    let sign_bit = self.constant(0x80);
                    let sign = self.push(Op::Binary(Binary::And, byte, sign_bit));
                    let zero = self.constant(0);
                    let negative = self.push(Op::Compare(
                        Compare::Int {
                            signed: false,
                            lt: false,
                            eq: false,
                            gt: true,
                        },
                        sign,
                        zero,
                    ));
                    let full = self.constant(0xff);
                    let sign_byte = self.push(Op::Select {
                        cond: negative,
                        a: full,
                        b: zero,
                    });
                    let flag = self.push(Op::Binary(Binary::And, nibble, eight));
                    let replicate = self.push(Op::Compare(
                        Compare::Int {
                            signed: false,
                            lt: false,
                            eq: false,
                            gt: true,
                        },
                        flag,
                        zero,
                    ));
                    let chosen = self.push(Op::Select {
                        cond: replicate,
                        a: sign_byte,
                        b: byte,
                    });
                    let place = self.constant(8 * lane);
                    let placed = self.push(Op::Binary(Binary::Shl, chosen, place));
                    value = self.push(Op::Binary(Binary::Or, value, placed));
                }
            }
            Some(&mode) => {
                // Each of the four values of `s` gives a fixed word; choose among them.
                let three = self.constant(3);
                let s = self.push(Op::Binary(Binary::And, selector, three));
                let mut words = Vec::new();
                for choice in 0..4u32 {
                    let Some(bytes) = mode_bytes(mode, choice) else {
                        return Err(self.unsupported(format!("the mode `{mode}`")));
                    };
                    let mut word = self.constant(0);
                    for (lane, source) in bytes.into_iter().enumerate() {
                        let index = self.constant(source);
                        let byte = self.pick_byte(a, b, index);
                        let place = self.constant(8 * lane as u32);
                        let placed = self.push(Op::Binary(Binary::Shl, byte, place));
                        word = self.push(Op::Binary(Binary::Or, word, placed));
                    }
                    words.push(word);
                }
                value = words[3];
                for choice in (0..3u32).rev() {
                    let constant = self.constant(choice);
                    let is = self.equals(s, constant);
                    value = self.push(Op::Select {
                        cond: is,
                        a: words[choice as usize],
                        b: value,
                    });
                }
            }
        }
        self.set_reg(*dst, value);
        Ok(())
    }
}
