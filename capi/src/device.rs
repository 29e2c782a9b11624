//! The device: `hsDeviceBuilder*`, `hsDeviceInitialize` / `hsDeviceFinalize`, the debug
//! callback, and the texture handles of NVN's bindless model.

use std::collections::HashMap;
use std::ffi::{c_char, c_void, CStr};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use gpu::objects::{ImageHandle, TextureHandle};
use gpu::switches::{config_file, Switches};
use gpu::DeviceMaker;
use gpu_vk::executor::{ExecutorOptions, VkBackend};
use gpu_vk::shared_backend::SharedBackend;
use parking_lot::{Mutex, RwLock};

use crate::builder::{check_builder, BUILDER_MAGIC};
use crate::guard::entry;
use crate::objects::{check_new, publish, resolve, CObject, HSDevice};
use crate::registry::read_words;
use crate::report::{self, HSdebugCallback};
use crate::result::{CapiError, CapiResult, HSresult};
use crate::state::DeviceState;

/// Switches a device builder can set on top of the environment.
pub const HS_DEVICE_BUILDER_MAX_SWITCHES: usize = 16;

/// How to make a device. Plain data: set it with `hsDeviceBuilderSetDefaults` and the
/// setters; the strings it points to must live until `hsDeviceInitialize` returns.
#[repr(C)]
pub struct HSDeviceBuilder {
    /// Set by `hsDeviceBuilderSetDefaults`; a builder without it is refused.
    pub magic: u32,
    pub switch_count: u32,
    /// `RX_VK_*` switches (name, value) that win over the environment's.
    pub switch_names: [*const c_char; HS_DEVICE_BUILDER_MAX_SWITCHES],
    pub switch_values: [*const c_char; HS_DEVICE_BUILDER_MAX_SWITCHES],
    /// Where to record everything the device does (`hookshot replay` plays it); NULL: no
    /// recording.
    pub recording_path: *const c_char,
    /// The game's title id, name and version (`hsDeviceBuilderSetTitle`); NULL: none.
    pub title_id: *const c_char,
    pub title_name: *const c_char,
    pub title_version: *const c_char,
}

static NEXT_DEVICE_KEY: AtomicU64 = AtomicU64::new(1);

/// A C string argument as UTF-8.
///
/// # Safety
/// `text`, when non-null, is a NUL-terminated string.
pub(crate) unsafe fn c_text<'a>(text: *const c_char, arg: &str) -> CapiResult<&'a str> {
    if text.is_null() {
        return Err(CapiError::argument(format!("{arg} is NULL")));
    }
    // SAFETY: the caller promises a NUL-terminated string.
    unsafe { CStr::from_ptr(text) }
        .to_str()
        .map_err(|_| CapiError::argument(format!("{arg} is not UTF-8")))
}

#[no_mangle]
pub unsafe extern "C" fn hsDeviceBuilderSetDefaults(builder: *mut HSDeviceBuilder) -> HSresult {
    entry("hsDeviceBuilderSetDefaults", || {
        crate::builder::check_builder_pointer(builder)?;
        // SAFETY: checked non-null and aligned; the caller owns the builder.
        unsafe {
            builder.write(HSDeviceBuilder {
                magic: BUILDER_MAGIC,
                switch_count: 0,
                switch_names: [std::ptr::null(); HS_DEVICE_BUILDER_MAX_SWITCHES],
                switch_values: [std::ptr::null(); HS_DEVICE_BUILDER_MAX_SWITCHES],
                recording_path: std::ptr::null(),
                title_id: std::ptr::null(),
                title_name: std::ptr::null(),
                title_version: std::ptr::null(),
            })
        };
        Ok(())
    })
}

