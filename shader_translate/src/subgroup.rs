//! Subgroup operations in a module: which classes of them it declares (its
//! `GroupNonUniform*` capabilities, each one of Vulkan's `VkSubgroupFeatureFlagBits`), for
//! refusing a stage on a device whose `subgroupSupportedStages` or
//! `subgroupSupportedOperations` lack what it needs. The Maxwell translation records,
//! for each class, the first instruction that asked for it in an `OpModuleProcessed`
//! line starting with [`ORIGIN_PREFIX`] and the class's bit.

use crate::maxwell::ir::SubgroupNeed;
use crate::spirv::module::literal_string;
use crate::spirv::{Module, ParseError};

/// The start of the `OpModuleProcessed` text naming what asked for a class.
pub const ORIGIN_PREFIX: &str = "hookshot subgroup ";

const OP_CAPABILITY: u16 = 17;
const OP_MODULE_PROCESSED: u16 = 330;

/// Vulkan's `VkSubgroupFeatureFlagBits`, with their names.
pub const SUBGROUP_OPERATIONS: [(u32, &str); 8] = [
    (0x1, "VK_SUBGROUP_FEATURE_BASIC_BIT"),
    (0x2, "VK_SUBGROUP_FEATURE_VOTE_BIT"),
    (0x4, "VK_SUBGROUP_FEATURE_ARITHMETIC_BIT"),
    (0x8, "VK_SUBGROUP_FEATURE_BALLOT_BIT"),
    (0x10, "VK_SUBGROUP_FEATURE_SHUFFLE_BIT"),
    (0x20, "VK_SUBGROUP_FEATURE_SHUFFLE_RELATIVE_BIT"),
    (0x40, "VK_SUBGROUP_FEATURE_CLUSTERED_BIT"),
    (0x80, "VK_SUBGROUP_FEATURE_QUAD_BIT"),
];

/// SPIR-V's `GroupNonUniform` (61) to `GroupNonUniformQuad` (68): bit `capability - 61`.
const FIRST_CAPABILITY: u32 = 61;

/// What a module asks of the device's subgroups.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SubgroupUse {
    /// The `VkSubgroupFeatureFlagBits` its capabilities need.
    pub operations: u32,
    /// Each class's recorded origin (a compiled program's instruction and byte offset).
    origins: Vec<(u32, String)>,
}

impl SubgroupUse {
    /// What asked for the operation `bit` (or for any class, where that one has no
    /// record): a compiled program's instruction, or "subgroup operations".
    pub fn origin(&self, bit: u32) -> String {
        let find = |wanted: &dyn Fn(u32) -> bool| {
            self.origins
                .iter()
                .find(|(b, _)| wanted(*b))
                .map(|(_, text)| text.clone())
        };
        find(&|b| b == bit)
            .or_else(|| find(&|b| b != 0x1))
            .or_else(|| find(&|_| true))
            .unwrap_or_else(|| "subgroup operations".to_owned())
    }
}

/// The `VkSubgroupFeatureFlagBits` bit of a class a compiled program needs.
pub(crate) fn need_bit(need: SubgroupNeed) -> u32 {
    match need {
        SubgroupNeed::Basic => 0x1,
        SubgroupNeed::Ballot => 0x8,
        SubgroupNeed::Shuffle => 0x10,
        SubgroupNeed::Quad => 0x80,
    }
}

/// The `OpModuleProcessed` text recording that `origin` asked for the class `bit`.
pub(crate) fn origin_line(bit: u32, origin: &str) -> String {
    format!("{ORIGIN_PREFIX}{bit:#x}: {origin}")
}

/// The name of the operation class `bit` (`VK_SUBGROUP_FEATURE_*_BIT`).
pub fn subgroup_operation_name(bit: u32) -> &'static str {
    SUBGROUP_OPERATIONS
        .iter()
        .find(|(b, _)| *b == bit)
        .map_or("an unknown subgroup operation", |(_, name)| name)
}

/// What the module asks of the device's subgroups: `None` where it declares no
/// `GroupNonUniform*` capability.
pub fn subgroup_use(spirv_words: &[u32]) -> Result<Option<SubgroupUse>, ParseError> {
    let module = Module::parse(spirv_words)?;
    let operations = module
        .instructions
        .iter()
        .filter(|i| i.opcode == OP_CAPABILITY)
        .filter_map(|i| i.operands.first())
        .filter_map(|&capability| capability.checked_sub(FIRST_CAPABILITY))
        .filter(|&bit| bit < 8)
        .fold(0, |mask, bit| mask | 1 << bit);
    if operations == 0 {
        return Ok(None);
    }
    let origins = module
        .instructions
        .iter()
        .filter(|i| i.opcode == OP_MODULE_PROCESSED)
        .map(|i| literal_string(&i.operands))
        .filter_map(|text| {
            let rest = text.strip_prefix(ORIGIN_PREFIX)?;
            let (bit, origin) = rest.split_once(": ")?;
            let bit = u32::from_str_radix(bit.strip_prefix("0x")?, 16).ok()?;
            Some((bit, origin.to_owned()))
        })
        .collect();
    Ok(Some(SubgroupUse {
        operations,
        origins,
    }))
}
