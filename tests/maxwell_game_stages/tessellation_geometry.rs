//! The tessellation and geometry programs: a control program's patches captured by an
//! evaluation stage after it, an evaluation program's vertices by a geometry stage, a
//! geometry program's fragments by a fragment stage.

use super::{block, draw, game, height_map};
use crate::common::compute::{floats, uniform, Stream};
use crate::common::stage_capture::{
    assert_captures_agree, assert_vertices_agree, capture_geometry, components, draw_both, inputs,
    outputs, patch_inputs, patch_outputs, sorted, StageDraw, NO_FRAG,
};
use crate::common::stage_resources::Resources;
use gpu::objects::Stage as GpuStage;
use gpu::state::{ComponentKind, PrimitiveKind};
use shader_translate::maxwell::geometry::GeometryInput;
use shader_translate::Stage;

/// A vertex stage passing attribute 0 as the position and attribute 1 as output 0 (a
/// `vec4`, as a translated stage reads every input location whole).
const FEEDING_VERTEX: &str = "#version 450
layout(location = 0) in vec4 position;
layout(location = 1) in vec4 extra;
layout(location = 0) out vec4 passed;
void main() {
    gl_Position = position;
    passed = extra;
}
";

/// A control stage feeding an evaluation program whose GLSL is `tese`: the corners
/// passed, each per-vertex input location the vertex's `passed` scaled by its location,
/// each patch input location a mix of the corners' positions, every input a `vec4` (a
/// translated stage reads every location whole); levels from uniform block 0's two
/// `vec4`s (outer, inner).
fn feeding_control(tese: &str, corners: usize) -> String {
    let mut out = format!(
        "#version 450\nlayout(vertices = {corners}) out;\nlayout(location = 0) in vec4 passed[];\n\
         layout(std140, binding = 0) uniform Levels {{ vec4 outer; vec4 inner; }};\n"
    );
    let mut body = String::from(
        "    gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;\n",
    );
    for (location, _, _) in inputs(tese) {
        out.push_str(&format!(
            "layout(location = {location}) out vec4 o{location}[];\n"
        ));
        body.push_str(&format!(
            "    o{location}[gl_InvocationID] = passed[gl_InvocationID] * {}.0;\n",
            location + 1
        ));
    }
    body.push_str("    if (gl_InvocationID == 0) {\n");
    for (location, _, _) in patch_inputs(tese) {
        out.push_str(&format!(
            "layout(location = {location}) patch out vec4 p{location};\n"
        ));
        let (a, b) = (
            location as usize % corners,
            (location as usize + 1) % corners,
        );
        body.push_str(&format!(
            "        p{location} = vec4(mix(gl_in[{a}].gl_Position.xyz, gl_in[{b}].gl_Position.xyz, 0.{location}) + passed[{b}].xyz * 0.25, 1.0);\n"
        ));
    }
    body.push_str(
        "        for (int k = 0; k < 4; k++) gl_TessLevelOuter[k] = outer[k];\n\
         \x20       for (int k = 0; k < 2; k++) gl_TessLevelInner[k] = inner[k];\n    }\n",
    );
    out.push_str(&format!("void main() {{\n{body}}}\n"));
    out
}

/// Attributes of `vertices` vertices for [`feeding_vertex`]: positions in [-1.3, 1.3)
/// with w 1, the passed vector in [-1, 1).
fn feeding_attributes(stream: &mut Stream, vertices: u32) -> Vec<u8> {
    let mut values = Vec::new();
    for _ in 0..vertices {
        values.extend(stream.floats(3, -1.3, 1.3));
        values.push(1.0);
        values.extend(stream.floats(4, -1.0, 1.0));
    }
    floats(values)
}

const FEEDING: [(u32, ComponentKind, u8); 2] = [
    (0, ComponentKind::Float32, 4),
    (1, ComponentKind::Float32, 4),
];

