//! The on-disk pipeline cache on the real driver (lavapipe in CI) with validation on: an
//! executor saves the pipelines it made when it ends, the next one starts from that file,
//! and a damaged or foreign file is ignored without an error.

mod common;

use std::path::{Path, PathBuf};

use common::device::cached_pool;
use common::draw::{colour, triangle};
use common::process::scratch_path;
use common::programs::{program, GREEN_FRAG};
use common::TestGpu;
use gpu::command::ClearValue;
use gpu::objects::{TextureBuilder, ViewMaker};
use gpu::state::ComponentMask;
use gpu::switches::PipelineCacheChoice;
use gpu::DeviceMaker;
use gpu_vk::executor::{ExecutorOptions, VkBackend};
use gpu_vk::pipeline_cache::HEADER_B;
use memory::Format;
use shader_translate::Stage;

/// A triangle over the whole target from the vertex index alone.
const FULL_VERT: &str = "#version 450
void main() {
    vec2 corner = vec2(float((gl_VertexIndex & 1) * 4 - 1), float((gl_VertexIndex & 2) * 2 - 1));
    gl_Position = vec4(corner, 0.0, 1.0);
}
";

/// Starts an executor with `RX_VK_PIPELINE_CACHE` naming `dir`, draws one triangle (one
/// graphics pipeline) and clears with a mask (the executor's masked-clear pipeline), ends
/// it; returns the bytes the cache started from.
fn run_once(gpu: &TestGpu, dir: &Path) -> usize {
    let switches = common::switches_with(&[("RX_VK_PIPELINE_CACHE", dir.to_str().unwrap())]);
    let backend = VkBackend::with_switches(&gpu.device, ExecutorOptions::default(), &switches)
        .expect("opening the cache never fails on a bad file");
    let loaded_b = backend.pipeline_cache().unwrap().loaded_b();
    let device = gpu::Device::new(DeviceMaker::new(Box::new(backend))).unwrap();
    let pool = cached_pool(&device, 1 << 20);
    let texture = device
        .create_texture(&TextureBuilder::new_2d(Format::Rgba8, 8, 8), pool, 0)
        .unwrap();
    let view = device.create_view(&ViewMaker::whole(texture)).unwrap();
    let program = program(
        &device,
        &[(Stage::Vertex, FULL_VERT), (Stage::Fragment, GREEN_FRAG)],
    );
    let mut commands = device.command_buffer();
    commands.bind_render_targets(colour(view)).unwrap();
    commands
        .clear_color(0, ClearValue::Float([0.0; 4]), ComponentMask::ALL)
        .unwrap();
    commands.bind_program(program).unwrap();
    commands.draw(triangle()).unwrap();
    // A masked clear: the executor's own pipeline, made through the cache too.
    commands
        .clear_color(0, ClearValue::Float([1.0; 4]), ComponentMask::R)
        .unwrap();
    device.queue().submit(&commands.finish()).unwrap();
    device.queue().finish().unwrap();
    // Dropping the device ends the executor, which saves the cache.
    drop(device);
    loaded_b
}

fn cache_files(dir: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(dir)
        .map(|entries| entries.map(|entry| entry.unwrap().path()).collect())
        .unwrap_or_default()
}

#[test]
fn the_second_start_loads_what_the_first_saved() {
    let gpu = TestGpu::open();
    let dir = scratch_path("pipeline-cache");
    assert_eq!(run_once(&gpu, &dir), 0, "no file yet");
    let files = cache_files(&dir);
    assert_eq!(files.len(), 1, "one file, no temporary left: {files:?}");
    let saved_b = std::fs::metadata(&files[0]).unwrap().len() as usize;
    // At least the header; lavapipe (Mesa 22) puts no pipelines in its cache data, a
    // driver that does writes more.
    assert!(
        saved_b >= HEADER_B,
        "a saved cache has a header ({saved_b} bytes)"
    );
    let loaded_b = run_once(&gpu, &dir);
    assert_eq!(loaded_b, saved_b, "the second start loads the whole file");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_damaged_or_foreign_file_is_ignored() {
    let gpu = TestGpu::open();
    let dir = scratch_path("pipeline-cache-bad");
    run_once(&gpu, &dir);
    let file = cache_files(&dir).remove(0);
    let good = std::fs::read(&file).unwrap();

    let mut foreign = good.clone();
    foreign[8] ^= 0xff; // another vendor
    let mut other_driver = good.clone();
    other_driver[20] ^= 0xff; // another pipelineCacheUUID
                              // This device's header with a random body: the driver would take its header, so
                              // only the checksum can tell (it is the file's last 40 bytes).
    let mut random_body = good[..HEADER_B].to_vec();
    let mut state = 0x2545_f491_u32;
    random_body.extend((0..4096).map(|_| {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        state as u8
    }));
    let mut resealed_wrong = random_body.clone();
    resealed_wrong.extend_from_slice(&good[good.len() - 40..]);
    for bad in [
        b"not a cache".to_vec(),
        Vec::new(),
        foreign,
        other_driver,
        random_body,
        resealed_wrong,
    ] {
        std::fs::write(&file, &bad).unwrap();
        assert_eq!(run_once(&gpu, &dir), 0, "a bad file is not loaded");
        // The run saved a good cache over it.
        let saved = std::fs::read(&file).unwrap();
        assert!(saved.len() >= HEADER_B);
        assert_eq!(saved[..HEADER_B], good[..HEADER_B]);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_cache_off_makes_no_file() {
    let gpu = TestGpu::open();
    let switches = common::switches_with(&[("RX_VK_PIPELINE_CACHE", "0")]);
    let backend =
        VkBackend::with_switches(&gpu.device, ExecutorOptions::default(), &switches).unwrap();
    assert!(backend.pipeline_cache().is_none());
    // `new` never touches the user's cache directory.
    let backend = VkBackend::new(&gpu.device, ExecutorOptions::default()).unwrap();
    assert!(backend.pipeline_cache().is_none());
    // Opened by hand with the cache off: in memory only.
    let mut backend = backend;
    backend
        .open_pipeline_cache(&PipelineCacheChoice::Off)
        .unwrap();
    let cache = backend.pipeline_cache().unwrap();
    assert_eq!((cache.loaded_b(), cache.file()), (0, None));
    assert_eq!(cache.save().unwrap(), 0);
}
