//! What a submission tells the image cache for render-target reclaim by overwrite
//! (`RX_VK_RT_RECLAIM`): the textures whose pass covered their whole attachment, and the
//! textures it rules out.
//!
//! Only a pass's load clear counts as covering: the plan turns a clear into
//! `Load::Clear` only when it covers the whole attachment. Draws are never taken as
//! covering (scissors, viewports and discards would have to be proven), nor are
//! `PassBounds`, which over-estimate (a scissored in-pass clear marks the pass whole).

use gpu::objects::ObjectTables;
use gpu::TextureId;

use crate::executor::plan::{Load, Plan, Store};
use crate::image_cache::NoReclaim;

use super::textures::ImageTable;

#[derive(Debug, Default)]
pub struct ReclaimNotes {
    /// Colour targets a pass load-cleared whole and stored.
    pub covering: Vec<TextureId>,
    pub excluded: Vec<(TextureId, NoReclaim)>,
}

impl ReclaimNotes {
    /// `cleared_passes`: passes with an in-pass clear (a clear of part of a target);
    /// `copy_destinations`: textures copies and blits write; `images_written`: textures
    /// shaders write as images.
    pub fn new(
        plan: &Plan,
        tables: &ObjectTables,
        cleared_passes: &[usize],
        copy_destinations: &[TextureId],
        images_written: &[TextureId],
    ) -> ReclaimNotes {
        let texture_of = |view| tables.views.get(view).map(|view| view.texture);
        let mut notes = ReclaimNotes::default();
        for (index, pass) in plan.passes.iter().enumerate() {
            let colors = pass.targets.colors.iter().zip(&pass.color_loads);
            for ((view, load), store) in colors.zip(&pass.color_stores) {
                let Some(texture) = view.and_then(texture_of) else {
                    continue;
                };
                if cleared_passes.contains(&index) {
                    notes.excluded.push((texture, NoReclaim::ClearDestination));
                } else if matches!(load, Load::Clear(_)) && *store == Store::Store {
                    notes.covering.push(texture);
                }
            }
        }
        let copies = copy_destinations
            .iter()
            .map(|&texture| (texture, NoReclaim::CopyDestination));
        let images = images_written
            .iter()
            .map(|&texture| (texture, NoReclaim::StorageImage));
        notes.excluded.extend(copies.chain(images));
        notes
    }
}

impl ImageTable {
    /// Gives the cache a recorded submission's reclaim notes (after its `gpu_wrote`s).
    pub(super) fn note_reclaim(&mut self, notes: &ReclaimNotes) {
        if !self.cache.rt_reclaim() {
            return;
        }
        for &(texture, why) in &notes.excluded {
            if let Err(error) = self.cache.exclude_from_reclaim(texture, why) {
                tracing::warn!(target: "gpu_vk::executor", %error, "ruling out a reclaim");
            }
        }
        for &texture in &notes.covering {
            if let Err(error) = self.cache.covered_whole(texture) {
                tracing::warn!(target: "gpu_vk::executor", %error, "reporting a covering pass");
            }
        }
    }
}
