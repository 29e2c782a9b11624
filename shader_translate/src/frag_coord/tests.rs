//! Fragment stages reading `gl_FragCoord` whole and by component, through the crate's
//! translator (unoptimised and optimised), flipped, then checked by the SPIR-V validator.

use super::*;
use crate::validate_spirv;

fn translate(text: &str, optimise: bool) -> Vec<u32> {
    crate::point_size::tests::translate_stage(crate::Stage::Fragment, text, optimise)
}

const READS_Y: &str = "#version 450\nlayout(location = 0) out vec4 colour;\n\
    void main() { colour = vec4(gl_FragCoord.y / 16.0, gl_FragCoord.x / 16.0, 0.0, 1.0); }\n";
const READS_NONE: &str = "#version 450\nlayout(location = 0) out vec4 colour;\n\
    void main() { colour = vec4(1.0); }\n";

/// How many `OpFSub`s of the height constant the module holds.
fn flips(words: &[u32], height_px: f32) -> usize {
    let module = Module::parse(words).unwrap();
    let height = module.instructions.iter().find_map(|instruction| {
        (instruction.opcode == op::CONSTANT
            && instruction.operands.get(2) == Some(&height_px.to_bits()))
        .then(|| instruction.operands[1])
    });
    module
        .instructions
        .iter()
        .filter(|instruction| {
            instruction.opcode == OP_F_SUB && instruction.operands.get(2).copied() == height
        })
        .count()
}

#[test]
fn reads_of_frag_coord_are_flipped_and_stay_valid() {
    for optimise in [false, true] {
        let words = translate(READS_Y, optimise);
        assert!(reads_frag_coord(&words));
        let flipped = flip_frag_coord_y(&words, 37.0).unwrap();
        validate_spirv(&flipped).unwrap_or_else(|why| panic!("optimise {optimise}: {why}"));
        assert!(flips(&flipped, 37.0) >= 1, "optimise {optimise}: no flip");

        let none = translate(READS_NONE, optimise);
        assert!(!reads_frag_coord(&none));
        assert_eq!(flip_frag_coord_y(&none, 37.0).unwrap(), none);
    }
    assert!(matches!(
        flip_frag_coord_y(&[7, 7], 1.0),
        Err(FragCoordError::Parse(_))
    ));
}
