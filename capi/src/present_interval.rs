//! A window's present interval after it is made (NVN's `nvnWindowSetPresentInterval`),
//! and the present mode a display window uses for it: 1 waits for each vertical blank
//! (FIFO), 0 for none (MAILBOX where the surface offers it, else IMMEDIATE). A mode the
//! surface lacks, or an interval past 1, is refused with `HS_ERROR_REFUSED` naming it.
//! Windows without a display window have no vertical blank: 0 and 1 are both taken (and
//! change nothing), anything else is refused as on a display.

use gpu_vk::present::present_mode::PresentModeError;
use gpu_vk::present::window_surface::WindowSurface;

use crate::builder::out_value;
use crate::guard::entry;
use crate::objects::{resolve, HSWindow};
use crate::result::{CapiError, CapiResult, HSresult};

/// The present mode of a window's display window (`hsWindowGetPresentMode`).
pub type HSpresentMode = u32;
/// The window has no display window.
pub const HS_PRESENT_MODE_NONE: HSpresentMode = 0;
/// Each present waits for a vertical blank (interval 1).
pub const HS_PRESENT_MODE_FIFO: HSpresentMode = 1;
/// No wait; the newest frame replaces a queued one, without tearing (interval 0).
pub const HS_PRESENT_MODE_MAILBOX: HSpresentMode = 2;
/// No wait; frames may tear (interval 0 where the surface lacks MAILBOX).
pub const HS_PRESENT_MODE_IMMEDIATE: HSpresentMode = 3;

/// The interval as a `u8`, refused past 1 (and past 255) with the typed error's text.
fn checked_interval(interval: u32) -> CapiResult<u8> {
    let interval = u8::try_from(interval).unwrap_or(u8::MAX);
    match interval {
        0 | 1 => Ok(interval),
        _ => Err(CapiError::Refused(
            PresentModeError::IntervalPastOne { interval }.to_string(),
        )),
    }
}

/// Applies `interval` to `surface`: its mode, or the refusal naming the mode it lacks.
pub(crate) fn apply_interval(surface: &mut WindowSurface, interval: u32) -> CapiResult<()> {
    let interval = checked_interval(interval)?;
    surface
        .set_present_interval(interval)
        .map(|_| ())
        .map_err(|error| match error {
            gpu_vk::error::VkError::PresentMode(refused) => CapiError::Refused(refused.to_string()),
            other => CapiError::Device(other.to_string()),
        })
}

/// Vertical blanks each present waits for: 0 or 1. A display window's swapchain is made
/// again, before the next present, when its present mode changes.
#[no_mangle]
pub unsafe extern "C" fn hsWindowSetPresentInterval(
    window: *const HSWindow,
    interval: u32,
) -> HSresult {
    entry("hsWindowSetPresentInterval", || {
        // SAFETY: the header's contract for objects.
        let state = unsafe { resolve(window, "window") }?;
        let mut backend = state.device.backend.lock();
        match backend.surface_mut(state.id) {
            Some(surface) => apply_interval(surface, interval),
            None => checked_interval(interval).map(|_| ()),
        }
    })
}

/// The present mode the window's display window uses (`HS_PRESENT_MODE_*`;
/// `HS_PRESENT_MODE_NONE` without one).
#[no_mangle]
pub unsafe extern "C" fn hsWindowGetPresentMode(
    window: *const HSWindow,
    mode: *mut HSpresentMode,
) -> HSresult {
    entry("hsWindowGetPresentMode", || {
        // SAFETY: the header's contract for objects and out-parameters.
        let state = unsafe { resolve(window, "window") }?;
        let vk_mode = state
            .device
            .backend
            .lock()
            .surface_mut(state.id)
            .map(|surface| surface.present_mode());
        let value = match vk_mode {
            None => HS_PRESENT_MODE_NONE,
            Some(gpu_vk::ash::vk::PresentModeKHR::FIFO) => HS_PRESENT_MODE_FIFO,
            Some(gpu_vk::ash::vk::PresentModeKHR::MAILBOX) => HS_PRESENT_MODE_MAILBOX,
            Some(gpu_vk::ash::vk::PresentModeKHR::IMMEDIATE) => HS_PRESENT_MODE_IMMEDIATE,
            Some(other) => {
                return Err(CapiError::Internal(format!(
                    "present mode {other:?} has no HS_PRESENT_MODE value"
                )))
            }
        };
        unsafe { out_value(mode, "mode", value) }
    })
}
