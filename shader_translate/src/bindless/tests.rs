//! NVN GLSL through the crate's translator (unoptimised and optimised), rewritten for the
//! bindless path, then checked by spirv-val (Vulkan 1.2 and 1.1) and by reading the
//! module back: old variables gone, new ones where the executor binds them, and each
//! load reading the push element of its slot.

use std::collections::HashMap;

use super::*;
use crate::spirv::index::Type;
use crate::spirv::module::Instruction;
use crate::spirv::ops::{capability, decoration, op};
use crate::spirv::words_to_bytes;
use crate::tools::run_spirv_val;
use crate::{CacheLocation, ShaderCode, ShaderSource, TranslateOptions, Translator};

/// `text` translated for `stage` (the tests of `multisampled_slots` use it too).
pub(crate) fn translate(stage: Stage, text: &str, optimise: bool) -> Vec<u32> {
    let translator = Translator::new(TranslateOptions {
        optimise,
        cache: CacheLocation::Off,
        strict_portability: false,
    })
    .expect("the translator starts");
    let source = ShaderSource {
        name: format!("bindless.{}", stage.short_name()),
        stage,
        code: ShaderCode::Glsl(text.to_owned()),
    };
    translator.translate(&source).expect("translates").spirv
}

/// spirv-val for the executor's Vulkan 1.2 device and for the crate's own Vulkan 1.1.
fn assert_valid(words: &[u32]) {
    for env in ["vulkan1.2", "vulkan1.1"] {
        let run = run_spirv_val(&["--target-env", env, "-"], &words_to_bytes(words))
            .expect("spirv-val runs");
        assert!(run.succeeded, "spirv-val --target-env {env}: {}", run.log);
    }
}

/// Translates (both ways), rewrites, validates; the rewritten modules with their input.
fn rewrite_both_ways(
    stage: Stage,
    text: &str,
    first_handle: u32,
) -> Vec<(Vec<u32>, IndexedModule)> {
    [false, true]
        .into_iter()
        .map(|optimise| {
            let words = translate(stage, text, optimise);
            let indexed = index_textures(&words, stage, first_handle)
                .unwrap_or_else(|error| panic!("optimise {optimise}: {error}"));
            assert_valid(&indexed.spirv_words);
            (words, indexed)
        })
        .collect()
}

fn parse(words: &[u32]) -> (Module, ModuleIndex) {
    let module = Module::parse(words).unwrap();
    let index = ModuleIndex::new(&module);
    (module, index)
}

/// (name, set, binding) of every descriptor variable, by name.
fn descriptors(index: &ModuleIndex) -> HashMap<String, (u32, u32)> {
    index
        .variables
        .iter()
        .filter_map(|variable| {
            let set = index.decoration_literal(variable.id, decoration::DESCRIPTOR_SET)?;
            let binding = index.decoration_literal(variable.id, decoration::BINDING)?;
            let name = index.name(variable.id).unwrap_or("").to_owned();
            Some((name, (set, binding)))
        })
        .collect()
}

/// Length of the push block's handle array.
fn push_length(index: &ModuleIndex) -> u32 {
    let push = index
        .variables
        .iter()
        .find(|variable| variable.storage_class == storage_class::PUSH_CONSTANT)
        .expect("a push-constant block");
    let block = index.pointee(push.pointer_type).unwrap();
    assert!(index.decoration(block, decoration::BLOCK).is_some());
    assert_eq!(
        index.member_decoration_literal(block, 0, decoration::OFFSET),
        Some(0)
    );
    let Some(Type::Struct { members }) = index.types.get(&block) else {
        panic!("the push block is a struct");
    };
    let Some(Type::Array { element, length_id }) = index.types.get(&members[0]) else {
        panic!("its member is an array");
    };
    assert_eq!(
        index.types.get(element),
        Some(&Type::Int {
            width_bits: 32,
            signed: false
        })
    );
    assert_eq!(
        index.decoration_literal(members[0], decoration::ARRAY_STRIDE),
        Some(4)
    );
    index.constants[length_id]
}

