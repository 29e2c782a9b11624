//! The record-time check of state against what the device can do: state the device
//! cannot execute is refused here, naming the field and the missing capability, so
//! nothing reaches a backend to be ignored or to fail the whole list at submit.

use crate::error::RecordError;
use crate::features::DeviceFeatures;

use super::{BlendFactor, BlendState, DepthMode, PolygonMode, ProvokingVertex, StateChange};

fn missing(what: &'static str, capability: &'static str) -> RecordError {
    RecordError::MissingCapability { what, capability }
}

fn bad(what: &'static str, why: &'static str) -> RecordError {
    RecordError::BadArgument { what, why }
}

fn reads_second_source(factor: BlendFactor) -> bool {
    matches!(
        factor,
        BlendFactor::Src1Color
            | BlendFactor::OneMinusSrc1Color
            | BlendFactor::Src1Alpha
            | BlendFactor::OneMinusSrc1Alpha
    )
}

fn blend_reads_second_source(state: &BlendState) -> bool {
    state.enabled
        && [state.color, state.alpha].iter().any(|equation| {
            reads_second_source(equation.src_factor) || reads_second_source(equation.dst_factor)
        })
}

/// A fixed point size needs `largePoints` past 1 px and must lie in `pointSizeRange`
/// (the console draws any size; a device clamps outside its range, drawing another).
fn check_point_size(size_px: f32, features: &DeviceFeatures) -> Result<(), RecordError> {
    if !(size_px.is_finite() && size_px > 0.0) {
        return Err(bad("point size", "not a positive number of pixels"));
    }
    if size_px == 1.0 {
        return Ok(());
    }
    if !features.large_points {
        return Err(missing("point size other than 1 px", "largePoints"));
    }
    let [smallest_px, largest_px] = features.point_size_range_px;
    if !(smallest_px..=largest_px).contains(&size_px) {
        return Err(missing(
            "point size outside the device's range",
            "pointSizeRange",
        ));
    }
    Ok(())
}

/// A viewport's values: NVN's transform takes a negative height (the picture turned
/// upside down) as Vulkan 1.1 does; a zero or negative width, or no height, is no
/// viewport, and depths lie in 0..=1.
pub fn check_viewport(viewport: &super::Viewport) -> Result<(), RecordError> {
    let finite = [viewport.x_px, viewport.y_px, viewport.width_px];
    if !(finite.iter().all(|v| v.is_finite())
        && viewport.width_px > 0.0
        && viewport.height_px.is_finite()
        && viewport.height_px != 0.0)
    {
        return Err(bad(
            "viewport",
            "width not positive, height zero, or not a finite number",
        ));
    }
    let depths = [viewport.min_depth, viewport.max_depth];
    if !depths.iter().all(|depth| (0.0..=1.0).contains(depth)) {
        return Err(bad("viewport depth range", "outside 0..=1"));
    }
    Ok(())
}

/// Sample shading needs `sampleRateShading` and a fraction in 0..=1; alpha to one needs
/// `alphaToOne`.
fn check_multisample(
    state: &super::MultisampleState,
    features: &DeviceFeatures,
) -> Result<(), RecordError> {
    if let Some(fraction) = state.min_sample_shading {
        if !(0.0..=1.0).contains(&fraction) {
            return Err(bad("minimum sample shading", "not a fraction in 0..=1"));
        }
        if !features.sample_rate_shading {
            return Err(missing("sample shading", "sampleRateShading"));
        }
    }
    if state.alpha_to_one && !features.alpha_to_one {
        return Err(missing("alpha to one", "alphaToOne"));
    }
    Ok(())
}

