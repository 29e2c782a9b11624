//! The rule of issue 17, as a table: every variant of `StateChange` and `Command`, and
//! every field of the state, is either executed (a pixel or byte test against a CPU model
//! exists for it, named here and found in its file) or refused when recorded on a device
//! that lacks what it needs (recorded here on the real driver told to offer less, and the
//! refusal must name the capability). Nothing is accepted and ignored.
//!
//! `fields` destructures every variant and struct without `..`: a new variant or field
//! does not compile until it is listed, and the test fails until the table covers it.

mod common;

use common::rig::Rig;
use gpu::command::{Command, TextureClear};
use gpu::state::*;
use gpu::{DeviceFeatures, RecordError};
use gpu_vk::executor::ExecutorOptions;

/// Test files by the name the table uses, with their text.
const SOURCES: [(&str, &str); 19] = [
    ("capi_examples", include_str!("../capi/tests/examples.rs")),
    ("transform_feedback", include_str!("transform_feedback.rs")),
    ("tessellation", include_str!("tessellation.rs")),
    ("geometry", include_str!("geometry.rs")),
    ("uniform_update", include_str!("uniform_update.rs")),
    ("counters", include_str!("counters.rs")),
    ("fixed_function", include_str!("fixed_function.rs")),
    ("window_origin", include_str!("window_origin.rs")),
    ("polygon_smoothing", include_str!("polygon_smoothing.rs")),
    ("executor", include_str!("executor.rs")),
    ("draw_sequences", include_str!("draw_sequences/main.rs")),
    ("vertex_input", include_str!("vertex_input.rs")),
    (
        "executor::plan",
        include_str!("../gpu/vk/src/executor/plan/tests.rs"),
    ),
    // Issue 17, clears outside passes.
    ("buffer_fill", include_str!("buffer_fill.rs")),
    ("texture_clear", include_str!("texture_clear.rs")),
    // Issue 17, debug groups and labels.
    ("debug_labels", include_str!("debug_labels.rs")),
    (
        "debug_labels_tracing",
        include_str!("debug_labels_tracing.rs"),
    ),
    // Issue 18, multisampling.
    ("multisample", include_str!("multisample.rs")),
    ("multisample_fetch", include_str!("multisample_fetch.rs")),
];

/// How one field (or variant) keeps the rule.
enum Coverage {
    /// `(file, test)`: the test that checks it executed against a CPU model.
    Executed(&'static str, &'static str),
    /// Refused when recorded without `capability`: `probe` sets it, `withhold` takes the
    /// capability from an otherwise full device.
    Refused {
        probe: StateChange,
        withhold: fn(&mut DeviceFeatures),
        capability: &'static str,
    },
}

use Coverage::{Executed, Refused};

const FF: &str = "fixed_function";
const SAMPLE_LOCATIONS_PROBE: StateChange = StateChange::SampleLocations(SampleLocations {
    enabled: true,
    grid: false,
    locations: [gpu::state::SampleLocation {
        x_16ths: 3,
        y_16ths: 12,
    }; gpu::state::MAX_SAMPLE_LOCATIONS],
});
const WO: &str = "window_origin";
const MS: &str = "multisample";
const ALPHA_TEST: &str = "the_alpha_test_keeps_what_passes_each_compare_as_the_cpu_model_says";

