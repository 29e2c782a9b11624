//! `r2p` and `p2r` (the predicates P0-P6 as bits of a register and back) in their
//! register, constant-buffer and immediate mask forms, with every byte select, against a
//! CPU model written from yuzu's description: R2P sets each P`i` whose mask bit is set
//! to bit `i + 8 * byte` of its source; P2R writes its source with the bits of
//! `mask << 8 * byte` cleared and bit `i + 8 * byte` set for each P`i` that holds and
//! whose mask bit (of the low seven) is set. A chain of random R2Ps and P2Rs runs over
//! random inputs; the model follows the predicates through it. Exact.

use super::kernel::{self, Rng, FIRST_OUT, INPUTS, INVOCATIONS, PT_GUARD};

/// Where a mask comes from: r9, c2[word], or an immediate.
#[derive(Clone, Copy, Debug)]
enum Mask {
    Reg,
    Cbuf(u64),
    Imm(u32),
}

#[derive(Clone, Copy, Debug)]
struct Move {
    to_register: bool,
    byte: u64,
    mask: Mask,
}

impl Move {
    fn random(rng: &mut Rng) -> Move {
        let mask = match rng.below(3) {
            0 => Mask::Reg,
            1 => Mask::Cbuf(rng.below(4)),
            _ => Mask::Imm(rng.below(0x100) as u32),
        };
        Move {
            to_register: rng.bit(),
            byte: rng.below(4),
            mask,
        }
    }

    /// `r2p pr bB $r8 mask` or `p2r bB $rD pr $r10 mask`.
    fn encode(&self, d: u8) -> u64 {
        let (op_reg, op_cbuf, op_imm) = if self.to_register {
            (0x5ce8u64, 0x4ce8u64, 0x38e8u64)
        } else {
            (0x5cf0, 0x4cf0, 0x38f0)
        };
        let (op, operand) = match self.mask {
            Mask::Reg => (op_reg, 9u64 << 20),
            Mask::Cbuf(word) => (op_cbuf, 2 << 34 | word << 20),
            Mask::Imm(value) => (op_imm, u64::from(value) << 20),
        };
        let (dst, src) = if self.to_register {
            (u64::from(d), 10u64)
        } else {
            (0, 8)
        };
        op << 48 | PT_GUARD | self.byte << 41 | src << 8 | dst | operand
    }

    fn mask(&self, inputs: &[u32], cbuf: [u32; 4]) -> u32 {
        match self.mask {
            Mask::Reg => inputs[1],
            Mask::Cbuf(word) => cbuf[word as usize],
            Mask::Imm(value) => value,
        }
    }
}

/// The model: the predicates after `moves` (from `preds`), and each P2R's word.
fn model(moves: &[Move], mut preds: u32, inputs: &[u32], cbuf: [u32; 4]) -> Vec<u32> {
    let mut out = Vec::new();
    for m in moves {
        let mask = m.mask(inputs, cbuf);
        let offset = 8 * m.byte as u32;
        if m.to_register {
            let mut word = inputs[2] & !(mask << offset);
            for index in 0..7 {
                if mask >> index & 1 == 1 && preds >> index & 1 == 1 {
                    word |= 1 << (index + offset);
                }
            }
            out.push(word);
        } else {
            for index in 0..7 {
                if mask >> index & 1 == 1 {
                    let bit = inputs[0] >> (index + offset) & 1;
                    preds = preds & !(1 << index) | bit << index;
                }
            }
        }
    }
    out
}

#[test]
fn predicate_register_moves_compute_as_a_cpu_model_of_them() {
    let mut rng = Rng(0x5032_5232_5000);
    let mut checked = 0;
    for _ in 0..4 {
        let moves: Vec<Move> = (0..40).map(|_| Move::random(&mut rng)).collect();
        // P0-P6 start as r11's low bits: `r2p pr $r11 0x7f`.
        let mut body = vec![0x38f0_0000_0000_0000 | PT_GUARD | 11 << 8 | 0x7f << 20];
        let mut outputs = 0u8;
        let mut words = Vec::new();
        for m in &moves {
            let d = FIRST_OUT + outputs;
            let word = m.encode(d);
            words.push(word);
            body.push(word);
            if m.to_register {
                outputs += 1;
            }
        }
        for (m, line) in moves.iter().zip(kernel::envydis(&words)) {
            let name = if m.to_register { "p2r" } else { "r2p" };
            assert!(
                line.split_whitespace().next() == Some(name) && !line.contains("???"),
                "{m:?} encodes as `{line}`"
            );
        }
        let cbuf = [0; 4].map(|_| rng.next() as u32);
        let inputs: Vec<u32> = (0..INPUTS * INVOCATIONS)
            .map(|_| rng.next() as u32)
            .collect();
        let got = kernel::run(&body, usize::from(outputs), &inputs, cbuf);
        for (invocation, got) in got.iter().enumerate() {
            let own = &inputs[INPUTS * invocation..INPUTS * (invocation + 1)];
            let want = model(&moves, own[3] & 0x7f, own, cbuf);
            assert_eq!(
                got, &want,
                "invocation {invocation} over {own:08x?}, c2 {cbuf:08x?}"
            );
            checked += want.len();
        }
    }
    assert!(checked > 3000, "{checked} words checked");
}
