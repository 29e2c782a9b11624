//! `hookshot bench pointers`: a compute dispatch whose loads and stores go through raw
//! pointers (NVN's address model: the pool-table lookup and physical-storage-buffer
//! accesses) against the same dispatch through storage bindings. One compiled program,
//! uam's `x_comp_pointers` with its two atomics made `nop`s (a copy: `results[i] = 3
//! values[i] + i`), run once as compiled (its addresses from the driver's words: storage
//! bindings) and once reading its addresses from a uniform block (`maxwell::pointer_code`):
//! raw pointers. The same copy written in GLSL runs twice more: through storage bindings,
//! and through `GL_EXT_buffer_reference` pointers read from the same uniform block (each
//! access looked up in the pool table). All four run side by side in every round, through
//! the executor; each time is a submission of `--dispatches` dispatches to the queue's
//! finish.

use std::time::{Duration, Instant};

use gpu::command::BufferBinding;
use gpu::objects::{BufferMaker, BufferRange, BufferUsage, PoolMaker, ProgramMaker};
use gpu::objects::{ShaderModule, Stage};
use gpu::{BufferId, DeviceMaker, ProgramId};
use gpu_vk::executor::{ExecutorOptions, VkBackend};
use gpu_vk::Device;
use memory::PoolFlags;
use shader_translate::maxwell::corpus::MAXWELL_CORPUS;
use shader_translate::maxwell::pointer_code::{storage_addresses_from_uniform_block, without};
use shader_translate::maxwell::program::ProgramParts;

#[derive(clap::Args)]
pub struct Args {
    /// Measured rounds (the median of each side is reported).
    #[arg(long, default_value_t = 9, value_parser = clap::value_parser!(u32).range(1..=super::MAX_ROUNDS))]
    rounds: u32,
    /// Workgroups of 64 invocations a dispatch (each copies one word).
    #[arg(long, default_value_t = 1024, value_parser = clap::value_parser!(u32).range(1..=65_535))]
    groups: u32,
    /// Dispatches a submission.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=1000))]
    dispatches: u32,
}

const NAME: &str = "x_comp_pointers";
/// The driver's words of compute storage bindings 0-2 (deko3d's layout).
const STORAGE_WORDS_B: std::ops::Range<u64> = 0x140..0x170;
/// Uniform block 0's hardware constant buffer (deko3d's).
const UNIFORM_CBUF: u64 = 2;

/// The copy in GLSL through storage bindings 0 and 1.
const GLSL_BOUND: &str = "#version 460
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer Values { uint values[]; };
layout(std430, binding = 1) writeonly buffer Results { uint results[]; };
void main() { uint i = gl_GlobalInvocationID.x; results[i] = 3u * values[i] + i; }
";

/// The copy in GLSL through buffer references kept in uniform block 0.
const GLSL_REFERENCES: &str = "#version 460
#extension GL_EXT_buffer_reference : require
layout(local_size_x = 64) in;
layout(buffer_reference, std430, buffer_reference_align = 4) buffer Words { uint w[]; };
layout(std140, binding = 0) uniform Pointers { Words values; Words results; };
void main() { uint i = gl_GlobalInvocationID.x; results.w[i] = 3u * values.w[i] + i; }
";

