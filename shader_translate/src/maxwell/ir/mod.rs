//! The translator's intermediate form of a Maxwell program: basic blocks (`blocks.rs`)
//! and, for the programs Hookshot translates so far, SSA values built from them
//! (`build.rs`). Registers are untyped 32-bit words on Maxwell, so every value is a `u32`
//! (floats are their bits) or a predicate `bool`.

mod blocks;
mod build;
mod double;
mod jump_table;
mod surface;
mod texture;

pub use blocks::{
    flow_test, leaves_straight_line, split_blocks, split_blocks_with, target_of, Block, Terminator,
};
pub(crate) use build::PATCH_GENERIC_B;
pub use build::{build, AttrRead, Function, InterpolateAt, Ipa, Outputs, Unsupported};
pub use double::DoubleOp;
pub use jump_table::{jump_tables, JumpTable};
pub use surface::{SurfaceAccess, SurfaceOp};
pub use texture::{TexDim, TexKind, TexRead, TexShape};

/// An SSA value: an index into [`Function::ops`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Value(pub u32);

/// Float functions of one operand (the MUFU unit and the sign modifiers).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FloatUnary {
    Neg,
    Abs,
    /// Clamp to [0, 1] (`.sat`).
    Saturate,
    Rcp,
    Rsq,
    Sqrt,
    Sin,
    Cos,
    Ex2,
    Lg2,
    /// Rounding to an integral float (F2I's modes): to nearest even, down, up.
    RoundEven,
    Floor,
    Ceil,
    /// Toward zero (F2F's `trunc`).
    Trunc,
    /// The fragment's derivative along x or y (a quad's `shfl bfly` and `fswzadd`).
    DerivX,
    DerivY,
}

/// Operations of two operands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Binary {
    FAdd,
    FMul,
    FMin,
    FMax,
    IAdd,
    /// The low 32 bits of the product.
    IMul,
    /// The high 32 bits of the 64-bit product, unsigned and signed.
    UMulHi,
    SMulHi,
    /// Shift left; a count of 32 or more gives 0 (Maxwell's SHL clamps).
    Shl,
    /// Logical shift right, clamped like `Shl`.
    Shr,
    /// Arithmetic shift right, clamped to 31.
    Sar,
    And,
    Or,
    Xor,
}

/// Integer functions of one operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IntUnary {
    /// The bits in reverse order (`bfe brev`).
    BitReverse,
    /// The position of the highest set bit, `u32::MAX` for 0 (`flo u32`).
    FindUMsb,
    /// The position of the highest bit that differs from the sign, `u32::MAX` for 0 and
    /// -1 (`flo s32`).
    FindSMsb,
    /// The number of set bits (`popc`).
    PopCount,
    /// The half float in the word's low (or `high`) 16 bits as an f32's bits (`f2f f32
    /// f16`, uam's unpacking of rgba16f texels).
    HalfToFloat { high: bool },
    /// An f32's bits as a half float in the low 16 bits (the high ones zero), rounded to
    /// nearest even, overflowing to infinity (the half-precision pairs' results).
    FloatToHalf,
}

/// A comparison giving a predicate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Compare {
    /// Float comparison: (less, equal, greater, unordered) accepted.
    Float {
        lt: bool,
        eq: bool,
        gt: bool,
        unordered: bool,
    },
    /// Integer comparison, signed or not: (less, equal, greater) accepted.
    Int {
        signed: bool,
        lt: bool,
        eq: bool,
        gt: bool,
    },
}

/// How predicates combine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Logic {
    And,
    Or,
    Xor,
}

/// Memory that is not a storage buffer, addressed by byte offset: the workgroup's shared
/// memory (`s[]`, compute) or the invocation's own local memory (`l[]`: arrays the
/// compiler could not keep in registers, sized by the SPH or the compute header).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scratch {
    Shared,
    Local,
}

