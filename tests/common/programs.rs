//! Test shaders, translated from GLSL as the game's are and made into gpu programs.

use gpu::objects::{ProgramMaker, ShaderModule};
use gpu::ProgramId;
use shader_translate::{
    CacheLocation, ShaderCode, ShaderSource, Stage, TranslateOptions, Translator,
};

/// Passes 2-float positions (location 0) through; `draw::bind_positions` feeds it.
pub const POSITION_VERT: &str = "#version 450
layout(location = 0) in vec2 position;
void main() {
    gl_Position = vec4(position, 0.0, 1.0);
}
";

/// Opaque green everywhere.
pub const GREEN_FRAG: &str = "#version 450
layout(location = 0) out vec4 colour;
void main() {
    colour = vec4(0.0, 1.0, 0.0, 1.0);
}
";

/// Each pixel is the `vec4` in the fragment stage's uniform slot 0.
pub const TINT_FRAG: &str = "#version 450
layout(location = 0) out vec4 colour;
layout(std140, binding = 0) uniform Tint { vec4 tint; };
void main() {
    colour = tint;
}
";

/// Each pixel is the texel under it of the texture in the fragment stage's slot 0.
pub const TEXEL_FRAG: &str = "#version 450
layout(location = 0) out vec4 colour;
layout(binding = 0) uniform sampler2D source;
void main() {
    colour = texelFetch(source, ivec2(gl_FragCoord.xy), 0);
}
";

/// The tests' translator: optimised, no on-disk cache (runs must not share state), and
/// Metal portability only warned about.
pub fn translator() -> Translator {
    Translator::new(TranslateOptions {
        optimise: true,
        cache: CacheLocation::Off,
        strict_portability: false,
    })
    .expect("translator")
}

/// A program of the given (stage, GLSL) modules, translated as the game's would be.
pub fn program(device: &gpu::Device, stages: &[(Stage, &str)]) -> ProgramId {
    program_through(&translator(), device, stages)
}

/// `program` through another translator (unoptimised, say).
pub fn program_through(
    translator: &Translator,
    device: &gpu::Device,
    stages: &[(Stage, &str)],
) -> ProgramId {
    let modules = stages
        .iter()
        .map(|&(stage, source)| {
            let shader = translator
                .translate(&ShaderSource {
                    name: format!("test-{stage:?}"),
                    stage,
                    code: ShaderCode::Glsl(source.into()),
                })
                .expect("the test shader translates");
            ShaderModule::from(&shader)
        })
        .collect();
    device.create_program(&ProgramMaker { modules }).unwrap()
}

/// A program of `POSITION_VERT` and `fragment`.
pub fn position_program(device: &gpu::Device, fragment: &str) -> ProgramId {
    program(
        device,
        &[(Stage::Vertex, POSITION_VERT), (Stage::Fragment, fragment)],
    )
}
