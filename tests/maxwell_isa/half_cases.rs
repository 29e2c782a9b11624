//! The half-precision cases `half.rs` runs: a random instruction of one family and
//! operand form with random modifiers, its encoding (bit positions as envytools and
//! yuzu give them) and its mnemonic.

use super::kernel::{Rng, PT_GUARD};

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Family {
    Add,
    Mul,
    Fma,
    Set,
    SetP,
}

/// Where operand B (and for `hfma2`, C) comes from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Form {
    Reg,
    /// B from `c[2][]` (for `hfma2`'s `rc` form, C).
    Cbuf,
    /// `hfma2` with B a register (bits 39) and C from `c[]`.
    RegCbuf,
    /// B an immediate pair of 9-bit half tops.
    Imm,
    /// B a 32-bit immediate pair (`_32i`).
    Imm32,
}

/// Registers: r8, r9, r10 hold half pairs, r11 an f32.
pub const F32_REG: u8 = 11;

#[derive(Clone, Copy, Debug)]
pub struct Case {
    pub family: Family,
    pub form: Form,
    /// 0 none, 1 ftz, 2 fmz (multiplies only).
    pub flush: u64,
    pub sat: bool,
    /// 0 both halves, 1 f32, 2 mrg_h0, 3 mrg_h1.
    pub merge: u64,
    /// Swizzles: 0 h1_h0, 1 f32, 2 h0_h0, 3 h1_h1.
    pub swz: [u64; 3],
    pub neg: [bool; 3],
    pub abs: [bool; 2],
    pub test: u64,
    pub bool_op: u64,
    pub pred_not: bool,
    pub bf: bool,
    pub h_and: bool,
    pub imm: u32,
    pub cbuf_word: u64,
}

pub fn reg_for(swizzle: u64, half_reg: u8) -> u8 {
    if swizzle == 1 {
        F32_REG
    } else {
        half_reg
    }
}

fn bit(on: bool, at: u32) -> u64 {
    u64::from(on) << at
}

impl Case {
    pub fn random(rng: &mut Rng) -> Case {
        let family = [
            Family::Add,
            Family::Mul,
            Family::Fma,
            Family::Set,
            Family::SetP,
        ][rng.below(5) as usize];
        let forms: &[Form] = match family {
            Family::Add | Family::Mul => &[Form::Reg, Form::Cbuf, Form::Imm, Form::Imm32],
            Family::Fma => &[Form::Reg, Form::Cbuf, Form::RegCbuf, Form::Imm, Form::Imm32],
            _ => &[Form::Reg, Form::Cbuf, Form::Imm],
        };
        let form = forms[rng.below(forms.len() as u64) as usize];
        let flush = match family {
            Family::Mul | Family::Fma => rng.below(3),
            _ => rng.below(2),
        };
        let random_half = |rng: &mut Rng| random_half(rng) as u32;
        let imm = match form {
            // The 9-bit form: each half's top 9 bits below the sign, and its sign.
            Form::Imm => (random_half(rng) & 0xffc0) | (random_half(rng) & 0xffc0) << 16,
            _ => random_half(rng) | random_half(rng) << 16,
        };
        Case {
            family,
            form,
            flush,
            sat: rng.bit(),
            merge: rng.below(4),
            swz: [rng.below(4), rng.below(4), rng.below(4)],
            neg: [rng.bit(), rng.bit(), rng.bit()],
            abs: [rng.bit(), rng.bit()],
            test: rng.below(16),
            bool_op: rng.below(3),
            pred_not: rng.below(4) == 0,
            bf: rng.bit(),
            h_and: rng.bit(),
            imm,
            cbuf_word: rng.below(4),
        }
    }

