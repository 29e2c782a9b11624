//! One command as it is recorded, checked and written to a recording, with its payload
//! inline. The list keeps a compact form of it (`list::Op`).

use super::counters::Counter;
use super::render_enable::ConditionalRender;
use super::texture_clear::TextureClear;
use crate::ids::{BufferId, ProgramId, SamplerTableId, SyncId, TextureId, TextureTableId, ViewId};
use crate::objects::{BufferRange, ImageHandle, Stage, SyncCondition, TextureHandle};
use crate::state::{ComponentMask, IndexType, PrimitiveKind, StateChange, MAX_COLOR_TARGETS};

use super::transform_feedback::{TransformFeedbackControl, TransformFeedbackVerb};

/// Up to eight colour views and a depth/stencil view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct RenderTargets {
    pub colors: [Option<ViewId>; MAX_COLOR_TARGETS],
    pub depth_stencil: Option<ViewId>,
}

impl RenderTargets {
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.depth_stencil.is_none() && self.colors.iter().all(Option::is_none)
    }
    pub fn views(&self) -> impl Iterator<Item = ViewId> + '_ {
        self.colors
            .iter()
            .chain(Some(&self.depth_stencil))
            .flatten()
            .copied()
    }
}

/// A colour clear value, in the numeric kind of the target's format.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ClearValue {
    Float([f32; 4]),
    Int([i32; 4]),
    Uint([u32; 4]),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BufferBinding {
    Vertex { stream: u8 },
    Index { index_type: IndexType },
    Uniform { stage: Stage, slot: u8 },
    Storage { stage: Stage, slot: u8 },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DrawArrays {
    pub primitive: PrimitiveKind,
    pub first_vertex: u32,
    pub vertex_count: u32,
    pub first_instance: u32,
    pub instance_count: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DrawIndexed {
    pub primitive: PrimitiveKind,
    pub first_index: u32,
    pub index_count: u32,
    pub base_vertex: i32,
    pub first_instance: u32,
    pub instance_count: u32,
}

/// Draws whose arguments the GPU reads from a buffer: `draw_count` records
/// `stride_b` apart from `offset_b`, laid out as Vulkan's indirect commands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DrawIndirect {
    pub primitive: PrimitiveKind,
    pub indexed: bool,
    pub buffer: BufferId,
    pub offset_b: u64,
    pub draw_count: u32,
    pub stride_b: u32,
}

impl DrawIndirect {
    /// Bytes of one argument record: 16 for arrays, 20 for indexed draws.
    pub fn record_size_b(&self) -> u64 {
        if self.indexed {
            20
        } else {
            16
        }
    }
}

/// A box of one level of a texture, in pixels; `z`/`depth` count depth slices of a
/// 3D texture and layers (faces for cubes) otherwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TextureRegion {
    pub texture: TextureId,
    pub level: u32,
    pub x_px: u32,
    pub y_px: u32,
    pub z: u32,
    pub width_px: u32,
    pub height_px: u32,
    pub depth: u32,
}

impl TextureRegion {
    /// `width_px` x `height_px` of level `level` of `texture` from its origin, one deep.
    pub fn from_origin(texture: TextureId, level: u32, width_px: u32, height_px: u32) -> Self {
        TextureRegion {
            texture,
            level,
            x_px: 0,
            y_px: 0,
            z: 0,
            width_px,
            height_px,
            depth: 1,
        }
    }
}

/// Texels in a buffer: rows `row_pitch_b` apart (0: tight), images
/// `rows_per_image` rows apart (0: tight).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BufferImage {
    pub buffer: BufferId,
    pub offset_b: u64,
    pub row_pitch_b: u32,
    pub rows_per_image: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CopyOp {
    BufferToBuffer {
        source: BufferId,
        source_offset_b: u64,
        destination: BufferId,
        destination_offset_b: u64,
        size_b: u64,
    },
    BufferToTexture {
        source: BufferImage,
        destination: TextureRegion,
    },
    TextureToBuffer {
        source: TextureRegion,
        destination: BufferImage,
    },
    /// Regions of other sizes scale (NVN's blit), with linear filtering if asked.
    TextureToTexture {
        source: TextureRegion,
        destination: TextureRegion,
        linear_filter: bool,
    },
    /// NVN's `Downsample` (`ResolveMode::Average`) or the depth resolve
    /// (`ResolveMode::SampleZero`): level 0, layer 0 of a multisample texture into a
    /// single-sample one of its format and size (`command::resolve`).
    Resolve {
        source: TextureId,
        destination: TextureId,
        mode: super::resolve::ResolveMode,
    },
}

flag_set!(
    /// What later work waits for (NVN's barrier order bits).
    pub struct BarrierOrder {
        PRIMITIVES = 1,
        FRAGMENTS = 2,
        FRAGMENTS_TILED = 4,
        INDIRECT_DATA = 8,
    }
);

flag_set!(
    /// Caches a barrier invalidates.
    pub struct Invalidate {
        TEXTURES = 1,
        SHADERS = 2,
        TEXTURE_DESCRIPTORS = 4,
        ZCULL = 8,
        L2_CACHE = 16,
    }
);