/// The result ids of loads of the variable named `name` (through access chains or not).
fn texture_loads(words: &[u32], name: &str) -> Vec<u32> {
    let (module, index) = parse(words);
    let variable = index
        .variables
        .iter()
        .find(|variable| index.name(variable.id) == Some(name))
        .unwrap_or_else(|| panic!("no variable {name}"))
        .id;
    let mut pointers = vec![variable];
    let mut loads = Vec::new();
    for instruction in &module.instructions {
        let operands = &instruction.operands;
        match instruction.opcode {
            op::ACCESS_CHAIN if operands[2] == variable => pointers.push(operands[1]),
            op::LOAD if pointers.contains(&operands[2]) => loads.push(operands[1]),
            _ => {}
        }
    }
    loads
}

/// The constant push element an `OpSampledImage` result reads its handle from, traced
/// back through sampler load, sampler chain, shift, handle load and handle chain.
fn push_element_of(words: &[u32], sampled_image: u32) -> Option<u32> {
    let (module, index) = parse(words);
    let definitions: HashMap<u32, &Instruction> = module
        .instructions
        .iter()
        .filter(|instruction| instruction.operands.len() > 1)
        .map(|instruction| (instruction.operands[1], instruction))
        .collect();
    let operand = |id: u32, opcode: u16, at: usize| {
        let definition = definitions.get(&id)?;
        (definition.opcode == opcode).then(|| definition.operands[at])
    };
    let sampler = operand(sampled_image, op::SAMPLED_IMAGE, 3)?;
    let sampler_pointer = operand(sampler, op::LOAD, 2)?;
    let sampler_index = operand(sampler_pointer, op::ACCESS_CHAIN, 3)?;
    let handle = operand(sampler_index, op::SHIFT_RIGHT_LOGICAL, 2)?;
    let handle_pointer = operand(handle, op::LOAD, 2)?;
    let element = operand(handle_pointer, op::ACCESS_CHAIN, 4)?;
    index.constants.get(&element).copied()
}

fn count_opcode(words: &[u32], opcode: u16, operands: &[u32]) -> usize {
    let (module, _) = parse(words);
    module
        .instructions
        .iter()
        .filter(|instruction| {
            instruction.opcode == opcode && instruction.operands.starts_with(operands)
        })
        .count()
}

/// The old variables are gone with their names and decorations; the new ones are where
/// the executor binds them, once each; the capabilities and extension are declared once.
fn assert_bindless_layout(words: &[u32], old_names: &[&str], image_names: &[&str]) {
    let (module, index) = parse(words);
    for name in old_names {
        assert!(
            index.names.values().all(|other| other != name),
            "{name} still named"
        );
    }
    let descriptors = descriptors(&index);
    let mut expected: HashMap<String, (u32, u32)> = image_names
        .iter()
        .map(|name| (name.to_string(), (BINDLESS_SET, BINDLESS_IMAGE_BINDING)))
        .collect();
    expected.insert(
        "bindless_samplers".into(),
        (BINDLESS_SET, BINDLESS_SAMPLER_BINDING),
    );
    let in_set_2: HashMap<String, (u32, u32)> = descriptors
        .into_iter()
        .filter(|(_, (set, _))| *set == BINDLESS_SET)
        .collect();
    assert_eq!(in_set_2, expected);
    let variables: Vec<u32> = index.variables.iter().map(|variable| variable.id).collect();
    for instruction in &module.instructions {
        if instruction.opcode == op::DECORATE || instruction.opcode == op::NAME {
            let target = instruction.operands[0];
            let is_type = index.types.contains_key(&target);
            let is_function_or_value = module.instructions.iter().any(|other| {
                other.opcode != op::DECORATE
                    && other.opcode != op::NAME
                    && other.operands.get(1) == Some(&target)
            });
            assert!(
                variables.contains(&target) || is_type || is_function_or_value,
                "a decoration or name of the removed id {target}"
            );
        }
    }
    for wanted in [
        capability::SAMPLED_IMAGE_ARRAY_DYNAMIC_INDEXING,
        capability::RUNTIME_DESCRIPTOR_ARRAY,
    ] {
        assert_eq!(count_opcode(words, op::CAPABILITY, &[wanted]), 1);
    }
    assert_eq!(count_opcode(words, op::EXTENSION, &[]), 1);
}

const ONE_TEXTURE: &str = "#version 450
layout(binding = 3) uniform sampler2D albedo;
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 colour;
void main() {
    colour = texture(albedo, uv);
}
";

