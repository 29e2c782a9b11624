//! A compiled Maxwell program to host SPIR-V: read and checked ([`Program`]), into SSA
//! ([`ir::build`]), out as SPIR-V in NVN's binding model ([`spirv_out::emit`]), then
//! through the translator's pipeline like any SPIR-V input (binding remap, spirv-val,
//! spirv-opt, reflection, the Metal-route check and the disk cache, keyed by the module,
//! which is a function of the binary).

use super::attribute_kinds::AttributeKinds;
use super::dksh::ProgramType;
use super::geometry::GeometryInput;
use super::ir::{self, Unsupported};
use super::program::{Program, ProgramError, ProgramParts};
use super::slots::SlotMap;
use super::spirv_out;
use crate::optimise::Passes;
use crate::{ShaderCode, ShaderSource, Stage, TranslateError, TranslatedShader, Translator};

#[derive(Debug, thiserror::Error)]
pub enum MaxwellError {
    #[error("{0}")]
    Program(ProgramError),
    #[error("{0}")]
    Unsupported(Unsupported),
    #[error("the translated module: {0}")]
    Translate(TranslateError),
    #[error("{0}")]
    Kind(super::compiled_source::KindMismatch),
}

impl From<ProgramError> for MaxwellError {
    fn from(error: ProgramError) -> Self {
        Self::Program(error)
    }
}

impl From<Unsupported> for MaxwellError {
    fn from(error: Unsupported) -> Self {
        Self::Unsupported(error)
    }
}

/// The pipeline stage of a program type.
pub fn stage_of(kind: ProgramType) -> Stage {
    match kind {
        ProgramType::Vertex => Stage::Vertex,
        ProgramType::Fragment => Stage::Fragment,
        ProgramType::Geometry => Stage::Geometry,
        ProgramType::TessControl => Stage::TessControl,
        ProgramType::TessEval => Stage::TessEval,
        ProgramType::Compute => Stage::Compute,
    }
}

/// The stage of the program in a DKSH module (the module read and checked whole).
pub fn dksh_stage(bytes: &[u8]) -> Result<Stage, ProgramError> {
    Ok(stage_of(Program::from_dksh(bytes)?.kind))
}

/// The program of a DKSH module as SPIR-V in NVN's binding model (before the
/// translator's pipeline), and its stage.
pub fn dksh_to_spirv(bytes: &[u8]) -> Result<(Stage, Vec<u32>), MaxwellError> {
    program_to_spirv(&Program::from_dksh(bytes)?, &SlotMap::default())
}

/// A checked program as SPIR-V in NVN's binding model (resources placed by `slots`), and
/// its stage.
pub fn program_to_spirv(
    program: &Program,
    slots: &SlotMap,
) -> Result<(Stage, Vec<u32>), MaxwellError> {
    program_to_spirv_for(program, slots, None)
}

/// [`program_to_spirv`] with a geometry program's input class (`None` for every other
/// stage).
pub fn program_to_spirv_for(
    program: &Program,
    slots: &SlotMap,
    geometry: Option<GeometryInput>,
) -> Result<(Stage, Vec<u32>), MaxwellError> {
    program_to_spirv_variant(program, slots, geometry, AttributeKinds::FLOAT)
}

/// [`program_to_spirv_for`] with a vertex program's generic attributes of `kinds` (the
/// draw's vertex formats; other stages ignore it).
pub fn program_to_spirv_variant(
    program: &Program,
    slots: &SlotMap,
    geometry: Option<GeometryInput>,
    kinds: AttributeKinds,
) -> Result<(Stage, Vec<u32>), MaxwellError> {
    let function = ir::build(program, slots)?;
    let words = spirv_out::emit_variant(program, &function, slots, geometry, kinds)?;
    Ok((stage_of(program.kind), words))
}

