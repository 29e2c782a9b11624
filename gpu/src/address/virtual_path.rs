//! How a device gives a virtual pool its pages: Vulkan's sparse binding (the physical
//! pool's memory bound under the virtual pool's buffer, so GPU reads and writes through the
//! virtual pool land in the physical pages), or Hookshot's own copy-on-map where the device
//! has no sparse binding or `RX_VK_VIRTUAL_SPARSE=0` asks for it. The backend chooses once,
//! when it is made, and says why it did not take sparse binding.

use std::fmt;

use super::VIRTUAL_PAGE_B;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VirtualPoolPath {
    /// Copy-on-map (`Device::map_virtual`'s copies on the CPU, on every device); `why`
    /// names what sparse binding lacked, or the switch.
    CopyOnMap { why: String },
    /// `vkQueueBindSparse` of the physical pool's memory at each page; the CPU storage of
    /// the virtual pool still takes copies of the mapped bytes (the image cache reads it).
    /// `block_b`: the device's sparse block for a pool buffer, which divides the page;
    /// `memory`: what is bound under the pages and why (the physical pools' imported
    /// memory, or their mirrors in a memory type the sparse buffer takes).
    SparseBinding { block_b: u64, memory: String },
}

impl VirtualPoolPath {
    pub fn is_sparse(&self) -> bool {
        matches!(self, VirtualPoolPath::SparseBinding { .. })
    }

    /// A short name for logs and benchmarks: `sparse` or `copy-on-map`.
    pub fn name(&self) -> &'static str {
        match self {
            VirtualPoolPath::CopyOnMap { .. } => "copy-on-map",
            VirtualPoolPath::SparseBinding { .. } => "sparse",
        }
    }
}

impl fmt::Display for VirtualPoolPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VirtualPoolPath::CopyOnMap { why } => write!(f, "copy-on-map ({why})"),
            VirtualPoolPath::SparseBinding { block_b, memory } => {
                write!(f, "sparse binding ({block_b}-byte sparse blocks, {memory})")
            }
        }
    }
}

/// Why a device's sparse block cannot carry NVN's mapping granularity, or `None` where it
/// can: a page is bound as whole blocks at block-aligned offsets, so the block must divide
/// the 64 KiB page (a larger block, or one that is not a power of two, cannot honour it).
pub fn sparse_block_refusal(block_b: u64) -> Option<String> {
    if block_b == 0 || !block_b.is_power_of_two() || !VIRTUAL_PAGE_B.is_multiple_of(block_b) {
        return Some(format!(
            "the device's sparse block of {block_b} bytes does not divide the \
             {VIRTUAL_PAGE_B}-byte virtual page (NVN's mapping granularity)"
        ));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_that_divide_the_page_are_taken_and_others_refused_by_name() {
        for block_b in [4096, 16384, 65536] {
            assert_eq!(sparse_block_refusal(block_b), None, "{block_b}");
        }
        for block_b in [0, 3 * 4096, 131072, 2 << 20] {
            let why = sparse_block_refusal(block_b).expect("refused");
            assert!(why.contains(&format!("{block_b} bytes")), "{why}");
            assert!(why.contains("65536-byte virtual page"), "{why}");
        }
    }
}
