//! Submitting, sync values, CPU waits with timeouts, acquire and present.

use std::time::Duration;

use super::fixture::*;
use crate::error::QueueError;
use crate::ids::*;
use crate::objects::{SyncCondition, SyncWait};
use crate::test_backend::Call;

const SHORT: Duration = Duration::from_millis(1);

#[test]
fn signals_get_new_values_at_every_submit() {
    let (device, backend) = device();
    let scene = scene(&device);
    let mut buffer = device.command_buffer();
    buffer
        .signal_sync(scene.sync, SyncCondition::AllGpuCommandsComplete, true)
        .unwrap();
    buffer.wait_sync(scene.sync).unwrap();
    buffer
        .signal_sync(scene.sync, SyncCondition::AllGpuCommandsComplete, false)
        .unwrap();
    let list = buffer.finish();
    let queue = device.queue();
    queue.submit(&list).unwrap();
    queue.submit(&list).unwrap();
    let submits: Vec<Vec<u64>> = backend
        .calls()
        .into_iter()
        .filter_map(|call| match call {
            Call::Submit { sync_values, .. } => Some(sync_values),
            _ => None,
        })
        .collect();
    assert_eq!(submits, vec![vec![1, 1, 2], vec![3, 3, 4]]);
    assert_eq!(
        device
            .tables()
            .syncs
            .get(scene.sync)
            .unwrap()
            .last_issued_value,
        4
    );
}

#[test]
fn cpu_waits_time_out_until_the_work_is_done() {
    let (device, backend) = device();
    let scene = scene(&device);
    assert_eq!(
        device.wait_sync(scene.sync, SHORT).unwrap(),
        SyncWait::NeverSignaled
    );
    let queue = device.queue();
    queue
        .fence_sync(scene.sync, SyncCondition::AllGpuCommandsComplete)
        .unwrap();
    queue.flush().unwrap();
    assert_eq!(
        device.wait_sync(scene.sync, SHORT).unwrap(),
        SyncWait::TimedOut
    );
    queue.finish().unwrap();
    assert_eq!(
        device.wait_sync(scene.sync, SHORT).unwrap(),
        SyncWait::Signaled
    );
    assert!(backend.calls().contains(&Call::Wait(scene.sync, 1)));
    // A GPU wait goes in as a one-op list waiting for the last value.
    queue.wait_sync(scene.sync).unwrap();
    assert!(backend.calls().contains(&Call::Submit {
        ops: 1,
        sync_values: vec![1]
    }));
    let missing = SyncId::from_raw(77).unwrap();
    assert!(matches!(
        device.wait_sync(missing, SHORT),
        Err(QueueError::UnknownObject(ObjectRef::Sync(id))) if id == missing
    ));
}

#[test]
fn only_this_devices_finished_lists_are_submitted() {
    let (device, _) = device();
    let (other, _) = super::fixture::device();
    let list = other.command_buffer().finish();
    assert!(matches!(
        device.queue().submit(&list),
        Err(QueueError::ForeignList)
    ));
    assert!(matches!(
        device.queue().submit(&crate::CommandList::default()),
        Err(QueueError::ForeignList)
    ));
}

#[test]
fn a_sync_finalized_after_recording_fails_the_submit_and_changes_nothing() {
    let (device, backend) = device();
    let scene = scene(&device);
    let second = device.create_sync().unwrap();
    let mut buffer = device.command_buffer();
    buffer
        .signal_sync(scene.sync, SyncCondition::AllGpuCommandsComplete, true)
        .unwrap();
    buffer
        .signal_sync(second, SyncCondition::AllGpuCommandsComplete, true)
        .unwrap();
    let list = buffer.finish();
    device.finalize(second).unwrap();
    assert!(matches!(
        device.queue().submit(&list),
        Err(QueueError::UnknownObject(_))
    ));
    assert_eq!(
        device
            .tables()
            .syncs
            .get(scene.sync)
            .unwrap()
            .last_issued_value,
        0
    );
    assert!(!backend
        .calls()
        .iter()
        .any(|call| matches!(call, Call::Submit { .. })));
}

#[test]
fn acquire_and_present_check_the_index() {
    let (device, backend) = device();
    let scene = scene(&device);
    let acquired = device.acquire_texture(scene.window).unwrap();
    assert_eq!((acquired.index, acquired.texture), (0, scene.target));
    device.queue().present(scene.window, 0).unwrap();
    assert!(backend.calls().contains(&Call::Present(scene.window, 0)));
    assert!(matches!(
        device.queue().present(scene.window, 1),
        Err(QueueError::WindowIndex {
            index: 1,
            count: 1,
            ..
        })
    ));
    backend.shared.lock().next_acquire = 3;
    assert!(matches!(
        device.acquire_texture(scene.window),
        Err(QueueError::WindowIndex { index: 3, .. })
    ));
    let missing = WindowId::from_raw(5).unwrap();
    assert!(matches!(
        device.queue().present(missing, 0),
        Err(QueueError::UnknownObject(_))
    ));
}
