//! Headless presentation on the real driver (lavapipe in CI) with validation on: a
//! window's textures are drawn like any render target, acquired in turn, and what was
//! presented reads back as RGBA8, exactly as it was when presented.

mod common;

use common::device::{buffer, cached_pool, executor_device};
use common::draw::colour;
use common::readback::region;
use common::texels::swizzled;
use common::TestGpu;
use gpu::command::{BufferImage, ClearValue, CopyOp};
use gpu::objects::{TextureBuilder, TextureFlags, ViewMaker, WindowMaker};
use gpu::state::ComponentMask;
use gpu::{PoolId, TextureId, ViewId, WindowId};
use gpu_vk::executor::{ExecutorOptions, PresentedImage, VkBackend};
use gpu_vk::shared_backend::SharedBackend;
use memory::Format;

const POOL_B: u64 = 4 << 20;
const WIDTH_PX: u32 = 16;
const HEIGHT_PX: u32 = 8;

/// A gpu device on the executor, one pool and a window of `count` textures. Fields drop
/// in order: the device (and the executor) before the harness checks validation.
struct Rig {
    device: gpu::Device,
    backend: SharedBackend,
    pool: PoolId,
    window: WindowId,
    textures: Vec<(TextureId, ViewId)>,
    _gpu: TestGpu,
}

impl Rig {
    fn new(format: &str, count: usize) -> Rig {
        let gpu = TestGpu::open();
        let backend = VkBackend::new(&gpu.device, ExecutorOptions::default()).unwrap();
        let (device, backend) = executor_device(backend);
        let pool = cached_pool(&device, POOL_B);
        let builder =
            TextureBuilder::new_2d(Format::from_name(format).unwrap(), WIDTH_PX, HEIGHT_PX)
                .flags(TextureFlags::DISPLAY);
        let textures: Vec<(TextureId, ViewId)> = (0..count as u64)
            .map(|index| {
                let texture = device
                    .create_texture(&builder, pool, index * (64 << 10))
                    .unwrap();
                let view = device.create_view(&ViewMaker::whole(texture)).unwrap();
                (texture, view)
            })
            .collect();
        let window = device
            .create_window(&WindowMaker {
                textures: textures.iter().map(|&(texture, _)| texture).collect(),
                present_interval: 1,
            })
            .unwrap();
        Rig {
            device,
            backend,
            pool,
            window,
            textures,
            _gpu: gpu,
        }
    }

    /// Clears the window's texture `index` to `rgba`.
    fn clear(&self, index: u32, rgba: [f32; 4]) {
        let mut commands = self.device.command_buffer();
        commands
            .bind_render_targets(colour(self.textures[index as usize].1))
            .unwrap();
        commands
            .clear_color(0, ClearValue::Float(rgba), ComponentMask::ALL)
            .unwrap();
        self.device.queue().submit(&commands.finish()).unwrap();
    }

    fn present(&self, index: u32) {
        self.device.queue().present(self.window, index).unwrap();
    }

    fn presented(&self) -> PresentedImage {
        self.backend
            .lock()
            .read_presented(self.window)
            .unwrap()
            .expect("something was presented")
    }
}

fn assert_uniform(image: &PresentedImage, rgba: [u8; 4]) {
    assert_eq!((image.width_px, image.height_px), (WIDTH_PX, HEIGHT_PX));
    assert_eq!(image.rgba8.len(), (WIDTH_PX * HEIGHT_PX * 4) as usize);
    for (at, pixel) in image.rgba8.chunks(4).enumerate() {
        assert_eq!(pixel, rgba, "pixel {at}");
    }
}

#[test]
fn textures_are_acquired_in_turn() {
    let rig = Rig::new("rgba8", 3);
    let indices: Vec<u32> = (0..5)
        .map(|_| rig.device.acquire_texture(rig.window).unwrap().index)
        .collect();
    assert_eq!(indices, [0, 1, 2, 0, 1]);
    let acquired = rig.device.acquire_texture(rig.window).unwrap();
    assert_eq!(acquired.texture, rig.textures[2].0);
}

