//! Which SPIR-V built-ins a module's variables are: a program writing one that draws do
//! not execute is refused when it is made, not run with the output dropped.

/// `OpDecorate` and `OpMemberDecorate`, the `BuiltIn` decoration, and the built-in of the
/// viewport index (SPIR-V specification, sections 3.20 and 3.21).
const OP_CAPABILITY: u32 = 17;
const OP_DECORATE: u32 = 71;
const OP_MEMBER_DECORATE: u32 = 72;
const DECORATION_BUILT_IN: u32 = 11;
pub const BUILT_IN_VIEWPORT_INDEX: u32 = 10;
/// SPIR-V's `Layer` built-in (section 3.21).
pub const BUILT_IN_LAYER: u32 = 9;
/// The capability of `gl_BaseInstance` and the other draw parameters.
pub const CAPABILITY_DRAW_PARAMETERS: u32 = 4427;

/// Whether any variable (or block member) of `words` is decorated as built-in `builtin`.
pub fn declares_builtin(words: &[u32], builtin: u32) -> bool {
    any_instruction(words, |opcode, operands| match opcode {
        OP_DECORATE => operands.get(1..3) == Some(&[DECORATION_BUILT_IN, builtin]),
        OP_MEMBER_DECORATE => operands.get(2..4) == Some(&[DECORATION_BUILT_IN, builtin]),
        _ => false,
    })
}

/// Whether `words` declares `OpCapability capability`.
pub fn declares_capability(words: &[u32], capability: u32) -> bool {
    any_instruction(words, |opcode, operands| {
        opcode == OP_CAPABILITY && operands.first() == Some(&capability)
    })
}

/// Whether `found(opcode, operands)` holds for an instruction of `words`. Words past the
/// 5-word header are walked instruction by instruction; a malformed length ends the walk
/// (modules are validated before this is asked).
pub(crate) fn any_instruction(words: &[u32], mut found: impl FnMut(u32, &[u32]) -> bool) -> bool {
    let mut at = 5;
    while at < words.len() {
        let (count, opcode) = ((words[at] >> 16) as usize, words[at] & 0xffff);
        if count == 0 || at + count > words.len() {
            return false;
        }
        if found(opcode, &words[at + 1..at + count]) {
            return true;
        }
        at += count;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn module(instructions: &[&[u32]]) -> Vec<u32> {
        let mut words = vec![super::super::program::SPIRV_MAGIC, 0x0001_0300, 0, 16, 0];
        for instruction in instructions {
            words.push(((instruction.len() as u32) << 16) | instruction[0]);
            words.extend_from_slice(&instruction[1..]);
        }
        words
    }

    #[test]
    fn decorations_and_member_decorations_are_found() {
        let plain = module(&[&[OP_DECORATE, 7, DECORATION_BUILT_IN, 0]]);
        assert!(!declares_builtin(&plain, BUILT_IN_VIEWPORT_INDEX));
        let variable = module(&[&[OP_DECORATE, 7, DECORATION_BUILT_IN, 10]]);
        assert!(declares_builtin(&variable, BUILT_IN_VIEWPORT_INDEX));
        let member = module(&[&[OP_MEMBER_DECORATE, 7, 3, DECORATION_BUILT_IN, 10]]);
        assert!(declares_builtin(&member, BUILT_IN_VIEWPORT_INDEX));
        let capability = module(&[&[OP_CAPABILITY, CAPABILITY_DRAW_PARAMETERS]]);
        assert!(declares_capability(&capability, CAPABILITY_DRAW_PARAMETERS));
        assert!(!declares_capability(&variable, CAPABILITY_DRAW_PARAMETERS));
        let mut cut = variable.clone();
        cut.truncate(6);
        assert!(!declares_builtin(&cut, BUILT_IN_VIEWPORT_INDEX));
    }
}
