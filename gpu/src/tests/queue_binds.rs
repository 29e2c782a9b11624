//! Handles bound in a list before it binds any tables: accepted when recorded (the tables
//! may come from a list submitted before it, as on the console) and checked at submit
//! against the tables the queue holds then.

use super::fixture::{device, scene};
use crate::command::Command;
use crate::error::{QueueError, RecordError};
use crate::objects::{Stage, TextureHandle};

fn texture(texture_slot: u32) -> Command {
    Command::BindTexture {
        stage: Stage::Fragment,
        slot: 0,
        handle: TextureHandle {
            texture_slot,
            sampler_slot: 0,
        },
    }
}

/// Submits a list that binds the scene's tables and nothing else.
fn submit_tables(device: &crate::Device, scene: &super::fixture::Scene) {
    let mut setup = device.command_buffer();
    setup
        .record(Command::BindDescriptorTables {
            textures: scene.textures,
            samplers: scene.samplers,
        })
        .unwrap();
    device.queue().submit(&setup.finish()).unwrap();
}

#[test]
fn a_handle_bound_before_any_tables_is_checked_against_the_queues_at_submit() {
    let (device, _) = device();
    let scene = scene(&device);
    let queue = device.queue();

    // The list that binds a handle first, recorded with nothing bound.
    let mut late = device.command_buffer();
    late.record(texture(1)).unwrap();
    let late = late.finish();

    // Submitted while the queue holds no tables: refused, by name.
    assert!(matches!(
        queue.submit(&late),
        Err(QueueError::Record(RecordError::HandleWithoutTables))
    ));

    // An earlier list sets the tables; the same list is then accepted.
    submit_tables(&device, &scene);
    queue.submit(&late).unwrap();
    // Again: the tables stay in force from list to list.
    queue.submit(&late).unwrap();

    // A slot the queue's table does not hold is refused at submit as when recorded.
    let mut unregistered = device.command_buffer();
    unregistered.record(texture(5)).unwrap();
    let refused = queue.submit(&unregistered.finish());
    assert!(
        matches!(
            refused,
            Err(QueueError::Record(RecordError::UnregisteredHandle {
                slot: 5,
                ..
            }))
        ),
        "{refused:?}"
    );
}

#[test]
fn a_list_that_binds_its_own_tables_later_checks_only_the_binds_before_them() {
    let (device, _) = device();
    let scene = scene(&device);
    let queue = device.queue();
    let tables = Command::BindDescriptorTables {
        textures: scene.textures,
        samplers: scene.samplers,
    };
    let mut list = device.command_buffer();
    list.record(texture(1)).unwrap();
    list.record(tables).unwrap();
    list.record(texture(1)).unwrap();
    let list = list.finish();
    // Nothing on the queue: the bind before the list's own tables has none.
    assert!(matches!(
        queue.submit(&list),
        Err(QueueError::Record(RecordError::HandleWithoutTables))
    ));
    // A refused list changes nothing on the queue: refused again, then accepted once
    // an earlier list set the tables.
    assert!(queue.submit(&list).is_err());
    submit_tables(&device, &scene);
    queue.submit(&list).unwrap();
}

#[test]
fn tables_set_one_at_a_time_combine_with_the_queues_other_table() {
    let (device, _) = device();
    let scene = scene(&device);
    let queue = device.queue();

    // The texture table alone, with a handle: on a fresh queue there is no sampler table.
    let mut textures_only = device.command_buffer();
    textures_only.bind_texture_table(scene.textures).unwrap();
    textures_only.record(texture(1)).unwrap();
    let textures_only = textures_only.finish();
    assert!(matches!(
        queue.submit(&textures_only),
        Err(QueueError::Record(RecordError::HandleWithoutTables))
    ));

    // An earlier list sets the sampler table alone; then the texture table's list runs.
    let mut samplers_only = device.command_buffer();
    samplers_only.bind_sampler_table(scene.samplers).unwrap();
    queue.submit(&samplers_only.finish()).unwrap();
    queue.submit(&textures_only).unwrap();

    // Both stay in force: a list that sets neither binds into them.
    let mut neither = device.command_buffer();
    neither.record(texture(1)).unwrap();
    queue.submit(&neither.finish()).unwrap();
    // A slot the texture table does not hold is refused at submit.
    let mut unregistered = device.command_buffer();
    unregistered.bind_sampler_table(scene.samplers).unwrap();
    unregistered.record(texture(5)).unwrap();
    assert!(matches!(
        queue.submit(&unregistered.finish()),
        Err(QueueError::Record(RecordError::UnregisteredHandle {
            slot: 5,
            ..
        }))
    ));
}