/// Sets switch `name` (e.g. "RX_VK_VALIDATION") to `value` for this device; checked, with
/// every other switch, at `hsDeviceInitialize`.
#[no_mangle]
pub unsafe extern "C" fn hsDeviceBuilderSetSwitch(
    builder: *mut HSDeviceBuilder,
    name: *const c_char,
    value: *const c_char,
) -> HSresult {
    entry("hsDeviceBuilderSetSwitch", || {
        // SAFETY: the header's contract for builders.
        let builder = unsafe { check_builder(builder) }?;
        if name.is_null() || value.is_null() {
            return Err(CapiError::argument("name and value must not be NULL"));
        }
        let count = builder.switch_count as usize;
        if count >= HS_DEVICE_BUILDER_MAX_SWITCHES {
            return Err(CapiError::OutOfRange(format!(
                "a device builder holds at most {HS_DEVICE_BUILDER_MAX_SWITCHES} switches"
            )));
        }
        builder.switch_names[count] = name;
        builder.switch_values[count] = value;
        builder.switch_count += 1;
        Ok(())
    })
}

#[no_mangle]
pub unsafe extern "C" fn hsDeviceBuilderSetRecordingPath(
    builder: *mut HSDeviceBuilder,
    path: *const c_char,
) -> HSresult {
    entry("hsDeviceBuilderSetRecordingPath", || {
        // SAFETY: the header's contract for builders.
        let builder = unsafe { check_builder(builder) }?;
        builder.recording_path = path;
        Ok(())
    })
}

/// The builder's switches over the environment's over the configuration files (the
/// title's and the one beside the executable), each builder name checked against the
/// table; for the builder's title.
fn switches_of(builder: &HSDeviceBuilder) -> CapiResult<Switches> {
    let count = builder.switch_count as usize;
    if count > HS_DEVICE_BUILDER_MAX_SWITCHES {
        return Err(CapiError::argument(
            "switch_count is past the builder's room",
        ));
    }
    let mut overrides: Vec<(String, String)> = Vec::with_capacity(count);
    for index in 0..count {
        // SAFETY: set by hsDeviceBuilderSetSwitch from the caller's live strings.
        let name = unsafe { c_text(builder.switch_names[index], "a switch name") }?;
        // SAFETY: as above.
        let value = unsafe { c_text(builder.switch_values[index], "a switch value") }?;
        overrides.push((name.to_owned(), value.to_owned()));
    }
    let title = if builder.title_id.is_null() {
        None
    } else {
        // SAFETY: set by hsDeviceBuilderSetTitle from the caller's live strings.
        Some(unsafe {
            crate::title::title_of(builder.title_id, builder.title_name, builder.title_version)
        }?)
    };
    let title_id = title.as_ref().map(|title| title.id.as_str());
    let files = config_file::read_all(&config_file::search_paths(title_id))
        .map_err(|error| CapiError::argument(error.to_string()))?;
    let switches = Switches::from_sources(
        |name| {
            overrides
                .iter()
                .rev()
                .find(|(key, _)| key == name)
                .map(|(_, value)| value.clone())
                .or_else(|| std::env::var(name).ok())
        },
        &files,
        gpu::switches::env_switch_names(),
    )
    .map_err(|error| CapiError::argument(error.to_string()))?
    .for_title(title);
    for (name, _) in &overrides {
        if !switches
            .entries()
            .iter()
            .any(|entry| &entry.spec.name == name)
        {
            return Err(CapiError::argument(format!(
                "{name} is not a switch (env_switches.tsv lists them)"
            )));
        }
    }
    Ok(switches)
}

/// Logs go to stderr (or `RX_VK_LOG_PATH`'s file) through `RX_VK_LOG` unless the
/// process set up tracing itself; a bad filter falls back to the default one.
fn start_logging(switches: &Switches) {
    if gpu::logging::init(switches).is_err() {
        let mut fallback = switches.clone();
        fallback.log_filter = "info".into();
        fallback.log_path = None;
        let _ = gpu::logging::init(&fallback);
    }
}

