//! Recording every command kind, and every record-time error: the bad command is not
//! recorded and what was recorded before stays.

use std::collections::HashSet;
use std::mem::discriminant;

use super::fixture::*;
use crate::command::*;
use crate::error::{CopySide, RecordError};
use crate::ids::*;
use crate::objects::*;
use crate::state::*;

#[test]
fn every_command_kind_records_in_order() {
    let (device, _) = device();
    let scene = scene(&device);
    let commands = every_command(&scene);
    let mut buffer = device.command_buffer();
    for command in &commands {
        buffer
            .record(command.clone())
            .unwrap_or_else(|error| panic!("{command:?}: {error}"));
    }
    let list = buffer.finish();
    assert_eq!(list.commands().collect::<Vec<_>>(), commands);
    let kinds: HashSet<_> = list.ops().iter().map(discriminant).collect();
    assert_eq!(kinds.len(), 34, "every op kind appears");
    assert!(list.id().is_some());
}

#[test]
fn the_typed_verbs_record_the_same_commands() {
    let (device, _) = device();
    let scene = scene(&device);
    let mut buffer = device.command_buffer();
    buffer.bind_render_targets(targets(&scene)).unwrap();
    buffer
        .clear_color(0, ClearValue::Float([0.0; 4]), ComponentMask::ALL)
        .unwrap();
    buffer.clear_depth_stencil(Some(0.5), None, 0).unwrap();
    buffer
        .set_state(StateChange::PrimitiveRestart(None))
        .unwrap();
    buffer.bind_program(scene.graphics).unwrap();
    buffer
        .bind_descriptor_tables(scene.textures, scene.samplers)
        .unwrap();
    buffer
        .bind_buffer(BufferBinding::Vertex { stream: 1 }, range(&scene, 0, 16))
        .unwrap();
    buffer
        .bind_texture(
            Stage::Fragment,
            0,
            TextureHandle {
                texture_slot: 1,
                sampler_slot: 0,
            },
        )
        .unwrap();
    buffer
        .bind_image(Stage::Fragment, 0, ImageHandle { texture_slot: 2 })
        .unwrap();
    let draw = DrawArrays {
        primitive: PrimitiveKind::Triangles,
        first_vertex: 0,
        vertex_count: 3,
        first_instance: 0,
        instance_count: 1,
    };
    buffer.draw(draw).unwrap();
    buffer.bind_program(scene.compute).unwrap();
    buffer.dispatch([1, 1, 1]).unwrap();
    buffer.dispatch_indirect(scene.buffer, 0).unwrap();
    buffer
        .barrier(BarrierOrder::FRAGMENTS, Invalidate::TEXTURES)
        .unwrap();
    buffer
        .signal_sync(scene.sync, SyncCondition::GraphicsWorldSpaceComplete, false)
        .unwrap();
    buffer.wait_sync(scene.sync).unwrap();
    buffer.discard(DiscardTarget::Color(3)).unwrap();
    assert_eq!(buffer.list().len(), 17);
    assert_eq!(
        buffer.list().command(&buffer.list().ops()[9]),
        Command::Draw(draw)
    );
}

/// Records `setup`, then checks that `bad` fails with `expected` and changes nothing.
fn refused(setup: &[Command], bad: Command, expected: RecordError) {
    let (device, _) = device();
    let scene = scene(&device);
    refused_in(&device, &scene, setup, bad, expected);
}

fn refused_in(
    device: &crate::Device,
    _scene: &Scene,
    setup: &[Command],
    bad: Command,
    expected: RecordError,
) {
    let mut buffer = device.command_buffer();
    for command in setup {
        buffer.record(command.clone()).unwrap();
    }
    let before = buffer.list().clone();
    let bound_before = *buffer.bound();
    let error = buffer.record(bad.clone()).unwrap_err();
    assert_eq!(error, expected, "{bad:?}");
    assert!(!error.to_string().is_empty());
    assert_eq!(buffer.list(), &before, "a refused command is not recorded");
    assert_eq!(buffer.list().len(), setup.len());
    assert_eq!(*buffer.bound(), bound_before);
}

fn draw() -> Command {
    Command::Draw(DrawArrays {
        primitive: PrimitiveKind::Triangles,
        first_vertex: 0,
        vertex_count: 3,
        first_instance: 0,
        instance_count: 1,
    })
}

fn scene_for_errors() -> (crate::Device, Scene) {
    let (device, _) = device();
    let scene = scene(&device);
    (device, scene)
}

