//! The queue: submit finished lists, flush, finish, signal and wait on syncs, present.
//! Sync values are given out here, at submit, so a list submitted many times signals a
//! new value each time.

use std::time::Duration;

use parking_lot::{RwLockUpgradableReadGuard, RwLockWriteGuard};

use crate::backend::Submission;
use crate::command::CommandList;
use crate::device::Device;
use crate::error::QueueError;
use crate::ids::{SyncId, WindowId};
use crate::objects::{AcquiredTexture, ObjectTables, SyncCondition, SyncWait};
use crate::recording::Record;

pub struct Queue<'d> {
    device: &'d Device,
}

/// The values a list's sync ops get when submitted now: a signal the next value of its
/// sync, a wait the value of the last signal issued before it (counting earlier
/// signals in the same list). Pure: the counters change only once the backend took it.
pub fn resolve_sync_values(
    list: &CommandList,
    tables: &ObjectTables,
) -> Result<Vec<(SyncId, u64)>, QueueError> {
    let mut values: Vec<(SyncId, u64)> = Vec::new();
    for (sync, is_signal) in list.sync_ops() {
        let issued = match values.iter().rev().find(|(id, _)| *id == sync) {
            Some(&(_, value)) => value,
            None => {
                tables
                    .syncs
                    .get(sync)
                    .ok_or(QueueError::UnknownObject(sync.into()))?
                    .last_issued_value
            }
        };
        let value = if is_signal { issued + 1 } else { issued };
        values.push((sync, value));
    }
    Ok(values)
}

impl<'d> Queue<'d> {
    pub(crate) fn new(device: &'d Device) -> Queue<'d> {
        Queue { device }
    }

    pub fn submit(&self, list: &CommandList) -> Result<(), QueueError> {
        let Some(list_id) = list
            .id()
            .filter(|_| list.device_serial == self.device.serial())
        else {
            return Err(QueueError::ForeignList);
        };
        self.device.report_all_pointer_writes()?;
        self.device.sync_virtual_pools()?;
        // Upgradable: recording threads go on reading the tables (their checks' slow way)
        // while this list is translated; submissions and object changes wait. Only the
        // sync values' update below needs the tables alone.
        let tables = self.device.tables.upgradable_read();
        let mut queue_tables = self.device.queue_tables.lock();
        let tables_after = crate::command::queue_binds::check_at_submit(
            list,
            *queue_tables,
            &tables,
            self.device.features(),
        )?;
        let resolved = resolve_sync_values(list, &tables)?;
        let sync_values: Vec<u64> = resolved.iter().map(|&(_, value)| value).collect();
        let body = self.device.backend.lock().submit_split(
            Submission {
                list,
                sync_values: &sync_values,
            },
            &tables,
        )?;
        *queue_tables = tables_after;
        drop(queue_tables);
        // The list's body (if the backend split it off) is translated under a shared read
        // of the tables: other submissions, recording threads' checks and other bodies go
        // on; finalizing an object waits until no body can still use it.
        let tables = if resolved.is_empty() {
            RwLockUpgradableReadGuard::downgrade(tables)
        } else {
            let mut tables = RwLockUpgradableReadGuard::upgrade(tables);
            for (sync, value) in resolved {
                if let Some(object) = tables.syncs.get_mut(sync) {
                    object.last_issued_value = object.last_issued_value.max(value);
                }
            }
            RwLockWriteGuard::downgrade(tables)
        };
        tracing::trace!(target: "gpu::queue", list = %list_id, ops = list.len(), "submitted");
        self.device.record_with(|| Record::Submit {
            list: list_id,
            sync_values,
        });
        if let Some(body) = body {
            body()?;
        }
        drop(tables);
        Ok(())
    }

    /// Signals `sync` once all work submitted before is done (to `condition`).
    pub fn fence_sync(&self, sync: SyncId, condition: SyncCondition) -> Result<(), QueueError> {
        let mut buffer = self.device.command_buffer();
        buffer.signal_sync(sync, condition, true)?;
        self.submit(&buffer.finish())
    }

    /// Makes later GPU work wait for the last signal issued on `sync`.
    pub fn wait_sync(&self, sync: SyncId) -> Result<(), QueueError> {
        let mut buffer = self.device.command_buffer();
        buffer.wait_sync(sync)?;
        self.submit(&buffer.finish())
    }

    pub fn flush(&self) -> Result<(), QueueError> {
        let _tables = self.device.tables.read();
        self.device.backend.lock().flush()?;
        self.device.record_with(|| Record::Flush);
        Ok(())
    }

    /// Waits until everything submitted is done.
    pub fn finish(&self) -> Result<(), QueueError> {
        let _tables = self.device.tables.read();
        self.device.backend.lock().finish()?;
        self.device.record_with(|| Record::Finish);
        Ok(())
    }

    pub fn present(&self, window: WindowId, index: u32) -> Result<(), QueueError> {
        let tables = self.device.tables.read();
        let window_object = tables
            .windows
            .get(window)
            .ok_or(QueueError::UnknownObject(window.into()))?;
        let count = window_object.textures.len() as u32;
        if index >= count {
            return Err(QueueError::WindowIndex {
                window,
                index,
                count,
            });
        }
        self.device.backend.lock().present(window, index, &tables)?;
        self.device
            .record_with(|| Record::Present { window, index });
        Ok(())
    }
}

impl Device {
    /// Waits on the CPU, up to `timeout`, for the last signal issued on `sync`.
    pub fn wait_sync(&self, sync: SyncId, timeout: Duration) -> Result<SyncWait, QueueError> {
        let value = self
            .tables
            .read()
            .syncs
            .get(sync)
            .ok_or(QueueError::UnknownObject(sync.into()))?
            .last_issued_value;
        // The tables are not held while waiting: other threads go on making and submitting.
        let outcome = if value == 0 {
            SyncWait::NeverSignaled
        } else if self.backend.lock().wait_sync(sync, value, timeout)? {
            SyncWait::Signaled
        } else {
            SyncWait::TimedOut
        };
        self.record_with(|| Record::CpuWait {
            sync,
            value,
            timeout_ns: u64::try_from(timeout.as_nanos()).unwrap_or(u64::MAX),
            outcome,
        });
        Ok(outcome)
    }

    /// The window's next texture to draw into.
    pub fn acquire_texture(&self, window: WindowId) -> Result<AcquiredTexture, QueueError> {
        let tables = self.tables.read();
        let window_object = tables
            .windows
            .get(window)
            .ok_or(QueueError::UnknownObject(window.into()))?;
        let index = self.backend.lock().acquire(window, &tables)?;
        let Some(&texture) = window_object.textures.get(index as usize) else {
            return Err(QueueError::WindowIndex {
                window,
                index,
                count: window_object.textures.len() as u32,
            });
        };
        self.record_with(|| Record::Acquire { window, index });
        Ok(AcquiredTexture { index, texture })
    }
}
