//! The Vulkan instance: the loader, the validation layer when asked for, and portability
//! enumeration where the loader offers it (MoltenVK).

use std::ffi::{CStr, CString};
use std::sync::Arc;

use ash::vk;
use gpu::switches::LoaderChoice;

use crate::bringup::validation::{messenger_callback, ValidationLog, VALIDATION_LAYER};
use crate::error::{map_vk, VkError, VkResult};

const KHR_PORTABILITY_ENUMERATION: &CStr = c"VK_KHR_portability_enumeration";

/// Surface extensions enabled when the loader offers them and their platform can have a
/// window here, so a window can be presented to; headless runs pay nothing for them.
fn surface_extensions() -> Vec<&'static CStr> {
    let mut names = vec![
        c"VK_KHR_surface",
        c"VK_KHR_win32_surface",
        c"VK_EXT_metal_surface",
        // A swapchain with no display (`WindowSurface::headless`): tests and tools see
        // the window path run in full on a machine without one.
        c"VK_EXT_headless_surface",
    ];
    // Asking Mesa for X11 or Wayland surfaces without that display only makes it complain.
    if std::env::var_os("DISPLAY").is_some() {
        names.extend([c"VK_KHR_xlib_surface", c"VK_KHR_xcb_surface"]);
    }
    if std::env::var_os("WAYLAND_DISPLAY").is_some() {
        names.push(c"VK_KHR_wayland_surface");
    }
    names
}
/// The Vulkan loader, loaded once for the process and never unloaded, with its drivers
/// held loaded by a bare instance that lives as long: a device opened again after an
/// earlier one closed (a port recreating its renderer, a test binary) must not reload
/// them (NVIDIA's driver fails to load a second time in one process, and its threads
/// outlive an unload). The first choice of loader stands; a different one later is an
/// error rather than silently the first.
fn loader(choice: &LoaderChoice) -> VkResult<ash::Entry> {
    type Loaded = (LoaderChoice, Result<ash::Entry, String>);
    static LOADER: std::sync::OnceLock<Loaded> = std::sync::OnceLock::new();
    let (loaded_choice, loaded) = LOADER.get_or_init(|| {
        let loaded = crate::bringup::loader::load(choice).map(|(entry, name)| {
            tracing::debug!(target: "gpu_vk::bringup::device", loader = %name, "Vulkan loader loaded");
            hold_drivers(&entry);
            entry
        });
        (choice.clone(), loaded)
    });
    if loaded_choice != choice {
        return Err(VkError::Loader(format!(
            "the loader was already loaded this process as {loaded_choice:?}, not {choice:?}"
        )));
    }
    loaded.clone().map_err(VkError::Loader)
}

/// Makes an instance with no layers and never destroys it, so the loader keeps its
/// drivers loaded. It enumerates portability drivers too (MoltenVK), so those stay
/// loaded as well. A failure is left to the real instance to report.
fn hold_drivers(entry: &ash::Entry) {
    // SAFETY: a plain query on a loaded entry.
    let portability = unsafe { entry.enumerate_instance_extension_properties(None) }
        .unwrap_or_default()
        .iter()
        .any(|e| e.extension_name_as_c_str() == Ok(KHR_PORTABILITY_ENUMERATION));
    let extensions = [KHR_PORTABILITY_ENUMERATION.as_ptr()];
    let app = vk::ApplicationInfo::default().api_version(vk::API_VERSION_1_3);
    let mut info = vk::InstanceCreateInfo::default().application_info(&app);
    if portability {
        info = info
            .enabled_extension_names(&extensions)
            .flags(vk::InstanceCreateFlags::ENUMERATE_PORTABILITY_KHR);
    }
    // SAFETY: valid create info; the instance is deliberately never destroyed (it lives
    // until the process ends, as the loader does).
    match unsafe { entry.create_instance(&info, None) } {
        // `ash::Instance` has no destructor: dropping the handle leaves the instance alive.
        Ok(_instance) => {}
        Err(result) => tracing::debug!(target: "gpu_vk::bringup::device", ?result,
            "no instance to hold the drivers loaded"),
    }
}

pub struct Instance {
    pub entry: ash::Entry,
    pub raw: ash::Instance,
    messenger: Option<(ash::ext::debug_utils::Instance, vk::DebugUtilsMessengerEXT)>,
    /// Shared with the messenger callback; kept alive until the messenger is gone.
    pub validation: Arc<ValidationLog>,
    pub validation_enabled: bool,
    pub portability_enumeration: bool,
    /// `VK_KHR_surface` is on: windows can be presented to.
    pub surfaces: bool,
    /// `VK_EXT_headless_surface` is on too: a swapchain can be made with no display.
    pub headless_surface: bool,
    /// `VK_EXT_debug_utils` is on: command buffers take debug labels.
    pub debug_utils: bool,
}

