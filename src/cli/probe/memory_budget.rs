//! memory-budget: does the driver's memory budget follow Hookshot's allocations? The
//! texture budget's default (`RX_VK_VRAM_MB=auto`, `gpu_vk::gpu_memory::budget`) is half of what
//! `VK_EXT_memory_budget` says the largest device-local heap may take, else half of the
//! heap's size. This lists every heap with its size, budget and usage, then allocates one
//! block of device-local memory and reads the usage again, and again after freeing it:
//! a usage that moves by the block's size is one the budget can be steered by.

use std::sync::Arc;

use gpu_vk::ash::vk;
use gpu_vk::gpu_memory::budget::heap_states;
use gpu_vk::Device;

use super::memory_type::{choose, RawMemory};
use super::{Options, Report};

fn heap_of_type(device: &Device, type_index: u32) -> usize {
    let mut properties = vk::PhysicalDeviceMemoryProperties2::default();
    // SAFETY: a plain query.
    unsafe {
        device
            .instance
            .raw
            .get_physical_device_memory_properties2(device.physical, &mut properties)
    };
    properties.memory_properties.memory_types_as_slice()[type_index as usize].heap_index as usize
}

fn mib(bytes: Option<u64>) -> String {
    bytes.map_or_else(|| "-".into(), |b| format!("{} MiB", b >> 20))
}

/// `after - before` in bytes, signed.
fn delta(before: Option<u64>, after: Option<u64>) -> Option<i64> {
    Some(after? as i64 - before? as i64)
}

pub fn run(device: &Arc<Device>, options: &Options) -> anyhow::Result<Report> {
    let size_b = options.budget_probe_b;
    let type_index = choose(device, u32::MAX, vk::MemoryPropertyFlags::DEVICE_LOCAL)
        .ok_or_else(|| anyhow::anyhow!("the device lists no memory types"))?;
    let heap = heap_of_type(device, type_index);
    let before = heap_states(device);
    let memory = RawMemory::allocate(device, size_b, type_index)?;
    let during = heap_states(device);
    drop(memory);
    let after = heap_states(device);
    let mut rows = Vec::new();
    let mut json_heaps = Vec::new();
    for (index, heap) in before.iter().enumerate() {
        let (heap_size_b, flags, budget_b, usage_b) =
            (heap.size_b, heap.flags, heap.budget_b, heap.usage_b);
        let usage_during = during[index].usage_b;
        let usage_after = after[index].usage_b;
        rows.push(vec![
            index.to_string(),
            format!("{flags:?}"),
            mib(Some(heap_size_b)),
            mib(budget_b),
            mib(usage_b),
            mib(usage_during),
            mib(usage_after),
        ]);
        json_heaps.push(serde_json::json!({
            "index": index,
            "flags": format!("{flags:?}"),
            "size_b": heap_size_b,
            "budget_b": budget_b,
            "usage_b": usage_b,
            "usage_with_block_b": usage_during,
            "usage_after_free_b": usage_after,
        }));
    }
    let grew_b = delta(before[heap].usage_b, during[heap].usage_b);
    let returned_b = delta(during[heap].usage_b, after[heap].usage_b);
    // Within an eighth of the block: drivers round allocations and others may allocate.
    let follows = grew_b.is_some_and(|grew| (grew - size_b as i64).abs() <= size_b as i64 / 8);
    let (texture_budget_b, source) = gpu_vk::gpu_memory::budget::texture_budget_b(
        None,
        &gpu_vk::gpu_memory::budget::device_local_heaps(device),
    );
    let finding = match grew_b {
        None => "VK_EXT_memory_budget is not offered: the budget comes from the heap size".into(),
        Some(grew) => format!(
            "a {} MiB block moved heap {heap}'s usage by {} MiB ({}), and freeing it by {} MiB",
            size_b >> 20,
            grew >> 20,
            if follows {
                "follows"
            } else {
                "does not follow"
            },
            returned_b.unwrap_or(0) >> 20
        ),
    };
    Ok(Report {
        probe: "memory-budget",
        question: "does the driver's memory budget follow Hookshot's allocations?",
        columns: vec![
            "heap",
            "flags",
            "size",
            "budget",
            "usage",
            "usage with block",
            "usage after free",
        ],
        rows,
        findings: vec![
            finding,
            format!(
                "the texture budget by default: {} MiB (from {})",
                texture_budget_b >> 20,
                source.as_str()
            ),
        ],
        json: serde_json::json!({
            "memory_budget_extension": device.caps.memory_budget,
            "block_b": size_b,
            "block_memory_type": type_index,
            "block_heap": heap,
            "heaps": json_heaps,
            "usage_grew_b": grew_b,
            "usage_returned_b": returned_b,
            "usage_follows_allocations": grew_b.map(|_| follows),
            "default_texture_budget_b": texture_budget_b,
            "default_texture_budget_source": source.as_str(),
        }),
    })
}
