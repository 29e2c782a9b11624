//! The device's subgroup operations a graphics stage's warp instructions become
//! (`ir/build/subgroup.rs`): the subgroup index, ballots (the word of the `uvec4` holding
//! the invocation's run of 32), shuffles and a fragment quad's swap. Each class declares
//! its capability with its first use and records which instruction asked for it, for the
//! device check (`crate::subgroup::subgroup_use`) to name.

use rspirv::dr::Operand as SpirvOperand;
use rspirv::spirv::{self, Word};

use super::{spirv_error, Emitter};
use crate::maxwell::dksh::ProgramType;
use crate::maxwell::ir::{Op, SubgroupNeed, Unsupported, Value};

/// Input variable key of `SubgroupLocalInvocationId`.
const SUBGROUP_INVOCATION_KEY: u32 = u32::MAX - 22;

impl Emitter<'_> {
    /// Declares `need`'s capability (and `GroupNonUniform`) once, with its origin.
    fn declare_subgroup(&mut self, need: SubgroupNeed) {
        let capability = match need {
            SubgroupNeed::Basic => spirv::Capability::GroupNonUniform,
            SubgroupNeed::Ballot => spirv::Capability::GroupNonUniformBallot,
            SubgroupNeed::Shuffle => spirv::Capability::GroupNonUniformShuffle,
            SubgroupNeed::Quad => spirv::Capability::GroupNonUniformQuad,
        };
        let declared = |e: &Self, capability: spirv::Capability| {
            e.b.module_ref()
                .capabilities
                .iter()
                .any(|i| i.operands.first() == Some(&capability.into()))
        };
        if declared(self, capability) {
            return;
        }
        if !declared(self, spirv::Capability::GroupNonUniform) {
            self.b.capability(spirv::Capability::GroupNonUniform);
        }
        if capability != spirv::Capability::GroupNonUniform {
            self.b.capability(capability);
        }
        let origin = match self.function.subgroup_origins.get(&need) {
            Some((name, offset_b)) => format!("`{name}` at byte {offset_b:#x}"),
            None => "a warp-wide instruction".into(),
        };
        self.b.module_processed(crate::subgroup::origin_line(
            crate::subgroup::need_bit(need),
            &origin,
        ));
    }

    fn subgroup_scope(&mut self) -> Word {
        self.word(spirv::Scope::Subgroup as u32)
    }

    /// The invocation's `SubgroupLocalInvocationId`, loaded.
    fn subgroup_invocation_id(&mut self) -> Result<Word, Unsupported> {
        let u32_ty = self.t.u32;
        let fragment = self.program.kind == ProgramType::Fragment;
        let var = self.input_variable(SUBGROUP_INVOCATION_KEY, u32_ty, |b, var| {
            b.decorate(
                var,
                spirv::Decoration::BuiltIn,
                [SpirvOperand::BuiltIn(
                    spirv::BuiltIn::SubgroupLocalInvocationId,
                )],
            );
            // A fragment stage's integer inputs are flat (Vulkan's rule holds for
            // built-ins too); other stages may not decorate inputs so.
            if fragment {
                b.decorate(var, spirv::Decoration::Flat, []);
            }
        });
        self.b
            .load(u32_ty, None, var, None, [])
            .map_err(spirv_error)
    }

    /// Subgroup ops; `None` for any other op.
    pub(super) fn subgroup_op(&mut self, op: &Op) -> Result<Option<Word>, Unsupported> {
        let id = |e: &Self, v: Value| e.ids[v.0 as usize];
        let u32_ty = self.t.u32;
        Ok(Some(match *op {
            Op::SubgroupInvocation => {
                self.declare_subgroup(SubgroupNeed::Basic);
                self.subgroup_invocation_id()?
            }
            Op::SubgroupBallot { pred } => {
                self.declare_subgroup(SubgroupNeed::Ballot);
                let uvec4 = self.t.uvec4;
                let scope = self.subgroup_scope();
                let ballot = self
                    .b
                    .group_non_uniform_ballot(uvec4, None, scope, id(self, pred))
                    .map_err(spirv_error)?;
                // The word of the invocation's run of 32: component index / 32 (0 in a
                // subgroup of 32 or fewer).
                let invocation = self.subgroup_invocation_id()?;
                let five = self.word(5);
                let word = self
                    .b
                    .shift_right_logical(u32_ty, None, invocation, five)
                    .map_err(spirv_error)?;
                self.b
                    .vector_extract_dynamic(u32_ty, None, ballot, word)
                    .map_err(spirv_error)?
            }
            Op::SubgroupShuffle { value, source } => {
                self.declare_subgroup(SubgroupNeed::Shuffle);
                let scope = self.subgroup_scope();
                self.b
                    .group_non_uniform_shuffle(
                        u32_ty,
                        None,
                        scope,
                        id(self, value),
                        id(self, source),
                    )
                    .map_err(spirv_error)?
            }
            Op::QuadSwap { vertical, value } => {
                self.declare_subgroup(SubgroupNeed::Quad);
                let scope = self.subgroup_scope();
                // Direction 0 swaps across x, 1 across y.
                let direction = self.word(u32::from(vertical));
                self.b
                    .group_non_uniform_quad_swap(u32_ty, None, scope, id(self, value), direction)
                    .map_err(spirv_error)?
            }
            _ => return Ok(None),
        }))
    }
}
