//! The executor on the real driver (lavapipe in CI) with validation and synchronization
//! validation on: clears read back through copies, every copy direction against
//! `memory`'s CPU swizzle (pools imported and mirrored), sync waits, repeat submissions,
//! and work it does not run yet refused with a typed error.

mod common;

use std::time::Duration;

use common::device::cached_pool;
use common::draw::{
    bind_positions, bind_tint, colour, f32_bytes, positions_at, triangle, FULL_TRIANGLE_NDC,
};
use common::programs::{position_program, program, TEXEL_FRAG, TINT_FRAG};
use common::readback::{copy_to_buffer, pool_bytes, region};
use common::rig::Rig;
use common::texels::{linear_level, swizzled, Bytes};
use gpu::command::{
    BarrierOrder, BufferBinding, BufferImage, ClearValue, CopyOp, DrawArrays, DrawIndexed,
    Invalidate, RenderTargets, TextureRegion,
};
use gpu::objects::{
    BufferRange, ImageHandle, SamplerMaker, Stage, SyncCondition, SyncWait, TextureBuilder,
    TextureFlags, TextureHandle,
};
use gpu::state::{
    CompareOp, ComponentMask, DepthStencilState, IndexType, PrimitiveKind, StateChange,
};
use gpu::{BackendError, QueueError, ViewId};
use gpu_vk::executor::ExecutorOptions;
use memory::Format;

fn format(name: &str) -> Format {
    Format::from_name(name).unwrap()
}

#[test]
fn colour_clears_become_load_ops_and_read_back_exactly() {
    for import in [true, false] {
        let rig = Rig::new(import);
        let (a, view_a) = rig.texture(&TextureBuilder::new_2d(format("rgba8"), 16, 8), 0);
        let (b, view_b) = rig.texture(&TextureBuilder::new_2d(format("rgba8ui"), 16, 8), 64 << 10);
        let mut targets = colour(view_a);
        targets.colors[1] = Some(view_b);
        let mut commands = rig.device.command_buffer();
        commands.bind_render_targets(targets).unwrap();
        commands
            .clear_color(
                0,
                ClearValue::Float([1.0, 0.0, 0.4, 1.0]),
                ComponentMask::ALL,
            )
            .unwrap();
        commands
            .clear_color(1, ClearValue::Uint([7, 200, 9, 255]), ComponentMask::ALL)
            .unwrap();
        let pixels = rig.submit_and_read(commands, region(a, 0, 16, 8), 16 * 8 * 4);
        for pixel in pixels.chunks(4) {
            assert_eq!(pixel, [255, 0, 102, 255], "import {import}");
        }

        for pixel in rig.read(region(b, 0, 16, 8), 16 * 8 * 4).chunks(4) {
            assert_eq!(pixel, [7, 200, 9, 255], "import {import}");
        }
    }
}

/// A clear with no components keeps the contents; a partial mask writes only its
/// components (a masked draw inside the pass), for float and unsigned targets.
#[test]
fn component_masks_clear_only_their_components() {
    let rig = Rig::new(true);
    let (texture, view) = rig.texture(&TextureBuilder::new_2d(format("rgba8"), 8, 8), 0);
    let (uint, uint_view) = rig.texture(&TextureBuilder::new_2d(format("rgba8ui"), 8, 8), 64 << 10);
    let commands = rig.cleared(view, [0.0, 1.0, 0.0, 1.0]);
    rig.submit(&commands.finish());

    let mut commands = rig.device.command_buffer();
    commands.bind_render_targets(colour(view)).unwrap();
    commands
        .clear_color(
            0,
            ClearValue::Float([1.0, 0.0, 0.0, 1.0]),
            ComponentMask::NONE,
        )
        .unwrap();
    for pixel in rig
        .submit_and_read(commands, region(texture, 0, 8, 8), 8 * 8 * 4)
        .chunks(4)
    {
        assert_eq!(pixel, [0, 255, 0, 255]);
    }

    let mut commands = rig.device.command_buffer();
    commands.bind_render_targets(colour(view)).unwrap();
    commands
        .clear_color(0, ClearValue::Float([1.0, 0.0, 1.0, 0.0]), ComponentMask::R)
        .unwrap();
    commands
        .clear_color(0, ClearValue::Float([0.0, 0.0, 0.0, 0.0]), ComponentMask::A)
        .unwrap();
    commands.copy(rig.read_level(texture, 0, 8, 8)).unwrap();
    let mut targets = colour(view);
    targets.colors[1] = Some(uint_view);
    commands.bind_render_targets(targets).unwrap();
    commands
        .clear_color(1, ClearValue::Uint([1, 2, 3, 4]), ComponentMask::ALL)
        .unwrap();
    commands
        .clear_color(
            1,
            ClearValue::Uint([9, 9, 9, 9]),
            ComponentMask::G | ComponentMask::B,
        )
        .unwrap();
    rig.submit(&commands.finish());
    rig.finish();
    for pixel in rig.read_back(8 * 8 * 4).chunks(4) {
        assert_eq!(pixel, [255, 255, 0, 0]);
    }
    for pixel in rig.read(region(uint, 0, 8, 8), 8 * 8 * 4).chunks(4) {
        assert_eq!(pixel, [1, 9, 9, 4]);
    }
}

#[test]
fn depth_and_stencil_clears_read_back() {
    let rig = Rig::new(true);
    let (depth, depth_view) = rig.texture(&TextureBuilder::new_2d(format("z32f"), 8, 4), 0);
    let (stencil, stencil_view) =
        rig.texture(&TextureBuilder::new_2d(format("s8"), 8, 4), 64 << 10);
    for (view, depth_value, stencil_value) in [
        (depth_view, Some(0.25), None),
        (stencil_view, None, Some(0x5a)),
    ] {
        let mut commands = rig.device.command_buffer();
        commands
            .bind_render_targets(RenderTargets {
                depth_stencil: Some(view),
                ..RenderTargets::default()
            })
            .unwrap();
        commands
            .clear_depth_stencil(depth_value, stencil_value, 0xff)
            .unwrap();
        rig.submit(&commands.finish());
    }
    for texel in rig.read(region(depth, 0, 8, 4), 8 * 4 * 4).chunks(4) {
        assert_eq!(f32::from_le_bytes(texel.try_into().unwrap()), 0.25);
    }
    assert!(rig
        .read(region(stencil, 0, 8, 4), 8 * 4)
        .iter()
        .all(|&texel| texel == 0x5a));
}