/// The names of every field of `change`'s variant (the variant itself for fieldless
/// ones). Exhaustive on purpose: no `..`, no `_`.
fn fields(change: &StateChange) -> Vec<&'static str> {
    match change {
        StateChange::Blend {
            target: _,
            state:
                BlendState {
                    enabled: _,
                    color:
                        BlendEquation {
                            src_factor: _,
                            dst_factor: _,
                            op: _,
                        },
                    alpha: _,
                },
        } => vec![
            "Blend.target",
            "Blend.enabled",
            "Blend.factors",
            "Blend.second source factors",
            "Blend.op",
            "Blend.alpha",
        ],
        StateChange::BlendConstant(_) => vec!["BlendConstant"],
        StateChange::BlendEnables(_) => vec!["BlendEnables"],
        StateChange::WriteMasks(_) => vec!["WriteMasks"],
        StateChange::LogicOp(_) => vec!["LogicOp"],
        StateChange::DepthStencil(DepthStencilState {
            depth_test: _,
            depth_write: _,
            depth_compare: _,
            stencil_test: _,
            front:
                StencilFace {
                    fail: _,
                    depth_fail: _,
                    pass: _,
                    compare: _,
                    reference: _,
                    read_mask: _,
                    write_mask: _,
                },
            back: _,
        }) => vec![
            "DepthStencil.depth_test",
            "DepthStencil.depth_write",
            "DepthStencil.depth_compare",
            "DepthStencil.stencil_test",
            "DepthStencil.front",
            "DepthStencil.back",
            "StencilFace.ops",
            "StencilFace.compare",
            "StencilFace.reference",
            "StencilFace.read_mask",
            "StencilFace.write_mask",
        ],
        StateChange::Rasterizer(RasterizerState {
            cull: _,
            front_face: _,
            polygon_mode: _,
            depth_clamp: _,
            discard: _,
            line_width_px: _,
            point_size_px: _,
        }) => vec![
            "Rasterizer.cull",
            "Rasterizer.front_face",
            "Rasterizer.polygon_mode",
            "Rasterizer.depth_clamp",
            "Rasterizer.discard",
            "Rasterizer.line_width_px",
            "Rasterizer.point_size_px",
        ],
        StateChange::PolygonOffset(PolygonOffset {
            factor: _,
            units: _,
            clamp: _,
            fill: _,
            line: _,
            point: _,
        }) => vec![
            "PolygonOffset.factor",
            "PolygonOffset.units",
            "PolygonOffset.clamp",
            "PolygonOffset.fill",
            "PolygonOffset.line",
            "PolygonOffset.point",
        ],
        StateChange::Viewports {
            first: _,
            viewports: _,
        } => {
            let Viewport {
                x_px: _,
                y_px: _,
                width_px: _,
                height_px: _,
                min_depth: _,
                max_depth: _,
            } = Viewport::covering(1, 1);
            vec![
                "Viewports.rectangle",
                "Viewports.depth range",
                "Viewports 1-15",
            ]
        }
        StateChange::Scissors {
            first: _,
            scissors: _,
        } => {
            let Scissor {
                x_px: _,
                y_px: _,
                width_px: _,
                height_px: _,
            } = Scissor::covering(1, 1);
            vec!["Scissors.rectangle", "Scissors 1-15"]
        }
        StateChange::VertexAttributes(_) => {
            let VertexAttribute {
                location: _,
                stream: _,
                format:
                    VertexFormat {
                        kind: _,
                        components: _,
                    },
                offset_b: _,
            } = VERTEX_ATTRIBUTE;
            vec![
                "VertexAttributes.location",
                "VertexAttributes.stream",
                "VertexAttributes.format",
                "VertexAttributes.offset_b",
            ]
        }
        StateChange::VertexStreams(_) => {
            let VertexStream {
                stride_b: _,
                divisor: _,
            } = VERTEX_STREAM;
            vec![
                "VertexStreams.stride_b",
                "VertexStreams.divisor 0 and 1",
                "VertexStreams.divisor above 1",
            ]
        }
        StateChange::PrimitiveRestart(_) => vec!["PrimitiveRestart"],
        StateChange::DepthMode(_) => vec!["DepthMode"],
        StateChange::WindowOrigin(_) => vec!["WindowOrigin"],
        StateChange::ClipYAxis(_) => vec!["ClipYAxis"],
        StateChange::ProvokingVertex(_) => vec!["ProvokingVertex"],
        StateChange::DepthBounds(_) => {
            let DepthBounds { min: _, max: _ } = DepthBounds { min: 0.0, max: 1.0 };
            vec!["DepthBounds"]
        }
        StateChange::PatchSize(_) => vec!["PatchSize"],
        StateChange::InnerTessellationLevels(_) => vec!["InnerTessellationLevels"],
        StateChange::OuterTessellationLevels(_) => vec!["OuterTessellationLevels"],
        StateChange::ProgramPointSize(_) => vec!["ProgramPointSize"],
        StateChange::AlphaTest(_) => {
            let AlphaTest {
                compare: _,
                reference: _,
            } = AlphaTest {
                compare: CompareOp::Always,
                reference: 0.0,
            };
            vec!["AlphaTest.compare", "AlphaTest.reference"]
        }
        StateChange::Smoothing(Smoothing {
            lines: _,
            polygons: _,
        }) => vec!["Smoothing.lines", "Smoothing.polygons"],
        StateChange::Multisample(MultisampleState {
            sample_mask: _,
            alpha_to_coverage: _,
            alpha_to_one: _,
            min_sample_shading: _,
        }) => vec![
            "Multisample.sample_mask",
            "Multisample.alpha_to_coverage",
            "Multisample.alpha_to_one",
            "Multisample.min_sample_shading",
        ],
        StateChange::SampleLocations(SampleLocations {
            enabled: _,
            grid: _,
            locations: _,
        }) => vec![
            "SampleLocations.enabled",
            "SampleLocations.grid",
            "SampleLocations.locations",
        ],
    }
}

const VERTEX_ATTRIBUTE: VertexAttribute = VertexAttribute {
    location: 0,
    stream: 0,
    format: VertexFormat {
        kind: ComponentKind::Float32,
        components: 4,
    },
    offset_b: 0,
};
/// One attribute of a packed `kind` whose vertex-buffer support Vulkan leaves optional.
fn packed_attribute(kind: ComponentKind, components: u8) -> StateChange {
    StateChange::VertexAttributes(vec![VertexAttribute {
        format: VertexFormat { kind, components },
        ..VERTEX_ATTRIBUTE
    }])
}

const VERTEX_STREAM: VertexStream = VertexStream {
    stride_b: 16,
    divisor: 0,
};

/// One value of every variant.
fn every_variant() -> Vec<StateChange> {
    vec![
        StateChange::Blend {
            target: 0,
            state: BlendState::default(),
        },
        StateChange::BlendConstant([0.0; 4]),
        StateChange::BlendEnables(0),
        StateChange::WriteMasks([ComponentMask::ALL; MAX_COLOR_TARGETS]),
        StateChange::LogicOp(None),
        StateChange::DepthStencil(DepthStencilState::default()),
        StateChange::Rasterizer(RasterizerState::default()),
        StateChange::PolygonOffset(PolygonOffset::default()),
        StateChange::Viewports {
            first: 0,
            viewports: vec![],
        },
        StateChange::Scissors {
            first: 0,
            scissors: vec![],
        },
        StateChange::VertexAttributes(vec![]),
        StateChange::VertexStreams(vec![]),
        StateChange::PrimitiveRestart(None),
        StateChange::DepthMode(DepthMode::ZeroToOne),
        StateChange::WindowOrigin(WindowOrigin::UpperLeft),
        StateChange::ClipYAxis(ClipYAxis::Up),
        StateChange::ProvokingVertex(ProvokingVertex::First),
        StateChange::DepthBounds(None),
        StateChange::PatchSize(3),
        StateChange::InnerTessellationLevels([1.0; 2]),
        StateChange::OuterTessellationLevels([1.0; 4]),
        StateChange::ProgramPointSize(false),
        StateChange::AlphaTest(None),
        StateChange::Smoothing(Smoothing::default()),
        StateChange::Multisample(MultisampleState::default()),
        StateChange::SampleLocations(SampleLocations::default()),
    ]
}

