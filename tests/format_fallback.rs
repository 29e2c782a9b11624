//! Format fallbacks on the real driver (lavapipe in CI: BC and D24S8, no ASTC) with
//! validation on: block-compressed textures decoded on the CPU sample as the driver's own
//! decoder samples them, ASTC takes the fallback by itself, Z24S8 stored as
//! D32_SFLOAT_S8_UINT keeps its depth and stencil, and combined depth/stencil storage
//! uploads. Every texture lies block-linear in a pool, written by the CPU through
//! `memory`'s swizzle, and is read by draws (texel fetches, stencil tests).

mod common;

use std::cell::Cell;

use common::device::{cached_pool, executor_device};
use common::draw::{bind_positions, colour, positions_at, triangle, FULL_TRIANGLE_NDC};
use common::programs::{position_program, GREEN_FRAG, TEXEL_FRAG};
use common::readback::{region, Readback};
use common::texels::{swizzled, Bytes};
use common::TestGpu;
use gpu::command::{ClearValue, CopyOp, DrawArrays};
use gpu::objects::{
    BufferRange, DepthStencilMode, SamplerMaker, Stage, TextureBuilder, TextureHandle, ViewMaker,
};
use gpu::state::{
    CompareOp, ComponentMask, DepthStencilState, PrimitiveKind, StateChange, StencilFace, StencilOp,
};
use gpu::{
    BackendError, ObjectError, PoolId, ProgramId, QueueError, RecordError, TextureId, ViewId,
};
use gpu_vk::executor::{ExecutorOptions, VkBackend};
use gpu_vk::shared_backend::SharedBackend as Shared;
use memory::Format;

const POOL_B: u64 = 8 << 20;
/// Textures and targets are placed from 0 up to here, each on its own 64 KiB.
const TEXTURES_END_B: u64 = 6 << 20;
const PLACEMENT_B: u64 = 64 << 10;
const VERTICES_OFFSET_B: u64 = 6 << 20;
const READBACK_OFFSET_B: u64 = 7 << 20;
const READBACK_B: u64 = 1 << 20;

/// A gpu device on the executor with one pool. Fields drop in order: the device (and the
/// executor) before the harness checks validation.
struct Rig {
    device: gpu::Device,
    _backend: Shared,
    pool: PoolId,
    readback: Readback,
    vertices: BufferRange,
    fetch: ProgramId,
    green: ProgramId,
    next_offset_b: Cell<u64>,
    _gpu: TestGpu,
}

impl Rig {
    fn new(force_format_fallbacks: bool) -> Rig {
        Rig::with_options(ExecutorOptions {
            force_format_fallbacks,
            ..ExecutorOptions::default()
        })
    }

    /// `new(false)` on a device offering what it has less what `withhold` takes.
    fn with_features(withhold: impl FnOnce(&mut gpu::DeviceFeatures)) -> Rig {
        let mut features = Rig::new(false).device.features().to_owned();
        withhold(&mut features);
        Rig::with_options(ExecutorOptions {
            state_features: Some(features),
            ..ExecutorOptions::default()
        })
    }

    fn with_options(options: ExecutorOptions) -> Rig {
        let gpu = TestGpu::open();
        let (device, backend) = executor_device(VkBackend::new(&gpu.device, options).unwrap());
        let pool = cached_pool(&device, POOL_B);
        let readback = Readback::new(&device, pool, READBACK_OFFSET_B, READBACK_B);
        let vertices = positions_at(&device, pool, VERTICES_OFFSET_B, &FULL_TRIANGLE_NDC);
        let fetch = position_program(&device, TEXEL_FRAG);
        let green = position_program(&device, GREEN_FRAG);
        Rig {
            device,
            _backend: backend,
            pool,
            readback,
            vertices,
            fetch,
            green,
            next_offset_b: Cell::new(0),
            _gpu: gpu,
        }
    }

    /// A texture at the next free place in the pool.
    fn texture(&self, builder: &TextureBuilder) -> TextureId {
        self.place(builder).0
    }

    /// A texture at the next free place in the pool, and where that is.
    fn place(&self, builder: &TextureBuilder) -> (TextureId, u64) {
        let offset_b = self.next_offset_b.get();
        let size_b = builder.layout().unwrap().size_b;
        let next_b = (offset_b + size_b).next_multiple_of(PLACEMENT_B);
        assert!(
            next_b <= TEXTURES_END_B,
            "the test's textures fill the pool"
        );
        self.next_offset_b.set(next_b);
        let texture = self
            .device
            .create_texture(builder, self.pool, offset_b)
            .unwrap();
        (texture, offset_b)
    }

    /// A texture whose storage holds `linear` (every level tightly packed: rows of
    /// elements, levels one after the other) swizzled block-linear by `memory`.
    fn texture_holding(&self, builder: &TextureBuilder, linear: &[u8]) -> TextureId {
        let (texture, offset_b) = self.place(builder);
        let storage = swizzled(&builder.layout().unwrap(), linear);
        self.device
            .write_pool(self.pool, offset_b, &storage)
            .unwrap();
        texture
    }

    /// Copies `target` (level 0, `width_px` x `height_px`) into the read-back buffer,
    /// submits, waits and returns its `texel_b`-byte texels.
    fn submit_and_read(
        &self,
        commands: gpu::CommandBuffer<'_>,
        target: TextureId,
        [width_px, height_px]: [u32; 2],
        texel_b: usize,
    ) -> Vec<u8> {
        let len_b = width_px as usize * height_px as usize * texel_b;
        self.readback.submit_and_read(
            &self.device,
            commands,
            region(target, 0, width_px, height_px),
            len_b,
        )
    }

    /// Every texel of level `level` of `texture` as a draw fetches it, in an RGBA32F target.
    fn fetch_level(&self, texture: TextureId, level: u32, extent_px: [u32; 2]) -> Vec<[f32; 4]> {
        let view = self
            .device
            .create_view(&ViewMaker::whole(texture).levels(level, 1))
            .unwrap();
        self.fetch_view(view, extent_px, self.fetch)
    }

