//! How a device gives a virtual pool its pages: Vulkan's sparse binding (the physical
//! pool's memory bound under the virtual pool's buffer, so GPU reads and writes through the
//! virtual pool land in the physical pages), or Hookshot's own copy-on-map where the device
//! has no sparse binding or `RX_VK_VIRTUAL_SPARSE=0` asks for it. The backend chooses once,
//! when it is made, and says why it did not take sparse binding, and, where it did, what
//! the GPU reads at unmapped pages (`SparseResidency`).

use std::fmt;

use super::VIRTUAL_PAGE_B;

/// What the GPU sees at a sparse virtual pool's unmapped pages, from the device's
/// `residencyNonResidentStrict`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SparseResidency {
    /// Strict residency: unbound pages read zero and drop writes, as on copy-on-map.
    Strict,
    /// The device is not strict and `RX_VK_VIRTUAL_SPARSE=relaxed` took sparse binding
    /// anyway: the GPU reads undefined values at unbound pages; its reads and writes there
    /// are still safe (they touch no other resource and no mapped page).
    Relaxed,
}

impl SparseResidency {
    /// What a GPU access to an unmapped page does, for descriptions.
    pub fn unmapped_pages(self) -> &'static str {
        match self {
            SparseResidency::Strict => "unmapped pages read zero and drop writes",
            SparseResidency::Relaxed => {
                "unmapped pages read undefined values on the GPU (the device lacks \
                 residencyNonResidentStrict; RX_VK_VIRTUAL_SPARSE=relaxed)"
            }
        }
    }
}

/// `RX_VK_VIRTUAL_SPARSE`: when virtual pools take sparse binding.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SparseSwitch {
    /// `0`: copy-on-map on every device.
    Off,
    /// `1`: sparse binding only where the device has strict residency.
    #[default]
    Strict,
    /// `relaxed`: sparse binding also where the device lacks strict residency.
    Relaxed,
}

impl SparseSwitch {
    /// The switch's value as written in `env_switches.tsv`.
    pub fn from_value(value: &str) -> Option<SparseSwitch> {
        match value {
            "0" => Some(SparseSwitch::Off),
            "1" => Some(SparseSwitch::Strict),
            "relaxed" => Some(SparseSwitch::Relaxed),
            _ => None,
        }
    }

    pub fn value(self) -> &'static str {
        match self {
            SparseSwitch::Off => "0",
            SparseSwitch::Strict => "1",
            SparseSwitch::Relaxed => "relaxed",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VirtualPoolPath {
    /// Copy-on-map (`Device::map_virtual`'s copies on the CPU, on every device); `why`
    /// names what sparse binding lacked, or the switch.
    CopyOnMap { why: String },
    /// `vkQueueBindSparse` of the physical pool's memory at each page; the CPU storage of
    /// the virtual pool still takes copies of the mapped bytes (the image cache reads it).
    /// `block_b`: the device's sparse block for a pool buffer, which divides the page;
    /// `memory`: what is bound under the pages and why (the physical pools' imported
    /// memory, or their mirrors in a memory type the sparse buffer takes); `residency`:
    /// what the GPU reads at unmapped pages.
    SparseBinding {
        block_b: u64,
        memory: String,
        residency: SparseResidency,
    },
}

impl VirtualPoolPath {
    pub fn is_sparse(&self) -> bool {
        matches!(self, VirtualPoolPath::SparseBinding { .. })
    }

    /// Whether the GPU reads zero at unmapped pages and drops writes there: copy-on-map
    /// and strict sparse binding.
    pub fn unmapped_reads_zero(&self) -> bool {
        !matches!(
            self,
            VirtualPoolPath::SparseBinding {
                residency: SparseResidency::Relaxed,
                ..
            }
        )
    }

    /// A short name for logs and benchmarks: `sparse`, `sparse-relaxed` or `copy-on-map`.
    pub fn name(&self) -> &'static str {
        match self {
            VirtualPoolPath::CopyOnMap { .. } => "copy-on-map",
            VirtualPoolPath::SparseBinding {
                residency: SparseResidency::Strict,
                ..
            } => "sparse",
            VirtualPoolPath::SparseBinding {
                residency: SparseResidency::Relaxed,
                ..
            } => "sparse-relaxed",
        }
    }
}

impl fmt::Display for VirtualPoolPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VirtualPoolPath::CopyOnMap { why } => {
                write!(
                    f,
                    "copy-on-map ({why}; unmapped pages read zero and drop writes)"
                )
            }
            VirtualPoolPath::SparseBinding {
                block_b,
                memory,
                residency,
            } => {
                let mode = match residency {
                    SparseResidency::Strict => "strict",
                    SparseResidency::Relaxed => "relaxed",
                };
                write!(
                    f,
                    "sparse binding, {mode} residency ({block_b}-byte sparse blocks, {memory}; {})",
                    residency.unmapped_pages()
                )
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
    fn the_switch_values_and_the_description_name_the_mode() {
        for switch in [
            SparseSwitch::Off,
            SparseSwitch::Strict,
            SparseSwitch::Relaxed,
        ] {
            assert_eq!(SparseSwitch::from_value(switch.value()), Some(switch));
        }
        assert_eq!(SparseSwitch::from_value("strict"), None);
        let path = |residency| VirtualPoolPath::SparseBinding {
            block_b: 4096,
            memory: "imported host memory".into(),
            residency,
        };
        let strict = path(SparseResidency::Strict);
        assert!(strict.unmapped_reads_zero());
        assert!(strict.to_string().contains("strict residency"), "{strict}");
        assert!(strict.to_string().contains("read zero"), "{strict}");
        let relaxed = path(SparseResidency::Relaxed);
        assert!(!relaxed.unmapped_reads_zero());
        assert_eq!(relaxed.name(), "sparse-relaxed");
        for part in [
            "relaxed residency",
            "undefined",
            "residencyNonResidentStrict",
        ] {
            assert!(relaxed.to_string().contains(part), "{relaxed}");
        }
        let copy = VirtualPoolPath::CopyOnMap { why: "x".into() };
        assert!(copy.unmapped_reads_zero() && !copy.is_sparse());
    }

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
