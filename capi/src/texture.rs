//! Textures and texture views. A texture is a layout at (pool, offset); its size and
//! alignment come from the builder alone (`hsTextureBuilderGetStorageSize`), so a port
//! places textures itself. A view (`HSTextureView`) is a plain struct, as in NVN; the
//! Hookshot view behind each distinct selection is made once and ends with the texture.

use gpu::objects::{Swizzle, TextureBuilder, TextureFlags, ViewMaker};
use gpu::{FlagSet, ViewId};
use memory::{LayoutDesc, TextureKind, Tiling};

use crate::builder::{
    check_builder, check_builder_pointer, check_struct, coded, out_value, set_field, BUILDER_MAGIC,
};
use crate::formats::{format, HSformat, HS_FORMAT_NONE};
use crate::guard::entry;
use crate::objects::{check_new, publish, resolve, retire, HSDevice, HSMemoryPool, HSTexture};
use crate::result::{CapiError, CapiResult, HSresult};
use crate::state::{DeviceRef, TextureState, ViewKey};

/// What a texture is: 1D, 2D, 3D, arrays, cubes.
pub type HStextureTarget = u32;
/// In a view: the texture's own target.
pub const HS_TEXTURE_TARGET_NONE: HStextureTarget = 0;
pub const HS_TEXTURE_TARGET_1D: HStextureTarget = 1;
pub const HS_TEXTURE_TARGET_2D: HStextureTarget = 2;
pub const HS_TEXTURE_TARGET_3D: HStextureTarget = 3;
pub const HS_TEXTURE_TARGET_1D_ARRAY: HStextureTarget = 4;
pub const HS_TEXTURE_TARGET_2D_ARRAY: HStextureTarget = 5;
pub const HS_TEXTURE_TARGET_2D_MULTISAMPLE: HStextureTarget = 6;
pub const HS_TEXTURE_TARGET_CUBE: HStextureTarget = 7;
pub const HS_TEXTURE_TARGET_CUBE_ARRAY: HStextureTarget = 8;
pub const HS_TEXTURE_TARGET_RECTANGLE: HStextureTarget = 9;
pub const HS_TEXTURE_TARGET_BUFFER: HStextureTarget = 10;

/// Texture flags: NVN's that change what Hookshot may do with the storage, and LINEAR.
pub type HStextureFlags = u32;
pub const HS_TEXTURE_FLAGS_DISPLAY: HStextureFlags = 0x1;
pub const HS_TEXTURE_FLAGS_VIDEO_DECODE: HStextureFlags = 0x2;
pub const HS_TEXTURE_FLAGS_IMAGE: HStextureFlags = 0x4;
pub const HS_TEXTURE_FLAGS_COMPRESSIBLE: HStextureFlags = 0x8;
pub const HS_TEXTURE_FLAGS_SPARSE: HStextureFlags = 0x10;
pub const HS_TEXTURE_FLAGS_LINEAR_RENDER_TARGET: HStextureFlags = 0x20;
/// Pitch-linear storage (one level, one layer) instead of block-linear.
pub const HS_TEXTURE_FLAGS_LINEAR: HStextureFlags = 0x100;

/// Where a view's component comes from.
/// `HS_DEPTH_STENCIL_MODE_*`: in the order of `gpu::objects::DepthStencilMode`.
pub type HSdepthStencilMode = u32;
pub const HS_DEPTH_STENCIL_MODE_DEPTH: HSdepthStencilMode = 0;
pub const HS_DEPTH_STENCIL_MODE_STENCIL: HSdepthStencilMode = 1;

pub type HSswizzle = u32;
pub const HS_SWIZZLE_ZERO: HSswizzle = 0;
pub const HS_SWIZZLE_ONE: HSswizzle = 1;
pub const HS_SWIZZLE_R: HSswizzle = 2;
pub const HS_SWIZZLE_G: HSswizzle = 3;
pub const HS_SWIZZLE_B: HSswizzle = 4;
pub const HS_SWIZZLE_A: HSswizzle = 5;

#[repr(C)]
pub struct HSTextureBuilder {
    /// Set by its SetDefaults function; a struct without it is refused.
    pub magic: u32,
    /// Default `HS_TEXTURE_TARGET_2D`.
    pub target: HStextureTarget,
    pub format: HSformat,
    pub flags: HStextureFlags,
    pub width_px: u32,
    pub height_px: u32,
    /// Slices of a 3D texture, layers of an array (faces of a cube array: 6 a cube); 1
    /// otherwise.
    pub depth: u32,
    pub levels: u32,
    pub samples: u32,
    /// Block height in GOBs (1, 2, 4, 8, 16, 32); 0 picks it from the height.
    pub block_height_gobs: u32,
    pub device: *const HSDevice,
    pub pool: *const HSMemoryPool,
    pub offset_b: u64,
}

