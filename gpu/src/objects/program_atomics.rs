//! Whether a module does float atomics on images (`OpImageTexelPointer` to a 32-bit float,
//! which only atomics take): those need `shaderImageFloat32Atomics`
//! (VK_EXT_shader_atomic_float), and a program with one is refused when bound on a device
//! without it.

use std::collections::HashSet;

use super::program_builtins::any_instruction;

/// `OpTypeFloat`, `OpTypePointer`, `OpImageTexelPointer` and the `Image` storage class
/// (SPIR-V specification, sections 3.7 and 3.49).
const OP_TYPE_FLOAT: u32 = 22;
const OP_TYPE_POINTER: u32 = 32;
const OP_IMAGE_TEXEL_POINTER: u32 = 60;
const STORAGE_CLASS_IMAGE: u32 = 11;

/// Whether `words` takes a texel pointer to a 32-bit float (types come before the code,
/// so one walk sees each type before its use).
pub fn uses_float_image_atomics(words: &[u32]) -> bool {
    let mut floats = HashSet::new();
    let mut pointers = HashSet::new();
    any_instruction(words, |opcode, operands| match opcode {
        OP_TYPE_FLOAT => {
            if operands.get(1) == Some(&32) {
                floats.insert(operands[0]);
            }
            false
        }
        OP_TYPE_POINTER => {
            if let [result, STORAGE_CLASS_IMAGE, pointee] = operands {
                if floats.contains(pointee) {
                    pointers.insert(*result);
                }
            }
            false
        }
        OP_IMAGE_TEXEL_POINTER => operands.first().is_some_and(|ty| pointers.contains(ty)),
        _ => false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn module(instructions: &[&[u32]]) -> Vec<u32> {
        let mut words = vec![0x0723_0203, 0x0001_0000, 0, 100, 0];
        for instruction in instructions {
            words.push(((instruction.len() as u32) << 16) | instruction[0]);
            words.extend(&instruction[1..]);
        }
        words
    }

    #[test]
    fn a_texel_pointer_to_a_float_is_found_and_one_to_an_integer_is_not() {
        // %1 float 32, %2 uint 32, %3 ptr Image %1, %4 ptr Image %2.
        let types: [&[u32]; 4] = [
            &[OP_TYPE_FLOAT, 1, 32],
            &[21, 2, 32, 0],
            &[OP_TYPE_POINTER, 3, STORAGE_CLASS_IMAGE, 1],
            &[OP_TYPE_POINTER, 4, STORAGE_CLASS_IMAGE, 2],
        ];
        let float = module(&[
            types[0],
            types[1],
            types[2],
            types[3],
            &[OP_IMAGE_TEXEL_POINTER, 3, 10, 11, 12, 13],
        ]);
        let uint = module(&[
            types[0],
            types[1],
            types[2],
            types[3],
            &[OP_IMAGE_TEXEL_POINTER, 4, 10, 11, 12, 13],
        ]);
        assert!(uses_float_image_atomics(&float));
        assert!(!uses_float_image_atomics(&uint));
        assert!(!uses_float_image_atomics(&module(&types)));
    }
}