/// How a texture sample picks its level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TexLod {
    /// From the derivatives (fragment programs; level 0 elsewhere, as on the hardware).
    Implicit,
    Zero,
    /// A level given as a float.
    Level(Value),
    /// A float added to the implicit level (`texture(s, p, bias)`; fragment programs).
    Bias(Value),
    /// Explicit derivatives (`textureGrad`): d/dx then d/dy of each coordinate, the
    /// first `2 * coordinates` entries used.
    Gradient([Value; 6]),
}

/// One SSA operation.
#[derive(Clone, Debug, PartialEq)]
pub enum Op {
    Const(u32),
    BoolConst(bool),
    /// A word of the attribute space read (`ld a[]` in VTG stages, `ipa` in fragment).
    Attr(AttrRead),
    /// A word of constant buffer `index` at byte offset `offset_b` (a `u32` value).
    Cbuf {
        index: u8,
        offset_b: Value,
    },
    FloatUnary(FloatUnary, Value),
    Binary(Binary, Value, Value),
    /// `a * b + c` in float.
    Ffma(Value, Value, Value),
    /// A double-precision operation ([`DoubleOp`]): an f64, or a word or predicate.
    Double(DoubleOp),
    /// Integer to float and back (32-bit; `signed` for the integer side).
    IntToFloat {
        signed: bool,
        value: Value,
    },
    FloatToInt {
        signed: bool,
        value: Value,
    },
    Compare(Compare, Value, Value),
    Logic(Logic, Value, Value),
    Not(Value),
    /// `cond ? a : b`.
    Select {
        cond: Value,
        a: Value,
        b: Value,
    },
    /// A texture read ([`TexRead`]): four floats, taken apart with [`Op::Component`]
    /// (a `u32` word for a level-of-detail query).
    Texture(TexRead),
    /// An image access ([`SurfaceOp`]): a `u32` word for loads and atomics.
    Surface(SurfaceOp),
    /// Component `component` of TXQ's dimension query for level `lod` of the 2D (or 2D
    /// array) texture at NVN texture slot `slot` (`textureSize`, `textureQueryLevels`): 0
    /// the width, 1 the height, 2 the layers, 3 the level count; a `u32` word.
    TextureQuery {
        slot: u32,
        /// A slot picked at run time, as [`TexRead::index`].
        index: Option<Value>,
        lod: Value,
        component: u8,
    },
    /// Component `index` of a texture sample, as its bits.
    Component(Value, u8),
    /// `discard` where `cond` holds (fragment programs): an effect, not a value.
    Kill {
        cond: Value,
    },
    IntUnary(IntUnary, Value),
    /// The warp's ballot of `pred` (compute programs, in the workgroup's uniform control
    /// flow): bit L set where lane L of the invocation's 32-wide warp has `pred`; `lane`
    /// is the invocation's lane, `warp` its warp in the workgroup.
    Ballot {
        pred: Value,
        lane: Value,
        warp: Value,
    },
    /// `value` as invocation `source` of the workgroup holds it (`shfl`: `source` is a
    /// lane of the caller's warp; `own` is the caller's linear index in the workgroup).
    Shuffle {
        value: Value,
        own: Value,
        source: Value,
    },
    /// A fragment input word interpolated away from the pixel's centre (`ipa offset`,
    /// `ir/build/interpolate.rs`): the perspective-correct value for a perspective input.
    AttrAt {
        addr_b: u32,
        at: InterpolateAt,
    },
    /// The invocation's index in the device's subgroup (`SubgroupLocalInvocationId`):
    /// graphics stages' warps (`ir/build/subgroup.rs`).
    SubgroupInvocation,
    /// The device subgroup's ballot of `pred` (graphics stages): the 32 bits of it that
    /// hold the invocation's own bit, bit L for subgroup invocation `32 k + L`.
    SubgroupBallot {
        pred: Value,
    },
    /// `value` as subgroup invocation `source` holds it (graphics stages).
    SubgroupShuffle {
        value: Value,
        source: Value,
    },
    /// The register or predicate `var` as last stored (loops carry registers across
    /// iterations this way; the emitter writes them as SSA values joined by phis).
    Load(Var),
    /// Stores `value` in `var`: an effect.
    Store {
        var: Var,
        value: Value,
    },
    /// Opens a structured loop: what follows is its body, up to the matching
    /// [`Op::LoopEnd`].
    LoopBegin,
    /// Where `cond` holds, leaves the innermost loop (`brk`, or `ret` of a `pret`
    /// region) or goes on to its next iteration (`cont`).
    LoopLeave {
        cond: Value,
        to: LoopExit,
    },
    /// The end of the innermost loop's body: on to the next iteration when `repeat`,
    /// out of the loop otherwise (a `pret` region runs once).
    LoopEnd {
        repeat: bool,
    },
    /// A compute invocation id: component `.0` of the built-in.
    Builtin(Builtin, u8),
    /// A tessellation input the hardware gives through system registers or the
    /// attribute space.
    Tess(TessInput),
    /// Word `addr_b` of control point `vertex`'s attributes (`ld a[] Rv`): an arrayed
    /// input.
    VertexAttr {
        addr_b: u32,
        vertex: Value,
    },
    /// `st p`: word `addr_b` of the patch's attributes (the tessellation levels, or a
    /// `patch out` variable), stored where the instruction runs and only where `cond`
    /// holds.
    PatchStore {
        addr_b: u32,
        value: Value,
        cond: Option<Value>,
    },
    /// The word at byte `offset_b` of storage buffer binding `binding` (NVN's slot), read
    /// only where `cond` holds (0 elsewhere).
    StorageLoad {
        binding: u32,
        offset_b: Value,
        cond: Option<Value>,
    },
    /// Stores `value` there, where `cond` holds (always when `None`): an effect.
    StorageStore {
        binding: u32,
        offset_b: Value,
        value: Value,
        cond: Option<Value>,
    },
    /// An atomic on that word (on shared memory for `binding` `None`), giving the old
    /// value (where `cond` holds; then the result is not used).
    StorageAtomic {
        op: AtomicOp,
        binding: Option<u32>,
        offset_b: Value,
        value: Value,
        cond: Option<Value>,
    },
    /// Compare-and-swap on that word (`atom cas`, `atoms cas`): where the word equals
    /// `compare` it becomes `value`; gives the old word (where `cond` holds; then the
    /// result is not used).
    AtomicCompareSwap {
        binding: Option<u32>,
        offset_b: Value,
        compare: Value,
        value: Value,
        cond: Option<Value>,
    },
    /// The word at the raw 64-bit address `high:low` plus `extra_b` (NVN's address
    /// model: a pointer the program loaded or computed), found through the pool table;
    /// read only where `cond` holds and the address is in a live pool (0 elsewhere).
    GlobalLoad {
        at: GlobalAddress,
        cond: Option<Value>,
    },
    /// Stores `value` there, where `cond` holds and the address hits: an effect.
    GlobalStore {
        at: GlobalAddress,
        value: Value,
        cond: Option<Value>,
    },
    /// An atomic there (`compare`: a compare-and-swap, `value` the new word), giving the
    /// old word (0 where `cond` fails or the address misses).
    GlobalAtomic {
        op: AtomicOp,
        at: GlobalAddress,
        value: Value,
        compare: Option<Value>,
        cond: Option<Value>,
    },
    /// The word at byte `offset_b` of shared or local memory, read only where `cond`
    /// holds.
    ScratchLoad {
        space: Scratch,
        offset_b: Value,
        cond: Option<Value>,
    },
    ScratchStore {
        space: Scratch,
        offset_b: Value,
        value: Value,
        cond: Option<Value>,
    },
    /// `bar sync 0`: every invocation of the workgroup waits, shared memory ordered.
    Barrier,
    /// A fragment quad neighbour's `value` across x (or y where `vertical`): taken only
    /// as part of a derivative (the emitter refuses one that is otherwise used).
    QuadSwap {
        vertical: bool,
        value: Value,
    },
    /// `membar`: this invocation's memory accesses before it are ordered before those
    /// after it, as seen from the workgroup (`device`: false) or the device.
    MemoryBarrier {
        device: bool,
    },
    /// A geometry program's `out` where `cond` holds (always when `None`): the vertex of
    /// the outputs of [`Function::exits`]`[outputs]` emitted (`emit`), then the output
    /// strip ended (`cut`).
    Emit {
        cond: Option<Value>,
        emit: bool,
        cut: bool,
        outputs: usize,
    },
    /// The program ends where `cond` holds (`exit` under a guard or in an arm), with
    /// the outputs of [`Function::exits`]`[outputs]`.
    Exit {
        cond: Value,
        outputs: usize,
    },
}

