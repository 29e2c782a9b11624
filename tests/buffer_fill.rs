//! Buffer fills (NVN's `ClearBuffer`, `Command::FillBuffer`) on the real driver (lavapipe
//! in CI, validation on), pools imported and mirrored: a pool range holds a repeated
//! 32-bit value once the fence passed, fills apply in list order, the bytes beside them
//! are left alone, later GPU reads of the list (a copy) see them, and a texture whose
//! storage a fill covers reads the filled bytes. The CPU model is the pool's bytes with
//! each fill applied in list order. Misaligned or out-of-range fills are refused when
//! recorded.

mod common;

use common::readback::{pool_bytes, region};
use common::rig::Rig;
use gpu::command::CopyOp;
use gpu::objects::TextureBuilder;
use gpu::RecordError;
use memory::Format;

/// Where the filled buffer starts in the pool (above the textures, below the read-back).
const FILL_OFFSET_B: u64 = 1 << 20;
const FILL_B: u64 = 256;
/// Where a copy of the filled bytes goes.
const COPY_OFFSET_B: u64 = FILL_OFFSET_B + 4096;

/// A byte pattern no fill writes, so untouched bytes are told apart from filled ones.
fn pattern(len_b: usize) -> Vec<u8> {
    (0..len_b).map(|at| (at * 7 + 3) as u8).collect()
}

/// The CPU model of one fill: `value` little-endian over `bytes[offset_b..][..size_b]`.
fn fill_model(bytes: &mut [u8], offset_b: usize, size_b: usize, value: u32) {
    for word in bytes[offset_b..offset_b + size_b].chunks_exact_mut(4) {
        word.copy_from_slice(&value.to_le_bytes());
    }
}

#[test]
fn fills_land_in_storage_in_order_and_leave_neighbours_alone() {
    for import in [true, false] {
        let rig = Rig::new(import);
        let before = pattern(FILL_B as usize);
        rig.device
            .write_pool(rig.pool, FILL_OFFSET_B, &before)
            .unwrap();
        rig.device
            .write_pool(rig.pool, COPY_OFFSET_B, &pattern(64))
            .unwrap();
        let filled = rig.buffer(FILL_OFFSET_B, FILL_B);
        let copied = rig.buffer(COPY_OFFSET_B, 64);
        let fills = [
            (16usize, 48usize, 0xa1b2_c3d4u32),
            (32, 8, 0x0102_0304),
            (FILL_B as usize - 4, 4, 0xffff_ffff),
        ];
        let mut commands = rig.device.command_buffer();
        for &(offset_b, size_b, value) in &fills {
            commands
                .fill_buffer(filled, offset_b as u64, size_b as u64, value)
                .unwrap();
        }
        // A later copy of the list reads what the fills wrote.
        commands
            .copy(CopyOp::BufferToBuffer {
                source: filled,
                source_offset_b: 16,
                destination: copied,
                destination_offset_b: 0,
                size_b: 48,
            })
            .unwrap();
        rig.submit(&commands.finish());
        rig.finish();
        let mut expected = before.clone();
        for &(offset_b, size_b, value) in &fills {
            fill_model(&mut expected, offset_b, size_b, value);
        }
        assert_eq!(
            pool_bytes(&rig.device, rig.pool, FILL_OFFSET_B, FILL_B as usize),
            expected,
            "import {import}: the filled buffer's storage after the fence"
        );
        let mut expected_copy = pattern(64);
        expected_copy[..48].copy_from_slice(&expected[16..64]);
        assert_eq!(
            pool_bytes(&rig.device, rig.pool, COPY_OFFSET_B, 64),
            expected_copy,
            "import {import}: the copy after the fills"
        );
    }
}

/// A fill over a texture's storage: the texture, drawn (cleared) on the GPU in an
/// earlier submission, reads the filled value at every texel after it. One value in
/// every word makes the expected texels independent of the storage's swizzle.
#[test]
fn a_fill_over_a_textures_storage_is_what_the_texture_reads_after() {
    const SIZE_PX: u32 = 8;
    const VALUE: u32 = 0x40ff_2080;
    for import in [true, false] {
        let rig = Rig::new(import);
        let rgba8 = Format::from_name("rgba8").unwrap();
        let builder = TextureBuilder::new_2d(rgba8, SIZE_PX, SIZE_PX);
        let storage_b = builder.layout().unwrap().size_b;
        let (texture, view) = rig.texture(&builder, 0);
        let len_b = (SIZE_PX * SIZE_PX * 4) as usize;
        let blue = rig.submit_and_read(
            rig.cleared(view, [0.0, 0.0, 1.0, 1.0]),
            region(texture, 0, SIZE_PX, SIZE_PX),
            len_b,
        );
        assert_eq!(
            blue[..4],
            [0, 0, 255, 255],
            "import {import}: the clear drew"
        );
        let storage = rig.buffer(0, storage_b);
        let mut commands = rig.device.command_buffer();
        commands.fill_buffer(storage, 0, storage_b, VALUE).unwrap();
        rig.submit(&commands.finish());
        rig.finish();
        let texels = rig.read(region(texture, 0, SIZE_PX, SIZE_PX), len_b);
        let expected: Vec<u8> = std::iter::repeat_n(VALUE.to_le_bytes(), len_b / 4)
            .flatten()
            .collect();
        assert_eq!(texels, expected, "import {import}: texels after the fill");
    }
}

#[test]
fn fills_out_of_range_or_misaligned_are_refused_when_recorded() {
    let rig = Rig::new(true);
    let filled = rig.buffer(FILL_OFFSET_B, FILL_B);
    let mut commands = rig.device.command_buffer();
    for (offset_b, size_b, what) in [
        (0, 0, "buffer fill size"),
        (0, 6, "buffer fill size"),
        (2, 4, "buffer fill offset"),
    ] {
        assert!(
            matches!(
                commands.fill_buffer(filled, offset_b, size_b, 0),
                Err(RecordError::BadArgument { what: found, .. }) if found == what
            ),
            "offset {offset_b}, size {size_b}"
        );
    }
    for (offset_b, size_b) in [(FILL_B - 4, 8), (FILL_B, 4), (u64::MAX - 3, 4)] {
        assert!(
            matches!(
                commands.fill_buffer(filled, offset_b, size_b, 0),
                Err(RecordError::BufferRangeOutOfBounds { buffer, .. }) if buffer == filled
            ),
            "offset {offset_b}, size {size_b}"
        );
    }
    // The refusals recorded nothing; a fill in range still records.
    commands.fill_buffer(filled, FILL_B - 4, 4, 1).unwrap();
    assert_eq!(commands.finish().len(), 1);
}
