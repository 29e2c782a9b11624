//! NVN's alpha test: fragments whose colour 0 alpha fails the compare with the reference
//! are discarded (Vulkan has no such state: executors rewrite the fragment stage).

use super::CompareOp;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AlphaTest {
    /// A fragment passes where `alpha compare reference` holds.
    pub compare: CompareOp,
    pub reference: f32,
}
