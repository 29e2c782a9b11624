//! Modules within Vulkan's rules but past the device's limits are refused when the program
//! is made, with an error naming the limit, before any driver sees them: on the device as
//! it is (lavapipe's own limits) and on one whose profile lowers them.

mod common;

use common::rig::Rig;
use gpu::objects::program::ProgramError;
use gpu::objects::{ProgramMaker, ShaderModule};
use gpu::ObjectError;
use gpu_vk::executor::ExecutorOptions;
use shader_translate::{ShaderCode, ShaderSource, Stage};

/// A vertex stage writing a vec4 at `location`, and a fragment stage reading it.
fn varying_at(location: u32) -> [(Stage, String); 2] {
    [
        (
            Stage::Vertex,
            format!(
                "#version 450\nlayout(location = 0) in vec2 position;\n\
                 layout(location = {location}) out vec4 shade;\n\
                 void main() {{ shade = vec4(position, 0.0, 1.0); \
                 gl_Position = vec4(position, 0.0, 1.0); }}\n"
            ),
        ),
        (
            Stage::Fragment,
            format!(
                "#version 450\nlayout(location = {location}) in vec4 shade;\n\
                 layout(location = 0) out vec4 colour;\nvoid main() {{ colour = shade; }}\n"
            ),
        ),
    ]
}

fn make(rig: &Rig, stages: &[(Stage, String)]) -> Result<gpu::ProgramId, ObjectError> {
    let translator = common::programs::translator();
    let modules = stages
        .iter()
        .map(|(stage, source)| {
            let shader = translator
                .translate(&ShaderSource {
                    name: format!("limits-{stage:?}"),
                    stage: *stage,
                    code: ShaderCode::Glsl(source.clone()),
                })
                .expect("the test shader translates");
            ShaderModule::from(&shader)
        })
        .collect();
    rig.device.create_program(&ProgramMaker { modules })
}

fn past_limit(result: Result<gpu::ProgramId, ObjectError>) -> gpu::PastDeviceLimit {
    match result {
        Err(ObjectError::Program(ProgramError::PastDeviceLimit(past))) => past,
        other => panic!("not refused for a limit: {other:?}"),
    }
}

#[test]
fn a_varying_past_the_device_s_locations_is_refused_by_name() {
    let mut rig = Rig::new(true);
    let limits = rig.gpu_mut().device.caps.module_limits();
    let locations = limits
        .max_vertex_output_components
        .min(limits.max_fragment_input_components)
        / 4;
    // The last location the device has is taken; the first past it is refused.
    make(&rig, &varying_at(locations - 1)).expect("within the limits");
    let past = past_limit(make(&rig, &varying_at(locations)));
    assert_eq!(past.stage, gpu::objects::Stage::Vertex);
    assert_eq!(past.limit_name, "maxVertexOutputComponents / 4");
    assert_eq!(past.needed, u64::from(locations) + 1);
    assert!(past.to_string().contains("output `shade`"), "{past}");
    rig.gpu_mut().assert_clean();
}

#[test]
fn a_profile_s_lower_limits_are_held_to() {
    let dir = tempfile::tempdir().unwrap();
    let profile = dir.path().join("small.tsv");
    std::fs::write(
        &profile,
        "maximum\tmaxVertexOutputComponents\t16\n\
         maximum\tmaxFragmentOutputAttachments\t2\n\
         maximum\tmaxComputeWorkGroupInvocations\t64\n",
    )
    .unwrap();
    let simulate = profile.to_str().unwrap();
    let mut rig = Rig::with_switches(ExecutorOptions::default(), &[("RX_VK_SIMULATE", simulate)]);
    make(&rig, &varying_at(3)).expect("location 3 of 4");
    let past = past_limit(make(&rig, &varying_at(4)));
    assert_eq!(
        (past.limit_name, past.needed, past.limit),
        ("maxVertexOutputComponents / 4", 5, 4)
    );

    let two_targets = [
        (Stage::Vertex, varying_at(0)[0].1.clone()),
        (
            Stage::Fragment,
            "#version 450\nlayout(location = 2) out vec4 third;\n\
             void main() { third = vec4(1.0); }\n"
                .to_owned(),
        ),
    ];
    let past = past_limit(make(&rig, &two_targets));
    assert_eq!(
        (past.limit_name, past.needed, past.limit),
        ("maxFragmentOutputAttachments", 3, 2)
    );

    let compute = [(
        Stage::Compute,
        "#version 450\nlayout(local_size_x = 8, local_size_y = 16) in;\n\
         layout(std430, binding = 0) buffer Out { uint data[]; };\n\
         void main() { data[gl_LocalInvocationIndex] = 1u; }\n"
            .to_owned(),
    )];
    let past = past_limit(make(&rig, &compute));
    assert_eq!(
        (past.limit_name, past.needed, past.limit),
        ("maxComputeWorkGroupInvocations", 128, 64)
    );
    rig.gpu_mut().assert_clean();
}