/// Refuses the commands (other than state changes) that need what `features` lacks:
/// 8-bit index buffers, indirect draws of several records, and indirect draws of the
/// kinds executors convert on the CPU (their counts are in GPU memory).
pub fn check_command_features(
    command: &crate::command::Command,
    features: &DeviceFeatures,
) -> Result<(), RecordError> {
    use crate::command::{BufferBinding, Command};
    match command {
        Command::SetState(state) => state.check_features(features),
        Command::BindBuffer {
            binding:
                BufferBinding::Index {
                    index_type: super::IndexType::U8,
                },
            ..
        } if !features.index_type_uint8 => Err(missing(
            "8-bit index buffer",
            "indexTypeUint8 (VK_EXT_index_type_uint8)",
        )),
        Command::BindTransformFeedbackBuffer { .. } | Command::TransformFeedback { .. }
            if !features.transform_feedback =>
        {
            Err(missing(
                "transform feedback",
                "transformFeedback (VK_EXT_transform_feedback)",
            ))
        }
        Command::DrawIndirect(draw) => {
            if draw.draw_count > 1 && !features.multi_draw_indirect {
                return Err(missing(
                    "indirect draw of more than one record",
                    "multiDrawIndirect",
                ));
            }
            if super::PrimitiveKind::needs_index_conversion(draw.primitive) {
                return Err(missing(
                    "indirect draw of quads, quad strips, polygons or line loops",
                    "an index conversion on the GPU (their counts are in GPU memory; not made yet)",
                ));
            }
            Ok(())
        }
        Command::Copy(crate::command::CopyOp::Resolve {
            mode: crate::command::ResolveMode::SampleZero,
            ..
        }) if !features.depth_resolve => Err(missing(
            "depth resolve",
            "SAMPLE_ZERO in supportedDepthResolveModes (VK_KHR_depth_stencil_resolve)",
        )),
        Command::ReportCounter { counter, .. } | Command::ResetCounter(counter) => {
            crate::command::counters::check_counter_features(*counter, features)
        }
        _ => Ok(()),
    }
}

