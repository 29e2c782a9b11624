//! Windows: textures presented in turn (acquire, draw, present), and optionally the
//! display window they show in, given by its native handles. Without one, presents are
//! kept for reading back (`hsWindowReadPresented`), as headless tests and tools need.

use std::ffi::c_void;
use std::num::{NonZeroIsize, NonZeroU32};
use std::ptr::NonNull;

use gpu::objects::WindowMaker;
use raw_window_handle::{
    RawDisplayHandle, RawWindowHandle, WaylandDisplayHandle, WaylandWindowHandle,
    Win32WindowHandle, WindowsDisplayHandle, XcbDisplayHandle, XcbWindowHandle, XlibDisplayHandle,
    XlibWindowHandle,
};

use crate::builder::{check_builder, check_builder_pointer, out_value, BUILDER_MAGIC};
use crate::guard::entry;
use crate::objects::{
    check_new, finalize_object, publish, resolve, HSDevice, HSSync, HSTexture, HSWindow,
};
use crate::result::{CapiError, CapiResult, HSresult};
use crate::state::{DeviceRef, WindowState};

pub const HS_WINDOW_MAX_TEXTURES: usize = 4;

/// What kind of display window `HSNativeWindow` names.
pub type HSnativeWindowKind = u32;
/// No display window: presents are only kept for reading back.
pub const HS_NATIVE_WINDOW_NONE: HSnativeWindowKind = 0;
/// `display`: an Xlib `Display*`; `window`: the X `Window`.
pub const HS_NATIVE_WINDOW_XLIB: HSnativeWindowKind = 1;
/// `display`: an `xcb_connection_t*`; `window`: the `xcb_window_t`.
pub const HS_NATIVE_WINDOW_XCB: HSnativeWindowKind = 2;
/// `display`: a `wl_display*`; `window`: the `wl_surface*`.
pub const HS_NATIVE_WINDOW_WAYLAND: HSnativeWindowKind = 3;
/// `display`: the `HINSTANCE` (may be NULL); `window`: the `HWND`.
pub const HS_NATIVE_WINDOW_WIN32: HSnativeWindowKind = 4;
/// No window at all: a swapchain on a surface with no display (`VK_EXT_headless_surface`)
/// of `width_px` x `height_px`; presents run the display path in full and show nowhere
/// (`hsWindowReadDisplayed` reads them). `display` and `window` are unused. Refused by
/// `hsWindowInitialize` where the driver lacks the extension.
pub const HS_NATIVE_WINDOW_HEADLESS: HSnativeWindowKind = 5;

/// A display window, by its native handles; it must outlive the `HSWindow`.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct HSNativeWindow {
    pub kind: HSnativeWindowKind,
    /// The X screen (Xlib, XCB); 0 otherwise.
    pub screen: i32,
    pub display: *mut c_void,
    pub window: u64,
    pub width_px: u32,
    pub height_px: u32,
}

#[repr(C)]
pub struct HSWindowBuilder {
    /// Set by its SetDefaults function; a struct without it is refused.
    pub magic: u32,
    pub texture_count: u32,
    pub device: *const HSDevice,
    pub textures: [*const HSTexture; HS_WINDOW_MAX_TEXTURES],
    /// Vertical blanks between presents (0: do not wait).
    pub present_interval: u32,
    pub reserved: u32,
    pub native: HSNativeWindow,
}

#[no_mangle]
pub unsafe extern "C" fn hsWindowBuilderSetDefaults(builder: *mut HSWindowBuilder) -> HSresult {
    entry("hsWindowBuilderSetDefaults", || {
        check_builder_pointer(builder.cast_const())?;
        // SAFETY: checked non-null and aligned; the caller owns the builder.
        unsafe {
            builder.write(HSWindowBuilder {
                magic: BUILDER_MAGIC,
                texture_count: 0,
                device: std::ptr::null(),
                textures: [std::ptr::null(); HS_WINDOW_MAX_TEXTURES],
                present_interval: 1,
                reserved: 0,
                native: HSNativeWindow {
                    kind: HS_NATIVE_WINDOW_NONE,
                    screen: 0,
                    display: std::ptr::null_mut(),
                    window: 0,
                    width_px: 0,
                    height_px: 0,
                },
            })
        };
        Ok(())
    })
}

#[no_mangle]
pub unsafe extern "C" fn hsWindowBuilderSetDevice(
    builder: *mut HSWindowBuilder,
    device: *const HSDevice,
) -> HSresult {
    // SAFETY: the header's contract for builders.
    unsafe { crate::builder::set_field("hsWindowBuilderSetDevice", builder, |b| b.device = device) }
}

