//! What Hookshot keeps behind each handle. Every object but the device holds a
//! `DeviceRef`, which counts it: `hsDeviceFinalize` refuses while the count is not zero,
//! so no object outlives its device (and no command buffer its borrow of it).

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use gpu::objects::ViewMaker;
use gpu::{
    BufferId, CommandList, PoolId, ProgramId, SamplerId, SamplerTableId, SyncId, TextureId,
    TextureTableId, ViewId, WindowId,
};
use parking_lot::{Mutex, RwLock};

use crate::objects::OfDevice;

pub(crate) struct DeviceState {
    /// Tells devices apart in callbacks and command handles; never 0.
    pub key: u64,
    pub gpu: gpu::Device,
    pub backend: gpu_vk::shared_backend::SharedBackend,
    pub vk: Arc<gpu_vk::Device>,
    /// Behind a lock: glslang is not to be used from two threads at once.
    pub translator: Mutex<shader_translate::Translator>,
    /// Objects made on this device and not finalized.
    pub live_objects: AtomicUsize,
    /// Finished command lists by command handle.
    pub lists: RwLock<HashMap<u64, Arc<CommandList>>>,
}

impl OfDevice for DeviceState {
    fn device_key(&self) -> u64 {
        self.key
    }
}

/// An object's hold on its device, counted while it lives.
pub(crate) struct DeviceRef(pub Arc<DeviceState>);

impl DeviceRef {
    pub fn new(device: &Arc<DeviceState>) -> DeviceRef {
        device.live_objects.fetch_add(1, Ordering::AcqRel);
        DeviceRef(Arc::clone(device))
    }
}

impl Drop for DeviceRef {
    fn drop(&mut self) {
        self.0.live_objects.fetch_sub(1, Ordering::AcqRel);
    }
}

impl std::ops::Deref for DeviceRef {
    type Target = DeviceState;
    fn deref(&self) -> &DeviceState {
        &self.0
    }
}

macro_rules! of_device {
    ($($state:ident),*) => {
        $(impl OfDevice for $state {
            fn device_key(&self) -> u64 {
                self.device.key
            }
        })*
    };
}

pub(crate) struct PoolState {
    pub device: DeviceRef,
    pub id: PoolId,
    pub size_b: u64,
}

pub(crate) struct BufferState {
    pub device: DeviceRef,
    pub id: BufferId,
    pub size_b: u64,
}

pub(crate) struct TextureState {
    pub device: DeviceRef,
    pub id: TextureId,
    /// The views made for render targets and registrations, by what they select; they
    /// are finalized with the texture.
    pub views: Mutex<HashMap<ViewKey, ViewId>>,
}

/// A view's selection, as a map key (`ViewMaker` without the texture).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct ViewKey {
    pub levels: (u32, u32),
    pub layers: (u32, u32),
    pub format: Option<memory::Format>,
    pub kind: Option<memory::TextureKind>,
    pub swizzle: [u8; 4],
    pub depth_stencil_mode: u8,
}

impl ViewKey {
    pub fn of(maker: &ViewMaker) -> ViewKey {
        use gpu::Coded;
        ViewKey {
            levels: (maker.base_level, maker.level_count),
            layers: (maker.base_layer, maker.layer_count),
            format: maker.format,
            kind: maker.kind,
            swizzle: maker.swizzle.map(Coded::code),
            depth_stencil_mode: maker.depth_stencil_mode.code(),
        }
    }
}

pub(crate) struct SamplerState {
    pub device: DeviceRef,
    pub id: SamplerId,
}

pub(crate) struct TexturePoolState {
    pub device: DeviceRef,
    pub id: TextureTableId,
}

pub(crate) struct SamplerPoolState {
    pub device: DeviceRef,
    pub id: SamplerTableId,
}

pub(crate) struct ProgramState {
    pub device: DeviceRef,
    /// `None` until `hsProgramSetShaders`.
    pub id: Mutex<Option<ProgramId>>,
    /// Each stage's tag in raw-pointer miss reports (`hsProgramGetMissTag`), by
    /// `HSshaderStage`; `None` for a stage the program does not have.
    pub miss_tags: Mutex<[Option<u32>; 6]>,
}

/// A command buffer, in its slot of `command_slots` (whose lock guards it). `recording`
/// borrows the device `device` holds: it is declared first, so it is dropped first.
pub(crate) struct CommandBufferState {
    pub recording: Recording,
    pub device: DeviceRef,
}

pub(crate) struct Recording {
    /// Between `hsCommandBufferBeginRecording` and `hsCommandBufferEndRecording`.
    pub buffer: Option<gpu::CommandBuffer<'static>>,
    /// The list ended last: the next recording goes on from what it left bound.
    pub last: Option<Arc<CommandList>>,
    /// The handles this command buffer ended, released by `hsCommandBufferClearCommands`
    /// and at finalize.
    pub handles: Vec<u64>,
    /// The buffer bound last (the caller's words, the buffers' removal count then, and
    /// a range of it): a game binds one buffer draw after draw at new offsets.
    pub last_buffer: Option<(crate::registry::Words, u64, gpu::objects::BufferRange)>,
    /// The pool an address bind named last (`addresses::LastPool`): a game binds
    /// addresses in one pool draw after draw.
    pub last_pool: Option<crate::addresses::LastPool>,
}

pub(crate) struct QueueState {
    pub device: DeviceRef,
}

pub(crate) struct SyncState {
    pub device: DeviceRef,
    pub id: SyncId,
}

pub(crate) struct WindowState {
    pub device: DeviceRef,
    pub id: WindowId,
    /// The textures' storage stays with their `HSTexture`s; this keeps them counted.
    pub texture_count: u32,
}

of_device!(
    PoolState,
    BufferState,
    TextureState,
    SamplerState,
    TexturePoolState,
    SamplerPoolState,
    ProgramState,
    CommandBufferState,
    QueueState,
    SyncState,
    WindowState
);

impl DeviceState {
    /// Fails unless `other` is this device: objects of two devices never mix.
    pub fn check_same(&self, other: &DeviceState, what: &str) -> crate::result::CapiResult<()> {
        if self.key != other.key {
            return Err(crate::result::CapiError::InvalidObject(format!(
                "{what} belongs to another device"
            )));
        }
        Ok(())
    }
}

macro_rules! gpu_object {
    ($($state:ident),*) => {
        $(impl crate::objects::GpuObject for $state {
            fn gpu_object(&self) -> (&gpu::Device, gpu::ObjectRef) {
                (&self.device.gpu, self.id.into())
            }
        })*
    };
}

gpu_object!(
    PoolState,
    BufferState,
    SamplerState,
    TexturePoolState,
    SamplerPoolState,
    SyncState,
    WindowState
);
