//! A module within Vulkan's rules may still be past what the device offers: an output at
//! a location the device has no room for, more push constants than it holds, a workgroup
//! larger than it runs. Each program's modules are checked against the device's limits
//! when the program is made, from the interface their own words declare (never a
//! reflection handed in beside them), so no driver is given such a module.
//!
//! The locations each interface has are Vulkan's table "Shader Input and Output
//! Locations": a stage's inputs or outputs have its `max*Components / 4` locations, a
//! vertex stage's inputs `maxVertexInputAttributes`, a fragment stage's outputs
//! `maxFragmentOutputAttachments`.

use crate::objects::Stage;

/// The device limits a module is checked against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ModuleLimits {
    pub max_vertex_input_attributes: u32,
    pub max_vertex_output_components: u32,
    pub max_tess_control_input_components: u32,
    pub max_tess_control_output_components: u32,
    pub max_tess_eval_input_components: u32,
    pub max_tess_eval_output_components: u32,
    pub max_geometry_input_components: u32,
    pub max_geometry_output_components: u32,
    pub max_fragment_input_components: u32,
    pub max_fragment_output_attachments: u32,
    pub max_push_constants_size_b: u32,
    pub max_compute_work_group_size: [u32; 3],
    pub max_compute_work_group_invocations: u32,
}

impl Default for ModuleLimits {
    fn default() -> Self {
        ModuleLimits::VULKAN_MINIMUM
    }
}

impl ModuleLimits {
    /// The least every Vulkan device offers (the specification's required limits): what a
    /// backend that says nothing of its own is held to.
    pub const VULKAN_MINIMUM: ModuleLimits = ModuleLimits {
        max_vertex_input_attributes: 16,
        max_vertex_output_components: 64,
        max_tess_control_input_components: 64,
        max_tess_control_output_components: 64,
        max_tess_eval_input_components: 64,
        max_tess_eval_output_components: 64,
        max_geometry_input_components: 64,
        max_geometry_output_components: 64,
        max_fragment_input_components: 64,
        max_fragment_output_attachments: 4,
        max_push_constants_size_b: 128,
        max_compute_work_group_size: [128, 128, 64],
        max_compute_work_group_invocations: 128,
    };

    /// The locations `stage`'s inputs (or outputs) may use, and the limit's name.
    fn locations(&self, stage: Stage, output: bool) -> (u32, &'static str) {
        match (stage, output) {
            (Stage::Vertex, false) => {
                (self.max_vertex_input_attributes, "maxVertexInputAttributes")
            }
            (Stage::Vertex, true) => (
                self.max_vertex_output_components / 4,
                "maxVertexOutputComponents / 4",
            ),
            (Stage::TessControl, false) => (
                self.max_tess_control_input_components / 4,
                "maxTessellationControlPerVertexInputComponents / 4",
            ),
            (Stage::TessControl, true) => (
                self.max_tess_control_output_components / 4,
                "maxTessellationControlPerVertexOutputComponents / 4",
            ),
            (Stage::TessEval, false) => (
                self.max_tess_eval_input_components / 4,
                "maxTessellationEvaluationInputComponents / 4",
            ),
            (Stage::TessEval, true) => (
                self.max_tess_eval_output_components / 4,
                "maxTessellationEvaluationOutputComponents / 4",
            ),
            (Stage::Geometry, false) => (
                self.max_geometry_input_components / 4,
                "maxGeometryInputComponents / 4",
            ),
            (Stage::Geometry, true) => (
                self.max_geometry_output_components / 4,
                "maxGeometryOutputComponents / 4",
            ),
            (Stage::Fragment, false) => (
                self.max_fragment_input_components / 4,
                "maxFragmentInputComponents / 4",
            ),
            (Stage::Fragment, true) => (
                self.max_fragment_output_attachments,
                "maxFragmentOutputAttachments",
            ),
            (Stage::Compute, _) => (0, "no interface"),
        }
    }
}

