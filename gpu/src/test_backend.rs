//! A backend for this crate's unit tests: it executes nothing, logs every call, and
//! completes a sync value when `finish` runs (or at once, if told to).

use std::sync::Arc;
use std::time::Duration;

use parking_lot::Mutex;

use crate::backend::{Backend, Submission};
use crate::error::BackendError;
use crate::features::DeviceFeatures;
use crate::ids::{ObjectRef, PoolId, SyncId, WindowId};
use crate::objects::ObjectTables;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Call {
    Created(ObjectRef),
    Finalized(ObjectRef),
    DescriptorWritten(ObjectRef, u32),
    PoolWritten(PoolId, u64, u64),
    Submit { ops: usize, sync_values: Vec<u64> },
    Flush,
    Finish,
    Wait(SyncId, u64),
    Acquire(WindowId),
    Present(WindowId, u32),
}

#[derive(Default)]
pub struct Shared {
    pub calls: Vec<Call>,
    /// Highest value signalled per sync that completed.
    pub completed: Vec<(SyncId, u64)>,
    pub pending: Vec<(SyncId, u64)>,
    pub complete_at_submit: bool,
    pub fail_next_create: bool,
    pub next_acquire: u32,
    /// What `features` reports (read when a device is made on the backend).
    pub features: DeviceFeatures,
}

/// A device with every feature NVN state may need: the tests' default.
pub const CAPABLE: DeviceFeatures = DeviceFeatures {
    depth_clamp: true,
    depth_bias_clamp: true,
    fill_mode_non_solid: true,
    wide_lines: true,
    line_width_range_px: [1.0, 64.0],
    logic_op: true,
    dual_src_blend: true,
    depth_clip_control: true,
    provoking_vertex_last: true,
    max_instance_divisor: u32::MAX,
    depth_bounds: true,
    index_type_uint8: true,
    multi_draw_indirect: true,
    tessellation_shader: true,
    geometry_shader: true,
    tessellation_geometry_point_size: true,
    shader_image_float32_atomics: true,
    buffer_device_address: true,
    shader_float64: true,
    subgroup_stages: 0x3f,
    subgroup_operations: 0xff,
    shader_output_layer: true,
    transform_feedback: true,
    portability: crate::portability::PortabilityFeatures::FULL,
    timestamps: true,
    occlusion_query_precise: true,
    pipeline_statistics_query: true,
    primitives_generated_query: true,
    large_points: true,
    point_size_range_px: [1.0, 64.0],
    multi_viewport: true,
    shader_output_viewport_index: true,
    smooth_lines: true,
    smooth_tessellated_lines: true,
    sample_rate_shading: true,
    alpha_to_one: true,
    sample_locations: true,
    sample_location_counts: 0b11111,
    sample_location_grid_counts: 0b111,
    depth_resolve: true,
    sampled_color_sample_counts: 0b1111,
    sampled_integer_sample_counts: 0b1111,
    sampled_depth_sample_counts: 0b1111,
    formats: crate::format_features::FormatFeatures::FULL,
};

#[derive(Clone, Default)]
pub struct TestBackend {
    pub shared: Arc<Mutex<Shared>>,
}

impl TestBackend {
    /// A backend reporting `features`.
    pub fn with_features(features: DeviceFeatures) -> TestBackend {
        let backend = TestBackend::default();
        backend.shared.lock().features = features;
        backend
    }

    pub fn calls(&self) -> Vec<Call> {
        self.shared.lock().calls.clone()
    }
}

impl Shared {
    fn complete_pending(&mut self) {
        let pending = std::mem::take(&mut self.pending);
        self.completed.extend(pending);
    }
}

impl Backend for TestBackend {
    fn features(&self) -> DeviceFeatures {
        self.shared.lock().features
    }

    fn object_created(
        &mut self,
        object: ObjectRef,
        tables: &ObjectTables,
    ) -> Result<(), BackendError> {
        assert!(tables.contains(object));
        let mut shared = self.shared.lock();
        if std::mem::take(&mut shared.fail_next_create) {
            return Err(BackendError::OutOfMemory);
        }
        shared.calls.push(Call::Created(object));
        Ok(())
    }

    fn object_finalized(&mut self, object: ObjectRef, tables: &ObjectTables) {
        assert!(tables.contains(object), "finalize is heard before removal");
        self.shared.lock().calls.push(Call::Finalized(object));
    }

    fn descriptor_written(&mut self, table: ObjectRef, slot: u32, _tables: &ObjectTables) {
        self.shared
            .lock()
            .calls
            .push(Call::DescriptorWritten(table, slot));
    }

    fn pool_written(&mut self, pool: PoolId, offset_b: u64, len_b: u64) {
        self.shared
            .lock()
            .calls
            .push(Call::PoolWritten(pool, offset_b, len_b));
    }

    fn submit(
        &mut self,
        submission: Submission<'_>,
        _tables: &ObjectTables,
    ) -> Result<(), BackendError> {
        let mut shared = self.shared.lock();
        for ((sync, is_signal), &value) in submission.list.sync_ops().zip(submission.sync_values) {
            if is_signal {
                shared.pending.push((sync, value));
            }
        }
        if shared.complete_at_submit {
            shared.complete_pending();
        }
        shared.calls.push(Call::Submit {
            ops: submission.list.len(),
            sync_values: submission.sync_values.to_vec(),
        });
        Ok(())
    }

    fn flush(&mut self) -> Result<(), BackendError> {
        self.shared.lock().calls.push(Call::Flush);
        Ok(())
    }

    fn finish(&mut self) -> Result<(), BackendError> {
        let mut shared = self.shared.lock();
        shared.complete_pending();
        shared.calls.push(Call::Finish);
        Ok(())
    }

    fn wait_sync(
        &mut self,
        sync: SyncId,
        value: u64,
        _timeout: Duration,
    ) -> Result<bool, BackendError> {
        let mut shared = self.shared.lock();
        shared.calls.push(Call::Wait(sync, value));
        Ok(shared
            .completed
            .iter()
            .any(|&(id, done)| id == sync && done >= value))
    }

    fn acquire(&mut self, window: WindowId, _tables: &ObjectTables) -> Result<u32, BackendError> {
        let mut shared = self.shared.lock();
        shared.calls.push(Call::Acquire(window));
        Ok(shared.next_acquire)
    }

    fn present(
        &mut self,
        window: WindowId,
        texture_index: u32,
        _tables: &ObjectTables,
    ) -> Result<(), BackendError> {
        self.shared
            .lock()
            .calls
            .push(Call::Present(window, texture_index));
        Ok(())
    }
}
