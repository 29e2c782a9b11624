//! Programs from a game's compiled Maxwell shaders: per stage, a DKSH module (what uam and
//! deko3d write) or the raw pieces a port may hold instead (the 80-byte shader program
//! header, the instruction stream, constant buffer 1), translated to host SPIR-V when set.
//! Where the code's constant buffers and texture handles land as NVN slots is an
//! `HSMaxwellSlotMap`, deko3d's convention unless the port gives its game's.

use std::ffi::c_void;

use gpu::objects::ShaderModule;
use shader_translate::maxwell::dksh::{ComputeInfo, ProgramType};
use shader_translate::maxwell::program::{Program, ProgramParts};
use shader_translate::maxwell::slots::SlotMap;

use crate::builder::{check_array, check_struct, coded, out_value};
use crate::guard::entry;
use crate::objects::{resolve, HSProgram};
use crate::pool::bytes_in;
use crate::program::{install, translate_stage, HSshaderStage};
use crate::result::{CapiError, CapiResult, HSresult};

/// How an `HSCompiledShaderData` holds its program.
pub type HScompiledCode = u32;
/// A DKSH module holding one program (`data`, `size_b`); its program type must be `stage`.
pub const HS_COMPILED_CODE_DKSH: HScompiledCode = 1;
/// The program's pieces: `sph` (80 bytes; NULL for compute), `data`/`size_b` the
/// instruction stream (32-byte bundles, scheduling words included, from the first bundle
/// after the SPH), `constbuf1` (the compiler constant buffer, hardware c1; may be empty)
/// and, for compute, `block_dims` and `shared_memory_b`.
pub const HS_COMPILED_CODE_PARTS: HScompiledCode = 2;

/// One stage's compiled program for `hsProgramSetCompiledShaders`. Fields a form does
/// not use must be zero (NULL).
#[repr(C)]
pub struct HSCompiledShaderData {
    pub stage: HSshaderStage,
    pub code: HScompiledCode,
    pub data: *const c_void,
    pub size_b: u64,
    pub sph: *const c_void,
    pub sph_size_b: u64,
    pub constbuf1: *const c_void,
    pub constbuf1_size_b: u64,
    /// Compute pieces: the workgroup size (local_size x, y, z).
    pub block_dims: [u32; 3],
    /// Compute pieces: the shared memory the code addresses, in bytes.
    pub shared_memory_b: u32,
}

/// Where a compiled program's resources sit as NVN slots. Arrays are per stage, indexed
/// by HSshaderStage (vertex, tess control, tess evaluation, geometry, fragment, compute).
#[repr(C)]
#[derive(Clone, Copy)]
pub struct HSMaxwellSlotMap {
    /// The immediate texture handle of texture slot 0; slot N is this + N.
    pub texture_handle_base: [u32; 6],
    /// The byte offset, in the driver's constant buffer, of storage binding 0's 64-bit
    /// address; binding N's is `storage_stride_b` x N further.
    pub storage_address_b: [u32; 6],
    pub storage_stride_b: u32,
    /// The hardware constant buffer (0-17) of uniform block 0; block N is this + N.
    pub uniform_cbuf_base: u32,
    /// The hardware constant buffer (0-17) the driver keeps its constants in.
    pub driver_cbuf: u32,
}

/// Maxwell has 18 constant buffers a stage.
const HARDWARE_CBUFS: u32 = 18;

/// The slot map's arrays run in HSshaderStage order, `SlotMap`'s in its own.
fn slot_stage_order() -> [ProgramType; 6] {
    [
        ProgramType::Vertex,
        ProgramType::TessControl,
        ProgramType::TessEval,
        ProgramType::Geometry,
        ProgramType::Fragment,
        ProgramType::Compute,
    ]
}