fn raster(change: fn(&mut RasterizerState)) -> StateChange {
    let mut state = RasterizerState::default();
    change(&mut state);
    StateChange::Rasterizer(state)
}

/// The table: each field's coverage, one or more ways.
fn table() -> Vec<(&'static str, Vec<Coverage>)> {
    let blend = ("fixed_function", "blending_follows_the_cpu_equation");
    let depth = ("executor", "depth_tested_draws_follow_the_cleared_depth");
    let stencil = (FF, "stencil_faces_and_masks_follow_the_cpu_model");
    let bias = (FF, "depth_bias_is_clamped_and_applies_to_its_polygon_mode");
    let sequences = (
        "draw_sequences",
        "random_draw_sequences_match_the_cpu_model",
    );
    let formats = (
        "vertex_input",
        "every_vertex_format_reads_as_the_cpu_converts_it",
    );
    let executed = |(file, test): (&'static str, &'static str)| Executed(file, test);
    vec![
        ("Blend.target", vec![executed(blend)]),
        ("Blend.enabled", vec![executed(blend)]),
        ("Blend.factors", vec![executed(blend)]),
        (
            "Blend.second source factors",
            vec![
                Executed(FF, "dual_source_blending_reads_the_second_colour"),
                Refused {
                    probe: StateChange::Blend {
                        target: 0,
                        state: BlendState {
                            enabled: true,
                            color: BlendEquation {
                                src_factor: BlendFactor::Src1Color,
                                ..BlendEquation::REPLACE
                            },
                            alpha: BlendEquation::REPLACE,
                        },
                    },
                    withhold: |f| f.dual_src_blend = false,
                    capability: "dualSrcBlend",
                },
            ],
        ),
        ("Blend.op", vec![executed(blend)]),
        ("Blend.alpha", vec![executed(blend)]),
        ("BlendConstant", vec![executed(blend)]),
        ("BlendEnables", vec![executed(blend)]),
        ("WriteMasks", vec![executed(sequences)]),
        (
            "LogicOp",
            vec![
                Executed(FF, "logic_ops_combine_the_bits_as_the_cpu_does"),
                Refused {
                    probe: StateChange::LogicOp(Some(LogicOp::Xor)),
                    withhold: |f| f.logic_op = false,
                    capability: "logicOp",
                },
            ],
        ),
        ("DepthStencil.depth_test", vec![executed(depth)]),
        ("DepthStencil.depth_write", vec![executed(depth)]),
        ("DepthStencil.depth_compare", vec![executed(depth)]),
        ("DepthStencil.stencil_test", vec![executed(stencil)]),
        ("DepthStencil.front", vec![executed(stencil)]),
        ("DepthStencil.back", vec![executed(stencil)]),
        ("StencilFace.ops", vec![executed(stencil)]),
        ("StencilFace.compare", vec![executed(stencil)]),
        ("StencilFace.reference", vec![executed(stencil)]),
        ("StencilFace.read_mask", vec![executed(stencil)]),
        ("StencilFace.write_mask", vec![executed(stencil)]),
        (
            "Rasterizer.cull",
            vec![Executed(
                FF,
                "culling_follows_the_winding_and_discard_draws_nothing",
            )],
        ),
        (
            "Rasterizer.front_face",
            vec![Executed(
                FF,
                "culling_follows_the_winding_and_discard_draws_nothing",
            )],
        ),
        (
            "Rasterizer.polygon_mode",
            vec![
                Executed(FF, "polygon_modes_draw_edges_corners_or_the_inside"),
                Refused {
                    probe: raster(|r| r.polygon_mode = PolygonMode::Line),
                    withhold: |f| f.fill_mode_non_solid = false,
                    capability: "fillModeNonSolid",
                },
            ],
        ),
        (
            "Rasterizer.depth_clamp",
            vec![
                Executed(FF, "depth_clamp_keeps_what_lies_past_the_far_plane"),
                Refused {
                    probe: raster(|r| r.depth_clamp = true),
                    withhold: |f| f.depth_clamp = false,
                    capability: "depthClamp",
                },
            ],
        ),
        (
            "Rasterizer.discard",
            vec![Executed(
                FF,
                "culling_follows_the_winding_and_discard_draws_nothing",
            )],
        ),
        (
            "Rasterizer.line_width_px",
            vec![
                Executed(FF, "line_width_widens_lines_as_the_cpu_model_says"),
                Refused {
                    probe: raster(|r| r.line_width_px = 4.0),
                    withhold: |f| f.wide_lines = false,
                    capability: "wideLines",
                },
            ],
        ),
        (
            "Rasterizer.point_size_px",
            vec![
                Executed(
                    FF,
                    "point_size_is_fixed_or_the_programs_as_the_cpu_model_says",
                ),
                Refused {
                    probe: raster(|r| r.point_size_px = 4.0),
                    withhold: |f| f.large_points = false,
                    capability: "largePoints",
                },
            ],
        ),
        (
            "Smoothing.lines",
            vec![
                Executed(FF, "smooth_lines_cover_their_edge_pixels_partly"),
                Refused {
                    probe: StateChange::Smoothing(Smoothing {
                        lines: true,
                        polygons: false,
                    }),
                    withhold: |f| f.smooth_lines = false,
                    capability: "smoothLines (VK_EXT_line_rasterization)",
                },
            ],
        ),
        (
            "Smoothing.polygons",
            vec![
                Executed(
                    "polygon_smoothing",
                    "polygon_smoothing_leaves_lines_as_they_are",
                ),
                Executed(
                    "polygon_smoothing",
                    "a_draw_that_fills_polygons_with_polygon_smoothing_is_refused",
                ),
            ],
        ),
        // Issue 18, multisampling.
        (
            "Multisample.sample_mask",
            vec![Executed(MS, "the_sample_mask_writes_exactly_its_samples")],
        ),
        (
            "Multisample.alpha_to_coverage",
            vec![Executed(
                MS,
                "alpha_to_coverage_covers_no_sample_at_zero_all_at_one_and_more_as_alpha_grows",
            )],
        ),
        (
            "Multisample.alpha_to_one",
            vec![
                Executed(MS, "alpha_to_one_blends_as_if_alpha_were_one"),
                Refused {
                    probe: StateChange::Multisample(MultisampleState {
                        alpha_to_one: true,
                        ..MultisampleState::default()
                    }),
                    withhold: |f| f.alpha_to_one = false,
                    capability: "alphaToOne",
                },
            ],
        ),
        (
            "Multisample.min_sample_shading",
            vec![
                Executed(
                    MS,
                    "full_sample_shading_runs_the_fragment_stage_at_each_sample",
                ),
                Refused {
                    probe: StateChange::Multisample(MultisampleState {
                        min_sample_shading: Some(1.0),
                        ..MultisampleState::default()
                    }),
                    withhold: |f| f.sample_rate_shading = false,
                    capability: "sampleRateShading",
                },
            ],
        ),
        // Programmable sample locations: enabled ones need VK_EXT_sample_locations
        // (`DeviceFeatures::sample_locations`), the grid a 2x2 grid for some count.
        (
            "SampleLocations.enabled",
            vec![Refused {
                probe: SAMPLE_LOCATIONS_PROBE,
                withhold: |f| f.sample_locations = false,
                capability: "VK_EXT_sample_locations",
            }],
        ),
        (
            "SampleLocations.grid",
            vec![Refused {
                probe: StateChange::SampleLocations(SampleLocations {
                    enabled: true,
                    grid: true,
                    ..SampleLocations::default()
                }),
                withhold: |f| f.sample_locations = false,
                capability: "VK_EXT_sample_locations",
            }],
        ),
        (
            "SampleLocations.locations",
            vec![Refused {
                probe: SAMPLE_LOCATIONS_PROBE,
                withhold: |f| f.sample_locations = false,
                capability: "VK_EXT_sample_locations",
            }],
        ),
        ("AlphaTest.compare", vec![Executed(FF, ALPHA_TEST)]),
        ("AlphaTest.reference", vec![Executed(FF, ALPHA_TEST)]),
        (
            "ProgramPointSize",
            vec![Executed(
                FF,
                "point_size_is_fixed_or_the_programs_as_the_cpu_model_says",
            )],
        ),
        (
            "PolygonOffset.factor",
            vec![Executed(
                FF,
                "depth_bias_slope_factor_scales_the_depth_slope",
            )],
        ),
        ("PolygonOffset.units", vec![executed(bias)]),
        (
            "PolygonOffset.clamp",
            vec![
                executed(bias),
                Refused {
                    probe: StateChange::PolygonOffset(PolygonOffset {
                        clamp: 0.5,
                        ..PolygonOffset::default()
                    }),
                    withhold: |f| f.depth_bias_clamp = false,
                    capability: "depthBiasClamp",
                },
            ],
        ),
        ("PolygonOffset.fill", vec![executed(bias)]),
        ("PolygonOffset.line", vec![executed(bias)]),
        ("PolygonOffset.point", vec![executed(bias)]),
        (
            "Viewports.rectangle",
            vec![
                executed(sequences),
                Executed(
                    WO,
                    "origins_axes_windings_viewports_and_scissors_follow_deko3d",
                ),
            ],
        ),
        (
            "Viewports.depth range",
            vec![Executed(
                FF,
                "depth_mode_and_the_viewport_depth_range_map_z_as_the_cpu_model_says",
            )],
        ),
        (
            "Viewports 1-15",
            vec![Executed(
                FF,
                "viewports_scissors_and_depth_ranges_1_to_15_follow_the_viewport_index",
            )],
        ),
        (
            "Scissors.rectangle",
            vec![
                executed(sequences),
                Executed(FF, "clears_honour_the_scissor"),
            ],
        ),
        (
            "Scissors 1-15",
            vec![Executed(
                FF,
                "viewports_scissors_and_depth_ranges_1_to_15_follow_the_viewport_index",
            )],
        ),
        ("VertexAttributes.location", vec![executed(formats)]),
        ("VertexAttributes.stream", vec![executed(formats)]),
        (
            "VertexAttributes.format",
            vec![
                executed(formats),
                Executed(
                    "vertex_input",
                    "optional_packed_vertex_formats_read_as_the_cpu_decodes_them_or_are_refused",
                ),
                Refused {
                    probe: packed_attribute(ComponentKind::Ufloat111110, 3),
                    withhold: |f| f.formats.vertex_ufloat_11_11_10 = false,
                    capability: "VERTEX_BUFFER of B10G11R11_UFLOAT_PACK32",
                },
                Refused {
                    probe: packed_attribute(ComponentKind::Snorm1010102, 4),
                    withhold: |f| f.formats.vertex_snorm_10_10_10_2 = false,
                    capability: "VERTEX_BUFFER of A2B10G10R10_SNORM_PACK32",
                },
                Refused {
                    probe: packed_attribute(ComponentKind::Sint1010102, 4),
                    withhold: |f| f.formats.vertex_sint_10_10_10_2 = false,
                    capability: "VERTEX_BUFFER of A2B10G10R10_SINT_PACK32",
                },
                Refused {
                    probe: packed_attribute(ComponentKind::Sscaled1010102, 4),
                    withhold: |f| f.formats.vertex_sscaled_10_10_10_2 = false,
                    capability: "VERTEX_BUFFER of A2B10G10R10_SSCALED_PACK32",
                },
            ],
        ),
        ("VertexAttributes.offset_b", vec![executed(formats)]),
        ("VertexStreams.stride_b", vec![executed(formats)]),
        (
            "VertexStreams.divisor 0 and 1",
            vec![Executed(
                "vertex_input",
                "per_instance_streams_advance_once_an_instance",
            )],
        ),
        (
            "VertexStreams.divisor above 1",
            vec![
                Executed(
                    "vertex_input",
                    "instance_divisors_above_1_repeat_each_element",
                ),
                Refused {
                    probe: StateChange::VertexStreams(vec![VertexStream {
                        stride_b: 16,
                        divisor: 2,
                    }]),
                    withhold: |f| f.max_instance_divisor = 1,
                    capability:
                        "vertexAttributeInstanceRateDivisor (VK_EXT_vertex_attribute_divisor)",
                },
            ],
        ),
        (
            "PrimitiveRestart",
            vec![Executed(
                "vertex_input",
                "primitive_restart_cuts_strips_at_the_restart_index",
            )],
        ),
        (
            "DepthMode",
            vec![
                Executed(
                    FF,
                    "depth_mode_and_the_viewport_depth_range_map_z_as_the_cpu_model_says",
                ),
                Refused {
                    probe: StateChange::DepthMode(DepthMode::MinusOneToOne),
                    withhold: |f| f.depth_clip_control = false,
                    capability: "depthClipControl (VK_EXT_depth_clip_control)",
                },
            ],
        ),
        (
            "WindowOrigin",
            vec![
                Executed(
                    WO,
                    "origins_axes_windings_viewports_and_scissors_follow_deko3d",
                ),
                Executed(WO, "gl_frag_coord_counts_from_the_first_row_in_every_mode"),
            ],
        ),
        (
            "ClipYAxis",
            vec![
                Executed(
                    WO,
                    "origins_axes_windings_viewports_and_scissors_follow_deko3d",
                ),
                Executed(WO, "gl_frag_coord_counts_from_the_first_row_in_every_mode"),
            ],
        ),
        (
            "ProvokingVertex",
            vec![
                Executed(FF, "the_provoking_vertex_gives_flat_outputs_their_vertex"),
                Refused {
                    probe: StateChange::ProvokingVertex(ProvokingVertex::Last),
                    withhold: |f| f.provoking_vertex_last = false,
                    capability: "provokingVertexLast (VK_EXT_provoking_vertex)",
                },
            ],
        ),
        (
            "DepthBounds",
            vec![
                Executed(FF, "the_depth_bounds_test_reads_the_depth_already_there"),
                Refused {
                    probe: StateChange::DepthBounds(Some(DepthBounds { min: 0.0, max: 0.5 })),
                    withhold: |f| f.depth_bounds = false,
                    capability: "depthBounds",
                },
            ],
        ),
        (
            "PatchSize",
            vec![
                Executed(
                    "tessellation",
                    "a_quad_patch_is_tessellated_by_its_control_stages_levels",
                ),
                Refused {
                    probe: StateChange::PatchSize(4),
                    withhold: |f| f.tessellation_shader = false,
                    capability: "tessellationShader",
                },
            ],
        ),
        (
            "InnerTessellationLevels",
            vec![
                Executed(
                    "tessellation",
                    "a_program_without_a_control_stage_takes_the_level_state",
                ),
                Refused {
                    probe: StateChange::InnerTessellationLevels([2.0; 2]),
                    withhold: |f| f.tessellation_shader = false,
                    capability: "tessellationShader",
                },
            ],
        ),
        (
            "OuterTessellationLevels",
            vec![
                Executed(
                    "tessellation",
                    "a_program_without_a_control_stage_takes_the_level_state",
                ),
                Refused {
                    probe: StateChange::OuterTessellationLevels([2.0; 4]),
                    withhold: |f| f.tessellation_shader = false,
                    capability: "tessellationShader",
                },
            ],
        ),
    ]
}