impl Instance {
    /// The instance, with `title`'s name and version in Vulkan's application info (drivers
    /// key their per-application behaviour by it); "hookshot" for a program with none.
    pub fn new(
        validation: bool,
        loader_choice: &LoaderChoice,
        title: Option<&gpu::title::Title>,
    ) -> VkResult<Instance> {
        let entry = loader(loader_choice)?;
        // SAFETY: plain queries on a loaded entry.
        let (layers, extensions) = unsafe {
            (
                entry
                    .enumerate_instance_layer_properties()
                    .map_err(map_vk("listing instance layers"))?,
                entry
                    .enumerate_instance_extension_properties(None)
                    .map_err(map_vk("listing instance extensions"))?,
            )
        };
        let has_extension = |name: &CStr| {
            extensions
                .iter()
                .any(|e| e.extension_name_as_c_str().is_ok_and(|n| n == name))
        };
        if validation
            && !layers
                .iter()
                .any(|l| l.layer_name_as_c_str().is_ok_and(|n| n == VALIDATION_LAYER))
        {
            return Err(VkError::LayerMissing {
                layer: "VK_LAYER_KHRONOS_validation",
            });
        }
        let portability_enumeration = has_extension(KHR_PORTABILITY_ENUMERATION);
        let mut extension_names = Vec::new();
        if portability_enumeration {
            extension_names.push(KHR_PORTABILITY_ENUMERATION.as_ptr());
        }
        let surfaces: Vec<&CStr> = surface_extensions()
            .into_iter()
            .filter(|name| has_extension(name))
            .collect();
        extension_names.extend(surfaces.iter().map(|name| name.as_ptr()));
        // Debug groups and labels (`executor::debug_labels`) go to capture tools through
        // it wherever the loader or a layer offers it, not only under validation.
        let debug_utils = validation || has_extension(ash::ext::debug_utils::NAME);
        if debug_utils {
            extension_names.push(ash::ext::debug_utils::NAME.as_ptr());
        }
        let layer_names = if validation {
            vec![VALIDATION_LAYER.as_ptr()]
        } else {
            Vec::new()
        };
        // A title's name holds no NUL (`Title::new` refuses control characters).
        let app_name = CString::new(title.map_or("hookshot", |title| title.name.as_str()))
            .unwrap_or_else(|_| c"hookshot".to_owned());
        let engine_name = c"hookshot";
        let engine_version = vk::make_api_version(
            0,
            env!("CARGO_PKG_VERSION_MAJOR").parse().unwrap_or(0),
            env!("CARGO_PKG_VERSION_MINOR").parse().unwrap_or(0),
            env!("CARGO_PKG_VERSION_PATCH").parse().unwrap_or(0),
        );
        let app_info = vk::ApplicationInfo::default()
            .application_name(&app_name)
            .application_version(title.map_or(0, |title| title.vk_version()))
            .engine_name(engine_name)
            .engine_version(engine_version)
            .api_version(vk::API_VERSION_1_3);
        let enabled_validation = [vk::ValidationFeatureEnableEXT::SYNCHRONIZATION_VALIDATION];
        let mut validation_features =
            vk::ValidationFeaturesEXT::default().enabled_validation_features(&enabled_validation);
        let log = Arc::new(ValidationLog::default());
        let mut messenger_for_instance = messenger_create_info(&log);
        let mut create_info = vk::InstanceCreateInfo::default()
            .application_info(&app_info)
            .enabled_layer_names(&layer_names)
            .enabled_extension_names(&extension_names);
        if portability_enumeration {
            create_info = create_info.flags(vk::InstanceCreateFlags::ENUMERATE_PORTABILITY_KHR);
        }
        if validation {
            // Chained so that instance creation and destruction are validated too.
            create_info = create_info
                .push_next(&mut validation_features)
                .push_next(&mut messenger_for_instance);
        }
        // SAFETY: every pointer in `create_info` refers to locals that outlive the call.
        let raw = unsafe { entry.create_instance(&create_info, None) }
            .map_err(map_vk("creating the Vulkan instance"))?;
        let messenger = if validation {
            let debug_utils = ash::ext::debug_utils::Instance::new(&entry, &raw);
            // SAFETY: the callback's user data is `log`, which this struct keeps alive and
            // drops only after the messenger is destroyed.
            let messenger = unsafe {
                debug_utils.create_debug_utils_messenger(&messenger_create_info(&log), None)
            }
            .map_err(map_vk("creating the validation messenger"))?;
            Some((debug_utils, messenger))
        } else {
            None
        };
        tracing::debug!(
            validation,
            portability_enumeration,
            debug_utils,
            "Vulkan instance created"
        );
        Ok(Instance {
            entry,
            raw,
            messenger,
            validation: log,
            validation_enabled: validation,
            portability_enumeration,
            surfaces: surfaces.contains(&c"VK_KHR_surface"),
            headless_surface: surfaces.contains(&c"VK_KHR_surface")
                && surfaces.contains(&c"VK_EXT_headless_surface"),
            debug_utils,
        })
    }
}

/// The messenger's settings; `log` is its user data.
fn messenger_create_info(
    log: &Arc<ValidationLog>,
) -> vk::DebugUtilsMessengerCreateInfoEXT<'static> {
    vk::DebugUtilsMessengerCreateInfoEXT::default()
        .message_severity(
            vk::DebugUtilsMessageSeverityFlagsEXT::ERROR
                | vk::DebugUtilsMessageSeverityFlagsEXT::WARNING
                | vk::DebugUtilsMessageSeverityFlagsEXT::INFO,
        )
        .message_type(
            vk::DebugUtilsMessageTypeFlagsEXT::GENERAL
                | vk::DebugUtilsMessageTypeFlagsEXT::VALIDATION
                | vk::DebugUtilsMessageTypeFlagsEXT::PERFORMANCE,
        )
        .pfn_user_callback(Some(messenger_callback))
        .user_data(Arc::as_ptr(log) as *mut std::ffi::c_void)
}

impl Drop for Instance {
    fn drop(&mut self) {
        // SAFETY: the device made from this instance is destroyed first (it is owned by
        // `Device`, which drops its `Instance` last), and nothing uses these handles after.
        unsafe {
            if let Some((debug_utils, messenger)) = self.messenger.take() {
                debug_utils.destroy_debug_utils_messenger(messenger, None);
            }
            self.raw.destroy_instance(None);
        }
    }
}