fn to_c(slots: &SlotMap) -> HSMaxwellSlotMap {
    use shader_translate::maxwell::slots::stage_index;
    let per_stage = |array: &[u32; 6]| slot_stage_order().map(|kind| array[stage_index(kind)]);
    HSMaxwellSlotMap {
        texture_handle_base: per_stage(&slots.texture_handle_base),
        storage_address_b: per_stage(&slots.storage_address_b),
        storage_stride_b: slots.storage_stride_b,
        uniform_cbuf_base: u32::from(slots.uniform_cbuf_base),
        driver_cbuf: u32::from(slots.driver_cbuf),
    }
}

fn hardware_cbuf(value: u32, arg: &str) -> CapiResult<u8> {
    if value < HARDWARE_CBUFS {
        Ok(value as u8)
    } else {
        Err(CapiError::argument(format!(
            "slot map {arg} is {value}; Maxwell's constant buffers are 0-{}",
            HARDWARE_CBUFS - 1
        )))
    }
}

fn from_c(map: &HSMaxwellSlotMap) -> CapiResult<SlotMap> {
    use shader_translate::maxwell::slots::stage_index;
    let mut slots = SlotMap::deko3d();
    for (c_index, kind) in slot_stage_order().into_iter().enumerate() {
        slots.texture_handle_base[stage_index(kind)] = map.texture_handle_base[c_index];
        slots.storage_address_b[stage_index(kind)] = map.storage_address_b[c_index];
        if !map.storage_address_b[c_index].is_multiple_of(4) {
            return Err(CapiError::argument(format!(
                "slot map storage_address_b[{c_index}] is {}, not a multiple of 4",
                map.storage_address_b[c_index]
            )));
        }
    }
    if map.storage_stride_b < 8 || !map.storage_stride_b.is_multiple_of(4) {
        return Err(CapiError::argument(format!(
            "slot map storage_stride_b is {}; an address takes 8 bytes, 4-aligned",
            map.storage_stride_b
        )));
    }
    slots.storage_stride_b = map.storage_stride_b;
    slots.uniform_cbuf_base = hardware_cbuf(map.uniform_cbuf_base, "uniform_cbuf_base")?;
    slots.driver_cbuf = hardware_cbuf(map.driver_cbuf, "driver_cbuf")?;
    Ok(slots)
}

/// Fills `slots` with deko3d's convention (what uam's code expects, the default).
#[no_mangle]
pub unsafe extern "C" fn hsMaxwellSlotMapSetDefaults(slots: *mut HSMaxwellSlotMap) -> HSresult {
    entry("hsMaxwellSlotMapSetDefaults", || {
        // SAFETY: the header's contract: a writable HSMaxwellSlotMap.
        unsafe { out_value(slots, "slots", to_c(&SlotMap::deko3d())) }
    })
}

fn program_type(stage: gpu::objects::Stage) -> ProgramType {
    use gpu::objects::Stage;
    match stage {
        Stage::Vertex => ProgramType::Vertex,
        Stage::TessControl => ProgramType::TessControl,
        Stage::TessEval => ProgramType::TessEval,
        Stage::Geometry => ProgramType::Geometry,
        Stage::Fragment => ProgramType::Fragment,
        Stage::Compute => ProgramType::Compute,
    }
}

fn compute_info(shader: &HSCompiledShaderData, index: usize) -> CapiResult<ComputeInfo> {
    if shader.block_dims.contains(&0) {
        return Err(CapiError::argument(format!(
            "shader {index}: a compute program's pieces need its workgroup size \
             (block_dims {:?})",
            shader.block_dims
        )));
    }
    Ok(ComputeInfo {
        block_dims: shader.block_dims,
        shared_mem_b: shader.shared_memory_b,
        local_pos_mem_b: 0,
        local_neg_mem_b: 0,
        // uam's (and deko3d's) call/return stack for compute.
        crs_b: 0x800,
        num_barriers: 0,
    })
}