#[test]
fn draws_need_a_program_a_target_and_an_index_buffer() {
    let (device, scene) = scene_for_errors();
    let targets = Command::BindRenderTargets(targets(&scene));
    let program = Command::BindProgram(scene.graphics);
    refused_in(
        &device,
        &scene,
        std::slice::from_ref(&targets),
        draw(),
        RecordError::DrawWithoutProgram,
    );
    // A compute program is no graphics program.
    refused_in(
        &device,
        &scene,
        &[targets.clone(), Command::BindProgram(scene.compute)],
        draw(),
        RecordError::DrawWithoutProgram,
    );
    refused_in(
        &device,
        &scene,
        std::slice::from_ref(&program),
        draw(),
        RecordError::DrawWithoutRenderTarget,
    );
    refused_in(
        &device,
        &scene,
        &[
            program.clone(),
            Command::BindRenderTargets(RenderTargets::default()),
        ],
        draw(),
        RecordError::DrawWithoutRenderTarget,
    );
    refused_in(
        &device,
        &scene,
        &[program.clone(), targets.clone()],
        Command::DrawIndexed(DrawIndexed {
            primitive: PrimitiveKind::Triangles,
            first_index: 0,
            index_count: 3,
            base_vertex: 0,
            first_instance: 0,
            instance_count: 1,
        }),
        RecordError::DrawWithoutIndexBuffer,
    );
    refused_in(
        &device,
        &scene,
        &[program.clone(), targets.clone()],
        Command::DrawIndirect(DrawIndirect {
            primitive: PrimitiveKind::Triangles,
            indexed: false,
            buffer: scene.buffer,
            offset_b: BUFFER_B - 16,
            draw_count: 2,
            stride_b: 16,
        }),
        RecordError::BufferRangeOutOfBounds {
            buffer: scene.buffer,
            offset_b: BUFFER_B - 16,
            size_b: 32,
            buffer_size_b: BUFFER_B,
        },
    );
    refused_in(
        &device,
        &scene,
        &[program, targets],
        Command::DrawIndirect(DrawIndirect {
            primitive: PrimitiveKind::Triangles,
            indexed: false,
            buffer: scene.buffer,
            offset_b: 0,
            draw_count: 2,
            stride_b: 8,
        }),
        RecordError::BadArgument {
            what: "indirect draw stride",
            why: "smaller than one argument record",
        },
    );
}

#[test]
fn dispatches_need_a_compute_program() {
    let (device, scene) = scene_for_errors();
    refused_in(
        &device,
        &scene,
        &[Command::BindProgram(scene.graphics)],
        Command::Dispatch { groups: [1; 3] },
        RecordError::DispatchWithoutProgram,
    );
    refused_in(
        &device,
        &scene,
        &[Command::BindProgram(scene.compute)],
        Command::DispatchIndirect {
            buffer: scene.buffer,
            offset_b: BUFFER_B - 8,
        },
        RecordError::BufferRangeOutOfBounds {
            buffer: scene.buffer,
            offset_b: BUFFER_B - 8,
            size_b: 12,
            buffer_size_b: BUFFER_B,
        },
    );
}

#[test]
fn unknown_and_finalized_objects_are_named() {
    let (device, scene) = scene_for_errors();
    let missing_program = ProgramId::from_raw(99).unwrap();
    refused_in(
        &device,
        &scene,
        &[],
        Command::BindProgram(missing_program),
        RecordError::UnknownObject(missing_program.into()),
    );
    let missing_sync = SyncId::from_raw(42).unwrap();
    refused_in(
        &device,
        &scene,
        &[],
        Command::WaitSync { sync: missing_sync },
        RecordError::UnknownObject(missing_sync.into()),
    );
    device.finalize(scene.target).unwrap();
    let error = RecordError::UnknownObject(scene.target.into());
    assert!(error.to_string().contains("texture #2"), "{error}");
    refused_in(
        &device,
        &scene,
        &[],
        Command::BindRenderTargets(targets(&scene)),
        error,
    );
    let missing_table = SamplerTableId::from_raw(7).unwrap();
    refused_in(
        &device,
        &scene,
        &[],
        Command::BindDescriptorTables {
            textures: scene.textures,
            samplers: missing_table,
        },
        RecordError::UnknownObject(missing_table.into()),
    );
}

