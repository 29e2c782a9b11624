//! Places in GLSL source: byte offsets to line and column, the column of the token a
//! glslang message quotes (glslang reports lines only), and the `layout(binding = N)`
//! that declares a resource.

use crate::SourcePos;

/// Line and column (1-based, bytes) of a byte offset.
pub(crate) fn pos_of_offset(source: &str, offset_b: usize) -> SourcePos {
    let before = &source[..offset_b.min(source.len())];
    let line_start_b = before.rfind('\n').map_or(0, |newline| newline + 1);
    SourcePos {
        line: before.matches('\n').count() as u32 + 1,
        column: (offset_b - line_start_b) as u32 + 1,
    }
}

/// The text of 1-based line `line`.
fn line_text(source: &str, line: u32) -> Option<&str> {
    source.lines().nth(line.checked_sub(1)? as usize)
}

/// glslang names operators by word in its messages; the source spells them.
fn spelling_of(token: &str) -> &str {
    match token {
        "assign" => "=",
        "add" => "+",
        "subtract" => "-",
        "multiply" => "*",
        "divide" => "/",
        "mod" => "%",
        "compare ==" | "==" => "==",
        "compare !=" | "!=" => "!=",
        "add assign" => "+=",
        "subtract assign" => "-=",
        "multiply assign" => "*=",
        "divide assign" => "/=",
        other => other,
    }
}

fn is_identifier_byte(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || byte == b'_'
}

/// Byte offset of `needle` in `haystack` as a whole token (identifiers do not match
/// inside longer identifiers).
fn find_token(haystack: &str, needle: &str) -> Option<usize> {
    if needle.is_empty() {
        return None;
    }
    let identifier = needle.bytes().all(is_identifier_byte);
    let bytes = haystack.as_bytes();
    haystack
        .match_indices(needle)
        .map(|(at, _)| at)
        .find(|&at| {
            if !identifier {
                return true;
            }
            let before_ok = at == 0 || !is_identifier_byte(bytes[at - 1]);
            let end = at + needle.len();
            let after_ok = end >= bytes.len() || !is_identifier_byte(bytes[end]);
            before_ok && after_ok
        })
}

/// The column of the token glslang quoted on `line`; the line's first non-blank column
/// where the token cannot be found.
pub(crate) fn column_of_token(source: &str, line: u32, token: &str) -> u32 {
    let Some(text) = line_text(source, line) else {
        return 1;
    };
    let first_non_blank = text.len() - text.trim_start().len();
    let at = find_token(text, spelling_of(token)).unwrap_or(first_non_blank);
    at as u32 + 1
}

/// Where the identifier `name` first appears as a whole token.
pub(crate) fn first_token(source: &str, name: &str) -> Option<SourcePos> {
    find_token(source, name).map(|offset_b| pos_of_offset(source, offset_b))
}

/// Where `layout(... binding = slot ...)` declares the resource `name`: the position of
/// the slot number. Falls back to the first layout with that binding.
pub(crate) fn binding_declaration(source: &str, slot: u32, name: &str) -> Option<SourcePos> {
    let mut first_with_slot = None;
    let mut search_from_b = 0;
    while let Some(found) = find_token(&source[search_from_b..], "layout") {
        let layout_b = search_from_b + found;
        search_from_b = layout_b + "layout".len();
        let rest = &source[search_from_b..];
        let Some(open) = rest
            .find('(')
            .filter(|open| rest[..*open].trim().is_empty())
        else {
            continue;
        };
        let Some(close) = rest[open..].find(')').map(|close| open + close) else {
            break;
        };
        let qualifiers = &rest[open + 1..close];
        let Some(number_b) = binding_value_offset(qualifiers, slot) else {
            continue;
        };
        let number_pos = pos_of_offset(source, search_from_b + open + 1 + number_b);
        first_with_slot.get_or_insert(number_pos);
        if find_token(declaration_after(&rest[close + 1..]), name).is_some() {
            return Some(number_pos);
        }
    }
    first_with_slot
}

/// Offset in `qualifiers` of the number in `binding = slot`, if that is the binding.
fn binding_value_offset(qualifiers: &str, slot: u32) -> Option<usize> {
    let binding_b = find_token(qualifiers, "binding")?;
    let after = &qualifiers[binding_b + "binding".len()..];
    let value = after.trim_start().strip_prefix('=')?;
    let digits_start_b = qualifiers.len() - value.trim_start().len();
    let digits: String = qualifiers[digits_start_b..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    (digits.parse::<u32>().ok()? == slot).then_some(digits_start_b)
}

/// The declaration that follows a layout qualifier, up to its `;` at brace depth 0.
fn declaration_after(text: &str) -> &str {
    let mut depth = 0_i32;
    for (at, byte) in text.bytes().enumerate() {
        match byte {
            b'{' => depth += 1,
            b'}' => depth -= 1,
            b';' if depth <= 0 => return &text[..at],
            _ => {}
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOURCE: &str = "#version 450\n\
        layout(binding = 2) uniform sampler2D albedo;\n\
        layout(std140, binding = 2) uniform Light { vec4 colour; } light;\n\
        void main() { float x = albedo_scale + 1.0; }\n";

    #[test]
    fn offsets_become_lines_and_columns() {
        assert_eq!(pos_of_offset(SOURCE, 0), SourcePos { line: 1, column: 1 });
        assert_eq!(pos_of_offset(SOURCE, 13), SourcePos { line: 2, column: 1 });
    }

    #[test]
    fn quoted_tokens_are_found_as_whole_identifiers() {
        assert_eq!(column_of_token(SOURCE, 4, "albedo_scale"), 25);
        assert_eq!(column_of_token(SOURCE, 4, "x"), 21);
        assert_eq!(column_of_token(SOURCE, 4, "assign"), 23);
        assert_eq!(column_of_token(SOURCE, 4, "nowhere"), 1);
    }

    #[test]
    fn binding_declarations_are_found_by_name() {
        assert_eq!(
            binding_declaration(SOURCE, 2, "Light"),
            Some(SourcePos {
                line: 3,
                column: 26
            })
        );
        assert_eq!(
            binding_declaration(SOURCE, 2, "albedo"),
            Some(SourcePos {
                line: 2,
                column: 18
            })
        );
        assert_eq!(binding_declaration(SOURCE, 7, "albedo"), None);
    }
}
