//! NVN memory pool flags: who may touch the pool and how it is backed.

/// CPU access to a pool.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CpuAccess {
    NoAccess,
    Uncached,
    Cached,
}

/// GPU access to a pool.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GpuAccess {
    NoAccess,
    Uncached,
    Cached,
}

/// Whether a pool owns memory or maps other pools' pages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PoolBacking {
    Physical,
    Virtual,
}

/// The flags a pool is made with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PoolFlags {
    pub cpu: CpuAccess,
    pub gpu: GpuAccess,
    pub backing: PoolBacking,
    /// The GPU may store it compressed (render targets).
    pub compressible: bool,
    /// It holds shader code.
    pub shader_code: bool,
}

impl PoolFlags {
    /// A physical pool with this CPU and GPU access, not compressible, no shader code.
    pub const fn new(cpu: CpuAccess, gpu: GpuAccess) -> PoolFlags {
        PoolFlags {
            cpu,
            gpu,
            backing: PoolBacking::Physical,
            compressible: false,
            shader_code: false,
        }
    }

    /// CPU_CACHED | GPU_CACHED, the pool of the seeds' terrain textures.
    pub const CPU_CACHED_GPU_CACHED: PoolFlags =
        PoolFlags::new(CpuAccess::Cached, GpuAccess::Cached);

    pub fn cpu_accessible(&self) -> bool {
        self.cpu != CpuAccess::NoAccess
    }

    pub fn is_virtual(&self) -> bool {
        self.backing == PoolBacking::Virtual
    }
}