#[test]
fn handles_must_be_registered() {
    let (device, scene) = scene_for_errors();
    let tables = Command::BindDescriptorTables {
        textures: scene.textures,
        samplers: scene.samplers,
    };
    let texture = |texture_slot, sampler_slot| Command::BindTexture {
        stage: Stage::Fragment,
        slot: 0,
        handle: TextureHandle {
            texture_slot,
            sampler_slot,
        },
    };
    // A bind before any tables is checked at submit (`tests::queue_binds`).
    refused_in(
        &device,
        &scene,
        std::slice::from_ref(&tables),
        texture(5, 0),
        RecordError::UnregisteredHandle {
            table: scene.textures.into(),
            slot: 5,
        },
    );
    // Past the table's end is unregistered too.
    refused_in(
        &device,
        &scene,
        std::slice::from_ref(&tables),
        texture(1 << 19, 0),
        RecordError::UnregisteredHandle {
            table: scene.textures.into(),
            slot: 1 << 19,
        },
    );
    refused_in(
        &device,
        &scene,
        std::slice::from_ref(&tables),
        texture(1, 3),
        RecordError::UnregisteredHandle {
            table: scene.samplers.into(),
            slot: 3,
        },
    );
    // Slot 2 holds an image, slot 1 a texture: each handle wants its own kind.
    refused_in(
        &device,
        &scene,
        std::slice::from_ref(&tables),
        texture(2, 0),
        RecordError::UnregisteredHandle {
            table: scene.textures.into(),
            slot: 2,
        },
    );
    refused_in(
        &device,
        &scene,
        std::slice::from_ref(&tables),
        Command::BindImage {
            stage: Stage::Compute,
            slot: 0,
            handle: ImageHandle { texture_slot: 1 },
        },
        RecordError::UnregisteredHandle {
            table: scene.textures.into(),
            slot: 1,
        },
    );
    // A registered view whose texture was finalized no longer resolves.
    device.finalize(scene.tile).unwrap();
    refused_in(
        &device,
        &scene,
        std::slice::from_ref(&tables),
        texture(1, 0),
        RecordError::UnknownObject(scene.tile_view.into()),
    );
}

#[test]
fn slots_and_state_indices_have_limits() {
    let (device, scene) = scene_for_errors();
    let tables = Command::BindDescriptorTables {
        textures: scene.textures,
        samplers: scene.samplers,
    };
    let cases = [
        (
            Command::BindTexture {
                stage: Stage::Fragment,
                slot: 32,
                handle: TextureHandle {
                    texture_slot: 1,
                    sampler_slot: 0,
                },
            },
            "texture",
            32,
            32,
        ),
        (
            Command::BindImage {
                stage: Stage::Fragment,
                slot: 8,
                handle: ImageHandle { texture_slot: 2 },
            },
            "image",
            8,
            8,
        ),
        (
            Command::BindBuffer {
                binding: BufferBinding::Uniform {
                    stage: Stage::Vertex,
                    slot: 16,
                },
                range: range(&scene, 0, 16),
            },
            "uniform buffer",
            16,
            16,
        ),
        (
            Command::BindBuffer {
                binding: BufferBinding::Storage {
                    stage: Stage::Vertex,
                    slot: 20,
                },
                range: range(&scene, 0, 16),
            },
            "storage buffer",
            20,
            16,
        ),
        (
            Command::BindBuffer {
                binding: BufferBinding::Vertex { stream: 16 },
                range: range(&scene, 0, 16),
            },
            "vertex stream",
            16,
            16,
        ),
        (
            Command::Discard(DiscardTarget::Color(8)),
            "colour target",
            8,
            8,
        ),
    ];
    for (bad, what, slot, limit) in cases {
        refused_in(
            &device,
            &scene,
            std::slice::from_ref(&tables),
            bad,
            RecordError::SlotOutOfRange { what, slot, limit },
        );
    }
    let state_cases = [
        (
            StateChange::Blend {
                target: 8,
                state: BlendState::default(),
            },
            "blend target",
            8,
            8,
        ),
        (
            StateChange::Viewports {
                first: 15,
                viewports: vec![Viewport::covering(1, 1); 2],
            },
            "viewport",
            16,
            16,
        ),
        (
            StateChange::Scissors {
                first: 16,
                scissors: vec![Scissor::covering(1, 1)],
            },
            "scissor",
            16,
            16,
        ),
        (
            StateChange::VertexStreams(vec![
                VertexStream {
                    stride_b: 4,
                    divisor: 0
                };
                17
            ]),
            "vertex stream count",
            17,
            17,
        ),
        (
            StateChange::VertexAttributes(vec![VertexAttribute {
                location: 16,
                stream: 0,
                format: VertexFormat {
                    kind: ComponentKind::Float32,
                    components: 1,
                },
                offset_b: 0,
            }]),
            "vertex attribute location",
            16,
            16,
        ),
        (
            StateChange::VertexAttributes(vec![VertexAttribute {
                location: 2,
                stream: 0,
                format: VertexFormat {
                    kind: ComponentKind::Float32,
                    components: 5,
                },
                offset_b: 0,
            }]),
            "vertex attribute components at location",
            2,
            0,
        ),
        (
            StateChange::WriteMasks({
                let mut masks = [ComponentMask::ALL; MAX_COLOR_TARGETS];
                masks[3] = ComponentMask(0x30);
                masks
            }),
            "write mask bits of target",
            3,
            0,
        ),
    ];
    for (state, what, index, limit) in state_cases {
        refused_in(
            &device,
            &scene,
            &[],
            Command::SetState(state),
            RecordError::StateOutOfRange { what, index, limit },
        );
    }
}

