//! Programs from a game's compiled Maxwell shaders: per stage, a DKSH module (what uam and
//! deko3d write) or the raw pieces a port may hold instead (the 80-byte shader program
//! header, the instruction stream, constant buffer 1), translated to host SPIR-V when set.
//! Where the code's constant buffers and texture handles land as NVN slots is an
//! `HSMaxwellSlotMap`, deko3d's convention unless the port gives its game's; the format of
//! each image slot (which the code does not carry) an `HSMaxwellImageFormats`.

use std::ffi::c_void;

use gpu::objects::ShaderModule;
use shader_translate::maxwell::compiled_source::{CompiledCode, CompiledSource};
use shader_translate::maxwell::dksh::{ComputeInfo, ProgramType};
use shader_translate::maxwell::image_format::ImageFormat;
use shader_translate::maxwell::slots::{SlotMap, IMAGE_SLOTS};
use shader_translate::maxwell::translate::{stage_of, MaxwellError};

use crate::builder::{check_array, check_struct, coded, out_value};
use crate::formats::{format, HSformat, HS_FORMAT_NONE};
use crate::guard::entry;
use crate::objects::{resolve, HSProgram};
use crate::pool::bytes_in;
use crate::program::{install, HSshaderStage};
use crate::result::{CapiError, CapiResult, HSresult};

/// A shader program header's size (NVN's SPH is 0x50 bytes; more is refused unread).
const MAX_SPH_B: u64 = shader_translate::maxwell::sph::SPH_SIZE_B as u64;
/// Constant buffer 1 is one uniform buffer: NVN's uniform buffers are at most 64 KiB.
const MAX_CONSTBUF1_B: u64 = 64 << 10;

/// How an `HSCompiledShaderData` holds its program.
pub type HScompiledCode = u32;
/// A DKSH module holding one program (`data`, `size_b`); its program type must be `stage`.
pub const HS_COMPILED_CODE_DKSH: HScompiledCode = 1;
/// The program's pieces: `sph` (80 bytes; NULL for compute), `data`/`size_b` the
/// instruction stream (32-byte bundles, scheduling words included, from the first bundle
/// after the SPH), `constbuf1` (the compiler constant buffer, hardware c1; may be empty)
/// and, for compute, `block_dims` and `shared_memory_b`; for tess evaluation,
/// `tessellator_mode`.
pub const HS_COMPILED_CODE_PARTS: HScompiledCode = 2;

/// Set in `HSCompiledShaderData::tessellator_mode` to say the mode is given (zero, the
/// unused field, is none: a tess-evaluation program's pieces without it are refused).
pub const HS_TESSELLATOR_MODE_GIVEN: u32 = 0x8000_0000;

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
    /// Tess-evaluation pieces: `HS_TESSELLATOR_MODE_GIVEN` | the tessellator mode the
    /// DKSH program header would hold (its `param_c8`: bits 0-1 the domain, 0 isolines,
    /// 1 triangles, 2 quads; bits 4-5 the spacing, 0 equal, 1 fractional odd, 2
    /// fractional even; bit 8 clockwise; bit 9 connected triangles, neither of 8-9 point
    /// mode). Zero for every other stage and form.
    pub tessellator_mode: u32,
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

/// The format of each image slot of a compiled program, per stage (indexed by
/// HSshaderStage) and NVN image slot (0-7): one of HS_FORMAT_R32UI, R32I, R32F, RGBA8,
/// RGBA8SN, RGBA8UI, RGBA8I, RGBA16F, RGBA16UI, RGBA16I, RGBA32F, RGBA32UI, RGBA32I, or
/// HS_FORMAT_NONE (not stated: r32ui, and a signed image min/max whose slot uam's
/// encoding leaves in doubt is not taken to be there).
#[repr(C)]
#[derive(Clone, Copy)]
pub struct HSMaxwellImageFormats {
    pub formats: [[HSformat; 8]; 6],
}

// The table's 8 is NVN's image slot count.
const _: () = assert!(IMAGE_SLOTS == 8);