/// The seeds' terrain tile: 260x260 RG8, 9 levels, block-linear in a CPU_CACHED |
/// GPU_CACHED pool, written by the CPU (swizzled by `memory`), read back level by level.
#[test]
fn uploads_deswizzle_every_level_as_memory_swizzled_it() {
    for import in [true, false] {
        let rig = Rig::new(import);
        let builder = TextureBuilder::new_2d(format("rg8"), 260, 260).levels(9);
        let layout = builder.layout().unwrap();
        let (texture, _) = rig.texture(&builder, 0);
        let linear = Bytes(0x5eed).vec(layout.linear_size_b() as usize);
        rig.device
            .write_pool(rig.pool, 0, &swizzled(&layout, &linear))
            .unwrap();
        for level in 0..9 {
            let [width_px, height_px, _] = [(260u32 >> level).max(1), (260u32 >> level).max(1), 1];
            let expected = linear_level(&layout, &linear, level);
            assert!(
                rig.read(region(texture, level, width_px, height_px), expected.len()) == expected,
                "level {level} (import {import}) differs from the CPU's linear texels"
            );
        }
    }
}

#[test]
fn a_cpu_write_after_use_is_uploaded_again() {
    let rig = Rig::new(false);
    let builder = TextureBuilder::new_2d(format("rgba8"), 32, 32);
    let layout = builder.layout().unwrap();
    let (texture, _) = rig.texture(&builder, 0);
    let mut generator = Bytes(7);
    for round in 0..2 {
        let linear = generator.vec(layout.linear_size_b() as usize);
        rig.device
            .write_pool(rig.pool, 0, &swizzled(&layout, &linear))
            .unwrap();
        assert!(
            rig.read(region(texture, 0, 32, 32), linear.len()) == linear,
            "round {round}"
        );
    }
}

/// Buffer -> texture (pitched rows, a sub-region), texture -> texture, texture -> buffer,
/// buffer -> buffer; checked against the CPU's model of each copy.
#[test]
fn copies_in_every_direction_match_the_cpu_model() {
    for import in [true, false] {
        let rig = Rig::new(import);
        let (a, _) = rig.texture(&TextureBuilder::new_2d(format("rgba8"), 16, 16), 0);
        let (b, _) = rig.texture(&TextureBuilder::new_2d(format("rgba8"), 16, 16), 64 << 10);
        let source_offset_b = 1 << 20;
        let source = rig.buffer(source_offset_b, 64 << 10);
        // 5x3 texels, rows 32 bytes apart.
        let rows = Bytes(99).vec(32 * 3);
        rig.device
            .write_pool(rig.pool, source_offset_b, &rows)
            .unwrap();
        let staging_offset_b = (1 << 20) + (128 << 10);
        let staging = rig.buffer(staging_offset_b, 64 << 10);

        let mut commands = rig.device.command_buffer();
        commands
            .copy(CopyOp::BufferToTexture {
                source: BufferImage {
                    buffer: source,
                    offset_b: 0,
                    row_pitch_b: 32,
                    rows_per_image: 0,
                },
                destination: TextureRegion {
                    x_px: 2,
                    y_px: 4,
                    width_px: 5,
                    height_px: 3,
                    ..region(a, 0, 0, 0)
                },
            })
            .unwrap();
        commands
            .copy(CopyOp::TextureToTexture {
                source: region(a, 0, 16, 16),
                destination: region(b, 0, 16, 16),
                linear_filter: false,
            })
            .unwrap();
        commands
            .copy(copy_to_buffer(region(b, 0, 16, 16), staging))
            .unwrap();
        commands
            .copy(CopyOp::BufferToBuffer {
                source: staging,
                source_offset_b: 0,
                destination: rig.readback.buffer,
                destination_offset_b: 0,
                size_b: 16 * 16 * 4,
            })
            .unwrap();
        rig.submit(&commands.finish());
        rig.finish();

        let mut expected = vec![0u8; 16 * 16 * 4];
        for y in 0..3 {
            let row = &rows[y * 32..y * 32 + 5 * 4];
            let at = ((4 + y) * 16 + 2) * 4;
            expected[at..at + 5 * 4].copy_from_slice(row);
        }
        assert!(rig.read_back(expected.len()) == expected, "import {import}");
    }
}

#[test]
fn a_scaling_copy_blits() {
    let rig = Rig::new(true);
    let (small, small_view) = rig.texture(&TextureBuilder::new_2d(format("rgba8"), 4, 4), 0);
    let (large, _) = rig.texture(&TextureBuilder::new_2d(format("rgba8"), 8, 8), 64 << 10);
    let mut commands = rig.cleared(small_view, [0.0, 0.0, 1.0, 1.0]);
    commands
        .copy(CopyOp::TextureToTexture {
            source: region(small, 0, 4, 4),
            destination: region(large, 0, 8, 8),
            linear_filter: true,
        })
        .unwrap();
    for pixel in rig
        .submit_and_read(commands, region(large, 0, 8, 8), 8 * 8 * 4)
        .chunks(4)
    {
        assert_eq!(pixel, [0, 0, 255, 255]);
    }
}