/// A selection of a texture: levels, layers, format, target, swizzle. Plain data, used
/// where a texture is bound (render targets, texture pool registrations).
#[repr(C)]
pub struct HSTextureView {
    /// Set by its SetDefaults function; a struct without it is refused.
    pub magic: u32,
    pub base_level: u32,
    /// 0: every level from `base_level` on.
    pub level_count: u32,
    pub base_layer: u32,
    /// 0: every layer from `base_layer` on.
    pub layer_count: u32,
    /// `HS_FORMAT_NONE`: the texture's (another of the same element size otherwise).
    pub format: HSformat,
    /// `HS_TEXTURE_TARGET_NONE`: the texture's.
    pub target: HStextureTarget,
    pub swizzle: [HSswizzle; 4],
    /// What a shader samples of a depth/stencil texture: `HS_DEPTH_STENCIL_MODE_DEPTH`
    /// (the default) or `HS_DEPTH_STENCIL_MODE_STENCIL` (as an unsigned integer texture,
    /// `usampler*`).
    pub depth_stencil_mode: HSdepthStencilMode,
}

pub(crate) fn texture_kind(target: HStextureTarget) -> Option<TextureKind> {
    Some(match target {
        HS_TEXTURE_TARGET_1D => TextureKind::D1,
        HS_TEXTURE_TARGET_2D => TextureKind::D2,
        HS_TEXTURE_TARGET_3D => TextureKind::D3,
        HS_TEXTURE_TARGET_1D_ARRAY => TextureKind::D1Array,
        HS_TEXTURE_TARGET_2D_ARRAY => TextureKind::D2Array,
        HS_TEXTURE_TARGET_2D_MULTISAMPLE => TextureKind::D2Multisample,
        HS_TEXTURE_TARGET_CUBE => TextureKind::Cube,
        HS_TEXTURE_TARGET_CUBE_ARRAY => TextureKind::CubeArray,
        HS_TEXTURE_TARGET_RECTANGLE => TextureKind::Rectangle,
        HS_TEXTURE_TARGET_BUFFER => TextureKind::Buffer,
        _ => return None,
    })
}

#[no_mangle]
pub unsafe extern "C" fn hsTextureBuilderSetDefaults(builder: *mut HSTextureBuilder) -> HSresult {
    entry("hsTextureBuilderSetDefaults", || {
        check_builder_pointer(builder.cast_const())?;
        // SAFETY: checked non-null and aligned; the caller owns the builder.
        unsafe {
            builder.write(HSTextureBuilder {
                magic: BUILDER_MAGIC,
                target: HS_TEXTURE_TARGET_2D,
                format: HS_FORMAT_NONE,
                flags: 0,
                width_px: 0,
                height_px: 0,
                depth: 1,
                levels: 1,
                samples: 1,
                block_height_gobs: 0,
                device: std::ptr::null(),
                pool: std::ptr::null(),
                offset_b: 0,
            })
        };
        Ok(())
    })
}