/// A module past one of the device's limits.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{stage:?} stage's {what} needs {needed}, past the device's {limit_name} of {limit}")]
pub struct PastDeviceLimit {
    pub stage: Stage,
    pub what: String,
    pub needed: u64,
    pub limit_name: &'static str,
    pub limit: u64,
}

/// Checks one validated module of `stage` against `limits`.
pub fn check_module(
    stage: Stage,
    words: &[u32],
    limits: &ModuleLimits,
) -> Result<(), PastDeviceLimit> {
    let past = |what: String, needed: u64, limit_name: &'static str, limit: u64| PastDeviceLimit {
        stage,
        what,
        needed,
        limit_name,
        limit,
    };
    // A module that cannot be read here was refused by validation before.
    let Ok(reflection) = shader_translate::reflect_words(words, stage.into()) else {
        return Ok(());
    };
    for (variables, output) in [(&reflection.inputs, false), (&reflection.outputs, true)] {
        let (available, limit_name) = limits.locations(stage, output);
        // A per-vertex interface's outermost array is one element a vertex, not locations.
        let per_vertex = matches!(
            (stage, output),
            (Stage::TessControl, _) | (Stage::TessEval, false) | (Stage::Geometry, false)
        );
        for variable in variables {
            let end = u64::from(variable.location) + locations_of(&variable.ty, per_vertex);
            if end > u64::from(available) {
                let side = if output { "output" } else { "input" };
                return Err(past(
                    format!(
                        "{side} `{}` (location {})",
                        variable.name, variable.location
                    ),
                    end,
                    limit_name,
                    u64::from(available),
                ));
            }
        }
    }
    if let Some(push) = &reflection.push_constants {
        if push.size_b > limits.max_push_constants_size_b {
            return Err(past(
                format!("push constants `{}` (bytes)", push.name),
                u64::from(push.size_b),
                "maxPushConstantsSize",
                u64::from(limits.max_push_constants_size_b),
            ));
        }
    }
    if let Some(size) = reflection.workgroup_size {
        const AXES: [&str; 3] = [
            "maxComputeWorkGroupSize[0]",
            "maxComputeWorkGroupSize[1]",
            "maxComputeWorkGroupSize[2]",
        ];
        for axis in 0..3 {
            if size[axis] > limits.max_compute_work_group_size[axis] {
                return Err(past(
                    format!("workgroup size {size:?} (axis {axis})"),
                    u64::from(size[axis]),
                    AXES[axis],
                    u64::from(limits.max_compute_work_group_size[axis]),
                ));
            }
        }
        let invocations = size.iter().map(|&side| u64::from(side)).product::<u64>();
        if invocations > u64::from(limits.max_compute_work_group_invocations) {
            return Err(past(
                format!("workgroup size {size:?} (invocations)"),
                invocations,
                "maxComputeWorkGroupInvocations",
                u64::from(limits.max_compute_work_group_invocations),
            ));
        }
    }
    Ok(())
}

