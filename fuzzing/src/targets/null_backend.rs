//! A backend that executes nothing: the recording target plays records through the
//! device's record-time checks alone.

use std::time::Duration;

use gpu::backend::{Backend, Submission};
use gpu::objects::ObjectTables;
use gpu::{BackendError, ObjectRef, SyncId, WindowId};

pub struct NullBackend;

impl Backend for NullBackend {
    fn object_created(&mut self, _: ObjectRef, _: &ObjectTables) -> Result<(), BackendError> {
        Ok(())
    }
    fn object_finalized(&mut self, _: ObjectRef, _: &ObjectTables) {}
    fn submit(&mut self, _: Submission<'_>, _: &ObjectTables) -> Result<(), BackendError> {
        Ok(())
    }
    fn flush(&mut self) -> Result<(), BackendError> {
        Ok(())
    }
    fn finish(&mut self) -> Result<(), BackendError> {
        Ok(())
    }
    fn wait_sync(&mut self, _: SyncId, _: u64, _: Duration) -> Result<bool, BackendError> {
        Ok(true)
    }
    fn acquire(&mut self, _: WindowId, _: &ObjectTables) -> Result<u32, BackendError> {
        Ok(0)
    }
    fn present(&mut self, _: WindowId, _: u32, _: &ObjectTables) -> Result<(), BackendError> {
        Ok(())
    }
}
