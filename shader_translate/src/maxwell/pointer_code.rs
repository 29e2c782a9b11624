//! Compiled programs made to dereference raw pointers, for the tests and the benchmark of
//! raw pointers in shaders. GLSL has no way to dereference a 64-bit value in uam's front
//! end, so a program whose storage buffers are reached through the driver's words (c0)
//! is edited to read those addresses from a uniform block instead: every access then goes
//! through whatever 64-bit value the game put there, as a game's pointer does.

use std::ops::Range;

use super::decode::{decode_stream, Operand};

/// How the edit went wrong: the code reads a storage address in a way it does not move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PointerCodeError {
    #[error("the code does not decode: {0}")]
    Decode(String),
    #[error(
        "`{name}` at byte {offset_b:#x} reads a storage address; only `iadd` and `ld` are moved"
    )]
    Unmoved { name: &'static str, offset_b: u32 },
}

/// `code` with every read of the driver's words in `driver_words_b` (constant buffer 0,
/// 16 bytes a storage binding, as deko3d lays them out) made a read of constant buffer
/// `cbuf` (a uniform block) at 8 bytes a binding: binding N's address at byte 8 N.
/// Returns the code and how many instructions changed.
pub fn storage_addresses_from_uniform_block(
    code: &[u8],
    driver_words_b: Range<u64>,
    cbuf: u64,
) -> Result<(Vec<u8>, usize), PointerCodeError> {
    let mut out = code.to_vec();
    let instructions =
        decode_stream(code).map_err(|error| PointerCodeError::Decode(error.to_string()))?;
    let mut changed = 0;
    for instruction in &instructions {
        let read = instruction.operands().find_map(|operand| match operand {
            Operand::Cbuf {
                index: 0,
                base: None,
                offset,
            } if driver_words_b.contains(&offset) => Some(offset),
            _ => None,
        });
        let Some(offset_b) = read else { continue };
        let from_b = offset_b - driver_words_b.start;
        let moved_b = from_b / 16 * 8 + from_b % 16;
        let at = instruction.offset_b as usize;
        let word = instruction.word;
        let moved = match instruction.name {
            // A constant operand: the word offset in bits 20-33, the buffer in 34-38.
            "iadd" => (word & !(0x7ffff << 20)) | (moved_b / 4) << 20 | cbuf << 34,
            // `ld` of a constant (LDC): the byte offset in bits 20-35, the buffer in 36-40.
            "ld" => (word & !(0x1f_ffff << 20)) | moved_b << 20 | cbuf << 36,
            name => {
                return Err(PointerCodeError::Unmoved {
                    name,
                    offset_b: instruction.offset_b,
                })
            }
        };
        out[at..at + 8].copy_from_slice(&moved.to_le_bytes());
        changed += 1;
    }
    Ok((out, changed))
}

/// `code` with every instruction named `name` made a `nop` (the benchmark drops the
/// atomics of a copy kernel this way).
pub fn without(code: &[u8], name: &str) -> Result<Vec<u8>, PointerCodeError> {
    /// `nop 0x0` as uam writes it.
    const NOP: u64 = 0x50b0_0000_0007_0f00;
    let mut out = code.to_vec();
    let instructions =
        decode_stream(code).map_err(|error| PointerCodeError::Decode(error.to_string()))?;
    for instruction in instructions.iter().filter(|i| i.name == name) {
        let at = instruction.offset_b as usize;
        out[at..at + 8].copy_from_slice(&NOP.to_le_bytes());
    }
    Ok(out)
}
