//! host-import: what `VK_EXT_external_memory_host` gives, on which Hookshot's pools rest
//! (their own bytes imported, so CPU and GPU see one storage): the pointer alignment it
//! needs, the largest import that succeeds (sizes doubling from 1 MiB), the memory types an
//! imported pointer may take, and what a GPU read of imported memory costs against one of
//! device-local memory: the same copy from each, timed side by side, round after round.

use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Context;
use gpu_allocator::MemoryLocation;
use gpu_vk::ash::vk;
use gpu_vk::gpu_memory::allocated_buffer::AllocatedBuffer;
use gpu_vk::gpu_memory::pool_buffer::PoolBuffer;
use gpu_vk::gpu_timer::GpuTimer;
use gpu_vk::immediate::Immediate;
use gpu_vk::Device;

use super::{Options, Report};

const TIMEOUT: Duration = Duration::from_secs(60);

/// Host memory from the global allocator, at an alignment the import accepts; its pages
/// are not touched until written.
struct HostBlock {
    ptr: *mut u8,
    layout: std::alloc::Layout,
}

impl HostBlock {
    fn new(size_b: u64, alignment_b: u64) -> Option<HostBlock> {
        let layout = std::alloc::Layout::from_size_align(
            usize::try_from(size_b).ok()?,
            usize::try_from(alignment_b.max(4096)).ok()?,
        )
        .ok()?;
        // SAFETY: the layout has a non-zero size.
        let ptr = unsafe { std::alloc::alloc(layout) };
        (!ptr.is_null()).then_some(HostBlock { ptr, layout })
    }

    fn bytes_mut(&mut self) -> &mut [u8] {
        // SAFETY: the block owns `layout.size()` bytes at `ptr`; `&mut self` is unique.
        unsafe { std::slice::from_raw_parts_mut(self.ptr, self.layout.size()) }
    }
}

impl Drop for HostBlock {
    fn drop(&mut self) {
        // SAFETY: allocated with this layout; any buffer importing it was dropped first.
        unsafe { std::alloc::dealloc(self.ptr, self.layout) };
    }
}

/// An imported buffer over its host block. Fields drop in order: the buffer (and the
/// imported memory) before the block.
struct Imported {
    buffer: PoolBuffer,
    _block: HostBlock,
}

fn import(device: &Arc<Device>, mut block: HostBlock, size_b: u64) -> anyhow::Result<Imported> {
    let ptr = block.bytes_mut().as_mut_ptr();
    anyhow::ensure!(
        PoolBuffer::can_import(device, ptr, size_b),
        "the device cannot import {size_b} bytes at this pointer"
    );
    // SAFETY: the block stays allocated and unmoved while `Imported` holds both, and the
    // buffer is dropped (after the GPU's work waited for) before the block.
    let buffer = unsafe { PoolBuffer::import(device, ptr, size_b) }?;
    Ok(Imported {
        buffer,
        _block: block,
    })
}

/// The flags of the memory types a host pointer of this block may be imported as.
fn pointer_memory_types(
    device: &Arc<Device>,
    block: &mut HostBlock,
) -> anyhow::Result<Vec<String>> {
    let host =
        gpu_vk::ash::ext::external_memory_host::Device::new(&device.instance.raw, &device.raw);
    let mut properties = vk::MemoryHostPointerPropertiesEXT::default();
    // SAFETY: the block is a live, suitably aligned host allocation.
    unsafe {
        (host.fp().get_memory_host_pointer_properties_ext)(
            device.raw.handle(),
            vk::ExternalMemoryHandleTypeFlags::HOST_ALLOCATION_EXT,
            block.bytes_mut().as_mut_ptr() as *const std::ffi::c_void,
            &mut properties,
        )
    }
    .result()
    .context("vkGetMemoryHostPointerPropertiesEXT")?;
    let types = &device.caps.memory_types;
    Ok((0..types.len())
        .filter(|index| properties.memory_type_bits & (1 << index) != 0)
        .map(|index| format!("{index}: {:?}", types[index]))
        .collect())
}

/// The largest import in the doubling sequence that succeeds, and why the next failed.
fn largest_import(device: &Arc<Device>, alignment_b: u64, max_b: u64) -> (u64, Option<String>) {
    let mut largest_b = 0;
    let mut size_b = 1 << 20;
    while size_b <= max_b {
        let Some(block) = HostBlock::new(size_b, alignment_b) else {
            return (
                largest_b,
                Some(format!("{size_b} bytes: host allocation failed")),
            );
        };
        match import(device, block, size_b) {
            Ok(imported) => drop(imported),
            Err(error) => return (largest_b, Some(format!("{size_b} bytes: {error:#}"))),
        }
        largest_b = size_b;
        size_b *= 2;
    }
    (largest_b, None)
}

