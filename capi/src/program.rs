//! Programs: one shader a stage, given as NVN-model GLSL or SPIR-V, translated and
//! validated when set (the Maxwell binaries come with their own issue).

use std::ffi::c_void;

use gpu::objects::{ProgramMaker, ShaderModule};
use shader_translate::{ShaderCode, ShaderSource};

use crate::builder::{check_array, coded};
use crate::guard::entry;
use crate::objects::{initialize_from_device, resolve, retire, HSDevice, HSProgram};
use crate::pool::bytes_in;
use crate::result::{CapiError, CapiResult, HSresult};
use crate::state::{DeviceRef, ProgramState};

/// The most shaders one program takes: one a stage (vertex, two tessellation, geometry,
/// fragment; or one compute).
pub(crate) const MAX_PROGRAM_STAGES: usize = 5;

pub type HSshaderStage = u32;
pub const HS_SHADER_STAGE_VERTEX: HSshaderStage = 0;
pub const HS_SHADER_STAGE_TESS_CONTROL: HSshaderStage = 1;
pub const HS_SHADER_STAGE_TESS_EVALUATION: HSshaderStage = 2;
pub const HS_SHADER_STAGE_GEOMETRY: HSshaderStage = 3;
pub const HS_SHADER_STAGE_FRAGMENT: HSshaderStage = 4;
pub const HS_SHADER_STAGE_COMPUTE: HSshaderStage = 5;

/// What a shader's bytes are.
pub type HSshaderCode = u32;
/// GLSL 4.50 text in NVN's binding model (`size_b` bytes, no NUL needed).
pub const HS_SHADER_CODE_GLSL: HSshaderCode = 1;
/// A SPIR-V module in NVN's binding model (descriptor set 0, binding = NVN slot).
pub const HS_SHADER_CODE_SPIRV: HSshaderCode = 2;

/// One stage's shader for `hsProgramSetShaders`.
#[repr(C)]
pub struct HSShaderData {
    pub stage: HSshaderStage,
    pub code: HSshaderCode,
    pub data: *const c_void,
    pub size_b: u64,
}

#[no_mangle]
pub unsafe extern "C" fn hsProgramInitialize(
    program: *mut HSProgram,
    device: *const HSDevice,
) -> HSresult {
    // SAFETY: the header's contract for objects.
    unsafe {
        initialize_from_device(
            "hsProgramInitialize",
            program,
            device,
            "program",
            |device| {
                Ok(ProgramState {
                    device: DeviceRef::new(device),
                    id: Default::default(),
                    miss_tags: Default::default(),
                })
            },
        )
    }
}

#[no_mangle]
pub unsafe extern "C" fn hsProgramFinalize(program: *mut HSProgram) -> HSresult {
    entry("hsProgramFinalize", || {
        // SAFETY: the header's contract for objects.
        let state = unsafe { retire(program, "program") }?;
        if let Some(id) = state.id.lock().take() {
            state.device.gpu.finalize(id)?;
        }
        Ok(())
    })
}

fn translate(
    translator: &shader_translate::Translator,
    index: usize,
    shader: &HSShaderData,
) -> CapiResult<ShaderModule> {
    let stage: gpu::objects::Stage = coded(shader.stage, "stage")?;
    // SAFETY: the header's contract: `size_b` readable bytes at `data`.
    let bytes = unsafe {
        bytes_in(
            shader.data,
            shader.size_b,
            shader_translate::limits::MAX_SHADER_BINARY_B as u64,
            "shader data",
        )
    }?;
    let code = match shader.code {
        HS_SHADER_CODE_GLSL => {
            ShaderCode::Glsl(String::from_utf8(bytes.to_vec()).map_err(|_| {
                CapiError::argument(format!("shader {index}: GLSL that is not UTF-8"))
            })?)
        }
        HS_SHADER_CODE_SPIRV => ShaderCode::Spirv(
            shader_translate::spirv_words_from_bytes(bytes)
                .map_err(|error| CapiError::argument(format!("shader {index}: {error}")))?,
        ),
        other => {
            return Err(CapiError::argument(format!(
                "shader {index}: code {other} is neither GLSL nor SPIR-V"
            )))
        }
    };
    let source = ShaderSource {
        name: format!("capi-shader-{index}-{stage:?}"),
        stage: translate_stage(stage),
        code,
    };
    let translated = translator
        .translate(&source)
        .map_err(|error| CapiError::Refused(format!("shader {index} ({stage:?}): {error}")))?;
    Ok(ShaderModule::translated_from(source, &translated))
}

