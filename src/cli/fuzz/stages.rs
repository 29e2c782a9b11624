//! A random program of each stage: the statements of `expr.rs` inside the stage's own
//! frame (its inputs, builtins and outputs), and the fixed GLSL stages that feed or
//! drain it in a draw.
//!
//! Every program reads `int ints[64]` (storage binding 0), `float floats[64]` (storage
//! binding 1) and a uniform block (`Params`, uniform binding 0), and writes [`OUTPUTS`]
//! words an invocation to `uint results[]` (storage binding 2) at the invocation's index
//! (0 to 63, unique in the draw or dispatch); compute and fragment programs add atomics
//! into the words after them. Graphics stages also write a varying that the fixed
//! fragment stage draws into an 8x8 target (the fragment stage writes the target
//! itself). Which result words hold float bits is returned with the source.

use super::expr::{Allow, Gen, Leaves, Rng};
use super::reduce::END_MARK;

/// Words each invocation writes.
pub const OUTPUTS: usize = 8;
/// Invocations a run compares: one per pixel of the 8x8 target, per vertex, per patch
/// corner or per compute invocation.
pub const INVOCATIONS: usize = 64;
/// Words after the invocations' results that atomics accumulate into.
pub const ATOMIC_WORDS: usize = 4;
/// The target's side.
pub const TARGET_PX: u32 = 8;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FuzzStage {
    Vertex,
    TessControl,
    TessEval,
    Geometry,
    Fragment,
    Compute,
}

impl FuzzStage {
    pub const ALL: [FuzzStage; 6] = [
        FuzzStage::Vertex,
        FuzzStage::TessControl,
        FuzzStage::TessEval,
        FuzzStage::Geometry,
        FuzzStage::Fragment,
        FuzzStage::Compute,
    ];

    /// uam's name of the stage (`-s NAME`).
    pub fn uam_name(self) -> &'static str {
        match self {
            FuzzStage::TessControl => "tess_ctrl",
            FuzzStage::TessEval => "tess_eval",
            other => other.name(),
        }
    }

    /// The CLI's name of the stage (`hookshot shader translate --stage`'s).
    pub fn name(self) -> &'static str {
        match self {
            FuzzStage::Vertex => "vert",
            FuzzStage::TessControl => "tesc",
            FuzzStage::TessEval => "tese",
            FuzzStage::Geometry => "geom",
            FuzzStage::Fragment => "frag",
            FuzzStage::Compute => "comp",
        }
    }

    pub fn from_name(name: &str) -> Option<FuzzStage> {
        FuzzStage::ALL
            .into_iter()
            .find(|stage| stage.name() == name)
    }

    pub fn translator_stage(self) -> shader_translate::Stage {
        use shader_translate::Stage;
        match self {
            FuzzStage::Vertex => Stage::Vertex,
            FuzzStage::TessControl => Stage::TessControl,
            FuzzStage::TessEval => Stage::TessEval,
            FuzzStage::Geometry => Stage::Geometry,
            FuzzStage::Fragment => Stage::Fragment,
            FuzzStage::Compute => Stage::Compute,
        }
    }

    pub fn gpu_stage(self) -> gpu::objects::Stage {
        use gpu::objects::Stage;
        match self {
            FuzzStage::Vertex => Stage::Vertex,
            FuzzStage::TessControl => Stage::TessControl,
            FuzzStage::TessEval => Stage::TessEval,
            FuzzStage::Geometry => Stage::Geometry,
            FuzzStage::Fragment => Stage::Fragment,
            FuzzStage::Compute => Stage::Compute,
        }
    }

    /// Whether the stage's program adds into the atomic words (stages whose invocations
    /// run exactly once each).
    pub fn atomics(self) -> bool {
        matches!(self, FuzzStage::Compute | FuzzStage::Fragment)
    }
}

/// The declarations every program shares.
const RESOURCES: &str = "layout(std430, binding = 0) readonly buffer Ints { int ints[64]; };
layout(std430, binding = 1) readonly buffer Floats { float floats[64]; };
layout(std430, binding = 2) buffer Results { uint results[]; };
layout(std140, binding = 0) uniform Params { vec4 p[4]; ivec4 q; };
layout(binding = 0) uniform sampler2D fz_tex[4];
";

