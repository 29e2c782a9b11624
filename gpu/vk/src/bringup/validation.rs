//! The Khronos validation layer's messages: logged through `tracing` and counted, so a test
//! can demand zero errors.

use std::ffi::CStr;
use std::sync::atomic::{AtomicU64, Ordering};

use ash::vk;
use parking_lot::Mutex;

pub const VALIDATION_LAYER: &CStr = c"VK_LAYER_KHRONOS_validation";

/// The most recent error messages kept for a failing test to print.
const KEPT_MESSAGES: usize = 16;

/// Counts of validation messages by severity, shared with the messenger callback.
#[derive(Debug, Default)]
pub struct ValidationLog {
    errors: AtomicU64,
    warnings: AtomicU64,
    recent_errors: Mutex<Vec<String>>,
}

impl ValidationLog {
    pub fn error_count(&self) -> u64 {
        self.errors.load(Ordering::Relaxed)
    }

    pub fn warning_count(&self) -> u64 {
        self.warnings.load(Ordering::Relaxed)
    }

    /// The last few error messages, oldest first.
    pub fn recent_errors(&self) -> Vec<String> {
        self.recent_errors.lock().clone()
    }

    fn record(
        &self,
        severity: vk::DebugUtilsMessageSeverityFlagsEXT,
        kind: vk::DebugUtilsMessageTypeFlagsEXT,
        message: &str,
    ) {
        if severity.contains(vk::DebugUtilsMessageSeverityFlagsEXT::ERROR) {
            self.errors.fetch_add(1, Ordering::Relaxed);
            let mut recent = self.recent_errors.lock();
            if recent.len() == KEPT_MESSAGES {
                recent.remove(0);
            }
            recent.push(message.to_owned());
            tracing::error!(target: "gpu_vk::bringup::validation", "{message}");
        } else if severity.contains(vk::DebugUtilsMessageSeverityFlagsEXT::WARNING) {
            self.warnings.fetch_add(1, Ordering::Relaxed);
            // Performance advice (e.g. GENERAL layouts, a documented choice) is counted but
            // kept out of the default log; `gpu_vk::bringup::validation=debug` shows it.
            if kind.contains(vk::DebugUtilsMessageTypeFlagsEXT::PERFORMANCE) {
                tracing::debug!(target: "gpu_vk::bringup::validation", "{message}");
            } else {
                tracing::warn!(target: "gpu_vk::bringup::validation", "{message}");
            }
        } else if severity.contains(vk::DebugUtilsMessageSeverityFlagsEXT::INFO) {
            tracing::debug!(target: "gpu_vk::bringup::validation", "{message}");
        } else {
            tracing::trace!(target: "gpu_vk::bringup::validation", "{message}");
        }
    }
}

/// The messenger's callback.
///
/// # Safety
/// Called by the layer only: `user_data` is the `ValidationLog` owned by the instance,
/// which outlives the messenger.
pub unsafe extern "system" fn messenger_callback(
    severity: vk::DebugUtilsMessageSeverityFlagsEXT,
    kind: vk::DebugUtilsMessageTypeFlagsEXT,
    data: *const vk::DebugUtilsMessengerCallbackDataEXT<'_>,
    user_data: *mut std::ffi::c_void,
) -> vk::Bool32 {
    // SAFETY: the layer passes a valid callback-data struct for the call's duration, and
    // `user_data` is the pointer to the `ValidationLog` the instance keeps alive until after
    // the messenger is destroyed.
    let (log, message) = unsafe {
        let log = &*(user_data as *const ValidationLog);
        let message = if data.is_null() || (*data).p_message.is_null() {
            String::from("(no message)")
        } else {
            CStr::from_ptr((*data).p_message)
                .to_string_lossy()
                .into_owned()
        };
        (log, message)
    };
    log.record(severity, kind, &message);
    vk::FALSE
}