pub(crate) fn translate_stage(stage: gpu::objects::Stage) -> shader_translate::Stage {
    use gpu::objects::Stage;
    match stage {
        Stage::Vertex => shader_translate::Stage::Vertex,
        Stage::TessControl => shader_translate::Stage::TessControl,
        Stage::TessEval => shader_translate::Stage::TessEval,
        Stage::Geometry => shader_translate::Stage::Geometry,
        Stage::Fragment => shader_translate::Stage::Fragment,
        Stage::Compute => shader_translate::Stage::Compute,
    }
}

/// Gives the program its shaders, one a stage. Set again, the program's old shaders are
/// finalized: lists recorded with them are refused at submit.
#[no_mangle]
pub unsafe extern "C" fn hsProgramSetShaders(
    program: *const HSProgram,
    count: u32,
    shaders: *const HSShaderData,
) -> HSresult {
    entry("hsProgramSetShaders", || {
        // SAFETY: the header's contract for objects and arrays.
        let state = unsafe { resolve(program, "program") }?;
        let shaders = unsafe { check_array(shaders, count, MAX_PROGRAM_STAGES, "shaders") }?;
        if shaders.is_empty() {
            return Err(CapiError::argument("a program needs at least one shader"));
        }
        let modules = {
            let translator = state.device.translator.lock();
            shaders
                .iter()
                .enumerate()
                .map(|(index, shader)| translate(&translator, index, shader))
                .collect::<CapiResult<Vec<_>>>()?
        };
        install(&state, modules)
    })
}

/// Makes the program of `modules` and gives it to `state`, finalizing its old one.
pub(crate) fn install(state: &ProgramState, modules: Vec<ShaderModule>) -> CapiResult<()> {
    let mut tags = [None; 6];
    for module in &modules {
        let tag = match &module.source {
            Some(gpu::objects::ModuleSource::Shader(source)) => {
                shader_translate::program_tag(source)
            }
            _ => shader_translate::COMPILED_PROGRAM_TAG,
        };
        tags[module.stage as usize] = Some(tag);
    }
    let id = state.device.gpu.create_program(&ProgramMaker { modules })?;
    *state.miss_tags.lock() = tags;
    if let Some(old) = state.id.lock().replace(id) {
        state.device.gpu.finalize(old)?;
    }
    Ok(())
}

/// Gives the tag that `stage`'s shader leaves beside an address it missed
/// (`HSDeviceStats.last_raw_pointer_miss_program`): a hash of the shader's GLSL or
/// SPIR-V, or 0 for compiled Maxwell code. `HS_ERROR_INVALID_ARGUMENT` when the program
/// has no shader for `stage`.
#[no_mangle]
pub unsafe extern "C" fn hsProgramGetMissTag(
    program: *const HSProgram,
    stage: HSshaderStage,
    tag: *mut u32,
) -> HSresult {
    entry("hsProgramGetMissTag", || {
        crate::builder::check_out(tag, "tag")?;
        // SAFETY: the header's contract for objects.
        let state = unsafe { resolve(program, "program") }?;
        let found = state
            .miss_tags
            .lock()
            .get(stage as usize)
            .copied()
            .flatten();
        let found = found.ok_or_else(|| {
            CapiError::argument(format!("the program has no shader for stage {stage}"))
        })?;
        // SAFETY: checked by out_value.
        unsafe { crate::builder::out_value(tag, "tag", found) }
    })
}