/// Float leaves reading the sampler array at uniform indices (GLSL wants a sampler
/// array's index dynamically uniform), at texel centres or an exact texel, so both sides
/// read the same texels: `texelFetch`, `textureLod`, `textureGather`. uam compiles them to
/// bindless `tld.b`, `tex.b`, `tld4.b` reads of handle words loaded at a run-time offset.
/// (`textureSize` is left out: uam gives its `txq.b` the raw index, not a handle word.)
const TEXTURE_LEAVES: [&str; 3] = [
    "texelFetch(fz_tex[q.z & 3], ivec2(uvec2(i & 7u, (i >> 3u) & 7u)), 0).x",
    "textureLod(fz_tex[q.w & 3], (vec2(uvec2(i & 7u, (i >> 3u) & 7u)) + 0.5) * 0.125, 0.0).y",
    "textureGather(fz_tex[(q.z + 1) & 3], vec2(0.375, 0.625), 2).w",
];

/// Reads every invocation's inputs from its index `i`, as the body expects them. The
/// float constants `f0` to `f5` (0.0, 0.5, -1.5, 3.0, 0.125, 1.0) come from the inputs'
/// fixed words (`expr::float_inputs`), so no float expression is a constant to either
/// compiler: glslang folds constants in double precision and rounds once, where the binary
/// rounds each step (`tests/maxwell_fuzz_open/frag_694`), and uam reassociates constants
/// across a sum (`(y0 - f1) + f1` compiles as `y0`: `geom_3111`) and folds a product by a
/// power of two it finds constant late into an `fmul` scale that cannot hold it
/// (`geom_1179`).
const INPUTS: &str = "    int x0 = ints[i];
    int x1 = ints[(i * 7u + 3u) & 63u];
    uint u0 = uint(ints[(i + 11u) & 63u]);
    float y0 = floats[i];
    float y1 = floats[(i * 5u + 1u) & 63u];
    int acc = x0;
    float facc = y0;
    int arr[4] = int[4](x1, q.y, 3, -7);
    float f0 = floats[0], f1 = floats[2], f2 = floats[5], f3 = floats[10], f4 = f1 * f1 * f1, f5 = f1 + f1;
    // the body
";

/// A fragment program's warp functions: the `GL_KHR_shader_subgroup_*` ones for glslang
/// (which defines `VULKAN`), the ARB ones for uam (a GL front end, Mesa 19's).
const SUBGROUP_MACROS: &str = "#ifdef VULKAN
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_vote : require
#extension GL_KHR_shader_subgroup_shuffle : require
#define LANE gl_SubgroupInvocationID
#define BALLOT_LOW(c) subgroupBallot(c).x
#define ANY_LANE(c) subgroupAny(c)
#define ALL_LANES(c) subgroupAll(c)
#define ALL_EQUAL(c) subgroupAllEqual(c)
#define READ_LANE(v, l) subgroupShuffle(v, l)
#define READ_FIRST(v) subgroupBroadcastFirst(v)
#else
#extension GL_ARB_shader_ballot : require
#extension GL_ARB_shader_group_vote : require
#extension GL_ARB_gpu_shader_int64 : require
#define LANE gl_SubGroupInvocationARB
#define BALLOT_LOW(c) uint(ballotARB(c))
#define ANY_LANE(c) anyInvocationARB(c)
#define ALL_LANES(c) allInvocationsARB(c)
#define ALL_EQUAL(c) allInvocationsEqualARB(c)
#define READ_LANE(v, l) readInvocationARB(v, l)
#define READ_FIRST(v) readFirstInvocationARB(v)
#endif
";

/// `glsl` as glslang takes it for Vulkan: uam reads GL's builtin names.
pub fn vulkan_names(glsl: &str) -> String {
    glsl.replace("gl_VertexID", "gl_VertexIndex")
}

/// Program `seed` of a run over `stages` (the k-th program's stage is `stages[k mod n]`),
/// as `hookshot shader fuzz` makes it: its stage and GLSL.
pub fn program_of_seed(seed: u64, stages: &[FuzzStage]) -> (FuzzStage, String) {
    let stage = stages[(seed % stages.len() as u64) as usize];
    let mut rng = Rng::new(seed);
    (stage, program(stage, &mut rng).0)
}

