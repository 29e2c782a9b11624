//! The errors of making objects, recording commands and using the queue. Each names the
//! object at fault; a failed call changes nothing.

use crate::ids::{BufferId, ObjectRef, PoolId, TextureId, WindowId};
use crate::mem::pool::PoolError;
use crate::mem::LayoutError;
use crate::objects::program::ProgramError;

/// What a backend reports; the backend names the cause in its own words.
#[derive(Debug, thiserror::Error, Clone, PartialEq, Eq)]
pub enum BackendError {
    #[error("the device was lost")]
    DeviceLost,
    #[error("out of memory")]
    OutOfMemory,
    #[error("not supported by this backend: {0}")]
    Unsupported(String),
    /// The GPU's work did not end within `waited_s` seconds: it is hung, or far larger
    /// than any frame (a damaged argument). Its submissions may still be running.
    #[error(
        "the GPU did not finish its work within {waited_s} s (hung, or work far past any frame's)"
    )]
    GpuTimeout { waited_s: u64 },
    #[error("{0}")]
    Failed(String),
}

/// Making, registering, finalizing objects, and CPU access to pools.
#[derive(Debug, thiserror::Error)]
pub enum ObjectError {
    #[error("{0} does not exist (never made, or finalized)")]
    UnknownObject(ObjectRef),
    #[error("{pool}: {source}")]
    PoolAccess {
        pool: PoolId,
        #[source]
        source: PoolError,
    },
    #[error("{pool}: range {offset_b:#x}+{len_b:#x} past its end at {pool_size_b:#x}")]
    PoolRangeOutOfBounds {
        pool: PoolId,
        offset_b: u64,
        len_b: u64,
        pool_size_b: u64,
    },
    #[error("pool cannot be made: {0}")]
    PoolCreation(#[source] PoolError),
    #[error("texture layout: {0}")]
    Layout(#[from] LayoutError),
    #[error("texture at {pool} offset {offset_b:#x} needs {size_b:#x} bytes, past the pool's end at {pool_size_b:#x}")]
    TexturePastPoolEnd {
        pool: PoolId,
        offset_b: u64,
        size_b: u64,
        pool_size_b: u64,
    },
    #[error("texture at {pool} offset {offset_b:#x} is not aligned to its layout's {alignment_b:#x} bytes")]
    TextureMisaligned {
        pool: PoolId,
        offset_b: u64,
        alignment_b: u64,
    },
    #[error(
        "view of {texture}: {what} {first}..{first}+{count} outside the texture's {available}"
    )]
    ViewOutsideTexture {
        texture: TextureId,
        what: &'static str,
        first: u32,
        count: u32,
        available: u32,
    },
    #[error(
        "view of {texture}: format {view_format} has another element size than {texture_format}"
    )]
    ViewFormatSize {
        texture: TextureId,
        texture_format: &'static str,
        view_format: &'static str,
    },
    #[error("view of {texture}: stencil mode on format {view_format}, which has no stencil")]
    ViewStencilMode {
        texture: TextureId,
        view_format: &'static str,
    },
    #[error("sampler: {0}")]
    BadSampler(&'static str),
    #[error("{table}: slot {slot} outside its {capacity} slots")]
    SlotOutOfRange {
        table: ObjectRef,
        slot: u32,
        capacity: u32,
    },
    #[error("descriptor table of {capacity} slots is larger than handles can address ({limit})")]
    TableTooLarge { capacity: u32, limit: u32 },
    #[error("a descriptor table of 0 slots has nothing to register or bind")]
    TableEmpty,
    /// NVN's lifetimes: a pool outlives what is placed in it.
    #[error("{pool} still holds {user}; finalize {user} first")]
    PoolInUse { pool: PoolId, user: ObjectRef },
    #[error("buffer at {pool} offset {offset_b:#x} size {size_b:#x} is past the pool's end at {pool_size_b:#x}")]
    BufferPastPoolEnd {
        pool: PoolId,
        offset_b: u64,
        size_b: u64,
        pool_size_b: u64,
    },
    #[error("buffer of no bytes at {pool} offset {offset_b:#x}")]
    EmptyBuffer { pool: PoolId, offset_b: u64 },
    #[error(transparent)]
    Program(#[from] ProgramError),
    #[error("window: {why}")]
    BadWindow { why: &'static str },
    #[error("window: {texture} {why}")]
    WindowTexture {
        texture: TextureId,
        why: &'static str,
    },
    #[error("backend: {0}")]
    Backend(#[from] BackendError),
    #[error(transparent)]
    Address(#[from] crate::address::AddressError),
    #[error(transparent)]
    VirtualMap(#[from] crate::address::VirtualMapError),
    #[error("{buffer} stands for {pool}'s addresses: it ends when the pool does")]
    PoolBuffer { buffer: BufferId, pool: PoolId },
    #[error("too many {what} made on this device (ids run out at {limit})")]
    TooMany { what: &'static str, limit: u32 },
}

/// Which side of a copy is at fault.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CopySide {
    Source,
    Destination,
}

impl std::fmt::Display for CopySide {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            CopySide::Source => "source",
            CopySide::Destination => "destination",
        })
    }
}

/// A command refused at record time. The command is not recorded; what the command
/// buffer held before stays.
#[derive(Debug, thiserror::Error, Clone, PartialEq, Eq)]
pub enum RecordError {
    #[error("{0} does not exist (never made, or finalized)")]
    UnknownObject(ObjectRef),
    /// An address a command named is in no live pool, or its range runs past its pool.
    #[error(transparent)]
    Address(#[from] crate::address::AddressError),
    #[error("draw with no graphics program bound")]
    DrawWithoutProgram,
    #[error("draw with no render target bound")]
    DrawWithoutRenderTarget,
    #[error("indexed draw with no index buffer bound")]
    DrawWithoutIndexBuffer,
    #[error("dispatch with no compute program bound")]
    DispatchWithoutProgram,
    #[error("{program} has no {needed} stages")]
    ProgramKind {
        program: crate::ids::ProgramId,
        needed: &'static str,
    },
    #[error("handle refers to slot {slot} of {table}, where nothing of that kind is registered")]
    UnregisteredHandle { table: ObjectRef, slot: u32 },
    #[error("texture or image handle bound before any descriptor tables")]
    HandleWithoutTables,
    #[error("{what} slot {slot} outside 0..{limit}")]
    SlotOutOfRange {
        what: &'static str,
        slot: u32,
        limit: u32,
    },
    #[error("{what} {index} outside 0..{limit}")]
    StateOutOfRange {
        what: &'static str,
        index: usize,
        limit: usize,
    },
    #[error("{buffer}: range {offset_b:#x}+{size_b:#x} outside its {buffer_size_b:#x} bytes")]
    BufferRangeOutOfBounds {
        buffer: BufferId,
        offset_b: u64,
        size_b: u64,
        buffer_size_b: u64,
    },
    #[error("{buffer} was not made for {needed} use")]
    BufferUsage {
        buffer: BufferId,
        needed: &'static str,
    },
    #[error("copy {side} {object}: {what} reaches {end}, past its {limit}")]
    CopyOutOfBounds {
        side: CopySide,
        object: ObjectRef,
        what: &'static str,
        end: u64,
        limit: u64,
    },
    #[error("copy from {source_texture} to {destination}: element sizes differ")]
    CopyFormatMismatch {
        source_texture: TextureId,
        destination: TextureId,
    },
    #[error("resolve of {source_texture} into {destination}: {why}")]
    BadResolve {
        source_texture: TextureId,
        destination: TextureId,
        why: &'static str,
    },
    #[error("copy of {texture}, a multisample texture: copies and blits move single-sample textures (resolve it with a downsample)")]
    MultisampleCopy { texture: TextureId },
    #[error("clear of colour target {0}, which is not bound")]
    ClearUnboundColor(u8),
    #[error("clear of depth/stencil with no depth/stencil target bound")]
    ClearUnboundDepthStencil,
    #[error("{what}: {why}")]
    BadArgument {
        what: &'static str,
        why: &'static str,
    },
    /// A texture clear's region past its view's first level or layers.
    #[error("texture clear of {view}: {what} reach {end}, past its {limit}")]
    TextureClearOutOfBounds {
        view: crate::ids::ViewId,
        what: &'static str,
        end: u64,
        limit: u64,
    },
    /// A texture clear of a format (or part of a texture) that cannot be cleared.
    #[error("texture clear of {view} ({format}): {why}")]
    TextureClearFormat {
        view: crate::ids::ViewId,
        format: &'static str,
        why: &'static str,
    },
    /// A texture clear whose value is not of the view format's kind.
    #[error("texture clear of {view} ({format}) with a {value} value, not the format's kind")]
    TextureClearValueKind {
        view: crate::ids::ViewId,
        format: &'static str,
        value: &'static str,
    },
    #[error("pop of a debug group with none open")]
    DebugGroupUnderflow,
    #[error("the list ends with {open} debug groups open")]
    DebugGroupsOpen { open: u32 },
    /// A draw or dispatch whose program reads a texture slot as one kind of image
    /// (multisample, `sampler2DMS`, or single-sample) with a view of the other bound
    /// there.
    #[error("{stage:?} texture slot {slot} holds {view}, a {view_kind} view, where the program reads a {slot_kind} texture")]
    TextureKindMismatch {
        stage: crate::objects::Stage,
        slot: u32,
        view: crate::ids::ViewId,
        view_kind: &'static str,
        slot_kind: &'static str,
    },
    /// State the device cannot execute: the field, and the capability it lacks.
    #[error("{what} needs {capability}, which this device lacks")]
    MissingCapability {
        what: &'static str,
        capability: &'static str,
    },
}

/// Submitting, waiting, presenting.
#[derive(Debug, thiserror::Error)]
pub enum QueueError {
    #[error("{0} does not exist (never made, or finalized)")]
    UnknownObject(ObjectRef),
    #[error("the command list was not finished on this device (decoded, or another device's)")]
    ForeignList,
    #[error("{window}: texture index {index} outside its {count} textures")]
    WindowIndex {
        window: WindowId,
        index: u32,
        count: u32,
    },
    #[error(transparent)]
    Record(#[from] RecordError),
    #[error("backend: {0}")]
    Backend(#[from] BackendError),
    /// Reporting the CPU's writes through a pool's pointer before the submission.
    #[error(transparent)]
    Object(#[from] ObjectError),
}
