//! Game GLSL (NVN's model, combined `sampler2D`s) to SPIR-V with glslang, through the
//! system's shaderc library.

use crate::front::gl_names;
use crate::front::position::column_of_token;
use crate::{Diagnostic, Diagnostics, SourcePos, Stage, TranslateError};

pub(crate) struct Glslang {
    compiler: shaderc::Compiler,
}

fn shader_kind(stage: Stage) -> shaderc::ShaderKind {
    match stage {
        Stage::Vertex => shaderc::ShaderKind::Vertex,
        Stage::TessControl => shaderc::ShaderKind::TessControl,
        Stage::TessEval => shaderc::ShaderKind::TessEvaluation,
        Stage::Geometry => shaderc::ShaderKind::Geometry,
        Stage::Fragment => shaderc::ShaderKind::Fragment,
        Stage::Compute => shaderc::ShaderKind::Compute,
    }
}

impl Glslang {
    pub(crate) fn new() -> Result<Self, TranslateError> {
        let compiler =
            shaderc::Compiler::new().map_err(|error| TranslateError::Shaderc(error.to_string()))?;
        Ok(Glslang { compiler })
    }

    /// Compiles to SPIR-V 1.3 for Vulkan 1.1, unoptimised (spirv-opt runs later).
    pub(crate) fn compile(
        &self,
        name: &str,
        stage: Stage,
        source: &str,
    ) -> Result<Vec<u32>, TranslateError> {
        let mut options = shaderc::CompileOptions::new()
            .map_err(|error| TranslateError::Shaderc(error.to_string()))?;
        options.set_source_language(shaderc::SourceLanguage::GLSL);
        options.set_target_env(
            shaderc::TargetEnv::Vulkan,
            shaderc::EnvVersion::Vulkan1_1 as u32,
        );
        options.set_target_spirv(shaderc::SpirvVersion::V1_3);
        options.set_optimization_level(shaderc::OptimizationLevel::Zero);
        let rewritten = gl_names::rewrite(stage, source);
        let (compiled, line_inserted_after) = match &rewritten {
            Some(rewritten) => (rewritten.source.as_str(), rewritten.line_inserted_after),
            None => (source, None),
        };
        let artifact = self
            .compiler
            .compile_into_spirv(compiled, shader_kind(stage), name, "main", Some(&options))
            .map_err(|error| compile_error(name, source, line_inserted_after, error))?;
        if artifact.get_num_warnings() > 0 {
            tracing::warn!(
                target: "shader_translate::glslang",
                "{}",
                artifact.get_warning_messages().trim()
            );
        }
        Ok(artifact.as_binary().to_vec())
    }
}

/// `source` is the game's (diagnostics point into it); glslang compiled it with a line
/// inserted after `line_inserted_after`, if at all.
fn compile_error(
    name: &str,
    source: &str,
    line_inserted_after: Option<u32>,
    error: shaderc::Error,
) -> TranslateError {
    let text = match error {
        shaderc::Error::CompilationError(_, text) => text,
        other => {
            return TranslateError::Compile(Diagnostics(vec![Diagnostic {
                file: name.to_owned(),
                pos: None,
                message: other.to_string(),
            }]))
        }
    };
    let mut diagnostics: Vec<Diagnostic> = text
        .lines()
        .filter_map(|line| parse_error_line(name, source, line_inserted_after, line))
        .collect();
    if diagnostics.is_empty() {
        diagnostics.push(Diagnostic {
            file: name.to_owned(),
            pos: None,
            message: text.trim().to_owned(),
        });
    }
    TranslateError::Compile(Diagnostics(diagnostics))
}

/// Reads one line of shaderc's log, `NAME:LINE: error: 'TOKEN' : MESSAGE`; other lines
/// (warnings, the error count) give `None`.
fn parse_error_line(
    name: &str,
    source: &str,
    line_inserted_after: Option<u32>,
    line: &str,
) -> Option<Diagnostic> {
    let rest = line.strip_prefix(name)?.strip_prefix(':')?;
    let (line_number, message) = match rest.split_once(": error: ") {
        Some((number, message)) => (number.trim().parse::<u32>().ok(), message),
        None => (None, rest.trim().strip_prefix("error: ")?),
    };
    let line_number = line_number.map(|number| match line_inserted_after {
        Some(after) if number > after => number - 1,
        _ => number,
    });
    // The cascade glslang adds after the first error says nothing of its own.
    if message.contains("compilation terminated") {
        return None;
    }
    let quoted = message
        .strip_prefix('\'')
        .and_then(|quoted| quoted.split_once("' :"))
        .map(|(token, _)| token)
        .filter(|token| !token.is_empty());
    // A syntax error quotes nothing but names the token the parser met.
    let token = quoted.or_else(|| unexpected_token(message)).unwrap_or("");
    let pos = line_number.map(|line| SourcePos {
        line,
        column: column_of_token(source, line, token),
    });
    Some(Diagnostic {
        file: name.to_owned(),
        pos,
        message: tidy_message(message),
    })
}

/// The spelling of the token in `syntax error, unexpected SEMICOLON, ...`.
fn unexpected_token(message: &str) -> Option<&'static str> {
    let name = message
        .split("unexpected ")
        .nth(1)?
        .split([',', ' '])
        .next()?;
    Some(match name {
        "SEMICOLON" => ";",
        "COMMA" => ",",
        "COLON" => ":",
        "DOT" => ".",
        "EQUAL" => "=",
        "LEFT_PAREN" => "(",
        "RIGHT_PAREN" => ")",
        "LEFT_BRACE" => "{",
        "RIGHT_BRACE" => "}",
        "LEFT_BRACKET" => "[",
        "RIGHT_BRACKET" => "]",
        "PLUS" => "+",
        "DASH" => "-",
        "STAR" => "*",
        "SLASH" => "/",
        _ => return None,
    })
}

/// glslang pads its messages (`'x' :  cannot convert`); one space is enough.
fn tidy_message(message: &str) -> String {
    message.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn log_lines_become_diagnostics() {
        let source = "#version 450\nvoid main() {\n  float f = missing;\n}\n";
        let line = "s.frag:3: error: 'missing' : undeclared identifier";
        let diagnostic = parse_error_line("s.frag", source, None, line).unwrap();
        assert_eq!(
            diagnostic.pos,
            Some(SourcePos {
                line: 3,
                column: 13
            })
        );
        assert_eq!(
            diagnostic.to_string(),
            "s.frag:3:13: 'missing' : undeclared identifier"
        );
        assert!(parse_error_line("s.frag", source, None, "2 errors generated.").is_none());
    }
}