/// A random program of `stage`, and which of its [`OUTPUTS`] words are float bits.
pub fn program(stage: FuzzStage, rng: &mut Rng) -> (String, [bool; OUTPUTS]) {
    let mut leaves = Leaves {
        ints: vec!["q.x".into(), "arr[x0 & 3]".into()],
        floats: ["p[1].y", "p[2].w"]
            .into_iter()
            .chain(TEXTURE_LEAVES)
            .map(String::from)
            .collect(),
    };
    let (head, prologue, epilogue, allow) = frame(stage, &mut leaves);
    let mut gen = Gen {
        rng,
        depth: 0,
        leaves,
        allow,
        exact: false,
    };
    let mut body = String::new();
    for _ in 0..2 + gen.rng.below(4) {
        gen.statement(0, &mut body, "    ");
    }
    let mut floats = [false; OUTPUTS];
    let mut stores = String::new();
    for (index, is_float) in floats.iter_mut().enumerate() {
        let value = match gen.rng.below(4) {
            0 => format!("uint({})", gen.int()),
            1 => gen.uint(),
            2 => {
                *is_float = true;
                format!("floatBitsToUint({})", gen.float())
            }
            _ => format!("({} ? 1u : 0u)", gen.boolean()),
        };
        stores.push_str(&format!("    results[at + {index}u] = {value};\n"));
    }
    if stage.atomics() {
        let end = INVOCATIONS * OUTPUTS;
        stores.push_str(&format!(
            "    atomicAdd(results[{end}u], uint({}));\n",
            gen.int()
        ));
        stores.push_str(&format!(
            "    atomicMax(results[{}u], {});\n",
            end + 1,
            gen.uint()
        ));
        stores.push_str(&format!(
            "    atomicXor(results[{}u], uint(acc));\n",
            end + 2
        ));
    }
    let source = format!(
        "#version 450\n{head}{RESOURCES}void main() {{\n{prologue}    uint at = i * {OUTPUTS}u;\n\
         {INPUTS}{body}{stores}    {END_MARK}\n{epilogue}}}\n"
    );
    (source, floats)
}

