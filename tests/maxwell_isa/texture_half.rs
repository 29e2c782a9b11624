//! The short texture forms' `f16` results: `tlds f16` (a 2D fetch at level 0) over a
//! random RGBA8 texture bound to the kernel's texture slot 0, every component mask with
//! and without a second register, against Ryujinx's packing (the selected components in
//! order: Rd's low half, Rd's high half, Rd2's low, Rd2's high; halves no component
//! fills 0.0) of each texel's unorm value rounded to a half. Within one unit in the last
//! place of the half (the driver's unorm-to-float conversion is only as exact as Vulkan
//! asks).

use super::kernel::{self, Rng, FIRST_OUT, INPUTS, INVOCATIONS, PT_GUARD};
use crate::common::texels::{swizzled, Bytes};

/// The texture's side, in texels.
const SIZE_PX: u32 = 8;
/// Where the texture lies in the pool (past the kernel's buffers).
const TEXTURE_AT_B: u64 = 3 << 19;
/// The compute stage's first texture handle (deko3d's: 0xa0 / 4).
const HANDLE: u64 = 0x28;

/// `tlds f16 lz t2d` into r16 (and r17 unless `one_register`) from x = r8, y = r9.
fn encode(mask: u64, one_register: bool) -> u64 {
    let rd2 = if one_register {
        0xff
    } else {
        u64::from(FIRST_OUT) + 1
    };
    0xd200 << 48
        | 2 << 53
        | mask << 50
        | HANDLE << 36
        | rd2 << 28
        | 9 << 20
        | 8 << 8
        | u64::from(FIRST_OUT)
        | PT_GUARD
}

/// The components a short form's mask selects (Ryujinx's table).
fn components(mask: u64, one_register: bool) -> Vec<usize> {
    let bits: u32 = match (one_register, mask) {
        (true, 0) => 0b0001,
        (true, 1) => 0b0010,
        (true, 2) => 0b0100,
        (true, 3) => 0b1000,
        (true, 4) => 0b0011,
        (true, 5) => 0b1001,
        (true, 6) => 0b1010,
        (true, 7) => 0b1100,
        (false, 0) => 0b0111,
        (false, 1) => 0b1011,
        (false, 2) => 0b1101,
        (false, 3) => 0b1110,
        _ => 0b1111,
    };
    (0..4).filter(|c| bits >> c & 1 == 1).collect()
}

fn model(texel: [u8; 4], mask: u64, one_register: bool) -> [u32; 2] {
    let mut halves = [0u16; 4];
    for (slot, component) in components(mask, one_register).into_iter().enumerate() {
        let value = f32::from(texel[component]) / 255.0;
        halves[slot] = half::f16::from_f32(value).to_bits();
    }
    let word = |lo: u16, hi: u16| u32::from(lo) | u32::from(hi) << 16;
    [word(halves[0], halves[1]), word(halves[2], halves[3])]
}

/// Each half of `got` within one unit of `want`'s.
fn close(got: u32, want: u32) -> bool {
    [0, 16].iter().all(|&shift| {
        let (g, w) = ((got >> shift) as u16, (want >> shift) as u16);
        g.abs_diff(w) <= 1
    })
}

fn bind_texture(
    texels: &[u8],
    rig: &crate::common::rig::Rig,
    commands: &mut gpu::CommandBuffer<'_>,
) {
    use gpu::objects::{SamplerMaker, TextureBuilder, TextureHandle};
    let builder = TextureBuilder::new_2d(
        memory::Format::from_name("rgba8").unwrap(),
        SIZE_PX,
        SIZE_PX,
    );
    let layout = builder.layout().unwrap();
    let (_, view) = rig.texture(&builder, TEXTURE_AT_B);
    rig.device
        .write_pool(rig.pool, TEXTURE_AT_B, &swizzled(&layout, texels))
        .unwrap();
    let table = rig.device.create_texture_table(4).unwrap();
    let samplers = rig.device.create_sampler_table(4).unwrap();
    rig.device.register_texture(table, 1, view).unwrap();
    let sampler = rig.device.create_sampler(&SamplerMaker::default()).unwrap();
    rig.device.register_sampler(samplers, 1, sampler).unwrap();
    commands.bind_descriptor_tables(table, samplers).unwrap();
    commands
        .bind_texture(
            gpu::objects::Stage::Compute,
            0,
            TextureHandle {
                texture_slot: 1,
                sampler_slot: 1,
            },
        )
        .unwrap();
}

#[test]
fn half_precision_texture_results_pack_as_ryujinx_packs_them() {
    let texels = Bytes(0x7465_7868).vec((SIZE_PX * SIZE_PX * 4) as usize);
    let mut rng = Rng(0x6631_3600);
    let mut checked = 0;
    for one_register in [true, false] {
        let masks: Vec<u64> = if one_register {
            (0..8).collect()
        } else {
            (0..5).collect()
        };
        for mask in masks {
            let word = encode(mask, one_register);
            let line = &kernel::envydis(&[word])[0];
            assert!(
                line.starts_with("tlds f16 lz") && !line.contains("???"),
                "mask {mask}: `{line}`"
            );
            let inputs: Vec<u32> = (0..INPUTS * INVOCATIONS)
                .map(|_| rng.below(u64::from(SIZE_PX)) as u32)
                .collect();
            // r16, r17 preset so an unwritten register shows.
            let body = [
                kernel::mov(FIRST_OUT, 10),
                kernel::mov(FIRST_OUT + 1, 11),
                word,
            ];
            let got = kernel::run_with_setup(&body, 2, &inputs, [0; 4], None, |rig, commands| {
                bind_texture(&texels, rig, commands)
            });
            for (invocation, got) in got.iter().enumerate() {
                let own = &inputs[INPUTS * invocation..INPUTS * (invocation + 1)];
                let at = ((own[1] * SIZE_PX + own[0]) * 4) as usize;
                let texel: [u8; 4] = texels[at..at + 4].try_into().unwrap();
                let [first, second] = model(texel, mask, one_register);
                let second = if one_register { own[3] } else { second };
                assert!(
                    close(got[0], first) && close(got[1], second),
                    "mask {mask}, one register {one_register}, texel {texel:?}: got {:08x?}, want {first:08x} {second:08x}",
                    got
                );
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 13 * INVOCATIONS);
}
