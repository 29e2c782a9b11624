//! The six shader stages, with the short names the command line and file suffixes use.

use std::fmt;
use std::str::FromStr;

/// A pipeline stage. The order is the stage index used by the binding mapping.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    Vertex,
    TessControl,
    TessEval,
    Geometry,
    Fragment,
    Compute,
}

#[derive(Debug, thiserror::Error)]
#[error("unknown stage {0:?}; stages are vert, tesc, tese, geom, frag, comp")]
pub struct UnknownStage(pub String);

impl Stage {
    pub const ALL: [Stage; 6] = [
        Stage::Vertex,
        Stage::TessControl,
        Stage::TessEval,
        Stage::Geometry,
        Stage::Fragment,
        Stage::Compute,
    ];

    /// Position in [`Stage::ALL`]; the binding mapping multiplies by it.
    pub const fn index(self) -> u32 {
        match self {
            Stage::Vertex => 0,
            Stage::TessControl => 1,
            Stage::TessEval => 2,
            Stage::Geometry => 3,
            Stage::Fragment => 4,
            Stage::Compute => 5,
        }
    }

    /// The glslang file suffix: `vert`, `tesc`, `tese`, `geom`, `frag`, `comp`.
    pub const fn short_name(self) -> &'static str {
        match self {
            Stage::Vertex => "vert",
            Stage::TessControl => "tesc",
            Stage::TessEval => "tese",
            Stage::Geometry => "geom",
            Stage::Fragment => "frag",
            Stage::Compute => "comp",
        }
    }

    /// SPIR-V `ExecutionModel` operand of this stage's entry point.
    pub(crate) const fn execution_model(self) -> u32 {
        // Vertex 0, TessellationControl 1, TessellationEvaluation 2, Geometry 3,
        // Fragment 4, GLCompute 5: the same order as `index`.
        self.index()
    }

    pub(crate) fn from_execution_model(model: u32) -> Option<Stage> {
        Stage::ALL
            .into_iter()
            .find(|stage| stage.execution_model() == model)
    }
}

impl FromStr for Stage {
    type Err = UnknownStage;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Stage::ALL
            .into_iter()
            .find(|stage| stage.short_name() == name)
            .ok_or_else(|| UnknownStage(name.to_owned()))
    }
}

impl fmt::Display for Stage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.short_name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_names_round_trip() {
        for stage in Stage::ALL {
            assert_eq!(stage.short_name().parse::<Stage>().unwrap(), stage);
            assert_eq!(
                Stage::from_execution_model(stage.execution_model()),
                Some(stage)
            );
        }
        assert!("pixel".parse::<Stage>().is_err());
    }
}
