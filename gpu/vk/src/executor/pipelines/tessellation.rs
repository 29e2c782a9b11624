//! The tessellation side of a graphics pipeline. NVN lets a program tessellate with an
//! evaluation stage alone, taking its levels from state (`SetInnerTessellationLevels`,
//! `SetOuterTessellationLevels`) and passing each patch through unchanged; Vulkan needs
//! a control stage for that, so one is made here from the vertex stage's outputs, the
//! patch size and the levels (exact: written as their bits).

use gpu::objects::{Program, Stage, StageMask};
use shader_translate::{InterfaceVariable, ShaderCode, ShaderSource};

use crate::error::{VkError, VkResult};
use crate::kernels::kernel_translator::kernel_translator;

/// The name the made control stage's errors carry.
const PASS_THROUGH: &str = "tessellation pass-through control stage";

/// Whether `program` takes its tessellation levels from state: it has an evaluation
/// stage and no control stage.
pub fn takes_state_levels(program: &Program) -> bool {
    program.stages.contains(StageMask::TESS_EVAL)
        && !program.stages.contains(StageMask::TESS_CONTROL)
}

/// A GLSL float with exactly `value`'s bits.
fn exact_float(value: f32) -> String {
    format!("uintBitsToFloat({:#010x}u)", value.to_bits())
}

/// GLSL of a control stage that copies each of `outputs` (the vertex stage's, by
/// location) and the position from its patch's vertices, and writes the levels.
pub fn pass_through_glsl(
    outputs: &[InterfaceVariable],
    patch_vertices: u32,
    inner_levels: [f32; 2],
    outer_levels: [f32; 4],
) -> Result<String, String> {
    let mut declarations = String::new();
    let mut copies = String::new();
    for (at, output) in outputs.iter().enumerate() {
        let plain = output
            .ty
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !plain {
            return Err(format!(
                "a vertex output of type {} at location {} (arrays and blocks are not passed \
                 through yet)",
                output.ty, output.location
            ));
        }
        let (location, component, ty) = (output.location, output.component, &output.ty);
        declarations.push_str(&format!(
            "layout(location = {location}, component = {component}) in {ty} from_vertex_{at}[];\n\
             layout(location = {location}, component = {component}) out {ty} to_evaluation_{at}[];\n"
        ));
        copies.push_str(&format!(
            "    to_evaluation_{at}[gl_InvocationID] = from_vertex_{at}[gl_InvocationID];\n"
        ));
    }
    let mut levels = String::new();
    for (index, level) in inner_levels.iter().enumerate() {
        let level = exact_float(*level);
        levels.push_str(&format!("        gl_TessLevelInner[{index}] = {level};\n"));
    }
    for (index, level) in outer_levels.iter().enumerate() {
        let level = exact_float(*level);
        levels.push_str(&format!("        gl_TessLevelOuter[{index}] = {level};\n"));
    }
    Ok(format!(
        "#version 450\n\
         layout(vertices = {patch_vertices}) out;\n\
         {declarations}\
         void main() {{\n\
         \x20   gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;\n\
         {copies}\
         \x20   if (gl_InvocationID == 0) {{\n\
         {levels}\
         \x20   }}\n\
         }}\n"
    ))
}

/// The SPIR-V of the control stage `program` is drawn with when it has none, for this
/// patch size and these levels; `None` when it needs none.
pub fn pass_through_control(
    program: &Program,
    patch_vertices: u32,
    inner_levels: [f32; 2],
    outer_levels: [f32; 4],
) -> VkResult<Option<Vec<u32>>> {
    if !takes_state_levels(program) {
        return Ok(None);
    }
    let unsupported = |why: String| VkError::Unsupported(format!("{}: {why}", program.id));
    let vertex = program
        .module(Stage::Vertex)
        .ok_or_else(|| unsupported("no vertex stage".into()))?;
    let reflection =
        shader_translate::reflect_words(&vertex.spirv_words, shader_translate::Stage::Vertex)
            .map_err(|why| unsupported(format!("its vertex stage: {why}")))?;
    let glsl = pass_through_glsl(
        &reflection.outputs,
        patch_vertices,
        inner_levels,
        outer_levels,
    )
    .map_err(|why| unsupported(format!("{PASS_THROUGH}: {why}")))?;
    let translator = kernel_translator(PASS_THROUGH)?;
    let shader = translator
        .translate(&ShaderSource {
            name: format!("{}-pass-through.tesc", program.id),
            stage: shader_translate::Stage::TessControl,
            code: ShaderCode::Glsl(glsl),
        })
        .map_err(|source| VkError::Kernel {
            name: PASS_THROUGH,
            source,
        })?;
    Ok(Some(shader.spirv))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn output(location: u32, ty: &str) -> InterfaceVariable {
        InterfaceVariable {
            location,
            component: 0,
            name: format!("out{location}"),
            ty: ty.into(),
        }
    }

    #[test]
    fn the_pass_through_copies_every_output_and_writes_exact_levels() {
        let glsl = pass_through_glsl(
            &[output(0, "vec4"), output(2, "uvec2")],
            4,
            [2.0, 3.0],
            [1.0, 0.5, 4.0, 7.25],
        )
        .unwrap();
        assert!(glsl.contains("layout(vertices = 4) out;"));
        assert!(glsl.contains("layout(location = 2, component = 0) in uvec2 from_vertex_1[];"));
        assert!(glsl.contains("to_evaluation_0[gl_InvocationID] = from_vertex_0[gl_InvocationID];"));
        assert!(glsl.contains("gl_TessLevelOuter[1] = uintBitsToFloat(0x3f000000u);"));
        assert!(glsl.contains("gl_TessLevelInner[0] = uintBitsToFloat(0x40000000u);"));
    }

    #[test]
    fn the_pass_through_translates_and_array_outputs_are_refused() {
        let glsl = pass_through_glsl(&[output(1, "vec3")], 3, [1.0; 2], [1.0; 4]).unwrap();
        let translator = kernel_translator(PASS_THROUGH).unwrap();
        translator
            .translate(&ShaderSource {
                name: "pass-through.tesc".into(),
                stage: shader_translate::Stage::TessControl,
                code: ShaderCode::Glsl(glsl),
            })
            .expect("glslang takes the made control stage");
        let refused = pass_through_glsl(&[output(0, "vec3[3]")], 3, [1.0; 2], [1.0; 4]);
        assert!(refused.unwrap_err().contains("vec3[3]"));
    }
}