fn open_device(builder: &HSDeviceBuilder) -> CapiResult<DeviceState> {
    let switches = switches_of(builder)?;
    start_logging(&switches);
    switches.warn_unknown();
    let vk = gpu_vk::Device::open(&switches)
        .map_err(|error| CapiError::Device(format!("no Vulkan device: {error}")))?;
    let executor =
        VkBackend::with_switches(&vk, ExecutorOptions::from_switches(&switches), &switches)
            .map_err(|error| CapiError::Device(format!("the executor: {error}")))?;
    let backend = SharedBackend::new(executor);
    let mut maker =
        DeviceMaker::new(Box::new(backend.clone())).write_tracking(switches.write_tracking);
    // The builder's path, else RX_VK_RECORD's: a player can record from a shipped game.
    let recording_path = if builder.recording_path.is_null() {
        switches.record.clone()
    } else {
        // SAFETY: set by the caller to a live string.
        let path = unsafe { c_text(builder.recording_path, "recording_path") }?;
        Some(std::path::PathBuf::from(path))
    };
    if let Some(path) = recording_path {
        let file = std::fs::File::create(&path).map_err(|error| {
            CapiError::Device(format!("recording file {}: {error}", path.display()))
        })?;
        maker = maker.recording(Box::new(std::io::BufWriter::new(file)));
    }
    let gpu = gpu::Device::new(maker)
        .map_err(|error| CapiError::Device(format!("the recording: {error}")))?;
    let options = shader_translate::TranslateOptions {
        optimise: switches.spirv_opt,
        cache: switches.shader_cache.location(),
        strict_portability: switches.portability,
    };
    let mut translator = shader_translate::Translator::new(options)
        .map_err(|error| CapiError::Device(format!("the shader translator: {error}")))?;
    translator.set_metal_route(vk.metal_route(&switches));
    Ok(DeviceState {
        key: NEXT_DEVICE_KEY.fetch_add(1, Ordering::Relaxed),
        gpu,
        backend,
        vk,
        translator: Mutex::new(translator),
        live_objects: AtomicUsize::new(0),
        lists: RwLock::new(HashMap::new()),
    })
}

#[no_mangle]
pub unsafe extern "C" fn hsDeviceInitialize(
    device: *mut HSDevice,
    builder: *const HSDeviceBuilder,
) -> HSresult {
    entry("hsDeviceInitialize", || {
        // SAFETY: the header's contract for objects and builders.
        unsafe { check_new(device, "device") }?;
        let builder = unsafe { check_builder(builder.cast_mut()) }?;
        let state = open_device(builder)?;
        report::note_device(state.key);
        // SAFETY: checked by check_new.
        unsafe { publish(device, state) };
        Ok(())
    })
}

/// Ends the device. Refused (`HS_ERROR_BUSY`) while objects made on it live: finalize
/// them first. Waits for the GPU, closes the recording.
#[no_mangle]
pub unsafe extern "C" fn hsDeviceFinalize(device: *mut HSDevice) -> HSresult {
    entry("hsDeviceFinalize", || {
        // SAFETY: the header's contract for objects.
        let state = unsafe { resolve(device.cast_const(), "device") }?;
        let live = state.live_objects.load(Ordering::Acquire);
        if live > 0 {
            return Err(CapiError::Busy(format!(
                "{live} object(s) made on this device are not finalized: finalize them first"
            )));
        }
        drop(state);
        // SAFETY: resolved above, so 16 bytes the caller owns.
        let words = unsafe { read_words(device.cast_const(), "device") }?;
        let state = HSDevice::registry().remove(words)?;
        // SAFETY: as above.
        unsafe { crate::registry::write_words(device, [0, 0]) };
        report::uninstall(state.key);
        let closed = state.gpu.end_recording();
        let _ = state.vk.wait_idle();
        closed.map_err(|error| CapiError::Device(format!("closing the recording: {error}")))
    })
}