#[test]
fn one_texture_in_a_fragment_shader() {
    for (input, indexed) in rewrite_both_ways(Stage::Fragment, ONE_TEXTURE, 0) {
        assert_eq!(indexed.slots, [3]);
        let (_, index) = parse(&indexed.spirv_words);
        assert_eq!(push_length(&index), 1);
        assert_bindless_layout(&indexed.spirv_words, &["albedo"], &["bindless_images_2d"]);
        for load in texture_loads(&input, "albedo") {
            assert_eq!(push_element_of(&indexed.spirv_words, load), Some(0));
        }
        assert_eq!(indexed.spirv_words[1], 0x0001_0300, "still SPIR-V 1.3");
    }
}

const EVERY_KIND: &str = "#version 450
layout(binding = 0) uniform sampler2D plain;
layout(binding = 1) uniform samplerCube sky;
layout(binding = 2) uniform isampler2D ids;
layout(binding = 3) uniform usampler2D masks;
layout(binding = 4) uniform sampler2DShadow shadow;
layout(binding = 5) uniform sampler2DArray layers;
layout(binding = 6) uniform sampler3D volume;
layout(location = 0) in vec3 uvw;
layout(location = 0) out vec4 colour;
void main() {
    vec4 sum = texture(plain, uvw.xy);
    sum += textureLod(sky, uvw, 2.0);
    sum += vec4(texelFetch(ids, ivec2(uvw.xy * 64.0), 0));
    sum += vec4(texelFetch(masks, ivec2(3, 4), 1));
    sum += vec4(texture(shadow, vec3(uvw.xy, 0.5)));
    sum += texture(layers, uvw);
    sum += textureLod(volume, uvw, 0.0);
    sum.xy += vec2(textureSize(plain, 0) + textureSize(layers, 1).xy);
    colour = sum;
}
";

#[test]
fn every_kind_of_texture_together() {
    let old_names = ["plain", "sky", "ids", "masks", "shadow", "layers", "volume"];
    for (input, indexed) in rewrite_both_ways(Stage::Fragment, EVERY_KIND, 2) {
        assert_eq!(indexed.slots, [0, 1, 2, 3, 4, 5, 6]);
        let (_, index) = parse(&indexed.spirv_words);
        assert_eq!(push_length(&index), 9);
        assert_bindless_layout(
            &indexed.spirv_words,
            &old_names,
            &[
                "bindless_images_2d",
                "bindless_images_cube",
                "bindless_images_2d_int",
                "bindless_images_2d_uint",
                "bindless_images_2d_shadow",
                "bindless_images_2d_array",
                "bindless_images_3d",
            ],
        );
        for (slot, name) in old_names.iter().enumerate() {
            let loads = texture_loads(&input, name);
            assert!(!loads.is_empty(), "{name} is read");
            for load in loads {
                assert_eq!(
                    push_element_of(&indexed.spirv_words, load),
                    Some(2 + slot as u32),
                    "{name}"
                );
            }
        }
    }
}

const TEXTURE_ARRAY: &str = "#version 450
layout(binding = 2) uniform sampler2D layers[3];
layout(std140, binding = 0) uniform Choice {
    int signed_layer;
    uint unsigned_layer;
} choice;
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 colour;
void main() {
    colour = texture(layers[1], uv)
        + texture(layers[choice.signed_layer], uv)
        + texture(layers[choice.unsigned_layer], uv);
}
";

#[test]
fn an_array_indexed_by_a_constant_and_by_uniform_values() {
    for (input, indexed) in rewrite_both_ways(Stage::Fragment, TEXTURE_ARRAY, 1) {
        assert_eq!(indexed.slots, [2, 3, 4]);
        let (_, index) = parse(&indexed.spirv_words);
        assert_eq!(push_length(&index), 4);
        assert_bindless_layout(&indexed.spirv_words, &["layers"], &["bindless_images_2d"]);
        let loads = texture_loads(&input, "layers");
        assert_eq!(loads.len(), 3);
        // layers[1]: slot 3, the second handle after the one before this stage's.
        assert_eq!(push_element_of(&indexed.spirv_words, loads[0]), Some(2));
        // The uniform indices are added to the array's first element at run time.
        assert_eq!(push_element_of(&indexed.spirv_words, loads[1]), None);
        assert_eq!(count_opcode(&indexed.spirv_words, op::I_ADD, &[]), 2);
        // Only the signed index needs a bitcast to uint.
        assert_eq!(count_opcode(&indexed.spirv_words, op::BITCAST, &[]), 1);
    }
}