#[test]
fn a_sync_wait_before_the_signal_times_out_and_after_it_succeeds() {
    let rig = Rig::new(true);
    let sync = rig.device.create_sync().unwrap();
    assert_eq!(
        rig.device
            .wait_sync(sync, Duration::from_millis(1))
            .unwrap(),
        SyncWait::NeverSignaled
    );
    let (_, view) = rig.texture(&TextureBuilder::new_2d(format("rgba8"), 8, 8), 0);
    rig.backend.lock().hold_submissions().unwrap();
    let mut commands = rig.cleared(view, [1.0; 4]);
    commands
        .signal_sync(sync, SyncCondition::AllGpuCommandsComplete, true)
        .unwrap();
    rig.submit(&commands.finish());
    assert_eq!(
        rig.device
            .wait_sync(sync, Duration::from_millis(50))
            .unwrap(),
        SyncWait::TimedOut
    );
    rig.backend.lock().release_submissions().unwrap();
    assert_eq!(
        rig.device.wait_sync(sync, Duration::from_secs(30)).unwrap(),
        SyncWait::Signaled
    );
    // A GPU wait on it (already signalled) and a second signal in one list.
    let mut commands = rig.device.command_buffer();
    commands.wait_sync(sync).unwrap();
    commands
        .signal_sync(sync, SyncCondition::AllGpuCommandsComplete, false)
        .unwrap();
    commands.wait_sync(sync).unwrap();
    rig.submit(&commands.finish());
    assert_eq!(
        rig.device.wait_sync(sync, Duration::from_secs(30)).unwrap(),
        SyncWait::Signaled
    );
}

#[test]
fn the_same_list_submitted_twice_gives_the_same_pixels() {
    let rig = Rig::new(false);
    let (texture, view) = rig.texture(&TextureBuilder::new_2d(format("rgba8"), 16, 16), 0);
    let mut commands = rig.cleared(view, [0.2, 0.4, 0.6, 0.8]);
    commands.copy(rig.read_level(texture, 0, 16, 16)).unwrap();
    let list = commands.finish();
    rig.submit(&list);
    rig.finish();
    let first = rig.read_back(16 * 16 * 4);
    assert!(first.chunks(4).all(|pixel| pixel == [51, 102, 153, 204]));
    rig.device
        .write_pool(rig.pool, rig.readback.offset_b, &vec![0; first.len()])
        .unwrap();
    rig.submit(&list);
    rig.finish();
    assert_eq!(rig.read_back(first.len()), first);
}

#[test]
fn finalized_objects_are_released_after_their_last_use() {
    let rig = Rig::new(true);
    let (texture, view) = rig.texture(&TextureBuilder::new_2d(format("rgba8"), 8, 8), 0);
    let commands = rig.cleared(view, [1.0; 4]);
    rig.submit(&commands.finish());
    // The GPU may still be clearing: release is deferred to the fence.
    rig.device.finalize(view).unwrap();
    rig.device.finalize(texture).unwrap();
    let other = cached_pool(&rig.device, 64 << 10);
    rig.device.finalize(other).unwrap();
    rig.finish();
    rig.device.queue().flush().unwrap();
}

const DOUBLE_PLUS: &str = "#version 450
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer Values { uint values[]; };
layout(std140, binding = 0) uniform Params { uint add; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    values[i] = values[i] * 2u + add;
}
";

fn compute_program(rig: &Rig, source: &str) -> gpu::ProgramId {
    program(&rig.device, &[(shader_translate::Stage::Compute, source)])
}

/// Storage-buffer writes of a dispatch (direct, then indirect) are in the pool when the
/// CPU reads it after the fence, imported or mirrored.
#[test]
fn a_compute_dispatch_writes_storage_the_cpu_reads_after_the_fence() {
    for import in [true, false] {
        let rig = Rig::new(import);
        let program = compute_program(&rig, DOUBLE_PLUS);
        let values_offset_b = 1 << 20;
        let params_offset_b = values_offset_b + (64 << 10);
        let arguments_offset_b = params_offset_b + (64 << 10);
        let values = rig.buffer(values_offset_b, 256 * 4);
        let params = rig.buffer(params_offset_b, 256);
        let arguments = rig.buffer(arguments_offset_b, 256);
        let initial: Vec<u8> = (0..256u32).flat_map(|i| i.to_le_bytes()).collect();
        rig.device
            .write_pool(rig.pool, values_offset_b, &initial)
            .unwrap();
        rig.device
            .write_pool(rig.pool, params_offset_b, &5u32.to_le_bytes())
            .unwrap();
        let groups: Vec<u8> = [4u32, 1, 1].iter().flat_map(|g| g.to_le_bytes()).collect();
        rig.device
            .write_pool(rig.pool, arguments_offset_b, &groups)
            .unwrap();

        let mut commands = rig.device.command_buffer();
        commands.bind_program(program).unwrap();
        commands
            .bind_buffer(
                BufferBinding::Storage {
                    stage: Stage::Compute,
                    slot: 0,
                },
                BufferRange {
                    buffer: values,
                    offset_b: 0,
                    size_b: 256 * 4,
                },
            )
            .unwrap();
        commands
            .bind_buffer(
                BufferBinding::Uniform {
                    stage: Stage::Compute,
                    slot: 0,
                },
                BufferRange {
                    buffer: params,
                    offset_b: 0,
                    size_b: 16,
                },
            )
            .unwrap();
        commands.dispatch([4, 1, 1]).unwrap();
        commands
            .barrier(BarrierOrder::PRIMITIVES, Invalidate::NONE)
            .unwrap();
        commands.dispatch_indirect(arguments, 0).unwrap();
        rig.submit(&commands.finish());
        rig.finish();
        let out = pool_bytes(&rig.device, rig.pool, values_offset_b, 256 * 4);
        for (i, value) in out.chunks(4).enumerate() {
            let value = u32::from_le_bytes(value.try_into().unwrap());
            assert_eq!(
                value,
                (i as u32 * 2 + 5) * 2 + 5,
                "import {import}, index {i}"
            );
        }
    }
}

#[test]
fn a_dispatch_with_an_unbound_slot_is_refused_before_anything_runs() {
    let rig = Rig::new(true);
    let program = compute_program(&rig, DOUBLE_PLUS);
    let mut commands = rig.device.command_buffer();
    commands.bind_program(program).unwrap();
    commands.dispatch([1, 1, 1]).unwrap();
    let refused = rig.device.queue().submit(&commands.finish());
    assert!(
        matches!(
            refused,
            Err(QueueError::Backend(BackendError::Failed(ref why))) if why.contains("nothing is bound")
        ),
        "{refused:?}"
    );
}

