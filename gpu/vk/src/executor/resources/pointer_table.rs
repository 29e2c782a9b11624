//! The pool table on the GPU (`shader_translate::pool_table`): the live pools' address
//! ranges and buffers' device addresses, which programs that dereference raw addresses
//! search. A table a submission read is never written again before that submission has
//! completed: a change of pools writes a fresh version (one whose last use is done, or a
//! new buffer). Misses go to one miss record, read after each completed submission and
//! reported (a count in the stats, and a warning naming the count and an address).

use std::sync::Arc;

use ash::vk;
use gpu_allocator::MemoryLocation;
use shader_translate::{
    pool_table_entries, PoolTableEntry, MISS_RECORD_ADDRESS_B, MISS_RECORD_B, MISS_RECORD_COUNT_B,
    MISS_RECORD_PROGRAM_B, POOL_TABLE_COUNT_B, POOL_TABLE_ENTRIES, POOL_TABLE_HEADER_B,
    POOL_TABLE_MISS_RECORD_B, POOL_TABLE_SIZE_B,
};

use crate::bringup::device::Device;
use crate::error::{VkError, VkResult};
use crate::gpu_memory::allocated_buffer::AllocatedBuffer;

const TABLE_USAGE: vk::BufferUsageFlags = vk::BufferUsageFlags::STORAGE_BUFFER;
const RECORD_USAGE: vk::BufferUsageFlags = vk::BufferUsageFlags::from_raw(
    vk::BufferUsageFlags::STORAGE_BUFFER.as_raw()
        | vk::BufferUsageFlags::SHADER_DEVICE_ADDRESS.as_raw(),
);

struct TableVersion {
    buffer: AllocatedBuffer,
    /// The timeline value of the last submission that may read it.
    last_use: u64,
}

/// Misses since the last report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NewMisses {
    pub count: u64,
    /// One address that missed (the last one written).
    pub address: u64,
    /// The tag of the program that missed there (`shader_translate::program_tag`); where
    /// programs miss at once, possibly another's.
    pub program_tag: u32,
}

pub struct PointerTable {
    versions: Vec<TableVersion>,
    /// The version the next submission reads (`None` before the first, or after a change
    /// of pools).
    current: Option<usize>,
    record: AllocatedBuffer,
    record_address: u64,
    /// The record's count at the last report (it wraps at 2^32).
    count_seen: u32,
    /// Misses reported since the table was made.
    pub misses: u64,
    device: Arc<Device>,
}

/// The device address of `buffer` (made with `SHADER_DEVICE_ADDRESS`).
pub fn device_address(device: &Device, buffer: vk::Buffer) -> u64 {
    let info = vk::BufferDeviceAddressInfo::default().buffer(buffer);
    // SAFETY: the buffer is live and was made with SHADER_DEVICE_ADDRESS usage, on a
    // device with bufferDeviceAddress enabled (the callers check the feature).
    unsafe { device.raw.get_buffer_device_address(&info) }
}

impl PointerTable {
    /// The table and its miss record; `None` where the device lacks raw pointers.
    pub fn new(device: &Arc<Device>) -> VkResult<Option<PointerTable>> {
        if !device.caps.state.buffer_device_address {
            return Ok(None);
        }
        let mut record = AllocatedBuffer::new(
            device,
            MISS_RECORD_B as u64,
            RECORD_USAGE,
            MemoryLocation::GpuToCpu,
            "the pool table's miss record",
        )?;
        record
            .mapped_mut()
            .ok_or_else(|| unmapped("the pool table's miss record"))?
            .fill(0);
        let record_address = device_address(device, record.raw);
        Ok(Some(PointerTable {
            versions: Vec::new(),
            current: None,
            record,
            record_address,
            count_seen: 0,
            misses: 0,
            device: device.clone(),
        }))
    }

    /// The pools changed: the next submission reads a fresh version.
    pub fn mark_stale(&mut self) {
        self.current = None;
    }

    /// The buffer the next submission reads, written from `entries` where stale;
    /// `completed`: the timeline value every submission up to has finished.
    pub fn current(
        &mut self,
        entries: impl FnOnce() -> Vec<PoolTableEntry>,
        completed: u64,
    ) -> VkResult<vk::Buffer> {
        if let Some(index) = self.current {
            return Ok(self.versions[index].buffer.raw);
        }
        let free = self
            .versions
            .iter()
            .position(|version| version.last_use <= completed);
        let index = match free {
            Some(index) => index,
            None => {
                let buffer = AllocatedBuffer::new(
                    &self.device,
                    POOL_TABLE_SIZE_B as u64,
                    TABLE_USAGE,
                    MemoryLocation::CpuToGpu,
                    "a pool table",
                )?;
                self.versions.push(TableVersion {
                    buffer,
                    last_use: 0,
                });
                self.versions.len() - 1
            }
        };
        let entries = entries();
        let live = entries.len().min(POOL_TABLE_ENTRIES) as u32;
        let (bytes, fits) = pool_table_entries(&entries);
        if let Err(full) = fits {
            tracing::warn!(target: "gpu_vk::executor", "{full}");
        }
        let mapped = self.versions[index]
            .buffer
            .mapped_mut()
            .ok_or_else(|| unmapped("a pool table"))?;
        mapped[..POOL_TABLE_HEADER_B].fill(0);
        let at = POOL_TABLE_MISS_RECORD_B;
        mapped[at..at + 8].copy_from_slice(&self.record_address.to_le_bytes());
        let at = POOL_TABLE_COUNT_B;
        mapped[at..at + 4].copy_from_slice(&live.to_le_bytes());
        mapped[POOL_TABLE_HEADER_B..].copy_from_slice(&bytes);
        self.current = Some(index);
        tracing::debug!(target: "gpu_vk::executor", version = index, "pool table written");
        Ok(self.versions[index].buffer.raw)
    }

    /// The version the next submission reads, once written.
    pub fn buffer(&self) -> Option<vk::Buffer> {
        Some(self.versions[self.current?].buffer.raw)
    }

    /// The current version is read by the submission of timeline value `value`.
    pub fn mark_used(&mut self, value: u64) {
        if let Some(index) = self.current {
            self.versions[index].last_use = value;
        }
    }

    /// Misses counted since the last call (read after a fence: the submissions' final
    /// host barrier made the record's writes visible).
    pub fn take_new_misses(&mut self) -> VkResult<Option<NewMisses>> {
        let record = self
            .record
            .mapped()
            .ok_or_else(|| unmapped("the pool table's miss record"))?;
        let word = |at: usize| u32::from_le_bytes(record[at..at + 4].try_into().expect("4 bytes"));
        let count = word(MISS_RECORD_COUNT_B);
        let new = count.wrapping_sub(self.count_seen);
        if new == 0 {
            return Ok(None);
        }
        let low = word(MISS_RECORD_ADDRESS_B);
        let high = word(MISS_RECORD_ADDRESS_B + 4);
        let program_tag = word(MISS_RECORD_PROGRAM_B);
        self.count_seen = count;
        self.misses += u64::from(new);
        Ok(Some(NewMisses {
            count: u64::from(new),
            address: u64::from(high) << 32 | u64::from(low),
            program_tag,
        }))
    }
}

fn unmapped(what: &'static str) -> VkError {
    VkError::Allocation {
        context: what,
        reason: "its host-visible memory is not mapped".into(),
    }
}
