//! The backend's error type and the mapping of `vk::Result` codes onto it.

use ash::vk;

#[derive(Debug, thiserror::Error)]
pub enum VkError {
    #[error("the Vulkan loader could not be loaded ({0}); install the Debian package libvulkan1 (or your platform's Vulkan loader)")]
    Loader(String),
    #[error("no Vulkan device found: {0}")]
    NoDevice(String),
    #[error("device {device:?} lacks {what}, which Hookshot requires")]
    MissingFeature { device: String, what: String },
    #[error("RX_VK_VALIDATION=1 but the layer {layer} is not installed; install the Debian package vulkan-validationlayers (or the Vulkan SDK)")]
    LayerMissing { layer: &'static str },
    #[error("out of host memory during {0}")]
    OutOfHostMemory(&'static str),
    #[error("out of device memory during {0}")]
    OutOfDeviceMemory(&'static str),
    #[error("the Vulkan device was lost during {0}")]
    DeviceLost(&'static str),
    /// An executor invariant broke (a bug): what it was.
    #[error("executor invariant broken: {0}")]
    Internal(&'static str),
    #[error("{context} failed: {result}")]
    Other {
        context: &'static str,
        result: vk::Result,
    },
    #[error("the renderer's kernel {name} did not translate: {source}")]
    Kernel {
        name: &'static str,
        source: shader_translate::TranslateError,
    },
    #[error("{0}")]
    KernelParams(#[from] crate::kernels::swizzle_params::KernelParamError),
    #[error("memory allocation for {context} failed: {reason}")]
    Allocation {
        context: &'static str,
        reason: String,
    },
    /// `RX_VK_SIMULATE`'s profile cannot be read or applied.
    #[error("{0}")]
    Profile(ProfileError),
    /// Work the executor does not run yet; nothing of the submission was executed.
    #[error("not supported yet: {0}")]
    Unsupported(String),
    /// An object a submission names is not (or no longer) known.
    #[error("{0} is not known to the executor")]
    UnknownObject(gpu::ObjectRef),
    #[error("{program}: its {stage:?} stage uses {kind} slot {slot}, where nothing is bound")]
    UnboundSlot {
        program: gpu::ProgramId,
        stage: gpu::objects::Stage,
        kind: &'static str,
        slot: u32,
    },
    #[error("moving texture storage: {0}")]
    Swizzle(#[from] memory::SwizzleError),
    #[error("pool access: {0}")]
    Pool(#[from] memory::PoolError),
    #[error("image cache: {0}")]
    Cache(#[from] crate::image_cache::CacheError),
    /// A GLSL or SPIR-V vertex input declared of another kind than its format delivers.
    #[error("{0}")]
    AttributeType(#[from] gpu::objects::program_attribute_kinds::AttributeTypeMismatch),
    /// A window's present interval has no present mode on its surface.
    #[error("{0}")]
    PresentMode(#[from] crate::present::present_mode::PresentModeError),
}

pub type VkResult<T> = Result<T, VkError>;

/// Maps a failed call's code, naming what was being done.
pub fn map_vk(context: &'static str) -> impl Fn(vk::Result) -> VkError {
    move |result| match result {
        vk::Result::ERROR_OUT_OF_HOST_MEMORY => VkError::OutOfHostMemory(context),
        vk::Result::ERROR_OUT_OF_DEVICE_MEMORY => VkError::OutOfDeviceMemory(context),
        vk::Result::ERROR_DEVICE_LOST => VkError::DeviceLost(context),
        result => VkError::Other { context, result },
    }
}

/// Maps gpu-allocator's errors; running out of memory stays recognisable.
pub fn map_allocation(context: &'static str) -> impl Fn(gpu_allocator::AllocationError) -> VkError {
    move |error| match error {
        gpu_allocator::AllocationError::OutOfMemory => VkError::OutOfDeviceMemory(context),
        other => VkError::Allocation {
            context,
            reason: other.to_string(),
        },
    }
}

/// A device profile (`RX_VK_SIMULATE`) that cannot be taken: the line and why.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("RX_VK_SIMULATE: {}", place(*.line, .reason))]
pub struct ProfileError {
    pub line: usize,
    pub reason: String,
}

/// A profile line's error with its line; a file that cannot be read, alone (line 0).
fn place(line: usize, reason: &str) -> String {
    match line {
        0 => reason.to_owned(),
        line => format!("device profile line {line}: {reason}"),
    }
}
