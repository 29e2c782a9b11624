//! SPIRV-Tools' optimiser in process (the performance passes `spirv-opt -O` runs, or a
//! shorter list for modules written in SSA form), through the C entry point of
//! cpp/optimize.cpp over the statically linked libSPIRV-Tools-opt. No program is spawned.

use std::ffi::{c_char, c_int, c_void, CStr, CString};

use crate::validate::SPV_ENV_VULKAN_1_1;

extern "C" {
    fn hookshot_spirv_opt(
        target_env: c_int,
        words: *const u32,
        word_count: usize,
        pass_flags: *const *const c_char,
        pass_count: usize,
        input_validated: c_int,
        out_words: *mut *mut u32,
        out_count: *mut usize,
        out_message: *mut *mut c_char,
    ) -> c_int;
    fn hookshot_spirv_opt_free(pointer: *mut c_void);
}

/// Which of the optimiser's passes run over a module.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Passes {
    /// The performance passes (`spirv-opt -O`), for the front ends' modules, which keep
    /// their locals in function variables.
    Performance,
    /// [`SSA_PASSES`], for modules written in SSA form (the Maxwell emitter's).
    Ssa,
}

/// The performance passes that still change a module written in SSA form, in their order
/// in `-O`. The others find nothing to do there: no function variables or access chains
/// to promote or split (`private-to-local`, the `eliminate-local-*` passes,
/// `scalar-replacement`, `convert-local-access-chains`, `copy-propagate-arrays`,
/// `reduce-load-size`; the `ssa-rewrite` kept promotes what `merge-return` makes), one
/// function and no calls (`inline-entry-points-exhaustive`, `eliminate-dead-functions`),
/// no vectors built (`vector-dce`, `eliminate-dead-inserts`), no loop marked for
/// unrolling (`loop-unroll`). Over every program of the Maxwell corpus the output has
/// the same instructions, as many of each opcode, as `-O`'s (the test
/// `ssa_passes_optimise_maxwell_modules_as_the_performance_passes`).
pub(crate) const SSA_PASSES: &[&str] = &[
    "--merge-return",
    "--redundancy-elimination",
    "--ssa-rewrite",
    "--eliminate-dead-branches",
    "--simplify-instructions",
    "--eliminate-dead-code-aggressive",
    "--merge-blocks",
    "--redundancy-elimination",
    "--eliminate-dead-branches",
    "--merge-blocks",
];

impl Passes {
    fn flags(self) -> &'static [&'static str] {
        match self {
            Passes::Performance => &[],
            Passes::Ssa => SSA_PASSES,
        }
    }

    /// What the cache key holds of the choice.
    pub(crate) fn key(self) -> String {
        self.flags().join(" ")
    }
}

/// `passes` over `words` for Vulkan 1.1: `Err(log)` when the optimiser refuses the module
/// or fails. The optimiser validates its input first unless `input_validated` says
/// [`crate::validate::validate_spirv`] (the same validator and environment) already
/// accepted these words: the translator's pipeline validates every module before
/// optimising it, and a third validation of the same words found nothing new.
pub(crate) fn optimise(
    words: &[u32],
    passes: Passes,
    input_validated: bool,
) -> Result<Vec<u32>, String> {
    if words.is_empty() {
        return Err("the module is empty".into());
    }
    let flags: Vec<CString> = passes
        .flags()
        .iter()
        .map(|&flag| CString::new(flag).expect("pass flags hold no NUL"))
        .collect();
    let flag_pointers: Vec<*const c_char> = flags.iter().map(|flag| flag.as_ptr()).collect();
    let mut out_words: *mut u32 = std::ptr::null_mut();
    let mut out_count = 0usize;
    let mut out_message: *mut c_char = std::ptr::null_mut();
    // SAFETY: `words` and the flags (NUL-terminated, alive in `flags`) outlive the call,
    // each with its length passed; the shim writes
    // the three out-pointers, which point at the locals above, and catches every C++
    // exception, so none unwinds into Rust.
    let result = unsafe {
        hookshot_spirv_opt(
            SPV_ENV_VULKAN_1_1,
            words.as_ptr(),
            words.len(),
            flag_pointers.as_ptr(),
            flag_pointers.len(),
            c_int::from(input_validated),
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
        let optimised = optimise(&empty_compute(), Passes::Performance, false).unwrap();
        assert_eq!(crate::validate::validate_spirv(&optimised), Ok(()));
        assert_eq!(optimised[0], 0x0723_0203);
    }

    #[test]
    fn a_broken_module_is_refused_with_a_log() {
        let mut bad = empty_compute();
        bad[13] = 3; // the entry point names an id that is no function
        let log = optimise(&bad, Passes::Performance, false).unwrap_err();
        assert!(!log.is_empty());
        assert!(optimise(&[0x0723_0203], Passes::Performance, false).is_err());
        assert!(optimise(&[], Passes::Performance, false).is_err());
    }

    /// How many instructions of each opcode a module holds.
    fn opcode_counts(words: &[u32]) -> std::collections::BTreeMap<String, usize> {
        let module = rspirv::dr::load_words(words).unwrap();
        let mut counts = std::collections::BTreeMap::new();
        for inst in module.all_inst_iter() {
            *counts
                .entry(format!("{:?}", inst.class.opcode))
                .or_default() += 1;
        }
        counts
    }

    /// The short list leaves every Maxwell corpus module as `-O` does: as many
    /// instructions of each opcode (the reference is the full performance list), valid.
    #[test]
    fn ssa_passes_optimise_maxwell_modules_as_the_performance_passes() {
        use crate::maxwell::corpus::MAXWELL_CORPUS;
        for program in MAXWELL_CORPUS {
            let words = program.spirv().unwrap();
            let full = optimise(&words, Passes::Performance, false).unwrap();
            let short = optimise(&words, Passes::Ssa, false).unwrap();
            assert_eq!(
                crate::validate::validate_spirv(&short),
                Ok(()),
                "{}",
                program.name
            );
            assert_eq!(
                opcode_counts(&short),
                opcode_counts(&full),
                "{}: the short list's output differs from -O's",
                program.name
            );
            assert!(
                short.len() < words.len(),
                "{}: nothing optimised",
                program.name
            );
        }
    }

    #[test]
    fn the_fingerprint_names_the_linked_versions() {
        let text = fingerprint();
        assert!(text.contains("SPIRV-Tools v20"), "{text}");
        assert!(!text.contains("unlocked"), "{text}");
    }
}
