//! What an executor (the Vulkan backend) implements. The device calls it with every
//! object change and every submission; the backend reads objects from the tables it is
//! handed and keeps its own host objects keyed by their ids.

use std::time::Duration;

use crate::command::CommandList;
use crate::error::BackendError;
use crate::features::DeviceFeatures;
use crate::ids::{ObjectRef, PoolId, SyncId, WindowId};
use crate::objects::ObjectTables;

/// One submission of a finished list.
#[derive(Clone, Copy, Debug)]
pub struct Submission<'a> {
    pub list: &'a CommandList,
    /// One value per `SignalSync`/`WaitSync` op, in op order (`CommandList::sync_ops`):
    /// the timeline value a signal sets, or the value a wait waits for (0: the sync was
    /// never signalled, nothing to wait for).
    pub sync_values: &'a [u64],
}

/// The part of a submission's translation a backend hands back from `submit_split`:
/// it depends on the list alone, so the submitting thread runs it after letting go of
/// the device's locks, while other threads submit. It puts the submission on the GPU
/// queue in the order the submissions were made, whenever it runs.
pub type ListBody = Box<dyn FnOnce() -> Result<(), BackendError>>;

pub trait Backend: Send {
    /// What the device can do where NVN state depends on it; asked once, when the
    /// `Device` is made. By default nothing: state needing a feature is refused.
    fn features(&self) -> DeviceFeatures {
        DeviceFeatures::NONE
    }

    /// The limits a program's modules are checked against when it is made; asked once,
    /// when the `Device` is made. By default the least every Vulkan device offers.
    fn module_limits(&self) -> crate::ModuleLimits {
        crate::ModuleLimits::VULKAN_MINIMUM
    }

    /// An object was made; it is in `tables`.
    fn object_created(
        &mut self,
        object: ObjectRef,
        tables: &ObjectTables,
    ) -> Result<(), BackendError>;

    /// An object is being finalized; it is still in `tables` during the call and gone
    /// after. For a texture this ends the object, not its storage: an image cache keeps
    /// GPU-written contents the storage does not hold yet.
    fn object_finalized(&mut self, object: ObjectRef, tables: &ObjectTables);

    /// A descriptor table slot was (re)registered.
    fn descriptor_written(&mut self, _table: ObjectRef, _slot: u32, _tables: &ObjectTables) {}

    /// The CPU wrote `len_b` bytes of a pool at `offset_b` (the pool's write stamps say
    /// so too; this is for backends that want to hear it at once).
    fn pool_written(&mut self, _pool: PoolId, _offset_b: u64, _len_b: u64) {}

    /// The CPU copied `len_b` bytes from one pool range to another (`Device::copy_pool`, a
    /// game's defragmentation). A backend whose host images hold texels the storage lacks
    /// can make them follow the copy; by default it is a write of the destination.
    fn pool_copied(
        &mut self,
        _source: PoolId,
        _source_offset_b: u64,
        destination: PoolId,
        destination_offset_b: u64,
        len_b: u64,
    ) {
        self.pool_written(destination, destination_offset_b, len_b)
    }

    /// How virtual pools get their pages on this backend (asked when a virtual pool is
    /// mapped). By default Hookshot's copy-on-map.
    fn virtual_pool_path(&self) -> crate::address::VirtualPoolPath {
        crate::address::VirtualPoolPath::CopyOnMap {
            why: "the backend has no sparse binding".into(),
        }
    }

    /// On the sparse path only: the pages of `pool` at these virtual offsets now map what
    /// each names (`None`: unmapped). Called before the CPU copies of the change, and
    /// ordered before the next submission; an error refuses the whole change (the page
    /// table is left as it was).
    fn virtual_pages_mapped(
        &mut self,
        pool: PoolId,
        pages: &[(u64, Option<crate::address::MappedPage>)],
        _tables: &ObjectTables,
    ) -> Result<(), BackendError> {
        Err(BackendError::Unsupported(format!(
            "{pool}: this backend has no sparse binding for {} virtual pages",
            pages.len()
        )))
    }

    fn submit(
        &mut self,
        submission: Submission<'_>,
        tables: &ObjectTables,
    ) -> Result<(), BackendError>;

    /// `submit`, but the backend may hand back the body of the list's translation for the
    /// caller to run once it let go of the device's locks (`ListBody`); the in-order part
    /// (the queue's state, residency, sync values) is done when this returns. By default
    /// the whole submission is done here.
    fn submit_split(
        &mut self,
        submission: Submission<'_>,
        tables: &ObjectTables,
    ) -> Result<Option<ListBody>, BackendError> {
        self.submit(submission, tables).map(|()| None)
    }

    /// Sends submitted work to the GPU without waiting.
    fn flush(&mut self) -> Result<(), BackendError>;

    /// Waits until all submitted work is complete.
    fn finish(&mut self) -> Result<(), BackendError>;

    /// Waits up to `timeout` for `sync` to reach `value`; true once it has.
    fn wait_sync(
        &mut self,
        sync: SyncId,
        value: u64,
        timeout: Duration,
    ) -> Result<bool, BackendError>;

    /// The index of the window's next texture to draw into.
    fn acquire(&mut self, window: WindowId, tables: &ObjectTables) -> Result<u32, BackendError>;

    fn present(
        &mut self,
        window: WindowId,
        texture_index: u32,
        tables: &ObjectTables,
    ) -> Result<(), BackendError>;
}
