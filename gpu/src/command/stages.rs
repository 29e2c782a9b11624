//! The record-time check of a bound program's stages against the device: a program
//! with tessellation or geometry stages (or a vertex-side stage writing `gl_Layer`, or
//! float image atomics) is refused when bound on a device that lacks what it needs, naming the feature, and a
//! draw's primitive must fit the program (patches exactly when it tessellates).

use crate::error::RecordError;
use crate::features::DeviceFeatures;
use crate::objects::{Program, StageMask};
use crate::state::PrimitiveKind;

fn missing(what: &'static str, capability: &'static str) -> RecordError {
    RecordError::MissingCapability { what, capability }
}

/// Whether `program` has tessellation stages (its draws are of patches).
pub fn tessellates(program: &Program) -> bool {
    program
        .stages
        .intersects(StageMask::TESS_CONTROL | StageMask::TESS_EVAL)
}

/// Refuses binding `program` where `features` lacks what its stages need.
pub fn check_program_features(
    program: &Program,
    features: &DeviceFeatures,
) -> Result<(), RecordError> {
    if tessellates(program) && !features.tessellation_shader {
        return Err(missing(
            "a program with tessellation stages",
            "tessellationShader",
        ));
    }
    if program.stages.contains(StageMask::GEOMETRY) && !features.geometry_shader {
        return Err(missing("a program with a geometry stage", "geometryShader"));
    }
    // Such points take NVN's point size, which the stage must then write.
    if program.needs.makes_points == Some(true) && !features.tessellation_geometry_point_size {
        return Err(missing(
            "a program whose geometry or tessellation stage makes points",
            "shaderTessellationAndGeometryPointSize",
        ));
    }
    if tessellates(program) && program.needs.per_input_geometry {
        return Err(RecordError::BadArgument {
            what: "a compiled geometry program after tessellation stages",
            why: "its input class would be the tess-eval stage's output, which Hookshot does not translate for yet",
        });
    }
    if program.needs.layer_before_rasterizer && !features.shader_output_layer {
        return Err(missing(
            "gl_Layer written by a vertex or tessellation evaluation stage",
            "shaderOutputLayer",
        ));
    }
    if program.needs.raw_pointers && !features.buffer_device_address {
        return Err(missing(
            "a program that dereferences raw addresses (compiled global memory accesses or GLSL buffer references: NVN's address model)",
            "bufferDeviceAddress, shaderInt64, fragmentStoresAndAtomics and vertexPipelineStoresAndAtomics",
        ));
    }
    if program.needs.float_image_atomics && !features.shader_image_float32_atomics {
        return Err(missing(
            "a float image atomic (an r32f image's exchange)",
            "shaderImageFloat32Atomics",
        ));
    }
    Ok(())
}

/// Refuses a draw of `primitive` with a compiled geometry program (`per_input_geometry`)
/// where the primitive is no geometry input class (patches).
#[inline]
pub fn check_geometry_input(
    primitive: PrimitiveKind,
    per_input_geometry: bool,
) -> Result<(), RecordError> {
    if per_input_geometry && crate::objects::program_geometry::geometry_input(primitive).is_none() {
        return Err(RecordError::BadArgument {
            what: "draw with a compiled geometry program",
            why: "its primitive (patches) is none of a geometry program's input classes (points, lines, lines with adjacency, triangles, triangles with adjacency)",
        });
    }
    Ok(())
}

/// Refuses a draw whose primitive the bound program cannot take: patches go to
/// tessellating programs, and only patches do (Vulkan draws nothing else through them).
#[inline]
pub fn check_draw_primitive(
    primitive: PrimitiveKind,
    tessellated: bool,
) -> Result<(), RecordError> {
    match (primitive == PrimitiveKind::Patches, tessellated) {
        (true, false) => Err(RecordError::BadArgument {
            what: "draw of patches",
            why: "the bound program has no tessellation stages",
        }),
        (false, true) => Err(RecordError::BadArgument {
            what: "draw with a tessellating program",
            why: "its primitive is not patches",
        }),
        _ => Ok(()),
    }
}
