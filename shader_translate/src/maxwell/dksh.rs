//! The DKSH container (deko3d's shader module, as uam writes it): a control section with
//! the file header and program headers, then a code section holding each program's SPH,
//! code and compiler constant buffer (hardware c1). Offsets in a program header count
//! from the start of the code section. Layout: `../shared/maxwell/DKSH.md`.

use super::sph::SPH_SIZE_B;

/// "DKSH" read as a little-endian word.
pub const DKSH_MAGIC: u32 = 0x4853_4B44;
/// Size of the file header.
pub const HEADER_SIZE_B: usize = 24;
/// Size of one program header.
pub const PROGRAM_HEADER_SIZE_B: usize = 64;

/// Why a file is not a DKSH module Hookshot can read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DkshError {
    #[error("the file is {len_b} bytes, too short for the {HEADER_SIZE_B}-byte DKSH header")]
    TooShort { len_b: usize },
    #[error("not a DKSH file: magic {found:#010x} at offset 0 (expected {DKSH_MAGIC:#010x})")]
    BadMagic { found: u32 },
    #[error("the header says {field} is {value:#x}: {why}")]
    BadHeader {
        field: &'static str,
        value: u64,
        why: &'static str,
    },
    #[error("the file is cut: {what} ends at byte {end_b:#x} but the file has {len_b:#x} bytes")]
    Cut {
        what: String,
        end_b: u64,
        len_b: usize,
    },
    #[error("program {index}: unknown program type {value} (0-5 are vertex, fragment, geometry, tess control, tess eval, compute)")]
    BadProgramType { index: usize, value: u32 },
    #[error("program {index}: {field} is {value:#x}: {why}")]
    BadProgram {
        index: usize,
        field: &'static str,
        value: u64,
        why: &'static str,
    },
}

/// The program types of a DKSH program header.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ProgramType {
    Vertex,
    Fragment,
    Geometry,
    TessControl,
    TessEval,
    Compute,
}

impl ProgramType {
    fn from_raw(value: u32) -> Option<Self> {
        Some(match value {
            0 => Self::Vertex,
            1 => Self::Fragment,
            2 => Self::Geometry,
            3 => Self::TessControl,
            4 => Self::TessEval,
            5 => Self::Compute,
            _ => return None,
        })
    }

    /// Graphics programs start at their SPH; compute has none (the driver builds a QMD).
    pub fn has_sph(self) -> bool {
        self != Self::Compute
    }

    pub fn name(self) -> &'static str {
        match self {
            Self::Vertex => "vertex",
            Self::Fragment => "fragment",
            Self::Geometry => "geometry",
            Self::TessControl => "tess control",
            Self::TessEval => "tess eval",
            Self::Compute => "compute",
        }
    }
}

/// The compute part of a program header (graphics stages keep pipeline state there that
/// does not describe the code; see [`ProgramHeader::stage_words`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ComputeInfo {
    pub block_dims: [u32; 3],
    pub shared_mem_b: u32,
    pub local_pos_mem_b: u32,
    pub local_neg_mem_b: u32,
    pub crs_b: u32,
    pub num_barriers: u32,
}

/// One program header, as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProgramHeader {
    pub kind: ProgramType,
    /// Code-section offset of the program start (the SPH for graphics stages).
    pub entrypoint_b: u32,
    pub num_gprs: u32,
    /// Code-section offset of the compiler constant buffer (0 with none).
    pub constbuf1_off_b: u32,
    pub constbuf1_size_b: u32,
    pub per_warp_scratch_b: u32,
    /// The 36-byte per-stage union, as nine words.
    pub stage_words: [u32; 9],
}

impl ProgramHeader {
    /// The compute fields, for a compute program.
    pub fn compute(&self) -> Option<ComputeInfo> {
        let w = &self.stage_words;
        (self.kind == ProgramType::Compute).then_some(ComputeInfo {
            block_dims: [w[0], w[1], w[2]],
            shared_mem_b: w[3],
            local_pos_mem_b: w[4],
            local_neg_mem_b: w[5],
            crs_b: w[6],
            num_barriers: w[7],
        })
    }
}

/// One program of a module, with its parts borrowed from the file.
#[derive(Clone, Debug)]
pub struct Program<'a> {
    pub header: ProgramHeader,
    /// The 80 raw bytes of the shader program header (graphics stages).
    pub sph: Option<&'a [u8]>,
    /// File offset of the first instruction bundle.
    pub code_file_off_b: usize,
    /// The instruction stream (32-byte bundles, control words included), trailing
    /// all-zero bundles removed.
    pub code: &'a [u8],
    /// The compiler constant buffer (hardware c1), as stored (not padded).
    pub constbuf1: &'a [u8],
}

/// A whole module.
#[derive(Clone, Debug)]
pub struct Dksh<'a> {
    pub control_size_b: u32,
    pub code_size_b: u32,
    pub programs: Vec<Program<'a>>,
}

fn word(bytes: &[u8], off_b: usize) -> u32 {
    let mut raw = [0u8; 4];
    raw.copy_from_slice(&bytes[off_b..off_b + 4]);
    u32::from_le_bytes(raw)
}

fn need(bytes: &[u8], end_b: u64, what: impl FnOnce() -> String) -> Result<(), DkshError> {
    if end_b > bytes.len() as u64 {
        return Err(DkshError::Cut {
            what: what(),
            end_b,
            len_b: bytes.len(),
        });
    }
    Ok(())
}