/// Over the upper-left half of the target (Vulkan's clip space: y grows downwards).
const HALF_TRIANGLE_NDC: [f32; 6] = [-1.0, -1.0, 1.0, -1.0, -1.0, 1.0];

/// Records the state, program and buffers of a one-triangle draw over the upper-left half
/// of the target with a green tint.
fn bind_triangle(rig: &Rig, commands: &mut gpu::CommandBuffer<'_>) {
    bind_draw(rig, commands, TINT_FRAG, &HALF_TRIANGLE_NDC);
}

/// Records the state, program (`POSITION_VERT` and `fragment`), vertex buffer and a green
/// tint in the fragment stage's uniform slot 0 for a draw of `positions`.
fn bind_draw(rig: &Rig, commands: &mut gpu::CommandBuffer<'_>, fragment: &str, positions: &[f32]) {
    let program = position_program(&rig.device, fragment);
    let vertices_offset_b = 1 << 20;
    let tint_offset_b = vertices_offset_b + (64 << 10);
    let positions = positions_at(&rig.device, rig.pool, vertices_offset_b, positions);
    let tint = rig.buffer(tint_offset_b, 256);
    rig.device
        .write_pool(rig.pool, tint_offset_b, &f32_bytes(&[0.0, 1.0, 0.0, 1.0]))
        .unwrap();
    bind_positions(commands, program, positions);
    bind_tint(commands, tint, 0);
}

/// A draw lands inside the pass its clear opened (the clear is the load op), and a clear
/// after a draw is recorded inside the pass over the whole target.
#[test]
fn a_draw_renders_over_the_load_op_clear_and_a_later_clear_covers_it() {
    let rig = Rig::new(true);
    let (texture, view) = rig.texture(&TextureBuilder::new_2d(format("rgba8"), 16, 16), 0);
    let mut commands = rig.cleared(view, [1.0, 0.0, 0.0, 1.0]);
    bind_triangle(&rig, &mut commands);
    commands.draw(triangle()).unwrap();
    commands.copy(rig.read_level(texture, 0, 16, 16)).unwrap();
    let list = commands.finish();
    let before = rig.backend.lock().stats();
    rig.submit(&list);
    rig.finish();
    let after = rig.backend.lock().stats();
    assert_eq!(after.passes - before.passes, 1);
    assert_eq!(after.draws - before.draws, 1);
    assert_eq!(
        after.clears_in_pass - before.clears_in_pass,
        0,
        "the clear is the load op"
    );
    assert_eq!(after.pipelines_created - before.pipelines_created, 1);
    let pixels = rig.read_back(16 * 16 * 4);
    let pixel = |x: usize, y: usize| &pixels[(y * 16 + x) * 4..(y * 16 + x) * 4 + 4];
    assert_eq!(pixel(1, 1), [0, 255, 0, 255], "inside the triangle");
    assert_eq!(pixel(14, 14), [255, 0, 0, 255], "outside: the clear");

    let mut commands = rig.device.command_buffer_after(&list);
    commands.bind_render_targets(colour(view)).unwrap();
    commands.draw(triangle()).unwrap();
    commands
        .clear_color(
            0,
            ClearValue::Float([0.0, 0.0, 1.0, 1.0]),
            ComponentMask::ALL,
        )
        .unwrap();
    commands.copy(rig.read_level(texture, 0, 16, 16)).unwrap();
    rig.submit(&commands.finish());
    rig.finish();
    let last = rig.backend.lock().stats();
    assert_eq!(last.clears_in_pass - after.clears_in_pass, 1);
    assert_eq!(
        last.pipelines_created, after.pipelines_created,
        "the pipeline is cached"
    );
    for pixel in rig.read_back(16 * 16 * 4).chunks(4) {
        assert_eq!(pixel, [0, 0, 255, 255]);
    }
}

/// Quads have no Vulkan topology: a non-indexed quad draw is converted to triangles
/// from indices the executor makes; an indexed one is refused with a typed error, and
/// later work still runs.
#[test]
fn quads_are_drawn_as_converted_triangles() {
    let rig = Rig::new(true);
    let (texture, view) = rig.texture(&TextureBuilder::new_2d(format("rgba8"), 8, 8), 0);
    let quad = [-1.0, -1.0, 1.0, -1.0, 1.0, 1.0, -1.0, 1.0];
    let mut commands = rig.cleared(view, [1.0, 0.0, 0.0, 1.0]);
    bind_draw(&rig, &mut commands, TINT_FRAG, &quad);
    commands
        .draw(DrawArrays {
            primitive: PrimitiveKind::Quads,
            vertex_count: 4,
            ..triangle()
        })
        .unwrap();
    commands.copy(rig.read_level(texture, 0, 8, 8)).unwrap();
    let list = commands.finish();
    rig.submit(&list);
    rig.finish();
    for pixel in rig.read_back(8 * 8 * 4).chunks(4) {
        assert_eq!(pixel, [0, 255, 0, 255]);
    }
}

/// Where the quads tests keep their indices.
const INDICES_OFFSET_B: u64 = (1 << 20) + (256 << 10);

/// Records an 8x8 target cleared red, the left- and right-half quads as vertices 0-3 and
/// 4-7, and `indices` (16-bit) bound from the rig's pool.
fn bind_indexed_quads(
    rig: &Rig,
    commands: &mut gpu::CommandBuffer<'_>,
    view: ViewId,
    indices: &[u16],
) {
    let halves = [
        -1.0, -1.0, 0.0, -1.0, 0.0, 1.0, -1.0, 1.0, // left
        0.0, -1.0, 1.0, -1.0, 1.0, 1.0, 0.0, 1.0, // right
    ];
    commands.bind_render_targets(colour(view)).unwrap();
    commands
        .clear_color(
            0,
            ClearValue::Float([1.0, 0.0, 0.0, 1.0]),
            ComponentMask::ALL,
        )
        .unwrap();
    bind_draw(rig, commands, TINT_FRAG, &halves);
    let bytes: Vec<u8> = indices.iter().flat_map(|i| i.to_le_bytes()).collect();
    rig.device
        .write_pool(rig.pool, INDICES_OFFSET_B, &bytes)
        .unwrap();
    commands
        .bind_buffer(
            BufferBinding::Index {
                index_type: IndexType::U16,
            },
            BufferRange {
                buffer: rig.buffer(INDICES_OFFSET_B, 256),
                offset_b: 0,
                size_b: bytes.len() as u64,
            },
        )
        .unwrap();
}