fn copy(device: &Device, cmd: vk::CommandBuffer, src: vk::Buffer, dst: vk::Buffer, size_b: u64) {
    let region = vk::BufferCopy::default().size(size_b);
    // SAFETY: `cmd` is recording; both buffers hold `size_b` bytes and outlive the wait.
    unsafe { device.raw.cmd_copy_buffer(cmd, src, dst, &[region]) };
}

fn after_copy(device: &Device, cmd: vk::CommandBuffer, dst_access: vk::AccessFlags2) {
    let barrier = [vk::MemoryBarrier2::default()
        .src_stage_mask(vk::PipelineStageFlags2::COPY | vk::PipelineStageFlags2::CLEAR)
        .src_access_mask(vk::AccessFlags2::TRANSFER_WRITE)
        .dst_stage_mask(vk::PipelineStageFlags2::COPY | vk::PipelineStageFlags2::HOST)
        .dst_access_mask(dst_access)];
    // SAFETY: `cmd` is recording outside a render pass.
    unsafe {
        device.raw.cmd_pipeline_barrier2(
            cmd,
            &vk::DependencyInfo::default().memory_barriers(&barrier),
        )
    };
}

/// The median of `values` (sorted in place).
fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

/// Median nanoseconds of a copy from imported and from device-local memory, and the timer.
struct ReadCost {
    imported_ns: f64,
    device_local_ns: f64,
    timer: &'static str,
    bytes_checked: usize,
}

fn read_cost(device: &Arc<Device>, options: &Options) -> anyhow::Result<ReadCost> {
    let size_b = options.read_b;
    let alignment_b = device.caps.min_imported_host_pointer_alignment_b;
    let mut block = HostBlock::new(size_b, alignment_b).context("allocating the read block")?;
    for (index, byte) in block.bytes_mut().iter_mut().enumerate() {
        *byte = (index as u32).wrapping_mul(2_654_435_761).to_le_bytes()[3];
    }
    let expected_head: Vec<u8> = block.bytes_mut()[..4096].to_vec();
    let imported = import(device, block, size_b)?;
    let usage = vk::BufferUsageFlags::TRANSFER_SRC | vk::BufferUsageFlags::TRANSFER_DST;
    let local = AllocatedBuffer::new(
        device,
        size_b,
        usage,
        MemoryLocation::GpuOnly,
        "probe source",
    )?;
    let dst = AllocatedBuffer::new(
        device,
        size_b,
        usage,
        MemoryLocation::GpuOnly,
        "probe target",
    )?;
    let head_b = expected_head.len() as u64;
    let readback = AllocatedBuffer::new(
        device,
        head_b,
        usage,
        MemoryLocation::GpuToCpu,
        "probe check",
    )?;
    let mut immediate = Immediate::new(device)?;
    // The check that the imported copy reads the host's bytes, and the device-local
    // source's fill.
    immediate.run(TIMEOUT, |cmd| {
        // SAFETY: `cmd` is recording; the buffer is `size_b` bytes.
        unsafe {
            device
                .raw
                .cmd_fill_buffer(cmd, local.raw, 0, size_b, 0x5A5A_5A5A)
        };
        copy(device, cmd, imported.buffer.raw, dst.raw, size_b);
        after_copy(
            device,
            cmd,
            vk::AccessFlags2::TRANSFER_READ | vk::AccessFlags2::TRANSFER_WRITE,
        );
        copy(device, cmd, dst.raw, readback.raw, head_b);
        after_copy(device, cmd, vk::AccessFlags2::HOST_READ);
        Ok(())
    })?;
    let got = readback
        .mapped()
        .context("the check buffer is not mapped")?;
    anyhow::ensure!(
        got == expected_head.as_slice(),
        "a GPU copy from imported memory did not read the host's bytes"
    );
    let sources = [imported.buffer.raw, local.raw];
    let mut times_ns = [Vec::new(), Vec::new()];
    let timer = if device.caps.timestamps {
        let timer = GpuTimer::new(device, 2)?;
        for round in 0..options.rounds {
            // Alternate which source goes first, so neither always follows the other.
            let order = if round % 2 == 0 { [0, 1] } else { [1, 0] };
            immediate.run(TIMEOUT, |cmd| {
                timer.reset(cmd);
                for &source in &order {
                    // Each copy writes the target the last one wrote.
                    after_copy(device, cmd, vk::AccessFlags2::TRANSFER_WRITE);
                    timer.begin(cmd, source as u32);
                    copy(device, cmd, sources[source], dst.raw, size_b);
                    timer.end(cmd, source as u32);
                }
                Ok(())
            })?;
            let spans = timer.read_ns(2)?;
            times_ns[0].push(spans[0]);
            times_ns[1].push(spans[1]);
        }
        "GPU timestamps"
    } else {
        for round in 0..options.rounds {
            let order = if round % 2 == 0 { [0, 1] } else { [1, 0] };
            for source in order {
                let start = Instant::now();
                immediate.run(TIMEOUT, |cmd| {
                    after_copy(device, cmd, vk::AccessFlags2::TRANSFER_WRITE);
                    copy(device, cmd, sources[source], dst.raw, size_b);
                    Ok(())
                })?;
                times_ns[source].push(start.elapsed().as_nanos() as f64);
            }
        }
        "CPU wall clock (no timestamps)"
    };
    let [mut imported_ns, mut local_ns] = times_ns;
    Ok(ReadCost {
        imported_ns: median(&mut imported_ns),
        device_local_ns: median(&mut local_ns),
        timer,
        bytes_checked: expected_head.len(),
    })
}