/// The first vertex module's first output in `payload` (SPIR-V words found by their magic
/// number): the byte offset of its Location operand.
fn vertex_output_location_at(payload: &[u8]) -> Option<usize> {
    const MAGIC: u32 = 0x0723_0203;
    let word_at = |at: usize| -> Option<u32> {
        Some(u32::from_le_bytes(
            payload.get(at..at + 4)?.try_into().ok()?,
        ))
    };
    let start = (0..payload.len().saturating_sub(4)).find(|&at| word_at(at) == Some(MAGIC))?;
    let mut at = start + 5 * 4;
    let mut vertex = false;
    let mut outputs = std::collections::HashSet::new();
    let mut locations = Vec::new();
    while let Some(first) = word_at(at) {
        let (count, opcode) = ((first >> 16) as usize, first & 0xffff);
        if count == 0 {
            break;
        }
        match opcode {
            // OpEntryPoint Vertex
            15 if word_at(at + 4) == Some(0) => vertex = true,
            // OpDecorate %target Location N
            71 if word_at(at + 8) == Some(30) => locations.push((word_at(at + 4)?, at + 12)),
            // OpVariable %type %id Output
            59 if word_at(at + 12) == Some(3) => {
                outputs.insert(word_at(at + 8)?);
            }
            // OpFunction: the declarations are behind.
            54 => break,
            _ => {}
        }
        at += count * 4;
    }
    if !vertex {
        return None;
    }
    locations
        .into_iter()
        .find(|(target, _)| outputs.contains(target))
        .map(|(_, operand_at)| operand_at)
}

#[test]
fn an_edited_recording_s_vertex_output_past_the_device_is_refused_at_replay() {
    use common::process::{assert_success, hookshot, scratch_dir};
    let dir = scratch_dir("device-limits");
    let path = dir.join("demo.rec");
    let output = hookshot()
        .args(["demo", "--headless", "--frames", "1", "--record"])
        .arg(&path)
        .env("RX_VK_SHADER_CACHE", "0")
        .output()
        .unwrap();
    assert_success(&output);
    let mut bytes = std::fs::read(&path).unwrap();
    // Frames after the 16-byte file header: kind (u16), length (u32), payload, CRC-32 of
    // kind, length and payload.
    let mut at = 16;
    let mut edited = false;
    while at + 6 <= bytes.len() {
        let len = u32::from_le_bytes(bytes[at + 2..at + 6].try_into().unwrap()) as usize;
        let payload = at + 6..at + 6 + len;
        if let Some(operand_at) = vertex_output_location_at(&bytes[payload.clone()]) {
            let operand = payload.start + operand_at;
            // Past any device's vertex output locations (Vulkan allows far more locations
            // in a module than any device has).
            bytes[operand..operand + 4].copy_from_slice(&200u32.to_le_bytes());
            let crc = crc32fast::hash(&bytes[at..payload.end]);
            bytes[payload.end..payload.end + 4].copy_from_slice(&crc.to_le_bytes());
            edited = true;
            break;
        }
        at = payload.end + 4;
    }
    assert!(edited, "the recording holds a vertex module with an output");
    std::fs::write(&path, &bytes).unwrap();
    let output = hookshot()
        .arg("replay")
        .arg(&path)
        .env("RX_VK_SHADER_CACHE", "0")
        .env("RX_VK_VALIDATION", "1")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    let errors: Vec<&str> = stderr
        .lines()
        .filter(|line| line.starts_with("hookshot: error:"))
        .collect();
    assert_eq!(errors.len(), 1, "{stderr}");
    assert!(
        errors[0].contains("past the device's maxVertexOutputComponents / 4"),
        "{stderr}"
    );
    assert!(!stderr.contains("VUID"), "no driver saw it: {stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}
