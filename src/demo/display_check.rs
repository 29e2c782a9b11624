//! Whether this process can open a window, by platform, before the demo tries: a display
//! server named in the environment on X11 and Wayland, a Quartz GUI session on macOS, a
//! window station with visible display surfaces on Windows (not a service's). Each check
//! is the platform's documented one; where it says no, the demo runs headless, and where
//! it says yes and the window still fails to open, the demo warns and runs headless.

/// Whether a window can be opened here.
pub fn display_exists() -> bool {
    platform::display_exists()
}

/// X11 and Wayland: a display server is reachable where `DISPLAY` or `WAYLAND_DISPLAY`
/// names one (empty names none).
#[cfg_attr(any(windows, target_os = "macos"), allow(dead_code))]
fn unix_display_named(
    display: Option<std::ffi::OsString>,
    wayland: Option<std::ffi::OsString>,
) -> bool {
    [display, wayland]
        .iter()
        .any(|name| name.as_ref().is_some_and(|name| !name.is_empty()))
}

#[cfg(not(any(windows, target_os = "macos")))]
mod platform {
    pub fn display_exists() -> bool {
        super::unix_display_named(
            std::env::var_os("DISPLAY"),
            std::env::var_os("WAYLAND_DISPLAY"),
        )
    }
}

#[cfg(target_os = "macos")]
mod platform {
    use std::ffi::c_void;

    #[link(name = "CoreGraphics", kind = "framework")]
    extern "C" {
        /// NULL when the caller is not in a Quartz GUI session or the window server is
        /// disabled (Apple's documentation of CGSessionCopyCurrentDictionary).
        fn CGSessionCopyCurrentDictionary() -> *const c_void;
    }

    #[link(name = "CoreFoundation", kind = "framework")]
    extern "C" {
        fn CFRelease(object: *const c_void);
    }

    pub fn display_exists() -> bool {
        // SAFETY: takes no arguments; returns a dictionary the caller owns, or NULL.
        let session = unsafe { CGSessionCopyCurrentDictionary() };
        if session.is_null() {
            return false;
        }
        // SAFETY: `session` is a live CF object this function owns (a Copy function's).
        unsafe { CFRelease(session) };
        true
    }
}

#[cfg(windows)]
mod platform {
    use std::ffi::c_void;

    /// `USEROBJECTFLAGS` (winuser.h).
    #[repr(C)]
    #[derive(Default)]
    struct UserObjectFlags {
        inherit: i32,
        reserved: i32,
        flags: u32,
    }

    const UOI_FLAGS: i32 = 1;
    const WSF_VISIBLE: u32 = 1;

    #[link(name = "user32")]
    extern "system" {
        fn GetProcessWindowStation() -> *mut c_void;
        fn GetUserObjectInformationW(
            object: *mut c_void,
            index: i32,
            info: *mut c_void,
            len_b: u32,
            needed_b: *mut u32,
        ) -> i32;
    }

    pub fn display_exists() -> bool {
        // SAFETY: no arguments; a handle the system owns (not to be closed), or NULL.
        let station = unsafe { GetProcessWindowStation() };
        if station.is_null() {
            return false;
        }
        let mut flags = UserObjectFlags::default();
        let mut needed_b = 0u32;
        // SAFETY: `flags` is a USEROBJECTFLAGS of the length passed; both outputs live
        // through the call.
        let read = unsafe {
            GetUserObjectInformationW(
                station,
                UOI_FLAGS,
                (&mut flags as *mut UserObjectFlags).cast(),
                std::mem::size_of::<UserObjectFlags>() as u32,
                &mut needed_b,
            )
        };
        read != 0 && flags.flags & WSF_VISIBLE != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_named_x11_or_wayland_display_is_one_and_an_empty_name_is_none() {
        let name = |text: &str| Some(std::ffi::OsString::from(text));
        assert!(unix_display_named(name(":0"), None));
        assert!(unix_display_named(None, name("wayland-0")));
        assert!(!unix_display_named(None, None));
        assert!(!unix_display_named(name(""), name("")));
    }

    #[cfg(not(any(windows, target_os = "macos")))]
    #[test]
    fn this_hosts_check_follows_its_environment() {
        let named = unix_display_named(
            std::env::var_os("DISPLAY"),
            std::env::var_os("WAYLAND_DISPLAY"),
        );
        assert_eq!(display_exists(), named);
    }
}