const VERTEX_TEXTURE: &str = "#version 450
layout(binding = 1) uniform sampler2D heights;
layout(location = 0) in vec3 position;
layout(location = 1) in vec2 uv;
void main() {
    float height = textureLod(heights, uv, 0.0).r;
    gl_Position = vec4(position + vec3(0.0, height, 0.0), 1.0);
}
";

#[test]
fn a_vertex_texture_after_five_other_handles() {
    for (input, indexed) in rewrite_both_ways(Stage::Vertex, VERTEX_TEXTURE, 5) {
        assert_eq!(indexed.slots, [1]);
        let (_, index) = parse(&indexed.spirv_words);
        assert_eq!(push_length(&index), 6);
        assert_bindless_layout(&indexed.spirv_words, &["heights"], &["bindless_images_2d"]);
        for load in texture_loads(&input, "heights") {
            assert_eq!(push_element_of(&indexed.spirv_words, load), Some(5));
        }
    }
}

const APART: &str = "#version 450
layout(binding = 17) uniform sampler2D late;
layout(binding = 3) uniform sampler2D early;
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 colour;
void main() {
    colour = texture(late, uv) * texture(early, uv);
}
";

#[test]
fn slots_apart_take_consecutive_elements_in_slot_order() {
    for (input, indexed) in rewrite_both_ways(Stage::Fragment, APART, 0) {
        assert_eq!(indexed.slots, [3, 17]);
        let (_, index) = parse(&indexed.spirv_words);
        assert_eq!(push_length(&index), 2);
        for (name, element) in [("early", 0), ("late", 1)] {
            for load in texture_loads(&input, name) {
                assert_eq!(
                    push_element_of(&indexed.spirv_words, load),
                    Some(element),
                    "{name}"
                );
            }
        }
    }
}

#[test]
fn a_texture_passed_to_a_function_is_taken_once_inlined() {
    let text = "#version 450
layout(binding = 4) uniform sampler2D detail;
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 colour;
vec4 sample_twice(sampler2D source) {
    return texture(source, uv) + texture(source, uv * 2.0);
}
void main() {
    colour = sample_twice(detail);
}
";
    let unoptimised = translate(Stage::Fragment, text, false);
    assert_eq!(
        index_textures(&unoptimised, Stage::Fragment, 0),
        Err(IndexError::UnsupportedUse {
            name: "detail".into(),
            slot: 4,
            opcode: op::FUNCTION_CALL
        })
    );
    let optimised = translate(Stage::Fragment, text, true);
    let indexed = index_textures(&optimised, Stage::Fragment, 0).unwrap();
    assert_valid(&indexed.spirv_words);
    assert_eq!(indexed.slots, [4]);
}

#[test]
fn a_module_without_textures_is_unchanged() {
    let text = "#version 450
layout(std140, binding = 0) uniform Tint { vec4 tint; } tint;
layout(location = 0) out vec4 colour;
void main() {
    colour = tint.tint;
}
";
    for optimise in [false, true] {
        let words = translate(Stage::Fragment, text, optimise);
        let indexed = index_textures(&words, Stage::Fragment, 7).unwrap();
        assert_eq!(indexed.spirv_words, words);
        assert!(indexed.slots.is_empty());
    }
}

#[test]
fn too_many_handles() {
    let words = translate(Stage::Fragment, TEXTURE_ARRAY, false);
    assert_eq!(
        index_textures(&words, Stage::Fragment, 30),
        Err(IndexError::TooManyHandles {
            first_handle: 30,
            slot_count: 3
        })
    );
    let error = index_textures(&words, Stage::Fragment, u32::MAX).unwrap_err();
    assert!(error.to_string().contains("more than the 32"), "{error}");
    assert!(index_textures(&words, Stage::Fragment, 29).is_ok());
}

#[test]
fn a_module_with_push_constants_is_refused() {
    let text = "#version 450
layout(binding = 0) uniform sampler2D albedo;
layout(push_constant) uniform Draw { vec4 tint; } draw;
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 colour;
void main() {
    colour = texture(albedo, uv) * draw.tint;
}
";
    let words = translate(Stage::Fragment, text, false);
    assert_eq!(
        index_textures(&words, Stage::Fragment, 0),
        Err(IndexError::PushConstantsInUse {
            name: "draw".into()
        })
    );
}