/// A table row: the copy's time and rate from memory of `kind`.
fn copy_row(kind: &str, size_b: u64, ns: f64) -> Vec<String> {
    let gib_per_s = size_b as f64 / ns / 1.073_741_824;
    vec![
        format!("copy of {} MiB from {kind} memory", size_b >> 20),
        format!("{:.3} ms ({gib_per_s:.1} GiB/s)", ns / 1e6),
    ]
}

pub fn run(device: &Arc<Device>, options: &Options) -> anyhow::Result<Report> {
    let question =
        "how large and how costly is host memory imported with VK_EXT_external_memory_host?";
    if !device.caps.external_memory_host {
        return Ok(Report {
            probe: "host-import",
            question,
            columns: vec!["fact", "value"],
            rows: vec![vec![
                "VK_EXT_external_memory_host".into(),
                "not offered".into(),
            ]],
            findings: vec!["pools are mirrored in host-visible memory on this device".into()],
            json: serde_json::json!({ "offered": false }),
        });
    }
    let alignment_b = device.caps.min_imported_host_pointer_alignment_b;
    let mut block = HostBlock::new(1 << 20, alignment_b).context("allocating 1 MiB")?;
    let types = pointer_memory_types(device, &mut block)?;
    drop(block);
    let (largest_b, first_failure) = largest_import(device, alignment_b, options.import_max_b);
    let cost = read_cost(device, options)?;
    let ratio = cost.imported_ns / cost.device_local_ns;
    let size_b = options.read_b;
    let rows = vec![
        vec![
            "minImportedHostPointerAlignment".into(),
            format!("{alignment_b} bytes"),
        ],
        vec![
            "memory types of an imported pointer".into(),
            types.join("; "),
        ],
        vec![
            "largest import tried and succeeded".into(),
            format!(
                "{} MiB (tried up to {} MiB)",
                largest_b >> 20,
                options.import_max_b >> 20
            ),
        ],
        vec![
            "first failing import".into(),
            first_failure.clone().unwrap_or_else(|| "none".into()),
        ],
        copy_row("imported", size_b, cost.imported_ns),
        copy_row("device-local", size_b, cost.device_local_ns),
        vec![
            "timer".into(),
            format!("{}, median of {} rounds", cost.timer, options.rounds),
        ],
    ];
    Ok(Report {
        probe: "host-import",
        question,
        columns: vec!["fact", "value"],
        rows,
        findings: vec![format!(
            "a GPU read of imported memory takes {ratio:.2}x the time of one of device-local memory"
        )],
        json: serde_json::json!({
            "offered": true,
            "min_imported_host_pointer_alignment_b": alignment_b,
            "pointer_memory_types": types,
            "largest_import_b": largest_b,
            "import_tried_up_to_b": options.import_max_b,
            "first_failure": first_failure,
            "read_b": size_b,
            "rounds": options.rounds,
            "timer": cost.timer,
            "imported_read_ns": cost.imported_ns,
            "device_local_read_ns": cost.device_local_ns,
            "imported_over_device_local": ratio,
            "bytes_checked": cost.bytes_checked,
        }),
    })
}