fn indexed_quads(index_count: u32, base_vertex: i32) -> DrawIndexed {
    DrawIndexed {
        primitive: PrimitiveKind::Quads,
        first_index: 0,
        index_count,
        base_vertex,
        first_instance: 0,
        instance_count: 1,
    }
}

/// An indexed draw of quads is drawn from the game's indices, rearranged into triangles
/// on the CPU: the base vertex still applies, and the indices' order decides the quad.
#[test]
fn indexed_quads_are_drawn_from_the_games_indices() {
    let rig = Rig::new(true);
    let (texture, view) = rig.texture(&TextureBuilder::new_2d(format("rgba8"), 8, 8), 0);
    let mut commands = rig.device.command_buffer();
    // Indices 0-3 with base vertex 4: the right half only.
    bind_indexed_quads(&rig, &mut commands, view, &[0, 1, 2, 3]);
    commands.draw_indexed(indexed_quads(4, 4)).unwrap();
    let pixels = rig.submit_and_read(commands, region(texture, 0, 8, 8), 8 * 8 * 4);
    let pixel = |x: usize, y: usize| &pixels[(y * 8 + x) * 4..(y * 8 + x) * 4 + 4];
    for y in 0..8 {
        for x in 0..8 {
            let expected = if x >= 4 {
                [0, 255, 0, 255]
            } else {
                [255, 0, 0, 255]
            };
            assert_eq!(pixel(x, y), expected, "({x}, {y})");
        }
    }
}

/// What cannot be converted on the CPU is refused with a typed error before anything
/// runs: indirect quads (their counts are in GPU memory) and primitive restart, both
/// refused when recorded, indices past
/// the binding, indices a copy or a pass earlier in the same list writes, and more
/// vertices than a conversion takes.
#[test]
fn indexed_quads_that_cannot_be_converted_are_refused() {
    let rig = Rig::new(true);
    let (_, view) = rig.texture(&TextureBuilder::new_2d(format("rgba8"), 8, 8), 0);
    let refused = |commands: gpu::CommandBuffer<'_>, why: &str| {
        let outcome = rig.device.queue().submit(&commands.finish());
        assert!(
            matches!(
                outcome,
                Err(QueueError::Backend(BackendError::Unsupported(ref what))) if what.contains(why)
            ),
            "{why}: {outcome:?}"
        );
    };

    // Indirect quads are refused when recorded: their counts are in GPU memory.
    let mut commands = rig.device.command_buffer();
    bind_indexed_quads(&rig, &mut commands, view, &[0, 1, 2, 3]);
    let indirect = commands.draw_indirect(gpu::command::DrawIndirect {
        primitive: PrimitiveKind::Quads,
        indexed: true,
        buffer: rig.buffer(INDICES_OFFSET_B, 256),
        offset_b: 0,
        draw_count: 1,
        stride_b: 20,
    });
    assert!(
        matches!(indirect, Err(gpu::RecordError::MissingCapability { .. })),
        "{indirect:?}"
    );

    // Primitive restart with indexed quads is refused when recorded.
    let mut commands = rig.device.command_buffer();
    bind_indexed_quads(&rig, &mut commands, view, &[0, 1, 2, 3]);
    commands
        .set_state(StateChange::PrimitiveRestart(Some(0xffff)))
        .unwrap();
    let restarted = commands.draw_indexed(indexed_quads(4, 0));
    assert!(
        matches!(restarted, Err(gpu::RecordError::MissingCapability { .. })),
        "{restarted:?}"
    );
    commands
        .set_state(StateChange::PrimitiveRestart(None))
        .unwrap();

    let mut commands = rig.device.command_buffer();
    bind_indexed_quads(&rig, &mut commands, view, &[0, 1, 2, 3]);
    commands.draw_indexed(indexed_quads(8, 0)).unwrap();
    refused(commands, "past the 8-byte index binding");

    let mut commands = rig.device.command_buffer();
    let scratch = rig.buffer(INDICES_OFFSET_B + 4096, 256);
    commands
        .copy(CopyOp::BufferToBuffer {
            source: scratch,
            source_offset_b: 0,
            destination: rig.buffer(INDICES_OFFSET_B, 256),
            destination_offset_b: 0,
            size_b: 8,
        })
        .unwrap();
    bind_indexed_quads(&rig, &mut commands, view, &[0, 1, 2, 3]);
    commands.draw_indexed(indexed_quads(4, 0)).unwrap();
    refused(commands, "the GPU may still be writing");

    // Indices over the storage of a texture an earlier pass of the list renders to.
    let (_, drawn) = rig.texture(&TextureBuilder::new_2d(format("rgba8"), 8, 8), 64 << 10);
    let mut commands = rig.cleared(drawn, [1.0; 4]);
    bind_indexed_quads(&rig, &mut commands, view, &[0, 1, 2, 3]);
    commands
        .bind_buffer(
            BufferBinding::Index {
                index_type: IndexType::U16,
            },
            BufferRange {
                buffer: rig.buffer(64 << 10, 256),
                offset_b: 0,
                size_b: 8,
            },
        )
        .unwrap();
    commands.draw_indexed(indexed_quads(4, 0)).unwrap();
    refused(commands, "the GPU may still be writing");

    // More vertices than a conversion takes (and fewer than any draw may have, 2^28,
    // past which the draw is refused as it is recorded).
    let mut commands = rig.device.command_buffer();
    bind_indexed_quads(&rig, &mut commands, view, &[0, 1, 2, 3]);
    commands
        .draw(DrawArrays {
            primitive: PrimitiveKind::Quads,
            vertex_count: (1 << 24) + 4,
            ..triangle()
        })
        .unwrap();
    refused(commands, "converted on the CPU, at most");

    // The device is still usable: a draw it can convert runs.
    let mut commands = rig.device.command_buffer();
    bind_indexed_quads(&rig, &mut commands, view, &[0, 1, 2, 3]);
    commands.draw_indexed(indexed_quads(4, 0)).unwrap();
    rig.device.queue().submit(&commands.finish()).unwrap();
    rig.finish();
}

