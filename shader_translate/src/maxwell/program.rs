//! A compiled program made whole: the DKSH module read, its SPH decoded and checked
//! against the program type, every instruction decoded, and every branch target checked
//! to land on an instruction inside the code. What the translator starts from.

use super::decode::{self, DecodeError, Instruction, Operand, BUNDLE_SIZE_B};
use super::dksh::{self, ComputeInfo, DkshError, ProgramHeader, ProgramType};
use super::sph::{Sph, SphError, SphStage};

/// Why a compiled program cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProgramError {
    // The inner errors are in the message, not chained as sources, so that a report
    // prints each once.
    #[error("DKSH: {0}")]
    Dksh(DkshError),
    #[error("shader program header: {0}")]
    Sph(SphError),
    #[error("{0}")]
    Decode(DecodeError),
    #[error("the module holds {0} programs; Hookshot takes one program per module")]
    ProgramCount(usize),
    #[error("the program has no code")]
    Empty,
    #[error("a {0} program needs its 80-byte shader program header")]
    MissingSph(&'static str),
    #[error("a compute program has no shader program header")]
    UnexpectedSph,
    #[error("a tess eval program given as pieces has no tessellator mode (the program header's param_c8: domain, spacing, winding); give it with the pieces, or give its DKSH module")]
    NoTessellatorMode,
    #[error(
        "a {0} program given as pieces has a tessellator mode; only tess eval programs take one"
    )]
    UnexpectedTessellatorMode(&'static str),
    #[error("`{name}` at byte {offset_b:#x} branches to {target_b:#x}, outside the code (0..{len_b:#x})")]
    TargetOutOfRange {
        name: &'static str,
        offset_b: u32,
        target_b: u64,
        len_b: usize,
    },
    #[error("`{name}` at byte {offset_b:#x} branches to {target_b:#x}, inside a word")]
    TargetMisaligned {
        name: &'static str,
        offset_b: u32,
        target_b: u64,
    },
}

macro_rules! from_inner {
    ($($inner:ident => $variant:ident),*) => {
        $(impl From<$inner> for ProgramError {
            fn from(error: $inner) -> Self {
                Self::$variant(error)
            }
        })*
    };
}

from_inner!(DkshError => Dksh, SphError => Sph, DecodeError => Decode);

/// A decoded program and what its container says about it.
#[derive(Clone, Debug)]
pub struct Program {
    pub kind: ProgramType,
    pub header: ProgramHeader,
    /// `None` for compute.
    pub sph: Option<Sph>,
    pub instructions: Vec<Instruction>,
    /// The compiler constant buffer (hardware c1).
    pub constbuf1: Vec<u8>,
}

fn sph_stage(kind: ProgramType) -> Option<SphStage> {
    Some(match kind {
        ProgramType::Vertex => SphStage::Vertex,
        ProgramType::Fragment => SphStage::Fragment,
        ProgramType::Geometry => SphStage::Geometry,
        ProgramType::TessControl => SphStage::TessControl,
        ProgramType::TessEval => SphStage::TessEval,
        ProgramType::Compute => return None,
    })
}

/// Where execution goes for a branch to `target_b`: uam's branches land on a bundle's
/// start (its control word), which means the bundle's first instruction.
pub fn instruction_offset(target_b: u64) -> u64 {
    if target_b.is_multiple_of(BUNDLE_SIZE_B as u64) {
        target_b + 8
    } else {
        target_b
    }
}

/// Whether `target_b` is a word inside `len_b` bytes of code.
pub fn check_target(
    instruction: &Instruction,
    target_b: u64,
    len_b: usize,
) -> Result<(), ProgramError> {
    if target_b >= len_b as u64 {
        return Err(ProgramError::TargetOutOfRange {
            name: instruction.name,
            offset_b: instruction.offset_b,
            target_b,
            len_b,
        });
    }
    if !target_b.is_multiple_of(8) {
        return Err(ProgramError::TargetMisaligned {
            name: instruction.name,
            offset_b: instruction.offset_b,
            target_b,
        });
    }
    Ok(())
}

