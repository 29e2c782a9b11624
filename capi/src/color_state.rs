//! NVN's colour state object in one call (`hsCommandBufferSetColorState`): which targets
//! blend, the logic op and the alpha test. The separate calls (`hsCommandBufferSetBlendState`'s
//! `enabled`, `hsCommandBufferSetLogicOp`, `hsCommandBufferSetAlphaTest`) stay; each
//! target's blend equations are `hsCommandBufferSetBlendState`'s and this call keeps them.

use gpu::state::{AlphaTest, ColorState};

use crate::builder::{check_struct, coded, out_value};
use crate::command_buffer::with_recording;
use crate::guard::entry;
use crate::objects::HSCommandBuffer;
use crate::render_state::{HSlogicOp, HS_LOGIC_OP_NONE};
use crate::result::{CapiError, CapiResult, HSresult};
use crate::sampler::{HScompareFunc, HS_COMPARE_ALWAYS};

/// NVN's colour state (deko3d's `DkColorState`).
#[repr(C)]
pub struct HSColorState {
    /// Bit n (0-7): blending on for colour target n; a clear bit turns it off.
    pub blend_enable_mask: u32,
    /// `HS_LOGIC_OP_NONE`: no logic op.
    pub logic_op: HSlogicOp,
    /// The alpha test's compare (NVN's `AlphaFunc`); `HS_COMPARE_ALWAYS` turns it off.
    pub alpha_compare: HScompareFunc,
    /// The alpha test's reference (NVN sets it with the command buffer's `SetAlphaRef`).
    pub alpha_reference: f32,
}

/// deko3d's colour state defaults: no target blends, no logic op, no alpha test
/// (`HS_COMPARE_ALWAYS`, reference 0).
#[no_mangle]
pub unsafe extern "C" fn hsColorStateSetDefaults(state: *mut HSColorState) -> HSresult {
    entry("hsColorStateSetDefaults", || {
        let defaults = ColorState::nvn_defaults();
        let value = HSColorState {
            blend_enable_mask: u32::from(defaults.blend_enable_mask),
            logic_op: HS_LOGIC_OP_NONE,
            alpha_compare: HS_COMPARE_ALWAYS,
            alpha_reference: 0.0,
        };
        // SAFETY: the header's contract for plain structs.
        unsafe { out_value(state, "state", value) }
    })
}

fn color_state(state: &HSColorState) -> CapiResult<ColorState> {
    let blend_enable_mask = u8::try_from(state.blend_enable_mask).map_err(|_| {
        CapiError::OutOfRange(format!(
            "blend_enable_mask {:#x} names targets past 7",
            state.blend_enable_mask
        ))
    })?;
    let logic_op = match state.logic_op {
        HS_LOGIC_OP_NONE => None,
        op => Some(coded(op, "logic_op")?),
    };
    let alpha_test = match state.alpha_compare {
        HS_COMPARE_ALWAYS => None,
        compare => Some(AlphaTest {
            compare: coded(compare, "alpha_compare")?,
            reference: state.alpha_reference,
        }),
    };
    Ok(ColorState {
        blend_enable_mask,
        logic_op,
        alpha_test,
    })
}

/// Sets NVN's colour state: blend enables of all eight targets, logic op, alpha test.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferSetColorState(
    command_buffer: *const HSCommandBuffer,
    state: *const HSColorState,
) -> HSresult {
    // SAFETY: the header's contract for objects and plain structs.
    unsafe {
        with_recording(
            "hsCommandBufferSetColorState",
            command_buffer,
            |_, recording| {
                let state = color_state(check_struct(state, "state")?)?;
                recording.buffer().set_color_state(&state)?;
                Ok(())
            },
        )
    }
}
