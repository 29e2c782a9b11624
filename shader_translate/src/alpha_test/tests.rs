//! A fragment stage through the crate's translator (unoptimised and optimised),
//! rewritten for every compare, then checked by the SPIR-V validator.

use super::*;
use crate::spirv::ops::op;
use crate::validate_spirv;

fn translate(text: &str, optimise: bool) -> Vec<u32> {
    crate::point_size::tests::translate_stage(crate::Stage::Fragment, text, optimise)
}

const EARLY_RETURN: &str = "#version 450\nlayout(location = 0) out vec4 colour;\n\
    layout(location = 0) in float shade;\n\
    void main() { colour = vec4(shade); if (shade > 0.5) { return; } colour.a = 0.25; }\n";

const ALL: [AlphaCompare; 8] = [
    AlphaCompare::Never,
    AlphaCompare::Less,
    AlphaCompare::Equal,
    AlphaCompare::LessEqual,
    AlphaCompare::Greater,
    AlphaCompare::NotEqual,
    AlphaCompare::GreaterEqual,
    AlphaCompare::Always,
];

#[test]
fn every_compare_gives_a_valid_module_that_kills_where_it_fails() {
    for optimise in [false, true] {
        let words = translate(EARLY_RETURN, optimise);
        for compare in ALL {
            let tested = write_alpha_test(&words, compare, 0.5).unwrap();
            validate_spirv(&tested).unwrap_or_else(|why| panic!("{compare:?}: {why}"));
            let module = Module::parse(&tested).unwrap();
            let kills = module
                .instructions
                .iter()
                .filter(|instruction| instruction.opcode == OP_KILL)
                .count();
            let returns = Module::parse(&words)
                .unwrap()
                .instructions
                .iter()
                .filter(|instruction| instruction.opcode == OP_RETURN)
                .count();
            let expected = if compare == AlphaCompare::Always {
                0
            } else {
                returns
            };
            assert_eq!(kills, expected, "{compare:?}: a kill for each return");
        }
    }
}

#[test]
fn a_stage_without_a_vec4_colour_0_is_an_error() {
    let words = translate(
        "#version 450\nlayout(location = 1) out vec4 other;\nvoid main() { other = vec4(1.0); }\n",
        false,
    );
    assert_eq!(
        write_alpha_test(&words, AlphaCompare::Less, 0.5),
        Err(AlphaTestError::NoColourOutput)
    );
    let mut module = Module::parse(&words).unwrap();
    module
        .instructions
        .retain(|instruction| instruction.opcode != op::ENTRY_POINT);
    assert_eq!(
        write_alpha_test(&module.to_words(), AlphaCompare::Less, 0.5),
        Err(AlphaTestError::NoEntryPoint)
    );
}
