//! The device opens on the real driver under validation, and the harness catches a
//! validation error, so "zero validation errors" cannot pass by accident.

mod common;

use common::TestGpu;
use gpu_vk::ash::vk;

#[test]
fn device_opens_with_vulkan_1_3_and_validation() {
    let gpu = TestGpu::open();
    let info = &gpu.device.info;
    assert!(!info.name.is_empty());
    assert!(
        vk::api_version_minor(info.api_version) >= 3 || vk::api_version_major(info.api_version) > 1
    );
    assert!(!gpu.device.caps.memory_types.is_empty());
    gpu.assert_clean();
}

/// A device opened, closed and opened again in one process (a port recreating its
/// renderer): the second opens and works. NVIDIA's driver does not load twice in one
/// process; the loader and its drivers stay loaded from the first open.
#[test]
fn a_device_opens_again_after_the_first_closed() {
    for round in 0..3 {
        let gpu = TestGpu::open();
        let info = vk::BufferCreateInfo::default()
            .size(256)
            .usage(vk::BufferUsageFlags::TRANSFER_SRC);
        // SAFETY: valid create info on the live device; the buffer is destroyed at once.
        unsafe {
            let buffer = gpu
                .device
                .raw
                .create_buffer(&info, None)
                .unwrap_or_else(|error| {
                    panic!("round {round}: {error}");
                });
            gpu.device.raw.destroy_buffer(buffer, None);
        }
        gpu.assert_clean();
    }
}

/// A zero-sized buffer is invalid (VUID-VkBufferCreateInfo-size-00912).
fn create_zero_sized_buffer(gpu: &TestGpu) {
    let info = vk::BufferCreateInfo::default()
        .size(0)
        .usage(vk::BufferUsageFlags::TRANSFER_SRC);
    // SAFETY: deliberately invalid parameters, which the validation layer reports; the
    // buffer, if one was made, is destroyed at once.
    unsafe {
        if let Ok(buffer) = gpu.device.raw.create_buffer(&info, None) {
            gpu.device.raw.destroy_buffer(buffer, None);
        }
    }
}

#[test]
fn harness_catches_a_provoked_validation_error() {
    let mut gpu = TestGpu::open();
    create_zero_sized_buffer(&gpu);
    assert!(gpu.device.validation().error_count() >= 1);
    gpu.expect_validation_errors("VUID-VkBufferCreateInfo-size-00912");
}

#[test]
fn an_unexpected_validation_error_fails_the_test() {
    let outcome = std::panic::catch_unwind(|| {
        let gpu = TestGpu::open();
        create_zero_sized_buffer(&gpu);
        drop(gpu);
    });
    assert!(outcome.is_err(), "the harness let a validation error pass");
}

#[test]
fn unknown_device_name_is_a_clear_error() {
    let switches = common::switches_with(&[("RX_VK_DEVICE", "no-such-gpu-xyz")]);
    let err = gpu_vk::Device::open(&switches).err().expect("must fail");
    let message = err.to_string();
    assert!(message.contains("no-such-gpu-xyz"), "{message}");
}
