//! Ids and object makers in a recording.

use crate::ids::*;
use crate::objects::*;

use shader_translate::maxwell::translate::stage_of;
use shader_translate::{ShaderCode, ShaderSource};

use super::wire::{
    put_bytes, put_flags, take_bytes, take_flags, wire_struct, Malformed, Wire, WireReader,
};

macro_rules! wire_id {
    ($($id:ident),*) => {$(
        impl Wire for $id {
            const MIN_B: usize = 4;
            fn put(&self, out: &mut Vec<u8>) {
                self.raw().put(out);
            }
            fn take(reader: &mut WireReader<'_>) -> Result<Self, Malformed> {
                let raw = u32::take(reader)?;
                $id::from_raw(raw).ok_or_else(|| reader.fail(stringify!($id)))
            }
        }
    )*};
}

wire_id!(
    PoolId,
    TextureId,
    ViewId,
    SamplerId,
    TextureTableId,
    SamplerTableId,
    BufferId,
    ProgramId,
    SyncId,
    WindowId,
    CommandListId
);

impl Wire for ObjectRef {
    const MIN_B: usize = 5;
    fn put(&self, out: &mut Vec<u8>) {
        out.push(self.kind_code());
        self.raw().put(out);
    }
    fn take(reader: &mut WireReader<'_>) -> Result<Self, Malformed> {
        let kind_code = u8::take(reader)?;
        let raw = u32::take(reader)?;
        ObjectRef::from_parts(kind_code, raw).ok_or_else(|| reader.fail("object reference"))
    }
}

macro_rules! wire_flags {
    ($($flags:ty),*) => {$(
        impl Wire for $flags {
            const MIN_B: usize = 4;
            fn put(&self, out: &mut Vec<u8>) {
                put_flags(*self, out);
            }
            fn take(reader: &mut WireReader<'_>) -> Result<Self, Malformed> {
                take_flags(reader)
            }
        }
    )*};
}

wire_flags!(
    TextureFlags,
    BufferUsage,
    StageMask,
    crate::command::BarrierOrder,
    crate::command::Invalidate
);

wire_struct!(PoolMaker { size_b, flags });
wire_struct!(TextureBuilder { desc, flags });
wire_struct!(ViewMaker {
    texture,
    base_level,
    level_count,
    base_layer,
    layer_count,
    format,
    kind,
    swizzle,
    depth_stencil_mode,
});
wire_struct!(SamplerMaker {
    min_filter,
    mag_filter,
    mip_filter,
    wrap,
    min_lod,
    max_lod,
    lod_bias,
    compare,
    max_anisotropy,
    border_color,
});
wire_struct!(BufferMaker {
    pool,
    offset_b,
    size_b,
    usage
});
wire_struct!(BufferRange {
    buffer,
    offset_b,
    size_b
});
wire_struct!(StageReflection {
    uniform_slots,
    texture_slots,
    image_slots,
    storage_slots,
    push_constants_b,
    workgroup_size,
    input_locations,
    output_locations,
});
/// A module's source: its name's UTF-8 bytes, its stage, then the code: 0 and GLSL's
/// UTF-8 bytes, 1 and a kernel's, 2 and SPIR-V words; a compiled Maxwell program is 3 and
/// its DKSH module, or 4 and its pieces (the SPH if any, the code, constant buffer 1, the
/// compute part and the tessellator mode if any), either followed by its slot map. Every
/// length is checked against the bytes left before anything is allocated.
impl Wire for ModuleSource {
    const MIN_B: usize = 10;
    fn put(&self, out: &mut Vec<u8>) {
        match self {
            ModuleSource::Shader(source) => {
                put_bytes(source.name.as_bytes(), out);
                Stage::from(source.stage).put(out);
                match &source.code {
                    ShaderCode::Glsl(text) => {
                        0u8.put(out);
                        put_bytes(text.as_bytes(), out);
                    }
                    ShaderCode::KernelGlsl(text) => {
                        1u8.put(out);
                        put_bytes(text.as_bytes(), out);
                    }
                    ShaderCode::Spirv(words) => {
                        2u8.put(out);
                        words.put(out);
                    }
                }
            }
            ModuleSource::Compiled(source) => {
                put_bytes(source.name.as_bytes(), out);
                Stage::from(stage_of(source.kind)).put(out);
                super::codec_compiled::put_compiled(source, out);
            }
        }
    }
    fn take(reader: &mut WireReader<'_>) -> Result<Self, Malformed> {
        let name = take_text(reader, "shader source name (not UTF-8)")?;
        let stage = Stage::take(reader)?;
        let code = match u8::take(reader)? {
            0 => ShaderCode::Glsl(take_text(reader, "GLSL source (not UTF-8)")?),
            1 => ShaderCode::KernelGlsl(take_text(reader, "kernel source (not UTF-8)")?),
            2 => ShaderCode::Spirv(Vec::take(reader)?),
            kind @ (3 | 4) => {
                return super::codec_compiled::take_compiled(reader, name, stage, kind)
                    .map(ModuleSource::Compiled)
            }
            _ => return Err(reader.fail("shader code kind")),
        };
        Ok(ModuleSource::Shader(ShaderSource {
            name,
            stage: stage.into(),
            code,
        }))
    }
}

pub(super) fn take_text(
    reader: &mut WireReader<'_>,
    what: &'static str,
) -> Result<String, Malformed> {
    let bytes = take_bytes(reader)?;
    match std::str::from_utf8(bytes) {
        Ok(text) => Ok(text.to_owned()),
        Err(_) => Err(reader.fail(what)),
    }
}

wire_struct!(ShaderModule {
    stage,
    spirv_words,
    reflection,
    geometry_inputs,
    source
});
wire_struct!(ProgramMaker { modules });
wire_struct!(WindowMaker {
    textures,
    present_interval
});
wire_struct!(TextureHandle {
    texture_slot,
    sampler_slot
});
wire_struct!(ImageHandle { texture_slot });
wire_struct!(TextureEntry { view, kind });