/// The stage's declarations, the lines that set `i` (and its fixed outputs) first, the
/// lines after the stores, and the statements allowed; adds the stage's leaves.
fn frame(stage: FuzzStage, leaves: &mut Leaves) -> (String, String, String, Allow) {
    let allow = Allow {
        returns: true,
        discard: false,
    };
    // `facc` scaled by 0.1, not a power of two: uam (mesa 19) folds a product by a
    // power of two into `facc`'s own product as a scale, and loses one where that
    // product has a scale already (`Gen::float`, tests/maxwell_fuzz_open/geom_1179).
    let varying = "    vout = vec4(facc * 0.1, float(acc & 255) / 255.0, fract(y1), 1.0);\n";
    match stage {
        FuzzStage::Compute => {
            leaves.ints.push("int(gl_LocalInvocationID.x)".into());
            leaves.ints.push("shared_ints[(i + 1u) & 63u]".into());
            (
                "layout(local_size_x = 64) in;\nshared int shared_ints[64];\n".into(),
                "    uint i = gl_LocalInvocationID.x;\n    shared_ints[i] = ints[(i * 3u) & 63u] ^ int(i);\n    barrier();\n".into(),
                String::new(),
                allow,
            )
        }
        FuzzStage::Vertex => {
            leaves.floats.extend(["attr.x".into(), "attr.w".into()]);
            leaves.ints.push("gl_VertexID".into());
            (
                "layout(location = 0) in vec4 attr;\nlayout(location = 0) out vec4 vout;\n".into(),
                "    uint i = uint(gl_VertexID);\n    gl_Position = vec4(float(i & 7u) * 0.25 - 0.875, float(i >> 3u) * 0.25 - 0.875, 0.0, 1.0);\n    gl_PointSize = 1.0;\n    vout = attr;\n".into(),
                varying.into(),
                allow,
            )
        }
        FuzzStage::Fragment => {
            leaves.floats.extend([
                "v0.x".into(),
                "v1.y".into(),
                "v2.z".into(),
                "d0".into(),
                "gl_FragCoord.x".into(),
                "w0".into(),
                "o0".into(),
                "o1".into(),
            ]);
            leaves.ints.extend([
                "int(bitCount(b0))".into(),
                "(ANY_LANE(x0 > x1) ? 1 : 0)".into(),
                "(ALL_LANES(acc >= 0) ? 3 : -3)".into(),
                "(ALL_EQUAL(acc > q.x) ? 5 : -5)".into(),
                "int(BALLOT_LOW(acc < x1) & 0xffu)".into(),
            ]);
            // Derivatives and the neighbouring lane's value first, in uniform control
            // flow, before any discard or return (a shuffle from a lane not taking
            // part is undefined); votes and ballots anywhere. No first lane's value:
            // lavapipe aborts compiling some of glslang's modules with
            // `subgroupBroadcastFirst` (tests/maxwell_fuzz_open/frag_60). Inputs at
            // offsets (multiples of 1/4096, which the binary's S0.12 word holds exactly)
            // and at sample 0, the target's one sample, in the prologue too.
            (
                format!("{SUBGROUP_MACROS}layout(location = 0) in vec4 v0;\nlayout(location = 1) flat in vec4 v1;\nlayout(location = 2) noperspective in vec4 v2;\nlayout(location = 0) out vec4 colour;\n"),
                "    uint i = uint(gl_FragCoord.y) * 8u + uint(gl_FragCoord.x);\n    float d0 = dFdx(v0.x * v2.y) + dFdy(v0.y) * 0.5 + fwidth(v2.x);\n    float w0 = READ_LANE(v0.x * 3.0 + v2.y, LANE ^ 1u);\n    uint b0 = BALLOT_LOW(v2.y > 0.5);\n    float o0 = interpolateAtOffset(v0, vec2(0.25, -0.125)).x + interpolateAtSample(v2, 0).y;\n    float o1 = interpolateAtOffset(v2, vec2(-0.375, 0.3125)).z;\n    colour = vec4(v0.xy * 0.25, d0, 1.0);\n".into(),
                "    colour = vec4(facc * 0.1, float(acc & 255) / 255.0, fract(y1), 1.0);\n".into(),
                Allow {
                    returns: true,
                    discard: true,
                },
            )
        }
        FuzzStage::Geometry => {
            leaves.floats.push("vin[0].y".into());
            leaves.ints.push("gl_PrimitiveIDIn".into());
            (
                "layout(points) in;\nlayout(triangle_strip, max_vertices = 3) out;\nlayout(location = 0) in vec4 vin[];\nlayout(location = 0) out vec4 vout;\n".into(),
                "    uint i = uint(gl_PrimitiveIDIn);\n".into(),
                format!(
                    "{varying}    for (int v = 0; v < 3; v++) {{\n        gl_Position = gl_in[0].gl_Position + vec4(float(v & 1) * 0.2, float(v >> 1) * 0.2, 0.0, 0.0);\n        EmitVertex();\n    }}\n    EndPrimitive();\n"
                ),
                allow,
            )
        }
        FuzzStage::TessControl => {
            leaves.floats.push("vin[gl_InvocationID].x".into());
            // The invocation id as `i`'s low bits, not `gl_InvocationID` itself: lavapipe
            // (Mesa 22.3) crashes running glslang's module of `c ? gl_InvocationID :
            // arr[k]` (docs/maxwell-fuzzing.md).
            leaves.ints.push("(int(i) & 3)".into());
            // A barrier(), no early return before it. No read of another invocation's
            // output after it: the translation writes a control program's outputs at
            // its exit and refuses `ld o` (docs/maxwell-fuzzing.md).
            (
                "layout(vertices = 4) out;\nlayout(location = 0) in vec4 vin[];\nlayout(location = 0) out vec4 vout[];\n".into(),
                "    uint i = uint(gl_PrimitiveID) * 4u + uint(gl_InvocationID);\n    gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;\n    vout[gl_InvocationID] = vin[gl_InvocationID] * float(i & 3u);\n    if (gl_InvocationID == 0) {\n        gl_TessLevelOuter[0] = 1.0;\n        gl_TessLevelOuter[1] = 1.0;\n        gl_TessLevelOuter[2] = 1.0;\n        gl_TessLevelOuter[3] = 1.0;\n        gl_TessLevelInner[0] = 1.0;\n        gl_TessLevelInner[1] = 1.0;\n    }\n    barrier();\n".into(),
                "    vout[gl_InvocationID] = vec4(facc * 0.1, float(acc & 255) / 255.0, fract(y1), 1.0);\n".into(),
                allow,
            )
        }
        FuzzStage::TessEval => {
            leaves.floats.extend([
                "gl_TessCoord.x".into(),
                "vin[1].y".into(),
                "vin[3].z".into(),
            ]);
            leaves.ints.push("gl_PrimitiveID".into());
            (
                "layout(quads, equal_spacing, ccw) in;\nlayout(location = 0) in vec4 vin[];\nlayout(location = 0) out vec4 vout;\n".into(),
                "    uint i = uint(gl_PrimitiveID) * 4u + uint(round(gl_TessCoord.x)) + 2u * uint(round(gl_TessCoord.y));\n    gl_Position = mix(mix(gl_in[0].gl_Position, gl_in[1].gl_Position, gl_TessCoord.x), mix(gl_in[3].gl_Position, gl_in[2].gl_Position, gl_TessCoord.x), gl_TessCoord.y);\n    vout = vin[0];\n".into(),
                varying.into(),
                allow,
            )
        }
    }
}