#[test]
fn clears_need_their_targets_and_sane_values() {
    let (device, scene) = scene_for_errors();
    let color_only = {
        let mut targets = RenderTargets::default();
        targets.colors[0] = Some(scene.target_view);
        Command::BindRenderTargets(targets)
    };
    let clear = |target, mask| Command::ClearColor {
        target,
        value: ClearValue::Float([0.0; 4]),
        mask,
    };
    refused_in(
        &device,
        &scene,
        std::slice::from_ref(&color_only),
        clear(1, ComponentMask::ALL),
        RecordError::ClearUnboundColor(1),
    );
    refused_in(
        &device,
        &scene,
        std::slice::from_ref(&color_only),
        clear(8, ComponentMask::ALL),
        RecordError::SlotOutOfRange {
            what: "colour target",
            slot: 8,
            limit: 8,
        },
    );
    refused_in(
        &device,
        &scene,
        std::slice::from_ref(&color_only),
        clear(0, ComponentMask(0x10)),
        RecordError::BadArgument {
            what: "clear mask",
            why: "bits other than R, G, B, A",
        },
    );
    refused_in(
        &device,
        &scene,
        std::slice::from_ref(&color_only),
        Command::ClearDepthStencil {
            depth: Some(1.0),
            stencil: None,
            stencil_mask: 0,
        },
        RecordError::ClearUnboundDepthStencil,
    );
    refused_in(
        &device,
        &scene,
        &[Command::BindRenderTargets(targets(&scene))],
        Command::ClearDepthStencil {
            depth: Some(2.0),
            stencil: None,
            stencil_mask: 0,
        },
        RecordError::BadArgument {
            what: "depth clear value",
            why: "outside 0..=1",
        },
    );
}

#[test]
fn buffers_must_be_in_range_and_made_for_the_use() {
    let (device, scene) = scene_for_errors();
    let vertex_only = device
        .create_buffer(&BufferMaker {
            pool: scene.pool,
            offset_b: 0,
            size_b: 256,
            usage: BufferUsage::VERTEX,
        })
        .unwrap();
    refused_in(
        &device,
        &scene,
        &[],
        Command::BindBuffer {
            binding: BufferBinding::Uniform {
                stage: Stage::Fragment,
                slot: 0,
            },
            range: BufferRange {
                buffer: vertex_only,
                offset_b: 0,
                size_b: 16,
            },
        },
        RecordError::BufferUsage {
            buffer: vertex_only,
            needed: "uniform",
        },
    );
    refused_in(
        &device,
        &scene,
        &[],
        Command::BindBuffer {
            binding: BufferBinding::Index {
                index_type: IndexType::U32,
            },
            range: range(&scene, BUFFER_B, 1),
        },
        RecordError::BufferRangeOutOfBounds {
            buffer: scene.buffer,
            offset_b: BUFFER_B,
            size_b: 1,
            buffer_size_b: BUFFER_B,
        },
    );
    refused_in(
        &device,
        &scene,
        &[],
        Command::BindBuffer {
            binding: BufferBinding::Vertex { stream: 0 },
            range: range(&scene, u64::MAX, 2),
        },
        RecordError::BufferRangeOutOfBounds {
            buffer: scene.buffer,
            offset_b: u64::MAX,
            size_b: 2,
            buffer_size_b: BUFFER_B,
        },
    );
}

