//! The eleven lights, drawn as the seed's game draws them: each light's shadow depth pass
//! into its own shadow map, and right after it the light's volume added into one RGBA8
//! buffer in a pass of its own (the first clears the buffer). The deferred pass merge
//! (`RX_VK_PASS_DEFER`) can record every volume in the last light's pass: nothing between
//! them touches the buffer, and each volume samples a shadow map the later shadow passes
//! leave alone.

use gpu::command::{ClearValue, DrawArrays, RenderTargets};
use gpu::objects::{BufferRange, Stage, TextureHandle};
use gpu::state::{
    BlendEquation, BlendFactor, BlendOp, BlendState, CompareOp, ComponentMask, DepthStencilState,
    PrimitiveKind, StateChange, Viewport,
};

use super::scene::{
    Scene, NEAREST_SAMPLER, SHADOW_MAPS, SHADOW_SIZE_PX, SHADOW_SLOT, UNIFORM_STRIDE_B,
};

pub const LIGHT_COUNT: u32 = SHADOW_MAPS;

fn viewport(width_px: u32, height_px: u32) -> StateChange {
    StateChange::Viewports {
        first: 0,
        viewports: vec![Viewport::covering(width_px, height_px)],
    }
}

fn triangles(vertex_count: u32) -> DrawArrays {
    DrawArrays {
        primitive: PrimitiveKind::Triangles,
        first_vertex: 0,
        vertex_count,
        first_instance: 0,
        instance_count: 1,
    }
}

const ADD: BlendEquation = BlendEquation {
    src_factor: BlendFactor::One,
    dst_factor: BlendFactor::One,
    op: BlendOp::Add,
};

/// Records the lights; light `n`'s uniforms are in slot `first_uniform + n`.
pub fn record(
    commands: &mut gpu::CommandBuffer<'_>,
    scene: &Scene,
    first_uniform: u64,
) -> anyhow::Result<()> {
    let (width_px, height_px) = (scene.scene.width_px, scene.scene.height_px);
    let additive = BlendState {
        enabled: true,
        color: ADD,
        alpha: ADD,
    };
    let depth_pass = DepthStencilState {
        depth_test: true,
        depth_write: true,
        depth_compare: CompareOp::Less,
        ..DepthStencilState::default()
    };
    for (light, shadow) in (0..LIGHT_COUNT).zip(&scene.shadows) {
        let light_uniforms = BufferRange {
            buffer: scene.uniforms,
            offset_b: (first_uniform + u64::from(light)) * UNIFORM_STRIDE_B,
            size_b: UNIFORM_STRIDE_B,
        };
        commands.bind_render_targets(RenderTargets {
            depth_stencil: Some(shadow.view),
            ..RenderTargets::default()
        })?;
        commands.set_state(viewport(SHADOW_SIZE_PX, SHADOW_SIZE_PX))?;
        commands.set_state(StateChange::DepthStencil(depth_pass))?;
        commands.clear_depth_stencil(Some(1.0), None, 0)?;
        commands.bind_program(scene.programs.shadow)?;
        commands.bind_buffer(
            gpu::command::BufferBinding::Uniform {
                stage: Stage::Vertex,
                slot: 0,
            },
            light_uniforms,
        )?;
        commands.draw(triangles(36))?;

        let mut lights = RenderTargets::default();
        lights.colors[0] = Some(scene.lights.view);
        commands.bind_render_targets(lights)?;
        commands.set_state(viewport(width_px, height_px))?;
        commands.set_state(StateChange::DepthStencil(DepthStencilState::default()))?;
        if light == 0 {
            commands.clear_color(0, ClearValue::Float([0.0; 4]), ComponentMask::ALL)?;
        }
        commands.set_state(StateChange::Blend {
            target: 0,
            state: additive,
        })?;
        commands.bind_program(scene.programs.light)?;
        commands.bind_buffer(
            gpu::command::BufferBinding::Uniform {
                stage: Stage::Fragment,
                slot: 0,
            },
            light_uniforms,
        )?;
        commands.bind_texture(
            Stage::Fragment,
            0,
            TextureHandle {
                texture_slot: SHADOW_SLOT + light,
                sampler_slot: NEAREST_SAMPLER,
            },
        )?;
        commands.draw(triangles(3))?;
        commands.set_state(StateChange::Blend {
            target: 0,
            state: BlendState::default(),
        })?;
    }
    Ok(())
}
