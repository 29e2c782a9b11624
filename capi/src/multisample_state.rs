//! NVN's multisample state in the C ABI: `hsCommandBufferSetMultisampleState` sets the
//! sample mask (bit `i`: sample `i` may be written), alpha to coverage, alpha to one
//! (`alphaToOne`) and sample shading (`sample_shading` 1: the fragment stage runs for at
//! least `min_sample_shading`, 0 to 1, of a pixel's samples; `sampleRateShading`). What
//! the device lacks, and a fraction outside 0..=1, is `HS_ERROR_REFUSED` when recorded.

use gpu::state::{MultisampleState, StateChange};

use crate::builder::boolean;
use crate::objects::HSCommandBuffer;
use crate::render_state::set_state;
use crate::result::HSresult;

#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferSetMultisampleState(
    command_buffer: *const HSCommandBuffer,
    sample_mask: u32,
    alpha_to_coverage: u32,
    alpha_to_one: u32,
    sample_shading: u32,
    min_sample_shading: f32,
) -> HSresult {
    // SAFETY: the header's contract for objects.
    unsafe {
        set_state("hsCommandBufferSetMultisampleState", command_buffer, || {
            let shading = boolean(sample_shading, "sample_shading")?;
            Ok(StateChange::Multisample(MultisampleState {
                sample_mask,
                alpha_to_coverage: boolean(alpha_to_coverage, "alpha_to_coverage")?,
                alpha_to_one: boolean(alpha_to_one, "alpha_to_one")?,
                min_sample_shading: shading.then_some(min_sample_shading),
            }))
        })
    }
}
