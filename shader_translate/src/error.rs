//! Errors of the translator, and the `FILE:LINE:COLUMN: message` diagnostics.

use std::fmt;

use crate::{MetalCheck, ResourceKind, Stage};

/// 1-based line and column (in bytes) in the shader's source.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SourcePos {
    pub line: u32,
    pub column: u32,
}

/// One message about the source, printed as `FILE:LINE:COLUMN: message`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub file: String,
    /// `None` where the front end names no place (SPIR-V input, a whole-file error).
    pub pos: Option<SourcePos>,
    pub message: String,
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.pos {
            Some(pos) => write!(
                f,
                "{}:{}:{}: {}",
                self.file, pos.line, pos.column, self.message
            ),
            None => write!(f, "{}: {}", self.file, self.message),
        }
    }
}

/// Several diagnostics, one a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, diagnostic) in self.0.iter().enumerate() {
            if index > 0 {
                f.write_str("\n")?;
            }
            write!(f, "{diagnostic}")?;
        }
        Ok(())
    }
}

#[derive(Debug, thiserror::Error)]
pub enum TranslateError {
    /// The front end rejected the source.
    #[error("{0}")]
    Compile(Diagnostics),
    /// A resource uses a slot outside NVN's range for its kind.
    #[error("{diagnostic}")]
    BindingOutOfRange {
        diagnostic: Diagnostic,
        kind: ResourceKind,
        slot: u32,
    },
    /// Something NVN's binding model has no slot for (a separate sampler, a set other
    /// than 0 in SPIR-V input, ...).
    #[error("{0}")]
    Unsupported(Diagnostic),
    #[error("{name}: the SPIR-V module is malformed: {reason}")]
    MalformedSpirv { name: String, reason: String },
    #[error("{name}: the module's entry point is not a {expected} shader")]
    StageMismatch { name: String, expected: Stage },
    /// A shader past one of the bounds of `limits` (size, a NUL byte, nesting, macro
    /// expansion): refused before any front end sees it.
    #[error("{0}")]
    TooCostly(Diagnostic),
    /// Validation rejected a module; `phase` says which ("translated" or "optimised").
    #[error("{name}: SPIR-V validation rejected the {phase} module: {log}")]
    Invalid {
        name: String,
        phase: &'static str,
        log: String,
    },
    #[error("{name}: SPIRV-Tools' optimiser failed: {log}")]
    Optimise { name: String, log: String },
    /// Strict portability is on and the shader cannot go to Metal.
    #[error("{name}: cannot go to Metal (MoltenVK): {}", check.problems().join("; "))]
    NotPortable {
        name: String,
        check: Box<MetalCheck>,
    },
    #[error("shaderc could not start: {0}")]
    Shaderc(String),
}

impl TranslateError {
    /// The source diagnostics this error carries, if any.
    pub fn diagnostics(&self) -> Vec<Diagnostic> {
        match self {
            TranslateError::Compile(list) => list.0.clone(),
            TranslateError::BindingOutOfRange { diagnostic, .. }
            | TranslateError::Unsupported(diagnostic)
            | TranslateError::TooCostly(diagnostic) => vec![diagnostic.clone()],
            _ => Vec::new(),
        }
    }
}
