//! The device: owns every object (in `ObjectTables`), the backend, and the recording.
//! All methods take `&self`; objects are made and used from any thread.

mod addresses;
mod cpu_access;
mod create;
mod recorder;
mod virtual_map;

use std::io::Write;
use std::sync::atomic::{AtomicU64, Ordering};

use crossbeam_utils::CachePadded;
use parking_lot::{Mutex, RwLock, RwLockReadGuard};

use crate::backend::Backend;
use crate::command::{BoundState, CommandBuffer, CommandList};
use crate::features::DeviceFeatures;
use crate::ids::CommandListId;
use crate::objects::ObjectTables;
use crate::queue::Queue;
use crate::recording::Record;

pub use recorder::Recorder;

/// deko3d's device maker: the backend to execute on, and where to record, if anywhere.
pub struct DeviceMaker {
    pub backend: Box<dyn Backend>,
    pub recording: Option<Box<dyn Write + Send>>,
    /// How pools find the CPU's writes through their pointers (`RX_VK_WRITE_TRACKING`);
    /// page protection unless told otherwise.
    pub write_tracking: crate::mem::WriteTracking,
}

impl DeviceMaker {
    pub fn new(backend: Box<dyn Backend>) -> DeviceMaker {
        DeviceMaker {
            backend,
            recording: None,
            write_tracking: crate::mem::WriteTracking::default(),
        }
    }
    pub fn write_tracking(mut self, tracking: crate::mem::WriteTracking) -> DeviceMaker {
        self.write_tracking = tracking;
        self
    }
    pub fn recording(mut self, sink: Box<dyn Write + Send>) -> DeviceMaker {
        self.recording = Some(sink);
        self
    }
}

/// Tells devices apart, so a list is only submitted where it was finished.
static NEXT_DEVICE_SERIAL: AtomicU64 = AtomicU64::new(1);

/// Fields that threads write (locks taken, counters stored) each sit on cache lines of
/// their own (`CachePadded`): the read-mostly ones every recorded command reads
/// (`table_changes`, `features`) are never invalidated by another thread's lock or list.
pub struct Device {
    serial: u64,
    // Lock order: tables, then backend, then recorder.
    pub(crate) tables: CachePadded<RwLock<ObjectTables>>,
    pub(crate) backend: CachePadded<Mutex<Box<dyn Backend>>>,
    pub(crate) recorder: CachePadded<Mutex<Option<Recorder>>>,
    lists_finished: CachePadded<Mutex<u32>>,
    /// The descriptor tables the queue holds after the lists submitted so far.
    pub(crate) queue_tables: CachePadded<Mutex<crate::command::queue_binds::DescriptorTables>>,
    /// Ops in the list finished last: a new command buffer reserves that much (a game's
    /// lists are much alike from frame to frame), so recording does not grow it in steps.
    last_list_ops: CachePadded<AtomicU64>,
    /// Bumped, under the tables' write lock, whenever an object leaves the tables or a
    /// texture or sampler table slot is registered: what a command buffer found there
    /// stays true while this holds (`command::Remembered`).
    table_changes: AtomicU64,
    /// The process's trap count (`mem::tracking::trap_count`) when pointer writes were
    /// last reported for every pool: a submission after no new trap has none to find.
    pub(crate) pointer_writes_reported_at: CachePadded<AtomicU64>,
    pub(crate) write_tracking: crate::mem::WriteTracking,
    /// The backend's, read once: command buffers check state against them.
    features: DeviceFeatures,
    /// The backend's, read once: programs' modules are checked against them.
    module_limits: crate::ModuleLimits,
}