/// Render target contents the program no longer needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DiscardTarget {
    Color(u8),
    DepthStencil,
}

/// Bytes written into a uniform buffer at this point of the list (NVN's inline uniform
/// update): draws recorded after it read them, draws before it the old contents.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct UniformUpdate {
    pub buffer: BufferId,
    /// From the buffer's start; a multiple of 4, as is the absolute pool offset.
    pub offset_b: u64,
    /// 4 to `MAX_UNIFORM_UPDATE_B` bytes, a multiple of 4.
    pub bytes: Vec<u8>,
}

/// The most bytes one inline uniform update writes (NVN's and Vulkan's
/// `vkCmdUpdateBuffer` limit).
pub const MAX_UNIFORM_UPDATE_B: usize = 65536;

#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    BindRenderTargets(RenderTargets),
    ClearColor {
        target: u8,
        value: ClearValue,
        mask: ComponentMask,
    },
    /// `None` leaves that aspect alone.
    ClearDepthStencil {
        depth: Option<f32>,
        stencil: Option<u8>,
        stencil_mask: u8,
    },
    SetState(StateChange),
    BindProgram(ProgramId),
    BindDescriptorTables {
        textures: TextureTableId,
        samplers: SamplerTableId,
    },
    /// One of the two tables, the other left as it is (it may come from an earlier list).
    BindDescriptorTable(super::TableBind),
    BindBuffer {
        binding: BufferBinding,
        range: BufferRange,
    },
    BindTexture {
        stage: Stage,
        slot: u8,
        handle: TextureHandle,
    },
    BindImage {
        stage: Stage,
        slot: u8,
        handle: ImageHandle,
    },
    Draw(DrawArrays),
    DrawIndexed(DrawIndexed),
    DrawIndirect(DrawIndirect),
    Dispatch {
        groups: [u32; 3],
    },
    DispatchIndirect {
        buffer: BufferId,
        offset_b: u64,
    },
    Copy(CopyOp),
    Barrier {
        order: BarrierOrder,
        invalidate: Invalidate,
    },
    SignalSync {
        sync: SyncId,
        condition: SyncCondition,
        flush: bool,
    },
    WaitSync {
        sync: SyncId,
    },
    Discard(DiscardTarget),
    UpdateUniformBuffer(UniformUpdate),
    // Transform feedback (`transform_feedback`).
    /// Capture buffer `index` (0 to 3) is `range`.
    BindTransformFeedbackBuffer {
        index: u8,
        range: BufferRange,
    },
    /// Begin, pause, resume or end capturing, with the byte counts in `control`.
    TransformFeedback {
        verb: TransformFeedbackVerb,
        control: TransformFeedbackControl,
    },
    // Issue 18, counters (`command::counters`): NVN's reports into pool memory.
    /// NVN's `ReportCounter`: the counter's value and a timestamp, 16 bytes at
    /// `offset_b` of `buffer` (a pool address that is a multiple of 16).
    ReportCounter {
        counter: Counter,
        buffer: BufferId,
        offset_b: u64,
    },
    /// NVN's `ReportValue`: `value` as 4 bytes at `offset_b` of `buffer` (a pool address
    /// that is a multiple of 4), in order with the work around it.
    ReportValue {
        value: u32,
        buffer: BufferId,
        offset_b: u64,
    },
    /// NVN's `ResetCounter`: an accumulating counter starts again from zero.
    ResetCounter(Counter),
    /// NVN's `SetRenderEnable`: later draws and clears run or are skipped.
    SetRenderEnable(bool),
    /// NVN's `SetRenderEnableConditional`: later draws and clears run as `mode` finds the
    /// values of the two reports at `offset_b` of `buffer` (32 bytes, a pool address that
    /// is a multiple of 16), as the work before it left them.
    SetRenderEnableConditional {
        mode: ConditionalRender,
        buffer: BufferId,
        offset_b: u64,
    },
    // Issue 17, clears outside passes (`command::fill`).
    /// NVN's `ClearBuffer`: `size_b` bytes of `buffer` from `offset_b` hold `value`
    /// repeated (little-endian), in order with the work around it. The pool address and
    /// the size are multiples of 4.
    FillBuffer {
        buffer: BufferId,
        offset_b: u64,
        size_b: u64,
        value: u32,
    },
    /// NVN's `ClearTexture`: a colour or depth/stencil value over a box of a view's first
    /// level (`command::texture_clear`), outside render passes, in order with the work
    /// around it.
    ClearTexture(TextureClear),
    // Issue 17, debug groups and labels (`command::debug_group`).
    /// NVN's `PushDebugGroup`: the work until the matching pop is a group of this name.
    PushDebugGroup(String),
    /// NVN's `PopDebugGroup`: the innermost open group ends.
    PopDebugGroup,
    /// NVN's `InsertDebugMarker`: a label at this point of the list.
    InsertDebugLabel(String),
}

impl Command {
    /// Whether the command signals or waits on a sync (it takes a value at submit).
    pub fn sync(&self) -> Option<SyncId> {
        match self {
            Command::SignalSync { sync, .. } | Command::WaitSync { sync } => Some(*sync),
            _ => None,
        }
    }
}
