//! glslang's module made exact: every float operation decorated `NoContraction`, as the
//! translation's `fadd`, `fmul` and `ffma` are. Without it spirv-opt and the driver may
//! treat the module's arithmetic as reassociable and rewrite it (spirv-opt folds
//! `(f4 - m) + m` to `f4`, Mesa cancels `t` in `t + ((f0 - f2) + (y0 - t))`, NVIDIA's
//! driver fuses a product into an add), where uam's binary rounds each step as written.
//! The decoration is GLSL's `precise` on every float expression: the reference keeps
//! GLSL's meaning and rounds as the binary does. The module is not optimised after it
//! (`Bench::reference`).

/// `OpDecorate`, and the opcodes of the annotation section it belongs in.
const OP_DECORATE: u32 = 71;
const ANNOTATIONS: [u32; 5] = [71, 72, 73, 74, 75];
/// `OpDecorateId`, `OpDecorateString`, `OpMemberDecorateString`.
const ANNOTATIONS_LATER: [u32; 3] = [332, 5632, 5633];
/// `NoContraction`.
const NO_CONTRACTION: u32 = 42;
/// Float arithmetic whose result a driver may reassociate or fuse: `OpFNegate`,
/// `OpFAdd`, `OpFSub`, `OpFMul`, `OpFDiv`, `OpFRem`, `OpFMod`, `OpVectorTimesScalar`,
/// `OpMatrixTimesScalar`, `OpVectorTimesMatrix`, `OpMatrixTimesVector`,
/// `OpMatrixTimesMatrix`, `OpOuterProduct`, `OpDot`. Each has its result id in word 2.
const FLOAT_ARITHMETIC: [u32; 14] = [
    127, 129, 131, 133, 136, 140, 141, 142, 143, 144, 145, 146, 147, 148,
];
const HEADER_WORDS: usize = 5;

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ExactError {
    #[error("glslang's module is cut short: an instruction at word {0} runs past its end")]
    Truncated(usize),
    #[error("glslang's module has an instruction of 0 words at word {0}")]
    ZeroLength(usize),
    #[error("glslang's module has no annotation section to decorate in")]
    NoAnnotations,
}

/// `words` with an `OpDecorate %id NoContraction` for each float operation's result
/// that has none, inserted at the start of the annotation section.
pub fn no_contraction(words: &[u32]) -> Result<Vec<u32>, ExactError> {
    if words.len() < HEADER_WORDS {
        return Err(ExactError::Truncated(0));
    }
    let mut first_annotation = None;
    let mut decorated = std::collections::BTreeSet::new();
    let mut results = Vec::new();
    let mut at = HEADER_WORDS;
    while at < words.len() {
        let count = (words[at] >> 16) as usize;
        let opcode = words[at] & 0xffff;
        if count == 0 {
            return Err(ExactError::ZeroLength(at));
        }
        if at + count > words.len() {
            return Err(ExactError::Truncated(at));
        }
        if ANNOTATIONS.contains(&opcode) || ANNOTATIONS_LATER.contains(&opcode) {
            first_annotation.get_or_insert(at);
        }
        if opcode == OP_DECORATE && count >= 3 && words[at + 2] == NO_CONTRACTION {
            decorated.insert(words[at + 1]);
        }
        if FLOAT_ARITHMETIC.contains(&opcode) && count >= 3 {
            results.push(words[at + 2]);
        }
        at += count;
    }
    let insert_at = first_annotation.ok_or(ExactError::NoAnnotations)?;
    let added: Vec<u32> = results
        .into_iter()
        .filter(|id| !decorated.contains(id))
        .flat_map(|id| [(3 << 16) | OP_DECORATE, id, NO_CONTRACTION])
        .collect();
    let mut out = Vec::with_capacity(words.len() + added.len());
    out.extend_from_slice(&words[..insert_at]);
    out.extend_from_slice(&added);
    out.extend_from_slice(&words[insert_at..]);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn op(opcode: u32, operands: &[u32]) -> Vec<u32> {
        let mut words = vec![((operands.len() as u32 + 1) << 16) | opcode];
        words.extend_from_slice(operands);
        words
    }

    /// A header, an `OpName`, a binding decoration, a float type, an `OpFAdd` (id 7), an
    /// `OpFMul` already `NoContraction` (id 8) and an `OpIAdd` (id 9).
    fn module() -> Vec<u32> {
        let mut words = vec![0x0723_0203, 0x0001_0000, 0, 10, 0];
        words.extend(op(5, &[3, 0x6161]));
        words.extend(op(71, &[3, 33, 0]));
        words.extend(op(71, &[8, NO_CONTRACTION]));
        words.extend(op(22, &[2, 32]));
        words.extend(op(129, &[2, 7, 4, 5]));
        words.extend(op(133, &[2, 8, 7, 5]));
        words.extend(op(128, &[2, 9, 4, 5]));
        words
    }

    #[test]
    fn each_float_operation_gains_one_no_contraction_in_the_annotations() {
        let words = module();
        let out = no_contraction(&words).unwrap();
        assert_eq!(out.len(), words.len() + 3);
        // After the header and the 3-word `OpName`: the new decoration of id 7 first.
        assert_eq!(&out[8..11], &[(3 << 16) | OP_DECORATE, 7, NO_CONTRACTION]);
        assert_eq!(&out[11..], &words[8..]);
        let again = no_contraction(&out).unwrap();
        assert_eq!(again, out, "a decorated module gains nothing");
    }

    #[test]
    fn a_damaged_module_is_an_error_with_its_place() {
        let mut words = module();
        words.truncate(words.len() - 1);
        assert_eq!(no_contraction(&words), Err(ExactError::Truncated(28)));
        let mut words = module();
        words[5] = 5;
        assert_eq!(no_contraction(&words), Err(ExactError::ZeroLength(5)));
        let header_only = vec![0x0723_0203, 0x0001_0000, 0, 10, 0];
        assert_eq!(no_contraction(&header_only), Err(ExactError::NoAnnotations));
    }
}
