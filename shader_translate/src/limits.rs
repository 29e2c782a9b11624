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
/// The most tokens one macro may expand to, counting macros inside it.
pub const MAX_MACRO_EXPANSION_TOKENS: u64 = 1 << 20;
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
    if let Some((macro_name, tokens)) = costliest_macro(text) {
        return Err(refuse(
            None,
            format!(
                "macro `{macro_name}` expands to at least {tokens} tokens, more than the \
                 {MAX_MACRO_EXPANSION_TOKENS} a macro may"
            ),
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

/// A macro whose expansion passes `MAX_MACRO_EXPANSION_TOKENS`, with a lower bound of
/// its size. Each `#define` costs its body's tokens, a use of an earlier macro costing
/// that macro's expansion; a function-like macro's parameters count one token each, so
/// the figure is a lower bound of what the preprocessor would make.
fn costliest_macro(text: &str) -> Option<(String, u64)> {
    let clean = String::from_utf8_lossy(&without_comments(text)).into_owned();
    let mut sizes: std::collections::HashMap<String, u64> = std::collections::HashMap::new();
    for line in logical_lines(&clean) {
        let Some(rest) = line.trim_start().strip_prefix('#') else {
            continue;
        };
        let Some(definition) = rest.trim_start().strip_prefix("define") else {
            continue;
        };
        let definition = definition.trim_start();
        let name_end = definition
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(definition.len());
        let (macro_name, mut body) = definition.split_at(name_end);
        if macro_name.is_empty() {
            continue;
        }
        if body.starts_with('(') {
            body = body.split_once(')').map_or("", |(_, after)| after);
        }
        let mut size = 0u64;
        for token in identifiers_and_others(body) {
            size = size.saturating_add(*sizes.get(token).unwrap_or(&1));
        }
        if size > MAX_MACRO_EXPANSION_TOKENS {
            return Some((macro_name.to_owned(), size));
        }
        sizes.insert(macro_name.to_owned(), size);
    }
    None
}

/// Lines with backslash continuations joined.
fn logical_lines(text: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let mut current = String::new();
    for line in text.lines() {
        if let Some(continued) = line.strip_suffix('\\') {
            current.push_str(continued);
            current.push(' ');
        } else {
            current.push_str(line);
            lines.push(std::mem::take(&mut current));
        }
    }
    if !current.is_empty() {
        lines.push(current);
    }
    lines
}

/// The identifiers of `text`, and each other non-space character as a token of its own.
fn identifiers_and_others(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = text;
    std::iter::from_fn(move || {
        rest = rest.trim_start();
        let first = rest.chars().next()?;
        let len = if first.is_ascii_alphanumeric() || first == '_' {
            rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(rest.len())
        } else {
            first.len_utf8()
        };
        let (token, after) = rest.split_at(len);
        rest = after;
        Some(token)
    })
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
        let message = refused(&doubling);
        assert!(message.contains("macro `A21`"), "{message}");
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
        assert!(check_glsl("c.frag", &continued).is_err());
    }
}
