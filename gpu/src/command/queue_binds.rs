//! What stays bound on the queue from one command list to the next, as far as record-time
//! checks need it. On the console the texture and sampler pools a list sets stay in force
//! for the lists submitted after it, so a list may bind texture handles into pools that an
//! earlier, already submitted list set. Such a bind cannot be checked while it is
//! recorded (the command buffer does not know the queue); it is accepted then and
//! checked at submit against the pools the queue holds when the list runs.

use crate::error::RecordError;
use crate::features::DeviceFeatures;
use crate::objects::ObjectTables;

use super::bound::BoundState;
use super::list::CommandList;
use super::verbs::Command;

/// The texture table and the sampler table the queue holds, each set by some list.
pub type DescriptorTables = super::TablesInForce;

/// Whether `command` binds a handle into the descriptor tables in force.
pub(crate) fn reads_descriptor_tables(command: &Command) -> bool {
    matches!(
        command,
        Command::BindTexture { .. } | Command::BindImage { .. }
    )
}

/// Checks the handle binds of `list` that were recorded before it bound any tables,
/// against `queue_tables`, the tables the queue holds when the list starts, and then the
/// multisample checks those binds skipped when recorded (`command::submit_slots`). `Ok`
/// gives the tables in force after it (what the queue holds for the next list).
pub(crate) fn check_at_submit(
    list: &CommandList,
    queue_tables: DescriptorTables,
    tables: &ObjectTables,
    features: &DeviceFeatures,
) -> Result<DescriptorTables, RecordError> {
    if !list.defers_handle_checks {
        return Ok(queue_tables.then(list.tables_set));
    }
    let after = check_handles(list, queue_tables, tables)?;
    super::submit_slots::check_deferred_slots(list.commands(), queue_tables, tables, features)?;
    Ok(after)
}

/// The handle checks of `check_at_submit`.
fn check_handles(
    list: &CommandList,
    queue_tables: DescriptorTables,
    tables: &ObjectTables,
) -> Result<DescriptorTables, RecordError> {
    let mut bound = BoundState {
        descriptor_tables: queue_tables.pair(),
        tables: queue_tables,
        ..BoundState::default()
    };
    for command in list.commands() {
        match command {
            // Binds after the list's own tables are checked again (cheap, and a table
            // set alone may lean on the queue's other one).
            Command::BindDescriptorTables { .. } | Command::BindDescriptorTable(_) => {
                bound.apply(&command, tables);
            }
            ref bind if reads_descriptor_tables(bind) => {
                super::validate::check(bind, &bound, tables)?;
            }
            _ => {}
        }
    }
    Ok(bound.tables)
}
