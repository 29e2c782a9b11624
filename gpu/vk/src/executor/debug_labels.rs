//! NVN's debug groups and markers on the executor (`Op::PushDebugGroup`,
//! `Op::PopDebugGroup`, `Op::InsertDebugLabel`): `vkCmdBeginDebugUtilsLabelEXT`,
//! `vkCmdEndDebugUtilsLabelEXT` and `vkCmdInsertDebugUtilsLabelEXT` at their place in
//! the list's command buffer where the instance has `VK_EXT_debug_utils`, and `tracing`
//! events (target `hookshot::debug_group`) everywhere.
//!
//! Balance: a group's push and pop end the render pass open at that point (the plan
//! gives them a step outside passes), so no group begins in one pass and ends outside
//! it; a label stays where it is, inside a pass or between passes. A list's groups
//! balance when recorded. Where the executor splits a list into several command buffers
//! (render enable's pieces), the groups open at a command buffer's end are ended there
//! and begun again at the next one's start, so each command buffer balances alone.

use std::ffi::CString;

use ash::vk;

use crate::bringup::device::Device;

/// The `tracing` target of debug groups and labels.
pub const LABEL_TARGET: &str = "hookshot::debug_group";

/// One label command a command buffer received.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LabelEvent {
    Begin(String),
    End,
    Insert(String),
}

/// The groups open in the submission being recorded, and the test log.
#[derive(Debug, Default)]
pub struct DebugLabels {
    /// Names of the groups open, outermost first.
    open: Vec<String>,
    /// What command buffers received, when asked for (`VkBackend::log_debug_labels`).
    log: Option<Vec<LabelEvent>>,
}

/// The label's name as Vulkan takes it (checked when recorded: no NUL).
fn c_name(name: &str) -> CString {
    CString::new(name).unwrap_or_default()
}

impl DebugLabels {
    /// Starts or stops logging what command buffers receive; stopping drops the log.
    pub fn set_logging(&mut self, on: bool) {
        self.log = on.then(Vec::new);
    }

    /// The log so far, emptied.
    pub fn take_log(&mut self) -> Vec<LabelEvent> {
        self.log.as_mut().map(std::mem::take).unwrap_or_default()
    }

    /// Groups open now.
    pub fn depth(&self) -> usize {
        self.open.len()
    }

    fn emit(&mut self, device: &Device, cmd: vk::CommandBuffer, event: LabelEvent) {
        if let Some(debug_utils) = &device.debug_utils {
            match &event {
                LabelEvent::Begin(name) | LabelEvent::Insert(name) => {
                    let name = c_name(name);
                    let label = vk::DebugUtilsLabelEXT::default().label_name(&name);
                    // SAFETY: `cmd` is recording; the label's name outlives the call.
                    unsafe {
                        if matches!(event, LabelEvent::Begin(_)) {
                            debug_utils.cmd_begin_debug_utils_label(cmd, &label);
                        } else {
                            debug_utils.cmd_insert_debug_utils_label(cmd, &label);
                        }
                    }
                }
                // SAFETY: `cmd` is recording and has a label region open (`open` counts
                // the ones begun in it).
                LabelEvent::End => unsafe { debug_utils.cmd_end_debug_utils_label(cmd) },
            }
        }
        if let Some(log) = &mut self.log {
            log.push(event);
        }
    }

    /// A command buffer starts: the groups still open from the submission's earlier
    /// command buffers begin again in it.
    pub fn begin_command_buffer(&mut self, device: &Device, cmd: vk::CommandBuffer) {
        for name in self.open.clone() {
            self.emit(device, cmd, LabelEvent::Begin(name));
        }
    }

    /// A command buffer ends: the groups open in it end there (and stay open for the
    /// submission's next command buffer).
    pub fn end_command_buffer(&mut self, device: &Device, cmd: vk::CommandBuffer) {
        for _ in 0..self.open.len() {
            self.emit(device, cmd, LabelEvent::End);
        }
    }

    /// The submission ends: nothing stays open for the next.
    pub fn end_submission(&mut self) {
        if !self.open.is_empty() {
            tracing::warn!(target: LABEL_TARGET, open = self.open.len(),
                "a submission ended with debug groups open");
            self.open.clear();
        }
    }

    pub fn push(&mut self, device: &Device, cmd: vk::CommandBuffer, name: &str) {
        tracing::debug!(target: LABEL_TARGET, group = name, depth = self.open.len(),
            "debug group begins");
        self.open.push(name.to_owned());
        self.emit(device, cmd, LabelEvent::Begin(name.to_owned()));
    }

    /// Ends the innermost group; one with none open (a decoded list) is refused when
    /// prepared and ends nothing here.
    pub fn pop(&mut self, device: &Device, cmd: vk::CommandBuffer) {
        if let Some(name) = self.open.pop() {
            tracing::debug!(target: LABEL_TARGET, group = %name, depth = self.open.len(),
                "debug group ends");
            self.emit(device, cmd, LabelEvent::End);
        }
    }

    pub fn insert(&mut self, device: &Device, cmd: vk::CommandBuffer, name: &str) {
        tracing::debug!(target: LABEL_TARGET, label = name, depth = self.open.len(),
            "debug label");
        self.emit(device, cmd, LabelEvent::Insert(name.to_owned()));
    }
}
