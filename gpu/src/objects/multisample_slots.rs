//! A program's texture slots that read multisample images, per stage, read once from
//! its modules when the program is made: draws and dispatches check the views bound
//! there against them (`command::multisample_slots`).

use super::program::ShaderModule;

/// Each stage's multisample texture slots (bit n: slot n), indexed by `Stage as usize`.
/// A module whose resources cannot be read (it passed validation, so this is a module
/// outside the translator's host layout) counts as having none: a multisample view bound
/// to it is then refused, never sampled as the wrong kind.
pub fn of_modules(modules: &[ShaderModule]) -> [u32; 6] {
    let mut slots = [0u32; 6];
    for module in modules {
        match shader_translate::multisampled_texture_slots(&module.spirv_words, module.stage.into())
        {
            Ok(mask) => slots[module.stage as usize] = mask,
            Err(why) => tracing::debug!(stage = ?module.stage, %why,
                "a module's multisample texture slots are unread: none assumed"),
        }
    }
    slots
}
