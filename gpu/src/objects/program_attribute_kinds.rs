//! The kind of values each vertex attribute delivers, and what a program's vertex stage
//! makes of it. A compiled (Maxwell) vertex program reads an attribute's raw words and
//! reinterprets them itself, so it is translated per kinds mask its draws bind
//! (`shader_translate::maxwell::attribute_kinds`); a GLSL or SPIR-V program declares a
//! type per input, and one whose type is not its format's kind is refused (Vulkan leaves
//! such a read undefined; the console's GLSL compiler would not link it either).

use shader_translate::maxwell::attribute_kinds::{AttributeKind, AttributeKinds};
use shader_translate::maxwell::compiled_source::CompiledSource;
use shader_translate::maxwell::dksh::ProgramType;

use super::program::{ModuleSource, Program, Stage};
use crate::state::{ComponentKind, VertexAttribute, VertexFormat};

/// The kind of values a vertex format's components deliver to the vertex stage.
pub fn format_kind(kind: ComponentKind) -> AttributeKind {
    use ComponentKind as C;
    match kind {
        C::Uint8 | C::Uint16 | C::Uint32 | C::Uint1010102 => AttributeKind::Uint,
        C::Sint8 | C::Sint16 | C::Sint32 | C::Sint1010102 => AttributeKind::Sint,
        C::Float32
        | C::Float16
        | C::Unorm8
        | C::Snorm8
        | C::Unorm16
        | C::Snorm16
        | C::Unorm1010102
        | C::Unorm8Bgra
        | C::Ufloat111110
        | C::Snorm1010102
        | C::Sscaled1010102 => AttributeKind::Float,
    }
}

/// The kinds the bound `attributes` deliver, by location.
pub fn attribute_kinds(attributes: &[VertexAttribute]) -> AttributeKinds {
    attributes
        .iter()
        .fold(AttributeKinds::FLOAT, |kinds, attribute| {
            kinds.with(
                u32::from(attribute.location),
                format_kind(attribute.format.kind),
            )
        })
}

/// The compiled program a graphics program's vertex stage was translated from (`None`
/// for a GLSL or SPIR-V vertex stage, or one handed over translated).
pub fn compiled_vertex(program: &Program) -> Option<&CompiledSource> {
    match &program.module(Stage::Vertex)?.source {
        Some(ModuleSource::Compiled(source)) if source.kind == ProgramType::Vertex => Some(source),
        _ => None,
    }
}

/// A GLSL or SPIR-V vertex input whose declared type is not the kind its attribute's
/// format delivers.
#[derive(Debug, thiserror::Error, Clone, PartialEq, Eq)]
#[error(
    "the vertex stage declares its input at location {location} as {declared}, but the \
     attribute bound there is {format:?} ({kind:?} values): Vulkan leaves such a read \
     undefined; declare it {wanted} (or bind a {declared_kind:?} format)"
)]
pub struct AttributeTypeMismatch {
    pub location: u32,
    pub format: VertexFormat,
    pub kind: AttributeKind,
    /// The input's GLSL-like type (`uvec4`, `vec3`).
    pub declared: String,
    pub declared_kind: AttributeKind,
    /// A type of the format's kind with the input's width.
    pub wanted: String,
}

/// The kind of a reflected input type (`None`: not a 32-bit scalar or vector type, which
/// no vertex format feeds and the pipeline's own checks refuse).
pub fn declared_kind(ty: &str) -> Option<AttributeKind> {
    match ty {
        "float" | "vec2" | "vec3" | "vec4" => Some(AttributeKind::Float),
        "int" | "ivec2" | "ivec3" | "ivec4" => Some(AttributeKind::Sint),
        "uint" | "uvec2" | "uvec3" | "uvec4" => Some(AttributeKind::Uint),
        _ => None,
    }
}

/// `ty` with its scalar kind changed to `kind` (`uvec3` as float is `vec3`).
fn retyped(ty: &str, kind: AttributeKind) -> String {
    let width = ty.chars().last().filter(char::is_ascii_digit);
    match (kind, width) {
        (AttributeKind::Float, Some(n)) => format!("vec{n}"),
        (AttributeKind::Sint, Some(n)) => format!("ivec{n}"),
        (AttributeKind::Uint, Some(n)) => format!("uvec{n}"),
        (AttributeKind::Float, None) => "float".into(),
        (AttributeKind::Sint, None) => "int".into(),
        (AttributeKind::Uint, None) => "uint".into(),
    }
}

/// Refuses a vertex stage made from GLSL or SPIR-V whose inputs (`inputs`: each
/// location and reflected type) disagree in kind with the `attributes` bound to them.
/// A compiled vertex program is never refused: it is translated for the kinds.
pub fn check_declared_types<'a>(
    inputs: impl IntoIterator<Item = (u32, &'a str)>,
    attributes: &[VertexAttribute],
) -> Result<(), AttributeTypeMismatch> {
    for (location, ty) in inputs {
        let Some(declared_kind) = declared_kind(ty) else {
            continue;
        };
        let Some(attribute) = attributes
            .iter()
            .find(|attribute| u32::from(attribute.location) == location)
        else {
            continue;
        };
        let kind = format_kind(attribute.format.kind);
        if kind != declared_kind {
            return Err(AttributeTypeMismatch {
                location,
                format: attribute.format,
                kind,
                declared: ty.to_owned(),
                declared_kind,
                wanted: retyped(ty, kind),
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attribute(location: u8, kind: ComponentKind) -> VertexAttribute {
        VertexAttribute {
            location,
            stream: 0,
            format: VertexFormat {
                kind,
                components: 4,
            },
            offset_b: 0,
        }
    }

    #[test]
    fn kinds_follow_the_formats_at_their_locations() {
        let kinds = attribute_kinds(&[
            attribute(0, ComponentKind::Float32),
            attribute(3, ComponentKind::Uint8),
            attribute(4, ComponentKind::Sint16),
            attribute(5, ComponentKind::Unorm8),
        ]);
        assert_eq!(kinds.get(3), AttributeKind::Uint);
        assert_eq!(kinds.get(4), AttributeKind::Sint);
        assert_eq!(kinds.get(5), AttributeKind::Float);
        assert_eq!(kinds.get(0), AttributeKind::Float);
    }

    #[test]
    fn a_declared_type_of_another_kind_is_refused_naming_both() {
        let attributes = [attribute(3, ComponentKind::Uint16)];
        assert!(check_declared_types([(3, "uvec4"), (0, "vec3")], &attributes).is_ok());
        let error = check_declared_types([(3, "vec4")], &attributes).unwrap_err();
        assert_eq!(error.location, 3);
        assert_eq!(error.wanted, "uvec4");
        let text = error.to_string();
        assert!(
            text.contains("location 3") && text.contains("Uint16"),
            "{text}"
        );
    }
}
