//! Pure translations of NVN's fixed-function enums to Vulkan's. `None` where Vulkan (or
//! this executor, for now) has no direct form.

use ash::vk;
use gpu::command::ClearValue;
use gpu::state::{
    BlendFactor, BlendOp, CompareOp, ComponentKind, CullMode, FrontFace, IndexType, LogicOp,
    PolygonMode, PrimitiveKind, StencilFace, StencilOp, VertexFormat,
};

pub fn blend_factor(factor: BlendFactor) -> vk::BlendFactor {
    use vk::BlendFactor as V;
    use BlendFactor as F;
    match factor {
        F::Zero => V::ZERO,
        F::One => V::ONE,
        F::SrcColor => V::SRC_COLOR,
        F::OneMinusSrcColor => V::ONE_MINUS_SRC_COLOR,
        F::SrcAlpha => V::SRC_ALPHA,
        F::OneMinusSrcAlpha => V::ONE_MINUS_SRC_ALPHA,
        F::DstAlpha => V::DST_ALPHA,
        F::OneMinusDstAlpha => V::ONE_MINUS_DST_ALPHA,
        F::DstColor => V::DST_COLOR,
        F::OneMinusDstColor => V::ONE_MINUS_DST_COLOR,
        F::SrcAlphaSaturate => V::SRC_ALPHA_SATURATE,
        F::ConstantColor => V::CONSTANT_COLOR,
        F::OneMinusConstantColor => V::ONE_MINUS_CONSTANT_COLOR,
        F::ConstantAlpha => V::CONSTANT_ALPHA,
        F::OneMinusConstantAlpha => V::ONE_MINUS_CONSTANT_ALPHA,
        F::Src1Color => V::SRC1_COLOR,
        F::OneMinusSrc1Color => V::ONE_MINUS_SRC1_COLOR,
        F::Src1Alpha => V::SRC1_ALPHA,
        F::OneMinusSrc1Alpha => V::ONE_MINUS_SRC1_ALPHA,
    }
}

pub fn blend_op(op: BlendOp) -> vk::BlendOp {
    match op {
        BlendOp::Add => vk::BlendOp::ADD,
        BlendOp::Subtract => vk::BlendOp::SUBTRACT,
        BlendOp::ReverseSubtract => vk::BlendOp::REVERSE_SUBTRACT,
        BlendOp::Min => vk::BlendOp::MIN,
        BlendOp::Max => vk::BlendOp::MAX,
    }
}

pub fn logic_op(op: LogicOp) -> vk::LogicOp {
    use vk::LogicOp as V;
    use LogicOp as L;
    match op {
        L::Clear => V::CLEAR,
        L::And => V::AND,
        L::AndReverse => V::AND_REVERSE,
        L::Copy => V::COPY,
        L::AndInverted => V::AND_INVERTED,
        L::Noop => V::NO_OP,
        L::Xor => V::XOR,
        L::Or => V::OR,
        L::Nor => V::NOR,
        L::Equiv => V::EQUIVALENT,
        L::Invert => V::INVERT,
        L::OrReverse => V::OR_REVERSE,
        L::CopyInverted => V::COPY_INVERTED,
        L::OrInverted => V::OR_INVERTED,
        L::Nand => V::NAND,
        L::Set => V::SET,
    }
}

/// The alpha test's compare, for the fragment stage's rewrite.
pub fn alpha_compare(op: CompareOp) -> shader_translate::AlphaCompare {
    use shader_translate::AlphaCompare;
    match op {
        CompareOp::Never => AlphaCompare::Never,
        CompareOp::Less => AlphaCompare::Less,
        CompareOp::Equal => AlphaCompare::Equal,
        CompareOp::LessEqual => AlphaCompare::LessEqual,
        CompareOp::Greater => AlphaCompare::Greater,
        CompareOp::NotEqual => AlphaCompare::NotEqual,
        CompareOp::GreaterEqual => AlphaCompare::GreaterEqual,
        CompareOp::Always => AlphaCompare::Always,
    }
}

