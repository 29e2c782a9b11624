//! `hookshot bench ...`: every figure is a ratio against a baseline measured in the same run.

pub mod defrag;
pub mod draws;
pub mod pointers;
pub mod record;
pub mod scale;

/// The most rounds, frames or batches a benchmark takes: a median needs at least one,
/// and more than this is hours, not a measurement.
const MAX_ROUNDS: i64 = 10_000;
pub mod shaders;
pub mod shaders_fuzz;
pub mod stutter;
pub mod swizzle;
pub mod tracking;
pub mod writeback;

/// Records the benches' vertex input: stream 0 of 2-float positions (8 bytes apart) at
/// location 0, read from `positions`.
fn bind_position_stream(
    commands: &mut gpu::CommandBuffer<'_>,
    positions: gpu::objects::BufferRange,
) -> Result<(), gpu::RecordError> {
    use gpu::state::{ComponentKind, StateChange, VertexAttribute, VertexFormat, VertexStream};
    commands.set_state(StateChange::VertexStreams(vec![VertexStream {
        stride_b: 8,
        divisor: 0,
    }]))?;
    commands.set_state(StateChange::VertexAttributes(vec![VertexAttribute {
        location: 0,
        stream: 0,
        format: VertexFormat {
            kind: ComponentKind::Float32,
            components: 2,
        },
        offset_b: 0,
    }]))?;
    commands.bind_buffer(gpu::command::BufferBinding::Vertex { stream: 0 }, positions)
}

/// `entries` tints `stride_b` bytes apart (per-draw uniforms): entry `i` is an RGBA of
/// f32 whose red steps with `i` (mod 255), green falls as red rises, blue 0.5.
fn tint_bytes(entries: usize, stride_b: usize, alpha: f32) -> Vec<u8> {
    let mut bytes = vec![0u8; entries * stride_b];
    for (index, tint) in bytes.chunks_mut(stride_b).enumerate() {
        let shade = (index % 255) as f32 / 255.0;
        for (at, value) in [shade, 1.0 - shade, 0.5, alpha].iter().enumerate() {
            tint[at * 4..at * 4 + 4].copy_from_slice(&value.to_le_bytes());
        }
    }
    bytes
}

#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    which: Which,
}

#[derive(clap::Subcommand)]
enum Which {
    /// CPU swizzle and deswizzle against tegra_swizzle and a plain copy.
    Swizzle(swizzle::Args),
    /// Shader translation of the corpus: cold against a warm cache.
    Shaders(shaders::Args),
    /// The GPU write-back and upload kernels against plain Vulkan copies of the same bytes.
    Writeback(writeback::Args),
    /// Draws through Hookshot (NVN command buffer -> executor) against the same draws
    /// recorded directly with ash.
    Draws(draws::Args),
    /// The game's writes into a page-protected pool against an unprotected one.
    Tracking(tracking::Args),
    /// Seed 000's defragmentation by remapping a virtual pool's pages against `memcpy`.
    Defrag(defrag::Args),
    /// A compute dispatch through raw pointers (the pool table), compiled and as GLSL
    /// buffer references, against the same dispatch through storage bindings.
    Pointers(pointers::Args),
    /// New materials over time from a cold start: median and worst frame, frames that
    /// waited on a pipeline compile.
    Stutter(stutter::Args),
    /// N threads each recording and submitting their own command lists against one
    /// thread doing the same, in the same run.
    Record(record::Args),
    /// Growth curves: the cost of a draw, a texture use, a bind, a program switch and a
    /// submit as draws a frame, live textures, pools, programs and submits grow.
    Scale(scale::Args),
}

pub fn run(args: Args) -> anyhow::Result<()> {
    match args.which {
        Which::Swizzle(args) => swizzle::run(args),
        Which::Shaders(args) => shaders::run(args),
        Which::Writeback(args) => writeback::run(args),
        Which::Draws(args) => draws::run(args),
        Which::Tracking(args) => tracking::run(args),
        Which::Defrag(args) => defrag::run(args),
        Which::Pointers(args) => pointers::run(args),
        Which::Stutter(args) => stutter::run(args),
        Which::Record(args) => record::run(args),
        Which::Scale(args) => scale::run(args),
    }
}
