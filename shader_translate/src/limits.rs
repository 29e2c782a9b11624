//! What one shader may cost before a front end sees it. glslang and naga have no bounds
//! of their own: a NUL byte panics inside shaderc, deep nesting overflows naga's stack,
//! a doubling `#define` chain grows without end, and a huge file takes minutes. Each is
//! refused here with a typed error that says which bound and where.

use crate::front::position::pos_of_offset;
use crate::{Diagnostic, SourcePos, TranslateError};

/// The largest source text taken: several times a large game shader. glslang takes
/// seconds on a megabyte of straight-line code, and grows faster than the size.
pub const MAX_SOURCE_B: usize = 1 << 20;
/// The deepest nesting of brackets (`(`, `[`, `{`) taken.
pub const MAX_NESTING: u32 = 256;
/// The most tokens the whole source may expand to, counted after substitution
/// (`macro_cost`, which also states the steps and the memory the count may take).
pub const MAX_MACRO_EXPANSION_TOKENS: u64 = crate::macro_cost::MAX_EXPANDED_TOKENS;
/// The largest SPIR-V module taken, in words.
pub const MAX_SPIRV_WORDS: usize = 4 << 20;
/// The most bytes of shader code (GLSL text, SPIR-V, a DKSH module or Maxwell code) an
/// entry point takes from its caller: the largest SPIR-V module's size, past every other
/// bound, so a length is refused before its bytes are read.
pub const MAX_SHADER_BINARY_B: usize = MAX_SPIRV_WORDS * 4;

/// Checks GLSL text against every bound; the error names the first one broken.
pub(crate) fn check_glsl(name: &str, text: &str) -> Result<(), TranslateError> {
    let refuse = |pos: Option<SourcePos>, message: String| {
        TranslateError::TooCostly(Diagnostic {
            file: name.to_owned(),
            pos,
            message,
        })
    };
    if text.len() > MAX_SOURCE_B {
        return Err(refuse(
            None,
            format!(
                "the source is {} bytes, more than the {MAX_SOURCE_B} a shader may have",
                text.len()
            ),
        ));
    }
    if let Some(at) = text.find('\0') {
        return Err(refuse(
            Some(pos_of_offset(text, at)),
            "a NUL byte in the source".into(),
        ));
    }
    if let Some(at) = too_deep(text) {
        return Err(refuse(
            Some(pos_of_offset(text, at)),
            format!("brackets nest deeper than {MAX_NESTING}"),
        ));
    }
    let clean = String::from_utf8_lossy(&without_comments(text)).into_owned();
    if let Err(cost) = crate::macro_cost::expanded_tokens(&clean) {
        let line = cost.line();
        return Err(refuse(
            Some(SourcePos { line, column: 1 }),
            cost.to_string(),
        ));
    }
    Ok(())
}

pub(crate) fn check_spirv(name: &str, words: &[u32]) -> Result<(), TranslateError> {
    if words.len() > MAX_SPIRV_WORDS {
        return Err(TranslateError::TooCostly(Diagnostic {
            file: name.to_owned(),
            pos: None,
            message: format!(
                "the module is {} words, more than the {MAX_SPIRV_WORDS} a shader may have",
                words.len()
            ),
        }));
    }
    Ok(())
}

/// The text with comments blanked to spaces (newlines kept, so positions hold).
fn without_comments(text: &str) -> Vec<u8> {
    let bytes = text.as_bytes();
    let mut out = bytes.to_vec();
    let mut at = 0;
    while at < bytes.len() {
        if bytes[at..].starts_with(b"//") {
            while at < bytes.len() && bytes[at] != b'\n' {
                out[at] = b' ';
                at += 1;
            }
        } else if bytes[at..].starts_with(b"/*") {
            while at < bytes.len() && !bytes[at..].starts_with(b"*/") {
                if bytes[at] != b'\n' {
                    out[at] = b' ';
                }
                at += 1;
            }
            for byte in out.iter_mut().skip(at).take(2) {
                *byte = b' ';
            }
            at += 2;
        } else {
            at += 1;
        }
    }
    out
}

/// The byte where nesting first passes `MAX_NESTING`, if it does.
fn too_deep(text: &str) -> Option<usize> {
    let mut depth = 0u32;
    for (at, byte) in without_comments(text).iter().enumerate() {
        match byte {
            b'(' | b'[' | b'{' => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Some(at);
                }
            }
            b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(text: &str) -> String {
        match check_glsl("s.frag", text) {
            Err(TranslateError::TooCostly(diagnostic)) => diagnostic.to_string(),
            other => panic!("not refused: {other:?}"),
        }
    }

    #[test]
    fn each_bound_is_named_with_its_place() {
        let ok = "#version 450\n#define TWO (1 + 1)\nvoid main() { /* ((( */ }\n";
        assert!(check_glsl("s.frag", ok).is_ok());
        assert_eq!(
            refused("void main() {\n  int x\0;\n}"),
            "s.frag:2:8: a NUL byte in the source"
        );
        let deep = format!("void main() {}{}", "{".repeat(10_000), "}".repeat(10_000));
        assert!(refused(&deep).contains("nest deeper than 256"));
        let mut doubling = String::from("#define A0 x\n");
        for level in 1..40 {
            doubling.push_str(&format!("#define A{level} A{} A{}\n", level - 1, level - 1));
        }
        // Defined and never used, the chain costs nothing; used once, it is refused.
        assert!(check_glsl("s.frag", &doubling).is_ok());
        doubling.push_str("void main() { A39; }\n");
        let message = refused(&doubling);
        assert!(message.contains("macro `A39`"), "{message}");
        assert!(
            message.starts_with("s.frag:41:1: the source expands to more than 262144 tokens"),
            "{message}"
        );
        let huge = " ".repeat(MAX_SOURCE_B + 1);
        assert!(refused(&huge).contains("more than the 1048576"));
    }

    #[test]
    fn comments_and_continuations_are_read_as_the_preprocessor_does() {
        // Brackets in comments do not nest; a continued define is one definition.
        let commented = format!("// {}\nvoid main() {{}}\n", "(".repeat(1000));
        assert!(check_glsl("c.frag", &commented).is_ok());
        let mut continued = String::from("#define A0 x\n");
        for level in 1..30 {
            continued.push_str(&format!(
                "#define A{level} A{} \\\n  A{}\n",
                level - 1,
                level - 1
            ));
        }
        continued.push_str("A29\n");
        assert!(check_glsl("c.frag", &continued).is_err());
    }
}