#[test]
fn a_texture_for_another_stage_is_refused() {
    let words = translate(Stage::Fragment, ONE_TEXTURE, false);
    let error = index_textures(&words, Stage::Vertex, 0).unwrap_err();
    assert_eq!(
        error,
        IndexError::OutsideStage {
            name: "albedo".into(),
            binding: 4 * 32 + 3,
            count: 1,
            stage: Stage::Vertex
        }
    );
    assert!(error.to_string().contains("'albedo'"), "{error}");
}

#[test]
fn an_array_of_arrays_is_refused() {
    let text = "#version 450
layout(binding = 0) uniform sampler2D grid[2][2];
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 colour;
void main() {
    colour = texture(grid[1][0], uv);
}
";
    // Vulkan forbids arrays of arrays of resources, so the translator refuses them; this
    // module is glslang's, moved to the host layout but never validated.
    let glslang = crate::front::glslang::Glslang::new().unwrap();
    let mut module =
        Module::parse(&glslang.compile("grid.frag", Stage::Fragment, text).unwrap()).unwrap();
    crate::remap::remap_to_host(&mut module, Stage::Fragment).unwrap();
    assert_eq!(
        index_textures(&module.to_words(), Stage::Fragment, 0),
        Err(IndexError::NestedArray {
            name: "grid".into(),
            slot: 0
        })
    );
}

/// Where the instruction `OpLoad` of result `load` is in `module`.
fn load_position(module: &Module, load: u32) -> usize {
    module
        .instructions
        .iter()
        .position(|instruction| instruction.opcode == op::LOAD && instruction.operands[1] == load)
        .unwrap()
}

/// `module` with `instruction` put right after the first function's first label.
fn insert_at_entry(module: &mut Module, instruction: Instruction) {
    let label = module
        .instructions
        .iter()
        .position(|instruction| instruction.opcode == op::LABEL)
        .unwrap();
    module.instructions.insert(label + 1, instruction);
}

fn variable_named(index: &ModuleIndex, name: &str) -> (u32, u32) {
    let variable = index
        .variables
        .iter()
        .find(|variable| index.name(variable.id) == Some(name))
        .unwrap();
    (variable.id, variable.pointer_type)
}

#[test]
fn a_copied_texture_pointer_is_refused() {
    let words = translate(Stage::Fragment, ONE_TEXTURE, false);
    let (mut module, index) = parse(&words);
    let (albedo, pointer_type) = variable_named(&index, "albedo");
    let copy = module.header[3];
    module.header[3] += 1;
    insert_at_entry(
        &mut module,
        Instruction {
            opcode: op::COPY_OBJECT,
            operands: vec![pointer_type, copy, albedo],
        },
    );
    let words = module.to_words();
    assert_valid(&words);
    let error = index_textures(&words, Stage::Fragment, 0).unwrap_err();
    assert_eq!(
        error,
        IndexError::UnsupportedUse {
            name: "albedo".into(),
            slot: 3,
            opcode: op::COPY_OBJECT
        }
    );
    assert!(error.to_string().contains("OpCopyObject"), "{error}");
}

#[test]
fn a_loaded_texture_copied_before_sampling_is_refused() {
    let words = translate(Stage::Fragment, ONE_TEXTURE, false);
    let (mut module, _) = parse(&words);
    // `%copy = OpCopyObject %SI %loaded` right after the load: valid for a loaded sampled
    // image, not for the OpSampledImage the rewrite would put in its place.
    let load = texture_loads(&words, "albedo")[0];
    let at = load_position(&module, load);
    let result_type = module.instructions[at].operands[0];
    let copy = module.header[3];
    module.header[3] += 1;
    module.instructions.insert(
        at + 1,
        Instruction {
            opcode: op::COPY_OBJECT,
            operands: vec![result_type, copy, load],
        },
    );
    let words = module.to_words();
    assert_valid(&words);
    assert_eq!(
        index_textures(&words, Stage::Fragment, 0),
        Err(IndexError::UnsupportedUse {
            name: "albedo".into(),
            slot: 3,
            opcode: op::COPY_OBJECT
        })
    );
}