/// The textures presented in turn: 1 to 4 2D textures of one format and size.
#[no_mangle]
pub unsafe extern "C" fn hsWindowBuilderSetTextures(
    builder: *mut HSWindowBuilder,
    count: u32,
    textures: *const *const HSTexture,
) -> HSresult {
    entry("hsWindowBuilderSetTextures", || {
        // SAFETY: the header's contract for builders and arrays.
        let builder = unsafe { check_builder(builder) }?;
        if count as usize > HS_WINDOW_MAX_TEXTURES {
            return Err(CapiError::OutOfRange(format!(
                "{count} textures; a window has at most 4"
            )));
        }
        let given = unsafe {
            crate::builder::check_array(textures, count, HS_WINDOW_MAX_TEXTURES, "textures")
        }?;
        builder.textures = [std::ptr::null(); HS_WINDOW_MAX_TEXTURES];
        builder.textures[..given.len()].copy_from_slice(given);
        builder.texture_count = count;
        Ok(())
    })
}

#[no_mangle]
pub unsafe extern "C" fn hsWindowBuilderSetPresentInterval(
    builder: *mut HSWindowBuilder,
    interval: u32,
) -> HSresult {
    // SAFETY: the header's contract for builders.
    unsafe {
        crate::builder::set_field("hsWindowBuilderSetPresentInterval", builder, |b| {
            b.present_interval = interval
        })
    }
}

#[no_mangle]
pub unsafe extern "C" fn hsWindowBuilderSetNativeWindow(
    builder: *mut HSWindowBuilder,
    native: *const HSNativeWindow,
) -> HSresult {
    entry("hsWindowBuilderSetNativeWindow", || {
        // SAFETY: the header's contract for builders and plain structs.
        let builder = unsafe { check_builder(builder) }?;
        let native = unsafe { crate::builder::check_struct(native, "native") }?;
        builder.native = *native;
        Ok(())
    })
}

/// The raw handles of `native`; `None` for `HS_NATIVE_WINDOW_NONE`.
fn raw_handles(native: &HSNativeWindow) -> CapiResult<Option<(RawDisplayHandle, RawWindowHandle)>> {
    let display = NonNull::new(native.display);
    let missing = |what: &str| CapiError::argument(format!("the native window's {what} is 0"));
    Ok(Some(match native.kind {
        HS_NATIVE_WINDOW_NONE => return Ok(None),
        HS_NATIVE_WINDOW_XLIB => (
            XlibDisplayHandle::new(
                Some(display.ok_or_else(|| missing("display"))?),
                native.screen,
            )
            .into(),
            XlibWindowHandle::new(native.window as std::ffi::c_ulong).into(),
        ),
        HS_NATIVE_WINDOW_XCB => (
            XcbDisplayHandle::new(
                Some(display.ok_or_else(|| missing("display"))?),
                native.screen,
            )
            .into(),
            XcbWindowHandle::new(
                u32::try_from(native.window)
                    .ok()
                    .and_then(NonZeroU32::new)
                    .ok_or_else(|| missing("window"))?,
            )
            .into(),
        ),
        HS_NATIVE_WINDOW_WAYLAND => (
            WaylandDisplayHandle::new(display.ok_or_else(|| missing("display"))?).into(),
            WaylandWindowHandle::new(
                NonNull::new(native.window as usize as *mut c_void)
                    .ok_or_else(|| missing("window"))?,
            )
            .into(),
        ),
        HS_NATIVE_WINDOW_WIN32 => {
            let mut window = Win32WindowHandle::new(
                NonZeroIsize::new(native.window as isize).ok_or_else(|| missing("window"))?,
            );
            window.hinstance = NonZeroIsize::new(native.display as isize);
            (WindowsDisplayHandle::new().into(), window.into())
        }
        other => {
            return Err(CapiError::argument(format!(
                "native window kind {other} is unknown"
            )))
        }
    }))
}