/// The image format HSformat `value` names, for stage `c_stage` slot `slot`.
fn image_format(value: HSformat, c_stage: usize, slot: usize) -> CapiResult<Option<ImageFormat>> {
    if value == HS_FORMAT_NONE {
        return Ok(None);
    }
    // Hookshot's names are GLSL's but for the signed normalized one.
    let named = format(value).map(|f| match f.name() {
        "rgba8sn" => "rgba8_snorm",
        name => name,
    });
    named
        .and_then(ImageFormat::from_name)
        .map(Some)
        .ok_or_else(|| {
            CapiError::argument(format!(
                "image formats [{c_stage}][{slot}] is {value} ({}), not a storage image \
                 format compiled programs take (r32ui, r32i, r32f, rgba8, rgba8sn, rgba8ui, \
                 rgba8i, rgba16f, rgba16ui, rgba16i, rgba32f, rgba32ui, rgba32i)",
                format(value).map_or("no format", |f| f.name())
            ))
        })
}

/// `formats` into `slots`' image format table.
fn image_formats_from_c(formats: &HSMaxwellImageFormats, slots: &mut SlotMap) -> CapiResult<()> {
    use shader_translate::maxwell::slots::stage_index;
    for (c_stage, kind) in slot_stage_order().into_iter().enumerate() {
        for (slot, &value) in formats.formats[c_stage].iter().enumerate() {
            slots.image_formats[stage_index(kind)][slot] = image_format(value, c_stage, slot)?;
        }
    }
    Ok(())
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

/// The tessellator mode of `shader`'s pieces: `None` when not given (zero), the mode
/// when `HS_TESSELLATOR_MODE_GIVEN` is set (whether the stage takes one is the
/// translator's to say).
fn tess_mode(shader: &HSCompiledShaderData, index: usize) -> CapiResult<Option<u32>> {
    match shader.tessellator_mode {
        0 => Ok(None),
        mode if mode & HS_TESSELLATOR_MODE_GIVEN != 0 => {
            Ok(Some(mode & !HS_TESSELLATOR_MODE_GIVEN))
        }
        mode => Err(CapiError::argument(format!(
            "shader {index}: tessellator_mode {mode:#x} lacks HS_TESSELLATOR_MODE_GIVEN"
        ))),
    }
}

fn translate(
    translator: &shader_translate::Translator,
    slots: &SlotMap,
    index: usize,
    shader: &HSCompiledShaderData,
) -> CapiResult<ShaderModule> {
    let stage: gpu::objects::Stage = coded(shader.stage, "stage")?;
    let kind = program_type(stage);
    let refused = |error: &dyn std::fmt::Display| {
        CapiError::Refused(format!("shader {index} ({stage:?}): {error}"))
    };
    // SAFETY: the header's contract: `size_b` readable bytes at `data`.
    let data = unsafe {
        bytes_in(
            shader.data,
            shader.size_b,
            shader_translate::limits::MAX_SHADER_BINARY_B as u64,
            "shader data",
        )
    }?;
    let code = match shader.code {
        HS_COMPILED_CODE_DKSH => {
            if shader.tessellator_mode != 0 {
                return Err(CapiError::argument(format!(
                    "shader {index}: a DKSH module holds its tessellator mode; \
                     tessellator_mode must be zero"
                )));
            }
            CompiledCode::Dksh(data.to_vec())
        }
        HS_COMPILED_CODE_PARTS => {
            // SAFETY: as `data`, for the SPH and constant buffer 1.
            let sph = unsafe { bytes_in(shader.sph, shader.sph_size_b, MAX_SPH_B, "sph") }?;
            // SAFETY: as above.
            let constbuf1 = unsafe {
                bytes_in(
                    shader.constbuf1,
                    shader.constbuf1_size_b,
                    MAX_CONSTBUF1_B,
                    "constbuf1",
                )
            }?;
            let compute = match kind {
                ProgramType::Compute => Some(compute_info(shader, index)?),
                _ => None,
            };
            CompiledCode::Parts {
                sph: (!sph.is_empty()).then(|| sph.to_vec()),
                code: data.to_vec(),
                constbuf1: constbuf1.to_vec(),
                compute,
                tess_mode: tess_mode(shader, index)?,
            }
        }
        other => {
            return Err(CapiError::argument(format!(
                "shader {index}: code {other} is neither HS_COMPILED_CODE_DKSH nor \
                 HS_COMPILED_CODE_PARTS"
            )))
        }
    };
    let source = CompiledSource {
        name: format!("capi-maxwell-{index}-{stage:?}"),
        kind,
        code,
        slots: slots.clone(),
    };
    // Keyed by the code in the shader cache: a warm cache (`hookshot warm`) decodes
    // nothing. A geometry program is translated for every input class, its draws'
    // topology picking one when the pipeline is made.
    let translated =
        translator
            .translate_compiled_source(&source)
            .map_err(|error| match error {
                MaxwellError::Kind(mismatch) => CapiError::argument(format!(
                "shader {index}: the DKSH module holds a {:?} program, given as stage {stage:?}",
                stage_of(mismatch.held)
            )),
                error => refused(&error),
            })?;
    Ok(ShaderModule::compiled_from(source, &translated))
}

/// Gives the program its shaders from compiled Maxwell code, one a stage, translated for
/// the host with `slots` (NULL: deko3d's convention). A binary that cannot be read or
/// translated fails with HS_ERROR_REFUSED and a message naming the shader, the byte
/// offset and the word; one computing in double precision on a device without
/// shaderFloat64 (MoltenVK) with HS_ERROR_REFUSED naming its first double instruction.
/// Set again, the program's old shaders are finalized, as with hsProgramSetShaders.
/// Every image slot is taken as r32ui
/// (hsProgramSetCompiledShadersWithImageFormats states others).
#[no_mangle]
pub unsafe extern "C" fn hsProgramSetCompiledShaders(
    program: *const HSProgram,
    count: u32,
    shaders: *const HSCompiledShaderData,
    slots: *const HSMaxwellSlotMap,
) -> HSresult {
    entry("hsProgramSetCompiledShaders", || {
        // SAFETY: passed on under the same contract.
        unsafe { set_compiled_shaders(program, count, shaders, slots, std::ptr::null()) }
    })
}

/// As hsProgramSetCompiledShaders, with each image slot's format from `image_formats`
/// (NULL: none stated, every slot r32ui). An image access the slot's format does not
/// allow (a raw load of another width, a float image add) fails with
/// HS_ERROR_REFUSED naming the shader, the offset, the slot and its format; a format
/// that is not one of the storage formats listed at HSMaxwellImageFormats with
/// HS_ERROR_INVALID_ARGUMENT.
#[no_mangle]
pub unsafe extern "C" fn hsProgramSetCompiledShadersWithImageFormats(
    program: *const HSProgram,
    count: u32,
    shaders: *const HSCompiledShaderData,
    slots: *const HSMaxwellSlotMap,
    image_formats: *const HSMaxwellImageFormats,
) -> HSresult {
    entry("hsProgramSetCompiledShadersWithImageFormats", || {
        // SAFETY: passed on under the same contract.
        unsafe { set_compiled_shaders(program, count, shaders, slots, image_formats) }
    })
}

/// # Safety
/// The header's contract for hsProgramSetCompiledShadersWithImageFormats.
unsafe fn set_compiled_shaders(
    program: *const HSProgram,
    count: u32,
    shaders: *const HSCompiledShaderData,
    slots: *const HSMaxwellSlotMap,
    image_formats: *const HSMaxwellImageFormats,
) -> CapiResult<()> {
    // SAFETY: the header's contract for objects.
    let state = unsafe { resolve(program, "program") }?;
    // SAFETY: the header's contract for arrays: `count` structs at `shaders`.
    let shaders = unsafe {
        check_array(
            shaders,
            count,
            crate::program::MAX_PROGRAM_STAGES,
            "shaders",
        )
    }?;
    if shaders.is_empty() {
        return Err(CapiError::argument("a program needs at least one shader"));
    }
    let mut slots = if slots.is_null() {
        SlotMap::deko3d()
    } else {
        // SAFETY: a non-NULL `slots` points to a slot map.
        from_c(unsafe { check_struct(slots, "slots") }?)?
    };
    if !image_formats.is_null() {
        // SAFETY: a non-NULL `image_formats` points to an image format table.
        let formats = unsafe { check_struct(image_formats, "image_formats") }?;
        image_formats_from_c(formats, &mut slots)?;
    }
    let modules = {
        let translator = state.device.translator.lock();
        shaders
            .iter()
            .enumerate()
            .map(|(index, shader)| translate(&translator, &slots, index, shader))
            .collect::<CapiResult<Vec<_>>>()?
    };
    install(&state, modules)
}
