//! Shaders that must not translate report `FILE:LINE:COLUMN: message` at the right place.

mod common;

use shader_translate::{ResourceKind, SourcePos, Stage, TranslateError};

fn first_diagnostic(error: &TranslateError) -> (SourcePos, String) {
    let diagnostics = error.diagnostics();
    let first = diagnostics
        .first()
        .unwrap_or_else(|| panic!("no diagnostic in {error:?}"));
    (first.pos.expect("a position"), first.to_string())
}

fn compile_error(stage: Stage, text: &str) -> TranslateError {
    common::translator(false)
        .translate(&common::glsl("bad.glsl", stage, text))
        .expect_err("the shader is bad")
}

#[test]
fn syntax_error() {
    let text = "#version 450\n\
                layout(location = 0) out vec4 colour;\n\
                void main() {\n\
                \x20   colour = vec4((1.0, 0.5, 0.25, 1.0);\n\
                }\n";
    let error = compile_error(Stage::Fragment, text);
    assert!(matches!(error, TranslateError::Compile(_)), "{error:?}");
    let (pos, line) = first_diagnostic(&error);
    // glslang stops at the `;` where a `)` was expected.
    assert_eq!(
        pos,
        SourcePos {
            line: 4,
            column: 40
        },
        "{line}"
    );
    assert!(line.starts_with("bad.glsl:4:40: "), "{line}");
    assert!(line.contains("syntax error"), "{line}");
}

#[test]
fn unknown_identifier() {
    let text = "#version 450\n\
                layout(location = 0) out vec4 colour;\n\
                \n\
                void main() {\n\
                \x20   float scale = 2.0;\n\
                \x20   colour = vec4(brightness * scale);\n\
                }\n";
    let error = compile_error(Stage::Fragment, text);
    let (pos, line) = first_diagnostic(&error);
    assert_eq!(
        pos,
        SourcePos {
            line: 6,
            column: 19
        },
        "{line}"
    );
    assert_eq!(line, "bad.glsl:6:19: 'brightness' : undeclared identifier");
}

#[test]
fn type_error() {
    let text = "#version 450\n\
                layout(location = 0) out vec4 colour;\n\
                void main() {\n\
                \x20   vec3 rgb = vec3(1.0);\n\
                \x20   colour = rgb;\n\
                }\n";
    let error = compile_error(Stage::Fragment, text);
    let (pos, line) = first_diagnostic(&error);
    assert_eq!(
        pos,
        SourcePos {
            line: 5,
            column: 12
        },
        "{line}"
    );
    assert!(line.contains("cannot convert"), "{line}");
}

#[test]
fn bindings_outside_nvn_ranges() {
    let cases = [
        (
            Stage::Fragment,
            "layout(binding = 32) uniform sampler2D extra;",
            "void main() { colour = texture(extra, vec2(0.5)); }",
            ResourceKind::Texture,
            32,
        ),
        (
            Stage::Fragment,
            "layout(std140, binding = 16) uniform Tint { vec4 tint; };",
            "void main() { colour = tint; }",
            ResourceKind::UniformBuffer,
            16,
        ),
        (
            Stage::Fragment,
            "layout(std430, binding = 16) buffer Data { vec4 values[]; };",
            "void main() { colour = values[0]; }",
            ResourceKind::StorageBuffer,
            16,
        ),
        (
            Stage::Fragment,
            "layout(binding = 8, rgba8) uniform readonly image2D picture;",
            "void main() { colour = imageLoad(picture, ivec2(0)); }",
            ResourceKind::Image,
            8,
        ),
    ];
    for (stage, declaration, body, kind, slot) in cases {
        let text = format!(
            "#version 450\nlayout(location = 0) out vec4 colour;\n\n{declaration}\n{body}\n"
        );
        let error = compile_error(stage, &text);
        let TranslateError::BindingOutOfRange {
            diagnostic,
            kind: error_kind,
            slot: error_slot,
        } = &error
        else {
            panic!("{declaration}: {error:?}");
        };
        assert_eq!((*error_kind, *error_slot), (kind, slot));
        let column = declaration.find(&format!("= {slot}")).unwrap() as u32 + 3;
        assert_eq!(
            diagnostic.pos,
            Some(SourcePos { line: 4, column }),
            "{diagnostic}"
        );
        let last = kind.slots_per_stage() - 1;
        assert!(
            diagnostic
                .message
                .contains(&format!("slot {slot}, outside NVN's"))
                && diagnostic.message.contains(&format!("0-{last}")),
            "{diagnostic}"
        );
    }
}

#[test]
fn texture_array_running_past_slot_31() {
    let text = "#version 450\n\
                layout(location = 0) out vec4 colour;\n\
                layout(binding = 30) uniform sampler2D layers[4];\n\
                void main() { colour = texture(layers[3], vec2(0.5)); }\n";
    let error = compile_error(Stage::Fragment, text);
    let (pos, line) = first_diagnostic(&error);
    assert_eq!(
        pos,
        SourcePos {
            line: 3,
            column: 18
        }
    );
    assert!(line.contains("slots 30-33"), "{line}");
}