/// A GPU buffer copy into a texture's storage makes storage newer than the host image:
/// the next use waits for that copy and uploads again (imported and mirrored pools).
#[test]
fn a_gpu_copy_into_texture_storage_is_seen_by_the_next_use() {
    for import in [true, false] {
        let rig = Rig::new(import);
        let builder = TextureBuilder::new_2d(format("rgba8"), 16, 16);
        let layout = builder.layout().unwrap();
        let (texture, _) = rig.texture(&builder, 0);
        let storage_buffer = rig.buffer(0, layout.size_b);
        let source_offset_b = 1 << 20;
        let source = rig.buffer(source_offset_b, layout.size_b);
        let linear = Bytes(31).vec(layout.linear_size_b() as usize);
        rig.device
            .write_pool(rig.pool, source_offset_b, &swizzled(&layout, &linear))
            .unwrap();

        // First use: the never-written storage reads as zeros.
        assert!(rig
            .read(region(texture, 0, 16, 16), linear.len())
            .iter()
            .all(|&byte| byte == 0));

        let mut commands = rig.device.command_buffer();
        commands
            .copy(CopyOp::BufferToBuffer {
                source,
                source_offset_b: 0,
                destination: storage_buffer,
                destination_offset_b: 0,
                size_b: layout.size_b,
            })
            .unwrap();
        rig.submit(&commands.finish());
        assert!(
            rig.read(region(texture, 0, 16, 16), linear.len()) == linear,
            "import {import}"
        );
    }
}

/// A draw sampling a texture stored block-linear in a pool (written by the CPU through
/// `memory`'s swizzle), through NVN's descriptor tables and a bound handle: each target
/// pixel is its texel.
#[test]
fn a_textured_draw_samples_block_linear_storage_through_descriptor_tables() {
    let rig = Rig::new(true);
    let builder = TextureBuilder::new_2d(format("rgba8"), 8, 8);
    let layout = builder.layout().unwrap();
    let (_, albedo_view) = rig.texture(&builder, 0);
    let (target, target_view) = rig.texture(&builder, 64 << 10);
    let linear = Bytes(0xa1b3d0).vec(layout.linear_size_b() as usize);
    rig.device
        .write_pool(rig.pool, 0, &swizzled(&layout, &linear))
        .unwrap();

    let textures = rig.device.create_texture_table(16).unwrap();
    let samplers = rig.device.create_sampler_table(4).unwrap();
    rig.device
        .register_texture(textures, 5, albedo_view)
        .unwrap();
    let sampler = rig.device.create_sampler(&SamplerMaker::default()).unwrap();
    rig.device.register_sampler(samplers, 2, sampler).unwrap();

    let mut commands = rig.device.command_buffer();
    commands.bind_render_targets(colour(target_view)).unwrap();
    bind_draw(&rig, &mut commands, TEXEL_FRAG, &FULL_TRIANGLE_NDC);
    commands.bind_descriptor_tables(textures, samplers).unwrap();
    commands
        .bind_texture(
            Stage::Fragment,
            0,
            TextureHandle {
                texture_slot: 5,
                sampler_slot: 2,
            },
        )
        .unwrap();
    commands.draw(triangle()).unwrap();
    assert!(rig.submit_and_read(commands, region(target, 0, 8, 8), linear.len()) == linear);
}

/// A draw with a depth target and depth testing: drawn where the cleared depth is farther,
/// not where it is nearer, and the depth written reads back.
#[test]
fn depth_tested_draws_follow_the_cleared_depth() {
    let rig = Rig::new(true);
    let (texture, view) = rig.texture(&TextureBuilder::new_2d(format("rgba8"), 8, 8), 0);
    let (depth, depth_view) = rig.texture(&TextureBuilder::new_2d(format("z32f"), 8, 8), 64 << 10);
    for (cleared_depth, expected) in [(1.0, [0, 255, 0, 255]), (0.0, [255, 0, 0, 255])] {
        let mut commands = rig.device.command_buffer();
        let mut targets = colour(view);
        targets.depth_stencil = Some(depth_view);
        commands.bind_render_targets(targets).unwrap();
        commands
            .clear_color(
                0,
                ClearValue::Float([1.0, 0.0, 0.0, 1.0]),
                ComponentMask::ALL,
            )
            .unwrap();
        commands
            .clear_depth_stencil(Some(cleared_depth), None, 0xff)
            .unwrap();
        bind_draw(&rig, &mut commands, TINT_FRAG, &FULL_TRIANGLE_NDC);
        commands
            .set_state(StateChange::DepthStencil(DepthStencilState {
                depth_test: true,
                depth_write: true,
                depth_compare: CompareOp::Less,
                ..DepthStencilState::default()
            }))
            .unwrap();
        commands.draw(triangle()).unwrap();
        for pixel in rig
            .submit_and_read(commands, region(texture, 0, 8, 8), 8 * 8 * 4)
            .chunks(4)
        {
            assert_eq!(pixel, expected, "depth cleared to {cleared_depth}");
        }
    }
    for texel in rig.read(region(depth, 0, 8, 8), 8 * 8 * 4).chunks(4) {
        assert_eq!(f32::from_le_bytes(texel.try_into().unwrap()), 0.0);
    }
}