/// The geometry program of a DKSH module as SPIR-V for `input` primitives.
pub fn dksh_geometry_to_spirv(
    bytes: &[u8],
    input: GeometryInput,
) -> Result<Vec<u32>, MaxwellError> {
    let (_, words) = program_to_spirv_for(
        &Program::from_dksh(bytes)?,
        &SlotMap::default(),
        Some(input),
    )?;
    Ok(words)
}

impl Translator {
    /// Translates the program of a DKSH module (a game's compiled shader) for the host,
    /// its resources placed by deko3d's convention.
    pub fn translate_dksh(
        &self,
        name: &str,
        bytes: &[u8],
    ) -> Result<TranslatedShader, MaxwellError> {
        self.translate_dksh_with(name, bytes, &SlotMap::default())
    }

    /// [`Translator::translate_dksh`] with the port's own slot map.
    pub fn translate_dksh_with(
        &self,
        name: &str,
        bytes: &[u8],
        slots: &SlotMap,
    ) -> Result<TranslatedShader, MaxwellError> {
        self.translate_program(name, &Program::from_dksh(bytes)?, slots)
    }

    /// Translates a compiled program given as its pieces (SPH, code, constant buffer 1),
    /// its resources placed by deko3d's convention.
    pub fn translate_maxwell(
        &self,
        name: &str,
        parts: &ProgramParts<'_>,
    ) -> Result<TranslatedShader, MaxwellError> {
        self.translate_maxwell_with(name, parts, &SlotMap::default())
    }

    /// [`Translator::translate_maxwell`] with the port's own slot map.
    pub fn translate_maxwell_with(
        &self,
        name: &str,
        parts: &ProgramParts<'_>,
        slots: &SlotMap,
    ) -> Result<TranslatedShader, MaxwellError> {
        self.translate_program(name, &Program::from_parts(parts)?, slots)
    }

    /// Translates a geometry program of a DKSH module for `input` primitives (the draw's
    /// topology class), its resources placed by deko3d's convention.
    pub fn translate_dksh_geometry(
        &self,
        name: &str,
        bytes: &[u8],
        input: GeometryInput,
    ) -> Result<TranslatedShader, MaxwellError> {
        self.translate_compiled(
            name,
            &Program::from_dksh(bytes)?,
            &SlotMap::default(),
            Some(input),
        )
    }

    /// Translates a geometry program once for each input class, in
    /// [`GeometryInput::ALL`]'s order (a program's draws may use any; on Maxwell the
    /// draw's topology is the input primitive).
    pub fn translate_geometry_per_input(
        &self,
        name: &str,
        program: &Program,
        slots: &SlotMap,
    ) -> Result<[TranslatedShader; 5], MaxwellError> {
        let mut translated = Vec::with_capacity(GeometryInput::ALL.len());
        for input in GeometryInput::ALL {
            let class_name = format!("{name} ({})", input.name());
            translated.push(self.translate_compiled(&class_name, program, slots, Some(input))?);
        }
        Ok(translated
            .try_into()
            .unwrap_or_else(|_| unreachable!("one translation per class")))
    }

    fn translate_program(
        &self,
        name: &str,
        program: &Program,
        slots: &SlotMap,
    ) -> Result<TranslatedShader, MaxwellError> {
        self.translate_compiled(name, program, slots, None)
    }

    /// Translates a checked program with `slots`; a geometry program for the input class
    /// `geometry` (a geometry program without one, or another stage with one, is an
    /// error).
    pub fn translate_compiled(
        &self,
        name: &str,
        program: &Program,
        slots: &SlotMap,
        geometry: Option<GeometryInput>,
    ) -> Result<TranslatedShader, MaxwellError> {
        let (stage, words) = program_to_spirv_for(program, slots, geometry)?;
        // The emitted module is in SSA form already: the optimiser's shorter list.
        let source = ShaderSource {
            name: name.to_owned(),
            stage,
            code: ShaderCode::Spirv(words),
        };
        self.translate_with(&source, Passes::Ssa)
            .map_err(MaxwellError::Translate)
    }
}