    /// Every texel of `view` as `program` (positions and a fragment stage reading its
    /// slot 0) draws it over the whole of an RGBA32F target.
    fn fetch_view(&self, view: ViewId, extent_px: [u32; 2], program: ProgramId) -> Vec<[f32; 4]> {
        let builder = TextureBuilder::new_2d(Format::Rgba32F, extent_px[0], extent_px[1]);
        let target = self.texture(&builder);
        let target_view = self.device.create_view(&ViewMaker::whole(target)).unwrap();
        let textures = self.device.create_texture_table(4).unwrap();
        let samplers = self.device.create_sampler_table(4).unwrap();
        self.device.register_texture(textures, 1, view).unwrap();
        let sampler = self
            .device
            .create_sampler(&SamplerMaker::default())
            .unwrap();
        self.device.register_sampler(samplers, 1, sampler).unwrap();

        let mut commands = self.device.command_buffer();
        commands.bind_render_targets(colour(target_view)).unwrap();
        bind_positions(&mut commands, program, self.vertices);
        commands.bind_descriptor_tables(textures, samplers).unwrap();
        commands
            .bind_texture(
                Stage::Fragment,
                0,
                TextureHandle {
                    texture_slot: 1,
                    sampler_slot: 1,
                },
            )
            .unwrap();
        commands.draw(triangle()).unwrap();
        let bytes = self.submit_and_read(commands, target, extent_px, 16);
        bytes
            .chunks_exact(16)
            .map(|texel| {
                let channel =
                    |i: usize| f32::from_le_bytes(texel[i * 4..i * 4 + 4].try_into().unwrap());
                [channel(0), channel(1), channel(2), channel(3)]
            })
            .collect()
    }

    /// Which pixels pass a stencil test `Equal reference` against the depth/stencil
    /// texture `depth_stencil` (loaded, not cleared): a draw of green over red.
    fn stencil_equal(
        &self,
        depth_stencil: ViewId,
        extent_px: [u32; 2],
        reference: u8,
    ) -> Vec<bool> {
        let builder = TextureBuilder::new_2d(Format::Rgba8, extent_px[0], extent_px[1]);
        let target = self.texture(&builder);
        let target_view = self.device.create_view(&ViewMaker::whole(target)).unwrap();
        let mut commands = self.device.command_buffer();
        let mut targets = colour(target_view);
        targets.depth_stencil = Some(depth_stencil);
        commands.bind_render_targets(targets).unwrap();
        commands
            .clear_color(
                0,
                ClearValue::Float([1.0, 0.0, 0.0, 1.0]),
                ComponentMask::ALL,
            )
            .unwrap();
        bind_positions(&mut commands, self.green, self.vertices);
        let face = StencilFace {
            compare: CompareOp::Equal,
            reference,
            ..StencilFace::default()
        };
        commands
            .set_state(StateChange::DepthStencil(DepthStencilState {
                stencil_test: true,
                front: face,
                back: face,
                ..DepthStencilState::default()
            }))
            .unwrap();
        commands.draw(triangle()).unwrap();
        let bytes = self.submit_and_read(commands, target, extent_px, 4);
        bytes
            .chunks_exact(4)
            .map(|pixel| match pixel {
                [0, 255, 0, 255] => true,
                [255, 0, 0, 255] => false,
                other => panic!("a pixel neither drawn nor cleared: {other:?}"),
            })
            .collect()
    }
}

/// Each level's extent in pixels.
fn level_extents(builder: &TextureBuilder) -> Vec<[u32; 2]> {
    let layout = builder.layout().unwrap();
    layout
        .levels
        .iter()
        .map(|level| [level.width_px, level.height_px])
        .collect()
}

/// Every level of a texture of `builder` holding `linear`, fetched by draws on an
/// executor with the fallbacks forced or not.
fn fetch_every_level(
    force_format_fallbacks: bool,
    builder: &TextureBuilder,
    linear: &[u8],
) -> Vec<Vec<[f32; 4]>> {
    let rig = Rig::new(force_format_fallbacks);
    let texture = rig.texture_holding(builder, linear);
    level_extents(builder)
        .into_iter()
        .enumerate()
        .map(|(level, extent_px)| rig.fetch_level(texture, level as u32, extent_px))
        .collect()
}

/// Every level's texels of `got` within `tolerance` of `reference`'s, channel by channel.
fn assert_close(got: &[Vec<[f32; 4]>], reference: &[Vec<[f32; 4]>], tolerance: f32, what: &str) {
    assert_eq!(got.len(), reference.len(), "{what}: levels");
    for (level, (got, reference)) in got.iter().zip(reference).enumerate() {
        assert_eq!(got.len(), reference.len(), "{what}: level {level}'s texels");
        for (texel, (got, reference)) in got.iter().zip(reference).enumerate() {
            let off = got
                .iter()
                .zip(reference)
                .any(|(g, r)| (g - r).abs() > tolerance);
            assert!(
                !off,
                "{what}: level {level} texel {texel} is {got:?}, against {reference:?}"
            );
        }
    }
}

/// A BC1 block of one colour in four-colour mode (index 0 everywhere).
fn bc1_solid(colour565: u16) -> [u8; 8] {
    let mut block = [0; 8];
    block[..2].copy_from_slice(&colour565.to_le_bytes());
    block
}

