//! `hookshot shader disasm FILE.dksh`: a compiled Maxwell program (deko3d's DKSH, as uam
//! writes it and a game ships it) read, checked and listed: what the container and the
//! shader program header say, then every instruction in envydis's syntax with its
//! control word. A file Hookshot cannot read is one line naming why (exit 1).

use std::fmt::Write;
use std::path::PathBuf;

use anyhow::Context;
use shader_translate::maxwell::decode;
use shader_translate::maxwell::program::Program;
use shader_translate::maxwell::sph::{Sph, StageIo};

#[derive(clap::Args)]
pub struct DisasmArgs {
    /// A DKSH module holding one program.
    file: PathBuf,
}

fn mask_list(bits: u128, per: u32, count: u32) -> String {
    let items: Vec<String> = (0..count)
        .filter(|index| (bits >> (per * index)) & ((1 << per) - 1) != 0)
        .map(|index| index.to_string())
        .collect();
    if items.is_empty() {
        "none".to_owned()
    } else {
        items.join(",")
    }
}

fn sph_lines(sph: &Sph) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "; SPH: {:?}, local memory {} bytes, store_req {:?}{}",
        sph.stage,
        sph.local_mem_lo_b + sph.local_mem_hi_b,
        sph.store_req,
        if sph.kills_pixels {
            ", may discard"
        } else {
            ""
        }
    );
    match &sph.io {
        StageIo::Vtg(io) => {
            let _ = writeln!(
                out,
                "; inputs: generic {} (sysvals {:#010x} {:#06x}); outputs: generic {} (sysvals {:#010x} {:#06x})",
                mask_list(io.inputs, 4, 32),
                io.input_sysvals.ab,
                io.input_sysvals.c,
                mask_list(io.outputs, 4, 32),
                io.output_sysvals.ab,
                io.output_sysvals.c
            );
        }
        StageIo::Fragment(io) => {
            let inputs: Vec<String> = io
                .interpolation
                .iter()
                .enumerate()
                .filter_map(|(location, components)| {
                    let mode = components.iter().flatten().next()?;
                    Some(format!("{location}:{mode:?}"))
                })
                .collect();
            let targets: Vec<String> = io.targets().map(|target| target.to_string()).collect();
            let _ = writeln!(
                out,
                "; inputs: {}; render targets: {}{}{}",
                if inputs.is_empty() {
                    "none".to_owned()
                } else {
                    inputs.join(" ")
                },
                if targets.is_empty() {
                    "none".to_owned()
                } else {
                    targets.join(",")
                },
                if io.writes_depth {
                    "; writes depth"
                } else {
                    ""
                },
                if io.writes_sample_mask {
                    "; writes the sample mask"
                } else {
                    ""
                }
            );
        }
    }
    out
}

pub fn run(args: DisasmArgs) -> anyhow::Result<()> {
    let name = args.file.display().to_string();
    let bytes = bounded_read::read_file(
        &args.file,
        shader_translate::limits::MAX_SHADER_BINARY_B as u64,
        "a compiled shader",
    )?;
    let program = Program::from_dksh(&bytes).with_context(|| name.clone())?;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "; {name}: {} program, {} registers, {} instructions, constant buffer 1 {} bytes",
        program.kind.name(),
        program.header.num_gprs,
        program.instructions.len(),
        program.constbuf1.len()
    );
    if let Some(compute) = program.header.compute() {
        let _ = writeln!(
            out,
            "; workgroup {}x{}x{}, shared memory {} bytes, local memory {} bytes",
            compute.block_dims[0],
            compute.block_dims[1],
            compute.block_dims[2],
            compute.shared_mem_b,
            compute.local_pos_mem_b
        );
    }
    if let Some(sph) = &program.sph {
        out.push_str(&sph_lines(sph));
    }
    out.push_str(&decode::listing(&program.instructions));
    print!("{out}");
    Ok(())
}
