//! The pass on glslang's modules: each translates and validates (the translator runs the
//! validator before and after the optimiser), reads the pool table, and keeps no access
//! through a pointer that did not come from the table's lookup.

use rspirv::dr::Operand;
use rspirv::spirv::Op;

use crate::{CacheLocation, ShaderCode, ShaderSource, Stage, TranslateOptions, Translator};

fn translated(stage: Stage, text: &str, optimise: bool) -> Vec<u32> {
    let translator = Translator::new(TranslateOptions {
        optimise,
        cache: CacheLocation::Off,
        strict_portability: false,
    })
    .expect("the translator starts");
    let source = ShaderSource {
        name: "references.glsl".into(),
        stage,
        code: ShaderCode::Glsl(text.into()),
    };
    match translator.translate(&source) {
        Ok(shader) => shader.spirv,
        Err(error) => panic!("{error}\n{text}"),
    }
}

/// Every load, store and atomic through a physical pointer takes a pointer made by
/// `OpConvertUToPtr` in the block it is in (the lookup's hit block), unoptimised.
fn every_access_is_looked_up(words: &[u32]) {
    let module = rspirv::dr::load_words(words).expect("parses");
    for function in &module.functions {
        for block in &function.blocks {
            let made: Vec<u32> = block
                .instructions
                .iter()
                .filter(|i| i.class.opcode == Op::ConvertUToPtr)
                .filter_map(|i| i.result_id)
                .collect();
            for inst in &block.instructions {
                let dereferences = matches!(
                    inst.class.opcode,
                    Op::Load | Op::Store | Op::AtomicIAdd | Op::AtomicUMax | Op::AtomicExchange
                );
                let Some(Operand::IdRef(pointer)) = inst.operands.first() else {
                    continue;
                };
                let physical = function
                    .blocks
                    .iter()
                    .flat_map(|b| &b.instructions)
                    .any(|d| {
                        d.result_id == Some(*pointer)
                            && matches!(
                                d.class.opcode,
                                Op::ConvertUToPtr
                                    | Op::AccessChain
                                    | Op::Bitcast
                                    | Op::Load
                                    | Op::Phi
                            )
                            && d.result_type.is_some_and(|ty| {
                                module.types_global_values.iter().any(|t| {
                                    t.result_id == Some(ty)
                                        && t.operands.first()
                                            == Some(&Operand::StorageClass(
                                                rspirv::spirv::StorageClass::PhysicalStorageBuffer,
                                            ))
                                })
                            })
                    });
                if dereferences && physical {
                    assert!(made.contains(pointer), "{inst:?} not looked up");
                }
            }
        }
    }
}

const COMPUTE: &str = "#version 460
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_buffer_reference_uvec2 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
layout(local_size_x = 8) in;
layout(buffer_reference, std430, buffer_reference_align = 4) buffer Words { uint w[]; };
layout(buffer_reference, std430, buffer_reference_align = 16) buffer Blob {
    mat3 m; vec4 v[2]; Words next; };
layout(std140, binding = 0) uniform U { Words src; uint64_t dst; uvec2 blob; };
uint total(Words p, uint n) {
    uint sum = 0;
    for (uint i = 0; p.w[i] != 0u && i < n; i++) { sum += p.w[i]; }
    return sum;
}
void main() {
    uint i = gl_GlobalInvocationID.x;
    Words out_words = Words(dst + 4ul * i);
    Blob b = Blob(blob);
    out_words.w[0] = src.w[i] + total(b.next, 4u) + uint(b.m[1].y + b.v[1].x);
    atomicAdd(Words(dst).w[64], 1u);
    atomicMax(b.next.w[i], i);
    b.next = Words(uint64_t(b.next) + 4ul);
    Blob copy = b;
    copy.v[0] = b.v[1];
}
";

#[test]
fn a_compute_program_translates_with_every_access_looked_up() {
    every_access_is_looked_up(&translated(Stage::Compute, COMPUTE, false));
    let optimised = translated(Stage::Compute, COMPUTE, true);
    assert!(crate::uses_pool_table(&optimised).unwrap());
}

#[test]
fn a_fragment_program_translates() {
    let text = "#version 460
#extension GL_EXT_buffer_reference : require
layout(buffer_reference, std430, buffer_reference_align = 16) buffer Colours { vec4 c[]; };
layout(push_constant) uniform P { Colours colours; };
layout(location = 0) flat in uint index;
layout(location = 0) out vec4 colour;
void main() { colour = colours.c[index]; colours.c[index + 1u] = colour; }
";
    for optimise in [false, true] {
        let words = translated(Stage::Fragment, text, optimise);
        assert!(crate::uses_pool_table(&words).unwrap());
        if !optimise {
            every_access_is_looked_up(&words);
        }
    }
}

#[test]
fn a_program_without_references_has_no_pool_table() {
    let text = "#version 460
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer B { uint w[]; };
void main() { w[0] = 1u; }
";
    assert!(!crate::uses_pool_table(&translated(Stage::Compute, text, false)).unwrap());
}

/// The same programs handed over as SPIR-V that the optimiser already ran on (a game's
/// module, say): blocks merged, so loads sit in loop headers and selection headers,
/// which the pass splits. Each still translates and validates.
#[test]
fn optimised_modules_translate_too() {
    let translator = Translator::new(TranslateOptions {
        optimise: false,
        cache: CacheLocation::Off,
        strict_portability: false,
    })
    .expect("the translator starts");
    let loop_in_header = "#version 460
#extension GL_EXT_buffer_reference : require
layout(local_size_x = 1) in;
layout(buffer_reference) buffer Node;
layout(buffer_reference, std430, buffer_reference_align = 8) buffer Node { Node next; uint value; };
layout(std140, binding = 0) uniform U { Node first; };
layout(std430, binding = 0) buffer Out { uint total; };
void main() {
    uint sum = 0;
    Node n = first;
    while (n.value != 0u) { sum += n.value; n = n.next; }
    total = sum;
}
";
    for (stage, text) in [(Stage::Compute, COMPUTE), (Stage::Compute, loop_in_header)] {
        let glsl = ShaderSource {
            name: "references.glsl".into(),
            stage,
            code: ShaderCode::Glsl(text.into()),
        };
        let front = translator.front_end(&glsl).expect("glslang compiles it");
        let optimised =
            crate::optimise::optimise(&front, crate::optimise::Passes::Performance, true)
                .expect("the optimiser runs");
        if text == loop_in_header {
            // The loop's header loads the node's value: the pass splits it.
            let module = rspirv::dr::load_words(&optimised).unwrap();
            let header_loads = module
                .functions
                .iter()
                .flat_map(|f| &f.blocks)
                .any(|block| {
                    let has = |op| block.instructions.iter().any(|i| i.class.opcode == op);
                    has(Op::LoopMerge) && has(Op::Load)
                });
            assert!(header_loads, "the optimiser left no load in a loop header");
        }
        let source = ShaderSource {
            name: "references.spv".into(),
            stage,
            code: ShaderCode::Spirv(optimised),
        };
        let shader = translator
            .translate(&source)
            .unwrap_or_else(|error| panic!("{error}\n{text}"));
        assert!(crate::uses_pool_table(&shader.spirv).unwrap());
        every_access_is_looked_up(&shader.spirv);
    }
}
