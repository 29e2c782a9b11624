//! SPIRV-Tools' optimiser in process (the performance passes `spirv-opt -O` runs), through
//! the C entry point of cpp/optimize.cpp over the statically linked libSPIRV-Tools-opt.
//! No program is spawned.

use std::ffi::{c_char, c_int, c_void, CStr};

use crate::validate::SPV_ENV_VULKAN_1_1;

extern "C" {
    fn hookshot_spirv_opt(
        target_env: c_int,
        words: *const u32,
        word_count: usize,
        out_words: *mut *mut u32,
        out_count: *mut usize,
        out_message: *mut *mut c_char,
    ) -> c_int;
    fn hookshot_spirv_opt_free(pointer: *mut c_void);
}

/// The performance passes over `words` for Vulkan 1.1: `Err(log)` when the optimiser
/// refuses the module (it validates its input first) or fails.
pub(crate) fn optimise(words: &[u32]) -> Result<Vec<u32>, String> {
    if words.is_empty() {
        return Err("the module is empty".into());
    }
    let mut out_words: *mut u32 = std::ptr::null_mut();
    let mut out_count = 0usize;
    let mut out_message: *mut c_char = std::ptr::null_mut();
    // SAFETY: `words` outlives the call and its length is passed with it; the shim writes
    // the three out-pointers, which point at the locals above, and catches every C++
    // exception, so none unwinds into Rust.
    let result = unsafe {
        hookshot_spirv_opt(
            SPV_ENV_VULKAN_1_1,
            words.as_ptr(),
            words.len(),
            &mut out_words,
            &mut out_count,
            &mut out_message,
        )
    };
    let message = if out_message.is_null() {
        None
    } else {
        // SAFETY: a non-null message is a NUL-terminated malloc'd string from the shim,
        // read once here and freed once right after.
        let text = unsafe { CStr::from_ptr(out_message) }
            .to_string_lossy()
            .into_owned();
        // SAFETY: allocated by the shim's malloc, freed by its free, once.
        unsafe { hookshot_spirv_opt_free(out_message.cast()) };
        Some(text)
    };
    if result != 0 || out_words.is_null() {
        return Err(message.unwrap_or_else(|| format!("the optimiser failed (result {result})")));
    }
    // SAFETY: on success the shim hands back `out_count` words it malloc'd; they are
    // copied out here and the block freed once.
    let optimised = unsafe { std::slice::from_raw_parts(out_words, out_count) }.to_vec();
    // SAFETY: allocated by the shim's malloc, freed by its free, once.
    unsafe { hookshot_spirv_opt_free(out_words.cast()) };
    Ok(optimised)
}

/// What the linked tools are, for the cache key: read from the libraries themselves, so
/// no program has to be run (or even installed).
pub(crate) fn fingerprint() -> String {
    format!(
        "SPIRV-Tools (linked, optimiser and validator) {}\nnaga {}\n",
        crate::validate::linked_version(),
        env!("HOOKSHOT_NAGA_VERSION")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validate::tests::empty_compute;

    #[test]
    fn a_valid_module_is_optimised_and_stays_valid() {
        let optimised = optimise(&empty_compute()).unwrap();
        assert_eq!(crate::validate::validate_spirv(&optimised), Ok(()));
        assert_eq!(optimised[0], 0x0723_0203);
    }

    #[test]
    fn a_broken_module_is_refused_with_a_log() {
        let mut bad = empty_compute();
        bad[13] = 3; // the entry point names an id that is no function
        let log = optimise(&bad).unwrap_err();
        assert!(!log.is_empty());
        assert!(optimise(&[0x0723_0203]).is_err());
        assert!(optimise(&[]).is_err());
    }

    #[test]
    fn the_fingerprint_names_the_linked_versions() {
        let text = fingerprint();
        assert!(text.contains("SPIRV-Tools v20"), "{text}");
        assert!(!text.contains("unlocked"), "{text}");
    }
}
