//! Which operands of an instruction can name an id, so that every use of a texture
//! variable is found and no literal is mistaken for one.
//!
//! Only the instructions a shader's functions commonly carry literals in are known; any
//! other instruction counts all its operands as ids. A literal taken for a use makes the
//! rewrite refuse a module it could have taken, never the reverse.

use crate::spirv::ops::op;

/// `OpImageSample*`, `OpImageFetch`, `OpImageGather*`, `OpImageRead`, `OpImageWrite` and
/// their sparse forms: the position of the Image Operands mask, the one literal among
/// their operands.
fn image_operands_mask_at(opcode: u16) -> Option<usize> {
    match opcode {
        // Implicit/ExplicitLod, Proj Implicit/ExplicitLod, Fetch, Read (and sparse forms).
        87 | 88 | 91 | 92 | 95 | 98 | 305 | 306 | 309 | 310 | 313 | 320 => Some(4),
        // Dref and Proj Dref samples, Gather, DrefGather (and sparse forms).
        89 | 90 | 93 | 94 | 96 | 97 | 307 | 308 | 311 | 312 | 314 | 315 => Some(5),
        // OpImageWrite (no result).
        99 => Some(3),
        _ => None,
    }
}

/// Group operations (`OpGroupIAdd`.., `OpGroupNonUniformIAdd`.., `OpGroupNonUniformBallotBitCount`):
/// the Group Operation literal follows the result and the scope.
fn has_group_operation(opcode: u16) -> bool {
    matches!(opcode, 264..=270 | 342 | 349..=364)
}

/// The operands of a function-body instruction that may hold ids.
pub(super) fn id_operands(opcode: u16, operands: &[u32]) -> Vec<u32> {
    let take = |positions: &[usize]| -> Vec<u32> {
        positions
            .iter()
            .filter_map(|&at| operands.get(at).copied())
            .collect()
    };
    let all_but = |literal_at: usize| -> Vec<u32> {
        operands
            .iter()
            .enumerate()
            .filter(|(at, _)| *at != literal_at)
            .map(|(_, id)| *id)
            .collect()
    };
    let leading = |count: usize| operands[..count.min(operands.len())].to_vec();
    if let Some(mask_at) = image_operands_mask_at(opcode) {
        return all_but(mask_at);
    }
    if has_group_operation(opcode) {
        return all_but(3);
    }
    match opcode {
        op::LINE => leading(1),
        op::EXT_INST => all_but(3),
        op::FUNCTION => take(&[0, 1, 3]),
        op::VARIABLE => all_but(2),
        // Memory operands follow; their scope ids can never name a texture.
        op::LOAD => leading(3),
        op::STORE | op::COPY_MEMORY => leading(2),
        op::COPY_MEMORY_SIZED => leading(3),
        op::VECTOR_SHUFFLE | op::COMPOSITE_INSERT => leading(4),
        op::COMPOSITE_EXTRACT => leading(3),
        op::SELECTION_MERGE => leading(1),
        op::LOOP_MERGE => leading(2),
        op::BRANCH_CONDITIONAL => leading(3),
        // Selector, default, then (literal, label) pairs.
        op::SWITCH => operands
            .iter()
            .enumerate()
            .filter(|(at, _)| *at < 2 || at % 2 == 1)
            .map(|(_, id)| *id)
            .collect(),
        _ => operands.to_vec(),
    }
}

/// Ids a module-level instruction refers to besides its own declaration, names,
/// decorations and entry points (which the rewrite edits itself).
pub(super) fn global_id_operands(instruction: &crate::spirv::module::Instruction) -> &[u32] {
    let operands = &instruction.operands[..];
    match instruction.opcode {
        op::GROUP_DECORATE => operands.get(1..).unwrap_or(&[]),
        // Debug-information instructions (NonSemantic.Shader.DebugInfo and the like).
        op::EXT_INST => operands.get(4..).unwrap_or(&[]),
        _ => &[],
    }
}

/// An opcode's name for messages, where this crate knows it.
pub(super) fn describe_opcode(opcode: u16) -> String {
    let name = match opcode {
        op::EXT_INST => "OpExtInst",
        op::FUNCTION_CALL => "OpFunctionCall",
        op::LOAD => "OpLoad (of the whole array)",
        op::STORE => "OpStore",
        op::ACCESS_CHAIN => "OpAccessChain",
        op::IN_BOUNDS_ACCESS_CHAIN => "OpInBoundsAccessChain",
        op::PTR_ACCESS_CHAIN => "OpPtrAccessChain",
        op::GROUP_DECORATE => "OpGroupDecorate",
        op::COPY_OBJECT => "OpCopyObject",
        op::PHI => "OpPhi",
        op::SELECT => "OpSelect",
        _ => return format!("opcode {opcode}"),
    };
    name.to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_are_not_ids() {
        // %r = OpImageSampleExplicitLod %v4 %si %uv Lod %lod
        assert_eq!(
            id_operands(88, &[10, 11, 12, 13, 2, 14]),
            [10, 11, 12, 13, 14]
        );
        // %x = OpCompositeExtract %float %v 1
        assert_eq!(id_operands(op::COMPOSITE_EXTRACT, &[5, 6, 7, 1]), [5, 6, 7]);
        // OpSwitch %sel %default 1 %a 2 %b
        assert_eq!(id_operands(op::SWITCH, &[3, 4, 1, 5, 2, 6]), [3, 4, 5, 6]);
        // OpLine %file 40 2
        assert_eq!(id_operands(op::LINE, &[9, 40, 2]), [9]);
        // %r = OpFunctionCall %t %f %arg
        assert_eq!(id_operands(op::FUNCTION_CALL, &[1, 2, 3, 4]), [1, 2, 3, 4]);
    }
}
