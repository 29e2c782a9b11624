//! The short texture forms' `f16` results (`texs`, `tlds`, `tld4s` on SM 5.3): two
//! components a register as half floats, as Ryujinx's TexsF16/TldsF16/Tld4sF16 write
//! them: the components the mask selects, in order, fill Rd's low half, Rd's high half,
//! then Rd2's low and high halves; a half no component fills is 0.0. Each is rounded to
//! nearest even (the half-precision pairs' conversion).

use super::Builder;
use crate::maxwell::decode::RZ;
use crate::maxwell::ir::{Binary, IntUnary, Op, Value};

impl Builder<'_> {
    pub(super) fn half_texture_results(&mut self, read: Value, components: &[u8], rd: u8, rd2: u8) {
        for (pair, register) in [rd, rd2].into_iter().enumerate() {
            if register == RZ {
                continue;
            }
            let mut word = self.constant(0);
            for (half, &component) in components.iter().skip(2 * pair).take(2).enumerate() {
                let value = self.push(Op::Component(read, component));
                let mut bits = self.push(Op::IntUnary(IntUnary::FloatToHalf, value));
                if half == 1 {
                    let sixteen = self.constant(16);
                    bits = self.push(Op::Binary(Binary::Shl, bits, sixteen));
                }
                word = self.push(Op::Binary(Binary::Or, word, bits));
            }
            self.set_reg(register, word);
        }
    }
}