pub fn compare_op(op: CompareOp) -> vk::CompareOp {
    match op {
        CompareOp::Never => vk::CompareOp::NEVER,
        CompareOp::Less => vk::CompareOp::LESS,
        CompareOp::Equal => vk::CompareOp::EQUAL,
        CompareOp::LessEqual => vk::CompareOp::LESS_OR_EQUAL,
        CompareOp::Greater => vk::CompareOp::GREATER,
        CompareOp::NotEqual => vk::CompareOp::NOT_EQUAL,
        CompareOp::GreaterEqual => vk::CompareOp::GREATER_OR_EQUAL,
        CompareOp::Always => vk::CompareOp::ALWAYS,
    }
}

pub fn stencil_op(op: StencilOp) -> vk::StencilOp {
    match op {
        StencilOp::Keep => vk::StencilOp::KEEP,
        StencilOp::Zero => vk::StencilOp::ZERO,
        StencilOp::Replace => vk::StencilOp::REPLACE,
        StencilOp::IncrementClamp => vk::StencilOp::INCREMENT_AND_CLAMP,
        StencilOp::DecrementClamp => vk::StencilOp::DECREMENT_AND_CLAMP,
        StencilOp::Invert => vk::StencilOp::INVERT,
        StencilOp::IncrementWrap => vk::StencilOp::INCREMENT_AND_WRAP,
        StencilOp::DecrementWrap => vk::StencilOp::DECREMENT_AND_WRAP,
    }
}

pub fn stencil_face(face: &StencilFace) -> vk::StencilOpState {
    vk::StencilOpState {
        fail_op: stencil_op(face.fail),
        pass_op: stencil_op(face.pass),
        depth_fail_op: stencil_op(face.depth_fail),
        compare_op: compare_op(face.compare),
        compare_mask: u32::from(face.read_mask),
        write_mask: u32::from(face.write_mask),
        reference: u32::from(face.reference),
    }
}

pub fn cull_mode(cull: CullMode) -> vk::CullModeFlags {
    match cull {
        CullMode::None => vk::CullModeFlags::NONE,
        CullMode::Front => vk::CullModeFlags::FRONT,
        CullMode::Back => vk::CullModeFlags::BACK,
        CullMode::FrontAndBack => vk::CullModeFlags::FRONT_AND_BACK,
    }
}

pub fn front_face(face: FrontFace) -> vk::FrontFace {
    match face {
        FrontFace::Ccw => vk::FrontFace::COUNTER_CLOCKWISE,
        FrontFace::Cw => vk::FrontFace::CLOCKWISE,
    }
}

pub fn polygon_mode(mode: PolygonMode) -> vk::PolygonMode {
    match mode {
        PolygonMode::Fill => vk::PolygonMode::FILL,
        PolygonMode::Line => vk::PolygonMode::LINE,
        PolygonMode::Point => vk::PolygonMode::POINT,
    }
}

/// The topology a primitive kind draws with; `None` for kinds that need an index
/// conversion first (quads, quad strips, polygons, line loops).
pub fn topology(kind: PrimitiveKind) -> Option<vk::PrimitiveTopology> {
    use vk::PrimitiveTopology as T;
    use PrimitiveKind as P;
    Some(match kind {
        P::Points => T::POINT_LIST,
        P::Lines => T::LINE_LIST,
        P::LineStrip => T::LINE_STRIP,
        P::Triangles => T::TRIANGLE_LIST,
        P::TriangleStrip => T::TRIANGLE_STRIP,
        P::TriangleFan => T::TRIANGLE_FAN,
        P::LinesAdjacency => T::LINE_LIST_WITH_ADJACENCY,
        P::LineStripAdjacency => T::LINE_STRIP_WITH_ADJACENCY,
        P::TrianglesAdjacency => T::TRIANGLE_LIST_WITH_ADJACENCY,
        P::TriangleStripAdjacency => T::TRIANGLE_STRIP_WITH_ADJACENCY,
        P::Patches => T::PATCH_LIST,
        P::LineLoop | P::Quads | P::QuadStrip | P::Polygon => return None,
    })
}

