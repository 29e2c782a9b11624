//! The demo in a real window: a virtual X display (Xvfb), winit's window, a swapchain on
//! lavapipe, every frame presented, validation with synchronization validation clean.

mod common;

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::process::hookshot;

/// An Xvfb display for the test's life.
struct VirtualDisplay {
    child: Child,
    name: String,
}

impl VirtualDisplay {
    fn start() -> VirtualDisplay {
        let number = 90 + std::process::id() % 500;
        let name = format!(":{number}");
        let child = Command::new("Xvfb")
            .args([
                name.as_str(),
                "-screen",
                "0",
                "640x480x24",
                "-nolisten",
                "tcp",
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|err| {
                panic!("cannot start Xvfb ({err}); install the Debian package xvfb")
            });
        let socket = format!("/tmp/.X11-unix/X{number}");
        let start = Instant::now();
        while !Path::new(&socket).exists() {
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "Xvfb did not come up on {name}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        VirtualDisplay { child, name }
    }
}

impl Drop for VirtualDisplay {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn the_demo_presents_every_frame_to_a_window_validation_clean() {
    let display = VirtualDisplay::start();
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