/// An evaluation stage (`domain`, `corners` a patch, `levels` outer and inner) that
/// writes patch `gl_PrimitiveID`'s record: 1, the levels, the corners' positions, every
/// component of the control program `tesc`'s per-vertex outputs at each corner, then of
/// its patch outputs. Returns the source and the record's words.
fn capture_evaluation(
    domain: &str,
    corners: usize,
    (outer, inner): (usize, usize),
    tesc: &str,
) -> (String, usize) {
    let mut out = format!(
        "#version 450\nlayout({domain}, equal_spacing, cw) in;\n\
         layout(std430, binding = 0) buffer Capture {{ uint count; uint pad[3]; uint records[]; }};\n"
    );
    let mut values = Vec::new();
    for k in 0..outer {
        values.push(format!("gl_TessLevelOuter[{k}]"));
    }
    for k in 0..inner {
        values.push(format!("gl_TessLevelInner[{k}]"));
    }
    for corner in 0..corners {
        for c in 0..4 {
            values.push(format!("gl_in[{corner}].gl_Position[{c}]"));
        }
    }
    let per_vertex = outputs(tesc);
    for (location, ty, _) in &per_vertex {
        out.push_str(&format!(
            "layout(location = {location}) in {ty} v{location}[];\n"
        ));
    }
    for corner in 0..corners {
        for (location, ty, _) in &per_vertex {
            for c in 0..components(ty) {
                values.push(format!("v{location}[{corner}][{c}]"));
            }
        }
    }
    for (location, ty, _) in patch_outputs(tesc) {
        out.push_str(&format!(
            "layout(location = {location}) patch in {ty} p{location};\n"
        ));
        for c in 0..components(&ty) {
            values.push(format!("p{location}[{c}]"));
        }
    }
    let record = 1 + values.len();
    out.push_str(&format!(
        "void main() {{\n    uint at = uint(gl_PrimitiveID) * {record}u;\n    records[at] = 1u;\n"
    ));
    for (index, value) in values.iter().enumerate() {
        out.push_str(&format!(
            "    records[at + {}u] = floatBitsToUint({value});\n",
            index + 1
        ));
    }
    out.push_str("    gl_Position = vec4(0.0, 0.0, 0.0, 1.0);\n}\n");
    (out, record)
}

/// A control program over `patches` patches of `corners`, its block `block` in
/// uniform slot 0; each patch's record compared. Returns the patches reached (a record
/// written: levels not 0).
fn control_program(
    name: &str,
    seed: u64,
    (patches, corners): (u32, u32),
    domain: (&str, usize, usize),
    block_bytes: Vec<u8>,
) -> usize {
    let (glsl, dksh) = game(name);
    let mut stream = Stream::new(seed);
    let (capture, record) =
        capture_evaluation(domain.0, corners as usize, (domain.1, domain.2), &glsl);
    let run = StageDraw {
        name: name.into(),
        stage: Stage::TessControl,
        glsl,
        dksh,
        companions: vec![
            (Stage::Vertex, FEEDING_VERTEX.into()),
            (Stage::TessEval, capture),
            (Stage::Fragment, NO_FRAG.into()),
        ],
        geometry_input: GeometryInput::Triangles,
        buffers: vec![(GpuStage::TessControl, uniform(0, block_bytes))],
        resources: Resources::default(),
        attributes: FEEDING.to_vec(),
        vertices: feeding_attributes(&mut stream, patches * corners),
        draw: draw(PrimitiveKind::Patches, patches * corners, 1),
        patch_size: Some(corners),
        capture: GpuStage::TessEval,
        layers: 1,
    };
    let (ours, reference) = draw_both(&run);
    assert_captures_agree(
        name,
        (&ours, &reference),
        (record, 1),
        Some(patches as usize),
    );
    (0..patches as usize)
        .filter(|patch| reference[4 + patch * record] == 1)
        .count()
}

/// PN triangles' control program: the first invocation's patch outputs, a fractional
/// level from the block.
#[test]
fn pn_triangle_control_draws_as_glslang_draws_it() {
    for level in [1.0f32, 2.5, 4.0] {
        let reached = control_program(
            "g_tesc_pn_triangles",
            0x9c01_0001,
            (12, 3),
            ("triangles", 3, 1),
            floats([level, 0.0, 0.0, 0.0]),
        );
        assert_eq!(reached, 12, "level {level}");
    }
}

/// The terrain's control program: levels from each edge's projected length (a
/// generated view-projection), patches outside the view culled with levels 0.
#[test]
fn terrain_lod_control_draws_as_glslang_draws_it() {
    let mut stream = Stream::new(0x7e11_0001);
    let mut lod = stream.floats(16, -1.0, 1.0);
    lod.extend([64.0, 48.0, 20.0, 0.0]);
    let reached = control_program(
        "g_tesc_terrain_lod",
        0x7e11_0002,
        (24, 4),
        ("quads", 4, 2),
        floats(lod),
    );
    // The default inputs cull some patches and draw others (the culled ones write no
    // record on either side); other seeds may draw all.
    assert!(reached > 0, "{reached} of 24 patches drawn");
    eprintln!("g_tesc_terrain_lod: {reached} of 24 patches drawn");
}

