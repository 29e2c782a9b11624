//! OpenGL's built-in names in game GLSL, given their OpenGL meaning on Vulkan: NVN's GLSL
//! is OpenGL-flavoured, and glslang for Vulkan knows only Vulkan's names.
//! `gl_VertexID` is `gl_VertexIndex` (both count from the draw's first vertex or base
//! vertex); `gl_InstanceID` counts from 0 in every draw, where `gl_InstanceIndex` counts
//! from the first instance, so it is `gl_InstanceIndex - gl_BaseInstanceARB`.

use crate::Stage;

/// A vertex stage's source with the OpenGL names replaced.
pub(crate) struct Rewritten {
    pub source: String,
    /// The 1-based line after which a line was inserted (the draw-parameters extension):
    /// diagnostics past it are one line early in the original.
    pub line_inserted_after: Option<u32>,
}

const DRAW_PARAMETERS: &str = "#extension GL_ARB_shader_draw_parameters : require\n";

/// The source with OpenGL's names replaced, or `None` when it uses none of them (or is not
/// a vertex stage, the only one that has them).
pub(crate) fn rewrite(stage: Stage, source: &str) -> Option<Rewritten> {
    if stage != Stage::Vertex
        || !source.contains("gl_VertexID") && !source.contains("gl_InstanceID")
    {
        return None;
    }
    let mut out = String::with_capacity(source.len() + 64);
    let mut instance_id = false;
    let mut replaced = false;
    let bytes = source.as_bytes();
    let mut at = 0;
    while at < bytes.len() {
        let rest = &source[at..];
        if rest.starts_with("//") {
            let end = rest.find('\n').unwrap_or(rest.len());
            out.push_str(&rest[..end]);
            at += end;
        } else if let Some(comment) = rest.strip_prefix("/*") {
            let end = comment.find("*/").map_or(rest.len(), |end| end + 4);
            out.push_str(&rest[..end]);
            at += end;
        } else if bytes[at].is_ascii_alphabetic() || bytes[at] == b'_' {
            let len = rest
                .bytes()
                .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
                .count();
            let word = &rest[..len];
            match word {
                "gl_VertexID" => out.push_str("gl_VertexIndex"),
                "gl_InstanceID" => {
                    instance_id = true;
                    out.push_str("(gl_InstanceIndex - gl_BaseInstanceARB)");
                }
                _ => out.push_str(word),
            }
            replaced |= matches!(word, "gl_VertexID" | "gl_InstanceID");
            at += len;
        } else {
            let len = rest.chars().next().map_or(1, char::len_utf8);
            out.push_str(&rest[..len]);
            at += len;
        }
    }
    if !replaced {
        return None;
    }
    let mut line_inserted_after = None;
    if instance_id {
        // After `#version` (which must come first), else at the top.
        let version_line = out
            .lines()
            .position(|line| line.trim_start().starts_with("#version"));
        let insert_b = match version_line {
            Some(line) => out
                .match_indices('\n')
                .nth(line)
                .map_or(out.len(), |(newline, _)| newline + 1),
            None => 0,
        };
        if insert_b == out.len() && !out.ends_with('\n') {
            out.push('\n');
        }
        let insert_b = insert_b.min(out.len());
        out.insert_str(insert_b, DRAW_PARAMETERS);
        line_inserted_after = Some(version_line.map_or(0, |line| line as u32 + 1));
    }
    Some(Rewritten {
        source: out,
        line_inserted_after,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_replaced_as_tokens_outside_comments() {
        let source = "#version 450\n// gl_VertexID here stays\nvoid main() { int v = gl_VertexID; int i = gl_InstanceID; int gl_VertexIDs = 1; }\n";
        let rewritten = rewrite(Stage::Vertex, source).unwrap();
        assert_eq!(
            rewritten.source,
            "#version 450\n#extension GL_ARB_shader_draw_parameters : require\n// gl_VertexID here stays\nvoid main() { int v = gl_VertexIndex; int i = (gl_InstanceIndex - gl_BaseInstanceARB); int gl_VertexIDs = 1; }\n"
        );
        assert_eq!(rewritten.line_inserted_after, Some(1));
    }

    #[test]
    fn sources_without_the_names_and_other_stages_are_left_alone() {
        assert!(rewrite(Stage::Vertex, "#version 450\nvoid main() {}\n").is_none());
        assert!(rewrite(Stage::Fragment, "void main() { int v = gl_VertexID; }").is_none());
        assert!(rewrite(Stage::Vertex, "/* gl_VertexID */ void main() {}").is_none());
        let vertex_only = rewrite(Stage::Vertex, "#version 450\nint v = gl_VertexID;\n").unwrap();
        assert_eq!(vertex_only.line_inserted_after, None);
        assert_eq!(
            vertex_only.source,
            "#version 450\nint v = gl_VertexIndex;\n"
        );
    }
}
