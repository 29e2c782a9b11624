//! The DKSH reader and SPH decoder against `dksh.py` (a reader written independently
//! from uam's and deko3d's sources, `../shared/maxwell/dksh.py`), whose JSON for every
//! corpus module is committed as `info.json`: every header field, the code's place and
//! length, and every SPH field must agree.

use std::path::Path;

use serde_json::Value;
use shader_translate::maxwell::dksh::{self, ProgramType};
use shader_translate::maxwell::sph::{Interpolation, OutputTopology, Sph, SphStage, StageIo};

fn hex_u32(value: &Value) -> u32 {
    u32::from_str_radix(value.as_str().unwrap().trim_start_matches("0x"), 16).unwrap()
}

fn hex_bytes(value: &Value) -> Vec<u8> {
    let text = value.as_str().unwrap();
    (0..text.len() / 2)
        .map(|i| u8::from_str_radix(&text[2 * i..2 * i + 2], 16).unwrap())
        .collect()
}

fn num(value: &Value) -> u64 {
    value
        .as_u64()
        .unwrap_or_else(|| panic!("not a number: {value}"))
}

fn type_name(kind: ProgramType) -> &'static str {
    match kind {
        ProgramType::Vertex => "vertex",
        ProgramType::Fragment => "fragment",
        ProgramType::Geometry => "geometry",
        ProgramType::TessControl => "tess_ctrl",
        ProgramType::TessEval => "tess_eval",
        ProgramType::Compute => "compute",
    }
}

fn check_sph(name: &str, sph: &Sph, want: &Value) {
    let shader_type = match sph.stage {
        SphStage::Vertex => 1,
        SphStage::TessControl => 2,
        SphStage::TessEval => 3,
        SphStage::Geometry => 4,
        SphStage::Fragment => 5,
    };
    assert_eq!(num(&want["shader_type"]), shader_type, "{name}");
    assert_eq!(num(&want["version"]), 3, "{name}");
    let flags = [
        ("mrt_enable", sph.multiple_render_targets),
        ("kills_pixels", sph.kills_pixels),
        ("does_global_store", sph.does_global_store),
        ("does_load_or_store", sph.does_load_or_store),
        ("does_fp64", sph.does_fp64),
    ];
    for (field, ours) in flags {
        assert_eq!(num(&want[field]) != 0, ours, "{name}: {field}");
    }
    let numbers = [
        ("stream_out_mask", u64::from(sph.stream_out_mask)),
        ("sh_local_mem_lo_sz", u64::from(sph.local_mem_lo_b)),
        ("sh_local_mem_hi_sz", u64::from(sph.local_mem_hi_b)),
        ("sh_local_mem_crs_sz", u64::from(sph.local_mem_crs_b)),
        (
            "per_patch_attrib_cnt",
            u64::from(sph.per_patch_attrib_count),
        ),
        (
            "thr_per_input_prim",
            u64::from(sph.threads_per_input_primitive),
        ),
        ("max_out_vtx_cnt", u64::from(sph.max_output_vertices)),
    ];
    for (field, ours) in numbers {
        assert_eq!(num(&want[field]), ours, "{name}: {field}");
    }
    let (start, end) = (num(&want["store_req_start"]), num(&want["store_req_end"]));
    assert_eq!(
        sph.store_req.map(|(s, e)| (u64::from(s), u64::from(e))),
        (start <= end).then_some((start, end)),
        "{name}: store_req"
    );
    if sph.stage == SphStage::Geometry {
        let topology = match sph.output_topology.unwrap() {
            OutputTopology::Points => 1,
            OutputTopology::LineStrip => 6,
            OutputTopology::TriangleStrip => 7,
            OutputTopology::Other(value) => u64::from(value),
        };
        assert_eq!(num(&want["output_topology"]), topology, "{name}");
    }
    match &sph.io {
        StageIo::Vtg(io) => {
            assert_eq!(want["sph_type"], "VTG", "{name}");
            let words = [
                ("imap_sysvals_ab", io.input_sysvals.ab),
                ("imap_sysvals_c", u32::from(io.input_sysvals.c)),
                ("omap_sysvals_ab", io.output_sysvals.ab),
                ("omap_sysvals_c", u32::from(io.output_sysvals.c)),
            ];
            for (field, ours) in words {
                assert_eq!(hex_u32(&want[field]), ours, "{name}: {field}");
            }
            for (field, ours) in [
                ("imap_generic_vector", io.inputs),
                ("omap_generic_vector", io.outputs),
            ] {
                assert_eq!(
                    hex_bytes(&want[field]),
                    ours.to_le_bytes(),
                    "{name}: {field}"
                );
            }
            assert_eq!(
                num(&want["omap_extra"]) & 1 != 0,
                io.writes_viewport_mask,
                "{name}"
            );
        }
        StageIo::Fragment(io) => {
            assert_eq!(want["sph_type"], "PS", "{name}");
            assert_eq!(
                hex_u32(&want["imap_sysvals_ab"]),
                io.input_sysvals.ab,
                "{name}"
            );
            assert_eq!(
                hex_u32(&want["imap_sysvals_c"]),
                u32::from(io.input_sysvals.c),
                "{name}"
            );
            let bytes: Vec<u8> = io
                .interpolation
                .iter()
                .map(|components| {
                    components.iter().enumerate().fold(0u8, |byte, (c, mode)| {
                        let code = match mode {
                            None => 0,
                            Some(Interpolation::Constant) => 1,
                            Some(Interpolation::Perspective) => 2,
                            Some(Interpolation::ScreenLinear) => 3,
                        };
                        byte | (code << (2 * c))
                    })
                })
                .collect();
            assert_eq!(hex_bytes(&want["imap_generic_vector"]), bytes, "{name}");
            assert_eq!(hex_u32(&want["omap_target"]), io.target_mask, "{name}");
            assert_eq!(
                num(&want["omap_sample_mask"]) != 0,
                io.writes_sample_mask,
                "{name}"
            );
            assert_eq!(num(&want["omap_depth"]) != 0, io.writes_depth, "{name}");
        }
    }
    assert_eq!(hex_bytes(&want["raw_hex"]), sph.raw, "{name}");
}

