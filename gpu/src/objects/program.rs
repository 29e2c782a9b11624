//! Programs: one shader module per stage, with what each stage uses. The payload type is
//! this crate's until `shader_translate` publishes its own; keep it small to switch.

use crate::features::DeviceFeatures;
use crate::ids::ProgramId;

coded_enum!(
    pub enum Stage {
        Vertex = 0,
        TessControl = 1,
        TessEval = 2,
        Geometry = 3,
        Fragment = 4,
        Compute = 5,
    }
);

impl Stage {
    pub const ALL: [Stage; 6] = [
        Stage::Vertex,
        Stage::TessControl,
        Stage::TessEval,
        Stage::Geometry,
        Stage::Fragment,
        Stage::Compute,
    ];
    pub fn mask(self) -> StageMask {
        StageMask::from_stage(self)
    }
}

flag_set!(
    pub struct StageMask {
        VERTEX = 1,
        TESS_CONTROL = 2,
        TESS_EVAL = 4,
        GEOMETRY = 8,
        FRAGMENT = 16,
        COMPUTE = 32,
    }
);

impl StageMask {
    pub const GRAPHICS: StageMask = StageMask(31);

    pub fn from_stage(stage: Stage) -> StageMask {
        StageMask(1 << stage as u32)
    }
}

/// The slots, constants and interface one stage uses (NVN's binding model: uniform
/// buffers 0-15, textures 0-31, images 0-7, storage buffers 0-15), as bit masks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct StageReflection {
    pub uniform_slots: u16,
    pub texture_slots: u32,
    pub image_slots: u8,
    pub storage_slots: u16,
    pub push_constants_b: u32,
    /// Compute only; zeros elsewhere.
    pub workgroup_size: [u32; 3],
    pub input_locations: u32,
    pub output_locations: u32,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShaderModule {
    pub stage: Stage,
    pub spirv_words: Vec<u32>,
    pub reflection: StageReflection,
    /// A compiled (Maxwell) geometry program, whose input primitive is the draw's
    /// topology: its module for each input class, in `GeometryInput::ALL`'s order
    /// (`program_geometry`); empty for every other module.
    pub geometry_inputs: Vec<Vec<u32>>,
    /// The translator's input (GLSL, NVN-model SPIR-V, or compiled Maxwell code with its
    /// slot map), kept so a recording can fill a shader cache from it (`hookshot warm`);
    /// `None` for modules handed over already translated.
    pub source: Option<ModuleSource>,
}

/// What a module was translated from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ModuleSource {
    /// GLSL or NVN-model SPIR-V.
    Shader(shader_translate::ShaderSource),
    /// A game's compiled Maxwell program (a geometry program's module holds every input
    /// class's translation of it).
    Compiled(shader_translate::maxwell::compiled_source::CompiledSource),
}

pub const SPIRV_MAGIC: u32 = 0x0723_0203;