#[test]
fn a_texture_loaded_in_one_block_and_sampled_in_another_is_refused() {
    let text = "#version 450
layout(binding = 1) uniform sampler2D albedo;
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 colour;
void main() {
    colour = vec4(0.0);
    if (uv.x > 0.5) {
        colour = texture(albedo, uv);
    }
}
";
    let words = translate(Stage::Fragment, text, false);
    let (mut module, _) = parse(&words);
    // Move the load into the entry block: valid SPIR-V, but no place for OpSampledImage.
    let load = texture_loads(&words, "albedo")[0];
    let at = load_position(&module, load);
    let instruction = module.instructions.remove(at);
    insert_at_entry(&mut module, instruction);
    let words = module.to_words();
    assert_valid(&words);
    assert_eq!(
        index_textures(&words, Stage::Fragment, 0),
        Err(IndexError::UsedOutsideBlock {
            name: "albedo".into(),
            slot: 1
        })
    );
}

#[test]
fn a_constant_index_past_the_array_is_refused() {
    let words = translate(Stage::Fragment, TEXTURE_ARRAY, false);
    let (mut module, index) = parse(&words);
    let (layers, _) = variable_named(&index, "layers");
    let chain_index = module
        .instructions
        .iter()
        .find(|instruction| {
            instruction.opcode == op::ACCESS_CHAIN && instruction.operands[2] == layers
        })
        .map(|instruction| instruction.operands[3])
        .unwrap();
    for instruction in &mut module.instructions {
        if instruction.opcode == op::CONSTANT && instruction.operands[1] == chain_index {
            instruction.operands[2] = u32::MAX;
        }
    }
    assert_eq!(
        index_textures(&module.to_words(), Stage::Fragment, 0),
        Err(IndexError::ConstantIndexOutOfRange {
            name: "layers".into(),
            slot: 2,
            index: -1,
            count: 3
        })
    );
}

#[test]
fn a_non_uniform_index_is_refused() {
    let text = "#version 450
#extension GL_EXT_nonuniform_qualifier : require
layout(binding = 0) uniform sampler2D layers[4];
layout(location = 0) flat in int layer;
layout(location = 1) in vec2 uv;
layout(location = 0) out vec4 colour;
void main() {
    colour = texture(layers[nonuniformEXT(layer)], uv);
}
";
    let words = translate(Stage::Fragment, text, false);
    assert_eq!(
        index_textures(&words, Stage::Fragment, 0),
        Err(IndexError::NonUniformIndex {
            name: "layers".into(),
            slot: 0
        })
    );
}

#[test]
fn malformed_words_are_an_error() {
    assert_eq!(
        index_textures(&[1, 2, 3], Stage::Fragment, 0),
        Err(IndexError::Malformed(ParseError::NoHeader))
    );
}

const RARER_KINDS: &str = "#version 450
layout(binding = 0) uniform sampler2DMS msaa;
layout(binding = 2) uniform samplerCubeArray cubes;
layout(binding = 3) uniform sampler1D line;
layout(location = 0) out vec4 colour;
void main() {
    colour = texelFetch(msaa, ivec2(1, 2), 3) + texture(cubes, vec4(1.0)) + texture(line, 0.5);
}
";

#[test]
fn multisampled_cube_array_and_1d_textures() {
    for (_, indexed) in rewrite_both_ways(Stage::Fragment, RARER_KINDS, 0) {
        assert_eq!(indexed.slots, [0, 2, 3]);
        assert_bindless_layout(
            &indexed.spirv_words,
            &["msaa", "cubes", "line"],
            &[
                "bindless_images_2d_ms",
                "bindless_images_cube_array",
                "bindless_images_1d",
            ],
        );
    }
}

#[test]
fn a_texel_buffer_is_refused() {
    let text = RARER_KINDS.replace(
        "uniform sampler2DMS msaa;",
        "uniform sampler2DMS msaa;\nlayout(binding = 1) uniform samplerBuffer texels;",
    );
    let words = translate(Stage::Fragment, &text, false);
    assert_eq!(
        index_textures(&words, Stage::Fragment, 0),
        Err(IndexError::TexelBuffer {
            name: "texels".into(),
            slot: 1
        })
    );
}
