//! Ids and object makers in a recording.

use crate::ids::*;
use crate::objects::*;

use super::wire::{put_flags, take_flags, wire_struct, Malformed, Wire, WireReader};

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
wire_struct!(ShaderModule {
    stage,
    spirv_words,
    reflection,
    geometry_inputs
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