/// BC1 blocks whose every palette entry is exact in 8 bits (endpoints 0 or full per
/// channel, thirds of 255 are 85 and 170), each texel at its own index: the decoded texels
/// are the ones computed here, and the driver's within its rounding.
#[test]
fn a_bc1_texture_decoded_on_the_cpu_samples_its_exact_texels() {
    // 10x6 pixels, 2 levels: 3x2 blocks cropped at the right and bottom, then 5x3 (2x1).
    let builder = TextureBuilder::new_2d(Format::Bc1, 10, 6).levels(2);
    let layout = builder.layout().unwrap();
    let endpoints = [(0xf800u16, 0x0000u16), (0x07e0, 0x001f), (0xffff, 0xf800)];
    let expand = |colour: u16| {
        let (r, g, b) = (
            colour >> 11 != 0,
            (colour >> 5) & 0x3f != 0,
            colour & 0x1f != 0,
        );
        [r, g, b].map(|on| if on { 255u32 } else { 0 })
    };
    let mut linear = Vec::new();
    let mut expected: Vec<Vec<[u8; 4]>> = Vec::new();
    for (level, [width_px, height_px]) in level_extents(&builder).into_iter().enumerate() {
        let (width_el, height_el) = Format::Bc1.extent_el(width_px, height_px);
        let mut texels = vec![[0u8; 4]; (width_px * height_px) as usize];
        for y_el in 0..height_el {
            for x_el in 0..width_el {
                let block_index = (y_el * width_el + x_el) as usize + level;
                let (colour0, colour1) = endpoints[block_index % endpoints.len()];
                let [c0, c1] = [expand(colour0), expand(colour1)];
                let palette: [[u32; 3]; 4] = [
                    c0,
                    c1,
                    [0, 1, 2].map(|i| (2 * c0[i] + c1[i]) / 3),
                    [0, 1, 2].map(|i| (c0[i] + 2 * c1[i]) / 3),
                ];
                let mut indices = 0u32;
                for texel in 0..16u32 {
                    let index = (texel + block_index as u32) % 4;
                    indices |= index << (2 * texel);
                    let (x, y) = (x_el * 4 + texel % 4, y_el * 4 + texel / 4);
                    if x < width_px && y < height_px {
                        let [r, g, b] = palette[index as usize].map(|c| c as u8);
                        texels[(y * width_px + x) as usize] = [r, g, b, 255];
                    }
                }
                let mut block = [0u8; 8];
                block[..2].copy_from_slice(&colour0.to_le_bytes());
                block[2..4].copy_from_slice(&colour1.to_le_bytes());
                block[4..].copy_from_slice(&indices.to_le_bytes());
                linear.extend_from_slice(&block);
            }
        }
        expected.push(texels);
    }
    assert_eq!(linear.len() as u64, layout.linear_size_b());
    let expected: Vec<Vec<[f32; 4]>> = expected
        .iter()
        .map(|level| {
            level
                .iter()
                .map(|texel| texel.map(|c| f32::from(c) / 255.0))
                .collect()
        })
        .collect();
    let decoded = fetch_every_level(true, &builder, &linear);
    assert_close(&decoded, &expected, 1e-6, "bc1 decoded on the CPU");
    // Hardware decoders interpolate BC1's thirds their own way: lavapipe's are a step off
    // some exact values (85 reads 84), the NVIDIA H200's up to 5 steps (170 reads 175).
    let native = fetch_every_level(false, &builder, &linear);
    assert_close(
        &native,
        &expected,
        BC_INTERPOLATION_STEPS / 255.0,
        "bc1 sampled by the driver",
    );
}

/// How far a driver's sRGB decode of an 8-bit texel may land from the exact curve: its
/// precision is the driver's (lavapipe within 2e-3, the NVIDIA H200 within 3.2e-3: 0.9734
/// reads 0.9766).
const SRGB_DECODE_TOLERANCE: f32 = 4e-3;

/// How far a driver's sample of a 5- or 6-bit channel may land from the exact fraction:
/// exact on lavapipe; the NVIDIA H200 samples them through an 8-bit expansion by bit
/// replication (28/31 reads 231/255), whose worst case is 2.66e-3 for 5 bits and 2.80e-3
/// for 6 bits (`v << 2 | v >> 4` over 255 against `v` over 63, v = 0..63).
const FEW_BIT_EXPANSION_TOLERANCE: f32 = 2.9e-3;

/// How far (in steps of 8 bits) a driver's BC1/BC3 colour decode may land from the exact
/// one: the formats leave the rounding of the interpolated palette entries to the decoder,
/// and NVIDIA's hardware computes them its own way (the H200, driver 580.159.04: up to 5
/// steps; lavapipe: 1).
const BC_INTERPOLATION_STEPS: f32 = 6.01;

/// Arbitrary blocks (any bytes are a valid BC1, BC3 or BC7 block, but for BC7's reserved
/// mode, which the generator leaves out), three levels cropped at the edges: the CPU
/// decode and the driver's decoder agree, BC7 exactly, BC1/BC3 within the decoders'
/// rounding of their thirds and sevenths (`BC_INTERPOLATION_STEPS`).
#[test]
fn bc1_bc3_and_bc7_decoded_on_the_cpu_sample_as_the_driver_decodes_them() {
    for (format, tolerance) in [
        (Format::Bc1, BC_INTERPOLATION_STEPS / 255.0),
        (Format::Bc3, BC_INTERPOLATION_STEPS / 255.0),
        (Format::Bc7, 1e-6),
        // sRGB stays sRGB: read back linear, a step of 8 bits is up to 2.3 steps near 1
        // (and lavapipe linearises BC and RGBA8 texels a little apart).
        (Format::Bc1Srgb, 2.3 * BC_INTERPOLATION_STEPS / 255.0),
        (Format::Bc7Srgb, 2.5 / 255.0),
    ] {
        let builder = TextureBuilder::new_2d(format, 18, 10).levels(3);
        let layout = builder.layout().unwrap();
        let mut linear = Bytes(0xbc0de).vec(layout.linear_size_b() as usize);
        if matches!(format, Format::Bc7 | Format::Bc7Srgb) {
            for block in linear.chunks_exact_mut(16) {
                block[0] |= 1 << (block[1] % 8);
            }
        }
        let decoded = fetch_every_level(true, &builder, &linear);
        let native = fetch_every_level(false, &builder, &linear);
        assert_close(&decoded, &native, tolerance, format.name());
    }
}

/// Signed BC4/BC5 decode into SNORM texels: the driver's signed decoder and the CPU's
/// (through the unsigned decoder, endpoints biased) agree to four steps of 7 bits (lavapipe
/// to one; the NVIDIA H200's signed decoder lands up to 3.1 steps away).
#[test]
fn signed_bc4_and_bc5_sample_as_the_driver_decodes_them() {
    for format in [Format::Bc4Sn, Format::Bc5Sn, Format::Bc4, Format::Bc5] {
        let builder = TextureBuilder::new_2d(format, 12, 8);
        let layout = builder.layout().unwrap();
        let linear = Bytes(0x5197ed).vec(layout.linear_size_b() as usize);
        let decoded = fetch_every_level(true, &builder, &linear);
        let native = fetch_every_level(false, &builder, &linear);
        assert_close(&decoded, &native, 4.01 / 127.0, format.name());
    }
}

