//! Which texture slots of a module in the host layout read multisample images
//! (`sampler2DMS`, `isampler2DMS`, `usampler2DMS`): a view bound there must be a
//! multisample one, and a multisample view may be bound nowhere else.

use crate::resources::resource_variables;
use crate::spirv::index::Type;
use crate::spirv::{Module, ModuleIndex};
use crate::{nvn_slot, HostBinding, ResourceKind, Stage};

/// The NVN texture slots of `words` (a `stage` module in the host layout) whose images
/// are multisampled, as a bit mask (bit n: slot n; array elements included).
pub fn multisampled_texture_slots(words: &[u32], stage: Stage) -> Result<u32, String> {
    let module = Module::parse(words).map_err(|error| error.to_string())?;
    let index = ModuleIndex::new(&module);
    let mut slots = 0u32;
    let resources = resource_variables(&index).map_err(|problem| problem.reason.to_owned())?;
    for resource in resources
        .iter()
        .filter(|resource| resource.kind == ResourceKind::Texture)
    {
        let Some(variable) = index.variables.iter().find(|v| v.id == resource.id) else {
            continue;
        };
        let mut type_id = index.pointee(variable.pointer_type).unwrap_or(0);
        while let Some(Type::Array { element, .. }) = index.types.get(&type_id) {
            type_id = *element;
        }
        if let Some(Type::SampledImage { image }) = index.types.get(&type_id) {
            type_id = *image;
        }
        let multisampled = matches!(
            index.types.get(&type_id),
            Some(Type::Image {
                multisampled: true,
                ..
            })
        );
        if !multisampled {
            continue;
        }
        let host = HostBinding {
            set: resource.set.unwrap_or(0),
            binding: resource.binding.unwrap_or(0),
        };
        let (_, _, first) = nvn_slot(host)
            .filter(|(host_stage, kind, _)| *host_stage == stage && *kind == resource.kind)
            .ok_or_else(|| format!("'{}' is at {host:?}, not in the host layout", resource.name))?;
        for slot in first..first.saturating_add(resource.count).min(32) {
            slots |= 1 << slot;
        }
    }
    Ok(slots)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bindless::tests::translate;

    /// Multisample slots, arrays of them and the integer forms are found; single-sample
    /// textures, images and buffers are not.
    #[test]
    fn multisample_slots_and_arrays_of_them_are_found() {
        let text = "#version 450
layout(binding = 0) uniform sampler2D plain;
layout(binding = 1) uniform sampler2DMS colour;
layout(binding = 3) uniform usampler2DMS ids[2];
layout(binding = 6) uniform isampler2DMS signed_ids;
layout(binding = 7) uniform sampler2DArray layers;
layout(location = 0) out vec4 result;
void main() {
    result = texture(plain, vec2(0.5)) + texelFetch(colour, ivec2(0), 1)
        + vec4(texelFetch(ids[0], ivec2(0), 2)) + vec4(texelFetch(ids[1], ivec2(1), 0))
        + vec4(texelFetch(signed_ids, ivec2(0), 3)) + texture(layers, vec3(0.5));
}
";
        for optimise in [false, true] {
            let words = translate(Stage::Fragment, text, optimise);
            assert_eq!(
                multisampled_texture_slots(&words, Stage::Fragment),
                Ok((1 << 1) | (1 << 3) | (1 << 4) | (1 << 6)),
                "optimise {optimise}"
            );
        }
        let words = translate(Stage::Fragment, text, false);
        assert!(multisampled_texture_slots(&words[..3], Stage::Fragment).is_err());
    }
}