#[test]
fn copies_out_of_bounds_on_either_side_are_refused() {
    let (device, scene) = scene_for_errors();
    let image = |offset_b| BufferImage {
        buffer: scene.buffer,
        offset_b,
        row_pitch_b: 0,
        rows_per_image: 0,
    };
    let out = |side, object: ObjectRef, what, end, limit| RecordError::CopyOutOfBounds {
        side,
        object,
        what,
        end,
        limit,
    };
    let buffer = ObjectRef::from(scene.buffer);
    let tile = ObjectRef::from(scene.tile);
    let cases = [
        (
            CopyOp::BufferToBuffer {
                source: scene.buffer,
                source_offset_b: BUFFER_B - 10,
                destination: scene.buffer,
                destination_offset_b: 0,
                size_b: 11,
            },
            out(CopySide::Source, buffer, "bytes", BUFFER_B + 1, BUFFER_B),
        ),
        (
            CopyOp::BufferToBuffer {
                source: scene.buffer,
                source_offset_b: 0,
                destination: scene.buffer,
                destination_offset_b: BUFFER_B,
                size_b: 1,
            },
            out(
                CopySide::Destination,
                buffer,
                "bytes",
                BUFFER_B + 1,
                BUFFER_B,
            ),
        ),
        (
            // 260x260 RG8 is 135,200 bytes: more than the buffer holds.
            CopyOp::BufferToTexture {
                source: image(0),
                destination: region(scene.tile, 0, 260, 260),
            },
            out(CopySide::Source, buffer, "bytes", 135_200, BUFFER_B),
        ),
        (
            CopyOp::BufferToTexture {
                source: image(0),
                destination: region(scene.tile, 0, 261, 1),
            },
            out(CopySide::Destination, tile, "x", 261, 260),
        ),
        (
            CopyOp::TextureToBuffer {
                source: region(scene.tile, 9, 1, 1),
                destination: image(0),
            },
            out(CopySide::Source, tile, "level", 10, 9),
        ),
        (
            CopyOp::TextureToBuffer {
                source: TextureRegion {
                    y_px: 60,
                    ..region(scene.tile, 2, 65, 6)
                },
                destination: image(0),
            },
            out(CopySide::Source, tile, "y", 66, 65),
        ),
        (
            CopyOp::TextureToBuffer {
                source: TextureRegion {
                    z: 1,
                    ..region(scene.tile, 0, 1, 1)
                },
                destination: image(0),
            },
            out(CopySide::Source, tile, "z", 2, 1),
        ),
        (
            CopyOp::TextureToBuffer {
                source: region(scene.tile, 0, 8, 8),
                destination: image(BUFFER_B - 100),
            },
            out(
                CopySide::Destination,
                buffer,
                "bytes",
                BUFFER_B - 100 + 128,
                BUFFER_B,
            ),
        ),
        (
            CopyOp::TextureToTexture {
                source: region(scene.tile, 0, 8, 8),
                destination: region(scene.tile, 8, 2, 1),
                linear_filter: false,
            },
            out(CopySide::Destination, tile, "x", 2, 1),
        ),
    ];
    for (copy, expected) in cases {
        refused_in(&device, &scene, &[], Command::Copy(copy), expected);
    }
    refused_in(
        &device,
        &scene,
        &[],
        Command::Copy(CopyOp::TextureToTexture {
            source: region(scene.tile, 0, 8, 8),
            destination: region(scene.target, 0, 8, 8),
            linear_filter: false,
        }),
        RecordError::CopyFormatMismatch {
            source_texture: scene.tile,
            destination: scene.target,
        },
    );
    refused_in(
        &device,
        &scene,
        &[],
        Command::Copy(CopyOp::TextureToBuffer {
            source: region(scene.tile, 0, 0, 8),
            destination: image(0),
        }),
        RecordError::BadArgument {
            what: "copy region",
            why: "has no texels",
        },
    );
    refused_in(
        &device,
        &scene,
        &[],
        Command::Copy(CopyOp::TextureToBuffer {
            source: region(scene.tile, 0, 8, 8),
            destination: BufferImage {
                row_pitch_b: 15,
                ..image(0)
            },
        }),
        RecordError::BadArgument {
            what: "buffer image layout",
            why: "rows or images overlap",
        },
    );
}

#[test]
fn a_refused_command_keeps_what_was_recorded() {
    let (device, scene) = scene_for_errors();
    let mut buffer = device.command_buffer();
    let commands = every_command(&scene);
    for (index, command) in commands.iter().enumerate() {
        buffer.record(command.clone()).unwrap();
        assert!(buffer
            .record(Command::BindProgram(ProgramId::from_raw(1000).unwrap()))
            .is_err());
        assert_eq!(buffer.list().len(), index + 1);
    }
    assert_eq!(buffer.finish().commands().collect::<Vec<_>>(), commands);
}

