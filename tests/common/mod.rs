//! The GPU test harness: every test opens the real Vulkan device (lavapipe in CI) with the
//! validation layer and synchronization validation on, and fails on any validation error
//! it did not expect. A machine without a Vulkan device fails the test; it never skips.

#![allow(dead_code)]

use std::sync::Arc;

use gpu::switches::Switches;
use gpu_vk::Device;

pub struct TestGpu {
    pub device: Arc<Device>,
    /// Errors a test provoked on purpose and accounted for.
    expected_errors: u64,
}

impl TestGpu {
    /// Opens the device with validation forced on; other switches come from the environment.
    pub fn open() -> TestGpu {
        Self::open_with(&[])
    }

    /// Opens the device with `overrides` on top of the environment (validation always on).
    pub fn open_with(overrides: &[(&str, &str)]) -> TestGpu {
        let switches = switches_with(overrides);
        let device = Device::open(&switches).unwrap_or_else(|err| {
            panic!(
                "no usable Vulkan device: {err}. GPU tests need a real driver: on Debian install \
                 mesa-vulkan-drivers (lavapipe), libvulkan1 and vulkan-validationlayers"
            )
        });
        assert!(
            device.validation_enabled(),
            "the harness runs with validation on"
        );
        TestGpu {
            device,
            expected_errors: 0,
        }
    }

    /// Asserts that validation errors were reported since the last check, each message
    /// containing `vuid`, and accounts for them so the final check passes.
    pub fn expect_validation_errors(&mut self, vuid: &str) {
        let log = self.device.validation();
        let new_errors = log.error_count() - self.expected_errors;
        assert!(
            new_errors > 0,
            "expected a validation error {vuid}, none was reported"
        );
        let recent = log.recent_errors();
        let start = recent.len().saturating_sub(new_errors as usize);
        for message in &recent[start..] {
            assert!(
                message.contains(vuid),
                "unexpected validation error: {message}"
            );
        }
        self.expected_errors = log.error_count();
    }

    /// Fails if any validation error arrived that no test accounted for.
    pub fn assert_clean(&self) {
        let log = self.device.validation();
        let unexpected = log.error_count() - self.expected_errors;
        assert_eq!(
            unexpected,
            0,
            "{unexpected} validation error(s); the latest: {:#?}",
            log.recent_errors()
        );
    }
}

impl Drop for TestGpu {
    fn drop(&mut self) {
        let _ = self.device.wait_idle();
        if !std::thread::panicking() {
            self.assert_clean();
        }
    }
}

/// The environment's switches with validation on and `overrides` applied.
pub fn switches_with(overrides: &[(&str, &str)]) -> Switches {
    Switches::from_lookup(|name| {
        if name == "RX_VK_VALIDATION" {
            return Some("1".to_owned());
        }
        overrides
            .iter()
            .find(|(key, _)| *key == name)
            .map(|(_, value)| value.to_string())
            .or_else(|| std::env::var(name).ok())
    })
    .expect("switches for tests")
}
