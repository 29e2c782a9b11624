//! What memory a virtual pool's sparse buffer binds, chosen per memory type from what the
//! driver reports: pure logic over the memory-type table and the `memoryTypeBits` of the
//! buffers involved, so it is tested over recorded tables of devices CI does not have.
//!
//! The physical pools' imported host memory is bound where a sparse buffer takes a type
//! that host memory imports into: CPU and GPU then share the bytes. Where none does
//! (NVIDIA's 580 driver: sparse buffers in type 1, device-local; host memory in types 2
//! and 3), each physical pool gets a mirror of its own in a type a plain sparse buffer
//! takes, and that mirror is bound: the executor keeps it in step with the pool's bytes
//! (CPU writes uploaded before each submission, GPU writes brought back after it), as it
//! keeps every mirrored pool.

use ash::vk;

/// The `memoryTypeBits` the choice is made from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SparseTypeBits {
    /// A sparse pool buffer made for imported host memory.
    pub sparse_for_import: u32,
    /// The types host memory imports into (`vkGetMemoryHostPointerPropertiesEXT`); 0
    /// where pools are not imported.
    pub host_pointer: u32,
    /// A sparse pool buffer made for ordinary memory.
    pub sparse_plain: u32,
    /// An ordinary (not sparse) pool buffer: a physical pool's mirror is one.
    pub pool_buffer: u32,
    /// The types say imports bind, but the GPU did not read an imported page's bytes
    /// through a sparse buffer (`sparse_probe`): imports are not bound.
    pub imports_unbound: bool,
}

/// Where physical pools' GPU bytes live.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PhysicalMemory {
    /// The pool's storage imported where the driver can, else a mapped mirror.
    ImportedOrMirrored,
    /// A mirror in memory of its own of type `type_index`, mapped where `map`; unmapped
    /// ones are kept by GPU copies (tests take this for every pool; the sparse path moves
    /// a physical pool into one when it first maps it).
    OwnMirror { type_index: u32, map: bool },
}

/// What a mirror the CPU maps needs: host-visible and coherent.
const MAPPABLE: vk::MemoryPropertyFlags = vk::MemoryPropertyFlags::from_raw(
    vk::MemoryPropertyFlags::HOST_VISIBLE.as_raw()
        | vk::MemoryPropertyFlags::HOST_COHERENT.as_raw(),
);

/// The memory bound under virtual pools' pages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SparseMemory {
    /// The physical pools' imported host memory, in one of `types`.
    Imported { types: u32 },
    /// A mirror of each physical pool in memory type `type_index`. `host_visible`: the
    /// type is host-visible and coherent, so the mirror is mapped and kept in step by CPU
    /// copies; else by GPU copies through staging memory.
    Mirror { type_index: u32, host_visible: bool },
}

impl SparseMemory {
    /// What `hookshot info`, the log and `hsDeviceGetVirtualPoolPathDescription` say.
    pub fn describe(&self, bits: &SparseTypeBits, types: &[vk::MemoryPropertyFlags]) -> String {
        match *self {
            SparseMemory::Imported { types: taken } => {
                format!("bound to physical pools' imported host memory (types {taken:#x})")
            }
            SparseMemory::Mirror {
                type_index,
                host_visible,
            } => {
                let flags = types.get(type_index as usize).copied().unwrap_or_default();
                let kept = if host_visible {
                    "mapped, kept in step by CPU copies"
                } else {
                    "kept in step by GPU copies through staging"
                };
                let why = match bits.host_pointer {
                    _ if bits.imports_unbound => format!(
                        "imported host memory bound under a sparse buffer (types {:#x}) did \
                         not show the GPU the host's bytes when probed (the driver binds no \
                         host-pointer import, as lavapipe 25)",
                        bits.sparse_for_import & bits.host_pointer
                    ),
                    0 => "pools are not imported from host memory here".to_owned(),
                    host => format!(
                        "no memory type takes both a sparse buffer ({:#x}) and imported host \
                         memory ({host:#x})",
                        bits.sparse_for_import
                    ),
                };
                format!(
                    "bound to physical pools' mirrors in memory type {type_index} ({}; {kept}), \
                     because {why}",
                    flag_names(flags)
                )
            }
        }
    }
}

/// The memory virtual pools bind on a device whose memory types are `types` (property
/// flags by index), or why none will do. Imported memory is taken first (no copies);
/// else a mirror type, device-local first, host-visible first among equals.
pub fn choose_sparse_memory(
    bits: &SparseTypeBits,
    types: &[vk::MemoryPropertyFlags],
) -> Result<SparseMemory, String> {
    let valid = match types.len() {
        0 => 0,
        count if count >= 32 => u32::MAX,
        count => (1u32 << count) - 1,
    };
    let imported = bits.sparse_for_import & bits.host_pointer & valid;
    if imported != 0 && !bits.imports_unbound {
        return Ok(SparseMemory::Imported { types: imported });
    }
    let mirrors = bits.sparse_plain & bits.pool_buffer & valid;
    // Mapped only where coherent: the mirror code copies without flushing.
    let mappable = |index: u32| types[index as usize].contains(MAPPABLE);
    let rank = |index: u32| {
        let flags = types[index as usize];
        let local = flags.contains(vk::MemoryPropertyFlags::DEVICE_LOCAL);
        let visible = mappable(index);
        // Lower is better; then the lowest index, as the driver orders its types.
        (u8::from(!local), u8::from(!visible), index)
    };
    let best = (0..32)
        .filter(|index| mirrors & (1 << index) != 0)
        .filter(|&index| !types[index as usize].contains(vk::MemoryPropertyFlags::PROTECTED))
        .min_by_key(|&index| rank(index));
    match best {
        Some(type_index) => Ok(SparseMemory::Mirror {
            type_index,
            host_visible: mappable(type_index),
        }),
        None => Err(format!(
            "no memory type takes both a sparse buffer ({:#x}) and imported host memory \
             ({:#x}), nor both a sparse buffer ({:#x}) and a pool buffer ({:#x})",
            bits.sparse_for_import, bits.host_pointer, bits.sparse_plain, bits.pool_buffer
        )),
    }
}

/// `DEVICE_LOCAL | HOST_VISIBLE | ...` as short names, `none` for no flags.
pub fn flag_names(flags: vk::MemoryPropertyFlags) -> String {
    let names: Vec<&str> = [
        (vk::MemoryPropertyFlags::DEVICE_LOCAL, "device-local"),
        (vk::MemoryPropertyFlags::HOST_VISIBLE, "host-visible"),
        (vk::MemoryPropertyFlags::HOST_COHERENT, "coherent"),
        (vk::MemoryPropertyFlags::HOST_CACHED, "cached"),
        (
            vk::MemoryPropertyFlags::LAZILY_ALLOCATED,
            "lazily allocated",
        ),
        (vk::MemoryPropertyFlags::PROTECTED, "protected"),
    ]
    .into_iter()
    .filter(|(flag, _)| flags.contains(*flag))
    .map(|(_, name)| name)
    .collect();
    match names.is_empty() {
        true => "no flags".into(),
        false => names.join(", "),
    }
}

#[cfg(test)]
#[path = "sparse_memory_tests.rs"]
mod tests;
