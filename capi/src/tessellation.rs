//! Tessellation state (NVN's `SetPatchSize`, `SetInnerTessellationLevels`,
//! `SetOuterTessellationLevels`): the vertices a patch takes, and the levels a program
//! without a tessellation control stage tessellates with. Each is refused
//! (`HS_ERROR_REFUSED`) on a device without `tessellationShader`.

use gpu::state::StateChange;

use crate::builder::check_array;
use crate::objects::HSCommandBuffer;
use crate::render_state::set_state;
use crate::result::HSresult;

/// Patches of `vertices` vertices (1 to 32; NVN's default is 3) for draws of
/// `HS_DRAW_PRIMITIVE_PATCHES`.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferSetPatchSize(
    command_buffer: *const HSCommandBuffer,
    vertices: u32,
) -> HSresult {
    // SAFETY: the header's contract for objects.
    unsafe {
        set_state("hsCommandBufferSetPatchSize", command_buffer, || {
            Ok(StateChange::PatchSize(vertices))
        })
    }
}

/// The two inner levels (0 to 64) of programs with no tessellation control stage.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferSetInnerTessellationLevels(
    command_buffer: *const HSCommandBuffer,
    levels: *const f32,
) -> HSresult {
    // SAFETY: the header's contract for objects and arrays (two floats).
    unsafe {
        set_state(
            "hsCommandBufferSetInnerTessellationLevels",
            command_buffer,
            || {
                let levels = check_array(levels, 2, 2, "levels")?;
                Ok(StateChange::InnerTessellationLevels([levels[0], levels[1]]))
            },
        )
    }
}

/// The four outer levels (0 to 64) of programs with no tessellation control stage.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferSetOuterTessellationLevels(
    command_buffer: *const HSCommandBuffer,
    levels: *const f32,
) -> HSresult {
    // SAFETY: the header's contract for objects and arrays (four floats).
    unsafe {
        set_state(
            "hsCommandBufferSetOuterTessellationLevels",
            command_buffer,
            || {
                let levels = check_array(levels, 4, 4, "levels")?;
                Ok(StateChange::OuterTessellationLevels([
                    levels[0], levels[1], levels[2], levels[3],
                ]))
            },
        )
    }
}
