//! The texture budget (`RX_VK_VRAM_MB`): the switch's value, else half of what
//! `VK_EXT_memory_budget` says the largest device-local heap may still take, else half of
//! that heap's size.

use ash::vk;

use crate::bringup::device::Device;

/// The share of the device-local heap (or of its budget) host images may take by default;
/// the rest stays for render targets, buffers, the driver and other processes.
pub const DEFAULT_SHARE_PERCENT: u64 = 50;

/// Where the budget came from, for `hookshot info` and the logs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BudgetSource {
    Switch,
    MemoryBudgetExtension,
    HeapSize,
}

impl BudgetSource {
    pub fn as_str(self) -> &'static str {
        match self {
            BudgetSource::Switch => "RX_VK_VRAM_MB",
            BudgetSource::MemoryBudgetExtension => "VK_EXT_memory_budget",
            BudgetSource::HeapSize => "device-local heap size",
        }
    }
}

/// One device-local heap: its size and, where the driver reports it, its current budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HeapReport {
    pub size_b: u64,
    pub budget_b: Option<u64>,
}

/// The budget in bytes from the switch (MiB) or the device-local heaps.
pub fn texture_budget_b(switch_mb: Option<u64>, heaps: &[HeapReport]) -> (u64, BudgetSource) {
    if let Some(mb) = switch_mb {
        return (mb.saturating_mul(1 << 20), BudgetSource::Switch);
    }
    let largest = heaps.iter().max_by_key(|heap| heap.size_b);
    match largest {
        Some(HeapReport {
            budget_b: Some(budget_b),
            ..
        }) => (
            default_share(*budget_b),
            BudgetSource::MemoryBudgetExtension,
        ),
        Some(heap) => (default_share(heap.size_b), BudgetSource::HeapSize),
        None => (0, BudgetSource::HeapSize),
    }
}

fn default_share(bytes: u64) -> u64 {
    (u128::from(bytes) * u128::from(DEFAULT_SHARE_PERCENT) / 100) as u64
}

/// One heap as the driver reports it now: its size and flags, and where
/// `VK_EXT_memory_budget` is on, its budget and current usage.
#[derive(Clone, Copy, Debug)]
pub struct HeapState {
    pub size_b: u64,
    pub flags: vk::MemoryHeapFlags,
    pub budget_b: Option<u64>,
    pub usage_b: Option<u64>,
}

/// Every heap of `device`, in the driver's order.
pub fn heap_states(device: &Device) -> Vec<HeapState> {
    let mut budget = vk::PhysicalDeviceMemoryBudgetPropertiesEXT::default();
    let mut properties = vk::PhysicalDeviceMemoryProperties2::default();
    let with_budget = device.caps.memory_budget;
    if with_budget {
        properties = properties.push_next(&mut budget);
    }
    // SAFETY: a plain query; the chained struct outlives the call.
    unsafe {
        device
            .instance
            .raw
            .get_physical_device_memory_properties2(device.physical, &mut properties)
    };
    let heaps = properties
        .memory_properties
        .memory_heaps_as_slice()
        .to_vec();
    heaps
        .iter()
        .enumerate()
        .map(|(index, heap)| HeapState {
            size_b: heap.size,
            flags: heap.flags,
            budget_b: with_budget.then(|| budget.heap_budget[index]),
            usage_b: with_budget.then(|| budget.heap_usage[index]),
        })
        .collect()
}

/// The device-local heaps of `device`, with budgets where `VK_EXT_memory_budget` is on.
pub fn device_local_heaps(device: &Device) -> Vec<HeapReport> {
    heap_states(device)
        .iter()
        .filter(|heap| heap.flags.contains(vk::MemoryHeapFlags::DEVICE_LOCAL))
        .map(|heap| HeapReport {
            size_b: heap.size_b,
            budget_b: heap.budget_b,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_switch_wins_then_the_extension_then_the_heap() {
        let heaps = [
            HeapReport {
                size_b: 256 << 20,
                budget_b: Some(200 << 20),
            },
            HeapReport {
                size_b: 8 << 30,
                budget_b: Some(6 << 30),
            },
        ];
        assert_eq!(
            texture_budget_b(Some(64), &heaps),
            (64 << 20, BudgetSource::Switch)
        );
        assert_eq!(
            texture_budget_b(None, &heaps),
            (3 << 30, BudgetSource::MemoryBudgetExtension)
        );
        let plain = [HeapReport {
            size_b: 2 << 30,
            budget_b: None,
        }];
        assert_eq!(
            texture_budget_b(None, &plain),
            (1 << 30, BudgetSource::HeapSize)
        );
        assert_eq!(texture_budget_b(None, &[]), (0, BudgetSource::HeapSize));
    }
}