/// Decodes `code` and checks its branch targets.
pub fn decode_checked(code: &[u8]) -> Result<Vec<Instruction>, ProgramError> {
    if code.is_empty() {
        return Err(ProgramError::Empty);
    }
    let instructions = decode::decode_stream(code)?;
    for instruction in &instructions {
        for operand in instruction.operands() {
            match operand {
                Operand::Target(target_b) => check_target(instruction, target_b, code.len())?,
                // `jmp`/`jcal`: an absolute byte offset in the code.
                Operand::Imm { value, .. } if matches!(instruction.name, "jmp" | "jcal") => {
                    check_target(instruction, value, code.len())?
                }
                _ => {}
            }
        }
    }
    Ok(instructions)
}

/// A compiled program given as its pieces, as a port may hold them outside a DKSH
/// module: the program type, the 80-byte SPH (graphics stages), the instruction stream
/// (32-byte bundles, control words included) and constant buffer 1.
#[derive(Clone, Copy, Debug)]
pub struct ProgramParts<'a> {
    pub kind: ProgramType,
    pub sph: Option<&'a [u8]>,
    pub code: &'a [u8],
    pub constbuf1: &'a [u8],
    /// Compute: the workgroup size and memory the container would say.
    pub compute: Option<ComputeInfo>,
    /// Tess eval: the tessellator mode the container's program header would hold
    /// (`param_c8`: bits 0-1 the domain, 0 isolines, 1 triangles, 2 quads; bits 4-5 the
    /// spacing, 0 equal, 1 fractional odd, 2 fractional even; bit 8 clockwise, bit 9
    /// connected triangles, neither of 8-9 point mode). Required for tess eval, `None`
    /// for every other stage.
    pub tess_mode: Option<u32>,
}

impl Program {
    /// Reads a DKSH module holding one program.
    pub fn from_dksh(bytes: &[u8]) -> Result<Self, ProgramError> {
        let module = dksh::parse(bytes)?;
        if module.programs.len() != 1 {
            return Err(ProgramError::ProgramCount(module.programs.len()));
        }
        let program = &module.programs[0];
        let mut made = Self::decode_parts(&ProgramParts {
            kind: program.header.kind,
            sph: program.sph,
            code: program.code,
            constbuf1: program.constbuf1,
            compute: program.header.compute(),
            tess_mode: (program.header.kind == ProgramType::TessEval)
                .then_some(program.header.stage_words[0]),
        })?;
        made.header = program.header.clone();
        Ok(made)
    }

    /// Checks and decodes a program given as its pieces. A tess-eval program's
    /// tessellator mode is in the container's program header, not in the SPH or the
    /// code, so it must come with the pieces ([`ProgramParts::tess_mode`]).
    pub fn from_parts(parts: &ProgramParts<'_>) -> Result<Self, ProgramError> {
        match (parts.kind, parts.tess_mode) {
            (ProgramType::TessEval, None) => return Err(ProgramError::NoTessellatorMode),
            (ProgramType::TessEval, Some(_)) | (_, None) => {}
            (kind, Some(_)) => return Err(ProgramError::UnexpectedTessellatorMode(kind.name())),
        }
        Self::decode_parts(parts)
    }

    fn decode_parts(parts: &ProgramParts<'_>) -> Result<Self, ProgramError> {
        let kind = parts.kind;
        let sph = match (parts.sph, sph_stage(kind)) {
            (Some(raw), Some(stage)) => {
                let sph = Sph::parse(raw)?;
                sph.expect_stage(stage)?;
                Some(sph)
            }
            (None, Some(_)) => return Err(ProgramError::MissingSph(kind.name())),
            (Some(_), None) => return Err(ProgramError::UnexpectedSph),
            (None, None) => None,
        };
        let mut stage_words = [0u32; 9];
        if let Some(mode) = parts.tess_mode {
            stage_words[0] = mode;
        }
        if let Some(compute) = parts.compute {
            stage_words[..8].copy_from_slice(&[
                compute.block_dims[0],
                compute.block_dims[1],
                compute.block_dims[2],
                compute.shared_mem_b,
                compute.local_pos_mem_b,
                compute.local_neg_mem_b,
                compute.crs_b,
                compute.num_barriers,
            ]);
        }
        Ok(Program {
            kind,
            header: ProgramHeader {
                kind,
                entrypoint_b: 0,
                num_gprs: 0,
                constbuf1_off_b: 0,
                constbuf1_size_b: parts.constbuf1.len() as u32,
                per_warp_scratch_b: 0,
                stage_words,
            },
            sph,
            instructions: decode_checked(parts.code)?,
            constbuf1: parts.constbuf1.to_vec(),
        })
    }
}