/// An ASTC void-extent block: one RGBA colour (16-bit UNORM channels) over its footprint.
fn astc_solid([r, g, b, a]: [u8; 4]) -> [u8; 16] {
    let mut block = [
        0xfc, 0xfd, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0, 0, 0, 0, 0,
    ];
    for (channel, value) in [r, g, b, a].into_iter().enumerate() {
        block[8 + 2 * channel..][..2]
            .copy_from_slice(&u16::from_be_bytes([value, value]).to_le_bytes());
    }
    block
}

/// lavapipe has no ASTC: an ASTC texture takes the CPU decode with no option set, and each
/// block's colour lands on its footprint, cropped at the edges.
#[test]
fn astc_takes_the_fallback_where_the_driver_lacks_it() {
    let rig = Rig::new(false);
    // 14x11 pixels of 6x5 blocks: 3x3 blocks, the last column 2 wide and row 1 tall.
    let builder = TextureBuilder::new_2d(Format::Astc6x5, 14, 11);
    let colours: Vec<[u8; 4]> = (0..9u8)
        .map(|block| [block * 28, 255 - block * 20, 17 * block, 255 - block])
        .collect();
    let linear: Vec<u8> = colours
        .iter()
        .flat_map(|&colour| astc_solid(colour))
        .collect();
    let texture = rig.texture_holding(&builder, &linear);
    let texels = rig.fetch_level(texture, 0, [14, 11]);
    for y in 0..11 {
        for x in 0..14 {
            let colour = colours[(y / 5) * 3 + x / 6].map(|c| f32::from(c) / 255.0);
            let texel = texels[y * 14 + x];
            assert!(
                texel.iter().zip(colour).all(|(t, c)| (t - c).abs() < 1e-6),
                "pixel ({x}, {y}): {texel:?}, its block's colour {colour:?}"
            );
        }
    }
}

/// A texture whose storage would pass its pool's end is refused when made, compressed or
/// not (the upload never reads past storage).
#[test]
fn compressed_storage_past_the_pool_end_is_refused() {
    let rig = Rig::new(true);
    let builder = TextureBuilder::new_2d(Format::Bc7, 256, 256);
    let size_b = builder.layout().unwrap().size_b;
    let offset_b = (POOL_B - size_b / 2).next_multiple_of(PLACEMENT_B);
    let refused = rig.device.create_texture(&builder, rig.pool, offset_b);
    assert!(
        matches!(refused, Err(ObjectError::TexturePastPoolEnd { .. })),
        "{refused:?}"
    );
}

/// A copy between textures whose images hold different things (decoded RGBA8 texels, BC
/// blocks, another format's decoded texels) is refused before anything runs, as is a
/// buffer copy out of a decoded texture.
#[test]
fn copies_that_would_mix_decoded_texels_with_blocks_are_refused() {
    let block = bc1_solid(0xf800);
    let mut refusals = Vec::new();
    for force in [true, false] {
        let rig = Rig::new(force);
        // Forced, both are decoded (by different decoders); else BC3 is the driver's and
        // ASTC (which lavapipe lacks) decoded. Either way the copy mixes two kinds.
        let (source_format, destination_format) = if force {
            (Format::Bc1, Format::Bc4)
        } else {
            (Format::Bc3, Format::Astc4x4)
        };
        let element_b = source_format.bytes_per_element() as usize;
        let source = rig.texture_holding(
            &TextureBuilder::new_2d(source_format, 8, 8),
            &block.repeat(4 * element_b / 8),
        );
        let destination = rig.texture(&TextureBuilder::new_2d(destination_format, 8, 8));
        let mut copies = vec![CopyOp::TextureToTexture {
            source: region(source, 0, 8, 8),
            destination: region(destination, 0, 8, 8),
            linear_filter: false,
        }];
        if force {
            copies.push(rig.readback.copy_from(region(source, 0, 8, 8)));
        }
        for copy in copies {
            let mut commands = rig.device.command_buffer();
            commands.copy(copy).unwrap();
            refusals.push(rig.device.queue().submit(&commands.finish()));
        }
    }
    assert_eq!(refusals.len(), 3);
    for refused in refusals {
        assert!(
            matches!(
                refused,
                Err(QueueError::Backend(BackendError::Unsupported(ref why))) if why.contains("converted")
            ),
            "{refused:?}"
        );
    }
}

/// The depth of every texel of a Z24S8 (or Z32FS8) texture and its stencil, written into
/// storage as NVN packs them.
struct DepthStencilTexels {
    depth: Vec<f32>,
    stencil: Vec<u8>,
    storage_linear: Vec<u8>,
}

const DS_EXTENT_PX: [u32; 2] = [12, 8];
/// The stencil value the test draws against, on a checkerboard of 2x2 cells.
const STENCIL_MARK: u8 = 0x5a;

fn depth_stencil_texels(format: Format) -> DepthStencilTexels {
    let [width_px, height_px] = DS_EXTENT_PX;
    let mut texels = DepthStencilTexels {
        depth: Vec::new(),
        stencil: Vec::new(),
        storage_linear: Vec::new(),
    };
    for y in 0..height_px {
        for x in 0..width_px {
            let d24 = (y * width_px + x) * 0x2_1357 + 0x1234;
            let stencil = if (x / 2 + y / 2) % 2 == 0 {
                STENCIL_MARK
            } else {
                0x33
            };
            texels.stencil.push(stencil);
            if format == Format::Z24S8 {
                texels.depth.push(d24 as f32 / 16_777_215.0);
                let word = d24 | u32::from(stencil) << 24;
                texels.storage_linear.extend_from_slice(&word.to_le_bytes());
            } else {
                let depth = d24 as f32 / 16_777_216.0;
                texels.depth.push(depth);
                texels
                    .storage_linear
                    .extend_from_slice(&depth.to_le_bytes());
                texels
                    .storage_linear
                    .extend_from_slice(&[stencil, 0xde, 0xad, 0xbe]);
            }
        }
    }
    texels
}

