//! Compiled geometry programs, whose input primitive is the draw's topology (neither a
//! Maxwell SPH nor a DKSH module says it): such a module carries one translation per
//! input class, and a pipeline is made with the one its draw's primitive needs. The
//! pipeline key holds the primitive already, so a repeated draw finds its pipeline as any
//! other does.

use shader_translate::maxwell::geometry::GeometryInput;
use shader_translate::TranslatedShader;

use super::program::{Program, ProgramNeeds, ShaderModule};
use crate::state::PrimitiveKind;

/// The input class a draw of `primitive` gives a geometry stage (`None` for patches,
/// which a geometry stage only sees after tessellation). Primitives drawn through an
/// index conversion count as what they are converted to.
#[inline]
pub fn geometry_input(primitive: PrimitiveKind) -> Option<GeometryInput> {
    use PrimitiveKind as P;
    Some(match primitive {
        P::Points => GeometryInput::Points,
        P::Lines | P::LineStrip | P::LineLoop => GeometryInput::Lines,
        P::LinesAdjacency | P::LineStripAdjacency => GeometryInput::LinesAdjacency,
        P::Triangles | P::TriangleStrip | P::TriangleFan | P::Quads | P::QuadStrip | P::Polygon => {
            GeometryInput::Triangles
        }
        P::TrianglesAdjacency | P::TriangleStripAdjacency => GeometryInput::TrianglesAdjacency,
        P::Patches => return None,
    })
}

impl ShaderModule {
    /// A geometry module of one translation per input class (`by_input` in
    /// `GeometryInput::ALL`'s order); its own words and reflection are the triangles
    /// class's (the reflection is the same for every class: the class changes only the
    /// input arrays' length and the input mode).
    pub fn geometry_per_input(by_input: &[TranslatedShader; 5]) -> ShaderModule {
        let mut module = ShaderModule::from(&by_input[GeometryInput::Triangles.index()]);
        module.geometry_inputs = by_input.iter().map(|shader| shader.spirv.clone()).collect();
        module
    }

    /// Whether the module is a geometry program translated per input class.
    pub fn is_per_input(&self) -> bool {
        !self.geometry_inputs.is_empty()
    }
}

/// Whether `program` has a geometry stage translated per input class.
pub fn has_per_input_geometry(program: &Program) -> bool {
    program.needs.per_input_geometry
}

/// `program` as a draw of `primitive` runs it: its per-input geometry module replaced by
/// the class's translation (`None`: the program has none, and runs as it is; also for
/// patches, which the command buffer refuses with such a program).
pub fn for_primitive(program: &Program, primitive: PrimitiveKind) -> Option<Program> {
    if !has_per_input_geometry(program) {
        return None;
    }
    let input = geometry_input(primitive)?;
    let modules = program
        .modules
        .iter()
        .map(|module| match module.geometry_inputs.get(input.index()) {
            Some(words) => ShaderModule {
                spirv_words: words.clone(),
                geometry_inputs: Vec::new(),
                ..module.clone()
            },
            None => module.clone(),
        })
        .collect();
    Some(Program {
        id: program.id,
        stages: program.stages,
        modules,
        multisample_texture_slots: program.multisample_texture_slots,
        // Its geometry module is the class's translation now, not one per class.
        needs: ProgramNeeds {
            per_input_geometry: false,
            ..program.needs
        },
    })
}