fn translate(
    translator: &shader_translate::Translator,
    slots: &SlotMap,
    index: usize,
    shader: &HSCompiledShaderData,
) -> CapiResult<ShaderModule> {
    let stage: gpu::objects::Stage = coded(shader.stage, "stage")?;
    let kind = program_type(stage);
    let name = format!("capi-maxwell-{index}-{stage:?}");
    let refused = |error: &dyn std::fmt::Display| {
        CapiError::Refused(format!("shader {index} ({stage:?}): {error}"))
    };
    // SAFETY: the header's contract: `size_b` readable bytes at `data`.
    let data = unsafe { bytes_in(shader.data, shader.size_b, "shader data") }?;
    let program = match shader.code {
        HS_COMPILED_CODE_DKSH => {
            let module_stage = shader_translate::maxwell::translate::dksh_stage(data)
                .map_err(|error| refused(&error))?;
            if module_stage != translate_stage(stage) {
                return Err(CapiError::argument(format!(
                    "shader {index}: the DKSH module holds a {module_stage:?} program, \
                     given as stage {stage:?}"
                )));
            }
            Program::from_dksh(data)
        }
        HS_COMPILED_CODE_PARTS => {
            // SAFETY: as `data`, for the SPH and constant buffer 1.
            let sph = unsafe { bytes_in(shader.sph, shader.sph_size_b, "sph") }?;
            // SAFETY: as above.
            let constbuf1 =
                unsafe { bytes_in(shader.constbuf1, shader.constbuf1_size_b, "constbuf1") }?;
            let compute = match kind {
                ProgramType::Compute => Some(compute_info(shader, index)?),
                _ => None,
            };
            Program::from_parts(&ProgramParts {
                kind,
                sph: (!sph.is_empty()).then_some(sph),
                code: data,
                constbuf1,
                compute,
            })
        }
        other => {
            return Err(CapiError::argument(format!(
                "shader {index}: code {other} is neither HS_COMPILED_CODE_DKSH nor \
                 HS_COMPILED_CODE_PARTS"
            )))
        }
    }
    .map_err(|error| refused(&error))?;
    // A geometry program's input primitive is the draw's topology: one translation per
    // input class, the draw's chosen when its pipeline is made.
    if kind == ProgramType::Geometry {
        let by_input = translator
            .translate_geometry_per_input(&name, &program, slots)
            .map_err(|error| refused(&error))?;
        return Ok(ShaderModule::geometry_per_input(&by_input));
    }
    let translated = translator
        .translate_compiled(&name, &program, slots, None)
        .map_err(|error| refused(&error))?;
    Ok(ShaderModule::from(&translated))
}

/// Gives the program its shaders from compiled Maxwell code, one a stage, translated for
/// the host with `slots` (NULL: deko3d's convention). A binary that cannot be read or
/// translated fails with HS_ERROR_REFUSED and a message naming the shader, the byte
/// offset and the word. Set again, the program's old shaders are finalized, as with
/// hsProgramSetShaders.
#[no_mangle]
pub unsafe extern "C" fn hsProgramSetCompiledShaders(
    program: *const HSProgram,
    count: u32,
    shaders: *const HSCompiledShaderData,
    slots: *const HSMaxwellSlotMap,
) -> HSresult {
    entry("hsProgramSetCompiledShaders", || {
        // SAFETY: the header's contract for objects.
        let state = unsafe { resolve(program, "program") }?;
        // SAFETY: the header's contract for arrays: `count` structs at `shaders`.
        let shaders = unsafe { check_array(shaders, count, "shaders") }?;
        if shaders.is_empty() {
            return Err(CapiError::argument("a program needs at least one shader"));
        }
        let slots = if slots.is_null() {
            SlotMap::deko3d()
        } else {
            // SAFETY: a non-NULL `slots` points to a slot map.
            from_c(unsafe { check_struct(slots, "slots") }?)?
        };
        let modules = {
            let translator = state.device.translator.lock();
            shaders
                .iter()
                .enumerate()
                .map(|(index, shader)| translate(&translator, &slots, index, shader))
                .collect::<CapiResult<Vec<_>>>()?
        };
        install(&state, modules)
    })
}
