//! The demo in a real window: a virtual X display (Xvfb), winit's window, a swapchain on
//! lavapipe, every frame presented, validation with synchronization validation clean.

mod common;

use common::process::hookshot;
use common::virtual_display::VirtualDisplay;

#[test]
fn the_demo_presents_every_frame_to_a_window_validation_clean() {
    let display = VirtualDisplay::start(0);
    let output = hookshot()
        .args(["demo", "--frames", "40"])
        .env("DISPLAY", &display.name)
        .env_remove("WAYLAND_DISPLAY")
        .env("RX_VK_VALIDATION", "1")
        .env("RX_VK_SHADER_CACHE", "0")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stdout}\n{stderr}");
    assert!(
        stdout.contains("window: 40 frames presented to the display"),
        "{stdout}\n{stderr}"
    );
    assert!(stdout.contains("validation errors: 0"), "{stdout}");
    assert!(stdout.contains("terrain check: OK"), "{stdout}");
}
