//! A gpu device on the executor with one pool and a read-back buffer in it: what the
//! executor's end-to-end tests draw, copy and read back through.

use gpu::command::{ClearValue, CopyOp, TextureRegion};
use gpu::objects::{TextureBuilder, ViewMaker};
use gpu::state::ComponentMask;
use gpu::{BufferId, PoolId, TextureId, ViewId};
use gpu_vk::executor::{ExecutorOptions, VkBackend};
use gpu_vk::shared_backend::SharedBackend;

use super::device::{buffer, cached_pool, executor_device};
use super::draw::colour;
use super::readback::{region, Readback};
use super::TestGpu;

const POOL_B: u64 = 4 << 20;
/// Where read-back buffers start in the pool (textures go below).
const READBACK_OFFSET_B: u64 = 2 << 20;
const READBACK_B: u64 = 1 << 20;

/// A gpu device on the executor, one pool, and a read-back buffer in it. Fields drop in
/// order: the device (and the executor) before the harness checks validation.
pub struct Rig {
    pub device: gpu::Device,
    pub backend: SharedBackend,
    pub pool: PoolId,
    pub readback: Readback,
    /// Held for its validation check when the rig drops.
    _gpu: TestGpu,
}

impl Rig {
    /// A command buffer with `view` the one colour target, cleared to `rgba`.
    pub fn cleared(&self, view: ViewId, rgba: [f32; 4]) -> gpu::CommandBuffer<'_> {
        let mut commands = self.device.command_buffer();
        commands.bind_render_targets(colour(view)).unwrap();
        commands
            .clear_color(0, ClearValue::Float(rgba), ComponentMask::ALL)
            .unwrap();
        commands
    }

    pub fn new(import_pools: bool) -> Rig {
        Rig::with_options(ExecutorOptions {
            import_pools,
            ..ExecutorOptions::default()
        })
    }

    /// A rig whose executor offers what the device has but what `withhold` takes away.
    pub fn lacking(withhold: impl FnOnce(&mut gpu::DeviceFeatures)) -> Rig {
        let mut features = Rig::new(true).device.features().to_owned();
        withhold(&mut features);
        Rig::with_options(ExecutorOptions {
            state_features: Some(features),
            ..ExecutorOptions::default()
        })
    }

    /// `new` on the device as it reports itself, whatever `RX_VK_SIMULATE` says: for
    /// tests of what a simulated profile refuses when recorded (point polygons under
    /// moltenvk-m1; `tests/portability_features.rs` checks the refusals).
    pub fn unmasked(import_pools: bool) -> Rig {
        let options = ExecutorOptions {
            import_pools,
            ..ExecutorOptions::default()
        };
        Rig::with_switches(options, &[("RX_VK_SIMULATE", "off")])
    }

    pub fn with_options(options: ExecutorOptions) -> Rig {
        Rig::with_switches(options, &[])
    }

    /// A rig on a device opened with `overrides` on top of the environment's switches
    /// (`RX_VK_SIMULATE`, for one).
    pub fn with_switches(options: ExecutorOptions, overrides: &[(&str, &str)]) -> Rig {
        Rig::made(options, overrides, false)
    }

    /// `with_switches` whose executor reads `overrides` too (`RX_VK_VRAM_MB`,
    /// `RX_VK_KEEP_FINALIZED_MB`: the image cache's budget and keep cap).
    pub fn with_executor_switches(options: ExecutorOptions, overrides: &[(&str, &str)]) -> Rig {
        Rig::made(options, overrides, true)
    }

    fn made(options: ExecutorOptions, overrides: &[(&str, &str)], executor_reads: bool) -> Rig {
        let gpu = TestGpu::open_with(overrides);
        let backend = match executor_reads {
            true => {
                VkBackend::with_switches(&gpu.device, options, &super::switches_with(overrides))
            }
            false => VkBackend::new(&gpu.device, options),
        };
        let (device, backend) = executor_device(backend.unwrap());
        let pool = cached_pool(&device, POOL_B);
        let readback = Readback::new(&device, pool, READBACK_OFFSET_B, READBACK_B);
        Rig {
            device,
            backend,
            pool,
            readback,
            _gpu: gpu,
        }
    }

    /// The harness the rig opened its device through (its validation log).
    pub fn gpu_mut(&mut self) -> &mut TestGpu {
        &mut self._gpu
    }

    pub fn texture(&self, builder: &TextureBuilder, offset_b: u64) -> (TextureId, ViewId) {
        let texture = self
            .device
            .create_texture(builder, self.pool, offset_b)
            .unwrap();
        let view = self.device.create_view(&ViewMaker::whole(texture)).unwrap();
        (texture, view)
    }

    /// An `r32ui` shader image of `width_px` x `height_px` at `offset_b` of the pool,
    /// holding `texels` (rows of 32-bit words, swizzled block-linear as the game's).
    pub fn r32ui_image(
        &self,
        offset_b: u64,
        width_px: u32,
        height_px: u32,
        texels: &[u8],
    ) -> (TextureId, ViewId) {
        self.storage_image("r32ui", offset_b, width_px, height_px, texels)
    }

    /// A shader image of format `format` (a `memory::Format` name) of `width_px` x
    /// `height_px` at `offset_b` of the pool, holding `texels` (rows of texels, swizzled
    /// block-linear as the game's).
    pub fn storage_image(
        &self,
        format: &str,
        offset_b: u64,
        width_px: u32,
        height_px: u32,
        texels: &[u8],
    ) -> (TextureId, ViewId) {
        let builder = TextureBuilder::new_2d(
            memory::Format::from_name(format).unwrap(),
            width_px,
            height_px,
        )
        .flags(gpu::objects::TextureFlags::IMAGE);
        let made = self.texture(&builder, offset_b);
        let storage = super::texels::swizzled(&builder.layout().unwrap(), texels);
        self.device
            .write_pool(self.pool, offset_b, &storage)
            .unwrap();
        made
    }

    pub fn buffer(&self, offset_b: u64, size_b: u64) -> BufferId {
        buffer(&self.device, self.pool, offset_b, size_b)
    }

    /// Copies level `level` of `texture` (whole) to the read-back buffer, tightly.
    pub fn read_level(
        &self,
        texture: TextureId,
        level: u32,
        width_px: u32,
        height_px: u32,
    ) -> CopyOp {
        self.readback
            .copy_from(region(texture, level, width_px, height_px))
    }

    pub fn submit(&self, list: &gpu::CommandList) {
        self.device.queue().submit(list).unwrap();
    }

    pub fn finish(&self) {
        self.device.queue().finish().unwrap();
    }

    pub fn read_back(&self, len_b: usize) -> Vec<u8> {
        self.readback.bytes(&self.device, len_b)
    }

    /// Ends `commands` with a copy of `source` into the read-back buffer, submits them,
    /// waits, and returns the first `len_b` bytes.
    pub fn submit_and_read(
        &self,
        commands: gpu::CommandBuffer<'_>,
        source: TextureRegion,
        len_b: usize,
    ) -> Vec<u8> {
        self.readback
            .submit_and_read(&self.device, commands, source, len_b)
    }

    /// `submit_and_read` of the copy alone.
    pub fn read(&self, source: TextureRegion, len_b: usize) -> Vec<u8> {
        self.submit_and_read(self.device.command_buffer(), source, len_b)
    }
}
