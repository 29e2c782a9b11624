//! GLSL sources: the first byte chooses the stage, the rest is the text. Every source is
//! translated or refused with a typed error, within the source bounds' time.

use shader_translate::{ShaderCode, ShaderSource, Stage};

use crate::{error_kind, outcome_of, Target};

pub struct Glsl;

const STAGES: [Stage; 5] = [
    Stage::Vertex,
    Stage::Fragment,
    Stage::Compute,
    Stage::Geometry,
    Stage::TessEval,
];

fn with_stage(stage: usize, text: &str) -> Vec<u8> {
    let mut bytes = vec![stage as u8];
    bytes.extend_from_slice(text.as_bytes());
    bytes
}

/// The sources that once cost gigabytes, kept: a macro nested three deep, and one used
/// thousands of times.
pub fn regression_sources() -> Vec<String> {
    let nested = "#version 450\n#define F(x) x x x x x x x x\n\
                  #define G(x) F(F(F(F(F(F(F(F(x))))))))\n\
                  layout(location = 0) out vec4 c;\nvoid main() { G(G(G(1))); }\n"
        .to_owned();
    let mut repeated = String::from(
        "#version 450\n#define F(x) x x x x x x x x\n#define H(x) F(F(F(x)))\nvoid main() {\n",
    );
    while repeated.len() < 16_000 {
        repeated.push_str("H(1)\n");
    }
    repeated.push_str("}\n");
    vec![nested, repeated]
}

impl Target for Glsl {
    fn name(&self) -> &'static str {
        "glsl"
    }

    fn seeds(&self) -> Vec<Vec<u8>> {
        let mut seeds: Vec<Vec<u8>> = shader_translate::corpus::CORPUS
            .iter()
            .filter_map(|shader| {
                let stage = STAGES.iter().position(|&stage| stage == shader.stage)?;
                match shader.source().code {
                    ShaderCode::Glsl(text) => Some(with_stage(stage, &text)),
                    _ => None,
                }
            })
            .collect();
        seeds.extend(regression_sources().iter().map(|text| with_stage(1, text)));
        seeds
    }

    fn run(&self, input: &[u8]) -> Result<u64, String> {
        let Some((&stage, text)) = input.split_first() else {
            return Ok(0);
        };
        let stage = STAGES[usize::from(stage) % STAGES.len()];
        let text = String::from_utf8_lossy(text).into_owned();
        let started = std::time::Instant::now();
        let result = super::translator().translate(&ShaderSource {
            name: "fuzz.glsl".into(),
            stage,
            code: ShaderCode::Glsl(text),
        });
        // Within the bounds, no source may cost more than seconds (debug builds included).
        let took = started.elapsed();
        if took.as_secs() >= 30 {
            return Err(format!("a source took {took:?}"));
        }
        match result {
            Ok(translated) => {
                shader_translate::check_stage_module(&translated.spirv, stage)
                    .map_err(|log| format!("a translation that does not validate: {log}"))?;
                Ok(outcome_of(&format!("translated {stage:?}")))
            }
            Err(error) => Ok(error_kind(&error)),
        }
    }
}
