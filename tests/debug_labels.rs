//! Debug groups and labels (NVN's `PushDebugGroup`, `PopDebugGroup`, `InsertDebugMarker`)
//! on the real driver (lavapipe in CI) with the validation layer on, which checks every
//! label region Vulkan gets balances (`VUID-vkCmdEndDebugUtilsLabelEXT-commandBuffer-01912`
//! and its kin fail the test). The executor's log of what each command buffer received
//! is compared with the groups and labels the list holds, in order; a list split into
//! several command buffers (render enable) ends and begins its open groups at each
//! split. The work around the labels runs as without them (a pixel check). Unbalanced
//! lists are refused when recorded. (`tests/debug_labels_tracing.rs`: the `tracing`
//! events, in a process of their own.)

mod common;

use common::draw::colour;
use common::readback::region;
use common::rig::Rig;
use gpu::command::{ClearValue, TextureClear, TextureClearValue};
use gpu::objects::TextureBuilder;
use gpu::state::ComponentMask;
use gpu::RecordError;
use gpu_vk::executor::debug_labels::LabelEvent;
use memory::Format;

const SIZE_PX: u32 = 8;

fn begin(name: &str) -> LabelEvent {
    LabelEvent::Begin(name.to_owned())
}

fn insert(name: &str) -> LabelEvent {
    LabelEvent::Insert(name.to_owned())
}

#[test]
fn nested_groups_and_labels_reach_vulkan_in_order_around_the_work() {
    let rig = Rig::new(true);
    assert!(
        rig.backend.lock().device().debug_utils.is_some(),
        "the test instance has VK_EXT_debug_utils (the validation layer offers it)"
    );
    rig.backend.lock().log_debug_labels(true);
    let builder = TextureBuilder::new_2d(Format::Rgba8, SIZE_PX, SIZE_PX);
    let (texture, view) = rig.texture(&builder, 0);
    let mut commands = rig.device.command_buffer();
    commands.push_debug_group("frame").unwrap();
    commands.bind_render_targets(colour(view)).unwrap();
    commands
        .clear_color(
            0,
            ClearValue::Float([1.0, 0.0, 0.0, 1.0]),
            ComponentMask::ALL,
        )
        .unwrap();
    // A label inside the pass stays in it; the group push after it ends the pass.
    commands.insert_debug_label("cleared red").unwrap();
    commands.push_debug_group("blue corner").unwrap();
    commands
        .clear_texture(TextureClear {
            view,
            x_px: 0,
            y_px: 0,
            width_px: 2,
            height_px: 2,
            z: 0,
            depth: 1,
            value: TextureClearValue::Color {
                value: ClearValue::Float([0.0, 0.0, 1.0, 1.0]),
                mask: ComponentMask::ALL,
            },
        })
        .unwrap();
    commands.insert_debug_label("corner").unwrap();
    commands.pop_debug_group().unwrap();
    commands.pop_debug_group().unwrap();
    let texels = rig.submit_and_read(
        commands,
        region(texture, 0, SIZE_PX, SIZE_PX),
        (SIZE_PX * SIZE_PX * 4) as usize,
    );
    assert_eq!(
        rig.backend.lock().take_debug_labels(),
        [
            begin("frame"),
            insert("cleared red"),
            begin("blue corner"),
            insert("corner"),
            LabelEvent::End,
            LabelEvent::End,
        ]
    );
    for (at, texel) in texels.chunks_exact(4).enumerate() {
        let (x, y) = (at as u32 % SIZE_PX, at as u32 / SIZE_PX);
        let expected = if x < 2 && y < 2 {
            [0, 0, 255, 255]
        } else {
            [255, 0, 0, 255]
        };
        assert_eq!(texel, expected, "pixel {x}, {y}");
    }
}

#[test]
fn a_list_split_into_command_buffers_balances_its_groups_in_each() {
    let rig = Rig::new(true);
    rig.backend.lock().log_debug_labels(true);
    let mut commands = rig.device.command_buffer();
    commands.push_debug_group("outer").unwrap();
    commands.push_debug_group("inner").unwrap();
    commands.insert_debug_label("first piece").unwrap();
    // Render enable splits the list here: the pieces are command buffers of their own.
    commands.set_render_enable(true).unwrap();
    commands.insert_debug_label("second piece").unwrap();
    commands.pop_debug_group().unwrap();
    commands.pop_debug_group().unwrap();
    rig.submit(&commands.finish());
    rig.finish();
    assert_eq!(
        rig.backend.lock().take_debug_labels(),
        [
            begin("outer"),
            begin("inner"),
            insert("first piece"),
            // The first command buffer ends its open groups, the second begins them again.
            LabelEvent::End,
            LabelEvent::End,
            begin("outer"),
            begin("inner"),
            insert("second piece"),
            LabelEvent::End,
            LabelEvent::End,
        ]
    );
}

#[test]
fn unbalanced_groups_and_bad_names_are_refused_when_recorded() {
    let rig = Rig::new(true);
    let mut commands = rig.device.command_buffer();
    assert_eq!(
        commands.pop_debug_group(),
        Err(RecordError::DebugGroupUnderflow)
    );
    assert!(matches!(
        commands.push_debug_group("a\0b"),
        Err(RecordError::BadArgument {
            what: "debug label",
            ..
        })
    ));
    assert!(matches!(
        commands.insert_debug_label(&"x".repeat(4097)),
        Err(RecordError::BadArgument {
            what: "debug label",
            ..
        })
    ));
    assert!(commands.list().is_empty(), "the refusals recorded nothing");
    commands.push_debug_group("one").unwrap();
    commands.push_debug_group("two").unwrap();
    commands.pop_debug_group().unwrap();
    let refused = commands.try_finish().expect_err("a group is open");
    let (error, mut commands) = *refused;
    assert_eq!(error, RecordError::DebugGroupsOpen { open: 1 });
    assert_eq!(commands.debug_groups_open(), 1);
    commands.pop_debug_group().unwrap();
    assert_eq!(
        commands.pop_debug_group(),
        Err(RecordError::DebugGroupUnderflow)
    );
    let list = commands.try_finish().ok().expect("balanced");
    assert_eq!(list.len(), 4);
    // `finish` closes what is open at the list's end.
    let mut commands = rig.device.command_buffer();
    commands.push_debug_group("left open").unwrap();
    let list = commands.finish();
    assert_eq!(
        list.commands().collect::<Vec<_>>(),
        [
            gpu::command::Command::PushDebugGroup("left open".into()),
            gpu::command::Command::PopDebugGroup,
        ]
    );
    rig.submit(&list);
    rig.finish();
}
