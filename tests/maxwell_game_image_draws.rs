//! A fragment program of `shader_translate/tests/maxwell_games/` that indexes an image
//! array at run time, drawn on the real driver (validation on) through its translation
//! and through glslang's module of its GLSL over the same generated images: the render
//! target and every image compared word for word. Drawn here rather than in
//! `maxwell_game_draws.rs`, whose harness binds no images.

mod common;

use std::path::Path;

use common::compute::{words, Stream};
use common::draw::triangle;
use common::programs::translator;
use common::readback::region;
use common::rig::Rig;
use gpu::command::BufferBinding;
use gpu::error::{BackendError, ObjectError};
use gpu::objects::{BufferRange, ImageHandle, ProgramMaker, ShaderModule, Stage};
use shader_translate::{ShaderCode, ShaderSource};

const SIZE_PX: u32 = 64;
const PAGES: usize = 3;

/// A full-screen triangle; the fragment program reads no inputs.
const VERTEX: &str = "#version 450
void main() {
    vec2 uv = vec2((gl_VertexIndex << 1) & 2, gl_VertexIndex & 2);
    gl_Position = vec4(uv * 2.0 - 1.0, 0.0, 1.0);
}
";

/// The render target and the pages after one draw of `fragment` with `picks`.
fn draw(
    rig: &Rig,
    fragment: &shader_translate::TranslatedShader,
    picks: [u32; 3],
    pages: &[Vec<u8>],
    side: u64,
) -> Result<Vec<Vec<u8>>, ObjectError> {
    let vertex = translator()
        .translate(&ShaderSource {
            name: "fullscreen.vert".into(),
            stage: shader_translate::Stage::Vertex,
            code: ShaderCode::Glsl(VERTEX.into()),
        })
        .unwrap();
    let program = rig.device.create_program(&ProgramMaker {
        modules: vec![ShaderModule::from(&vertex), ShaderModule::from(fragment)],
    })?;
    let (target, view) = rig.texture(
        &gpu::objects::TextureBuilder::new_2d(
            memory::Format::from_name("rgba8").unwrap(),
            SIZE_PX,
            SIZE_PX,
        ),
        side * (256 << 10),
    );
    let table = rig.device.create_texture_table(4).unwrap();
    let samplers = rig.device.create_sampler_table(1).unwrap();
    let mut images = Vec::new();
    for (page, texels) in pages.iter().enumerate() {
        // Past the rig's read-back buffer (2 MiB to 3 MiB of the pool).
        let offset_b = (3 << 20) + side * (384 << 10) + page as u64 * (128 << 10);
        let (image, view) = rig.r32ui_image(offset_b, SIZE_PX, SIZE_PX, texels);
        rig.device.register_image(table, page as u32, view).unwrap();
        images.push(image);
    }
    let mut commands = rig.cleared(view, [0.0; 4]);
    for change in [
        gpu::state::StateChange::VertexStreams(Vec::new()),
        gpu::state::StateChange::VertexAttributes(Vec::new()),
    ] {
        commands.set_state(change).unwrap();
    }
    commands.bind_descriptor_tables(table, samplers).unwrap();
    for page in 0..PAGES {
        let handle = ImageHandle {
            texture_slot: page as u32,
        };
        commands
            .bind_image(Stage::Fragment, page as u8, handle)
            .unwrap();
    }
    let block = words(picks);
    let uniforms_b = (1 << 20) - (64 << 10) + side * 256;
    rig.device.write_pool(rig.pool, uniforms_b, &block).unwrap();
    let range = BufferRange {
        buffer: rig.buffer(uniforms_b, 256),
        offset_b: 0,
        size_b: block.len() as u64,
    };
    let uniform = BufferBinding::Uniform {
        stage: Stage::Fragment,
        slot: 0,
    };
    commands.bind_buffer(uniform, range).unwrap();
    commands.bind_program(program).unwrap();
    commands.draw(triangle()).unwrap();
    rig.submit(&commands.finish());
    rig.finish();
    let bytes = (SIZE_PX * SIZE_PX * 4) as usize;
    let mut out = vec![rig.submit_and_read(
        rig.device.command_buffer(),
        region(target, 0, SIZE_PX, SIZE_PX),
        bytes,
    )];
    for image in images {
        out.push(rig.submit_and_read(
            rig.device.command_buffer(),
            region(image, 0, SIZE_PX, SIZE_PX),
            bytes,
        ));
    }
    Ok(out)
}

/// Decal stamps in an image array indexed at uniform indices (`g_frag_image_array_stamp`:
/// `imageLoad`, `imageStore` and `imageAtomicAdd` on `pages[k]`, uam's register-handle
/// `suld`/`sust`/`suatom` with the fragment stage's image-handle words): three r32ui pages
/// of different texels, drawn over a 64 x 64 target for several index sets; the target
/// and every page compared word for word. On a device without
/// shaderStorageImageArrayDynamicIndexing (lavapipe before Mesa 23) both programs are
/// refused when made, naming it.
#[test]
fn image_arrays_indexed_at_run_time_draw_as_glslang_draws_them() {
    let name = "g_frag_image_array_stamp";
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("shader_translate/tests/maxwell_games")
        .join(name);
    let glsl = std::fs::read_to_string(dir.join("source.glsl")).unwrap();
    let ours = translator()
        .translate_dksh(name, &std::fs::read(dir.join("out.dksh")).unwrap())
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    let reference = translator()
        .translate(&ShaderSource {
            name: format!("{name}.glsl"),
            stage: shader_translate::Stage::Fragment,
            code: ShaderCode::Glsl(glsl),
        })
        .unwrap();
    let mut stream = Stream::new(0x57a3_9a6e);
    let mut distinct = std::collections::BTreeSet::new();
    for picks in [[0u32, 1, 2], [2, 0, 1], [1, 2, 0]] {
        let pages: Vec<Vec<u8>> = (0..PAGES)
            .map(|_| {
                let texels = stream.words((SIZE_PX * SIZE_PX) as usize, u32::MAX);
                texels.into_iter().flat_map(u32::to_le_bytes).collect()
            })
            .collect();
        let rig = Rig::new(true);
        let sides = [&ours, &reference]
            .iter()
            .enumerate()
            .map(|(side, fragment)| draw(&rig, fragment, picks, &pages, side as u64))
            .collect::<Vec<_>>();
        match (&sides[0], &sides[1]) {
            (Ok(ours), Ok(reference)) => {
                assert_eq!(ours[0], reference[0], "picks {picks:?}: target");
                for page in 0..PAGES {
                    let (a, b) = (&ours[1 + page], &reference[1 + page]);
                    assert_eq!(a, b, "picks {picks:?}: page {page}");
                }
                distinct.insert(reference[0].clone());
            }
            (Err(a), Err(b)) => {
                for refused in [a, b] {
                    match refused {
                        ObjectError::Backend(BackendError::Unsupported(why)) => assert!(
                            why.contains("shaderStorageImageArrayDynamicIndexing"),
                            "{why}"
                        ),
                        other => panic!("{name}: {other}"),
                    }
                }
                eprintln!(
                    "{name}: refused by the device (no shaderStorageImageArrayDynamicIndexing)"
                );
                return;
            }
            (a, b) => panic!("{name}: one side refused: {:?} {:?}", a.is_ok(), b.is_ok()),
        }
    }
    // Each index set stamps another page: the targets differ.
    assert_eq!(distinct.len(), 3, "index sets reading different pages");
}
