//! What each pass of a list touches, gathered while the list is prepared, for the
//! deferred pass merge (`plan::defer`): the storage its attachments cover, the storage
//! its draws sample (each draw's program's texture slots through the bindings then) and
//! read through buffers, whether a draw's program writes shader memory, and whether a
//! draw reads through the frame's bindless table.

use std::collections::HashMap;

use gpu::objects::ObjectTables;
use gpu::ProgramId;

use super::bindings::{stage_index, Bindings};
use super::buffer_reads::PoolRead;
use crate::executor::plan::defer::{PassAccess, Region};
use crate::executor::plan::Plan;

/// A graphics program's texture slots by stage, and whether it writes shader memory.
#[derive(Clone, Debug, Default)]
struct ProgramUse {
    textures: Vec<(usize, u32)>,
    writes: bool,
}

/// The passes' accesses of one list, filled as its draws are prepared.
pub(in crate::executor) struct AccessLog {
    passes: Vec<PassAccess>,
    programs: HashMap<ProgramId, ProgramUse>,
}

/// The storage bytes `view`'s texture covers.
fn view_storage(tables: &ObjectTables, view: gpu::ViewId) -> Option<Region> {
    let (_, texture) = tables.view_texture(view)?;
    Some((texture.pool, texture.storage_range_b()))
}

impl AccessLog {
    /// One entry a pass of `plan`, each with the storage its attachments cover.
    pub(in crate::executor) fn new(plan: &Plan, tables: &ObjectTables) -> AccessLog {
        let passes = plan
            .passes
            .iter()
            .map(|pass| PassAccess {
                writes: pass
                    .targets
                    .views()
                    .filter_map(|view| view_storage(tables, view))
                    .collect(),
                ..PassAccess::default()
            })
            .collect();
        AccessLog {
            passes,
            programs: HashMap::new(),
        }
    }

    /// A draw of `pass` with `bindings`; `bindless`: it reads through the bindless table.
    pub(in crate::executor) fn note_draw(
        &mut self,
        pass: usize,
        bindings: &Bindings,
        tables: &ObjectTables,
        bindless: bool,
    ) {
        let Some(program) = bindings.graphics_program else {
            return;
        };
        let uses = self
            .programs
            .entry(program)
            .or_insert_with(|| program_use(tables, program));
        let access = &mut self.passes[pass];
        access.draws += 1;
        access.shader_writes |= uses.writes;
        access.bindless_reads |= bindless && !uses.textures.is_empty();
        let table = bindings
            .descriptor_tables
            .and_then(|(table, _)| tables.texture_tables.get(table));
        for &(stage, slot) in &uses.textures {
            let read = bindings.textures[stage]
                .get(slot as usize)
                .copied()
                .flatten()
                .and_then(|handle| table?.entry(handle.texture_slot))
                .and_then(|entry| view_storage(tables, entry.view));
            if let Some(read) = read {
                if !access.reads.contains(&read) {
                    access.reads.push(read);
                }
            }
        }
    }

    /// The passes' accesses, with the buffer bytes each pass's draws read.
    pub(in crate::executor) fn finish(mut self, pass_reads: &[Vec<PoolRead>]) -> Vec<PassAccess> {
        for (access, reads) in self.passes.iter_mut().zip(pass_reads) {
            access.reads.extend(reads.iter().cloned());
        }
        self.passes
    }
}

/// A program's texture slots and shader-memory writes, from its stages' reflection (an
/// unknown program counts as writing, so nothing moves past it).
fn program_use(tables: &ObjectTables, program: ProgramId) -> ProgramUse {
    let Some(program) = tables.programs.get(program) else {
        return ProgramUse {
            textures: Vec::new(),
            writes: true,
        };
    };
    let mut uses = ProgramUse::default();
    for module in &program.modules {
        let reflection = &module.reflection;
        uses.writes |= reflection.storage_slots != 0 || reflection.image_slots != 0;
        let stage = stage_index(module.stage);
        uses.textures.extend(
            (0..32)
                .filter(|slot| reflection.texture_slots & (1 << slot) != 0)
                .map(|slot| (stage, slot)),
        );
    }
    uses
}
