//! SPIR-V validation in process, through SPIRV-Tools' C API (linked with shaderc): every
//! module from outside (the API, a recording, the disk cache) and every module the
//! translator makes is checked here before a driver sees it. No program is spawned.

use std::ffi::{c_char, c_int, CStr};

/// The Vulkan environment every module is validated and optimised for (SPIR-V 1.3).
pub const TARGET_ENV: &str = "vulkan1.1";

/// SPIRV-Tools' `SPV_ENV_VULKAN_1_1` (libspirv.h's `spv_target_env`): Vulkan 1.1, SPIR-V 1.3,
/// the environment of [`TARGET_ENV`].
pub(crate) const SPV_ENV_VULKAN_1_1: c_int = 18;
const SPV_SUCCESS: c_int = 0;

#[repr(C)]
struct SpvConstBinary {
    code: *const u32,
    word_count: usize,
}

#[repr(C)]
struct SpvPosition {
    line: usize,
    column: usize,
    index: usize,
}

#[repr(C)]
struct SpvDiagnostic {
    position: SpvPosition,
    error: *const c_char,
    is_text_source: bool,
}

/// Opaque SPIRV-Tools objects.
#[repr(C)]
struct SpvContext {
    _private: [u8; 0],
}
#[repr(C)]
struct SpvValidatorOptions {
    _private: [u8; 0],
}

extern "C" {
    fn spvContextCreate(env: c_int) -> *mut SpvContext;
    fn spvContextDestroy(context: *mut SpvContext);
    fn spvValidatorOptionsCreate() -> *mut SpvValidatorOptions;
    fn spvValidatorOptionsDestroy(options: *mut SpvValidatorOptions);
    fn spvValidateWithOptions(
        context: *const SpvContext,
        options: *const SpvValidatorOptions,
        binary: *const SpvConstBinary,
        diagnostic: *mut *mut SpvDiagnostic,
    ) -> c_int;
    fn spvDiagnosticDestroy(diagnostic: *mut SpvDiagnostic);
    fn spvSoftwareVersionDetailsString() -> *const c_char;
}

/// The linked SPIRV-Tools' version, for the cache key.
pub(crate) fn linked_version() -> String {
    // SAFETY: SPIRV-Tools returns a pointer to a static NUL-terminated string.
    let details = unsafe { spvSoftwareVersionDetailsString() };
    if details.is_null() {
        return "unknown".into();
    }
    // SAFETY: non-null, static and NUL-terminated, per the line above.
    unsafe { CStr::from_ptr(details) }
        .to_string_lossy()
        .into_owned()
}

/// Validates `words` for Vulkan 1.1: `Err(log)` says what is wrong and at which word.
pub fn validate_spirv(words: &[u32]) -> Result<(), String> {
    if words.is_empty() {
        return Err("the module is empty".into());
    }
    // SAFETY: the context and options are made, used and destroyed here, once each; the
    // binary points at `words`, which outlive the call; the diagnostic the validator
    // hands back is read (its message is a NUL-terminated string it owns) and destroyed
    // once. A null context or options (allocation failure) is reported, never used.
    unsafe {
        let context = spvContextCreate(SPV_ENV_VULKAN_1_1);
        if context.is_null() {
            return Err("SPIRV-Tools could not make a validation context".into());
        }
        let options = spvValidatorOptionsCreate();
        if options.is_null() {
            spvContextDestroy(context);
            return Err("SPIRV-Tools could not make validator options".into());
        }
        let binary = SpvConstBinary {
            code: words.as_ptr(),
            word_count: words.len(),
        };
        let mut diagnostic: *mut SpvDiagnostic = std::ptr::null_mut();
        let result = spvValidateWithOptions(context, options, &binary, &mut diagnostic);
        let log = if diagnostic.is_null() {
            String::new()
        } else {
            let message = if (*diagnostic).error.is_null() {
                String::new()
            } else {
                CStr::from_ptr((*diagnostic).error)
                    .to_string_lossy()
                    .into_owned()
            };
            let word = (*diagnostic).position.index;
            spvDiagnosticDestroy(diagnostic);
            format!("{message} (at word {word})")
        };
        spvValidatorOptionsDestroy(options);
        spvContextDestroy(context);
        if result == SPV_SUCCESS {
            Ok(())
        } else if log.is_empty() {
            Err(format!("SPIRV-Tools refused the module (result {result})"))
        } else {
            Err(log)
        }
    }
}

/// Whether `module` has an entry point of `stage`.
pub(crate) fn has_entry_point(module: &crate::spirv::Module, stage: crate::Stage) -> bool {
    crate::spirv::ModuleIndex::new(module)
        .entry_points
        .iter()
        .any(|entry| crate::Stage::from_execution_model(entry.execution_model) == Some(stage))
}

/// A module handed in from outside for `stage`: valid SPIR-V with an entry point of that
/// stage. `Err` says what is wrong.
pub fn check_stage_module(words: &[u32], stage: crate::Stage) -> Result<(), String> {
    validate_spirv(words)?;
    let module = crate::spirv::Module::parse(words).map_err(|error| error.to_string())?;
    if has_entry_point(&module, stage) {
        Ok(())
    } else {
        Err(format!(
            "the module has no {} entry point",
            stage.short_name()
        ))
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// The smallest valid compute module: `void main() {}` with local size 1.
    pub(crate) fn empty_compute() -> Vec<u32> {
        vec![
            0x0723_0203,
            0x0001_0300,
            0,
            6,
            0, // header: SPIR-V 1.3, bound 6
            0x0002_0011,
            1, // OpCapability Shader
            0x0003_000e,
            0,
            1, // OpMemoryModel Logical GLSL450
            0x0005_000f,
            5,
            1,
            0x6e69_616d,
            0, // OpEntryPoint GLCompute %1 "main"
            0x0006_0010,
            1,
            17,
            1,
            1,
            1, // OpExecutionMode %1 LocalSize 1 1 1
            0x0002_0013,
            2, // %2 = OpTypeVoid
            0x0003_0021,
            3,
            2, // %3 = OpTypeFunction %2
            0x0005_0036,
            2,
            1,
            0,
            3, // %1 = OpFunction %2 None %3
            0x0002_00f8,
            4,           // %4 = OpLabel
            0x0001_00fd, // OpReturn
            0x0001_0038, // OpFunctionEnd
        ]
    }

    #[test]
    fn a_valid_module_passes_and_damage_is_named() {
        assert_eq!(validate_spirv(&empty_compute()), Ok(()));
        assert!(validate_spirv(&[]).is_err());
        // The entry point names an id that is no function.
        let mut bad = empty_compute();
        bad[13] = 3;
        let log = validate_spirv(&bad).unwrap_err();
        assert!(log.contains("word"), "{log}");
        // Cut in the middle of an instruction.
        assert!(validate_spirv(&empty_compute()[..20]).is_err());
        // The magic number alone.
        assert!(validate_spirv(&[0x0723_0203]).is_err());
    }

    #[test]
    fn a_module_must_have_the_stage_it_is_given_for() {
        assert_eq!(
            check_stage_module(&empty_compute(), crate::Stage::Compute),
            Ok(())
        );
        let wrong = check_stage_module(&empty_compute(), crate::Stage::Fragment).unwrap_err();
        assert!(wrong.contains("frag"), "{wrong}");
    }
}
