//! Which programs the executor can run, decided when a program is made: one it cannot is
//! refused then, with what it needs, not when a list draws with it.

use gpu::objects::program_builtins::{declares_capability, CAPABILITY_DRAW_PARAMETERS};
use gpu::objects::Program;

use shader_translate::{resource_arrays, ResourceKind};

use crate::bringup::capabilities::Capabilities;

/// Why `program` cannot run here, if it cannot: draw parameters (`gl_InstanceID`)
/// without `shaderDrawParameters`, an array of storage images (indexed at run time: a
/// compiled program's image handles in registers) without
/// `shaderStorageImageArrayDynamicIndexing`. (Tessellation and geometry stages a device lacks are
/// refused when a command buffer binds the program, naming the feature.)
pub fn program_refusal(program: &Program, caps: &Capabilities) -> Option<String> {
    for module in &program.modules {
        let draw_parameters = declares_capability(&module.spirv_words, CAPABILITY_DRAW_PARAMETERS);
        if draw_parameters && !caps.shader_draw_parameters {
            return Some(format!(
                "{}: its {:?} stage reads draw parameters (gl_InstanceID, gl_BaseInstance), \
                 which need shaderDrawParameters",
                program.id, module.stage
            ));
        }
        let image_array = || {
            resource_arrays(&module.spirv_words)
                .unwrap_or_default()
                .iter()
                .any(|array| array.kind == ResourceKind::Image)
        };
        if !caps.storage_image_array_dynamic_indexing && image_array() {
            return Some(format!(
                "{}: its {:?} stage indexes an array of storage images at run time, which \
                 needs shaderStorageImageArrayDynamicIndexing",
                program.id, module.stage
            ));
        }
    }
    None
}
