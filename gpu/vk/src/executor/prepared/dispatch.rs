//! A dispatch ready to record: its pipeline, resolved descriptors and launch.

use ash::vk;
use gpu::{PoolId, ProgramId};

use super::descriptors::Resolved;

#[derive(Clone, Copy, Debug)]
pub enum Launch {
    Groups([u32; 3]),
    Indirect { buffer: vk::Buffer, offset_b: u64 },
}

#[derive(Clone, Debug)]
pub struct PreparedDispatch {
    pub program: ProgramId,
    pub pipeline: vk::Pipeline,
    pub layout: vk::PipelineLayout,
    pub set_layouts: Vec<vk::DescriptorSetLayout>,
    pub resolved: Resolved,
    pub launch: Launch,
    /// The pool of an indirect argument buffer.
    pub argument_pool: Option<PoolId>,
}