/// Whether `file`'s text has a `#[test]` function named `test`.
fn test_exists(file: &str, test: &str) -> bool {
    let (_, text) = SOURCES
        .iter()
        .find(|(name, _)| *name == file)
        .unwrap_or_else(|| panic!("no test file {file} in SOURCES"));
    let signature = format!("fn {test}()");
    text.match_indices(&signature).any(|(at, _)| {
        let before = text[..at].trim_end();
        before.ends_with("#[test]") || before.ends_with("]\n#[test]")
    })
}

/// Records `probe` on a rig whose executor offers `features`.
fn record_on(features: Option<DeviceFeatures>, probe: &StateChange) -> Result<(), RecordError> {
    let rig = Rig::with_options(ExecutorOptions {
        state_features: features,
        ..ExecutorOptions::default()
    });
    let result = rig.device.command_buffer().set_state(probe.clone());
    drop(rig);
    result
}

#[test]
fn every_state_field_is_executed_or_refused_when_recorded() {
    let table = table();
    let mut missing = Vec::new();
    for variant in every_variant() {
        for field in fields(&variant) {
            if !table.iter().any(|(name, _)| *name == field) {
                missing.push(field);
            }
        }
    }
    assert!(
        missing.is_empty(),
        "fields the table does not cover: {missing:?}"
    );
    let full = Rig::new(true).device.features().to_owned();
    for (field, coverage) in &table {
        assert!(!coverage.is_empty(), "{field}: no coverage");
        for way in coverage {
            match way {
                Executed(file, test) => {
                    assert!(test_exists(file, test), "{field}: no test {test} in {file}")
                }
                Refused {
                    probe,
                    withhold,
                    capability,
                } => {
                    let mut lacking = full;
                    withhold(&mut lacking);
                    match record_on(Some(lacking), probe) {
                        Err(RecordError::MissingCapability {
                            capability: named, ..
                        }) => assert_eq!(named, *capability, "{field}"),
                        other => panic!("{field}: recorded without {capability}: {other:?}"),
                    }
                }
            }
        }
    }
}

