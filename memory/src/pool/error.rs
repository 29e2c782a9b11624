//! Why a pool operation was refused. A refused operation changes nothing.

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PoolError {
    #[error("pool size {size_b} bytes is not a non-zero multiple of 4096")]
    BadSize { size_b: u64 },
    #[error("invalid pool flags: {reason}")]
    BadFlags { reason: &'static str },
    #[error("could not reserve {size_b} bytes of pool storage: {reason}")]
    OutOfMemory { size_b: u64, reason: String },
    #[error("range {offset_b:#x}+{len_b:#x} is outside the pool of {size_b:#x} bytes")]
    OutOfBounds {
        offset_b: u64,
        len_b: u64,
        size_b: u64,
    },
    #[error("the pool was made without CPU access")]
    NoCpuAccess,
    #[error("the storage given at {address:#x} is not aligned to the host's {host_page_b}-byte pages (or its size is not a multiple of them)")]
    StorageUnaligned { address: usize, host_page_b: u64 },
    #[error(
        "a host page of {host_page_b} bytes: not a power of two of at least the OS's {real_b}"
    )]
    BadHostPage { host_page_b: u64, real_b: u64 },
    #[error("the pool's pages cannot be write-protected: {0} (use RX_VK_WRITE_TRACKING=explicit)")]
    CannotProtect(#[from] crate::tracking::protected::ProtectError),
}