#[test]
fn headers_and_sph_agree_with_dksh_py() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/maxwell_corpus");
    let mut checked = 0;
    let mut stages = std::collections::BTreeSet::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if !path.join("info.json").is_file() {
            continue;
        }
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let bytes = std::fs::read(path.join("out.dksh")).unwrap();
        let info: Value =
            serde_json::from_str(&std::fs::read_to_string(path.join("info.json")).unwrap())
                .unwrap();
        let module = dksh::parse(&bytes).unwrap();
        let header = &info["header"];
        assert_eq!(
            num(&header["control_sz"]),
            u64::from(module.control_size_b),
            "{name}"
        );
        assert_eq!(
            num(&header["code_sz"]),
            u64::from(module.code_size_b),
            "{name}"
        );
        assert_eq!(
            num(&header["num_programs"]),
            module.programs.len() as u64,
            "{name}"
        );
        let want = &info["programs"][0];
        let program = &module.programs[0];
        let h = &program.header;
        assert_eq!(want["type"], type_name(h.kind), "{name}");
        stages.insert(type_name(h.kind));
        for (field, ours) in [
            ("entrypoint", h.entrypoint_b),
            ("num_gprs", h.num_gprs),
            ("constbuf1_off", h.constbuf1_off_b),
            ("constbuf1_sz", h.constbuf1_size_b),
            ("per_warp_scratch_sz", h.per_warp_scratch_b),
        ] {
            assert_eq!(num(&want[field]), u64::from(ours), "{name}: {field}");
        }
        assert_eq!(
            num(&want["code_file_off"]),
            program.code_file_off_b as u64,
            "{name}"
        );
        assert_eq!(num(&want["code_sz"]), program.code.len() as u64, "{name}");
        assert_eq!(
            program.constbuf1.len() as u64,
            num(&want["constbuf1_sz"]),
            "{name}"
        );
        if let Some(comp) = h.compute() {
            let want = &want["comp"];
            assert_eq!(
                num(&want["block_dims_x"]),
                u64::from(comp.block_dims[0]),
                "{name}"
            );
            assert_eq!(
                num(&want["block_dims_y"]),
                u64::from(comp.block_dims[1]),
                "{name}"
            );
            assert_eq!(
                num(&want["block_dims_z"]),
                u64::from(comp.block_dims[2]),
                "{name}"
            );
            assert_eq!(
                num(&want["shared_mem_sz"]),
                u64::from(comp.shared_mem_b),
                "{name}"
            );
            assert_eq!(
                num(&want["local_pos_mem_sz"]),
                u64::from(comp.local_pos_mem_b),
                "{name}"
            );
            assert_eq!(num(&want["crs_sz"]), u64::from(comp.crs_b), "{name}");
            assert_eq!(
                num(&want["num_barriers"]),
                u64::from(comp.num_barriers),
                "{name}"
            );
            assert!(program.sph.is_none(), "{name}");
        } else {
            let sph = Sph::parse(program.sph.expect("graphics SPH")).unwrap();
            check_sph(&name, &sph, &want["sph"]);
        }
        checked += 1;
    }
    assert!(checked >= 28, "{checked} modules");
    assert_eq!(stages.len(), 6, "every stage covered: {stages:?}");
}
