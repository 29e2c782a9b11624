//! Shrinks a failing program while it fails the same way (`Outcome::same_failure`):
//! deletes lines and whole blocks (a block from its `{` line to the matching `}`),
//! unwraps blocks into their bodies, replaces parenthesised expressions by a literal or
//! one of their parenthesised parts, and numbers by 0 or 1. A candidate that no longer
//! compiles fails another way and is dropped. Greedy, to a fixed point or the time
//! limit.

use std::time::{Duration, Instant};

/// The comment line after which a generated program's body starts: what the reducer
/// may change.
pub const BODY_MARK: &str = "// the body";
/// The comment line before a generated program's fixed end (its varyings, vertices).
pub const END_MARK: &str = "// the end";

/// Shrinks `source` while `fails_the_same(candidate)` holds, for at most `limit`.
/// Returns the smallest source found and the candidates tried.
pub fn reduce(
    source: &str,
    limit: Duration,
    mut fails_the_same: impl FnMut(&str) -> bool,
) -> (String, u32) {
    let started = Instant::now();
    let mut best: Vec<String> = source.lines().map(str::to_owned).collect();
    // The frame before the mark (each invocation's index and inputs) stays as it is:
    // changed, invocations could share words.
    let first = best
        .iter()
        .position(|line| line.trim() == BODY_MARK)
        .map_or(0, |mark| mark + 1);
    let end = |lines: &[String]| {
        lines
            .iter()
            .position(|line| line.trim() == END_MARK)
            .unwrap_or(lines.len())
    };
    let mut tried = 0;
    let mut try_it = |candidate: &[String], tried: &mut u32| {
        *tried += 1;
        fails_the_same(&(candidate.join("\n") + "\n"))
    };
    loop {
        let mut progressed = false;
        // Lines and blocks, from the last (stores and epilogues, which nothing after
        // them reads) to the first.
        let mut line = end(&best);
        while line > first {
            line -= 1;
            if started.elapsed() > limit {
                return (best.join("\n") + "\n", tried);
            }
            if line >= best.len() || !deletable(&best[line]) {
                continue;
            }
            let end = block_end(&best, line);
            let mut candidate = best.clone();
            candidate.drain(line..=end);
            if try_it(&candidate, &mut tried) {
                best = candidate;
                progressed = true;
                continue;
            }
            if end > line {
                let mut unwrapped = best.clone();
                let inner: Vec<String> = best[line + 1..end]
                    .iter()
                    .filter(|l| !l.trim_start().starts_with('}') && !is_case(l))
                    .cloned()
                    .collect();
                unwrapped.splice(line..=end, inner);
                if try_it(&unwrapped, &mut tried) {
                    best = unwrapped;
                    progressed = true;
                }
            }
        }
        // Expressions and numbers, line by line.
        for line in first..end(&best) {
            let mut at = 0;
            while let Some(candidates) = simpler(&best[line], &mut at) {
                if started.elapsed() > limit {
                    return (best.join("\n") + "\n", tried);
                }
                for replacement in candidates {
                    let mut candidate = best.clone();
                    candidate[line] = replacement;
                    if try_it(&candidate, &mut tried) {
                        best = candidate;
                        progressed = true;
                        at = 0;
                        break;
                    }
                }
            }
        }
        if !progressed {
            return (best.join("\n") + "\n", tried);
        }
    }
}

/// Lines inside `main` the reducer may delete: not the declarations, the braces of
/// `main`, or a closing brace.
fn deletable(line: &str) -> bool {
    let trimmed = line.trim_start();
    line.starts_with("    ") && !trimmed.starts_with('}') && !trimmed.is_empty()
}

fn is_case(line: &str) -> bool {
    let trimmed = line.trim();
    trimmed.starts_with("case ") || trimmed == "default:"
}

/// The last line of the block `lines[start]` opens (itself when it opens none): the
/// line whose closing brace brings the depth back, past any `} else {`.
fn block_end(lines: &[String], start: usize) -> usize {
    if !lines[start].trim_end().ends_with('{') {
        return start;
    }
    let mut depth = 0i32;
    for (index, line) in lines.iter().enumerate().skip(start) {
        let trimmed = line.trim();
        if trimmed.starts_with('}') {
            depth -= 1;
        }
        if trimmed.ends_with('{') {
            depth += 1;
        }
        if depth == 0 {
            return index;
        }
    }
    start
}

