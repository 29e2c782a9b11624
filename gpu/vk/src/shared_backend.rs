//! The executor behind a shared handle: `gpu::Device` owns one `Backend`, and the program
//! (or a test) keeps another handle to the same `VkBackend` to read its stats or presented
//! images.

use std::sync::Arc;
use std::time::Duration;

use gpu::backend::{Backend, Submission};
use gpu::objects::ObjectTables;
use gpu::{BackendError, ObjectRef, PoolId, SyncId, WindowId};
use parking_lot::{Mutex, MutexGuard};

use crate::executor::VkBackend;

#[derive(Clone)]
pub struct SharedBackend(Arc<Mutex<VkBackend>>);

impl SharedBackend {
    pub fn new(backend: VkBackend) -> SharedBackend {
        SharedBackend(Arc::new(Mutex::new(backend)))
    }

    /// The executor, for what `Backend` does not cover (stats, read-backs).
    pub fn lock(&self) -> MutexGuard<'_, VkBackend> {
        self.0.lock()
    }
}

impl Backend for SharedBackend {
    fn features(&self) -> gpu::DeviceFeatures {
        self.lock().features()
    }

    fn module_limits(&self) -> gpu::ModuleLimits {
        self.lock().module_limits()
    }

    fn object_created(
        &mut self,
        object: ObjectRef,
        tables: &ObjectTables,
    ) -> Result<(), BackendError> {
        self.lock().object_created(object, tables)
    }

    fn object_finalized(&mut self, object: ObjectRef, tables: &ObjectTables) {
        self.lock().object_finalized(object, tables)
    }

    fn descriptor_written(&mut self, table: ObjectRef, slot: u32, tables: &ObjectTables) {
        self.lock().descriptor_written(table, slot, tables)
    }

    fn pool_written(&mut self, pool: PoolId, offset_b: u64, len_b: u64) {
        self.lock().pool_written(pool, offset_b, len_b)
    }

    fn pool_copied(
        &mut self,
        source: PoolId,
        source_offset_b: u64,
        destination: PoolId,
        destination_offset_b: u64,
        len_b: u64,
    ) {
        self.lock().pool_copied(
            source,
            source_offset_b,
            destination,
            destination_offset_b,
            len_b,
        )
    }

    fn virtual_pool_path(&self) -> gpu::address::VirtualPoolPath {
        self.lock().virtual_pool_path()
    }

    fn virtual_pages_mapped(
        &mut self,
        pool: PoolId,
        pages: &[(u64, Option<gpu::address::MappedPage>)],
        tables: &ObjectTables,
    ) -> Result<(), BackendError> {
        self.lock().virtual_pages_mapped(pool, pages, tables)
    }

    fn submit(
        &mut self,
        submission: Submission<'_>,
        tables: &ObjectTables,
    ) -> Result<(), BackendError> {
        self.lock().submit(submission, tables)
    }

    fn submit_split(
        &mut self,
        submission: Submission<'_>,
        tables: &ObjectTables,
    ) -> Result<Option<gpu::backend::ListBody>, BackendError> {
        self.lock().submit_split(submission, tables)
    }

    fn flush(&mut self) -> Result<(), BackendError> {
        self.lock().flush()
    }

    fn finish(&mut self) -> Result<(), BackendError> {
        self.lock().finish()
    }

    fn wait_sync(
        &mut self,
        sync: SyncId,
        value: u64,
        timeout: Duration,
    ) -> Result<bool, BackendError> {
        self.lock().wait_sync(sync, value, timeout)
    }

    fn acquire(&mut self, window: WindowId, tables: &ObjectTables) -> Result<u32, BackendError> {
        self.lock().acquire(window, tables)
    }

    fn present(
        &mut self,
        window: WindowId,
        index: u32,
        tables: &ObjectTables,
    ) -> Result<(), BackendError> {
        self.lock().present(window, index, tables)
    }
}
