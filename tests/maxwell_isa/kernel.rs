//! A compute kernel around hand-assembled instructions: each of 64 invocations of a
//! workgroup reads four input words (r8-r11) from storage binding 0, runs the
//! instructions under test (each writing one output register from r16 on, preset to
//! r10 so merges keep a known value), and stores the outputs to storage binding 1.
//! Constant buffer c2 (uniform binding 0) holds four words the `c[]` forms read. The
//! frame is x_comp_shared_storage's header with this code in place of its own,
//! translated through `translate_maxwell` as a port holding the pieces would.

use std::path::Path;

use gpu::objects::{ProgramMaker, ShaderModule};

use crate::common::compute::{storage, uniform, Binding};
use crate::common::programs::translator;
use crate::common::readback::pool_bytes;
use crate::common::rig::Rig;

/// Invocations a dispatch runs (one workgroup of x_comp_shared_storage's 64).
pub const INVOCATIONS: usize = 64;
/// Input words an invocation reads (r8-r11).
pub const INPUTS: usize = 4;
/// The first output register.
pub const FIRST_OUT: u8 = 16;
/// Outputs a kernel can store.
pub const MAX_OUTPUTS: usize = 64;

/// The always-true guard of an unguarded instruction (bits 16-19: `PT`).
pub const PT_GUARD: u64 = 7 << 16;
const SCHED: u64 = 0x001f_8000_fc00_07e0;
const NOP: u64 = 0x50b0_0000_0007_0f00;
const EXIT: u64 = 0xe300_0000_0007_000f;

/// `mov rD rS`.
pub fn mov(d: u8, s: u8) -> u64 {
    0x5c98_0780_0000_0000 | PT_GUARD | u64::from(s) << 20 | u64::from(d)
}

/// `sel rD RZ 1 not pP`: 1 where predicate `p` holds, 0 where not.
pub fn pred_to_reg(d: u8, p: u8) -> u64 {
    0x38a0_0000_0000_0000
        | PT_GUARD
        | 1 << 42
        | u64::from(p) << 39
        | 1 << 20
        | 0xff << 8
        | u64::from(d)
}

fn ldg(d: u8, offset_b: u64) -> u64 {
    0xeed4_2000_0000_0000 | PT_GUARD | offset_b << 20 | u64::from(d)
}

fn stg(value: u8, offset_b: u64) -> u64 {
    0xeedc_2000_0000_0000 | PT_GUARD | offset_b << 20 | 2 << 8 | u64::from(value)
}

/// The index of the body's first word in the instruction stream.
pub const BODY_FIRST: usize = 6 + INPUTS;

/// The byte offset (control words counted, as branches count) of the body's word
/// `index`.
pub fn body_offset_b(index: usize) -> u64 {
    let at = (BODY_FIRST + index) as u64;
    at / 3 * 32 + 8 + at % 3 * 8
}

/// The kernel's instruction stream: the frame around `body` (which writes `outputs`
/// registers from [`FIRST_OUT`] on), in bundles.
pub fn code(body: &[u64], outputs: usize) -> Vec<u8> {
    assert!(outputs <= MAX_OUTPUTS);
    let out_shift = (4 * outputs).next_power_of_two().trailing_zeros() as u64;
    let mut words = vec![
        0xf0c8_0000_0257_0002, // mov $r2 $ctaidx
        0xf0c8_0000_0217_0003, // mov $r3 $tidx
        0x5c18_0300_0037_0204, // iscadd $r4 $r2 $r3 0x6
        0x3848_0000_0047_0400, // shl $r0 $r4 0x4
        0x4c10_8000_0507_0000, // iadd cc $r0 $r0 c0[0x140]
        0x4c10_0800_0517_ff01, // iadd x $r1 0x0 c0[0x144]
    ];
    words.extend((0..INPUTS as u64).map(|k| ldg(8 + k as u8, 4 * k)));
    assert_eq!(words.len(), BODY_FIRST);
    words.extend_from_slice(body);
    words.extend([
        0x3848_0000_0007_0400 | out_shift << 20, // shl $r0 $r4 out_shift
        0x4c10_8000_0547_0002,                   // iadd cc $r2 $r0 c0[0x150]
        0x4c10_0800_0557_ff03,                   // iadd x $r3 0x0 c0[0x154]
    ]);
    words.extend((0..outputs as u64).map(|k| stg(FIRST_OUT + k as u8, 4 * k)));
    words.push(EXIT);
    let mut code = Vec::new();
    for chunk in words.chunks(3) {
        code.extend(SCHED.to_le_bytes());
        for slot in 0..3 {
            code.extend(chunk.get(slot).copied().unwrap_or(NOP).to_le_bytes());
        }
    }
    code
}