/// `None` for 8-bit indices where the device lacks `VK_EXT_index_type_uint8` (`uint8`).
pub fn index_type(index: IndexType, uint8: bool) -> Option<vk::IndexType> {
    match index {
        IndexType::U8 if uint8 => Some(vk::IndexType::UINT8_EXT),
        IndexType::U8 => None,
        IndexType::U16 => Some(vk::IndexType::UINT16),
        IndexType::U32 => Some(vk::IndexType::UINT32),
    }
}

pub fn vertex_format(format: VertexFormat) -> Option<vk::Format> {
    use vk::Format as V;
    use ComponentKind as K;
    let by_count = |formats: [V; 4]| formats.get(usize::from(format.components) - 1).copied();
    if !format.is_valid() {
        return None;
    }
    match format.kind {
        K::Float32 => by_count([
            V::R32_SFLOAT,
            V::R32G32_SFLOAT,
            V::R32G32B32_SFLOAT,
            V::R32G32B32A32_SFLOAT,
        ]),
        K::Float16 => by_count([
            V::R16_SFLOAT,
            V::R16G16_SFLOAT,
            V::R16G16B16_SFLOAT,
            V::R16G16B16A16_SFLOAT,
        ]),
        K::Unorm8 => by_count([
            V::R8_UNORM,
            V::R8G8_UNORM,
            V::R8G8B8_UNORM,
            V::R8G8B8A8_UNORM,
        ]),
        K::Snorm8 => by_count([
            V::R8_SNORM,
            V::R8G8_SNORM,
            V::R8G8B8_SNORM,
            V::R8G8B8A8_SNORM,
        ]),
        K::Uint8 => by_count([V::R8_UINT, V::R8G8_UINT, V::R8G8B8_UINT, V::R8G8B8A8_UINT]),
        K::Sint8 => by_count([V::R8_SINT, V::R8G8_SINT, V::R8G8B8_SINT, V::R8G8B8A8_SINT]),
        K::Unorm16 => by_count([
            V::R16_UNORM,
            V::R16G16_UNORM,
            V::R16G16B16_UNORM,
            V::R16G16B16A16_UNORM,
        ]),
        K::Snorm16 => by_count([
            V::R16_SNORM,
            V::R16G16_SNORM,
            V::R16G16B16_SNORM,
            V::R16G16B16A16_SNORM,
        ]),
        K::Uint16 => by_count([
            V::R16_UINT,
            V::R16G16_UINT,
            V::R16G16B16_UINT,
            V::R16G16B16A16_UINT,
        ]),
        K::Sint16 => by_count([
            V::R16_SINT,
            V::R16G16_SINT,
            V::R16G16B16_SINT,
            V::R16G16B16A16_SINT,
        ]),
        K::Uint32 => by_count([
            V::R32_UINT,
            V::R32G32_UINT,
            V::R32G32B32_UINT,
            V::R32G32B32A32_UINT,
        ]),
        K::Sint32 => by_count([
            V::R32_SINT,
            V::R32G32_SINT,
            V::R32G32B32_SINT,
            V::R32G32B32A32_SINT,
        ]),
        K::Unorm1010102 => Some(V::A2B10G10R10_UNORM_PACK32),
        // Both have vertex-buffer support on every Vulkan device (the spec's mandatory
        // format tables).
        K::Uint1010102 => Some(V::A2B10G10R10_UINT_PACK32),
        K::Unorm8Bgra => Some(V::B8G8R8A8_UNORM),
        // Optional as vertex formats: a device without them refuses their attributes
        // when recorded (`gpu::FormatFeatures`, from `format_support`).
        K::Ufloat111110 => Some(V::B10G11R11_UFLOAT_PACK32),
        K::Snorm1010102 => Some(V::A2B10G10R10_SNORM_PACK32),
        K::Sint1010102 => Some(V::A2B10G10R10_SINT_PACK32),
        K::Sscaled1010102 => Some(V::A2B10G10R10_SSCALED_PACK32),
    }
}