const GRADIENT_COMP: &str = "#version 450
layout(local_size_x = 8, local_size_y = 8) in;
layout(binding = 0, rgba8) uniform writeonly image2D target;
void main() {
    uvec2 at = gl_GlobalInvocationID.xy;
    imageStore(target, ivec2(at), vec4(float(at.x) / 255.0, float(at.y) / 255.0, 0.0, 1.0));
}
";

/// A dispatch storing to an image registered in a texture table as an image: every
/// texel reads back as the kernel wrote it.
#[test]
fn a_dispatch_stores_to_an_image_through_its_handle() {
    let rig = Rig::new(true);
    let builder = TextureBuilder::new_2d(format("rgba8"), 16, 8).flags(TextureFlags::IMAGE);
    let (texture, view) = rig.texture(&builder, 0);
    let table = rig.device.create_texture_table(4).unwrap();
    let samplers = rig.device.create_sampler_table(1).unwrap();
    rig.device.register_image(table, 3, view).unwrap();
    let program = compute_program(&rig, GRADIENT_COMP);
    let mut commands = rig.device.command_buffer();
    commands.bind_program(program).unwrap();
    commands.bind_descriptor_tables(table, samplers).unwrap();
    commands
        .bind_image(Stage::Compute, 0, ImageHandle { texture_slot: 3 })
        .unwrap();
    commands.dispatch([2, 1, 1]).unwrap();
    let texels = rig.submit_and_read(commands, region(texture, 0, 16, 8), 16 * 8 * 4);
    for y in 0..8 {
        for x in 0..16 {
            let at = (y * 16 + x) * 4;
            assert_eq!(texels[at..at + 4], [x as u8, y as u8, 0, 255], "({x}, {y})");
        }
    }
}

/// Draws bind only what changed since the previous draw; a masked clear in between binds
/// its own pipeline and state, so the draw after it binds everything again.
#[test]
fn a_draw_after_a_masked_clear_binds_its_pipeline_again() {
    let rig = Rig::new(true);
    let (texture, view) = rig.texture(&TextureBuilder::new_2d(format("rgba8"), 16, 16), 0);
    let mut commands = rig.cleared(view, [1.0, 0.0, 0.0, 1.0]);
    bind_triangle(&rig, &mut commands);
    commands.draw(triangle()).unwrap();
    commands
        .clear_color(0, ClearValue::Float([0.0, 0.0, 1.0, 1.0]), ComponentMask::B)
        .unwrap();
    commands.draw(triangle()).unwrap();
    let pixels = rig.submit_and_read(commands, region(texture, 0, 16, 16), 16 * 16 * 4);
    let pixel = |x: usize, y: usize| &pixels[(y * 16 + x) * 4..(y * 16 + x) * 4 + 4];
    assert_eq!(pixel(1, 1), [0, 255, 0, 255], "drawn after the clear");
    assert_eq!(pixel(14, 14), [255, 0, 255, 255], "red, blue masked in");
}

/// Draws that differ only in their uniform buffer's offset each read their own values: a
/// per-draw cache of bindings must not hand a later draw an earlier draw's range. With
/// the buffer dynamic (the driver's limits) a repeated draw only moves its dynamic
/// offset; with no dynamic buffers allowed (as on drivers with low limits) each repeated
/// draw gets its own patched descriptors and set.
#[test]
fn draws_that_move_only_a_uniform_offset_read_their_own_values() {
    for max_dynamic_buffers in [None, Some(0)] {
        let rig = Rig::with_options(ExecutorOptions {
            max_dynamic_buffers,
            ..ExecutorOptions::default()
        });
        draw_four_tints(&rig);
    }
}

/// One small triangle in the upper-left corner of each quadrant of the target.
fn quadrant_triangles() -> Vec<f32> {
    let corners_ndc = [(-1.0f32, -1.0f32), (0.0, -1.0), (-1.0, 0.0), (0.0, 0.0)];
    corners_ndc
        .iter()
        .flat_map(|&(x, y)| [x, y, x + 1.0, y, x, y + 1.0])
        .collect()
}

/// Four triangles, one a quadrant, each with its own tint at a moved uniform offset.
fn draw_four_tints(rig: &Rig) {
    let (texture, view) = rig.texture(&TextureBuilder::new_2d(format("rgba8"), 16, 16), 0);
    let mut commands = rig.cleared(view, [0.0; 4]);
    let positions = quadrant_triangles();
    bind_draw(rig, &mut commands, TINT_FRAG, &positions);
    let tint_values = [
        [1.0f32, 0.0, 0.0, 1.0],
        [0.0, 1.0, 0.0, 1.0],
        [0.0, 0.0, 1.0, 1.0],
        [1.0, 1.0, 1.0, 1.0],
    ];
    let tints = write_tints(rig, &tint_values);
    for index in 0..tint_values.len() {
        bind_tint(&mut commands, tints, index as u64 * TINT_STRIDE_B);
        commands
            .draw(DrawArrays {
                first_vertex: index as u32 * 3,
                ..triangle()
            })
            .unwrap();
    }
    let pixels = rig.submit_and_read(commands, region(texture, 0, 16, 16), 16 * 16 * 4);
    let pixel = |x: usize, y: usize| &pixels[(y * 16 + x) * 4..(y * 16 + x) * 4 + 4];
    let quadrant_origins_px = [(0, 0), (8, 0), (0, 8), (8, 8)];
    for ((x, y), tint) in quadrant_origins_px.iter().zip(&tint_values) {
        let expected: Vec<u8> = tint.iter().map(|&v| (v * 255.0) as u8).collect();
        assert_eq!(pixel(x + 1, y + 1), expected, "the draw at ({x}, {y})");
        assert_eq!(
            pixel(x + 7, y + 7),
            [0, 0, 0, 0],
            "outside the draw at ({x}, {y})"
        );
    }
}

