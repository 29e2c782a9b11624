//! Clears a 64x64 RGBA8 texture that lives in a memory pool, then reads the pool: what the
//! GPU drew is in the texture's storage, as on the console. `cargo run --example readme`.
use std::error::Error;
use std::sync::Arc;

use gpu::command::{ClearValue, RenderTargets};
use gpu::objects::{PoolMaker, TextureBuilder, ViewMaker};
use gpu::state::ComponentMask;
use gpu::switches::Switches;
use gpu::DeviceMaker;
use gpu_vk::executor::{ExecutorOptions, VkBackend};
use memory::{Format, PoolFlags};

/// The first texel of the cleared texture's storage, read from the pool after the queue finished.
pub fn clear_and_read(
    vulkan: &Arc<gpu_vk::Device>,
    switches: &Switches,
) -> Result<[u8; 4], Box<dyn Error>> {
    let backend = VkBackend::with_switches(vulkan, ExecutorOptions::default(), switches)?;
    let device = gpu::Device::new(DeviceMaker::new(Box::new(backend)))?;
    let pool = device.create_pool(&PoolMaker::new(1 << 20, PoolFlags::CPU_CACHED_GPU_CACHED))?;
    let rgba8 = Format::from_name("rgba8").ok_or("no format rgba8")?;
    let texture = device.create_texture(&TextureBuilder::new_2d(rgba8, 64, 64), pool, 0)?;
    let mut targets = RenderTargets::default();
    targets.colors[0] = Some(device.create_view(&ViewMaker::whole(texture))?);

    let mut commands = device.command_buffer();
    commands.bind_render_targets(targets)?;
    commands.clear_color(
        0,
        ClearValue::Float([0.0, 1.0, 0.0, 1.0]),
        ComponentMask::ALL,
    )?;
    device.queue().submit(&commands.finish())?;
    device.queue().finish()?;

    let mut texel = [0u8; 4];
    device.read_pool(pool, 0, &mut texel)?;
    Ok(texel)
}

pub fn main() -> Result<(), Box<dyn Error>> {
    let switches = Switches::from_env()?;
    let vulkan = gpu_vk::Device::open(&switches)?;
    println!(
        "first texel in storage: {:?}",
        clear_and_read(&vulkan, &switches)?
    );
    Ok(())
}