    /// What the word leaves the model: which modifiers the form has (the rest are
    /// cleared, so the model reads only what the encoding says).
    pub fn normalized(mut self) -> Case {
        let fma = self.family == Family::Fma;
        let set = matches!(self.family, Family::Set | Family::SetP);
        if set || self.family == Family::Add {
            self.flush = self.flush.min(1);
        }
        if set || self.form == Form::Imm32 {
            self.merge = 0;
        }
        if set || (self.form == Form::Imm32 && self.family == Family::Fma) {
            self.sat = false;
        }
        if fma || self.form == Form::Imm32 {
            self.abs = [false, false];
        }
        match self.form {
            Form::Cbuf | Form::RegCbuf | Form::Imm | Form::Imm32 => {
                if !(fma && self.form == Form::RegCbuf) {
                    self.swz[1] = 0;
                }
            }
            Form::Reg => {}
        }
        if matches!(self.form, Form::Imm | Form::Imm32) {
            self.neg[1] = false;
            self.abs[1] = false;
        }
        match self.family {
            Family::Fma => {
                self.neg[0] = false;
                if self.form == Form::Imm32 {
                    self.swz[2] = 0;
                }
            }
            Family::Mul => {
                if self.form == Form::Reg {
                    self.neg[0] = false;
                }
                if self.form == Form::Cbuf {
                    self.neg[1] = false;
                }
                if self.form == Form::Imm32 {
                    self.neg[0] = false;
                }
            }
            // Bit 54 is `ftz` here (envydis also prints B's `abs`).
            Family::Set if self.form == Form::Cbuf => self.abs[1] = false,
            _ => {}
        }
        if !fma {
            self.neg[2] = false;
        }
        self
    }

    /// The instruction word, writing register `d` (or predicates 0 and 1).
    pub fn encode(&self, d: u8) -> u64 {
        let c = self;
        let a_reg = reg_for(c.swz[0], 8);
        let b_reg = reg_for(c.swz[1], 9);
        let c_reg = reg_for(c.swz[2], 10);
        let base = PT_GUARD | u64::from(a_reg) << 8;
        let cbuf = 2u64 << 34 | c.cbuf_word << 20;
        let imm9 = u64::from(c.imm >> 6 & 0x1ff) << 20
            | bit(c.imm & 0x8000 != 0, 29)
            | u64::from(c.imm >> 22 & 0x1ff) << 30
            | bit(c.imm & 0x8000_0000 != 0, 56);
        let imm32 = u64::from(c.imm) << 20;
        let pred = 7u64 << 39 | bit(c.pred_not, 42) | c.bool_op << 45;
        let dst = u64::from(d);
        let swz_a = c.swz[0] << 47;
        let merge = c.merge << 49;
        let reg_b = u64::from(b_reg) << 20 | c.swz[1] << 28;
        match (c.family, c.form) {
            (Family::Add | Family::Mul, Form::Reg | Form::Cbuf | Form::Imm) => {
                let op = match (c.family, c.form) {
                    (Family::Add, Form::Reg) => 0x5d10,
                    (Family::Add, Form::Cbuf) => 0x7a80,
                    (Family::Add, _) => 0x7a00,
                    (_, Form::Reg) => 0x5d08,
                    (_, Form::Cbuf) => 0x7880,
                    _ => 0x7800,
                };
                let mods = c.flush << 39 | merge | bit(c.neg[0], 43) | bit(c.abs[0], 44) | swz_a;
                let b = match c.form {
                    Form::Reg => reg_b | bit(c.sat, 32) | bit(c.neg[1], 31) | bit(c.abs[1], 30),
                    Form::Cbuf => cbuf | bit(c.sat, 52) | bit(c.neg[1], 56) | bit(c.abs[1], 54),
                    _ => imm9 | bit(c.sat, 52),
                };
                op << 48 | base | dst | mods | b
            }
            (Family::Add | Family::Mul, _) => {
                let op = if c.family == Family::Add {
                    0x2c00
                } else {
                    0x2a00
                };
                op << 48
                    | base
                    | dst
                    | c.flush << 55
                    | bit(c.sat, 52)
                    | bit(c.neg[0], 56)
                    | c.swz[0] << 53
                    | imm32
            }
            (Family::Fma, Form::Imm32) => {
                0x2800u64 << 48
                    | base
                    | dst
                    | c.flush << 55
                    | c.swz[0] << 53
                    | imm32
                    | bit(c.neg[2], 52)
            }
            (Family::Fma, Form::Reg) => {
                0x5d00u64 << 48
                    | base
                    | dst
                    | c.flush << 37
                    | bit(c.sat, 32)
                    | merge
                    | swz_a
                    | bit(c.neg[1], 31)
                    | reg_b
                    | bit(c.neg[2], 30)
                    | c.swz[2] << 35
                    | u64::from(c_reg) << 39
            }
            (Family::Fma, form) => {
                let op = match form {
                    Form::Cbuf => 0x7080u64,
                    Form::RegCbuf => 0x6080,
                    _ => 0x7000,
                };
                let common = op << 48
                    | base
                    | dst
                    | c.flush << 57
                    | bit(c.sat, 52)
                    | merge
                    | swz_a
                    | bit(c.neg[2], 51);
                match form {
                    // B from c[], C a register with its swizzle (bits 53-54).
                    Form::Cbuf => {
                        common | bit(c.neg[1], 56) | cbuf | c.swz[2] << 53 | u64::from(c_reg) << 39
                    }
                    // B a register (bits 39-46) with its swizzle, C from c[].
                    Form::RegCbuf => {
                        common | bit(c.neg[1], 56) | c.swz[1] << 53 | u64::from(b_reg) << 39 | cbuf
                    }
                    _ => common | imm9 | c.swz[2] << 53 | u64::from(c_reg) << 39,
                }
            }
            (Family::Set, form) => {
                let mods = pred | bit(c.neg[0], 43) | bit(c.abs[0], 44) | swz_a;
                let op = match form {
                    Form::Reg => {
                        0x5d18u64 << 48
                            | bit(c.bf, 49)
                            | c.test << 35
                            | c.flush << 50
                            | reg_b
                            | bit(c.neg[1], 31)
                            | bit(c.abs[1], 30)
                    }
                    Form::Cbuf => {
                        0x7c80u64 << 48
                            | bit(c.bf, 53)
                            | c.test << 49
                            | c.flush << 54
                            | cbuf
                            | bit(c.neg[1], 56)
                    }
                    _ => 0x7c00u64 << 48 | bit(c.bf, 53) | c.test << 49 | c.flush << 54 | imm9,
                };
                op | base | dst | mods
            }
            (_, form) => {
                // Predicates 0 (bits 3-5, lane 0 or the and) and 1 (bits 0-2).
                let mods = pred | bit(c.neg[0], 43) | bit(c.abs[0], 44) | swz_a | c.flush << 6 | 1;
                let op = match form {
                    Form::Reg => {
                        0x5d20u64 << 48
                            | bit(c.h_and, 49)
                            | c.test << 35
                            | reg_b
                            | bit(c.neg[1], 31)
                            | bit(c.abs[1], 30)
                    }
                    Form::Cbuf => {
                        0x7e80u64 << 48
                            | bit(c.h_and, 53)
                            | c.test << 49
                            | cbuf
                            | bit(c.neg[1], 56)
                            | bit(c.abs[1], 54)
                    }
                    _ => 0x7e00u64 << 48 | bit(c.h_and, 53) | c.test << 49 | imm9,
                };
                op | base | mods
            }
        }
    }