/// An evaluation program after [`feeding_control`] (levels `outer` and `inner`): every
/// vertex of every triangle captured.
fn evaluation_program(
    name: &str,
    seed: u64,
    (patches, corners): (u32, u32),
    (levels, block_bytes): ([f32; 8], Vec<u8>),
    resources: Resources,
) {
    let (glsl, dksh) = game(name);
    let control_glsl = feeding_control(&glsl, corners as usize);
    let control_block = floats(levels);
    let mut stream = Stream::new(seed);
    let varyings = outputs(&glsl);
    let run = StageDraw {
        name: name.into(),
        stage: Stage::TessEval,
        glsl,
        dksh,
        companions: vec![
            (Stage::Vertex, FEEDING_VERTEX.into()),
            (Stage::TessControl, control_glsl),
            (Stage::Geometry, capture_geometry("triangles", &varyings)),
            (Stage::Fragment, NO_FRAG.into()),
        ],
        geometry_input: GeometryInput::Triangles,
        buffers: vec![
            (GpuStage::TessControl, uniform(0, control_block)),
            (GpuStage::TessEval, uniform(0, block_bytes)),
        ],
        resources,
        attributes: FEEDING.to_vec(),
        vertices: feeding_attributes(&mut stream, patches * corners),
        draw: draw(PrimitiveKind::Patches, patches * corners, 1),
        patch_size: Some(corners),
        capture: GpuStage::Geometry,
        layers: 1,
    };
    let n = assert_vertices_agree(&run, &varyings);
    assert!(n >= 3 * patches as usize / 2, "{name}: {n} vertices");
}

/// PN triangles' evaluation: the cubic patch from the corners and patch inputs, at
/// levels 2 to 4.
#[test]
fn pn_triangle_evaluation_draws_as_glslang_draws_it() {
    let mut stream = Stream::new(0x9e01_0001);
    evaluation_program(
        "g_tese_pn_triangles",
        0x9e01_0002,
        (8, 3),
        (
            [3.0, 2.0, 4.0, 0.0, 3.0, 0.0, 0.0, 0.0],
            block(&mut stream, 16, (-1.0, 1.0), &[]),
        ),
        Resources::default(),
    );
}

/// The terrain's evaluation: bilinear corners, `textureLod` of a height map in the
/// evaluation stage, fractional-odd spacing (fractional levels).
#[test]
fn terrain_displacement_draws_as_glslang_draws_it() {
    let mut stream = Stream::new(0x7d15_0001);
    let terrain = block(
        &mut stream,
        20,
        (-1.0, 1.0),
        &[
            (16, 2.0f32.to_bits()),
            (17, (1.0f32 / 16.0).to_bits()),
            (18, 0.5f32.to_bits()),
        ],
    );
    evaluation_program(
        "g_tese_terrain_displace",
        0x7d15_0002,
        (12, 4),
        ([2.5, 3.2, 1.0, 4.7, 3.9, 2.2, 0.0, 0.0], terrain),
        height_map(0x7d15_0003),
    );
}

/// A fragment stage recording `[layer, x, y, v, fwidth(v)]` (`v` the input at location
/// 0, of `ty`, `vec3` or `vec4`; the layer 0 unless `layered`) for every fragment, each
/// record 11 words.
fn capture_fragments(ty: &str, layered: bool) -> String {
    let n = components(ty);
    let layer = if layered { "uint(gl_Layer)" } else { "0u" };
    format!(
        "#version 450
layout(location = 0) in {ty} v;
layout(std430, binding = 0) buffer Capture {{ uint count; uint pad[3]; uint records[]; }};
void main() {{
    {ty} change = fwidth(v);
    uint at = atomicAdd(count, 1u) * 11u;
    records[at] = {layer};
    records[at + 1u] = uint(gl_FragCoord.x);
    records[at + 2u] = uint(gl_FragCoord.y);
    for (int c = 0; c < {n}; c++) {{
        records[at + 3u + uint(c)] = floatBitsToUint(v[c]);
        records[at + 7u + uint(c)] = floatBitsToUint(change[c]);
    }}
}}
"
    )
}

/// Asserts two fragment captures of [`capture_fragments`] agree: the same fragments
/// (layer and pixel exactly), the interpolated input within the float tolerance plus
/// what a vertex moved by one step of the rasteriser's grid changes it: lavapipe snaps
/// positions to 1/256 pixel, and a position a few units in the last place apart may
/// snap to the neighbouring step, moving the interpolation by up to the input's change
/// across 1/256 pixel (`fwidth / 256`) a vertex; three vertices, 3/256. Returns the
/// records (glslang's).
fn assert_fragments_agree<'a>(what: &str, ours: &'a [u32], reference: &'a [u32]) -> Vec<&'a [u32]> {
    assert_eq!(ours[0], reference[0], "{what}: fragments");
    let n = reference[0] as usize;
    let (a, b) = (sorted(ours, 11, 3, n), sorted(reference, 11, 3, n));
    for (index, (x, y)) in a.iter().zip(&b).enumerate() {
        assert_eq!(x[..3], y[..3], "{what}: fragment {index}: layer and pixel");
        for c in 0..4 {
            let (p, q) = (f32::from_bits(x[3 + c]), f32::from_bits(y[3 + c]));
            let change = f32::from_bits(y[7 + c]).max(f32::from_bits(x[7 + c]));
            let allowed = 1e-5 + 1e-4 * q.abs() + 3.0 * change / 256.0;
            assert!(
                (p - q).abs() <= allowed,
                "{what}: fragment {index} {:?} v[{c}]: ours {p}, glslang {q}",
                &y[..3]
            );
        }
    }
    b
}