#[no_mangle]
pub unsafe extern "C" fn hsTextureBuilderSetDevice(
    builder: *mut HSTextureBuilder,
    device: *const HSDevice,
) -> HSresult {
    // SAFETY: the header's contract for builders.
    unsafe {
        set_field("hsTextureBuilderSetDevice", builder, |b| {
            b.device = device;
        })
    }
}
#[no_mangle]
pub unsafe extern "C" fn hsTextureBuilderSetTarget(
    builder: *mut HSTextureBuilder,
    target: HStextureTarget,
) -> HSresult {
    // SAFETY: the header's contract for builders.
    unsafe {
        set_field("hsTextureBuilderSetTarget", builder, |b| {
            b.target = target;
        })
    }
}
#[no_mangle]
pub unsafe extern "C" fn hsTextureBuilderSetFormat(
    builder: *mut HSTextureBuilder,
    format: HSformat,
) -> HSresult {
    // SAFETY: the header's contract for builders.
    unsafe {
        set_field("hsTextureBuilderSetFormat", builder, |b| {
            b.format = format;
        })
    }
}
#[no_mangle]
pub unsafe extern "C" fn hsTextureBuilderSetFlags(
    builder: *mut HSTextureBuilder,
    flags: HStextureFlags,
) -> HSresult {
    // SAFETY: the header's contract for builders.
    unsafe {
        set_field("hsTextureBuilderSetFlags", builder, |b| {
            b.flags = flags;
        })
    }
}
#[no_mangle]
pub unsafe extern "C" fn hsTextureBuilderSetSize2D(
    builder: *mut HSTextureBuilder,
    width_px: u32,
    height_px: u32,
) -> HSresult {
    // SAFETY: the header's contract for builders.
    unsafe {
        set_field("hsTextureBuilderSetSize2D", builder, |b| {
            b.width_px = width_px;
            b.height_px = height_px;
            b.depth = 1;
        })
    }
}
#[no_mangle]
pub unsafe extern "C" fn hsTextureBuilderSetSize3D(
    builder: *mut HSTextureBuilder,
    width_px: u32,
    height_px: u32,
    depth: u32,
) -> HSresult {
    // SAFETY: the header's contract for builders.
    unsafe {
        set_field("hsTextureBuilderSetSize3D", builder, |b| {
            b.width_px = width_px;
            b.height_px = height_px;
            b.depth = depth;
        })
    }
}
#[no_mangle]
pub unsafe extern "C" fn hsTextureBuilderSetLevels(
    builder: *mut HSTextureBuilder,
    levels: u32,
) -> HSresult {
    // SAFETY: the header's contract for builders.
    unsafe {
        set_field("hsTextureBuilderSetLevels", builder, |b| {
            b.levels = levels;
        })
    }
}
#[no_mangle]
pub unsafe extern "C" fn hsTextureBuilderSetSamples(
    builder: *mut HSTextureBuilder,
    samples: u32,
) -> HSresult {
    // SAFETY: the header's contract for builders.
    unsafe {
        set_field("hsTextureBuilderSetSamples", builder, |b| {
            b.samples = samples;
        })
    }
}
#[no_mangle]
pub unsafe extern "C" fn hsTextureBuilderSetBlockHeight(
    builder: *mut HSTextureBuilder,
    block_height_gobs: u32,
) -> HSresult {
    // SAFETY: the header's contract for builders.
    unsafe {
        set_field("hsTextureBuilderSetBlockHeight", builder, |b| {
            b.block_height_gobs = block_height_gobs;
        })
    }
}
#[no_mangle]
pub unsafe extern "C" fn hsTextureBuilderSetStorage(
    builder: *mut HSTextureBuilder,
    pool: *const HSMemoryPool,
    offset_b: u64,
) -> HSresult {
    // SAFETY: the header's contract for builders.
    unsafe {
        set_field("hsTextureBuilderSetStorage", builder, |b| {
            b.pool = pool;
            b.offset_b = offset_b;
        })
    }
}

/// The builder's fields as `gpu`'s builder; every field checked.
fn texture_builder(builder: &HSTextureBuilder) -> CapiResult<TextureBuilder> {
    let kind = texture_kind(builder.target).ok_or_else(|| {
        CapiError::argument(format!("target {} is no texture target", builder.target))
    })?;
    let texel_format = format(builder.format)
        .ok_or_else(|| CapiError::argument(format!("format {} is no format", builder.format)))?;
    let linear = builder.flags & HS_TEXTURE_FLAGS_LINEAR != 0;
    let flags =
        TextureFlags::from_bits(builder.flags & !HS_TEXTURE_FLAGS_LINEAR).ok_or_else(|| {
            CapiError::argument(format!(
                "flags {:#x} has bits that are no texture flag",
                builder.flags
            ))
        })?;
    let tiling = if linear {
        Tiling::PitchLinear
    } else {
        Tiling::BlockLinear {
            block_height_gobs: (builder.block_height_gobs != 0)
                .then_some(builder.block_height_gobs),
        }
    };
    let (depth_px, layers) = match kind {
        TextureKind::D3 => (builder.depth, 1),
        TextureKind::D1Array | TextureKind::D2Array => (1, builder.depth),
        TextureKind::CubeArray => {
            if !builder.depth.is_multiple_of(6) {
                return Err(CapiError::argument(
                    "a cube array's depth is 6 faces a cube",
                ));
            }
            (1, builder.depth / 6)
        }
        _ => (1, 1),
    };
    let desc = LayoutDesc {
        kind,
        depth_px,
        layers,
        samples: builder.samples,
        tiling,
        render_target: flags.contains(TextureFlags::LINEAR_RENDER_TARGET),
        ..LayoutDesc::new_2d(
            texel_format,
            builder.width_px,
            builder.height_px,
            builder.levels,
        )
    };
    Ok(TextureBuilder { desc, flags })
}