/// Whether `module` is a stage before the rasterizer writing `gl_ViewportIndex`.
pub fn writes_viewport_index(module: &ShaderModule) -> bool {
    module.stage != Stage::Fragment
        && module.stage != Stage::Compute
        && super::program_builtins::declares_builtin(
            &module.spirv_words,
            super::program_builtins::BUILT_IN_VIEWPORT_INDEX,
        )
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ProgramMaker {
    pub modules: Vec<ShaderModule>,
}

#[derive(Debug, thiserror::Error, Clone, PartialEq, Eq)]
pub enum ProgramError {
    #[error("program has no stages")]
    NoStages,
    #[error("program has two {0:?} stages")]
    DuplicateStage(Stage),
    #[error("program mixes compute with graphics stages")]
    MixedCompute,
    #[error("graphics program has no vertex stage")]
    NoVertexStage,
    #[error("{0:?} stage is not SPIR-V (no magic number)")]
    NotSpirv(Stage),
    #[error("{stage:?} stage is not a valid SPIR-V module for Vulkan 1.1: {log}")]
    InvalidSpirv { stage: Stage, log: String },
    /// A shader choosing viewport 1-15 on a device that lacks what that needs: the draw
    /// would land where the console does not put it.
    #[error("{stage:?} stage writes gl_ViewportIndex, which needs {capability}")]
    ViewportIndexOutput {
        stage: Stage,
        capability: &'static str,
    },
    /// Double-precision arithmetic on a device without `shaderFloat64`: `instruction` is
    /// what asked for it (a compiled program's first double instruction, by name and
    /// byte offset).
    #[error(
        "{stage:?} stage computes in double precision ({instruction}), which needs shaderFloat64"
    )]
    DoublePrecision { stage: Stage, instruction: String },
    /// A fragment stage reading the sample it shades (`gl_SampleID`, a compiled
    /// program's `pixld my_index`) or interpolating an input at an offset or a sample
    /// (`interpolateAtOffset`/`interpolateAtSample`, `ipa offset`) on a device without
    /// `sampleRateShading`.
    #[error(
        "{stage:?} stage reads the sample it shades or interpolates at an offset or a sample, which needs sampleRateShading"
    )]
    SampleShading { stage: Stage },
    /// A stage using subgroup operations (a compiled program's `vote`, `shfl` or
    /// `$laneid` outside compute, GLSL's subgroup functions) the device does not run
    /// there: `instruction` is what asked for them (a compiled program's instruction by
    /// name and byte offset), `capability` what the device lacks.
    #[error("{stage:?} stage uses subgroup operations ({instruction}), which need {capability}")]
    Subgroup {
        stage: Stage,
        instruction: String,
        capability: String,
    },
    /// A control stage's patches go nowhere without an evaluation stage.
    #[error("graphics program has a tessellation control stage but no evaluation stage")]
    ControlWithoutEvaluation,
    /// A module within Vulkan's rules but past the device's limits.
    #[error(transparent)]
    PastDeviceLimit(#[from] crate::PastDeviceLimit),
}

impl ProgramMaker {
    pub fn stage_mask(&self) -> StageMask {
        self.modules
            .iter()
            .fold(StageMask::NONE, |mask, module| mask | module.stage.mask())
    }

    /// Refuses what the device cannot execute: a viewport index written without
    /// `multiViewport` (or, from the vertex stage, `shaderOutputViewportIndex`), double
    /// precision without `shaderFloat64`, a stage run once a sample without
    /// `sampleRateShading`, subgroup operations outside the device's
    /// `subgroupSupportedStages` or `subgroupSupportedOperations`.
    pub fn check_features(&self, features: &DeviceFeatures) -> Result<(), ProgramError> {
        for module in self
            .modules
            .iter()
            .filter(|module| writes_viewport_index(module))
        {
            let capability = if !features.multi_viewport {
                "multiViewport"
            } else if module.stage == Stage::Vertex && !features.shader_output_viewport_index {
                "shaderOutputViewportIndex (VK_EXT_shader_viewport_index_layer)"
            } else {
                continue;
            };
            return Err(ProgramError::ViewportIndexOutput {
                stage: module.stage,
                capability,
            });
        }
        if !features.shader_float64 {
            for module in &self.modules {
                // A module that does not parse is refused by `check` already.
                if let Ok(Some(instruction)) = shader_translate::float64_use(&module.spirv_words) {
                    return Err(ProgramError::DoublePrecision {
                        stage: module.stage,
                        instruction,
                    });
                }
            }
        }
        if !features.sample_rate_shading {
            for module in &self.modules {
                if let Ok(true) = shader_translate::sample_rate_shading_use(&module.spirv_words) {
                    return Err(ProgramError::SampleShading {
                        stage: module.stage,
                    });
                }
            }
        }
        for module in &self.modules {
            if let Ok(Some(used)) = shader_translate::subgroup_use(&module.spirv_words) {
                check_subgroups(module.stage, &used, features)?;
            }
        }
        Ok(())
    }