#[test]
fn a_later_buffer_can_go_on_from_an_earlier_list() {
    let (device, scene) = scene_for_errors();
    let mut first = device.command_buffer();
    first.bind_render_targets(targets(&scene)).unwrap();
    first.bind_program(scene.graphics).unwrap();
    let first = first.finish();
    assert_eq!(
        device.command_buffer().record(draw()),
        Err(RecordError::DrawWithoutProgram)
    );
    let mut second = device.command_buffer_after(&first);
    second.record(draw()).unwrap();
    assert_eq!(second.bound().graphics_program, Some(scene.graphics));
    // A list that binds nothing passes on what the lists before it bound.
    let second = second.finish();
    let third = device.command_buffer_after(&device.command_buffer_after(&second).finish());
    assert_eq!(third.bound().graphics_program, Some(scene.graphics));
    assert_eq!(third.bound().targets, targets(&scene));
}

#[test]
fn state_changes_within_limits_pass() {
    let full = StateChange::Viewports {
        first: 0,
        viewports: vec![Viewport::covering(1, 1); MAX_VIEWPORTS],
    };
    assert!(full.check().is_ok());
    refused(
        &[],
        Command::SetState(StateChange::Scissors {
            first: 0,
            scissors: vec![Scissor::covering(1, 1); MAX_VIEWPORTS + 1],
        }),
        RecordError::StateOutOfRange {
            what: "scissor",
            index: MAX_VIEWPORTS,
            limit: MAX_VIEWPORTS,
        },
    );
}

/// Buffer binds and draws checked from what the command buffer found before are checked
/// as strictly: a bad range or use of a remembered buffer is refused, and an object
/// finalized after it was remembered is named as unknown.
#[test]
fn what_a_command_buffer_remembers_is_still_checked() {
    let (device, scene) = scene_for_errors();
    let uniform = |offset_b, size_b| Command::BindBuffer {
        binding: BufferBinding::Uniform {
            stage: Stage::Fragment,
            slot: 0,
        },
        range: range(&scene, offset_b, size_b),
    };
    let mut buffer = device.command_buffer();
    buffer
        .record(Command::BindRenderTargets(targets(&scene)))
        .unwrap();
    buffer.record(Command::BindProgram(scene.graphics)).unwrap();
    buffer.record(uniform(0, 16)).unwrap();
    buffer.record(draw()).unwrap();
    // Remembered now: the same buffer at another offset, the same program.
    buffer.record(uniform(256, 16)).unwrap();
    buffer.record(draw()).unwrap();
    assert_eq!(
        buffer.record(uniform(BUFFER_B, 1)).unwrap_err(),
        RecordError::BufferRangeOutOfBounds {
            buffer: scene.buffer,
            offset_b: BUFFER_B,
            size_b: 1,
            buffer_size_b: BUFFER_B,
        }
    );
    assert_eq!(
        buffer
            .record(Command::DrawIndexed(DrawIndexed {
                primitive: PrimitiveKind::Triangles,
                first_index: 0,
                index_count: 3,
                base_vertex: 0,
                first_instance: 0,
                instance_count: 1,
            }))
            .unwrap_err(),
        RecordError::DrawWithoutIndexBuffer
    );
    let recorded = buffer.list().len();
    device.finalize(scene.graphics).unwrap();
    assert_eq!(
        buffer.record(draw()).unwrap_err(),
        RecordError::UnknownObject(scene.graphics.into())
    );
    device.finalize(scene.buffer).unwrap();
    assert_eq!(
        buffer.record(uniform(512, 16)).unwrap_err(),
        RecordError::UnknownObject(scene.buffer.into())
    );
    assert_eq!(
        buffer.list().len(),
        recorded,
        "nothing refused was recorded"
    );
}