impl StateChange {
    /// Refuses what `features` cannot execute, and values no device draws with.
    pub fn check_features(&self, features: &DeviceFeatures) -> Result<(), RecordError> {
        match self {
            StateChange::Blend { state, .. } => {
                if blend_reads_second_source(state) && !features.dual_src_blend {
                    return Err(missing(
                        "blend factor of the second source colour (Src1*)",
                        "dualSrcBlend",
                    ));
                }
                Ok(())
            }
            StateChange::LogicOp(Some(_)) if !features.logic_op => {
                Err(missing("logic op", "logicOp"))
            }
            StateChange::Rasterizer(raster) => {
                if raster.depth_clamp && !features.depth_clamp {
                    return Err(missing("rasterizer depth clamp", "depthClamp"));
                }
                if raster.polygon_mode != PolygonMode::Fill && !features.fill_mode_non_solid {
                    return Err(missing("line or point polygon mode", "fillModeNonSolid"));
                }
                let width_px = raster.line_width_px;
                if !(width_px.is_finite() && width_px > 0.0) {
                    return Err(bad("line width", "not a positive number of pixels"));
                }
                if width_px != 1.0 && !features.wide_lines {
                    return Err(missing("line width other than 1 px", "wideLines"));
                }
                let [narrowest_px, widest_px] = features.line_width_range_px;
                if width_px != 1.0 && !(narrowest_px..=widest_px).contains(&width_px) {
                    return Err(missing(
                        "line width outside the device's range",
                        "lineWidthRange",
                    ));
                }
                check_point_size(raster.point_size_px, features)?;
                Ok(())
            }
            StateChange::PolygonOffset(offset) => {
                if [offset.factor, offset.units, offset.clamp]
                    .iter()
                    .any(|value| !value.is_finite())
                {
                    return Err(bad("polygon offset", "not a finite number"));
                }
                if offset.clamp != 0.0 && !features.depth_bias_clamp {
                    return Err(missing("polygon offset clamp", "depthBiasClamp"));
                }
                Ok(())
            }
            StateChange::Viewports { viewports, .. } => {
                viewports.iter().try_for_each(check_viewport)
            }
            StateChange::VertexAttributes(attributes) => {
                attributes.iter().try_for_each(|attribute| {
                    features.formats.check_vertex_kind(attribute.format.kind)
                })
            }
            StateChange::VertexStreams(streams) => {
                let divisor = streams.iter().map(|stream| stream.divisor).max();
                match divisor {
                    Some(divisor) if divisor > 1 && features.max_instance_divisor <= 1 => {
                        Err(missing(
                            "instance divisor above 1",
                            "vertexAttributeInstanceRateDivisor (VK_EXT_vertex_attribute_divisor)",
                        ))
                    }
                    Some(divisor) if divisor > features.max_instance_divisor => Err(missing(
                        "instance divisor above the device's largest",
                        "maxVertexAttribDivisor",
                    )),
                    _ => Ok(()),
                }
            }
            StateChange::DepthMode(DepthMode::MinusOneToOne) if !features.depth_clip_control => {
                Err(missing(
                    "depth mode [-1, 1]",
                    "depthClipControl (VK_EXT_depth_clip_control)",
                ))
            }
            StateChange::ProvokingVertex(ProvokingVertex::Last)
                if !features.provoking_vertex_last =>
            {
                Err(missing(
                    "last provoking vertex",
                    "provokingVertexLast (VK_EXT_provoking_vertex)",
                ))
            }
            StateChange::DepthBounds(Some(bounds)) => {
                if !(0.0..=1.0).contains(&bounds.min)
                    || !(0.0..=1.0).contains(&bounds.max)
                    || bounds.min > bounds.max
                {
                    return Err(bad("depth bounds", "not min <= max within 0..=1"));
                }
                if !features.depth_bounds {
                    return Err(missing("depth bounds test", "depthBounds"));
                }
                Ok(())
            }
            StateChange::Smoothing(smoothing) => {
                // Polygon smoothing changes filled polygons alone: refused by the draw
                // that would fill one (`command::smoothing`).
                if smoothing.lines && !features.smooth_lines {
                    return Err(missing(
                        "line smoothing",
                        "smoothLines (VK_EXT_line_rasterization)",
                    ));
                }
                Ok(())
            }
            StateChange::Multisample(state) => check_multisample(state, features),
            // Disabled is the standard pattern; enabled ones need the extension, and the
            // grid a 2x2 one (the target's sample count is checked by the draw,
            // `command::sample_locations`).
            StateChange::SampleLocations(locations)
                if locations.enabled && !features.sample_locations =>
            {
                Err(missing(
                    "programmable sample locations (VK_EXT_sample_locations with \
                     variableSampleLocations, 4 sub-pixel bits and coordinates 0..=15/16)",
                    "VK_EXT_sample_locations",
                ))
            }
            StateChange::SampleLocations(locations)
                if locations.enabled
                    && locations.grid
                    && features.sample_location_grid_counts == 0 =>
            {
                Err(missing(
                    "sample locations on a 2x2 pixel grid (SetSampleLocationsGridEnable)",
                    "maxSampleLocationGridSize 2x2 (VK_EXT_sample_locations)",
                ))
            }
            StateChange::SampleLocations(_) => Ok(()),
            StateChange::AlphaTest(Some(test)) if !test.reference.is_finite() => {
                Err(bad("alpha test reference", "not a finite number"))
            }
            StateChange::BlendConstant(_)
            | StateChange::BlendEnables(_)
            | StateChange::AlphaTest(Some(_))
            | StateChange::WriteMasks(_)
            | StateChange::LogicOp(_)
            | StateChange::DepthStencil(_)
            | StateChange::Scissors { .. }
            | StateChange::PrimitiveRestart(_)
            | StateChange::DepthMode(_)
            | StateChange::WindowOrigin(_)
            | StateChange::ClipYAxis(_)
            | StateChange::ProvokingVertex(_)
            | StateChange::DepthBounds(None)
            | StateChange::ProgramPointSize(_)
            | StateChange::AlphaTest(None) => Ok(()),
            StateChange::PatchSize(_)
            | StateChange::InnerTessellationLevels(_)
            | StateChange::OuterTessellationLevels(_)
                if !features.tessellation_shader =>
            {
                Err(missing("tessellation state", "tessellationShader"))
            }
            StateChange::PatchSize(_)
            | StateChange::InnerTessellationLevels(_)
            | StateChange::OuterTessellationLevels(_) => Ok(()),
        }
    }
}
