//! The caller-allocated objects. Each is 16 bytes, 8-aligned, and opaque: Hookshot writes
//! it in `hs*Initialize` and clears it in `hs*Finalize`; it may live anywhere the caller
//! likes (inside a game's own NVN object storage). Copying one copies the handle.

use std::sync::Arc;

use crate::registry::{check_pointer, read_words, write_words, Registry};
use crate::result::{CapiError, CapiResult};
use crate::state::*;

/// `HSCommandBuffer`'s kind number; command buffers have their own table
/// (`command_slots`), made for the cost of a command.
pub(crate) const COMMAND_BUFFER_KIND: u64 = 9;

/// A device: the Vulkan device, the executor, the shader translator, the recording.
#[repr(C)]
pub struct HSDevice {
    pub opaque: [u64; 2],
}
/// A memory pool: storage textures and buffers live in.
#[repr(C)]
pub struct HSMemoryPool {
    pub opaque: [u64; 2],
}
/// A buffer: a range of a memory pool.
#[repr(C)]
pub struct HSBuffer {
    pub opaque: [u64; 2],
}
/// A texture: a layout at an offset of a memory pool.
#[repr(C)]
pub struct HSTexture {
    pub opaque: [u64; 2],
}
#[repr(C)]
pub struct HSSampler {
    pub opaque: [u64; 2],
}
/// A table of texture descriptors that texture and image handles index.
#[repr(C)]
pub struct HSTexturePool {
    pub opaque: [u64; 2],
}
/// A table of sampler descriptors that texture handles index.
#[repr(C)]
pub struct HSSamplerPool {
    pub opaque: [u64; 2],
}
/// A program: one shader per stage.
#[repr(C)]
pub struct HSProgram {
    pub opaque: [u64; 2],
}
#[repr(C)]
pub struct HSCommandBuffer {
    pub opaque: [u64; 2],
}
#[repr(C)]
pub struct HSQueue {
    pub opaque: [u64; 2],
}
#[repr(C)]
pub struct HSSync {
    pub opaque: [u64; 2],
}
/// A window: textures presented in turn, and the display window they show in, if any.
#[repr(C)]
pub struct HSWindow {
    pub opaque: [u64; 2],
}

/// A caller's object type and the registry of its state.
pub(crate) trait CObject {
    type State: 'static;
    fn registry() -> &'static Registry<Self::State>;
}

macro_rules! c_objects {
    ($($object:ident => $state:ident, $registry:ident, $what:literal, $number:literal;)*) => {
        $(
            static $registry: Registry<$state> = Registry::new($what, $number);
            impl CObject for $object {
                type State = $state;
                fn registry() -> &'static Registry<$state> {
                    &$registry
                }
            }
        )*
    };
}

c_objects! {
    HSDevice => DeviceState, DEVICES, "device", 1;
    HSMemoryPool => PoolState, POOLS, "memory pool", 2;
    HSBuffer => BufferState, BUFFERS, "buffer", 3;
    HSTexture => TextureState, TEXTURES, "texture", 4;
    HSSampler => SamplerState, SAMPLERS, "sampler", 5;
    HSTexturePool => TexturePoolState, TEXTURE_POOLS, "texture pool", 6;
    HSSamplerPool => SamplerPoolState, SAMPLER_POOLS, "sampler pool", 7;
    HSProgram => ProgramState, PROGRAMS, "program", 8;
    HSQueue => QueueState, QUEUES, "queue", 10;
    HSSync => SyncState, SYNCS, "sync", 11;
    HSWindow => WindowState, WINDOWS, "window", 12;
}

/// What every object's state says of its device, for messages and callbacks.
pub(crate) trait OfDevice {
    fn device_key(&self) -> u64;
}

/// The state behind the caller's object at `ptr` (argument `arg`, for messages).
///
/// # Safety
/// `ptr`, when non-null and aligned, points to 16 readable bytes.
#[inline]
pub(crate) unsafe fn resolve<O: CObject>(ptr: *const O, arg: &str) -> CapiResult<Arc<O::State>>
where
    O::State: OfDevice,
{
    // SAFETY: passed on from the caller.
    let words = unsafe { read_words(ptr, arg) }?;
    let state = O::registry().get(words).map_err(|error| match error {
        CapiError::InvalidObject(message) => CapiError::InvalidObject(format!("{arg}: {message}")),
        other => other,
    })?;
    crate::report::note_device(state.device_key());
    Ok(state)
}

