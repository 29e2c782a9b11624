//! A program stage from `shader_translate`'s output: the host-layout SPIR-V and the compact
//! reflection the recording format stores.

use shader_translate::{ResourceKind, ShaderSource, TranslatedShader};

use shader_translate::maxwell::compiled_source::{CompiledSource, CompiledTranslation};

use super::program::{ModuleSource, ShaderModule, Stage, StageReflection};

impl From<shader_translate::Stage> for Stage {
    fn from(stage: shader_translate::Stage) -> Stage {
        match stage {
            shader_translate::Stage::Vertex => Stage::Vertex,
            shader_translate::Stage::TessControl => Stage::TessControl,
            shader_translate::Stage::TessEval => Stage::TessEval,
            shader_translate::Stage::Geometry => Stage::Geometry,
            shader_translate::Stage::Fragment => Stage::Fragment,
            shader_translate::Stage::Compute => Stage::Compute,
        }
    }
}

impl From<Stage> for shader_translate::Stage {
    fn from(stage: Stage) -> shader_translate::Stage {
        match stage {
            Stage::Vertex => shader_translate::Stage::Vertex,
            Stage::TessControl => shader_translate::Stage::TessControl,
            Stage::TessEval => shader_translate::Stage::TessEval,
            Stage::Geometry => shader_translate::Stage::Geometry,
            Stage::Fragment => shader_translate::Stage::Fragment,
            Stage::Compute => shader_translate::Stage::Compute,
        }
    }
}

impl From<&shader_translate::Reflection> for StageReflection {
    fn from(reflection: &shader_translate::Reflection) -> StageReflection {
        // Every slot the translator accepted is inside NVN's range, so each fits its mask.
        let mask = |kind: ResourceKind| {
            reflection
                .slots(kind)
                .into_iter()
                .fold(0u32, |bits, slot| bits | (1 << slot))
        };
        let locations = |variables: &[shader_translate::InterfaceVariable]| {
            variables
                .iter()
                .filter(|variable| variable.location < 32)
                .fold(0u32, |bits, variable| bits | (1 << variable.location))
        };
        StageReflection {
            uniform_slots: mask(ResourceKind::UniformBuffer) as u16,
            texture_slots: mask(ResourceKind::Texture),
            image_slots: mask(ResourceKind::Image) as u8,
            storage_slots: mask(ResourceKind::StorageBuffer) as u16,
            push_constants_b: reflection
                .push_constants
                .as_ref()
                .map_or(0, |push| push.size_b),
            workgroup_size: reflection.workgroup_size.unwrap_or([0; 3]),
            input_locations: locations(&reflection.inputs),
            output_locations: locations(&reflection.outputs),
        }
    }
}

impl From<&TranslatedShader> for ShaderModule {
    fn from(shader: &TranslatedShader) -> ShaderModule {
        ShaderModule {
            stage: shader.reflection.stage.into(),
            spirv_words: shader.spirv.clone(),
            reflection: (&shader.reflection).into(),
            geometry_inputs: Vec::new(),
            source: None,
        }
    }
}

impl ShaderModule {
    /// The module `translated` from `source`, keeping the source so a recording can
    /// fill a shader cache from it.
    pub fn translated_from(source: ShaderSource, translated: &TranslatedShader) -> ShaderModule {
        ShaderModule {
            source: Some(ModuleSource::Shader(source)),
            ..ShaderModule::from(translated)
        }
    }

    /// The module `translated` from a compiled program (a geometry program's with every
    /// input class), keeping the program so a recording can fill a shader cache from it.
    pub fn compiled_from(source: CompiledSource, translated: &CompiledTranslation) -> ShaderModule {
        let module = match translated {
            CompiledTranslation::One(shader) => ShaderModule::from(&**shader),
            CompiledTranslation::PerInput(by_input) => ShaderModule::geometry_per_input(by_input),
        };
        ShaderModule {
            source: Some(ModuleSource::Compiled(source)),
            ..module
        }
    }
}

#[cfg(test)]
mod tests {
    use shader_translate::{CacheLocation, ShaderCode, ShaderSource, TranslateOptions, Translator};

    use super::*;

    #[test]
    fn a_translated_fragment_shader_becomes_a_program_stage() {
        let translator = Translator::new(TranslateOptions {
            optimise: false,
            cache: CacheLocation::Off,
            strict_portability: false,
        })
        .expect("translator");
        let source = ShaderSource {
            name: "lit.frag".into(),
            stage: shader_translate::Stage::Fragment,
            code: ShaderCode::Glsl(
                "#version 450\n\
                 layout(binding = 3) uniform sampler2D albedo;\n\
                 layout(binding = 31) uniform sampler2D normals;\n\
                 layout(binding = 2) uniform Light { vec4 direction; };\n\
                 layout(location = 0) in vec2 uv;\n\
                 layout(location = 0) out vec4 colour;\n\
                 void main() {\n\
                   vec3 n = texture(normals, uv).xyz * 2.0 - 1.0;\n\
                   colour = texture(albedo, uv) * max(dot(n, direction.xyz), 0.0);\n\
                 }\n"
                .into(),
            ),
        };
        let translated = translator.translate(&source).expect("translates");
        let module = ShaderModule::from(&translated);
        assert_eq!(module.stage, Stage::Fragment);
        assert_eq!(module.spirv_words, translated.spirv);
        assert_eq!(module.reflection.texture_slots, (1 << 3) | (1 << 31));
        assert_eq!(module.reflection.uniform_slots, 1 << 2);
        assert_eq!(module.reflection.input_locations, 1);
        assert_eq!(module.reflection.output_locations, 1);
    }
}
