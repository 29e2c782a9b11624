//! The scheduling control word of a bundle: three 21-bit fields, one per instruction
//! (bits 0-3 stall cycles, 4 yield, 5-7 write barrier, 8-10 read barrier, 11-16 wait
//! mask, 17-20 operand reuse). Translation ignores them (DKSH.md 3.1: uam's stall
//! counts are not even reproducible); the disassembly prints them.

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Control {
    pub stall: u8,
    /// Bit 4 (envydis prints it as `yl`).
    pub yield_flag: bool,
    /// Scoreboard set when the result is written (7 = none).
    pub write_barrier: u8,
    /// Scoreboard set when the sources are read (7 = none).
    pub read_barrier: u8,
    pub wait_mask: u8,
    pub reuse: u8,
}

impl Control {
    /// The field of instruction `slot` (0-2) of a bundle's control word.
    pub fn from_word(word: u64, slot: usize) -> Self {
        let field = (word >> (21 * slot)) & 0x1f_ffff;
        Self {
            stall: (field & 0xf) as u8,
            yield_flag: field & 0x10 != 0,
            write_barrier: ((field >> 5) & 7) as u8,
            read_barrier: ((field >> 8) & 7) as u8,
            wait_mask: ((field >> 11) & 0x3f) as u8,
            reuse: ((field >> 17) & 0xf) as u8,
        }
    }
}