/// The next simplifications of `line` from byte `*at`: the candidates for the next
/// parenthesised expression or number; `*at` moves past it. None at the line's end.
///
/// What keeps the program defined is left alone: the index of `results[...]` (each
/// invocation's own words), divisors (after `/` or `%`), and a shift's count (after `<<`
/// or `>>`, masked) goes only to a literal.
fn simpler(line: &str, at: &mut usize) -> Option<Vec<String>> {
    let bytes = line.as_bytes();
    while *at < bytes.len() {
        let start = *at;
        *at += 1;
        let before = line[..start].trim_end();
        if line[start..].starts_with("results[") {
            *at = start + line[start..].find(']')? + 1;
            continue;
        }
        if before.ends_with('/') || before.ends_with('%') {
            if bytes[start] == b'(' {
                *at = matching(bytes, start)? + 1;
            }
            continue;
        }
        let shift_count = before.ends_with("<<") || before.ends_with(">>");
        match bytes[start] {
            // A call's arguments: looked into, not replaced.
            b'(' if start > 0 && is_word(bytes[start - 1]) => {}
            b'(' => {
                let end = matching(bytes, start)?;
                let mut replacements: Vec<String> = ["0", "0u", "0.0", "false"]
                    .iter()
                    .map(|s| s.to_string())
                    .collect();
                // Each parenthesised part directly inside.
                let mut inner = start + 1;
                while inner < end && !shift_count {
                    if bytes[inner] == b'(' {
                        let close = matching(bytes, inner)?;
                        // A call whole, with its name.
                        let mut from = inner;
                        while from > start + 1 && is_word(bytes[from - 1]) {
                            from -= 1;
                        }
                        replacements.push(line[from..=close].to_string());
                        inner = close;
                    }
                    inner += 1;
                }
                // Only shorter lines: the reduction ends.
                return Some(
                    replacements
                        .into_iter()
                        .map(|r| format!("{}{r}{}", &line[..start], &line[end + 1..]))
                        .filter(|candidate| candidate.len() < line.len())
                        .collect(),
                );
            }
            b'0'..=b'9'
                if (start == 0 || !is_word(bytes[start - 1])) && !before.ends_with("/ -") =>
            {
                let mut end = start;
                while end < bytes.len() && (is_word(bytes[end]) || bytes[end] == b'.') {
                    end += 1;
                }
                *at = end;
                let number = &line[start..end];
                let suffix = if number.ends_with('u') { "u" } else { "" };
                let point = if number.contains('.') { ".0" } else { "" };
                // Only toward 0: the reduction ends.
                let smaller: &[&str] = match number.trim_end_matches(['u', '.', '0']) {
                    "" => &[],
                    "1" => &["0"],
                    _ => &["0", "1"],
                };
                return Some(
                    smaller
                        .iter()
                        .map(|n| format!("{n}{point}{suffix}"))
                        .map(|n| format!("{}{n}{}", &line[..start], &line[end..]))
                        .collect(),
                );
            }
            _ => {}
        }
    }
    None
}

fn is_word(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || byte == b'_'
}

/// The index of the `)` closing the `(` at `open`.
fn matching(bytes: &[u8], open: usize) -> Option<usize> {
    let mut depth = 0;
    for (index, &byte) in bytes.iter().enumerate().skip(open) {
        match byte {
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(index);
                }
            }
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::reduce;
    use std::time::Duration;

    /// A stand-in failure (the text holds `bad`) shrinks to the lines that keep it.
    #[test]
    fn a_program_shrinks_to_what_keeps_it_failing() {
        let source = "void main() {\n    // the body\n    int a = (1 + (bad * 3));\n    if (a > 2) {\n        a = 4;\n    } else {\n        a = 5;\n    }\n    b = 7;\n}\n";
        let (small, tried) = reduce(source, Duration::from_secs(10), |s| s.contains("bad"));
        assert_eq!(
            small,
            "void main() {\n    // the body\n    int a = (bad * 0);\n}\n"
        );
        assert!(tried > 3);
    }
}