#[no_mangle]
pub unsafe extern "C" fn hsWindowInitialize(
    window: *mut HSWindow,
    builder: *const HSWindowBuilder,
) -> HSresult {
    entry("hsWindowInitialize", || {
        // SAFETY: the header's contract for objects and builders.
        let builder = unsafe { check_builder(builder.cast_mut()) }?;
        let device = unsafe { resolve(builder.device, "builder's device") }?;
        unsafe { check_new(window, "window") }?;
        let count = (builder.texture_count as usize).min(HS_WINDOW_MAX_TEXTURES);
        let mut textures = Vec::with_capacity(count);
        for &texture in &builder.textures[..count] {
            // SAFETY: set by the caller to its live textures.
            let state = unsafe { resolve(texture, "a window texture") }?;
            device.check_same(&state.device, "a window texture")?;
            textures.push(state.id);
        }
        let present_interval = u8::try_from(builder.present_interval)
            .map_err(|_| CapiError::argument("present_interval is past 255"))?;
        let headless = builder.native.kind == HS_NATIVE_WINDOW_HEADLESS;
        let handles = if headless {
            None
        } else {
            raw_handles(&builder.native)?
        };
        let id = device.gpu.create_window(&WindowMaker {
            textures,
            present_interval,
        })?;
        let size_px = (builder.native.width_px, builder.native.height_px);
        let surface = match handles {
            // SAFETY: the header requires the native window to outlive the HSWindow; the
            // surface ends with the window (finalizing it drops the surface).
            Some((display, native_window)) => Some(unsafe {
                gpu_vk::present::window_surface::WindowSurface::new(
                    &device.vk,
                    display,
                    native_window,
                    size_px,
                )
            }),
            None if headless => Some(gpu_vk::present::window_surface::WindowSurface::headless(
                &device.vk, size_px,
            )),
            None => None,
        };
        if let Some(surface) = surface {
            // The builder's present interval picks the swapchain's present mode.
            let surface = surface
                .map_err(|error| CapiError::Device(format!("the display window: {error}")))
                .and_then(|mut surface| {
                    crate::present_interval::apply_interval(&mut surface, builder.present_interval)
                        .map(|()| surface)
                });
            match surface {
                Ok(surface) => device.backend.lock().attach_surface(id, surface),
                Err(error) => {
                    let _ = device.gpu.finalize(id);
                    return Err(error);
                }
            }
        }
        let state = WindowState {
            device: DeviceRef::new(&device),
            id,
            texture_count: count as u32,
        };
        // SAFETY: checked by check_new.
        unsafe { publish(window, state) };
        Ok(())
    })
}

#[no_mangle]
pub unsafe extern "C" fn hsWindowFinalize(window: *mut HSWindow) -> HSresult {
    // SAFETY: the header's contract for objects.
    unsafe { finalize_object("hsWindowFinalize", window, "window") }
}

/// The index of the window's next texture to draw into. `sync`, when not NULL, is fenced
/// so that waiting on it waits until the texture may be drawn.
#[no_mangle]
pub unsafe extern "C" fn hsWindowAcquireTexture(
    window: *const HSWindow,
    sync: *const HSSync,
    index: *mut u32,
) -> HSresult {
    entry("hsWindowAcquireTexture", || {
        // SAFETY: the header's contract for objects and out-parameters.
        let state = unsafe { resolve(window, "window") }?;
        let sync = unsafe { crate::objects::resolve_optional(sync, "sync") }?;
        crate::builder::check_out(index, "index")?;
        let acquired = state.device.gpu.acquire_texture(state.id)?;
        if let Some(sync) = sync {
            state.device.check_same(&sync.device, "the sync")?;
            state
                .device
                .gpu
                .queue()
                .fence_sync(sync.id, gpu::objects::SyncCondition::AllGpuCommandsComplete)?;
        }
        unsafe { out_value(index, "index", acquired.index) }
    })
}

/// Whether presents keep a copy to read back (1, the default) or only show in the
/// display window (0, cheaper).
#[no_mangle]
pub unsafe extern "C" fn hsWindowSetPresentSnapshots(
    window: *const HSWindow,
    enabled: u32,
) -> HSresult {
    entry("hsWindowSetPresentSnapshots", || {
        // SAFETY: the header's contract for objects.
        let state = unsafe { resolve(window, "window") }?;
        let on = crate::builder::boolean(enabled, "enabled")?;
        state
            .device
            .backend
            .lock()
            .set_present_snapshots(state.id, on);
        Ok(())
    })
}

/// The last presented image as RGBA8 rows into `rgba8` (`size_b` bytes at least
/// width * height * 4), with its size. `HS_ERROR_REFUSED` before the first present.
#[no_mangle]
pub unsafe extern "C" fn hsWindowReadPresented(
    window: *const HSWindow,
    rgba8: *mut c_void,
    size_b: u64,
    width_px: *mut u32,
    height_px: *mut u32,
) -> HSresult {
    entry("hsWindowReadPresented", || {
        // SAFETY: the header's contract for objects and out-parameters.
        let state = unsafe { resolve(window, "window") }?;
        if state.texture_count == 0 {
            return Err(CapiError::Internal("a window of no textures".into()));
        }
        let image = state
            .device
            .backend
            .lock()
            .read_presented(state.id)
            .map_err(|error| CapiError::Device(error.to_string()))?
            .ok_or_else(|| CapiError::Refused("nothing was presented to the window yet".into()))?;
        // SAFETY: the header's contract for out-parameters.
        unsafe { copy_image_out(&image, rgba8, size_b, width_px, height_px) }
    })
}