/// Z24S8 stored as D32_SFLOAT_S8_UINT (forced: lavapipe has D24S8), Z24S8 as D24S8 and
/// Z32FS8: each texel's depth samples as storage holds it, and its stencil passes the
/// stencil test exactly where storage holds the reference.
#[test]
fn combined_depth_stencil_storage_uploads_both_aspects() {
    for (format, force) in [
        (Format::Z24S8, true),
        (Format::Z24S8, false),
        (Format::Z32FS8, false),
    ] {
        let rig = Rig::new(force);
        let expected = depth_stencil_texels(format);
        let builder = TextureBuilder::new_2d(format, DS_EXTENT_PX[0], DS_EXTENT_PX[1]);
        let texture = rig.texture_holding(&builder, &expected.storage_linear);
        let what = format!("{} (fallback forced: {force})", format.name());
        let sampled = rig.fetch_level(texture, 0, DS_EXTENT_PX);
        for (texel, (sampled, depth)) in sampled.iter().zip(&expected.depth).enumerate() {
            assert!(
                (sampled[0] - depth).abs() <= 1.0 / 16_777_215.0,
                "{what}: texel {texel} samples {} for {depth}",
                sampled[0]
            );
        }
        let view = rig.device.create_view(&ViewMaker::whole(texture)).unwrap();
        let passed = rig.stencil_equal(view, DS_EXTENT_PX, STENCIL_MARK);
        let marked: Vec<bool> = expected
            .stencil
            .iter()
            .map(|&s| s == STENCIL_MARK)
            .collect();
        assert_eq!(
            passed, marked,
            "{what}: the stencil test against storage's stencil"
        );
    }
}