/// The fixed GLSL stages (through glslang on both sides) that make a draw of `stage`'s
/// program: `(stage, source)` in pipeline order, the tested stage left out.
pub fn companions(stage: FuzzStage) -> Vec<(FuzzStage, &'static str)> {
    match stage {
        FuzzStage::Compute => Vec::new(),
        FuzzStage::Vertex => vec![(FuzzStage::Fragment, DRAIN_FRAG)],
        FuzzStage::Fragment => vec![(FuzzStage::Vertex, FEED_FULLSCREEN_VERT)],
        FuzzStage::Geometry => vec![
            (FuzzStage::Vertex, FEED_POINTS_VERT),
            (FuzzStage::Fragment, DRAIN_FRAG),
        ],
        FuzzStage::TessControl => vec![
            (FuzzStage::Vertex, FEED_PATCH_VERT),
            (FuzzStage::TessEval, PLAIN_TESE),
            (FuzzStage::Fragment, DRAIN_FRAG),
        ],
        FuzzStage::TessEval => vec![
            (FuzzStage::Vertex, FEED_PATCH_VERT),
            (FuzzStage::TessControl, PLAIN_TESC),
            (FuzzStage::Fragment, DRAIN_FRAG),
        ],
    }
}

/// Draws the varying at location 0 into the target.
const DRAIN_FRAG: &str = "#version 450
layout(location = 0) in vec4 vin;
layout(location = 0) out vec4 colour;
void main() {
    colour = vin;
}
";

/// One triangle over the target, three varyings (smooth, flat, noperspective) of ramps.
const FEED_FULLSCREEN_VERT: &str = "#version 450
layout(location = 0) out vec4 v0;
layout(location = 1) flat out vec4 v1;
layout(location = 2) noperspective out vec4 v2;
void main() {
    vec2 p = vec2(float((gl_VertexIndex & 1) * 4 - 1), float((gl_VertexIndex & 2) * 2 - 1));
    gl_Position = vec4(p, 0.0, 1.0);
    v0 = vec4(p.x * 3.0 + 0.5, p.y * 2.0 - 0.25, p.x - p.y, 1.0);
    v1 = vec4(float(gl_VertexIndex), 2.0, -3.0, 0.5);
    v2 = vec4(p.y * 4.0, p.x * -1.5, 0.125, p.x * p.y);
}
";

/// A point at each pixel's centre, a varying of its index.
const FEED_POINTS_VERT: &str = "#version 450
layout(location = 0) out vec4 vout;
void main() {
    uint i = uint(gl_VertexIndex);
    gl_Position = vec4(float(i & 7u) * 0.25 - 0.875, float(i >> 3u) * 0.25 - 0.875, 0.0, 1.0);
    gl_PointSize = 1.0;
    vout = vec4(float(i) * 0.25, float(i & 7u) - 3.5, 0.5, 1.0);
}
";

/// Patches of four corners, a square around each 2x2 pixels, one per four vertices.
const FEED_PATCH_VERT: &str = "#version 450
layout(location = 0) out vec4 vout;
void main() {
    uint patch_index = uint(gl_VertexIndex) >> 2u;
    uint corner = uint(gl_VertexIndex) & 3u;
    vec2 origin = vec2(float(patch_index & 3u), float(patch_index >> 2u)) * 0.5 - 1.0;
    vec2 offset = vec2(corner == 1u || corner == 2u ? 0.5 : 0.0, corner >= 2u ? 0.5 : 0.0);
    gl_Position = vec4(origin + offset, 0.0, 1.0);
    vout = vec4(float(gl_VertexIndex) * 0.125, offset, 1.0);
}
";

/// Passes the corners through; every level 1.
const PLAIN_TESC: &str = "#version 450
layout(vertices = 4) out;
layout(location = 0) in vec4 vin[];
layout(location = 0) out vec4 vout[];
void main() {
    gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;
    vout[gl_InvocationID] = vin[gl_InvocationID];
    gl_TessLevelOuter[0] = 1.0;
    gl_TessLevelOuter[1] = 1.0;
    gl_TessLevelOuter[2] = 1.0;
    gl_TessLevelOuter[3] = 1.0;
    gl_TessLevelInner[0] = 1.0;
    gl_TessLevelInner[1] = 1.0;
}
";

/// The quad's corners, the varying bilinear.
const PLAIN_TESE: &str = "#version 450
layout(quads, equal_spacing, ccw) in;
layout(location = 0) in vec4 vin[];
layout(location = 0) out vec4 vout;
void main() {
    vec2 t = gl_TessCoord.xy;
    gl_Position = mix(mix(gl_in[0].gl_Position, gl_in[1].gl_Position, t.x), mix(gl_in[3].gl_Position, gl_in[2].gl_Position, t.x), t.y);
    vout = mix(mix(vin[0], vin[1], t.x), mix(vin[3], vin[2], t.x), t.y);
}
";
