//! An Xvfb display for a test's life (the Debian package xvfb, which CI installs): for
//! tests that present to a real X window's swapchain on a machine with no display.

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub struct VirtualDisplay {
    child: Child,
    /// The display's name, for `DISPLAY`.
    pub name: String,
}

impl VirtualDisplay {
    /// Starts Xvfb on a display number of this process (`offset` apart for a second one).
    pub fn start(offset: u32) -> VirtualDisplay {
        let number = 90 + offset + std::process::id() % 500;
        let name = format!(":{number}");
        let child = Command::new("Xvfb")
            .args([
                name.as_str(),
                "-screen",
                "0",
                "1024x768x24",
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