/// The typed verbs take a short way for a remembered buffer, program or texture handle;
/// what they refuse is refused as `record` refuses it: a slot past the limit, a handle of
/// the wrong kind, a slot registered again since (the registration forgets what was
/// found), a range past the buffer's end, a finalized program.
#[test]
fn the_typed_verbs_check_what_they_remember_as_strictly() {
    let (device, scene) = scene_for_errors();
    let handle = |texture_slot, sampler_slot| TextureHandle {
        texture_slot,
        sampler_slot,
    };
    let uniform = BufferBinding::Uniform {
        stage: Stage::Fragment,
        slot: 0,
    };
    let mut buffer = device.command_buffer();
    buffer.bind_render_targets(targets(&scene)).unwrap();
    buffer.bind_program(scene.graphics).unwrap();
    buffer
        .bind_descriptor_tables(scene.textures, scene.samplers)
        .unwrap();
    buffer
        .bind_texture(Stage::Fragment, 0, handle(1, 0))
        .unwrap();
    // Found valid above: these take the short way.
    buffer
        .bind_texture(Stage::Fragment, 1, handle(1, 0))
        .unwrap();
    buffer.bind_texture(Stage::Vertex, 0, handle(1, 0)).unwrap();
    assert_eq!(
        buffer
            .bind_texture(Stage::Fragment, 32, handle(1, 0))
            .unwrap_err(),
        RecordError::SlotOutOfRange {
            what: "texture",
            slot: 32,
            limit: 32,
        }
    );
    let unregistered = |slot| RecordError::UnregisteredHandle {
        table: scene.textures.into(),
        slot,
    };
    assert_eq!(
        buffer
            .bind_texture(Stage::Fragment, 0, handle(2, 0))
            .unwrap_err(),
        unregistered(2),
        "slot 2 holds an image"
    );
    buffer.bind_buffer(uniform, range(&scene, 0, 16)).unwrap();
    buffer.draw(array_draw()).unwrap();
    buffer.bind_buffer(uniform, range(&scene, 256, 16)).unwrap();
    buffer.draw(array_draw()).unwrap();
    assert_eq!(
        buffer
            .bind_buffer(uniform, range(&scene, BUFFER_B, 1))
            .unwrap_err(),
        RecordError::BufferRangeOutOfBounds {
            buffer: scene.buffer,
            offset_b: BUFFER_B,
            size_b: 1,
            buffer_size_b: BUFFER_B,
        }
    );
    // Slot 1 now holds an image: the handle remembered as a texture is refused.
    device
        .register_image(scene.textures, 1, scene.tile_view)
        .unwrap();
    assert_eq!(
        buffer
            .bind_texture(Stage::Fragment, 0, handle(1, 0))
            .unwrap_err(),
        unregistered(1)
    );
    let recorded = buffer.list().len();
    device.finalize(scene.graphics).unwrap();
    assert_eq!(
        buffer.draw(array_draw()).unwrap_err(),
        RecordError::UnknownObject(scene.graphics.into())
    );
    assert_eq!(
        buffer.list().len(),
        recorded,
        "nothing refused was recorded"
    );
}

#[test]
fn a_draw_past_the_vertex_bound_is_refused_on_every_path() {
    let (device, scene) = scene_for_errors();
    let setup = [
        Command::BindRenderTargets(targets(&scene)),
        Command::BindProgram(scene.graphics),
    ];
    let too_large = RecordError::BadArgument {
        what: "draw vertex and instance counts",
        why: "more than 2^28 vertices in one draw (MAX_DRAW_VERTICES)",
    };
    // Three vertices of 2^28 / 3 + 1 instances: a damaged count, just past 2^28 vertices.
    let huge = DrawArrays {
        instance_count: (1 << 28) / 3 + 1,
        ..array_draw()
    };
    refused_in(
        &device,
        &scene,
        &setup,
        Command::Draw(huge),
        too_large.clone(),
    );
    let indexed = DrawIndexed {
        primitive: PrimitiveKind::Triangles,
        first_index: 0,
        index_count: u32::MAX,
        base_vertex: 0,
        first_instance: 0,
        instance_count: 1,
    };
    refused_in(
        &device,
        &scene,
        &setup,
        Command::DrawIndexed(indexed),
        too_large.clone(),
    );
    // The typed verb's remembered fast path refuses it too, after a draw that fits.
    let mut buffer = device.command_buffer();
    for command in &setup {
        buffer.record(command.clone()).unwrap();
    }
    buffer.draw(array_draw()).unwrap();
    let exactly = DrawArrays {
        vertex_count: 1 << 14,
        instance_count: 1 << 14,
        ..array_draw()
    };
    buffer.draw(exactly).unwrap();
    assert_eq!(buffer.draw(huge), Err(too_large));
}

fn array_draw() -> DrawArrays {
    DrawArrays {
        primitive: PrimitiveKind::Triangles,
        first_vertex: 0,
        vertex_count: 3,
        first_instance: 0,
        instance_count: 1,
    }
}