    /// Refuses a module past the device's limits (`module_limits`), after `check`.
    pub fn check_limits(&self, limits: &crate::ModuleLimits) -> Result<(), ProgramError> {
        for module in &self.modules {
            crate::module_limits::check_module(module.stage, &module.spirv_words, limits)?;
            for words in &module.geometry_inputs {
                crate::module_limits::check_module(module.stage, words, limits)?;
            }
        }
        Ok(())
    }

    pub fn check(&self) -> Result<StageMask, ProgramError> {
        let mut mask = StageMask::NONE;
        for module in &self.modules {
            if mask.contains(module.stage.mask()) {
                return Err(ProgramError::DuplicateStage(module.stage));
            }
            if module.spirv_words.first() != Some(&SPIRV_MAGIC) {
                return Err(ProgramError::NotSpirv(module.stage));
            }
            // Every module from outside (the API, a recording) is validated here, before
            // any driver is given it: a driver may crash on a malformed one.
            shader_translate::check_stage_module(&module.spirv_words, module.stage.into())
                .map_err(|log| ProgramError::InvalidSpirv {
                    stage: module.stage,
                    log,
                })?;
            mask = mask | module.stage.mask();
        }
        if mask.is_empty() {
            return Err(ProgramError::NoStages);
        }
        if mask.contains(StageMask::COMPUTE) && mask.intersects(StageMask::GRAPHICS) {
            return Err(ProgramError::MixedCompute);
        }
        if mask.intersects(StageMask::GRAPHICS) && !mask.contains(StageMask::VERTEX) {
            return Err(ProgramError::NoVertexStage);
        }
        if mask.contains(StageMask::TESS_CONTROL) && !mask.contains(StageMask::TESS_EVAL) {
            return Err(ProgramError::ControlWithoutEvaluation);
        }
        Ok(mask)
    }
}

/// `used` (a module of `stage`) against the device's subgroup stages and operations.
fn check_subgroups(
    stage: Stage,
    used: &shader_translate::SubgroupUse,
    features: &DeviceFeatures,
) -> Result<(), ProgramError> {
    let stage_bit = match stage {
        Stage::Vertex => 0x1,
        Stage::TessControl => 0x2,
        Stage::TessEval => 0x4,
        Stage::Geometry => 0x8,
        Stage::Fragment => 0x10,
        Stage::Compute => 0x20,
    };
    if features.subgroup_stages & stage_bit == 0 {
        return Err(ProgramError::Subgroup {
            stage,
            instruction: used.origin(0),
            capability: format!("subgroupSupportedStages to hold the {stage:?} stage"),
        });
    }
    let missing = used.operations & !features.subgroup_operations;
    if missing != 0 {
        let bit = 1 << missing.trailing_zeros();
        return Err(ProgramError::Subgroup {
            stage,
            instruction: used.origin(bit),
            capability: format!(
                "subgroupSupportedOperations to hold {}",
                shader_translate::subgroup_operation_name(bit)
            ),
        });
    }
    Ok(())
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    pub id: ProgramId,
    pub stages: StageMask,
    pub modules: Vec<ShaderModule>,
    /// Each stage's texture slots reading multisample images (`sampler2DMS` and its
    /// integer forms), as bit masks indexed by `Stage as usize` (`multisample_slots`).
    pub multisample_texture_slots: [u32; 6],
    /// What binding the program asks of the device, read from its words once when it is
    /// made (`command::stages::check_program_features` looks at these, not the words).
    pub needs: ProgramNeeds,
}

