//! Every corpus shader translates, passes spirv-val (run again here on its own) and can go
//! to Metal (naga's verdict, held against SPIRV-Cross); the reflection says what each uses.

mod common;

use shader_translate::corpus::{CorpusFrontEnd, CORPUS};
use shader_translate::{HostBinding, Opinion, ResourceKind, Stage};

#[test]
fn every_corpus_shader_is_valid_and_portable_optimised_or_not() {
    for optimise in [false, true] {
        let translator = common::translator(optimise);
        for shader in CORPUS {
            let translated = translator
                .translate(&shader.source())
                .unwrap_or_else(|error| panic!("{}: {error}", shader.file));
            common::assert_spirv_val(&translated.spirv);
            assert!(
                translated.metal.portable(),
                "{} (optimise {optimise}): {:?}",
                shader.file,
                translated.metal.problems()
            );
            common::assert_metal_verdict_holds(shader.file, &translated);
            assert_eq!(translated.reflection.stage, shader.stage);
            assert_eq!(translated.reflection.entry_point, "main");
        }
    }
}

fn translate(file: &str) -> shader_translate::TranslatedShader {
    let shader = CORPUS.iter().find(|shader| shader.file == file).unwrap();
    common::translator(true)
        .translate(&shader.source())
        .unwrap()
}

#[test]
fn lit_vertex_shader_reflects_buffers_inputs_and_outputs() {
    let reflection = translate("textured_lit.vert").reflection;
    assert_eq!(reflection.slots(ResourceKind::UniformBuffer), [0, 1]);
    assert!(reflection.slots(ResourceKind::Texture).is_empty());
    let inputs: Vec<(u32, &str)> = reflection
        .inputs
        .iter()
        .map(|input| (input.location, input.ty.as_str()))
        .collect();
    assert_eq!(inputs, [(0, "vec3"), (1, "vec3"), (2, "vec2")]);
    let outputs: Vec<(u32, &str)> = reflection
        .outputs
        .iter()
        .map(|output| (output.location, output.name.as_str()))
        .collect();
    assert_eq!(outputs, [(0, "world_normal"), (1, "uv"), (2, "to_eye")]);
    assert_eq!(reflection.workgroup_size, None);
    assert_eq!(reflection.push_constants, None);
}

#[test]
fn lit_fragment_shader_reflects_combined_textures() {
    let translated = translate("textured_lit.frag");
    let reflection = &translated.reflection;
    assert_eq!(reflection.slots(ResourceKind::Texture), [0, 1]);
    assert_eq!(reflection.slots(ResourceKind::UniformBuffer), [2]);
    let albedo = reflection
        .resources
        .iter()
        .find(|r| r.name == "albedo")
        .unwrap();
    assert_eq!(
        albedo.host,
        HostBinding {
            set: 2,
            binding: 4 * 32
        }
    );
    assert_eq!(reflection.outputs.len(), 1);
    // naga cannot read glslang's combined samplers: it has no opinion and blocks nothing
    // (SPIRV-Cross, MoltenVK's converter, reads them: the corpus test checks).
    assert!(matches!(translated.metal.naga, Opinion::CannotRead(_)));
}

#[test]
fn slots_of_different_kinds_share_numbers_but_not_bindings() {
    // particles.comp: uniform buffer 0, storage buffers 0 and 1, image 0.
    let translated = translate("particles.comp");
    let reflection = &translated.reflection;
    assert_eq!(reflection.workgroup_size, Some([8, 8, 1]));
    assert_eq!(reflection.slots(ResourceKind::UniformBuffer), [0]);
    assert_eq!(reflection.slots(ResourceKind::StorageBuffer), [0, 1]);
    assert_eq!(reflection.slots(ResourceKind::Image), [0]);
    let hosts: Vec<HostBinding> = reflection.resources.iter().map(|r| r.host).collect();
    assert_eq!(
        hosts,
        [
            HostBinding {
                set: 0,
                binding: 80
            },
            HostBinding {
                set: 1,
                binding: 80
            },
            HostBinding {
                set: 1,
                binding: 81
            },
            HostBinding {
                set: 3,
                binding: 40
            },
        ]
    );
    assert_eq!(
        common::decorated_binding(&translated.spirv, "density"),
        Some((3, 40))
    );
}

#[test]
fn renderer_kernel_goes_through_naga_with_push_constants() {
    let shader = CORPUS
        .iter()
        .find(|shader| shader.front_end == CorpusFrontEnd::Kernel)
        .unwrap();
    let translated = common::translator(true)
        .build_kernel(shader.file, shader.text)
        .unwrap();
    let reflection = &translated.reflection;
    assert_eq!(reflection.stage, Stage::Compute);
    assert_eq!(reflection.workgroup_size, Some([64, 1, 1]));
    assert_eq!(reflection.push_constants.as_ref().unwrap().size_b, 16);
    assert_eq!(reflection.slots(ResourceKind::StorageBuffer), [0, 1]);
    // naga reads its own output back, so its MSL writer gives an opinion.
    assert_eq!(translated.metal.naga, Opinion::Accepted);
}