/// A register, predicate or attribute output carried across a loop (a phi where paths
/// join, in the emitted module).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Var {
    Reg(u8),
    Pred(u8),
    /// Set where a `ret` from inside inner loops leaves the `pret` region at loop depth
    /// `.0`: each loop it crosses leaves where it is set, as it ends.
    Leave(u8),
    /// The word last stored at attribute address `.0` (`st a[]`).
    Attr(u32),
}

/// Tessellation inputs without a vertex index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TessInput {
    /// Component `.0` (u or v) of gl_TessCoord (`ld o a[0x2f0]` at the lane id).
    Coord(u8),
    /// `$invocation_info`, as one patch's (or input primitive's) view: its vertex count
    /// in bits 8-15, zero elsewhere (the base of the patch in the warp's vertex buffer,
    /// byte 0 times byte 2, is 0).
    InvocationInfo,
    /// `$laneid` in a tess-eval program: only the index of the tess coord load; any
    /// other use is refused when emitted (`mov` at byte `offset_b`).
    Lane { offset_b: u32 },
    /// Tess control: `$invocation_id`, the output vertex this invocation writes;
    /// geometry: gl_InvocationID.
    InvocationId,
    /// Tess eval: word `.0` of the patch's attributes (`ld p a[]`), a user patch input
    /// (`patch in`, location L at a[0x20 + 16 L]).
    Patch(u32),
}