/// As `resolve`, for an argument that may be NULL.
///
/// # Safety
/// As `resolve`.
pub(crate) unsafe fn resolve_optional<O: CObject>(
    ptr: *const O,
    arg: &str,
) -> CapiResult<Option<Arc<O::State>>>
where
    O::State: OfDevice,
{
    if ptr.is_null() {
        return Ok(None);
    }
    // SAFETY: passed on from the caller.
    unsafe { resolve(ptr, arg) }.map(Some)
}

/// Checks that `ptr` can take a new object: not NULL, aligned, not a live object (which
/// would leak its state).
///
/// # Safety
/// `ptr`, when non-null and aligned, points to 16 readable bytes.
pub(crate) unsafe fn check_new<O: CObject>(ptr: *mut O, arg: &str) -> CapiResult<()> {
    check_pointer(ptr.cast_const(), arg)?;
    // SAFETY: checked non-null and aligned; 16 bytes by the caller's contract.
    let words = unsafe { read_words(ptr.cast_const(), arg) }?;
    if O::registry().is_live(words) {
        return Err(CapiError::Busy(format!(
            "{arg} is a live {}: finalize it before initializing it again",
            O::registry().what
        )));
    }
    Ok(())
}

/// Stores `state` and writes its handle into the caller's object (checked by `check_new`).
///
/// # Safety
/// `ptr` points to 16 writable bytes.
pub(crate) unsafe fn publish<O: CObject>(ptr: *mut O, state: O::State) {
    let words = O::registry().insert(Arc::new(state));
    // SAFETY: passed on from the caller.
    unsafe { write_words(ptr, words) };
}

/// Takes the state out of the caller's object and clears the object.
///
/// # Safety
/// `ptr`, when non-null and aligned, points to 16 writable bytes.
pub(crate) unsafe fn retire<O: CObject>(ptr: *mut O, arg: &str) -> CapiResult<Arc<O::State>>
where
    O::State: OfDevice,
{
    // SAFETY: passed on from the caller.
    let words = unsafe { read_words(ptr.cast_const(), arg) }?;
    let state = O::registry()
        .remove(words)
        .map_err(|error| CapiError::InvalidObject(format!("{arg}: {error}")))?;
    crate::report::note_device(state.device_key());
    // SAFETY: the object was read above, so it is 16 bytes the caller owns.
    unsafe { write_words(ptr, [0, 0]) };
    Ok(state)
}

/// An object whose state names one object of the `gpu` device, ended with it.
pub(crate) trait GpuObject: OfDevice {
    fn gpu_object(&self) -> (&gpu::Device, gpu::ObjectRef);
}

/// The whole of `hs*Finalize` for objects that are one `gpu` object.
///
/// # Safety
/// The header's contract for objects.
pub(crate) unsafe fn finalize_object<O: CObject>(
    function: &'static str,
    ptr: *mut O,
    arg: &'static str,
) -> crate::result::HSresult
where
    O::State: GpuObject,
{
    crate::guard::entry(function, || {
        // Refused before the C object is retired: a pool still holding a texture stays
        // the caller's, usable, after the refusal.
        // SAFETY: passed on from the caller.
        let live = unsafe { resolve::<O>(ptr.cast_const(), arg) }?;
        let (device, object) = live.gpu_object();
        device.check_finalize(object)?;
        drop(live);
        // SAFETY: passed on from the caller.
        let state = unsafe { retire(ptr, arg) }?;
        let (device, object) = state.gpu_object();
        device.finalize(object)?;
        Ok(())
    })
}

/// The whole of `hs*Initialize(object, device)` for objects made from a device alone:
/// `make` gives the state.
///
/// # Safety
/// The header's contract for objects.
pub(crate) unsafe fn initialize_from_device<O: CObject>(
    function: &'static str,
    ptr: *mut O,
    device: *const HSDevice,
    arg: &'static str,
    make: impl FnOnce(&Arc<DeviceState>) -> CapiResult<O::State>,
) -> crate::result::HSresult {
    crate::guard::entry(function, || {
        // SAFETY: passed on from the caller.
        let device = unsafe { resolve(device, "device") }?;
        unsafe { check_new(ptr, arg) }?;
        let state = make(&device)?;
        // SAFETY: checked by check_new.
        unsafe { publish(ptr, state) };
        Ok(())
    })
}