/// envydis's listing of `words` (SM 5.3 forms: `-V sm60`), one line an instruction,
/// without the control words: each test checks its encodings decode as intended.
pub fn envydis(words: &[u64]) -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tool = root
        .ancestors()
        .map(|folder| folder.join("shared/maxwell/bin/envydis"))
        .find(|path| path.is_file())
        .unwrap_or_else(|| panic!("no shared/maxwell/bin/envydis beside {}", root.display()));
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("words.bin");
    let mut code = Vec::new();
    for chunk in words.chunks(3) {
        code.extend(SCHED.to_le_bytes());
        for slot in 0..3 {
            code.extend(chunk.get(slot).copied().unwrap_or(NOP).to_le_bytes());
        }
    }
    std::fs::write(&file, &code).unwrap();
    let output = std::process::Command::new(tool)
        .args(["-m", "gm107", "-V", "sm60", "-n", "-i"])
        .arg(&file)
        .output()
        .expect("envydis runs");
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<String> = text
        .lines()
        .filter(|line| !line.contains("sched") && line.contains(':'))
        .map(|line| line.split_once(':').unwrap().1.trim().to_string())
        .collect();
    // Each line: the word's two halves, then the text.
    lines
        .into_iter()
        .map(|line| {
            line.split_whitespace()
                .skip(2)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .take(words.len())
        .collect()
}

/// The kernel of `body` translated (as a port holding the pieces would).
pub fn translate(
    body: &[u64],
    outputs: usize,
) -> Result<shader_translate::TranslatedShader, shader_translate::maxwell::translate::MaxwellError>
{
    translate_with(body, outputs, None)
}

/// The frame's own constant buffer 1 (the program's constant data).
pub fn frame_constbuf1() -> Vec<u8> {
    let dksh = std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("shader_translate/tests/maxwell_corpus/x_comp_shared_storage/out.dksh"),
    )
    .unwrap();
    let module = shader_translate::maxwell::dksh::parse(&dksh).unwrap();
    module.programs[0].constbuf1.to_vec()
}

/// [`translate`] with `constbuf1` in place of the frame's constant buffer 1.
pub fn translate_with(
    body: &[u64],
    outputs: usize,
    constbuf1: Option<&[u8]>,
) -> Result<shader_translate::TranslatedShader, shader_translate::maxwell::translate::MaxwellError>
{
    let code = code(body, outputs);
    let name = "x_comp_shared_storage";
    let dksh = std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("shader_translate/tests/maxwell_corpus")
            .join(name)
            .join("out.dksh"),
    )
    .unwrap();
    let module = shader_translate::maxwell::dksh::parse(&dksh).unwrap();
    let program = &module.programs[0];
    let parts = shader_translate::maxwell::program::ProgramParts {
        kind: program.header.kind,
        sph: program.sph,
        code: &code,
        constbuf1: constbuf1.unwrap_or(program.constbuf1),
        compute: program.header.compute(),
        tess_mode: None,
    };
    translator().translate_maxwell("isa kernel", &parts)
}

/// Runs the kernel of `body` over `inputs` (`INPUTS` words an invocation) with
/// constant buffer words `cbuf`; gives each invocation's `outputs` words.
pub fn run(body: &[u64], outputs: usize, inputs: &[u32], cbuf: [u32; 4]) -> Vec<Vec<u32>> {
    run_with(body, outputs, inputs, cbuf, None)
}

/// [`run`] with `constbuf1` in place of the frame's constant buffer 1.
pub fn run_with(
    body: &[u64],
    outputs: usize,
    inputs: &[u32],
    cbuf: [u32; 4],
    constbuf1: Option<&[u8]>,
) -> Vec<Vec<u32>> {
    run_with_setup(body, outputs, inputs, cbuf, constbuf1, |_, _| {})
}

/// [`run_with`], with `setup` binding more (textures) before the dispatch.
pub fn run_with_setup(
    body: &[u64],
    outputs: usize,
    inputs: &[u32],
    cbuf: [u32; 4],
    constbuf1: Option<&[u8]>,
    setup: impl FnOnce(&Rig, &mut gpu::CommandBuffer<'_>),
) -> Vec<Vec<u32>> {
    assert_eq!(inputs.len(), INPUTS * INVOCATIONS);
    let shader = translate_with(body, outputs, constbuf1)
        .unwrap_or_else(|e| panic!("the kernel does not translate: {e}"));
    let rig = Rig::new(true);
    let program = rig
        .device
        .create_program(&ProgramMaker {
            modules: vec![ShaderModule::from(&shader)],
        })
        .unwrap();
    let stride = (4 * outputs).next_power_of_two();
    let bindings: [Binding; 3] = [
        storage(0, inputs.iter().flat_map(|w| w.to_le_bytes()).collect()),
        storage(1, vec![0; stride * INVOCATIONS]),
        uniform(0, cbuf.iter().flat_map(|w| w.to_le_bytes()).collect()),
    ];
    let mut commands = rig.device.command_buffer();
    commands.bind_program(program).unwrap();
    let mut places = Vec::new();
    for (index, binding) in bindings.iter().enumerate() {
        let offset_b = (1 << 20) + (index as u64) * (64 << 10);
        let size_b = binding.bytes.len() as u64;
        let buffer = rig.buffer(offset_b, size_b.max(256));
        rig.device
            .write_pool(rig.pool, offset_b, &binding.bytes)
            .unwrap();
        let (stage, slot) = (gpu::objects::Stage::Compute, binding.slot);
        let kind = if binding.storage {
            gpu::command::BufferBinding::Storage { stage, slot }
        } else {
            gpu::command::BufferBinding::Uniform { stage, slot }
        };
        let range = gpu::objects::BufferRange {
            buffer,
            offset_b: 0,
            size_b,
        };
        commands.bind_buffer(kind, range).unwrap();
        places.push(offset_b);
    }
    setup(&rig, &mut commands);
    commands.dispatch([1, 1, 1]).unwrap();
    rig.submit(&commands.finish());
    rig.finish();
    let bytes = pool_bytes(&rig.device, rig.pool, places[1], stride * INVOCATIONS);
    bytes
        .chunks(stride)
        .map(|chunk| {
            chunk[..4 * outputs]
                .chunks(4)
                .map(|w| u32::from_le_bytes(w.try_into().unwrap()))
                .collect()
        })
        .collect()
}

/// A fixed-seed generator (splitmix64): every run tests the same cases.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number below `bound`.
    pub fn below(&mut self, bound: u64) -> u64 {
        self.next() % bound
    }

    pub fn bit(&mut self) -> bool {
        self.next() & 1 == 1
    }
}