    pub fn mnemonic(&self) -> &'static str {
        match (self.family, self.form) {
            (Family::Add, Form::Imm32) => "hadd2_32i",
            (Family::Mul, Form::Imm32) => "hmul2_32i",
            (Family::Fma, Form::Imm32) => "hfma2_32i",
            (Family::Add, _) => "hadd2",
            (Family::Mul, _) => "hmul2",
            (Family::Fma, _) => "hfma2",
            (Family::Set, _) => "hset2",
            (Family::SetP, _) => "hsetp2",
        }
    }

    /// Output words the case stores (`hsetp2`: both predicates).
    pub fn outputs(&self) -> usize {
        if self.family == Family::SetP {
            2
        } else {
            1
        }
    }
}

/// A random half's bits: mostly moderate values of either sign, with zeros, ones,
/// infinities, the largest half and denormals; never a NaN (a NaN's payload is the
/// hardware's choice).
pub fn random_half(rng: &mut Rng) -> u16 {
    let sign = (rng.below(2) as u16) << 15;
    let magnitude = match rng.below(16) {
        0 => 0,
        1 => 0x3c00,
        2 => 0x7c00,
        3 => 0x7bff,
        4 | 5 => 1 + rng.below(0x3ff) as u16,
        6 => 0x3800,
        _ => (8 + rng.below(14) as u16) << 10 | rng.below(0x400) as u16,
    };
    sign | magnitude
}
