//! GLSL's `GL_EXT_buffer_reference` (and SPIR-V's physical storage buffer pointers) in a
//! game's shader, refused by name. Such a pointer is dereferenced as a device address;
//! a game's pointers are Hookshot's own addresses (the address model), which only the
//! pool table turns into device addresses. The Maxwell translator emits that lookup
//! around each access; a GLSL module's pointers are typed values it loads, offsets and
//! passes around, which would need every pointer-typed load and access chain rewritten
//! into a lookup with a miss path: not done, so refused rather than run with addresses
//! that mean nothing to the device.

use crate::spirv::{Module, ModuleIndex};
use crate::{Diagnostic, ShaderCode, ShaderSource, SourcePos, TranslateError};

/// SPIR-V's `PhysicalStorageBufferAddresses` capability.
const PHYSICAL_STORAGE_BUFFER_ADDRESSES: u32 = 5347;

const WHY: &str = "its pointers would be dereferenced as device addresses, and a game's pointers are Hookshot's addresses (docs/address-model.md); compiled Maxwell code dereferences them through the pool table";

/// Refuses a game's shader that uses device pointers.
pub(crate) fn refuse_device_pointers(source: &ShaderSource) -> Result<(), TranslateError> {
    let refuse = |pos: Option<SourcePos>, what: &str| {
        Err(TranslateError::Unsupported(Diagnostic {
            file: source.name.clone(),
            pos,
            message: format!("{what} is not supported: {WHY}"),
        }))
    };
    match &source.code {
        ShaderCode::Glsl(text) | ShaderCode::KernelGlsl(text) => {
            for (index, line) in text.lines().enumerate() {
                let words: Vec<&str> = line.split_whitespace().collect();
                let extension = match words.as_slice() {
                    ["#extension", name, ..] => Some(*name),
                    ["#", "extension", name, ..] => Some(*name),
                    _ => None,
                };
                if let Some(name) =
                    extension.filter(|name| name.starts_with("GL_EXT_buffer_reference"))
                {
                    let name = name.trim_end_matches(':');
                    let pos = SourcePos {
                        line: index as u32 + 1,
                        column: line.find(name).map_or(1, |at| at as u32 + 1),
                    };
                    return refuse(Some(pos), name);
                }
            }
            Ok(())
        }
        ShaderCode::Spirv(words) => {
            let Ok(module) = Module::parse(words) else {
                // The translation names what is wrong with it.
                return Ok(());
            };
            let index = ModuleIndex::new(&module);
            if index
                .capabilities
                .contains(&PHYSICAL_STORAGE_BUFFER_ADDRESSES)
            {
                return refuse(
                    None,
                    "a physical storage buffer pointer (GL_EXT_buffer_reference)",
                );
            }
            Ok(())
        }
    }
}