/// Installs `callback` for failures on this device's objects (and for failures whose
/// device cannot be told); NULL removes it. One callback a device.
#[no_mangle]
pub unsafe extern "C" fn hsDeviceInstallDebugCallback(
    device: *const HSDevice,
    callback: HSdebugCallback,
    user_data: *mut c_void,
) -> HSresult {
    entry("hsDeviceInstallDebugCallback", || {
        // SAFETY: the header's contract for objects.
        let state = unsafe { resolve(device, "device") }?;
        report::install(state.key, callback, user_data);
        Ok(())
    })
}

/// The texture handle of texture pool slot `texture_slot` and sampler pool slot
/// `sampler_slot`, for `hsCommandBufferBindTexture` (NVN's packing).
#[no_mangle]
pub unsafe extern "C" fn hsDeviceGetTextureHandle(
    device: *const HSDevice,
    texture_slot: u32,
    sampler_slot: u32,
    handle: *mut u64,
) -> HSresult {
    entry("hsDeviceGetTextureHandle", || {
        // SAFETY: the header's contract for objects.
        unsafe { resolve(device, "device") }?;
        if texture_slot >= gpu::objects::descriptor::MAX_TEXTURE_SLOTS
            || sampler_slot >= gpu::objects::descriptor::MAX_SAMPLER_SLOTS
        {
            return Err(CapiError::OutOfRange(format!(
                "slots ({texture_slot}, {sampler_slot}) past what a handle holds (2^20, 2^12)"
            )));
        }
        let bits = TextureHandle {
            texture_slot,
            sampler_slot,
        }
        .to_bits();
        // SAFETY: checked non-null by out_value.
        unsafe { crate::builder::out_value(handle, "handle", bits) }
    })
}

/// The image handle of texture pool slot `texture_slot` (registered as an image).
#[no_mangle]
pub unsafe extern "C" fn hsDeviceGetImageHandle(
    device: *const HSDevice,
    texture_slot: u32,
    handle: *mut u64,
) -> HSresult {
    entry("hsDeviceGetImageHandle", || {
        // SAFETY: the header's contract for objects.
        unsafe { resolve(device, "device") }?;
        if texture_slot >= gpu::objects::descriptor::MAX_TEXTURE_SLOTS {
            return Err(CapiError::OutOfRange(format!(
                "slot {texture_slot} past what a handle holds (2^20)"
            )));
        }
        let _ = ImageHandle { texture_slot };
        // SAFETY: checked by out_value.
        unsafe { crate::builder::out_value(handle, "handle", u64::from(texture_slot)) }
    })
}

/// Validation errors the Vulkan layer reported on this device so far (0 with
/// `RX_VK_VALIDATION` off): a port's tests can fail on them.
#[no_mangle]
pub unsafe extern "C" fn hsDeviceGetValidationErrorCount(
    device: *const HSDevice,
    count: *mut u64,
) -> HSresult {
    entry("hsDeviceGetValidationErrorCount", || {
        // SAFETY: the header's contract for objects.
        let state = unsafe { resolve(device, "device") }?;
        let errors = state.vk.validation().error_count();
        // SAFETY: checked by out_value.
        unsafe { crate::builder::out_value(count, "count", errors) }
    })
}

/// The host page size in bytes this device's pools are aligned to and protected in: the
/// OS's (`hsGetHostPageSize`), or a larger one where `RX_VK_SIMULATE` says so (16384 for
/// `moltenvk-m1`, Apple Silicon's). Storage given to `hsMemoryPoolBuilderSetStorage` for
/// this device is aligned to it and a multiple of it in size.
#[no_mangle]
pub unsafe extern "C" fn hsDeviceGetHostPageSize(
    device: *const HSDevice,
    page_size_b: *mut u64,
) -> HSresult {
    entry("hsDeviceGetHostPageSize", || {
        // SAFETY: the header's contract for objects.
        let state = unsafe { resolve(device, "device") }?;
        let page_b = state.gpu.features().portability.pool_page_b();
        // SAFETY: checked by out_value.
        unsafe { crate::builder::out_value(page_size_b, "page_size_b", page_b) }
    })
}
