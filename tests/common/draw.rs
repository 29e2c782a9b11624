//! Draw helpers: a colour target, one triangle, and a stream of 2-float positions for
//! `programs::POSITION_VERT`.

use gpu::command::{BufferBinding, DrawArrays, RenderTargets};
use gpu::objects::BufferRange;
use gpu::state::{
    ComponentKind, PrimitiveKind, StateChange, VertexAttribute, VertexFormat, VertexStream,
};
use gpu::{PoolId, ProgramId, ViewId};

/// One triangle over the whole target, in clip space (Vulkan's: y grows downwards).
pub const FULL_TRIANGLE_NDC: [f32; 6] = [-1.0, -1.0, 3.0, -1.0, -1.0, 3.0];

/// Bytes from one position to the next in a position stream: two `f32`.
const POSITION_STRIDE_B: u32 = 8;

/// Render targets of `view` alone, as colour target 0.
pub fn colour(view: ViewId) -> RenderTargets {
    let mut targets = RenderTargets::default();
    targets.colors[0] = Some(view);
    targets
}

/// A draw of one triangle of vertices 0 to 2, one instance.
pub fn triangle() -> DrawArrays {
    DrawArrays {
        primitive: PrimitiveKind::Triangles,
        first_vertex: 0,
        vertex_count: 3,
        first_instance: 0,
        instance_count: 1,
    }
}

/// `values` as little-endian bytes, as the GPU reads vertices and uniforms.
pub fn f32_bytes(values: &[f32]) -> Vec<u8> {
    values.iter().flat_map(|v| v.to_le_bytes()).collect()
}

/// A buffer at `offset_b` of `pool` holding `positions` (x, y pairs), and the range over
/// them.
pub fn positions_at(
    device: &gpu::Device,
    pool: PoolId,
    offset_b: u64,
    positions: &[f32],
) -> BufferRange {
    let bytes = f32_bytes(positions);
    device.write_pool(pool, offset_b, &bytes).unwrap();
    let size_b = bytes.len() as u64;
    BufferRange {
        buffer: super::device::buffer(device, pool, offset_b, size_b),
        offset_b: 0,
        size_b,
    }
}

/// Records the vertex layout of a position stream, `program` (its vertex stage
/// `POSITION_VERT`) and `positions` as vertex stream 0.
pub fn bind_positions(
    commands: &mut gpu::CommandBuffer<'_>,
    program: ProgramId,
    positions: BufferRange,
) {
    bind_positions_strided(commands, program, positions, POSITION_STRIDE_B);
}

/// `bind_positions` with `stride_b` bytes from one vertex's position to the next.
pub fn bind_positions_strided(
    commands: &mut gpu::CommandBuffer<'_>,
    program: ProgramId,
    positions: BufferRange,
    stride_b: u32,
) {
    // The tests' positions are in Vulkan's clip space (`FULL_TRIANGLE_NDC`): y grows
    // down the target's rows, deko3d's y axis down under NVN's upper-left origin. A test
    // of NVN's own clip space sets `ClipYAxis::Up` after this.
    commands
        .set_state(StateChange::ClipYAxis(gpu::state::ClipYAxis::Down))
        .unwrap();
    commands
        .set_state(StateChange::VertexStreams(vec![VertexStream {
            stride_b,
            divisor: 0,
        }]))
        .unwrap();
    commands
        .set_state(StateChange::VertexAttributes(vec![VertexAttribute {
            location: 0,
            stream: 0,
            format: VertexFormat {
                kind: ComponentKind::Float32,
                components: 2,
            },
            offset_b: 0,
        }]))
        .unwrap();
    commands.bind_program(program).unwrap();
    commands
        .bind_buffer(BufferBinding::Vertex { stream: 0 }, positions)
        .unwrap();
}

/// Binds the tint at `offset_b` into the buffer `tints` for the fragment stage's slot 0.
pub fn bind_tint(commands: &mut gpu::CommandBuffer<'_>, tints: gpu::BufferId, offset_b: u64) {
    commands
        .bind_buffer(
            BufferBinding::Uniform {
                stage: gpu::objects::Stage::Fragment,
                slot: 0,
            },
            BufferRange {
                buffer: tints,
                offset_b,
                size_b: 16,
            },
        )
        .unwrap();
}
