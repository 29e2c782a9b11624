//! A compiled program as the translator's input, kept whole: its code (a DKSH module, or
//! the pieces a port holds), where its resources land as NVN slots, and its name. The
//! translation of one is cached under its code (not under the SPIR-V the Maxwell front
//! end would emit), so a cache hit decodes and emits nothing; a recording keeps it, so
//! `hookshot warm` can fill a title's cache before the game runs.

use std::borrow::Cow;

use super::attribute_kinds::AttributeKinds;
use super::dksh::{ComputeInfo, ProgramType};
use super::geometry::GeometryInput;
use super::program::{Program, ProgramError, ProgramParts};
use super::slots::SlotMap;
use super::translate::{program_to_spirv_variant, stage_of, MaxwellError};
use crate::cache::KeyedInput;
use crate::optimise::Passes;
use crate::{ShaderCode, ShaderSource, TranslatedShader, Translator};

/// How a compiled program's code is held.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CompiledCode {
    /// A DKSH module holding one program.
    Dksh(Vec<u8>),
    /// The program's pieces ([`ProgramParts`], owned).
    Parts {
        sph: Option<Vec<u8>>,
        code: Vec<u8>,
        constbuf1: Vec<u8>,
        compute: Option<ComputeInfo>,
        tess_mode: Option<u32>,
    },
}

/// A compiled program and what its translation depends on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompiledSource {
    /// Shown in diagnostics.
    pub name: String,
    /// The program type the caller gave (a DKSH module's must agree).
    pub kind: ProgramType,
    pub code: CompiledCode,
    pub slots: SlotMap,
}

/// A compiled program's translation: one module, or a geometry program's one per input
/// class in [`GeometryInput::ALL`]'s order (its draws' topology picks one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CompiledTranslation {
    One(Box<TranslatedShader>),
    PerInput(Box<[TranslatedShader; 5]>),
}

impl CompiledTranslation {
    /// The modules it holds.
    pub fn shaders(&self) -> &[TranslatedShader] {
        match self {
            CompiledTranslation::One(shader) => std::slice::from_ref(&**shader),
            CompiledTranslation::PerInput(by_input) => &by_input[..],
        }
    }
}

/// A DKSH module's program type differs from the one it was given as.
#[derive(Debug, thiserror::Error)]
#[error("the DKSH module holds a {held:?} program, given as {given:?}")]
pub struct KindMismatch {
    pub held: ProgramType,
    pub given: ProgramType,
}

impl CompiledSource {
    /// The program, read and checked.
    pub fn program(&self) -> Result<Program, ProgramError> {
        match &self.code {
            CompiledCode::Dksh(bytes) => Program::from_dksh(bytes),
            CompiledCode::Parts {
                sph,
                code,
                constbuf1,
                compute,
                tess_mode,
            } => Program::from_parts(&ProgramParts {
                kind: self.kind,
                sph: sph.as_deref(),
                code,
                constbuf1,
                compute: *compute,
                tess_mode: *tess_mode,
            }),
        }
    }

    /// What tells its translations apart from other programs' (the code and the slot
    /// map, not the name), for caches of its per-draw variants.
    pub fn identity_bytes(&self) -> Vec<u8> {
        self.key_bytes(None, AttributeKinds::FLOAT)
    }

    /// The bytes its cache entries are keyed by: the code, the slot map, the input
    /// class and the attribute kinds, each length-prefixed (the name is left out, as a
    /// source's is).
    fn key_bytes(&self, geometry: Option<GeometryInput>, kinds: AttributeKinds) -> Vec<u8> {
        let mut out = Vec::new();
        let mut field = |bytes: &[u8]| {
            out.extend_from_slice(&(bytes.len() as u64).to_le_bytes());
            out.extend_from_slice(bytes);
        };
        field(self.kind.name().as_bytes());
        match &self.code {
            CompiledCode::Dksh(bytes) => {
                field(b"dksh");
                field(bytes);
            }
            CompiledCode::Parts {
                sph,
                code,
                constbuf1,
                compute,
                tess_mode,
            } => {
                field(b"parts");
                field(sph.as_deref().unwrap_or(b"no sph"));
                field(code);
                field(constbuf1);
                field(format!("{compute:?} {tess_mode:?}").as_bytes());
            }
        }
        field(format!("{:?}", self.slots).as_bytes());
        field(format!("{geometry:?}").as_bytes());
        field(&kinds.bits().to_le_bytes());
        out
    }
}

