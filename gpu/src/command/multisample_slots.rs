//! Multisample views against the texture slots that read them: a program's
//! `sampler2DMS` slots (`Program::multisample_texture_slots`) take multisample views
//! only, and its other texture slots single-sample ones. Checked when a draw or dispatch
//! is recorded, against the views this command buffer bound; the check is skipped while
//! nothing it depends on changed.

use crate::error::RecordError;
use crate::ids::{ProgramId, ViewId};
use crate::objects::{ObjectTables, Program, Stage, TextureView};
use crate::DeviceFeatures;

const STAGES: usize = 6;
const TEXTURE_SLOTS: usize = 32;

/// A bound program's texture slots and multisample texture slots, per stage.
#[derive(Clone, Copy, Debug)]
struct ProgramSlots {
    id: ProgramId,
    textures: [u32; STAGES],
    multisample: [u32; STAGES],
}

impl ProgramSlots {
    fn of(program: &Program) -> ProgramSlots {
        let mut textures = [0; STAGES];
        for module in &program.modules {
            textures[module.stage as usize] = module.reflection.texture_slots;
        }
        ProgramSlots {
            id: program.id,
            textures,
            multisample: program.multisample_texture_slots,
        }
    }
}

#[derive(Debug)]
pub(crate) struct MultisampleSlots {
    /// Per stage, bit n: this command buffer bound a view at texture slot n; bit 32 + n:
    /// a multisample one. One word, so a bind reads and compares one; the view itself is
    /// looked up only for a refusal's message.
    slot_kinds: [u64; STAGES],
    graphics: Option<ProgramSlots>,
    compute: Option<ProgramSlots>,
    /// Nothing changed since the last graphics (compute) check passed.
    graphics_checked: bool,
    compute_checked: bool,
}

impl Default for MultisampleSlots {
    fn default() -> Self {
        MultisampleSlots {
            slot_kinds: [0; STAGES],
            graphics: None,
            compute: None,
            graphics_checked: false,
            compute_checked: false,
        }
    }
}

/// Whether `view` reads a multisample texture.
pub(crate) fn is_multisample(view: &TextureView) -> bool {
    view.kind == memory::TextureKind::D2Multisample
}

/// Refuses a multisample view a shader could not read here: its texture's sample count
/// missing from the device's `sampledImage*SampleCounts` for its kind of format.
pub(crate) fn check_sampled_count(
    samples: u32,
    format: memory::Format,
    features: &DeviceFeatures,
) -> Result<(), RecordError> {
    let (counts, limit) = if format.is_depth_or_stencil() {
        (
            features.sampled_depth_sample_counts,
            "sampledImageDepthSampleCounts",
        )
    } else if matches!(
        format.class(),
        memory::FormatClass::Uint | memory::FormatClass::Sint
    ) {
        (
            features.sampled_integer_sample_counts,
            "sampledImageIntegerSampleCounts",
        )
    } else {
        (
            features.sampled_color_sample_counts,
            "sampledImageColorSampleCounts",
        )
    };
    if samples <= 1 || counts & samples != 0 {
        return Ok(());
    }
    let what = match samples {
        2 => "a shader reading a 2-sample texture",
        4 => "a shader reading a 4-sample texture",
        8 => "a shader reading an 8-sample texture",
        _ => "a shader reading a 16-sample texture",
    };
    Err(RecordError::MissingCapability {
        what,
        capability: limit,
    })
}

impl MultisampleSlots {
    /// Notes that `stage`'s texture slot `slot` now holds a view, `multisample` or not.
    #[inline]
    pub(crate) fn note_texture(&mut self, stage: Stage, slot: u8, multisample: bool) {
        let (stage, slot) = (stage as usize, usize::from(slot));
        if stage >= STAGES || slot >= TEXTURE_SLOTS {
            return;
        }
        let bit = 1u64 << slot;
        let both = bit | bit << 32;
        let kind = bit | u64::from(multisample) << (slot + 32);
        // The check reads only which slots are bound and which hold multisample views: a
        // material's textures rebound draw after draw (another view of the same kind)
        // keep the last check, and the draws their fast path.
        let word = &mut self.slot_kinds[stage];
        if *word & both == kind {
            return;
        }
        *word = (*word & !both) | kind;
        match stage == Stage::Compute as usize {
            true => self.compute_checked = false,
            false => self.graphics_checked = false,
        }
    }

    /// Notes a bound program.
    pub(crate) fn note_program(&mut self, program: &Program) {
        let slots = Some(ProgramSlots::of(program));
        match program.is_compute() {
            true => {
                self.compute = slots;
                self.compute_checked = false;
            }
            false => {
                self.graphics = slots;
                self.graphics_checked = false;
            }
        }
    }

    /// Whether a draw (`compute` false) or dispatch with `program` bound passes from the
    /// last check, nothing having changed since.
    #[inline]
    pub(crate) fn checked(&self, compute: bool, program: Option<ProgramId>) -> bool {
        let (slots, checked) = match compute {
            true => (&self.compute, self.compute_checked),
            false => (&self.graphics, self.graphics_checked),
        };
        checked && slots.map(|slots| slots.id) == program
    }

    /// Checks a draw (`compute` false) or dispatch with `program` bound: every texture
    /// slot it reads that this command buffer bound holds a view of the slot's kind.
    /// `view_at` names the view bound at a stage's slot for the refusal (or refuses the
    /// bind's handle itself, its table entry gone since).
    pub(crate) fn check(
        &mut self,
        compute: bool,
        program: ProgramId,
        tables: &ObjectTables,
        view_at: impl Fn(Stage, u32) -> Result<ViewId, RecordError>,
    ) -> Result<(), RecordError> {
        let known = match compute {
            true => self.compute,
            false => self.graphics,
        };
        let slots = match known.filter(|slots| slots.id == program) {
            Some(slots) => slots,
            // Bound by a list this one goes on from: read it now.
            None => match tables.programs.get(program) {
                Some(program) => ProgramSlots::of(program),
                None => return Ok(()),
            },
        };
        for (at, stage) in Stage::ALL.into_iter().enumerate() {
            let (bound, multisample) = (
                self.slot_kinds[at] as u32,
                (self.slot_kinds[at] >> 32) as u32,
            );
            // Slots the program reads, bound here, with a view of the other kind.
            let wrong = slots.textures[at] & bound & (multisample ^ slots.multisample[at]);
            if wrong != 0 {
                let slot = wrong.trailing_zeros();
                let view = view_at(stage, slot)?;
                let view_multisample = multisample & (1 << slot) != 0;
                let kind = |multisample: bool| match multisample {
                    true => "multisample",
                    false => "single-sample",
                };
                return Err(RecordError::TextureKindMismatch {
                    stage,
                    slot,
                    view,
                    view_kind: kind(view_multisample),
                    slot_kind: kind(!view_multisample),
                });
            }
        }
        match compute {
            true => {
                self.compute = Some(slots);
                self.compute_checked = true;
            }
            false => {
                self.graphics = Some(slots);
                self.graphics_checked = true;
            }
        }
        Ok(())
    }
}