/// Commands: each variant with the test that executes it against a CPU model (and for
/// clears, each of their fields). Exhaustive like `fields`.
fn command_tests(command: &Command) -> Vec<(&'static str, &'static str)> {
    let ex = "executor";
    match command {
        Command::BindRenderTargets(_) => {
            vec![(ex, "colour_clears_become_load_ops_and_read_back_exactly")]
        }
        Command::ClearColor {
            target: _,
            value: _,
            mask: _,
        } => vec![
            (ex, "colour_clears_become_load_ops_and_read_back_exactly"),
            (ex, "component_masks_clear_only_their_components"),
            (FF, "clears_honour_the_scissor"),
        ],
        Command::ClearDepthStencil {
            depth: _,
            stencil: _,
            stencil_mask: _,
        } => vec![
            (ex, "depth_and_stencil_clears_read_back"),
            (FF, "clears_honour_the_scissor"),
        ],
        Command::SetState(_) => vec![(FF, "blending_follows_the_cpu_equation")],
        Command::BindProgram(_) | Command::Draw(_) => {
            vec![
            (
                ex,
                "a_draw_renders_over_the_load_op_clear_and_a_later_clear_covers_it",
            ),
            (
                "tessellation",
                "a_quad_patch_is_tessellated_by_its_control_stages_levels",
            ),
            (
                "tessellation",
                "tessellation_is_refused_when_recorded_without_the_feature_and_patches_must_fit",
            ),
            ("geometry", "a_geometry_stage_expands_points_to_quads"),
            (
                "geometry",
                "a_geometry_stage_draws_each_primitive_into_the_layer_it_chooses",
            ),
            (
                "geometry",
                "a_vertex_stage_chooses_the_layer_where_shader_output_layer_allows",
            ),
            ("geometry", "a_geometry_stage_is_refused_when_bound_on_moltenvk"),
            (
                "geometry",
                "a_compiled_geometry_program_takes_its_input_class_from_the_draw",
            ),
        ]
        }
        Command::BindBuffer { .. } => vec![
            (
                ex,
                "a_draw_renders_over_the_load_op_clear_and_a_later_clear_covers_it",
            ),
            (
                "vertex_input",
                "eight_bit_indices_draw_as_the_cpu_reads_them",
            ),
        ],
        // Multisample views at sampler2DMS slots (texelFetch of each sample), views of the
        // other kind refused when the draw is recorded, counts shaders cannot read
        // refused when bound.
        // One table at a time, the other from an earlier list on the queue.
        Command::BindDescriptorTable(_) => vec![(
            "capi_examples",
            "pools_set_one_at_a_time_persist_across_lists_on_the_queue",
        )],
        Command::BindDescriptorTables { .. } | Command::BindTexture { .. } => vec![
            (
                ex,
                "a_textured_draw_samples_block_linear_storage_through_descriptor_tables",
            ),
            (
                "multisample_fetch",
                "texel_fetch_reads_each_sample_of_a_4x_texture_exactly",
            ),
            (
                "multisample_fetch",
                "texel_fetch_reads_each_sample_of_a_4x_integer_texture_exactly",
            ),
            (
                "multisample_fetch",
                "views_of_the_other_sample_kind_are_refused_when_the_draw_is_recorded",
            ),
            (
                "multisample_fetch",
                "multisample_views_of_counts_shaders_cannot_read_are_refused_when_bound",
            ),
        ],
        Command::BindImage { .. } => vec![
            (ex, "a_dispatch_stores_to_an_image_through_its_handle"),
            (
                "multisample_fetch",
                "a_multisample_view_bound_as_an_image_is_refused_when_bound",
            ),
        ],
        Command::DrawIndexed(_) => vec![(ex, "indexed_quads_are_drawn_from_the_games_indices")],
        Command::DrawIndirect(_) => vec![
            (
                "vertex_input",
                "indirect_draws_read_their_arguments_from_the_buffer",
            ),
            ("vertex_input", "multi_draw_indirect_draws_every_record"),
            (ex, "indexed_quads_that_cannot_be_converted_are_refused"),
        ],
        Command::Dispatch { .. } | Command::DispatchIndirect { .. } => vec![(
            ex,
            "a_compute_dispatch_writes_storage_the_cpu_reads_after_the_fence",
        )],
        // Copies in every direction; resolves (`CopyOp::Resolve`) against coverage at the
        // standard sample locations, and the copies and resolves refused when recorded.
        Command::Copy(_) => vec![
            (ex, "copies_in_every_direction_match_the_cpu_model"),
            (
                "multisample",
                "a_4x_triangle_edge_resolves_to_its_coverage_at_the_standard_locations",
            ),
            (
                "multisample",
                "copies_of_multisample_textures_and_bad_resolves_are_refused_when_recorded",
            ),
            (
                "multisample",
                "a_depth_resolve_takes_sample_zero_of_each_pixel",
            ),
            (
                "multisample",
                "depth_resolves_are_refused_without_the_capability_and_of_colour",
            ),
        ],
        Command::Barrier { .. } => vec![(
            ex,
            "a_compute_dispatch_writes_storage_the_cpu_reads_after_the_fence",
        )],
        Command::SignalSync { .. } | Command::WaitSync { .. } => vec![(
            ex,
            "a_sync_wait_before_the_signal_times_out_and_after_it_succeeds",
        )],
        // Contents after a discard are undefined: what is checked is the store op.
        Command::Discard(_) => vec![(
            "executor::plan",
            "discards_make_stores_or_the_next_load_dont_care_until_written_again",
        )],
        Command::UpdateUniformBuffer(_) => vec![(
            "uniform_update",
            "an_update_is_seen_by_later_draws_only_and_lands_in_storage",
        )],
        Command::BindTransformFeedbackBuffer { index: _, range: _ }
        | Command::TransformFeedback {
            verb: _,
            control: _,
        } => vec![
            (
                "transform_feedback",
                "a_captured_stream_with_a_pause_and_its_byte_count_reach_the_pool",
            ),
            (
                "transform_feedback",
                "transform_feedback_is_refused_without_the_extension_and_out_of_order",
            ),
            (
                "transform_feedback",
                "draws_needing_a_second_pipeline_are_refused_when_recorded",
            ),
        ],
        // Issue 18, counters: exact counts, timestamps, values; refusals in the same file.
        Command::ReportCounter {
            counter: _,
            buffer: _,
            offset_b: _,
        }
        | Command::ResetCounter(_) => vec![
            (
                "counters",
                "samples_passed_are_exact_partly_fully_and_not_hidden",
            ),
            (
                "counters",
                "input_vertices_and_primitives_count_what_was_drawn",
            ),
            ("counters", "a_timestamp_pair_increases_in_console_ticks"),
            ("counters", "primitives_generated_count_what_was_drawn"),
            (
                "counters",
                "counters_that_cannot_be_given_are_refused_when_recorded",
            ),
        ],
        Command::ReportValue {
            value: _,
            buffer: _,
            offset_b: _,
        } => vec![("counters", "report_values_land_in_storage_in_order")],
        Command::SetRenderEnable(_)
        | Command::SetRenderEnableConditional {
            mode: _,
            buffer: _,
            offset_b: _,
        } => vec![(
            "counters",
            "conditional_draws_follow_counts_written_in_the_same_submission",
        )],
        // Issue 17, clears outside passes: exact bytes, neighbours kept; refusals beside.
        Command::FillBuffer {
            buffer: _,
            offset_b: _,
            size_b: _,
            value: _,
        } => vec![
            (
                "buffer_fill",
                "fills_land_in_storage_in_order_and_leave_neighbours_alone",
            ),
            (
                "buffer_fill",
                "fills_out_of_range_or_misaligned_are_refused_when_recorded",
            ),
        ],
        // Texture clears: storage bytes against tegra_swizzle, the image, a later fetch;
        // whole layers, integer and depth values; refusals beside.
        Command::ClearTexture(TextureClear {
            view: _,
            x_px: _,
            y_px: _,
            width_px: _,
            height_px: _,
            z: _,
            depth: _,
            value: _,
        }) => vec![
            (
                "texture_clear",
                "colour_clears_of_boxes_land_in_storage_the_image_and_a_later_fetch",
            ),
            (
                "texture_clear",
                "whole_layers_integer_and_depth_clears_write_exact_values",
            ),
            (
                "texture_clear",
                "a_whole_rgb5a1_clear_writes_red_where_nvn_keeps_it",
            ),
            (
                "texture_clear",
                "texture_clears_out_of_range_of_the_wrong_kind_or_uncleared_formats_are_refused",
            ),
        ],
        // Debug groups and labels: what Vulkan receives, in order, per command buffer.
        Command::PushDebugGroup(_) | Command::PopDebugGroup | Command::InsertDebugLabel(_) => vec![
            (
                "debug_labels",
                "nested_groups_and_labels_reach_vulkan_in_order_around_the_work",
            ),
            (
                "debug_labels",
                "a_list_split_into_command_buffers_balances_its_groups_in_each",
            ),
            (
                "debug_labels",
                "unbalanced_groups_and_bad_names_are_refused_when_recorded",
            ),
            (
                "debug_labels_tracing",
                "groups_and_labels_go_to_tracing_as_events",
            ),
        ],
    }
}