/// The format a vertex input of GLSL type `ty` that no attribute feeds is read with from
/// the zero binding: one zero component, so it reads (0, 0, 0, 1) as on the console.
/// `None` for types with no such form (matrices, arrays, doubles).
pub fn unfed_input_format(ty: &str) -> Option<vk::Format> {
    match ty {
        "float" | "vec2" | "vec3" | "vec4" => Some(vk::Format::R32_SFLOAT),
        "int" | "ivec2" | "ivec3" | "ivec4" => Some(vk::Format::R32_SINT),
        "uint" | "uvec2" | "uvec3" | "uvec4" => Some(vk::Format::R32_UINT),
        _ => None,
    }
}

/// Whether a target format holds integers (blending does not apply to it).
pub fn is_integer_format(format: vk::Format) -> bool {
    // Asked for every target of every draw's dynamic values: the formats are found once.
    static INTEGER_FORMATS: std::sync::OnceLock<Vec<vk::Format>> = std::sync::OnceLock::new();
    let formats = INTEGER_FORMATS.get_or_init(|| {
        let mut formats: Vec<vk::Format> = memory::Format::ALL
            .iter()
            .filter(|nvn| {
                matches!(
                    nvn.class(),
                    memory::FormatClass::Uint | memory::FormatClass::Sint
                ) && !nvn.is_depth_or_stencil()
            })
            .map(|&nvn| crate::conv::native_format(nvn))
            .collect();
        formats.sort_unstable_by_key(|format| format.as_raw());
        formats.dedup();
        formats
    });
    formats
        .binary_search_by_key(&format.as_raw(), |known| known.as_raw())
        .is_ok()
}

/// A clear value as Vulkan holds it (NVN's float, signed and unsigned colours).
pub fn clear_color(value: ClearValue) -> vk::ClearColorValue {
    match value {
        ClearValue::Float(float32) => vk::ClearColorValue { float32 },
        ClearValue::Int(int32) => vk::ClearColorValue { int32 },
        ClearValue::Uint(uint32) => vk::ClearColorValue { uint32 },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integer_targets_are_told_apart() {
        assert!(is_integer_format(vk::Format::R8G8B8A8_UINT));
        assert!(is_integer_format(vk::Format::R32_SINT));
        assert!(!is_integer_format(vk::Format::R8G8B8A8_UNORM));
        assert!(!is_integer_format(vk::Format::UNDEFINED));
    }

    #[test]
    fn vertex_formats_follow_component_count() {
        let format = |kind, components| vertex_format(VertexFormat { kind, components });
        assert_eq!(
            format(ComponentKind::Float32, 3),
            Some(vk::Format::R32G32B32_SFLOAT)
        );
        assert_eq!(
            format(ComponentKind::Unorm8, 4),
            Some(vk::Format::R8G8B8A8_UNORM)
        );
        assert_eq!(format(ComponentKind::Float32, 0), None);
        assert_eq!(format(ComponentKind::Unorm1010102, 3), None);
        assert_eq!(format(ComponentKind::Uint1010102, 2), None);
        assert_eq!(
            format(ComponentKind::Ufloat111110, 3),
            Some(vk::Format::B10G11R11_UFLOAT_PACK32)
        );
        assert_eq!(format(ComponentKind::Ufloat111110, 4), None);
        assert_eq!(format(ComponentKind::Sint1010102, 3), None);
        assert_eq!(
            format(ComponentKind::Unorm8Bgra, 4),
            Some(vk::Format::B8G8R8A8_UNORM)
        );
    }

    #[test]
    fn kinds_that_need_conversion_have_no_topology() {
        for kind in [
            PrimitiveKind::Quads,
            PrimitiveKind::QuadStrip,
            PrimitiveKind::Polygon,
            PrimitiveKind::LineLoop,
        ] {
            assert_eq!(topology(kind), None, "{kind:?}");
            assert!(kind.converted_kind().is_some());
        }
        assert_eq!(
            topology(PrimitiveKind::TriangleFan),
            Some(vk::PrimitiveTopology::TRIANGLE_FAN)
        );
    }
}