/// A raw 64-bit global address: two 32-bit halves plus a constant byte offset (added in
/// 64 bits when emitted, so a carry crosses into the high word).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GlobalAddress {
    pub low: Value,
    pub high: Value,
    pub extra_b: i64,
}

/// A class of the device's subgroup operations a graphics stage's warp instruction
/// needs (Vulkan's `VkSubgroupFeatureFlagBits` of the same names).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SubgroupNeed {
    /// The subgroup index (`$laneid`).
    Basic,
    /// Ballots (`vote`).
    Ballot,
    /// Shuffles (`shfl`).
    Shuffle,
    /// A fragment quad's swap (`shfl bfly` within a quad, used other than in a derivative).
    Quad,
}

/// Compute built-ins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Builtin {
    LocalInvocationId,
    WorkgroupId,
    NumWorkgroups,
    /// Fragment: the sample the invocation shades (`pixld my_index`).
    SampleId,
    /// Fragment: the coverage of the samples the invocation shades (`pixld covmask`).
    SampleMask,
}

/// Atomic operations on 32-bit words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AtomicOp {
    Add,
    And,
    Or,
    Xor,
    Exchange,
    UMin,
    UMax,
    SMin,
    SMax,
}

impl Op {
    /// The values the operation reads.
    pub fn operands(&self) -> Vec<Value> {
        match *self {
            Op::Const(_)
            | Op::BoolConst(_)
            | Op::Load(_)
            | Op::LoopBegin
            | Op::LoopEnd { .. }
            | Op::Builtin(..)
            | Op::SubgroupInvocation
            | Op::Tess(_)
            | Op::Barrier
            | Op::MemoryBarrier { .. } => vec![],
            Op::Attr(read) => match read.ipa {
                Some(Ipa::Multiply { multiplier }) => vec![multiplier],
                _ => vec![],
            },
            Op::Cbuf { offset_b, .. } => vec![offset_b],
            Op::AttrAt {
                at: InterpolateAt::Offset(a) | InterpolateAt::Sample(a),
                ..
            } => vec![a],
            Op::StorageLoad { offset_b, cond, .. } | Op::ScratchLoad { offset_b, cond, .. } => {
                [offset_b].into_iter().chain(cond).collect()
            }
            Op::FloatUnary(_, a)
            | Op::QuadSwap { value: a, .. }
            | Op::SubgroupBallot { pred: a }
            | Op::IntToFloat { value: a, .. }
            | Op::FloatToInt { value: a, .. }
            | Op::Not(a)
            | Op::IntUnary(_, a)
            | Op::Component(a, _)
            | Op::Kill { cond: a }
            | Op::VertexAttr { vertex: a, .. }
            | Op::Store { value: a, .. }
            | Op::LoopLeave { cond: a, .. }
            | Op::Exit { cond: a, .. } => vec![a],
            Op::Binary(_, a, b) | Op::Compare(_, a, b) | Op::Logic(_, a, b) => vec![a, b],
            Op::Ballot { pred, lane, warp } => vec![pred, lane, warp],
            Op::Shuffle { value, own, source } => vec![value, own, source],
            Op::SubgroupShuffle { value, source } => vec![value, source],
            Op::Ffma(a, b, c)
            | Op::Select {
                cond: a,
                a: b,
                b: c,
            } => vec![a, b, c],
            Op::Texture(ref read) => read.operands(),
            Op::Double(ref op) => op.operands(),
            Op::Surface(ref access) => access.operands(),
            Op::TextureQuery { lod, index, .. } => [lod].into_iter().chain(index).collect(),
            Op::StorageStore {
                offset_b,
                value,
                cond,
                ..
            }
            | Op::StorageAtomic {
                offset_b,
                value,
                cond,
                ..
            }
            | Op::ScratchStore {
                offset_b,
                value,
                cond,
                ..
            } => [offset_b, value].into_iter().chain(cond).collect(),
            Op::GlobalLoad { at, cond } => [at.low, at.high].into_iter().chain(cond).collect(),
            Op::GlobalStore { at, value, cond } => {
                [at.low, at.high, value].into_iter().chain(cond).collect()
            }
            Op::GlobalAtomic {
                at,
                value,
                compare,
                cond,
                ..
            } => [at.low, at.high, value]
                .into_iter()
                .chain(compare)
                .chain(cond)
                .collect(),
            Op::PatchStore { value, cond, .. } => [value].into_iter().chain(cond).collect(),
            Op::Emit { cond, .. } => cond.into_iter().collect(),
            Op::AtomicCompareSwap {
                offset_b,
                compare,
                value,
                cond,
                ..
            } => [offset_b, compare, value].into_iter().chain(cond).collect(),
        }
    }

    /// Whether the operation does something besides giving a value.
    pub fn has_effect(&self) -> bool {
        if let Op::Surface(access) = self {
            return access.has_effect();
        }
        matches!(
            self,
            Op::Kill { .. }
                | Op::Store { .. }
                | Op::LoopBegin
                | Op::LoopLeave { .. }
                | Op::LoopEnd { .. }
                | Op::Exit { .. }
                | Op::StorageStore { .. }
                | Op::StorageAtomic { .. }
                | Op::AtomicCompareSwap { .. }
                | Op::GlobalStore { .. }
                | Op::GlobalAtomic { .. }
                | Op::ScratchStore { .. }
                | Op::PatchStore { .. }
                | Op::Emit { .. }
                | Op::Barrier
                | Op::MemoryBarrier { .. }
        )
    }
}

/// Where [`Op::LoopLeave`] goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoopExit {
    Break,
    Continue,
}
