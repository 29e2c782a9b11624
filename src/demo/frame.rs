//! One frame of the demo as NVN command lists: new tiles drawn level by level from their
//! height fields, the terrain sampling every tile in range, eleven lights (a shadow depth
//! pass, then the light's volume in a pass of its own into one buffer), the streamed props,
//! the composite.

use gpu::command::{
    BufferBinding, BufferImage, ClearValue, CopyOp, DrawArrays, RenderTargets, TextureRegion,
};
use gpu::objects::{BufferRange, Stage, TextureHandle};
use gpu::state::{
    BlendState, ComponentMask, DepthStencilState, PrimitiveKind, StateChange, Viewport,
};
use std::f32::consts::TAU;

use gpu::{TextureId, ViewId};

use super::math::{orthographic, std140};
use super::scene::*;
use super::terrain::{ChunkCoord, HEIGHTS_SIDE, TILE_LEVELS, TILE_SIZE_PX};

pub use super::lights::LIGHT_COUNT;
/// Grid cells a side of a chunk's terrain mesh.
const TERRAIN_CELLS: u32 = 16;

/// Uniform slots: tile levels, chunk transforms, lights.
const LEVEL_UNIFORMS: u64 = 0;
const CHUNK_UNIFORMS: u64 = 16;
const LIGHT_UNIFORMS: u64 = 40;
/// Uniform slots of the streamed props (`props::PROPS_LIVE` of them).
const PROP_UNIFORMS: u64 = 52;

/// A tile to draw this frame: its texture's per-level views and its heights slot.
pub struct TileDraw {
    pub level_views: Vec<ViewId>,
    pub heights_slot: u64,
}

/// A chunk the terrain pass samples.
pub struct VisibleChunk {
    pub chunk: ChunkCoord,
    pub texture_slot: u32,
}

/// A tile whose every level is read back after the frame for the terrain check.
pub struct TileCheck {
    pub chunk: ChunkCoord,
    pub texture: TextureId,
    pub readback_offset_b: u64,
}

/// Bytes a tile's levels take in the read-back buffer, tightly packed RG8.
pub fn tile_readback_b() -> u64 {
    (0..TILE_LEVELS)
        .map(|level| {
            let side = u64::from((TILE_SIZE_PX >> level).max(1));
            side * side * 2
        })
        .sum()
}

fn full_viewport(width_px: u32, height_px: u32) -> StateChange {
    StateChange::Viewports {
        first: 0,
        viewports: vec![Viewport::covering(width_px, height_px)],
    }
}

fn uniform(scene: &Scene, stage: Stage, slot: u64) -> (BufferBinding, BufferRange) {
    (
        BufferBinding::Uniform { stage, slot: 0 },
        BufferRange {
            buffer: scene.uniforms,
            offset_b: slot * UNIFORM_STRIDE_B,
            size_b: UNIFORM_STRIDE_B,
        },
    )
}

fn draw(vertex_count: u32) -> DrawArrays {
    DrawArrays {
        primitive: PrimitiveKind::Triangles,
        first_vertex: 0,
        vertex_count,
        first_instance: 0,
        instance_count: 1,
    }
}

fn colour_target(view: ViewId) -> RenderTargets {
    let mut targets = RenderTargets::default();
    targets.colors[0] = Some(view);
    targets
}

/// Writes the frame's uniforms: the tiles' levels, the chunks' transforms, the lights.
pub fn write_uniforms(
    device: &gpu::Device,
    scene: &Scene,
    camera_x: f32,
    visible: &[VisibleChunk],
    props: &[u32],
    frame: u32,
) -> anyhow::Result<()> {
    for level in 0..TILE_LEVELS {
        let words: Vec<u8> = [level, HEIGHTS_SIDE]
            .iter()
            .flat_map(|w| w.to_le_bytes())
            .collect();
        scene.write_uniform(device, LEVEL_UNIFORMS + u64::from(level), &words)?;
    }
    let aspect = scene.output.width_px as f32 / scene.output.height_px as f32;
    let half_height = 1.0;
    let view_projection = orthographic(
        camera_x + 0.5 - half_height * aspect,
        camera_x + 0.5 + half_height * aspect,
        0.5 - half_height,
        0.5 + half_height,
    );
    for (index, chunk) in visible.iter().enumerate() {
        let placement = [
            chunk.chunk.x as f32,
            chunk.chunk.y as f32,
            1.0,
            TERRAIN_CELLS as f32,
        ];
        let bytes = std140(&[view_projection], &[placement]);
        scene.write_uniform(device, CHUNK_UNIFORMS + index as u64, &bytes)?;
    }
    // The props: a row of small patches along the bottom of the screen.
    let screen = orthographic(0.0, 1.0, 0.0, 1.0);
    for index in 0..props.len() {
        let placement = [0.02 + index as f32 * 0.06, 0.02, 0.05, 1.0];
        let bytes = std140(&[screen], &[placement]);
        scene.write_uniform(device, PROP_UNIFORMS + index as u64, &bytes)?;
    }
    // The box's z (0..0.5) becomes depth; x and y map the light's square to the shadow map.
    let light_space = orthographic(0.0, 1.0, 0.0, 1.0);
    for light in 0..LIGHT_COUNT {
        let angle = light as f32 * 0.571 + frame as f32 * 0.01;
        let position = [0.5 + 0.3 * angle.cos(), 0.5 + 0.3 * angle.sin(), 0.0, 0.35];
        let hue = light as f32 / LIGHT_COUNT as f32;
        let colour = [
            0.5 + 0.5 * (hue * TAU).cos(),
            0.5 + 0.5 * (hue * TAU + 2.1).cos(),
            0.5 + 0.5 * (hue * TAU + 4.2).cos(),
            1.0,
        ];
        let bytes = std140(&[light_space], &[position, colour]);
        scene.write_uniform(device, LIGHT_UNIFORMS + u64::from(light), &bytes)?;
    }
    Ok(())
}

