//! The demo's shaders, GLSL in NVN's binding model, translated like a game's.

use gpu::objects::{ProgramMaker, ShaderModule};
use shader_translate::{ShaderCode, ShaderSource, Stage, Translator};

pub const FULLSCREEN_VERT: &str = include_str!("shaders/fullscreen.vert");
pub const NORMALS_FRAG: &str = include_str!("shaders/normals.frag");
pub const TERRAIN_VERT: &str = include_str!("shaders/terrain.vert");
pub const TERRAIN_FRAG: &str = include_str!("shaders/terrain.frag");
pub const SHADOW_VERT: &str = include_str!("shaders/shadow.vert");
pub const LIGHT_FRAG: &str = include_str!("shaders/light.frag");
pub const COMPOSITE_FRAG: &str = include_str!("shaders/composite.frag");

/// A program of `(name, stage, source)` stages.
pub fn program_maker(
    translator: &Translator,
    stages: &[(&str, Stage, &str)],
) -> Result<ProgramMaker, shader_translate::TranslateError> {
    let modules = stages
        .iter()
        .map(|&(name, stage, source)| {
            let shader = translator.translate(&ShaderSource {
                name: format!("demo/shaders/{name}"),
                stage,
                code: ShaderCode::Glsl(source.to_owned()),
            })?;
            Ok(ShaderModule::from(&shader))
        })
        .collect::<Result<Vec<_>, shader_translate::TranslateError>>()?;
    Ok(ProgramMaker { modules })
}