/// sRGB-encoded `c` (0..=255) as linear, by the sRGB transfer function.
fn srgb_to_linear(c: u8) -> f32 {
    let c = f32::from(c) / 255.0;
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

/// A `bits`-bit UNORM field of `word` at `shift`, as a float.
fn unorm_field(word: u32, shift: u32, bits: u32) -> f32 {
    let max = (1u32 << bits) - 1;
    ((word >> shift) & max) as f32 / max as f32
}

/// What a texel of `format` (its bytes as storage holds them) samples as: NVN names packed
/// formats from the least significant bit, and the X formats' alpha reads one.
fn reference_texel(format: Format, texel: &[u8]) -> [f32; 4] {
    let unorm = |c: u8| f32::from(c) / 255.0;
    let word = texel
        .iter()
        .rev()
        .fold(0u32, |word, &byte| word << 8 | u32::from(byte));
    match format {
        Format::Rgbx8 => [unorm(texel[0]), unorm(texel[1]), unorm(texel[2]), 1.0],
        Format::Bgrx8 => [unorm(texel[2]), unorm(texel[1]), unorm(texel[0]), 1.0],
        Format::Rgbx8Srgb => {
            let [r, g, b] = [0, 1, 2].map(|i| srgb_to_linear(texel[i]));
            [r, g, b, 1.0]
        }
        Format::Bgrx8Srgb => {
            let [r, g, b] = [2, 1, 0].map(|i| srgb_to_linear(texel[i]));
            [r, g, b, 1.0]
        }
        Format::Rgb5A1 => {
            [0, 5, 10, 15].map(|shift| unorm_field(word, shift, if shift == 15 { 1 } else { 5 }))
        }
        Format::Bgr5A1 => {
            [10, 5, 0, 15].map(|shift| unorm_field(word, shift, if shift == 15 { 1 } else { 5 }))
        }
        Format::A1Bgr5 => {
            [11, 6, 1, 0].map(|shift| unorm_field(word, shift, if shift == 0 { 1 } else { 5 }))
        }
        Format::Rgb565 => [
            unorm_field(word, 0, 5),
            unorm_field(word, 5, 6),
            unorm_field(word, 11, 5),
            1.0,
        ],
        Format::Z24X8 => [unorm_field(word, 0, 24), 0.0, 0.0, 1.0],
        other => panic!("no reference for {other}"),
    }
}

/// Uncompressed formats whose Vulkan format differs from NVN's bytes only by a component
/// swizzle (the X formats' alpha, RGB5A1's R and B) or whose X bits are ignored (Z24X8):
/// arbitrary texel bytes sample as the CPU reference reads them.
#[test]
fn x_and_5551_formats_sample_their_channels_as_nvn_lays_them_out() {
    let rig = Rig::new(false);
    let extent_px = [9, 7];
    for (index, (format, tolerance)) in [
        (Format::Rgbx8, 1e-6),
        (Format::Bgrx8, 1e-6),
        // The driver's sRGB decode and the exact curve part by a fraction of a step.
        (Format::Rgbx8Srgb, SRGB_DECODE_TOLERANCE),
        (Format::Bgrx8Srgb, SRGB_DECODE_TOLERANCE),
        (Format::Rgb5A1, FEW_BIT_EXPANSION_TOLERANCE),
        (Format::Bgr5A1, FEW_BIT_EXPANSION_TOLERANCE),
        (Format::A1Bgr5, FEW_BIT_EXPANSION_TOLERANCE),
        (Format::Rgb565, FEW_BIT_EXPANSION_TOLERANCE),
        // One step of 24 bits, as the Z24S8 test allows.
        (Format::Z24X8, 1.0 / 16_777_215.0),
    ]
    .into_iter()
    .enumerate()
    {
        let builder = TextureBuilder::new_2d(format, extent_px[0], extent_px[1]);
        let layout = builder.layout().unwrap();
        let linear = Bytes(0x5eed + index as u64).vec(layout.linear_size_b() as usize);
        let texture = rig.texture_holding(&builder, &linear);
        let sampled = rig.fetch_level(texture, 0, extent_px);
        let texel_b = format.bytes_per_element() as usize;
        let expected: Vec<[f32; 4]> = linear
            .chunks_exact(texel_b)
            .map(|texel| reference_texel(format, texel))
            .collect();
        // A depth texture samples its depth in R; the rest is the sampler's.
        let sampled: Vec<[f32; 4]> = if format.has_depth() {
            sampled
                .iter()
                .map(|texel| [texel[0], 0.0, 0.0, 1.0])
                .collect()
        } else {
            sampled
        };
        assert_close(&[sampled], &[expected], tolerance, format.name());
    }
}

/// ETC1/ETC2 modifier tables: the small and large step of each codeword.
const ETC_MODIFIERS: [[i32; 2]; 8] = [
    [2, 8],
    [5, 17],
    [9, 29],
    [13, 42],
    [18, 60],
    [24, 80],
    [33, 106],
    [47, 183],
];

/// EAC's first modifier table (the alpha of ETC2 RGBA8).
const EAC_TABLE_0: [i32; 8] = [-3, -6, -9, -15, 2, 5, 8, 14];

/// One ETC2 colour block in a mode whose decode is ETC1's (individual mode, or
/// differential with no overflow, which is also punch-through's opaque mode) and its
/// 16 texels by (x, y), computed from the specification's formula.
fn etc_colour_block(bytes: &mut Bytes, differential: bool) -> ([u8; 8], [[u8; 3]; 16]) {
    let mut block = [0u8; 8];
    let mut bases = [[0i32; 3]; 2];
    for channel in 0..3 {
        if differential {
            let base5 = 4 + bytes.below(24) as i32;
            let delta = bytes.below(8) as i32 - 4;
            block[channel] = ((base5 << 3) | (delta & 7)) as u8;
            let expand = |c5: i32| (c5 << 3) | (c5 >> 2);
            bases[0][channel] = expand(base5);
            bases[1][channel] = expand(base5 + delta);
        } else {
            let (first, second) = (bytes.below(16) as i32, bytes.below(16) as i32);
            block[channel] = ((first << 4) | second) as u8;
            bases[0][channel] = first * 17;
            bases[1][channel] = second * 17;
        }
    }
    let tables = [bytes.below(8) as usize, bytes.below(8) as usize];
    let flip = bytes.below(2);
    block[3] =
        ((tables[0] << 5) | (tables[1] << 2)) as u8 | u8::from(differential) << 1 | flip as u8;
    let indices = bytes.next() as u32;
    block[4..].copy_from_slice(&indices.to_be_bytes());
    let mut texels = [[0u8; 3]; 16];
    for x in 0..4 {
        for y in 0..4 {
            let pixel = x * 4 + y;
            let (msb, lsb) = ((indices >> (16 + pixel)) & 1, (indices >> pixel) & 1);
            let half = usize::from(if flip == 1 { y >= 2 } else { x >= 2 });
            let [small, large] = ETC_MODIFIERS[tables[half]];
            let modifier = match (msb, lsb) {
                (0, 0) => small,
                (0, _) => large,
                (_, 0) => -small,
                _ => -large,
            };
            texels[(y * 4 + x) as usize] =
                bases[half].map(|base| (base + modifier).clamp(0, 255) as u8);
        }
    }
    (block, texels)
}

/// One EAC alpha block (first table) and its 16 alphas by (x, y).
fn eac_alpha_block(bytes: &mut Bytes) -> ([u8; 8], [u8; 16]) {
    let base = bytes.below(256) as i32;
    let multiplier = 1 + bytes.below(15) as i32;
    let indices = bytes.next() & ((1 << 48) - 1);
    let mut block = [0u8; 8];
    block[0] = base as u8;
    block[1] = (multiplier << 4) as u8;
    block[2..].copy_from_slice(&indices.to_be_bytes()[2..]);
    let mut alphas = [0u8; 16];
    for x in 0..4 {
        for y in 0..4 {
            let pixel = x * 4 + y;
            let index = (indices >> (45 - 3 * pixel)) & 7;
            let alpha = base + EAC_TABLE_0[index as usize] * multiplier;
            alphas[(y * 4 + x) as usize] = alpha.clamp(0, 255) as u8;
        }
    }
    (block, alphas)
}

/// ETC2 (colour, punch-through alpha, EAC alpha; UNORM and sRGB) decoded on the CPU
/// (lavapipe has no ETC2: the fallback is taken by itself) samples the texels the
/// specification's formula gives, cropped at the edges.
#[test]
fn etc2_decoded_on_the_cpu_samples_the_texels_of_its_blocks() {
    let extent_px = [10, 6];
    let rig = Rig::new(false);
    for format in [
        Format::Etc2Rgb,
        Format::Etc2RgbPta,
        Format::Etc2Rgba,
        Format::Etc2RgbSrgb,
        Format::Etc2RgbPtaSrgb,
        Format::Etc2RgbaSrgb,
    ] {
        let mut bytes = Bytes(0xe7c2);
        let (width_el, height_el) = format.extent_el(extent_px[0], extent_px[1]);
        let mut linear = Vec::new();
        let mut expected = vec![[0f32; 4]; (extent_px[0] * extent_px[1]) as usize];
        for y_el in 0..height_el {
            for x_el in 0..width_el {
                let (alpha_block, alphas) = eac_alpha_block(&mut bytes);
                let punch_through = matches!(format, Format::Etc2RgbPta | Format::Etc2RgbPtaSrgb);
                let with_alpha = matches!(format, Format::Etc2Rgba | Format::Etc2RgbaSrgb);
                let differential = punch_through || bytes.below(2) == 1;
                let (colour_block, colours) = etc_colour_block(&mut bytes, differential);
                if with_alpha {
                    linear.extend_from_slice(&alpha_block);
                }
                linear.extend_from_slice(&colour_block);
                for texel in 0..16u32 {
                    let (x, y) = (x_el * 4 + texel % 4, y_el * 4 + texel / 4);
                    if x >= extent_px[0] || y >= extent_px[1] {
                        continue;
                    }
                    let colour = colours[texel as usize];
                    let rgb = if format.is_srgb() {
                        colour.map(srgb_to_linear)
                    } else {
                        colour.map(|c| f32::from(c) / 255.0)
                    };
                    let alpha = if with_alpha {
                        f32::from(alphas[texel as usize]) / 255.0
                    } else {
                        1.0
                    };
                    expected[(y * extent_px[0] + x) as usize] = [rgb[0], rgb[1], rgb[2], alpha];
                }
            }
        }
        let builder = TextureBuilder::new_2d(format, extent_px[0], extent_px[1]);
        let texture = rig.texture_holding(&builder, &linear);
        let sampled = rig.fetch_level(texture, 0, extent_px);
        let tolerance = if format.is_srgb() {
            SRGB_DECODE_TOLERANCE
        } else {
            1e-6
        };
        assert_close(&[sampled], &[expected], tolerance, format.name());
    }
}

/// Each pixel is the stencil of the depth/stencil texture in the fragment stage's slot 0
/// (a stencil-mode view, an unsigned integer texture), in its red channel.
const STENCIL_FRAG: &str = "#version 450
layout(location = 0) out vec4 colour;
layout(binding = 0) uniform usampler2D stencil;
void main() {
    colour = vec4(texelFetch(stencil, ivec2(gl_FragCoord.xy), 0));
}
";

/// Two triangles over pixel columns `x0..x1` and rows `y0..y1` of a `DS_EXTENT_PX` target
/// (edges on pixel boundaries, so no pixel centre lies on one), in NDC.
fn rectangle_ndc([x0, x1, y0, y1]: [u32; 4]) -> Vec<f32> {
    let [width_px, height_px] = DS_EXTENT_PX;
    let x = |px: u32| px as f32 / width_px as f32 * 2.0 - 1.0;
    let y = |px: u32| px as f32 / height_px as f32 * 2.0 - 1.0;
    let (left, right, top, bottom) = (x(x0), x(x1), y(y0), y(y1));
    vec![
        left, top, right, top, left, bottom, right, top, right, bottom, left, bottom,
    ]
}

/// A stencil-mode view samples the stencil a previous pass wrote with stencil ops, as
/// unsigned integers: cleared to 0x10, a rectangle replacing it with 0x5a, a second
/// rectangle incrementing it twice (clamped), for Z24S8 (native and stored as
/// D32_SFLOAT_S8_UINT) and Z32FS8, against a CPU model of the ops per pixel. Stencil mode
/// on a format without stencil is refused when the view is made.
#[test]
fn a_stencil_mode_view_samples_the_stencil_a_pass_wrote() {
    const CLEARED: u8 = 0x10;
    const REPLACED: u8 = 0x5a;
    let first = [0, 8, 0, 8];
    let second = [4, 12, 2, 6];
    for (format, force) in [
        (Format::Z24S8, false),
        (Format::Z24S8, true),
        (Format::Z32FS8, false),
    ] {
        let rig = Rig::new(force);
        let program = position_program(&rig.device, STENCIL_FRAG);
        let [width_px, height_px] = DS_EXTENT_PX;
        let ds = rig.texture(&TextureBuilder::new_2d(format, width_px, height_px));
        let ds_view = rig.device.create_view(&ViewMaker::whole(ds)).unwrap();
        let colour_target =
            rig.texture(&TextureBuilder::new_2d(Format::Rgba8, width_px, height_px));
        let colour_view = rig
            .device
            .create_view(&ViewMaker::whole(colour_target))
            .unwrap();
        let mut vertices = rectangle_ndc(first);
        vertices.extend(rectangle_ndc(second));
        let rectangles = positions_at(&rig.device, rig.pool, VERTICES_OFFSET_B + 4096, &vertices);

        let mut commands = rig.device.command_buffer();
        let mut targets = colour(colour_view);
        targets.depth_stencil = Some(ds_view);
        commands.bind_render_targets(targets).unwrap();
        commands
            .clear_depth_stencil(Some(1.0), Some(CLEARED), 0xff)
            .unwrap();
        bind_positions(&mut commands, rig.green, rectangles);
        let ops = |pass: StencilOp| {
            let face = StencilFace {
                pass,
                compare: CompareOp::Always,
                reference: REPLACED,
                ..StencilFace::default()
            };
            StateChange::DepthStencil(DepthStencilState {
                stencil_test: true,
                front: face,
                back: face,
                ..DepthStencilState::default()
            })
        };
        let rectangle = |first_vertex| DrawArrays {
            primitive: PrimitiveKind::Triangles,
            first_vertex,
            vertex_count: 6,
            first_instance: 0,
            instance_count: 1,
        };
        commands.set_state(ops(StencilOp::Replace)).unwrap();
        commands.draw(rectangle(0)).unwrap();
        commands.set_state(ops(StencilOp::IncrementClamp)).unwrap();
        commands.draw(rectangle(6)).unwrap();
        commands.draw(rectangle(6)).unwrap();
        rig.device.queue().submit(&commands.finish()).unwrap();

        let stencil_view = rig
            .device
            .create_view(&ViewMaker::whole(ds).depth_stencil_mode(DepthStencilMode::Stencil))
            .unwrap();
        let sampled = rig.fetch_view(stencil_view, DS_EXTENT_PX, program);
        let inside = |[x0, x1, y0, y1]: [u32; 4], x: u32, y: u32| {
            (x0..x1).contains(&x) && (y0..y1).contains(&y)
        };
        for y in 0..height_px {
            for x in 0..width_px {
                let mut stencil = CLEARED;
                if inside(first, x, y) {
                    stencil = REPLACED;
                }
                if inside(second, x, y) {
                    stencil = stencil.saturating_add(2);
                }
                let texel = sampled[(y * width_px + x) as usize];
                assert_eq!(
                    texel,
                    [f32::from(stencil), 0.0, 0.0, 1.0],
                    "{} (fallback forced: {force}) at ({x}, {y})",
                    format.name()
                );
            }
        }
    }

    let rig = Rig::new(false);
    for format in [Format::Z32F, Format::Rgba8] {
        let texture = rig.texture(&TextureBuilder::new_2d(format, 8, 8));
        let refused = rig
            .device
            .create_view(&ViewMaker::whole(texture).depth_stencil_mode(DepthStencilMode::Stencil));
        assert!(
            matches!(refused, Err(ObjectError::ViewStencilMode { .. })),
            "{format}: {refused:?}"
        );
    }
}

/// `texelFetch` of an unsigned or signed integer texture in slot 0, as floats.
fn integer_fetch_frag(sampler: &str) -> String {
    format!(
        "#version 450
layout(location = 0) out vec4 colour;
layout(binding = 0) uniform {sampler} source;
void main() {{
    colour = vec4(texelFetch(source, ivec2(gl_FragCoord.xy), 0));
}}
"
    )
}

/// RGB32 textures (12-byte texels, block-linear in storage as `memory` lays them out,
/// checked against tegra_swizzle in `memory`'s tests) sample their three channels with
/// alpha one: float, unsigned and signed, natively where the driver samples 96-bit texels
/// and expanded to RGBA32 on the CPU (forced here, and wherever the driver lacks them).
/// Rendering to them is refused when recorded where the device cannot render them as
/// stored.
#[test]
fn rgb32_textures_sample_three_channels_and_alpha_one() {
    const EXTENT_PX: [u32; 2] = [7, 5];
    let texels = (EXTENT_PX[0] * EXTENT_PX[1]) as usize;
    for force in [false, true] {
        let rig = Rig::new(force);
        let unsigned = position_program(&rig.device, &integer_fetch_frag("usampler2D"));
        let signed = position_program(&rig.device, &integer_fetch_frag("isampler2D"));
        for format in [Format::Rgb32F, Format::Rgb32Ui, Format::Rgb32I] {
            let mut linear = Vec::new();
            let mut expected = Vec::new();
            for texel in 0..texels {
                let mut read = [0.0, 0.0, 0.0, 1.0];
                for (c, value) in read.iter_mut().take(3).enumerate() {
                    let n = (texel * 3 + c) as i32;
                    let (bits, float) = match format {
                        Format::Rgb32F => {
                            let v = n as f32 * 0.25 - 3.0;
                            (v.to_bits(), v)
                        }
                        Format::Rgb32Ui => ((n + 1000) as u32, (n + 1000) as f32),
                        _ => ((-n - 7) as u32, (-n - 7) as f32),
                    };
                    linear.extend_from_slice(&bits.to_le_bytes());
                    *value = float;
                }
                expected.push(read);
            }
            let builder = TextureBuilder::new_2d(format, EXTENT_PX[0], EXTENT_PX[1]);
            let texture = rig.texture_holding(&builder, &linear);
            let view = rig.device.create_view(&ViewMaker::whole(texture)).unwrap();
            let program = match format {
                Format::Rgb32F => rig.fetch,
                Format::Rgb32Ui => unsigned,
                _ => signed,
            };
            let sampled = rig.fetch_view(view, EXTENT_PX, program);
            assert_eq!(sampled, expected, "{format} (fallback forced: {force})");

            // Rendered where the device renders it natively (lavapipe does): a clear
            // lands as the three channels, sampled back with alpha one.
            if rig.device.features().formats.rgb32_attachment && !force {
                let mut commands = rig.device.command_buffer();
                commands.bind_render_targets(colour(view)).unwrap();
                let value = match format {
                    Format::Rgb32F => ClearValue::Float([1.5, -2.0, 3.25, 0.5]),
                    Format::Rgb32Ui => ClearValue::Uint([7, 70_000, 9, 0]),
                    _ => ClearValue::Int([-5, 6, -70_000, 0]),
                };
                commands.clear_color(0, value, ComponentMask::ALL).unwrap();
                rig.device.queue().submit(&commands.finish()).unwrap();
                let cleared = match value {
                    ClearValue::Float([r, g, b, _]) => [r, g, b, 1.0],
                    ClearValue::Uint([r, g, b, _]) => [r as f32, g as f32, b as f32, 1.0],
                    ClearValue::Int([r, g, b, _]) => [r as f32, g as f32, b as f32, 1.0],
                };
                let sampled = rig.fetch_view(view, EXTENT_PX, program);
                assert!(
                    sampled.iter().all(|texel| *texel == cleared),
                    "{format}: {sampled:?}"
                );
            }
        }
    }

    // Vulkan copies 12-byte texels at buffer offsets that are multiples of 12: a copy at
    // another pool address is refused when recorded (the read-back buffer lies at 7 MiB,
    // a multiple of 4 but not of 12, then 8 bytes on: 12-aligned).
    let rig = Rig::new(false);
    let texture = rig.texture(&TextureBuilder::new_2d(Format::Rgb32F, 4, 4));
    let mut commands = rig.device.command_buffer();
    let copy_at = |offset_b| CopyOp::TextureToBuffer {
        source: gpu::command::TextureRegion::from_origin(texture, 0, 4, 4),
        destination: gpu::command::BufferImage {
            buffer: rig.readback.buffer,
            offset_b,
            row_pitch_b: 0,
            rows_per_image: 0,
        },
    };
    assert_eq!(READBACK_OFFSET_B % 12, 4);
    assert!(matches!(
        commands.copy(copy_at(0)),
        Err(RecordError::MissingCapability { what, .. }) if what.contains("RGB32")
    ));
    commands.copy(copy_at(8)).unwrap();
    drop(commands);
    drop(rig);

    // Where the device cannot render them as stored, binding one is refused when recorded.
    let lacking = Rig::with_features(|features| features.formats.rgb32_attachment = false);
    let target = lacking.texture(&TextureBuilder::new_2d(Format::Rgb32F, 8, 8));
    let view = lacking
        .device
        .create_view(&ViewMaker::whole(target))
        .unwrap();
    let mut commands = lacking.device.command_buffer();
    let bound = commands.bind_render_targets(colour(view));
    assert!(
        matches!(
            bound,
            Err(RecordError::MissingCapability { what, capability })
                if what.contains("rgb32") && capability.contains("R32G32B32")
        ),
        "{bound:?}"
    );
    assert!(commands.list().is_empty());
}

/// NVN's RGB-only BC1 against BC1 (RGBA), from the format's definition: a block whose
/// first endpoint is not above the second (red 0xf800, white 0xffff) has three colours,
/// red, white, their mean, and index 3 black: opaque in BC1 RGB, transparent in BC1 RGBA.
/// Sampled natively (the driver's decoder) and decoded on the CPU alike.
#[test]
fn rgb_only_bc1_reads_index_3_of_a_three_colour_block_as_opaque_black() {
    let mut block = [0u8; 8];
    block[..2].copy_from_slice(&0xf800u16.to_le_bytes());
    block[2..4].copy_from_slice(&0xffffu16.to_le_bytes());
    // Texel i takes index i % 4: two bits a texel, rows of four from the low bits.
    let indices: u32 = (0..16).map(|i| (i % 4) << (2 * i)).sum();
    block[4..].copy_from_slice(&indices.to_le_bytes());
    for (format, black_alpha) in [(Format::Bc1Rgb, 1.0), (Format::Bc1, 0.0)] {
        let palette = [
            [1.0, 0.0, 0.0, 1.0],
            [1.0, 1.0, 1.0, 1.0],
            [1.0, 0.5, 0.5, 1.0],
            [0.0, 0.0, 0.0, black_alpha],
        ];
        let expected: Vec<[f32; 4]> = (0..16).map(|i| palette[i % 4]).collect();
        let builder = TextureBuilder::new_2d(format, 4, 4);
        for fallback in [false, true] {
            let got = fetch_every_level(fallback, &builder, &block);
            assert_close(
                &got,
                std::slice::from_ref(&expected),
                BC_INTERPOLATION_STEPS / 255.0,
                &format!("{} (CPU decode {fallback})", format.name()),
            );
        }
    }
}