#[test]
fn kernel_errors_carry_naga_positions() {
    let text = "#version 450\n\
                layout(local_size_x = 64) in;\n\
                layout(std430, binding = 0) buffer Data { uint words[]; };\n\
                void main() {\n\
                \x20   words[0] = missing_word;\n\
                }\n";
    let error = common::translator(false)
        .build_kernel("kernel.comp", text)
        .expect_err("unknown identifier");
    let (pos, line) = first_diagnostic(&error);
    assert_eq!(
        pos,
        SourcePos {
            line: 5,
            column: 16
        },
        "{line}"
    );
    assert!(line.starts_with("kernel.comp:5:16: "), "{line}");
}

/// Inputs past a bound of `shader_translate::limits` are refused before a front end runs,
/// naming the bound (a NUL byte panicked inside shaderc; deep nesting overflowed naga's
/// stack; a doubling macro grew without end).
#[test]
fn hostile_sources_are_refused_with_the_bound_they_break() {
    let translator = common::translator(false);
    let refused = |source: shader_translate::ShaderSource| match translator.translate(&source) {
        Err(TranslateError::TooCostly(diagnostic)) => diagnostic.to_string(),
        other => panic!("not refused: {other:?}"),
    };
    let nul = "#version 450\nlayout(location = 0) out vec4 c;\nvoid main() { c = vec4(1)\0; }\n";
    assert_eq!(
        refused(common::glsl("nul.frag", Stage::Fragment, nul)),
        "nul.frag:3:26: a NUL byte in the source"
    );
    let deep = format!(
        "#version 450\nlayout(local_size_x = 1) in;\nvoid main() {}{}\n",
        "{".repeat(10_000),
        "}".repeat(10_000)
    );
    let kernel = shader_translate::ShaderSource {
        name: "deep.comp".into(),
        stage: Stage::Compute,
        code: shader_translate::ShaderCode::KernelGlsl(deep),
    };
    assert!(refused(kernel).contains("nest deeper"));
    let mut doubling = String::from("#version 450\n#define A0 1.0\n");
    for level in 1..64 {
        doubling.push_str(&format!(
            "#define A{level} (A{} + A{})\n",
            level - 1,
            level - 1
        ));
    }
    doubling.push_str("layout(location = 0) out vec4 c;\nvoid main() { c = vec4(A63); }\n");
    assert!(refused(common::glsl("dbl.frag", Stage::Fragment, &doubling)).contains("macro `A"));
    let huge = format!(
        "#version 450\nvoid main() {{}}\n{}",
        "// padding\n".repeat(500_000)
    );
    assert!(refused(common::glsl("big.frag", Stage::Fragment, &huge)).contains("bytes, more than"));
}

/// A SPIR-V module that copies memory through a physical storage buffer pointer
/// (`OpCopyMemory`: the pass looks up loads, stores and atomics, not copies) is refused,
/// naming the instruction.
#[test]
fn a_memory_copy_through_a_buffer_reference_is_refused_by_name() {
    use rspirv::binary::Assemble;
    use rspirv::spirv;
    let mut b = rspirv::dr::Builder::new();
    b.set_version(1, 3);
    b.capability(spirv::Capability::Shader);
    b.capability(spirv::Capability::Int64);
    b.capability(spirv::Capability::PhysicalStorageBufferAddresses);
    b.extension("SPV_KHR_physical_storage_buffer");
    b.memory_model(
        spirv::AddressingModel::PhysicalStorageBuffer64,
        spirv::MemoryModel::GLSL450,
    );
    let void = b.type_void();
    let u32_ty = b.type_int(32, 0);
    let u64_ty = b.type_int(64, 0);
    let pointer = b.type_pointer(None, spirv::StorageClass::PhysicalStorageBuffer, u32_ty);
    let (from, to) = (
        b.constant_bit64(u64_ty, 0x1_0000_0000),
        b.constant_bit64(u64_ty, 0x1_0000_0010),
    );
    let fn_ty = b.type_function(void, []);
    let main = b
        .begin_function(void, None, spirv::FunctionControl::NONE, fn_ty)
        .unwrap();
    b.begin_block(None).unwrap();
    let from = b.convert_u_to_ptr(pointer, None, from).unwrap();
    let to = b.convert_u_to_ptr(pointer, None, to).unwrap();
    let aligned = [rspirv::dr::Operand::LiteralBit32(4)];
    b.copy_memory(to, from, Some(spirv::MemoryAccess::ALIGNED), None, aligned)
        .unwrap();
    b.ret().unwrap();
    b.end_function().unwrap();
    b.entry_point(spirv::ExecutionModel::GLCompute, main, "main", []);
    b.execution_mode(main, spirv::ExecutionMode::LocalSize, [1, 1, 1]);
    let words = b.module().assemble();
    let error = common::translator(false)
        .translate(&shader_translate::ShaderSource {
            name: "pointers.spv".into(),
            stage: Stage::Compute,
            code: shader_translate::ShaderCode::Spirv(words),
        })
        .expect_err("a memory copy through a buffer reference is refused");
    let message = error.to_string();
    assert!(matches!(error, TranslateError::Unsupported(_)), "{error:?}");
    assert!(
        message.contains("CopyMemory") && message.contains("through a buffer reference"),
        "{message}"
    );
}