#[test]
fn a_present_keeps_the_image_as_it_was_presented() {
    let rig = Rig::new("rgba8", 2);
    assert_eq!(rig.backend.lock().read_presented(rig.window).unwrap(), None);
    let first = rig.device.acquire_texture(rig.window).unwrap();
    rig.clear(first.index, [1.0, 0.0, 0.5, 1.0]);
    rig.present(first.index);
    // Drawing into the presented texture afterwards does not change what was shown.
    rig.clear(first.index, [0.0, 0.0, 1.0, 1.0]);
    assert_uniform(&rig.presented(), [255, 0, 128, 255]);

    let second = rig.device.acquire_texture(rig.window).unwrap();
    assert_ne!(second.index, first.index);
    rig.clear(second.index, [0.0, 1.0, 0.0, 0.0]);
    rig.present(second.index);
    assert_uniform(&rig.presented(), [0, 255, 0, 0]);
    // The first texture's later clear shows at its next present.
    rig.present(first.index);
    assert_uniform(&rig.presented(), [0, 0, 255, 255]);
}

/// With snapshots off (a port showing frames only in a window) presents keep nothing to
/// read back, and reading is a typed error; turned on again, the next present is read.
#[test]
fn presents_without_snapshots_keep_nothing_until_turned_on_again() {
    let rig = Rig::new("rgba8", 1);
    rig.clear(0, [1.0, 0.0, 0.0, 1.0]);
    rig.present(0);
    assert_uniform(&rig.presented(), [255, 0, 0, 255]);
    rig.backend.lock().set_present_snapshots(rig.window, false);
    rig.clear(0, [0.0, 1.0, 0.0, 1.0]);
    rig.present(0);
    let refused = rig.backend.lock().read_presented(rig.window);
    assert!(
        matches!(&refused, Err(error) if error.to_string().contains("snapshots off")),
        "{refused:?}"
    );
    rig.backend.lock().set_present_snapshots(rig.window, true);
    assert_eq!(rig.backend.lock().read_presented(rig.window).unwrap(), None);
    rig.present(0);
    assert_uniform(&rig.presented(), [0, 255, 0, 255]);
}

/// A BGRA8 window filled by a buffer copy (each row its own bytes): the read-back is
/// RGBA8, rows top to bottom.
#[test]
fn bgra_rows_read_back_as_rgba_in_order() {
    let rig = Rig::new("bgra8", 1);
    let source_offset_b = 1 << 20;
    let source = buffer(&rig.device, rig.pool, source_offset_b, 64 << 10);
    let bgra: Vec<u8> = (0..HEIGHT_PX)
        .flat_map(|row| (0..WIDTH_PX).flat_map(move |column| [row as u8, column as u8, 7, 255]))
        .collect();
    rig.device
        .write_pool(rig.pool, source_offset_b, &bgra)
        .unwrap();
    let mut commands = rig.device.command_buffer();
    commands
        .copy(CopyOp::BufferToTexture {
            source: BufferImage {
                buffer: source,
                offset_b: 0,
                row_pitch_b: 0,
                rows_per_image: 0,
            },
            destination: region(rig.textures[0].0, 0, WIDTH_PX, HEIGHT_PX),
        })
        .unwrap();
    rig.device.queue().submit(&commands.finish()).unwrap();
    rig.present(rig.device.acquire_texture(rig.window).unwrap().index);
    let image = rig.presented();
    for (at, pixel) in image.rgba8.chunks(4).enumerate() {
        let (row, column) = (at as u32 / WIDTH_PX, at as u32 % WIDTH_PX);
        assert_eq!(pixel, [7, column as u8, row as u8, 255], "pixel {at}");
    }
}

/// A window texture the GPU never drew shows its storage (what the CPU wrote there).
#[test]
fn a_texture_only_the_cpu_wrote_presents_its_storage() {
    let rig = Rig::new("rgba8", 1);
    let (texture, _) = rig.textures[0];
    let layout = TextureBuilder::new_2d(Format::Rgba8, WIDTH_PX, HEIGHT_PX)
        .flags(TextureFlags::DISPLAY)
        .layout()
        .unwrap();
    let linear: Vec<u8> = (0..WIDTH_PX * HEIGHT_PX * 4).map(|at| at as u8).collect();
    rig.device
        .write_pool(rig.pool, 0, &swizzled(&layout, &linear))
        .unwrap();
    let index = rig.device.acquire_texture(rig.window).unwrap().index;
    assert_eq!(rig.textures[index as usize].0, texture);
    rig.present(index);
    assert_eq!(rig.presented().rgba8, linear);
}