/// Bytes of pool storage the builder's texture takes.
#[no_mangle]
pub unsafe extern "C" fn hsTextureBuilderGetStorageSize(
    builder: *const HSTextureBuilder,
    size_b: *mut u64,
) -> HSresult {
    entry("hsTextureBuilderGetStorageSize", || {
        // SAFETY: the header's contract for builders and out-parameters.
        let builder = unsafe { check_builder(builder.cast_mut()) }?;
        let layout = texture_builder(builder)?.layout()?;
        unsafe { out_value(size_b, "size_b", layout.size_b) }
    })
}

/// The alignment, in bytes, the texture's offset in its pool needs.
#[no_mangle]
pub unsafe extern "C" fn hsTextureBuilderGetStorageAlignment(
    builder: *const HSTextureBuilder,
    alignment_b: *mut u64,
) -> HSresult {
    entry("hsTextureBuilderGetStorageAlignment", || {
        // SAFETY: the header's contract for builders and out-parameters.
        let builder = unsafe { check_builder(builder.cast_mut()) }?;
        let layout = texture_builder(builder)?.layout()?;
        unsafe { out_value(alignment_b, "alignment_b", layout.alignment_b.max(1)) }
    })
}

/// A texture over the builder's storage. The bytes there are not touched: a texture
/// made over bytes already there (a defragmented copy) shows them.
#[no_mangle]
pub unsafe extern "C" fn hsTextureInitialize(
    texture: *mut HSTexture,
    builder: *const HSTextureBuilder,
) -> HSresult {
    entry("hsTextureInitialize", || {
        // SAFETY: the header's contract for objects and builders.
        let builder = unsafe { check_builder(builder.cast_mut()) }?;
        let device = unsafe { resolve(builder.device, "builder's device") }?;
        let pool = unsafe { resolve(builder.pool, "builder's storage pool") }?;
        device.check_same(&pool.device, "the builder's storage pool")?;
        unsafe { check_new(texture, "texture") }?;
        let maker = texture_builder(builder)?;
        let id = device
            .gpu
            .create_texture(&maker, pool.id, builder.offset_b)?;
        let state = TextureState {
            device: DeviceRef::new(&device),
            id,
            views: Default::default(),
        };
        // SAFETY: checked by check_new.
        unsafe { publish(texture, state) };
        Ok(())
    })
}

/// Ends the texture and the views made of it; its storage keeps its bytes.
#[no_mangle]
pub unsafe extern "C" fn hsTextureFinalize(texture: *mut HSTexture) -> HSresult {
    entry("hsTextureFinalize", || {
        // SAFETY: the header's contract for objects.
        let state = unsafe { retire(texture, "texture") }?;
        for (_, view) in state.views.lock().drain() {
            state.device.gpu.finalize(view)?;
        }
        state.device.gpu.finalize(state.id)?;
        Ok(())
    })
}

#[no_mangle]
pub unsafe extern "C" fn hsTextureViewSetDefaults(view: *mut HSTextureView) -> HSresult {
    entry("hsTextureViewSetDefaults", || {
        check_builder_pointer(view.cast_const())?;
        // SAFETY: checked non-null and aligned; the caller owns the view.
        unsafe {
            view.write(HSTextureView {
                magic: BUILDER_MAGIC,
                base_level: 0,
                level_count: 0,
                base_layer: 0,
                layer_count: 0,
                format: HS_FORMAT_NONE,
                target: HS_TEXTURE_TARGET_NONE,
                swizzle: [HS_SWIZZLE_R, HS_SWIZZLE_G, HS_SWIZZLE_B, HS_SWIZZLE_A],
                depth_stencil_mode: HS_DEPTH_STENCIL_MODE_DEPTH,
            })
        };
        Ok(())
    })
}