/// The one-pass shadow cube: six triangles sent to six layers of a 2D array target,
/// culled per face (face transforms near the identity, so some triangles are culled on
/// some faces), the distance to the light passed on. Every fragment compared
/// ([`assert_fragments_agree`]).
#[test]
fn the_shadow_cube_geometry_draws_as_glslang_draws_it() {
    let (glsl, dksh) = game("g_geom_shadow_cube");
    let mut stream = Stream::new(0x6e0c_0001);
    let mut faces = Vec::new();
    for _ in 0..6 {
        let mut m = stream.floats(16, -0.3, 0.3);
        for k in 0..4 {
            m[5 * k] += 1.0;
        }
        m[12] += stream.float(-1.0, 1.0);
        faces.extend(m);
    }
    faces.extend(stream.floats(4, -1.0, 1.0));
    let vertex = "#version 450\nlayout(location = 0) in vec4 position;\nvoid main() {\n    gl_Position = position;\n}\n";
    let run = StageDraw {
        name: "g_geom_shadow_cube".into(),
        stage: Stage::Geometry,
        glsl,
        dksh,
        companions: vec![
            (Stage::Vertex, vertex.into()),
            (Stage::Fragment, capture_fragments("vec4", true)),
        ],
        geometry_input: GeometryInput::Triangles,
        buffers: vec![(GpuStage::Geometry, uniform(0, floats(faces)))],
        resources: Resources::default(),
        attributes: vec![(0, ComponentKind::Float32, 4)],
        vertices: {
            let mut values = Vec::new();
            for _ in 0..18 {
                values.extend(stream.floats(3, -1.0, 1.0));
                values.push(1.0);
            }
            floats(values)
        },
        draw: draw(PrimitiveKind::Triangles, 18, 1),
        patch_size: None,
        capture: GpuStage::Fragment,
        layers: 6,
    };
    let (ours, reference) = draw_both(&run);
    let b = assert_fragments_agree("g_geom_shadow_cube", &ours, &reference);
    let n = b.len();
    let layers: std::collections::BTreeSet<u32> = b.iter().map(|record| record[0]).collect();
    assert!(
        n > 30 && layers.len() > 2,
        "{n} fragments on layers {layers:?}"
    );
}

/// Phong tessellation with displacement: tangent-plane projections blended, a
/// displacement map read by `textureLod` in the evaluation stage, fractional-even
/// spacing, levels 2 to 4.
#[test]
fn phong_displacement_draws_as_glslang_draws_it() {
    let mut stream = Stream::new(0x9d15_0001);
    let phong = block(
        &mut stream,
        20,
        (-1.0, 1.0),
        &[(16, 0.75f32.to_bits()), (17, 0.3f32.to_bits())],
    );
    evaluation_program(
        "g_tese_phong_displacement",
        0x9d15_0002,
        (8, 3),
        ([3.0, 2.0, 4.0, 0.0, 2.5, 0.0, 0.0, 0.0], phong),
        height_map(0x9d15_0003),
    );
}

/// Geometry fins: silhouette edges (corner normals facing the eye on one side, away on
/// the other) extruded into quads, a `continue` per edge, up to three strips a
/// triangle; every fragment compared ([`assert_fragments_agree`]).
#[test]
fn geometry_fins_draw_as_glslang_draws_them() {
    let (glsl, dksh) = game("g_geom_fins");
    let mut stream = Stream::new(0xf155_0001);
    let mut fins = stream.floats(16, -0.2, 0.2);
    for k in 0..4 {
        fins[5 * k] += 1.0;
    }
    fins.extend([0.3, -0.2, 2.0, 1.0]);
    let run = StageDraw {
        name: "g_geom_fins".into(),
        stage: Stage::Geometry,
        glsl,
        dksh,
        companions: vec![
            (Stage::Vertex, FEEDING_VERTEX.into()),
            (Stage::Fragment, capture_fragments("vec3", false)),
        ],
        geometry_input: GeometryInput::Triangles,
        buffers: vec![(GpuStage::Geometry, uniform(0, floats(fins)))],
        resources: Resources::default(),
        attributes: FEEDING.to_vec(),
        vertices: feeding_attributes(&mut stream, 90),
        draw: draw(PrimitiveKind::Triangles, 90, 1),
        patch_size: None,
        capture: GpuStage::Fragment,
        layers: 1,
    };
    let (ours, reference) = draw_both(&run);
    let records = assert_fragments_agree("g_geom_fins", &ours, &reference);
    assert!(records.len() > 50, "{} fragments", records.len());
}
