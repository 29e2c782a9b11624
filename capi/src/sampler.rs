//! Samplers, and the texture and sampler pools (NVN's descriptor tables) they and texture
//! views are registered in. Descriptors live in Hookshot, so a pool takes a slot count
//! where NVN takes memory.

use gpu::objects::SamplerMaker;

use crate::builder::{check_builder, check_builder_pointer, coded, set_field, BUILDER_MAGIC};
use crate::guard::entry;
use crate::objects::{
    check_new, finalize_object, initialize_from_device, publish, resolve, HSDevice, HSSampler,
    HSSamplerPool, HSTexture, HSTexturePool,
};
use crate::result::{CapiError, HSresult};
use crate::state::{DeviceRef, SamplerPoolState, SamplerState, TexturePoolState};
use crate::texture::{view_of, HSTextureView};

pub type HSfilter = u32;
pub const HS_FILTER_NEAREST: HSfilter = 0;
pub const HS_FILTER_LINEAR: HSfilter = 1;

pub type HSmipFilter = u32;
pub const HS_MIP_FILTER_NONE: HSmipFilter = 0;
pub const HS_MIP_FILTER_NEAREST: HSmipFilter = 1;
pub const HS_MIP_FILTER_LINEAR: HSmipFilter = 2;

pub type HSwrapMode = u32;
pub const HS_WRAP_MODE_REPEAT: HSwrapMode = 0;
pub const HS_WRAP_MODE_MIRRORED_REPEAT: HSwrapMode = 1;
pub const HS_WRAP_MODE_CLAMP_TO_EDGE: HSwrapMode = 2;
pub const HS_WRAP_MODE_CLAMP_TO_BORDER: HSwrapMode = 3;
pub const HS_WRAP_MODE_MIRROR_CLAMP_TO_EDGE: HSwrapMode = 4;

/// Comparisons, for depth-compare samplers and depth/stencil tests.
pub type HScompareFunc = u32;
pub const HS_COMPARE_NEVER: HScompareFunc = 0;
pub const HS_COMPARE_LESS: HScompareFunc = 1;
pub const HS_COMPARE_EQUAL: HScompareFunc = 2;
pub const HS_COMPARE_LEQUAL: HScompareFunc = 3;
pub const HS_COMPARE_GREATER: HScompareFunc = 4;
pub const HS_COMPARE_NOTEQUAL: HScompareFunc = 5;
pub const HS_COMPARE_GEQUAL: HScompareFunc = 6;
pub const HS_COMPARE_ALWAYS: HScompareFunc = 7;

#[repr(C)]
pub struct HSSamplerBuilder {
    /// Set by its SetDefaults function; a struct without it is refused.
    pub magic: u32,
    pub min_filter: HSfilter,
    pub mag_filter: HSfilter,
    pub mip_filter: HSmipFilter,
    /// u, v, w.
    pub wrap: [HSwrapMode; 3],
    /// 1: a depth-compare sampler using `compare`.
    pub compare_enabled: u32,
    pub compare: HScompareFunc,
    pub min_lod: f32,
    pub max_lod: f32,
    pub lod_bias: f32,
    pub max_anisotropy: f32,
    pub border_color: [f32; 4],
    pub device: *const HSDevice,
}

#[no_mangle]
pub unsafe extern "C" fn hsSamplerBuilderSetDefaults(builder: *mut HSSamplerBuilder) -> HSresult {
    entry("hsSamplerBuilderSetDefaults", || {
        check_builder_pointer(builder.cast_const())?;
        let defaults = SamplerMaker::default();
        // SAFETY: checked non-null and aligned; the caller owns the builder.
        unsafe {
            builder.write(HSSamplerBuilder {
                magic: BUILDER_MAGIC,
                min_filter: HS_FILTER_NEAREST,
                mag_filter: HS_FILTER_NEAREST,
                mip_filter: HS_MIP_FILTER_NONE,
                wrap: [HS_WRAP_MODE_REPEAT; 3],
                compare_enabled: 0,
                compare: HS_COMPARE_LESS,
                min_lod: defaults.min_lod,
                max_lod: defaults.max_lod,
                lod_bias: defaults.lod_bias,
                max_anisotropy: defaults.max_anisotropy,
                border_color: defaults.border_color,
                device: std::ptr::null(),
            })
        };
        Ok(())
    })
}

#[no_mangle]
pub unsafe extern "C" fn hsSamplerBuilderSetDevice(
    builder: *mut HSSamplerBuilder,
    device: *const HSDevice,
) -> HSresult {
    // SAFETY: the header's contract for builders.
    unsafe { set_field("hsSamplerBuilderSetDevice", builder, |b| b.device = device) }
}