/// Draws that repeat one another but for their uniform offset, on both sides of a clear
/// inside their pass: the executor joins repeats to the draw they repeat only within a
/// run of binds and draws, so the clear still falls between the second and third draw
/// (the first two are cleared away, the last two drawn over the clear).
#[test]
fn repeated_draws_on_both_sides_of_an_in_pass_clear_keep_their_order() {
    let rig = Rig::new(true);
    let (texture, view) = rig.texture(&TextureBuilder::new_2d(format("rgba8"), 16, 16), 0);
    let mut commands = rig.cleared(view, [0.0; 4]);
    let positions = quadrant_triangles();
    bind_draw(&rig, &mut commands, TINT_FRAG, &positions);
    let tint_values = [
        [1.0f32, 0.0, 0.0, 1.0],
        [0.0, 1.0, 0.0, 1.0],
        [0.0, 0.0, 1.0, 1.0],
        [1.0, 1.0, 0.0, 1.0],
    ];
    let tints = write_tints(&rig, &tint_values);
    let grey = [0.4f32, 0.4, 0.4, 0.4];
    for index in 0..tint_values.len() {
        if index == 2 {
            commands
                .clear_color(0, ClearValue::Float(grey), ComponentMask::ALL)
                .unwrap();
        }
        bind_tint(&mut commands, tints, index as u64 * TINT_STRIDE_B);
        commands
            .draw(DrawArrays {
                first_vertex: index as u32 * 3,
                ..triangle()
            })
            .unwrap();
    }
    let before = rig.backend.lock().stats();
    let pixels = rig.submit_and_read(commands, region(texture, 0, 16, 16), 16 * 16 * 4);
    let after = rig.backend.lock().stats();
    assert_eq!(after.draws - before.draws, 4, "repeats count as draws");
    let pixel = |x: usize, y: usize| &pixels[(y * 16 + x) * 4..(y * 16 + x) * 4 + 4];
    let grey_texel = [102u8; 4];
    let quadrant_origins_px = [(0, 0), (8, 0), (0, 8), (8, 8)];
    for (index, ((x, y), tint)) in quadrant_origins_px.iter().zip(&tint_values).enumerate() {
        let drawn: Vec<u8> = tint.iter().map(|&v| (v * 255.0) as u8).collect();
        let expected = if index < 2 {
            grey_texel.to_vec()
        } else {
            drawn
        };
        assert_eq!(pixel(x + 1, y + 1), expected, "draw {index} at ({x}, {y})");
        assert_eq!(pixel(x + 7, y + 7), grey_texel, "outside draw {index}");
    }
}

/// Where `write_tints` puts tints, and how far apart (above any uniform alignment).
const TINTS_OFFSET_B: u64 = (1 << 20) + (128 << 10);
const TINT_STRIDE_B: u64 = 256;

/// A buffer holding `tints`, `TINT_STRIDE_B` apart.
fn write_tints(rig: &Rig, tints: &[[f32; 4]]) -> gpu::BufferId {
    for (index, tint) in tints.iter().enumerate() {
        rig.device
            .write_pool(
                rig.pool,
                TINTS_OFFSET_B + index as u64 * TINT_STRIDE_B,
                &f32_bytes(tint),
            )
            .unwrap();
    }
    rig.buffer(TINTS_OFFSET_B, TINT_STRIDE_B * tints.len() as u64)
}

/// A draw made from the one before (only its uniform offset moved) after a masked clear,
/// which binds a pipeline of its own: the draw binds its pipeline, sets and state again,
/// and reads its own tint.
#[test]
fn a_repeated_draw_after_a_masked_clear_binds_everything_again() {
    let rig = Rig::new(true);
    let (texture, view) = rig.texture(&TextureBuilder::new_2d(format("rgba8"), 16, 16), 0);
    let mut commands = rig.cleared(view, [0.0; 4]);
    // The upper-left quadrant, then the lower-right one.
    let positions = [
        -1.0f32, -1.0, 0.0, -1.0, -1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 1.0,
    ];
    bind_draw(&rig, &mut commands, TINT_FRAG, &positions);
    let tints = write_tints(&rig, &[[1.0, 0.0, 0.0, 1.0], [0.0, 1.0, 0.0, 1.0]]);
    bind_tint(&mut commands, tints, 0);
    commands.draw(triangle()).unwrap();
    commands
        .clear_color(0, ClearValue::Float([0.0, 0.0, 1.0, 1.0]), ComponentMask::B)
        .unwrap();
    bind_tint(&mut commands, tints, TINT_STRIDE_B);
    commands
        .draw(DrawArrays {
            first_vertex: 3,
            ..triangle()
        })
        .unwrap();
    let pixels = rig.submit_and_read(commands, region(texture, 0, 16, 16), 16 * 16 * 4);
    let pixel = |x: usize, y: usize| &pixels[(y * 16 + x) * 4..(y * 16 + x) * 4 + 4];
    assert_eq!(pixel(1, 1), [255, 0, 255, 255], "red, then blue masked in");
    assert_eq!(
        pixel(9, 9),
        [0, 255, 0, 255],
        "the repeated draw's own tint"
    );
    assert_eq!(pixel(14, 1), [0, 0, 255, 0], "only the masked clear");
}

/// A repeated draw whose uniform offset breaks the device's alignment is refused with
/// the offset named, as the first draw would be.
#[test]
fn a_repeated_draw_at_a_misaligned_uniform_offset_is_refused() {
    let rig = Rig::new(true);
    let (_, view) = rig.texture(&TextureBuilder::new_2d(format("rgba8"), 16, 16), 0);
    let mut commands = rig.device.command_buffer();
    commands.bind_render_targets(colour(view)).unwrap();
    bind_triangle(&rig, &mut commands);
    commands.draw(triangle()).unwrap();
    let tints = write_tints(&rig, &[[1.0; 4]; 2]);
    bind_tint(&mut commands, tints, 0);
    commands.draw(triangle()).unwrap();
    // 4 bytes on: no device aligns uniform buffers that finely.
    bind_tint(&mut commands, tints, 4);
    commands.draw(triangle()).unwrap();
    let refused = rig.device.queue().submit(&commands.finish());
    assert!(
        matches!(
            refused,
            Err(QueueError::Backend(BackendError::Unsupported(ref why)))
                if why.contains("not aligned") && why.contains("0x120004")
        ),
        "{refused:?}"
    );
}
