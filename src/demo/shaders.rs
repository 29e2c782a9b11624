//! The demo's shaders, GLSL in NVN's binding model, translated like a game's; or, with
//! `--shaders maxwell`, the same GLSL compiled for the Switch by uam (deko3d's compiler)
//! and translated from the Maxwell binaries, as a game's compiled shaders are. The
//! binaries are the translation tests' corpus (`main_*` there; `tests/demo.rs` checks
//! that their GLSL is this GLSL).

use gpu::objects::{ProgramMaker, ShaderModule};
use shader_translate::{ShaderCode, ShaderSource, Stage, Translator};

/// Which form of the demo's shaders to translate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ShaderSet {
    /// The GLSL, through glslang.
    Glsl,
    /// uam's Maxwell binaries of the GLSL, through the Maxwell translator.
    Maxwell,
}

/// One of the demo's shaders in both forms.
pub struct DemoShader {
    pub name: &'static str,
    pub stage: Stage,
    pub glsl: &'static str,
    pub dksh: &'static [u8],
}

macro_rules! shader {
    ($name:literal, $stage:ident, $corpus:literal) => {
        DemoShader {
            name: $name,
            stage: Stage::$stage,
            glsl: include_str!(concat!("shaders/", $name)),
            dksh: include_bytes!(concat!(
                "../../shader_translate/tests/maxwell_corpus/",
                $corpus,
                "/out.dksh"
            )),
        }
    };
}

pub const FULLSCREEN_VERT: DemoShader = shader!("fullscreen.vert", Vertex, "main_fullscreen_vert");
pub const NORMALS_FRAG: DemoShader = shader!("normals.frag", Fragment, "main_normals_frag");
pub const TERRAIN_VERT: DemoShader = shader!("terrain.vert", Vertex, "main_terrain_vert");
pub const TERRAIN_FRAG: DemoShader = shader!("terrain.frag", Fragment, "main_terrain_frag");
pub const SHADOW_VERT: DemoShader = shader!("shadow.vert", Vertex, "main_shadow_vert");
pub const LIGHT_FRAG: DemoShader = shader!("light.frag", Fragment, "main_light_frag");
pub const COMPOSITE_FRAG: DemoShader = shader!("composite.frag", Fragment, "main_composite_frag");

/// A program of `shaders`, each translated from the form `set` names.
pub fn program_maker(
    translator: &Translator,
    set: ShaderSet,
    shaders: &[&DemoShader],
) -> anyhow::Result<ProgramMaker> {
    let modules = shaders
        .iter()
        .map(|shader| {
            let name = format!("demo/shaders/{}", shader.name);
            match set {
                ShaderSet::Glsl => {
                    let source = ShaderSource {
                        name,
                        stage: shader.stage,
                        code: ShaderCode::Glsl(shader.glsl.to_owned()),
                    };
                    let translated = translator.translate(&source)?;
                    Ok(ShaderModule::translated_from(source, &translated))
                }
                ShaderSet::Maxwell => Ok(ShaderModule::from(
                    &translator.translate_dksh(&name, shader.dksh)?,
                )),
            }
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    Ok(ProgramMaker { modules })
}