#[no_mangle]
pub unsafe extern "C" fn hsSamplerBuilderSetMinMagFilter(
    builder: *mut HSSamplerBuilder,
    min_filter: HSfilter,
    mip_filter: HSmipFilter,
    mag_filter: HSfilter,
) -> HSresult {
    // SAFETY: the header's contract for builders.
    unsafe {
        set_field("hsSamplerBuilderSetMinMagFilter", builder, |b| {
            b.min_filter = min_filter;
            b.mip_filter = mip_filter;
            b.mag_filter = mag_filter;
        })
    }
}

#[no_mangle]
pub unsafe extern "C" fn hsSamplerBuilderSetWrapMode(
    builder: *mut HSSamplerBuilder,
    s: HSwrapMode,
    t: HSwrapMode,
    r: HSwrapMode,
) -> HSresult {
    // SAFETY: the header's contract for builders.
    unsafe {
        set_field("hsSamplerBuilderSetWrapMode", builder, |b| {
            b.wrap = [s, t, r]
        })
    }
}

#[no_mangle]
pub unsafe extern "C" fn hsSamplerBuilderSetLodClamp(
    builder: *mut HSSamplerBuilder,
    min_lod: f32,
    max_lod: f32,
) -> HSresult {
    // SAFETY: the header's contract for builders.
    unsafe {
        set_field("hsSamplerBuilderSetLodClamp", builder, |b| {
            b.min_lod = min_lod;
            b.max_lod = max_lod;
        })
    }
}

#[no_mangle]
pub unsafe extern "C" fn hsSamplerBuilderSetLodBias(
    builder: *mut HSSamplerBuilder,
    bias: f32,
) -> HSresult {
    // SAFETY: the header's contract for builders.
    unsafe { set_field("hsSamplerBuilderSetLodBias", builder, |b| b.lod_bias = bias) }
}

#[no_mangle]
pub unsafe extern "C" fn hsSamplerBuilderSetCompare(
    builder: *mut HSSamplerBuilder,
    enabled: u32,
    compare: HScompareFunc,
) -> HSresult {
    // SAFETY: the header's contract for builders.
    unsafe {
        set_field("hsSamplerBuilderSetCompare", builder, |b| {
            b.compare_enabled = enabled;
            b.compare = compare;
        })
    }
}

#[no_mangle]
pub unsafe extern "C" fn hsSamplerBuilderSetMaxAnisotropy(
    builder: *mut HSSamplerBuilder,
    max_anisotropy: f32,
) -> HSresult {
    // SAFETY: the header's contract for builders.
    unsafe {
        set_field("hsSamplerBuilderSetMaxAnisotropy", builder, |b| {
            b.max_anisotropy = max_anisotropy
        })
    }
}

#[no_mangle]
pub unsafe extern "C" fn hsSamplerBuilderSetBorderColor(
    builder: *mut HSSamplerBuilder,
    color: *const f32,
) -> HSresult {
    entry("hsSamplerBuilderSetBorderColor", || {
        // SAFETY: the header's contract for builders and arrays.
        let builder = unsafe { check_builder(builder) }?;
        let color = unsafe { crate::builder::check_array(color, 4, 4, "color") }?;
        builder.border_color.copy_from_slice(color);
        Ok(())
    })
}

fn sampler_maker(builder: &HSSamplerBuilder) -> Result<SamplerMaker, CapiError> {
    Ok(SamplerMaker {
        min_filter: coded(builder.min_filter, "min_filter")?,
        mag_filter: coded(builder.mag_filter, "mag_filter")?,
        mip_filter: coded(builder.mip_filter, "mip_filter")?,
        wrap: [
            coded(builder.wrap[0], "wrap s")?,
            coded(builder.wrap[1], "wrap t")?,
            coded(builder.wrap[2], "wrap r")?,
        ],
        min_lod: builder.min_lod,
        max_lod: builder.max_lod,
        lod_bias: builder.lod_bias,
        compare: match crate::builder::boolean(builder.compare_enabled, "compare_enabled")? {
            true => Some(coded(builder.compare, "compare")?),
            false => None,
        },
        max_anisotropy: builder.max_anisotropy,
        border_color: builder.border_color,
    })
}

#[no_mangle]
pub unsafe extern "C" fn hsSamplerInitialize(
    sampler: *mut HSSampler,
    builder: *const HSSamplerBuilder,
) -> HSresult {
    entry("hsSamplerInitialize", || {
        // SAFETY: the header's contract for objects and builders.
        let builder = unsafe { check_builder(builder.cast_mut()) }?;
        let device = unsafe { resolve(builder.device, "builder's device") }?;
        unsafe { check_new(sampler, "sampler") }?;
        let id = device.gpu.create_sampler(&sampler_maker(builder)?)?;
        let state = SamplerState {
            device: DeviceRef::new(&device),
            id,
        };
        // SAFETY: checked by check_new.
        unsafe { publish(sampler, state) };
        Ok(())
    })
}