/// Whether presents to the window's display window also copy what the display is given
/// (the presented texture scaled to the window, with the HUD over it) for
/// `hsWindowReadDisplayed`: 1 on, 0 off (the default). `HS_ERROR_REFUSED` for a window
/// with no display window, or whose swapchain images cannot be copied from.
#[no_mangle]
pub unsafe extern "C" fn hsWindowSetDisplayCapture(
    window: *const HSWindow,
    enabled: u32,
) -> HSresult {
    entry("hsWindowSetDisplayCapture", || {
        // SAFETY: the header's contract for objects.
        let state = unsafe { resolve(window, "window") }?;
        let on = crate::builder::boolean(enabled, "enabled")?;
        let mut backend = state.device.backend.lock();
        let surface = backend
            .surface_mut(state.id)
            .ok_or_else(|| CapiError::Refused("the window has no display window".into()))?;
        surface
            .set_capture(on)
            .map_err(|error| CapiError::Refused(error.to_string()))
    })
}

/// What the display window was given at the latest present with capture on
/// (`hsWindowSetDisplayCapture`), as RGBA8 rows into `rgba8` (`size_b` bytes at least
/// width * height * 4; the window's size, not the texture's), with its size.
/// `HS_ERROR_REFUSED` before such a present, or for a window with no display window.
#[no_mangle]
pub unsafe extern "C" fn hsWindowReadDisplayed(
    window: *const HSWindow,
    rgba8: *mut c_void,
    size_b: u64,
    width_px: *mut u32,
    height_px: *mut u32,
) -> HSresult {
    entry("hsWindowReadDisplayed", || {
        // SAFETY: the header's contract for objects and out-parameters.
        let state = unsafe { resolve(window, "window") }?;
        let mut backend = state.device.backend.lock();
        let surface = backend
            .surface_mut(state.id)
            .ok_or_else(|| CapiError::Refused("the window has no display window".into()))?;
        let image = surface
            .read_displayed()
            .map_err(|error| CapiError::Device(error.to_string()))?
            .ok_or_else(|| CapiError::Refused("no present with display capture on yet".into()))?;
        drop(backend);
        // SAFETY: as above; the image's bytes are copied into the caller's buffer.
        unsafe { copy_image_out(&image, rgba8, size_b, width_px, height_px) }
    })
}

/// Copies `image` into the caller's `size_b` bytes at `rgba8`, with its size.
///
/// # Safety
/// `rgba8` is NULL or `size_b` writable bytes; the size pointers are the caller's.
unsafe fn copy_image_out(
    image: &gpu_vk::executor::PresentedImage,
    rgba8: *mut c_void,
    size_b: u64,
    width_px: *mut u32,
    height_px: *mut u32,
) -> CapiResult<()> {
    if (size_b as usize) < image.rgba8.len() || rgba8.is_null() {
        return Err(CapiError::OutOfRange(format!(
            "the image needs {} bytes; {size_b} given",
            image.rgba8.len()
        )));
    }
    // SAFETY: the caller gives `size_b` writable bytes, checked to be enough.
    unsafe {
        std::ptr::copy_nonoverlapping(image.rgba8.as_ptr(), rgba8.cast::<u8>(), image.rgba8.len())
    };
    unsafe { out_value(width_px, "width_px", image.width_px) }?;
    unsafe { out_value(height_px, "height_px", image.height_px) }
}

/// Presents that reached the display window so far (0 without one): a port can tell its
/// frames are shown.
#[no_mangle]
pub unsafe extern "C" fn hsWindowGetDisplayPresents(
    window: *const HSWindow,
    presents: *mut u64,
) -> HSresult {
    entry("hsWindowGetDisplayPresents", || {
        // SAFETY: the header's contract for objects and out-parameters.
        let state = unsafe { resolve(window, "window") }?;
        let count = state
            .device
            .backend
            .lock()
            .surface_mut(state.id)
            .map_or(0, |surface| surface.presents);
        unsafe { out_value(presents, "presents", count) }
    })
}

/// The display window's new size: its swapchain is made again before the next present.
#[no_mangle]
pub unsafe extern "C" fn hsWindowResizeNative(
    window: *const HSWindow,
    width_px: u32,
    height_px: u32,
) -> HSresult {
    entry("hsWindowResizeNative", || {
        // SAFETY: the header's contract for objects.
        let state = unsafe { resolve(window, "window") }?;
        let mut backend = state.device.backend.lock();
        let surface = backend
            .surface_mut(state.id)
            .ok_or_else(|| CapiError::Refused("the window has no display window".into()))?;
        surface.resize((width_px, height_px));
        Ok(())
    })
}