/// The locations a variable of GLSL-like type `ty` takes (`vec4` 1, `vec3[3]` 3, `mat4`
/// 4, `dvec4` 2); with `per_vertex`, its outermost array does not count.
fn locations_of(ty: &str, per_vertex: bool) -> u64 {
    let (base, dims) = match ty.find('[') {
        Some(at) => (&ty[..at], &ty[at..]),
        None => (ty, ""),
    };
    let mut lengths: Vec<u64> = dims
        .split(['[', ']'])
        .filter(|part| !part.is_empty())
        .map(|part| part.parse().unwrap_or(1).max(1))
        .collect();
    if per_vertex {
        // The type name writes the outermost array last.
        lengths.pop();
    }
    let elements = lengths.iter().product::<u64>();
    let wide = base.starts_with('d');
    let per_element = if let Some(shape) = base.trim_start_matches('d').strip_prefix("mat") {
        let (columns, rows) = match shape.split_once('x') {
            Some((columns, rows)) => (columns.parse().unwrap_or(4), rows.parse().unwrap_or(4)),
            None => {
                let side = shape.parse().unwrap_or(4);
                (side, side)
            }
        };
        columns * if wide && rows > 2 { 2 } else { 1 }
    } else if wide && (base.ends_with("vec3") || base.ends_with("vec4")) {
        2
    } else {
        1
    };
    elements.saturating_mul(per_element)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locations_follow_the_types() {
        assert_eq!(locations_of("vec4", false), 1);
        assert_eq!(locations_of("float", false), 1);
        assert_eq!(locations_of("vec3[3]", false), 3);
        assert_eq!(locations_of("vec3[3]", true), 1);
        assert_eq!(locations_of("vec4[2][5]", true), 2);
        assert_eq!(locations_of("mat4", false), 4);
        assert_eq!(locations_of("mat3x2", false), 3);
        assert_eq!(locations_of("dvec4", false), 2);
        assert_eq!(locations_of("dvec2", false), 1);
        assert_eq!(locations_of("dmat4", false), 8);
    }

    fn module(stage: shader_translate::Stage, glsl: &str) -> Vec<u32> {
        let translator = shader_translate::Translator::new(shader_translate::TranslateOptions {
            optimise: false,
            cache: shader_translate::CacheLocation::Off,
            strict_portability: false,
        })
        .unwrap();
        translator
            .translate(&shader_translate::ShaderSource {
                name: "limits.glsl".into(),
                stage,
                code: shader_translate::ShaderCode::Glsl(glsl.into()),
            })
            .unwrap()
            .spirv
    }

    #[test]
    fn each_limit_is_named_when_passed() {
        let limits = ModuleLimits::VULKAN_MINIMUM;
        let vertex = module(
            shader_translate::Stage::Vertex,
            "#version 450\nlayout(location = 15) out vec4 pair[2];\n\
             void main() { pair[0] = vec4(0.0); pair[1] = vec4(0.0); \
             gl_Position = vec4(0.0); }\n",
        );
        let error = check_module(Stage::Vertex, &vertex, &limits).unwrap_err();
        assert_eq!(error.limit_name, "maxVertexOutputComponents / 4");
        assert_eq!((error.needed, error.limit), (17, 16));
        assert!(
            error
                .to_string()
                .contains("past the device's maxVertexOutputComponents / 4 of 16"),
            "{error}"
        );
        let roomy = ModuleLimits {
            max_vertex_output_components: 128,
            ..limits
        };
        assert_eq!(check_module(Stage::Vertex, &vertex, &roomy), Ok(()));

        let fragment = module(
            shader_translate::Stage::Fragment,
            "#version 450\nlayout(location = 5) out vec4 colour;\n\
             void main() { colour = vec4(1.0); }\n",
        );
        let error = check_module(Stage::Fragment, &fragment, &limits).unwrap_err();
        assert_eq!(error.limit_name, "maxFragmentOutputAttachments");
        assert_eq!((error.needed, error.limit), (6, 4));

        let compute = module(
            shader_translate::Stage::Compute,
            "#version 450\nlayout(local_size_x = 16, local_size_y = 16) in;\n\
             layout(push_constant) uniform Push { vec4 values[16]; } push;\n\
             layout(std430, binding = 0) buffer Out { vec4 data[]; };\n\
             void main() { data[gl_LocalInvocationIndex] = push.values[0]; }\n",
        );
        let error = check_module(Stage::Compute, &compute, &limits).unwrap_err();
        assert_eq!(error.limit_name, "maxPushConstantsSize");
        let more_push = ModuleLimits {
            max_push_constants_size_b: 256,
            ..limits
        };
        let error = check_module(Stage::Compute, &compute, &more_push).unwrap_err();
        assert_eq!(error.limit_name, "maxComputeWorkGroupInvocations");
        assert_eq!((error.needed, error.limit), (256, 128));
    }
}