#[no_mangle]
pub unsafe extern "C" fn hsSamplerFinalize(sampler: *mut HSSampler) -> HSresult {
    // SAFETY: the header's contract for objects.
    unsafe { finalize_object("hsSamplerFinalize", sampler, "sampler") }
}

/// A texture pool of `slot_count` descriptors (at most 2^20).
#[no_mangle]
pub unsafe extern "C" fn hsTexturePoolInitialize(
    pool: *mut HSTexturePool,
    device: *const HSDevice,
    slot_count: u32,
) -> HSresult {
    // SAFETY: the header's contract for objects.
    unsafe {
        initialize_from_device(
            "hsTexturePoolInitialize",
            pool,
            device,
            "texture pool",
            |device| {
                Ok(TexturePoolState {
                    id: device.gpu.create_texture_table(slot_count)?,
                    device: DeviceRef::new(device),
                })
            },
        )
    }
}

#[no_mangle]
pub unsafe extern "C" fn hsTexturePoolFinalize(pool: *mut HSTexturePool) -> HSresult {
    // SAFETY: the header's contract for objects.
    unsafe { finalize_object("hsTexturePoolFinalize", pool, "texture pool") }
}

/// Registers `view` of `texture` (NULL: the whole texture) at `slot`, for texture handles
/// to sample (`image` 0) or image handles to load and store (`image` 1).
unsafe fn register_view(
    function: &'static str,
    pool: *const HSTexturePool,
    slot: u32,
    texture: *const HSTexture,
    view: *const HSTextureView,
    image: bool,
) -> HSresult {
    entry(function, || {
        // SAFETY: the header's contract for objects and plain structs.
        let pool = unsafe { resolve(pool, "texture pool") }?;
        let texture = unsafe { resolve(texture, "texture") }?;
        pool.device.check_same(&texture.device, "the texture")?;
        let view = unsafe { view_of(&texture, view) }?;
        if image {
            pool.device.gpu.register_image(pool.id, slot, view)?;
        } else {
            pool.device.gpu.register_texture(pool.id, slot, view)?;
        }
        Ok(())
    })
}

#[no_mangle]
pub unsafe extern "C" fn hsTexturePoolRegisterTexture(
    pool: *const HSTexturePool,
    slot: u32,
    texture: *const HSTexture,
    view: *const HSTextureView,
) -> HSresult {
    // SAFETY: passed on.
    unsafe {
        register_view(
            "hsTexturePoolRegisterTexture",
            pool,
            slot,
            texture,
            view,
            false,
        )
    }
}

#[no_mangle]
pub unsafe extern "C" fn hsTexturePoolRegisterImage(
    pool: *const HSTexturePool,
    slot: u32,
    texture: *const HSTexture,
    view: *const HSTextureView,
) -> HSresult {
    // SAFETY: passed on.
    unsafe {
        register_view(
            "hsTexturePoolRegisterImage",
            pool,
            slot,
            texture,
            view,
            true,
        )
    }
}

/// A sampler pool of `slot_count` descriptors (at most 2^12).
#[no_mangle]
pub unsafe extern "C" fn hsSamplerPoolInitialize(
    pool: *mut HSSamplerPool,
    device: *const HSDevice,
    slot_count: u32,
) -> HSresult {
    // SAFETY: the header's contract for objects.
    unsafe {
        initialize_from_device(
            "hsSamplerPoolInitialize",
            pool,
            device,
            "sampler pool",
            |device| {
                Ok(SamplerPoolState {
                    id: device.gpu.create_sampler_table(slot_count)?,
                    device: DeviceRef::new(device),
                })
            },
        )
    }
}

#[no_mangle]
pub unsafe extern "C" fn hsSamplerPoolFinalize(pool: *mut HSSamplerPool) -> HSresult {
    // SAFETY: the header's contract for objects.
    unsafe { finalize_object("hsSamplerPoolFinalize", pool, "sampler pool") }
}

#[no_mangle]
pub unsafe extern "C" fn hsSamplerPoolRegisterSampler(
    pool: *const HSSamplerPool,
    slot: u32,
    sampler: *const HSSampler,
) -> HSresult {
    entry("hsSamplerPoolRegisterSampler", || {
        // SAFETY: the header's contract for objects.
        let pool = unsafe { resolve(pool, "sampler pool") }?;
        let sampler = unsafe { resolve(sampler, "sampler") }?;
        pool.device.check_same(&sampler.device, "the sampler")?;
        pool.device
            .gpu
            .register_sampler(pool.id, slot, sampler.id)?;
        Ok(())
    })
}
