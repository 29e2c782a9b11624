//! The multisample checks of texture binds deferred to submit (`command::queue_binds`): a
//! bind recorded before its list bound any tables could not be looked up when recorded,
//! so the sample count of its view and the kind of the slots the list's draws read it
//! through were not checked then. At submit, with the tables the queue holds, the list's
//! binds, programs and draws are gone through again and both checks made.

use crate::error::RecordError;
use crate::features::DeviceFeatures;
use crate::ids::ViewId;
use crate::objects::{ObjectTables, Stage};

use super::multisample_slots::{check_sampled_count, is_multisample, MultisampleSlots};
use super::queue_binds::DescriptorTables;
use super::verbs::Command;

const STAGES: usize = 6;
const TEXTURE_SLOTS: usize = 32;

/// Checks `commands` (a list that deferred handle checks) from `queue_tables`, the
/// tables in force when it starts: each texture bind's multisample view has a sample
/// count a shader may read, and each draw's or dispatch's program (bound in this list)
/// reads every slot the list bound through a view of the slot's kind.
pub(crate) fn check_deferred_slots(
    commands: impl Iterator<Item = Command>,
    queue_tables: DescriptorTables,
    tables: &ObjectTables,
    features: &DeviceFeatures,
) -> Result<(), RecordError> {
    let mut in_force = queue_tables;
    let mut slots = MultisampleSlots::default();
    let mut views = [[None::<ViewId>; TEXTURE_SLOTS]; STAGES];
    let (mut graphics, mut compute) = (None, None);
    for command in commands {
        match command {
            Command::BindDescriptorTables { textures, samplers } => {
                in_force.bind_pair(textures, samplers);
            }
            Command::BindDescriptorTable(bind) => in_force.bind_one(bind),
            Command::BindTexture {
                stage,
                slot,
                handle,
            } => {
                let Some((texture_table, _)) = in_force.pair() else {
                    continue;
                };
                let Some(entry) = tables
                    .texture_tables
                    .get(texture_table)
                    .and_then(|table| table.entry(handle.texture_slot))
                else {
                    continue;
                };
                let Some((view, texture)) = tables.view_texture(entry.view) else {
                    continue;
                };
                let multisample = is_multisample(view);
                if multisample {
                    check_sampled_count(texture.desc.samples, view.format, features)?;
                }
                slots.note_texture(stage, slot, multisample);
                if let Some(place) = views
                    .get_mut(stage as usize)
                    .and_then(|stage| stage.get_mut(usize::from(slot)))
                {
                    *place = Some(entry.view);
                }
            }
            Command::BindProgram(id) => {
                if let Some(program) = tables.programs.get(id) {
                    slots.note_program(program);
                    match program.is_compute() {
                        true => compute = Some(id),
                        false => graphics = Some(id),
                    }
                }
            }
            Command::Draw(_) | Command::DrawIndexed(_) | Command::DrawIndirect(_) => {
                if let Some(program) = graphics {
                    slots.check(false, program, tables, |stage, slot| {
                        view_at(&views, stage, slot)
                    })?;
                }
            }
            Command::Dispatch { .. } | Command::DispatchIndirect { .. } => {
                if let Some(program) = compute {
                    slots.check(true, program, tables, |stage, slot| {
                        view_at(&views, stage, slot)
                    })?;
                }
            }
            _ => {}
        }
    }
    Ok(())
}

/// The view this list bound at `stage`'s `slot` (a slot the check found bound).
fn view_at(
    views: &[[Option<ViewId>; TEXTURE_SLOTS]; STAGES],
    stage: Stage,
    slot: u32,
) -> Result<ViewId, RecordError> {
    views
        .get(stage as usize)
        .and_then(|stage| stage.get(slot as usize).copied().flatten())
        .ok_or(RecordError::BadArgument {
            what: "texture bind",
            why: "the bind of a texture slot the draw reads was not found",
        })
}