/// One command of every variant (ids need not name objects: nothing is recorded).
fn every_command() -> Vec<Command> {
    use gpu::command::*;
    use gpu::objects::{BufferRange, ImageHandle, Stage, SyncCondition, TextureHandle};
    let buffer = gpu::BufferId::from_raw(1).unwrap();
    let range = BufferRange {
        buffer,
        offset_b: 0,
        size_b: 16,
    };
    let sync = gpu::SyncId::from_raw(1).unwrap();
    let draw = DrawArrays {
        primitive: PrimitiveKind::Triangles,
        first_vertex: 0,
        vertex_count: 3,
        first_instance: 0,
        instance_count: 1,
    };
    vec![
        Command::BindRenderTargets(RenderTargets::default()),
        Command::ClearColor {
            target: 0,
            value: gpu::command::ClearValue::Float([0.0; 4]),
            mask: ComponentMask::ALL,
        },
        Command::ClearDepthStencil {
            depth: Some(1.0),
            stencil: None,
            stencil_mask: 0xff,
        },
        Command::SetState(StateChange::PrimitiveRestart(None)),
        Command::BindProgram(gpu::ProgramId::from_raw(1).unwrap()),
        Command::BindDescriptorTables {
            textures: gpu::TextureTableId::from_raw(1).unwrap(),
            samplers: gpu::SamplerTableId::from_raw(1).unwrap(),
        },
        Command::BindDescriptorTable(gpu::command::TableBind::Samplers(
            gpu::SamplerTableId::from_raw(1).unwrap(),
        )),
        Command::BindBuffer {
            binding: BufferBinding::Vertex { stream: 0 },
            range,
        },
        Command::BindTexture {
            stage: Stage::Fragment,
            slot: 0,
            handle: TextureHandle {
                texture_slot: 0,
                sampler_slot: 0,
            },
        },
        Command::BindImage {
            stage: Stage::Compute,
            slot: 0,
            handle: ImageHandle { texture_slot: 0 },
        },
        Command::Draw(draw),
        Command::DrawIndexed(DrawIndexed {
            primitive: PrimitiveKind::Triangles,
            first_index: 0,
            index_count: 3,
            base_vertex: 0,
            first_instance: 0,
            instance_count: 1,
        }),
        Command::DrawIndirect(DrawIndirect {
            primitive: PrimitiveKind::Triangles,
            indexed: false,
            buffer,
            offset_b: 0,
            draw_count: 1,
            stride_b: 16,
        }),
        Command::Dispatch { groups: [1; 3] },
        Command::DispatchIndirect {
            buffer,
            offset_b: 0,
        },
        Command::Copy(CopyOp::BufferToBuffer {
            source: buffer,
            source_offset_b: 0,
            destination: buffer,
            destination_offset_b: 0,
            size_b: 4,
        }),
        Command::Barrier {
            order: BarrierOrder::FRAGMENTS,
            invalidate: Invalidate::NONE,
        },
        Command::SignalSync {
            sync,
            condition: SyncCondition::AllGpuCommandsComplete,
            flush: false,
        },
        Command::WaitSync { sync },
        Command::Discard(DiscardTarget::DepthStencil),
        Command::UpdateUniformBuffer(UniformUpdate {
            buffer,
            offset_b: 0,
            bytes: vec![0; 16],
        }),
        Command::BindTransformFeedbackBuffer { index: 0, range },
        Command::TransformFeedback {
            verb: TransformFeedbackVerb::Begin,
            control: TransformFeedbackControl {
                buffer,
                offset_b: 0,
            },
        },
        Command::ReportCounter {
            counter: Counter::SamplesPassed,
            buffer,
            offset_b: 0,
        },
        Command::ReportValue {
            value: 1,
            buffer,
            offset_b: 0,
        },
        Command::ResetCounter(Counter::SamplesPassed),
        Command::SetRenderEnable(true),
        Command::SetRenderEnableConditional {
            mode: ConditionalRender::IfEqual,
            buffer,
            offset_b: 0,
        },
        Command::FillBuffer {
            buffer,
            offset_b: 0,
            size_b: 4,
            value: 0,
        },
        Command::ClearTexture(TextureClear::whole(
            gpu::ViewId::from_raw(1).unwrap(),
            [1, 1],
            1,
            TextureClearValue::Color {
                value: ClearValue::Float([0.0; 4]),
                mask: ComponentMask::ALL,
            },
        )),
        Command::PushDebugGroup("group".into()),
        Command::PopDebugGroup,
        Command::InsertDebugLabel("label".into()),
    ]
}

#[test]
fn every_command_is_executed_by_a_test() {
    let commands = every_command();
    let kinds: std::collections::HashSet<_> = commands.iter().map(std::mem::discriminant).collect();
    assert_eq!(kinds.len(), commands.len(), "one of each");
    for command in &commands {
        for (file, test) in command_tests(command) {
            assert!(
                test_exists(file, test),
                "{command:?}: no test {test} in {file}"
            );
        }
    }
}