impl Device {
    pub fn new(maker: DeviceMaker) -> Result<Device, std::io::Error> {
        let recorder = match maker.recording {
            Some(sink) => Some(Recorder::new(sink)?),
            None => None,
        };
        let features = maker.backend.features();
        let module_limits = maker.backend.module_limits();
        Ok(Device {
            features,
            module_limits,
            serial: NEXT_DEVICE_SERIAL.fetch_add(1, Ordering::Relaxed),
            tables: CachePadded::new(RwLock::new(ObjectTables::default())),
            backend: CachePadded::new(Mutex::new(maker.backend)),
            recorder: CachePadded::new(Mutex::new(recorder)),
            lists_finished: CachePadded::new(Mutex::new(0)),
            queue_tables: CachePadded::new(Mutex::new(Default::default())),
            table_changes: AtomicU64::new(0),
            // No count yet: the first submission looks at every pool.
            pointer_writes_reported_at: CachePadded::new(AtomicU64::new(u64::MAX)),
            last_list_ops: CachePadded::new(AtomicU64::new(0)),
            write_tracking: maker.write_tracking,
        })
    }

    pub(crate) fn serial(&self) -> u64 {
        self.serial
    }

    /// How many times objects have left the tables or table slots were registered.
    #[inline]
    pub(crate) fn table_changes(&self) -> u64 {
        self.table_changes.load(Ordering::Acquire)
    }

    /// How many ops a new command buffer reserves room for: as many as the last list had,
    /// up to 64 Ki (2 MiB; longer lists grow as they record).
    pub(crate) fn expected_list_ops(&self) -> usize {
        (self.last_list_ops.load(Ordering::Relaxed) as usize).min(1 << 16)
    }

    /// Notes that an object left the tables or a table slot was registered (called under
    /// their write lock).
    pub(crate) fn note_table_change(&self) {
        self.table_changes.fetch_add(1, Ordering::Release);
    }

    /// What the backend's device can do where NVN state depends on it.
    pub fn features(&self) -> &DeviceFeatures {
        &self.features
    }

    /// The live objects; hold the guard briefly: making objects waits for it.
    pub fn tables(&self) -> RwLockReadGuard<'_, ObjectTables> {
        self.tables.read()
    }

    /// A new command buffer with nothing bound.
    pub fn command_buffer(&self) -> CommandBuffer<'_> {
        CommandBuffer::new(self, BoundState::default())
    }

    /// A command buffer that goes on where `previous` ended, with what was bound then
    /// still bound, including what lists before it bound (NVN's state carries across
    /// command buffers submitted in order). A decoded list knows only its own commands.
    pub fn command_buffer_after(&self, previous: &CommandList) -> CommandBuffer<'_> {
        if let Some(bound) = previous.end_bound {
            return CommandBuffer::new(self, bound);
        }
        let tables = self.tables.read();
        let mut bound = BoundState::default();
        for command in previous.commands() {
            bound.apply(&command, &tables);
        }
        CommandBuffer::new(self, bound)
    }

    pub fn queue(&self) -> Queue<'_> {
        Queue::new(self)
    }

    pub(crate) fn finish_list(&self, mut list: CommandList) -> CommandList {
        self.last_list_ops
            .store(list.len() as u64, Ordering::Relaxed);
        let mut finished = self.lists_finished.lock();
        *finished += 1;
        let id = CommandListId::from_raw(*finished).expect("list ids start at 1");
        list.id = Some(id);
        list.device_serial = self.serial;
        // Recorded under the counter's lock so lists appear in id order.
        self.record_with(|| Record::CommandList {
            id,
            list: list.clone(),
        });
        list
    }

    /// Writes a record if recording; builds it only then.
    pub(crate) fn record_with(&self, make: impl FnOnce() -> Record) {
        if let Some(recorder) = self.recorder.lock().as_mut() {
            recorder.write(&make());
        }
    }

    /// Writes the `End` record and closes the recording. The first write error of the
    /// run, if any, is returned here (recording stops at it; the run goes on).
    pub fn end_recording(&self) -> Result<(), std::io::Error> {
        match self.recorder.lock().take() {
            Some(recorder) => recorder.finish(),
            None => Ok(()),
        }
    }

    pub fn is_recording(&self) -> bool {
        self.recorder.lock().is_some()
    }
}

impl Drop for Device {
    fn drop(&mut self) {
        if let Err(error) = self.end_recording() {
            tracing::error!(target: "gpu::recording", %error, "recording could not be closed");
        }
    }
}
