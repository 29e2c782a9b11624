//! The compiled Maxwell programs of `tests/maxwell_corpus/` that Hookshot translates,
//! each with the GLSL uam compiled it from: `hookshot bench shaders` times the two
//! routes against each other, the tests check both draw alike.

use super::geometry::GeometryInput;
use super::translate::{dksh_geometry_to_spirv, dksh_to_spirv, MaxwellError};
use crate::{Stage, TranslatedShader, Translator};

/// One compiled program and its source.
#[derive(Clone, Copy, Debug)]
pub struct MaxwellCorpusProgram {
    pub name: &'static str,
    pub stage: Stage,
    /// The DKSH module uam wrote.
    pub dksh: &'static [u8],
    /// The GLSL, as written for uam (a GL front end: `gl_VertexID`).
    pub glsl: &'static str,
    /// A geometry program's input class (the draw's topology), as its GLSL declares.
    pub geometry: Option<GeometryInput>,
}

impl MaxwellCorpusProgram {
    /// The GLSL for glslang's Vulkan target, where the vertex id is `gl_VertexIndex` (the
    /// same for draws from vertex 0).
    pub fn vulkan_glsl(&self) -> String {
        self.glsl.replace("gl_VertexID", "gl_VertexIndex")
    }

    /// The program's SPIR-V before the translator's pipeline (a geometry program's for
    /// its input class).
    pub fn spirv(&self) -> Result<Vec<u32>, MaxwellError> {
        match self.geometry {
            Some(input) => dksh_geometry_to_spirv(self.dksh, input),
            None => dksh_to_spirv(self.dksh).map(|(_, words)| words),
        }
    }

    /// The program through `translator` (a geometry program for its input class).
    pub fn translate(&self, translator: &Translator) -> Result<TranslatedShader, MaxwellError> {
        match self.geometry {
            Some(input) => translator.translate_dksh_geometry(self.name, self.dksh, input),
            None => translator.translate_dksh(self.name, self.dksh),
        }
    }
}

macro_rules! program {
    ($name:literal, Geometry, $input:ident) => {
        MaxwellCorpusProgram {
            geometry: Some(GeometryInput::$input),
            stage: Stage::Geometry,
            ..program!($name, Geometry)
        }
    };
    ($name:literal, $stage:ident) => {
        MaxwellCorpusProgram {
            geometry: None,
            name: $name,
            stage: Stage::$stage,
            dksh: include_bytes!(concat!("../../tests/maxwell_corpus/", $name, "/out.dksh")),
            glsl: include_str!(concat!(
                "../../tests/maxwell_corpus/",
                $name,
                "/source.glsl"
            )),
        }
    };
}

/// Every program of the corpus that translates today (geometry programs for the input
/// class their GLSL declares).
pub const MAXWELL_CORPUS: &[MaxwellCorpusProgram] = &[
    program!("dk_basic_deferred_fsh", Fragment),
    program!("dk_basic_lighting_fsh", Fragment),
    program!("dk_basic_vsh", Vertex),
    program!("dk_color_fsh", Fragment),
    program!("dk_composition_fsh", Fragment),
    program!("dk_composition_vsh", Vertex),
    program!("dk_sinewave", Compute),
    program!("dk_tess_simple_tcsh", TessControl),
    program!("dk_tess_simple_tesh", TessEval),
    program!("dk_texture_fsh", Fragment),
    program!("dk_transform_normal_vsh", Vertex),
    program!("dk_transform_vsh", Vertex),
    program!("dkbasic_color_fsh", Fragment),
    program!("dkbasic_triangle_vsh", Vertex),
    program!("dkconsole_console_fsh", Fragment),
    program!("dkconsole_console_vsh", Vertex),
    program!("main_composite_frag", Fragment),
    program!("main_fullscreen_vert", Vertex),
    program!("main_light_frag", Fragment),
    program!("main_normals_frag", Fragment),
    program!("main_shadow_vert", Vertex),
    program!("main_terrain_frag", Fragment),
    program!("main_terrain_vert", Vertex),
    program!("x_comp_ballot", Compute),
    program!("x_comp_compare_swap", Compute),
    program!("x_comp_image_bindless", Compute),
    program!("x_comp_image_float_exchange", Compute),
    program!("x_comp_images", Compute),
    program!("x_comp_pointers", Compute),
    program!("x_comp_reduce", Compute),
    program!("x_comp_shared_atomics", Compute),
    program!("x_comp_shared_bins", Compute),
    program!("x_comp_shared_storage", Compute),
    program!("x_comp_vote", Compute),
    program!("x_frag_discard", Fragment),
    program!("x_frag_gather_lod", Fragment),
    program!("x_frag_image_bindless", Fragment),
    program!("x_frag_images", Fragment),
    program!("x_frag_local_array", Fragment),
    program!("x_frag_loop_break_continue", Fragment),
    program!("x_frag_loop_in_arm", Fragment),
    program!("x_frag_loop_nested_return", Fragment),
    program!("x_frag_loops_gather", Fragment),
    program!("x_frag_nested_if", Fragment),
    program!("x_frag_shadow_array_offset", Fragment),
    program!("x_frag_texture_dims", Fragment),
    program!("x_frag_texture_lod_modes", Fragment),
    program!("x_frag_texture_query", Fragment),
    program!("x_frag_uv_shade", Fragment),
    program!("x_frag_vote", Fragment),
    program!("x_geom_adjacency", Geometry, TrianglesAdjacency),
    program!("x_geom_emit", Geometry, Triangles),
    program!("x_geom_end_primitive", Geometry, Triangles),
    program!("x_geom_layered", Geometry, Triangles),
    program!("x_geom_line_strip", Geometry, Triangles),
    program!("x_geom_pass", Geometry, Triangles),
    program!("x_geom_points_quads", Geometry, Points),
    program!("x_tesc_patch", TessControl),
    program!("x_tesc_quad", TessControl),
    program!("x_tese_patch", TessEval),
    program!("x_tese_quad", TessEval),
    program!("x_vert_int_ops", Vertex),
    program!("x_vert_loop_return", Vertex),
];