impl Translator {
    /// Translates a compiled program, from the cache when it holds the program's
    /// translation (keyed by its code: nothing is decoded or emitted then). A geometry
    /// program is translated for every input class.
    pub fn translate_compiled_source(
        &self,
        source: &CompiledSource,
    ) -> Result<CompiledTranslation, MaxwellError> {
        if let CompiledCode::Dksh(bytes) = &source.code {
            let held = super::dksh::parse(bytes)
                .map_err(|error| MaxwellError::Program(ProgramError::Dksh(error)))?
                .programs
                .first()
                .map(|program| program.header.kind);
            if let Some(held) = held.filter(|held| *held != source.kind) {
                return Err(MaxwellError::Kind(KindMismatch {
                    held,
                    given: source.kind,
                }));
            }
        }
        if source.kind != ProgramType::Geometry {
            return self
                .translate_one(source, None, AttributeKinds::FLOAT)
                .map(|shader| CompiledTranslation::One(Box::new(shader)));
        }
        let mut by_input = Vec::with_capacity(GeometryInput::ALL.len());
        for input in GeometryInput::ALL {
            by_input.push(self.translate_one(source, Some(input), AttributeKinds::FLOAT)?);
        }
        let by_input: [TranslatedShader; 5] = by_input
            .try_into()
            .unwrap_or_else(|_| unreachable!("one translation per class"));
        Ok(CompiledTranslation::PerInput(Box::new(by_input)))
    }

    /// Translates a compiled vertex program for a draw whose generic attributes deliver
    /// values of `kinds` (its vertex formats' kinds), from the cache when it holds that
    /// translation (keyed by the code and the kinds). Every other program type, and
    /// all-float kinds, give [`Translator::translate_compiled_source`]'s module.
    pub fn translate_compiled_vertex(
        &self,
        source: &CompiledSource,
        kinds: AttributeKinds,
    ) -> Result<TranslatedShader, MaxwellError> {
        let kinds = match source.kind {
            ProgramType::Vertex => kinds,
            _ => AttributeKinds::FLOAT,
        };
        self.translate_one(source, None, kinds)
    }

    fn translate_one(
        &self,
        source: &CompiledSource,
        geometry: Option<GeometryInput>,
        kinds: AttributeKinds,
    ) -> Result<TranslatedShader, MaxwellError> {
        let name = match geometry {
            Some(input) => format!("{} ({})", source.name, input.name()),
            None if !kinds.is_float() => {
                format!("{} (attributes {:#x})", source.name, kinds.bits())
            }
            None => source.name.clone(),
        };
        let stage = stage_of(source.kind);
        let input = KeyedInput {
            stage,
            front_end: "maxwell",
            bytes: Cow::Owned(source.key_bytes(geometry, kinds)),
        };
        let front = || {
            let (stage, words) =
                program_to_spirv_variant(&source.program()?, &source.slots, geometry, kinds)?;
            crate::limits::check_spirv(&name, &words).map_err(MaxwellError::Translate)?;
            Ok(Cow::Owned(ShaderSource {
                name: name.clone(),
                stage,
                code: ShaderCode::Spirv(words),
            }))
        };
        // The emitted module is in SSA form already: the optimiser's shorter list.
        self.translate_keyed(&name, &input, Passes::Ssa, front, MaxwellError::Translate)
    }
}