/// Reads a DKSH module. Every offset and size is checked against the file; a cut or
/// inconsistent file is a [`DkshError`] naming the field.
pub fn parse(bytes: &[u8]) -> Result<Dksh<'_>, DkshError> {
    if bytes.len() < HEADER_SIZE_B {
        return Err(DkshError::TooShort { len_b: bytes.len() });
    }
    let magic = word(bytes, 0);
    if magic != DKSH_MAGIC {
        return Err(DkshError::BadMagic { found: magic });
    }
    let header_size_b = word(bytes, 4);
    let control_size_b = word(bytes, 8);
    let code_size_b = word(bytes, 12);
    let programs_off_b = word(bytes, 16);
    let num_programs = word(bytes, 20);
    if (header_size_b as usize) < HEADER_SIZE_B {
        return Err(DkshError::BadHeader {
            field: "header_sz",
            value: header_size_b.into(),
            why: "smaller than the 24-byte header",
        });
    }
    if num_programs == 0 {
        return Err(DkshError::BadHeader {
            field: "num_programs",
            value: 0,
            why: "a module holds at least one program",
        });
    }
    let table_end_b =
        u64::from(programs_off_b) + u64::from(num_programs) * PROGRAM_HEADER_SIZE_B as u64;
    if table_end_b > u64::from(control_size_b) {
        return Err(DkshError::BadHeader {
            field: "programs_off",
            value: programs_off_b.into(),
            why: "the program header table runs past the control section",
        });
    }
    need(
        bytes,
        u64::from(control_size_b) + u64::from(code_size_b),
        || {
            format!("the code section ({code_size_b:#x} bytes after the {control_size_b:#x}-byte control section)")
        },
    )?;
    let code_section = &bytes[control_size_b as usize..(control_size_b + code_size_b) as usize];

    let mut programs = Vec::with_capacity(num_programs as usize);
    for index in 0..num_programs as usize {
        let at = programs_off_b as usize + index * PROGRAM_HEADER_SIZE_B;
        let raw_type = word(bytes, at);
        let kind = ProgramType::from_raw(raw_type).ok_or(DkshError::BadProgramType {
            index,
            value: raw_type,
        })?;
        let mut stage_words = [0u32; 9];
        for (slot, stage_word) in stage_words.iter_mut().enumerate() {
            *stage_word = word(bytes, at + 0x18 + 4 * slot);
        }
        let header = ProgramHeader {
            kind,
            entrypoint_b: word(bytes, at + 4),
            num_gprs: word(bytes, at + 8),
            constbuf1_off_b: word(bytes, at + 12),
            constbuf1_size_b: word(bytes, at + 16),
            per_warp_scratch_b: word(bytes, at + 20),
            stage_words,
        };
        programs.push(program(
            index,
            header,
            code_section,
            control_size_b as usize,
        )?);
    }
    Ok(Dksh {
        control_size_b,
        code_size_b,
        programs,
    })
}

fn program<'a>(
    index: usize,
    header: ProgramHeader,
    code_section: &'a [u8],
    code_section_file_off_b: usize,
) -> Result<Program<'a>, DkshError> {
    let bad = |field: &'static str, value: u32, why: &'static str| DkshError::BadProgram {
        index,
        field,
        value: value.into(),
        why,
    };
    let entry_b = header.entrypoint_b as usize;
    if !entry_b.is_multiple_of(16) {
        return Err(bad(
            "entrypoint",
            header.entrypoint_b,
            "not 16-byte aligned",
        ));
    }
    let (sph, code_start_b) = if header.kind.has_sph() {
        let sph_end_b = entry_b + SPH_SIZE_B;
        if sph_end_b > code_section.len() {
            return Err(bad(
                "entrypoint",
                header.entrypoint_b,
                "the SPH runs past the code section",
            ));
        }
        (Some(&code_section[entry_b..sph_end_b]), sph_end_b)
    } else {
        (None, entry_b)
    };
    if code_start_b > code_section.len() {
        return Err(bad(
            "entrypoint",
            header.entrypoint_b,
            "past the end of the code section",
        ));
    }
    let (code_end_b, constbuf1) = if header.constbuf1_size_b == 0 {
        (code_section.len(), &code_section[..0])
    } else {
        let cb_off_b = header.constbuf1_off_b as usize;
        let cb_end_b = cb_off_b as u64 + u64::from(header.constbuf1_size_b);
        if !header.constbuf1_size_b.is_multiple_of(4) {
            return Err(bad(
                "constbuf1_sz",
                header.constbuf1_size_b,
                "not a multiple of 4 bytes",
            ));
        }
        if cb_off_b < code_start_b {
            return Err(bad(
                "constbuf1_off",
                header.constbuf1_off_b,
                "the constant buffer starts inside the program's header or before its code",
            ));
        }
        if cb_end_b > code_section.len() as u64 {
            return Err(DkshError::Cut {
                what: format!("program {index}'s constant buffer 1"),
                end_b: (code_section_file_off_b as u64) + cb_end_b,
                len_b: code_section_file_off_b + code_section.len(),
            });
        }
        (cb_off_b, &code_section[cb_off_b..cb_end_b as usize])
    };
    let mut code = &code_section[code_start_b..code_end_b];
    // Only whole bundles are code; the section's padding to 256 bytes is zeros.
    code = &code[..code.len() / 32 * 32];
    while code.len() >= 32 && code[code.len() - 32..].iter().all(|&b| b == 0) {
        code = &code[..code.len() - 32];
    }
    Ok(Program {
        header,
        sph,
        code_file_off_b: code_section_file_off_b + code_start_b,
        code,
        constbuf1,
    })
}