/// A GLSL copy kernel made into a program.
fn glsl_program(
    nvn: &gpu::Device,
    translator: &shader_translate::Translator,
    name: &str,
    text: &str,
) -> anyhow::Result<ProgramId> {
    let source = shader_translate::ShaderSource {
        name: name.to_owned(),
        stage: shader_translate::Stage::Compute,
        code: shader_translate::ShaderCode::Glsl(text.to_owned()),
    };
    let shader = translator.translate(&source)?;
    Ok(nvn.create_program(&ProgramMaker {
        modules: vec![ShaderModule::translated_from(source, &shader)],
    })?)
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

/// The copy kernel translated as compiled (`raw`: false) or reading its pointers from
/// uniform block 0.
fn program(
    nvn: &gpu::Device,
    translator: &shader_translate::Translator,
    raw: bool,
) -> anyhow::Result<ProgramId> {
    let corpus = MAXWELL_CORPUS
        .iter()
        .find(|program| program.name == NAME)
        .ok_or_else(|| anyhow::anyhow!("{NAME} is not in the corpus"))?;
    let module = shader_translate::maxwell::dksh::parse(corpus.dksh)?;
    let compiled = module
        .programs
        .first()
        .ok_or_else(|| anyhow::anyhow!("{NAME} holds no program"))?;
    let mut code = without(compiled.code, "red")?;
    if raw {
        code = storage_addresses_from_uniform_block(&code, STORAGE_WORDS_B, UNIFORM_CBUF)?.0;
    }
    let parts = ProgramParts {
        kind: compiled.header.kind,
        sph: compiled.sph,
        code: &code,
        constbuf1: compiled.constbuf1,
        compute: compiled.header.compute(),
        tess_mode: None,
    };
    let shader = translator.translate_maxwell(NAME, &parts)?;
    Ok(nvn.create_program(&ProgramMaker {
        modules: vec![ShaderModule::from(&shader)],
    })?)
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let switches = crate::cli::start()?;
    let device = Device::open(&switches)?;
    if !device.caps.state.buffer_device_address {
        anyhow::bail!(
            "{} lacks bufferDeviceAddress or shaderInt64: raw pointers in shaders are refused there",
            device.info.name
        );
    }
    let translator = shader_translate::Translator::new(crate::cli::translate_options(&switches))?;
    let backend = VkBackend::with_switches(&device, ExecutorOptions::default(), &switches)?;
    let nvn = gpu::Device::new(DeviceMaker::new(Box::new(backend)))?;
    let words = u64::from(args.groups) * 64;
    let array_b = words * 4;
    let pool_b = (2 * array_b + (64 << 10)).next_multiple_of(64 << 10);
    let pool = nvn.create_pool(&PoolMaker::new(pool_b, PoolFlags::CPU_CACHED_GPU_CACHED))?;
    let base = nvn.pool_address(pool)?.0;
    let (values_b, results_b, uniform_b) = (0, array_b, 2 * array_b);
    let values: Vec<u8> = (0..words as u32).flat_map(|v| v.to_le_bytes()).collect();
    nvn.write_pool(pool, values_b, &values)?;
    let mut pointers = Vec::new();
    for offset_b in [values_b, results_b, results_b] {
        pointers.extend_from_slice(&(base + offset_b).to_le_bytes());
    }
    nvn.write_pool(pool, uniform_b, &pointers)?;
    let buffer = |offset_b: u64, size_b: u64| -> anyhow::Result<BufferId> {
        Ok(nvn.create_buffer(&BufferMaker {
            pool,
            offset_b,
            size_b,
            usage: BufferUsage::ALL,
        })?)
    };
    let ranges = [
        (
            values_b,
            array_b,
            BufferBinding::Storage {
                stage: Stage::Compute,
                slot: 0,
            },
        ),
        (
            results_b,
            array_b,
            BufferBinding::Storage {
                stage: Stage::Compute,
                slot: 1,
            },
        ),
        (
            results_b,
            8,
            BufferBinding::Storage {
                stage: Stage::Compute,
                slot: 2,
            },
        ),
        (
            uniform_b,
            256,
            BufferBinding::Uniform {
                stage: Stage::Compute,
                slot: 0,
            },
        ),
    ];
    let mut binds = Vec::new();
    for (offset_b, size_b, slot) in ranges {
        let range = BufferRange {
            buffer: buffer(offset_b, size_b)?,
            offset_b: 0,
            size_b,
        };
        binds.push((slot, range));
    }
    let programs = [
        program(&nvn, &translator, false)?,
        program(&nvn, &translator, true)?,
        glsl_program(
            &nvn,
            &translator,
            "copy through storage bindings",
            GLSL_BOUND,
        )?,
        glsl_program(
            &nvn,
            &translator,
            "copy through buffer references",
            GLSL_REFERENCES,
        )?,
    ];
    let lists = programs.map(|program| -> anyhow::Result<gpu::CommandList> {
        let mut commands = nvn.command_buffer();
        commands.bind_program(program)?;
        for &(slot, range) in &binds {
            commands.bind_buffer(slot, range)?;
        }
        for _ in 0..args.dispatches {
            commands.dispatch([args.groups, 1, 1])?;
        }
        Ok(commands.finish())
    });
    let lists: Vec<gpu::CommandList> = lists.into_iter().collect::<anyhow::Result<_>>()?;
    let time = |list: &gpu::CommandList| -> anyhow::Result<Duration> {
        let started = Instant::now();
        nvn.queue().submit(list)?;
        nvn.queue().finish()?;
        Ok(started.elapsed())
    };
    // One of each first (pipelines made, pool table written), each checked.
    let expected: Vec<u8> = (0..4u32).flat_map(|i| (3 * i + i).to_le_bytes()).collect();
    for (k, list) in lists.iter().enumerate() {
        nvn.write_pool(pool, results_b, &vec![0; array_b as usize])?;
        time(list)?;
        let mut results = vec![0; 16];
        nvn.read_pool(pool, results_b, &mut results)?;
        anyhow::ensure!(results == expected, "copy {k} wrote {results:?}");
    }
    let mut times = vec![Vec::new(); lists.len()];
    for _ in 0..args.rounds {
        for (list, times) in lists.iter().zip(&mut times) {
            times.push(time(list)?);
        }
    }
    let medians: Vec<Duration> = times.into_iter().map(median).collect();
    let ms = |k: usize| medians[k].as_secs_f64() * 1e3;
    let ratio = |k: usize, of: usize| medians[k].as_secs_f64() / medians[of].as_secs_f64();
    println!(
        "device: {} ({}), rounds: {}, {} dispatches of {} invocations a submission",
        device.info.name, device.info.driver_info, args.rounds, args.dispatches, words
    );
    println!(
        "storage bindings: {:.3} ms, raw pointers: {:.3} ms, ratio {:.2}x",
        ms(0),
        ms(1),
        ratio(1, 0)
    );
    println!(
        "GLSL storage bindings: {:.3} ms, GLSL buffer references: {:.3} ms, ratio {:.2}x",
        ms(2),
        ms(3),
        ratio(3, 2)
    );
    Ok(())
}