/// State the device lacks the feature for is refused when recorded, naming the field and
/// the capability; on a device with the feature the same state records.
#[test]
fn state_needing_a_missing_feature_is_refused_when_recorded() {
    use crate::features::DeviceFeatures;
    use crate::test_backend::{TestBackend, CAPABLE};
    let lacking = |features: DeviceFeatures| {
        crate::Device::new(crate::DeviceMaker::new(Box::new(
            TestBackend::with_features(features),
        )))
        .unwrap()
    };
    let raster = |change: fn(&mut RasterizerState)| {
        let mut state = RasterizerState::default();
        change(&mut state);
        StateChange::Rasterizer(state)
    };
    // Every field's refusal is walked on the real driver by `tests/state_coverage.rs`;
    // here, one on the test backend.
    let withhold: fn(&mut DeviceFeatures) = |f| f.depth_clamp = false;
    let cases = [(raster(|r| r.depth_clamp = true), withhold, "depthClamp")];
    for (state, withhold, capability) in cases {
        let capable = lacking(CAPABLE);
        let mut commands = capable.command_buffer();
        commands.set_state(state.clone()).unwrap();
        let mut features = CAPABLE;
        withhold(&mut features);
        let device = lacking(features);
        let mut commands = device.command_buffer();
        match commands.set_state(state.clone()) {
            Err(RecordError::MissingCapability {
                capability: named, ..
            }) => {
                assert_eq!(named, capability, "{state:?}")
            }
            other => panic!("{state:?}: {other:?}"),
        }
        assert!(commands.list().is_empty(), "nothing was recorded");
    }
    // A line width the device's range lacks, and one no device draws.
    let narrow = DeviceFeatures {
        line_width_range_px: [1.0, 8.0],
        ..CAPABLE
    };
    let device = lacking(narrow);
    let mut commands = device.command_buffer();
    assert!(matches!(
        commands.set_state(raster(|r| r.line_width_px = 9.0)),
        Err(RecordError::MissingCapability {
            capability: "lineWidthRange",
            ..
        })
    ));
    assert!(matches!(
        commands.set_state(raster(|r| r.line_width_px = 0.0)),
        Err(RecordError::BadArgument { .. })
    ));
}

/// Inline uniform updates: a multiple of 4 bytes, 4 to 64 KiB, at a 4-byte aligned
/// offset inside a uniform buffer; anything else is refused when recorded.
#[test]
fn uniform_updates_are_checked_when_recorded() {
    let (device, scene) = scene_for_errors();
    let mut commands = device.command_buffer();
    commands
        .update_uniform_buffer(scene.buffer, 16, &[1, 2, 3, 4])
        .unwrap();
    let refused = |offset_b: u64, len_b: usize| {
        let mut commands = device.command_buffer();
        let outcome = commands.update_uniform_buffer(scene.buffer, offset_b, &vec![0; len_b]);
        assert!(commands.list().is_empty());
        outcome
    };
    for (offset_b, len_b) in [(0, 0), (0, 6), (2, 4), (0, MAX_UNIFORM_UPDATE_B + 4)] {
        assert!(
            matches!(
                refused(offset_b, len_b),
                Err(RecordError::BadArgument { .. })
            ),
            "{offset_b} + {len_b}"
        );
    }
    let size_b = device.tables().buffers.get(scene.buffer).unwrap().size_b;
    assert!(matches!(
        refused(size_b - 4, 8),
        Err(RecordError::BufferRangeOutOfBounds { .. })
    ));
}

/// Commands needing what the device lacks are refused when recorded: 8-bit indices
/// (through `record` and the typed verb), indirect draws of several records, and indirect
/// draws of kinds converted on the CPU (on every device).
#[test]
fn commands_needing_a_missing_feature_are_refused_when_recorded() {
    use crate::test_backend::TestBackend;
    let (capable, scene) = scene_for_errors();
    let lacking = crate::Device::new(crate::DeviceMaker::new(Box::new(
        TestBackend::with_features(crate::DeviceFeatures::NONE),
    )))
    .unwrap();
    let u8_indices = Command::BindBuffer {
        binding: BufferBinding::Index {
            index_type: IndexType::U8,
        },
        range: range(&scene, 0, 64),
    };
    let indirect = |primitive, draw_count| {
        Command::DrawIndirect(DrawIndirect {
            primitive,
            indexed: false,
            buffer: scene.buffer,
            offset_b: 0,
            draw_count,
            stride_b: 16,
        })
    };
    let capability =
        |device: &crate::Device, command: Command| match device.command_buffer().record(command) {
            Err(RecordError::MissingCapability { capability, .. }) => Some(capability),
            _ => None,
        };
    assert!(capability(&lacking, u8_indices.clone()).is_some());
    assert_eq!(capability(&capable, u8_indices.clone()), None);
    // The typed verb, whose common way skips `record` for remembered buffers.
    let narrow = BufferBinding::Index {
        index_type: IndexType::U8,
    };
    assert!(matches!(
        lacking
            .command_buffer()
            .bind_buffer(narrow, range(&scene, 64, 64)),
        Err(RecordError::MissingCapability { .. })
    ));
    assert_eq!(
        capability(&lacking, indirect(PrimitiveKind::Triangles, 2)),
        Some("multiDrawIndirect")
    );
    for device in [&lacking, &capable] {
        assert!(capability(device, indirect(PrimitiveKind::Quads, 1)).is_some());
    }
}