/// The device features a program's words ask for beyond its stages.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ProgramNeeds {
    /// A vertex or tess-eval stage writes `gl_Layer` (`shaderOutputLayer`).
    pub layer_before_rasterizer: bool,
    /// Some stage uses a float image atomic (`shaderImageFloat32Atomics`).
    pub float_image_atomics: bool,
    /// Some stage dereferences raw addresses through the pool table (`bufferDeviceAddress`).
    pub raw_pointers: bool,
    /// A geometry module translated per input class (compiled Maxwell code).
    pub per_input_geometry: bool,
    /// Whether its geometry or tessellation stage makes points (`None`: it has neither,
    /// and the draw's primitive decides), for NVN's point size (`program_points`).
    pub makes_points: Option<bool>,
}

impl ProgramNeeds {
    /// What `modules` ask for.
    pub fn of_modules(modules: &[ShaderModule]) -> ProgramNeeds {
        ProgramNeeds {
            layer_before_rasterizer: modules.iter().any(|module| {
                matches!(module.stage, Stage::Vertex | Stage::TessEval)
                    && super::program_builtins::declares_builtin(
                        &module.spirv_words,
                        super::program_builtins::BUILT_IN_LAYER,
                    )
            }),
            float_image_atomics: modules.iter().any(|module| {
                super::program_atomics::uses_float_image_atomics(&module.spirv_words)
            }),
            raw_pointers: modules.iter().any(|module| {
                shader_translate::uses_pool_table(&module.spirv_words).unwrap_or(false)
            }),
            per_input_geometry: modules.iter().any(ShaderModule::is_per_input),
            makes_points: super::program_points::makes_points(modules),
        }
    }
}

impl Program {
    /// A program of `modules` (checked: `ProgramMaker::check`), its multisample texture
    /// slots read from their words.
    pub fn new(id: ProgramId, stages: StageMask, modules: Vec<ShaderModule>) -> Program {
        let multisample_texture_slots = super::multisample_slots::of_modules(&modules);
        let needs = ProgramNeeds::of_modules(&modules);
        Program {
            id,
            stages,
            modules,
            multisample_texture_slots,
            needs,
        }
    }

    pub fn is_compute(&self) -> bool {
        self.stages.contains(StageMask::COMPUTE)
    }
    pub fn module(&self, stage: Stage) -> Option<&ShaderModule> {
        self.modules.iter().find(|module| module.stage == stage)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::tests::fixture::module;

    #[test]
    fn program_stage_rules() {
        let ok = ProgramMaker {
            modules: vec![module(Stage::Vertex), module(Stage::Fragment)],
        };
        assert_eq!(ok.check(), Ok(StageMask::VERTEX | StageMask::FRAGMENT));
        let cases = [
            (vec![], ProgramError::NoStages),
            (
                vec![module(Stage::Vertex), module(Stage::Vertex)],
                ProgramError::DuplicateStage(Stage::Vertex),
            ),
            (
                vec![module(Stage::Compute), module(Stage::Vertex)],
                ProgramError::MixedCompute,
            ),
            (vec![module(Stage::Fragment)], ProgramError::NoVertexStage),
        ];
        for (modules, expected) in cases {
            assert_eq!(ProgramMaker { modules }.check(), Err(expected));
        }
        // A module of another stage than it is given for, and a damaged one.
        let mut fragment_as_vertex = module(Stage::Fragment);
        fragment_as_vertex.stage = Stage::Vertex;
        let mut damaged = module(Stage::Fragment);
        damaged.spirv_words.truncate(damaged.spirv_words.len() - 3);
        for (modules, stage) in [
            (vec![fragment_as_vertex], Stage::Vertex),
            (vec![module(Stage::Vertex), damaged], Stage::Fragment),
        ] {
            assert!(
                matches!(
                    ProgramMaker { modules }.check(),
                    Err(ProgramError::InvalidSpirv { stage: s, .. }) if s == stage
                ),
                "{stage:?}"
            );
        }
        let mut not_spirv = module(Stage::Compute);
        not_spirv.spirv_words[0] = 0;
        assert_eq!(
            ProgramMaker {
                modules: vec![not_spirv]
            }
            .check(),
            Err(ProgramError::NotSpirv(Stage::Compute))
        );
    }
}
