//! A compiled Maxwell program in a recording (a module's source, code kinds 3 and 4): its
//! code as the game gave it and the slot map it was translated with, so `hookshot warm`
//! translates it again exactly as the game's run will.

use shader_translate::maxwell::compiled_source::{CompiledCode, CompiledSource};
use shader_translate::maxwell::dksh::{ComputeInfo, ProgramType};
use shader_translate::maxwell::image_format::ImageFormat;
use shader_translate::maxwell::slots::SlotMap;

use super::wire::{put_bytes, take_bytes, wire_struct, Malformed, Wire, WireReader};
use crate::objects::Stage;

/// A DKSH module.
const KIND_DKSH: u8 = 3;
/// The program's pieces.
const KIND_PARTS: u8 = 4;

/// A storage image format: its place in `ImageFormat::ALL`.
impl Wire for ImageFormat {
    const MIN_B: usize = 1;
    fn put(&self, out: &mut Vec<u8>) {
        let index = ImageFormat::ALL
            .iter()
            .position(|format| format == self)
            .unwrap_or_else(|| unreachable!("every format is in ALL"));
        out.push(index as u8);
    }
    fn take(reader: &mut WireReader<'_>) -> Result<Self, Malformed> {
        let index = u8::take(reader)?;
        ImageFormat::ALL
            .get(usize::from(index))
            .copied()
            .ok_or_else(|| reader.fail("image format"))
    }
}

wire_struct!(ComputeInfo {
    block_dims,
    shared_mem_b,
    local_pos_mem_b,
    local_neg_mem_b,
    crs_b,
    num_barriers,
});
wire_struct!(SlotMap {
    texture_handle_base,
    uniform_cbuf_base,
    driver_cbuf,
    storage_address_b,
    storage_stride_b,
    image_formats,
});

/// The program type of the stage a module was recorded with.
fn program_type(stage: Stage) -> ProgramType {
    match stage {
        Stage::Vertex => ProgramType::Vertex,
        Stage::TessControl => ProgramType::TessControl,
        Stage::TessEval => ProgramType::TessEval,
        Stage::Geometry => ProgramType::Geometry,
        Stage::Fragment => ProgramType::Fragment,
        Stage::Compute => ProgramType::Compute,
    }
}

/// The code kind and what follows it (the name and stage are already out).
pub(super) fn put_compiled(source: &CompiledSource, out: &mut Vec<u8>) {
    match &source.code {
        CompiledCode::Dksh(bytes) => {
            KIND_DKSH.put(out);
            put_bytes(bytes, out);
        }
        CompiledCode::Parts {
            sph,
            code,
            constbuf1,
            compute,
            tess_mode,
        } => {
            KIND_PARTS.put(out);
            sph.is_some().put(out);
            put_bytes(sph.as_deref().unwrap_or_default(), out);
            put_bytes(code, out);
            put_bytes(constbuf1, out);
            compute.put(out);
            tess_mode.put(out);
        }
    }
    source.slots.put(out);
}

/// What [`put_compiled`] wrote after the code kind `kind`.
pub(super) fn take_compiled(
    reader: &mut WireReader<'_>,
    name: String,
    stage: Stage,
    kind: u8,
) -> Result<CompiledSource, Malformed> {
    let code = if kind == KIND_DKSH {
        CompiledCode::Dksh(take_bytes(reader)?.to_vec())
    } else {
        let has_sph = bool::take(reader)?;
        let sph = take_bytes(reader)?.to_vec();
        if !has_sph && !sph.is_empty() {
            return Err(reader.fail("compiled program SPH"));
        }
        CompiledCode::Parts {
            sph: has_sph.then_some(sph),
            code: take_bytes(reader)?.to_vec(),
            constbuf1: take_bytes(reader)?.to_vec(),
            compute: <Option<ComputeInfo> as Wire>::take(reader)?,
            tess_mode: <Option<u32> as Wire>::take(reader)?,
        }
    };
    Ok(CompiledSource {
        name,
        kind: program_type(stage),
        code,
        slots: SlotMap::take(reader)?,
    })
}
