//! NVN semantics, backend-neutral: the object model, command recording and the
//! recording format. Nothing here knows Vulkan.

pub mod switches;