#[no_mangle]
pub unsafe extern "C" fn hsTextureViewSetLevels(
    view: *mut HSTextureView,
    base_level: u32,
    level_count: u32,
) -> HSresult {
    // SAFETY: the header's contract for builders.
    unsafe {
        set_field("hsTextureViewSetLevels", view, |v| {
            v.base_level = base_level;
            v.level_count = level_count;
        })
    }
}
#[no_mangle]
pub unsafe extern "C" fn hsTextureViewSetLayers(
    view: *mut HSTextureView,
    base_layer: u32,
    layer_count: u32,
) -> HSresult {
    // SAFETY: the header's contract for builders.
    unsafe {
        set_field("hsTextureViewSetLayers", view, |v| {
            v.base_layer = base_layer;
            v.layer_count = layer_count;
        })
    }
}
#[no_mangle]
pub unsafe extern "C" fn hsTextureViewSetFormat(
    view: *mut HSTextureView,
    format: HSformat,
) -> HSresult {
    // SAFETY: the header's contract for builders.
    unsafe {
        set_field("hsTextureViewSetFormat", view, |v| {
            v.format = format;
        })
    }
}
#[no_mangle]
pub unsafe extern "C" fn hsTextureViewSetTarget(
    view: *mut HSTextureView,
    target: HStextureTarget,
) -> HSresult {
    // SAFETY: the header's contract for builders.
    unsafe {
        set_field("hsTextureViewSetTarget", view, |v| {
            v.target = target;
        })
    }
}
#[no_mangle]
pub unsafe extern "C" fn hsTextureViewSetSwizzle(
    view: *mut HSTextureView,
    r: HSswizzle,
    g: HSswizzle,
    b: HSswizzle,
    a: HSswizzle,
) -> HSresult {
    // SAFETY: the header's contract for builders.
    unsafe {
        set_field("hsTextureViewSetSwizzle", view, |v| {
            v.swizzle = [r, g, b, a];
        })
    }
}

/// NVN's texture view depth-stencil mode: a view of a texture with stencil samples its
/// depth (`HS_DEPTH_STENCIL_MODE_DEPTH`) or its stencil (`HS_DEPTH_STENCIL_MODE_STENCIL`);
/// stencil on a format without stencil is refused when the view is used.
#[no_mangle]
pub unsafe extern "C" fn hsTextureViewSetDepthStencilMode(
    view: *mut HSTextureView,
    mode: HSdepthStencilMode,
) -> HSresult {
    // SAFETY: the header's contract for builders.
    unsafe {
        set_field("hsTextureViewSetDepthStencilMode", view, |v| {
            v.depth_stencil_mode = mode;
        })
    }
}

/// The view maker of `view` (NULL: the whole texture) over `texture`.
fn view_maker(texture: &TextureState, view: Option<&HSTextureView>) -> CapiResult<ViewMaker> {
    let whole = ViewMaker::whole(texture.id);
    let Some(view) = view else {
        return Ok(whole);
    };
    if view.magic != BUILDER_MAGIC {
        return Err(CapiError::argument(
            "the texture view was not set to defaults (hsTextureViewSetDefaults)",
        ));
    }
    let count = |count: u32| if count == 0 { ViewMaker::ALL } else { count };
    let mut maker = whole
        .levels(view.base_level, count(view.level_count))
        .layers(view.base_layer, count(view.layer_count));
    if view.format != HS_FORMAT_NONE {
        maker = maker.format(format(view.format).ok_or_else(|| {
            CapiError::argument(format!("view format {} is no format", view.format))
        })?);
    }
    if view.target != HS_TEXTURE_TARGET_NONE {
        maker = maker.kind(texture_kind(view.target).ok_or_else(|| {
            CapiError::argument(format!("view target {} is no texture target", view.target))
        })?);
    }
    let mut swizzle = Swizzle::IDENTITY;
    for (component, &value) in swizzle.iter_mut().zip(&view.swizzle) {
        *component = coded(value, "view swizzle")?;
    }
    let mode = coded(view.depth_stencil_mode, "view depth-stencil mode")?;
    Ok(maker.swizzle(swizzle).depth_stencil_mode(mode))
}

/// The Hookshot view of `texture` that `view` (NULL: the whole texture) selects, made
/// the first time it is asked for.
///
/// # Safety
/// `view`, when non-null and aligned, points to an `HSTextureView`.
pub(crate) unsafe fn view_of(
    texture: &TextureState,
    view: *const HSTextureView,
) -> CapiResult<ViewId> {
    let view = if view.is_null() {
        None
    } else {
        // SAFETY: passed on from the caller.
        Some(unsafe { check_struct(view, "texture view") }?)
    };
    let maker = view_maker(texture, view)?;
    let key = ViewKey::of(&maker);
    let mut views = texture.views.lock();
    if let Some(&id) = views.get(&key) {
        return Ok(id);
    }
    let id = texture.device.gpu.create_view(&maker)?;
    views.insert(key, id);
    Ok(id)
}