/// Records the frame: tile draws, terrain, lights, composite, then the terrain checks'
/// read-backs.
pub fn record(
    commands: &mut gpu::CommandBuffer<'_>,
    scene: &Scene,
    tile_draws: &[TileDraw],
    visible: &[VisibleChunk],
    props: &[u32],
    checks: &[TileCheck],
) -> anyhow::Result<()> {
    commands.bind_descriptor_tables(scene.textures, scene.samplers)?;
    commands.set_state(StateChange::Blend {
        target: 0,
        state: BlendState::default(),
    })?;
    commands.set_state(StateChange::DepthStencil(DepthStencilState::default()))?;

    // New tiles: every level drawn from the chunk's heights.
    commands.bind_program(scene.programs.normals)?;
    for tile in tile_draws {
        let (binding, range) = (
            BufferBinding::Storage {
                stage: Stage::Fragment,
                slot: 0,
            },
            BufferRange {
                buffer: scene.heights,
                offset_b: tile.heights_slot * HEIGHTS_STRIDE_B,
                size_b: u64::from(HEIGHTS_SIDE * HEIGHTS_SIDE),
            },
        );
        commands.bind_buffer(binding, range)?;
        for (level, view) in tile.level_views.iter().enumerate() {
            let side = (TILE_SIZE_PX >> level).max(1);
            commands.bind_render_targets(colour_target(*view))?;
            commands.set_state(full_viewport(side, side))?;
            let (binding, range) = uniform(scene, Stage::Fragment, LEVEL_UNIFORMS + level as u64);
            commands.bind_buffer(binding, range)?;
            commands.draw(draw(3))?;
        }
    }

    // The terrain, sampling each chunk's tile.
    let (width_px, height_px) = (scene.scene.width_px, scene.scene.height_px);
    commands.bind_render_targets(colour_target(scene.scene.view))?;
    commands.set_state(full_viewport(width_px, height_px))?;
    commands.clear_color(
        0,
        ClearValue::Float([0.1, 0.12, 0.2, 1.0]),
        ComponentMask::ALL,
    )?;
    commands.bind_program(scene.programs.terrain)?;
    for (index, chunk) in visible.iter().enumerate() {
        let (binding, range) = uniform(scene, Stage::Vertex, CHUNK_UNIFORMS + index as u64);
        commands.bind_buffer(binding, range)?;
        commands.bind_texture(
            Stage::Fragment,
            0,
            TextureHandle {
                texture_slot: chunk.texture_slot,
                sampler_slot: LINEAR_SAMPLER,
            },
        )?;
        commands.draw(draw(TERRAIN_CELLS * TERRAIN_CELLS * 6))?;
    }
    // The streamed props, each sampled where it is drawn.
    for (index, &texture_slot) in props.iter().enumerate() {
        let (binding, range) = uniform(scene, Stage::Vertex, PROP_UNIFORMS + index as u64);
        commands.bind_buffer(binding, range)?;
        commands.bind_texture(
            Stage::Fragment,
            0,
            TextureHandle {
                texture_slot,
                sampler_slot: LINEAR_SAMPLER,
            },
        )?;
        commands.draw(draw(6))?;
    }

    super::lights::record(commands, scene, LIGHT_UNIFORMS)?;

    // The composite to the output image.
    commands.bind_render_targets(colour_target(scene.output.view))?;
    commands.set_state(full_viewport(width_px, height_px))?;
    commands.bind_program(scene.programs.composite)?;
    for (slot, texture_slot) in [(0, SCENE_SLOT), (1, LIGHTS_SLOT)] {
        commands.bind_texture(
            Stage::Fragment,
            slot,
            TextureHandle {
                texture_slot,
                sampler_slot: NEAREST_SAMPLER,
            },
        )?;
    }
    commands.draw(draw(3))?;

    for check in checks {
        let mut offset_b = check.readback_offset_b;
        for level in 0..TILE_LEVELS {
            let side = (TILE_SIZE_PX >> level).max(1);
            commands.copy(read_back(scene, check.texture, level, side, side, offset_b))?;
            offset_b += u64::from(side * side * 2);
        }
    }
    Ok(())
}

fn read_back(
    scene: &Scene,
    texture: TextureId,
    level: u32,
    width_px: u32,
    height_px: u32,
    offset_b: u64,
) -> CopyOp {
    CopyOp::TextureToBuffer {
        source: TextureRegion::from_origin(texture, level, width_px, height_px),
        destination: BufferImage {
            buffer: scene.readback,
            offset_b: offset_b - scene.readback_offset_b,
            row_pitch_b: 0,
            rows_per_image: 0,
        },
    }
}
