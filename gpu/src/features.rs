//! What the device that executes lists can do, where NVN state depends on it. A command
//! buffer refuses state that needs what the device lacks when it is recorded (not at
//! submit, where one refused draw would drop the whole list).

/// Device capabilities NVN state needs. Named after the Vulkan features they stand for,
/// so a refusal says what is missing.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DeviceFeatures {
    /// `depthClamp`: `RasterizerState::depth_clamp`.
    pub depth_clamp: bool,
    /// `depthBiasClamp`: a non-zero `PolygonOffset::clamp`.
    pub depth_bias_clamp: bool,
    /// `fillModeNonSolid`: line and point polygon modes.
    pub fill_mode_non_solid: bool,
    /// `wideLines`: line widths other than 1.
    pub wide_lines: bool,
    /// The line widths the device draws (`lineWidthRange`), in pixels.
    pub line_width_range_px: [f32; 2],
    /// `logicOp`: `StateChange::LogicOp(Some(_))`.
    pub logic_op: bool,
    /// `dualSrcBlend`: blend factors reading the second source colour.
    pub dual_src_blend: bool,
    /// `VK_EXT_depth_clip_control`: NVN's [-1, 1] depth mode (near = -w).
    pub depth_clip_control: bool,
    /// `VK_EXT_provoking_vertex`'s `provokingVertexLast`: OpenGL's provoking vertex.
    pub provoking_vertex_last: bool,
    /// The largest instance divisor (`VK_EXT_vertex_attribute_divisor`'s
    /// `maxVertexAttribDivisor`); 1 without the extension.
    pub max_instance_divisor: u32,
    /// `depthBounds`: the depth bounds test.
    pub depth_bounds: bool,
    /// `VK_EXT_index_type_uint8`: 8-bit index buffers.
    pub index_type_uint8: bool,
    /// `multiDrawIndirect`: indirect draws of more than one record.
    pub multi_draw_indirect: bool,
    /// `tessellationShader`: programs with tessellation stages, patches, their state.
    pub tessellation_shader: bool,
    /// `geometryShader`: programs with a geometry stage.
    pub geometry_shader: bool,
    /// `shaderTessellationAndGeometryPointSize`: a geometry or tessellation stage that
    /// makes points writes their size (NVN's point size applies to them).
    pub tessellation_geometry_point_size: bool,
    /// `shaderOutputLayer` with `VK_EXT_shader_viewport_index_layer` (the capability
    /// glslang declares for it needs the extension, which needs
    /// `shaderOutputViewportIndex` too): a vertex or tessellation evaluation stage
    /// writing `gl_Layer`.
    pub shader_output_layer: bool,
    /// `VK_EXT_transform_feedback`'s `transformFeedback`: capturing vertex outputs.
    pub transform_feedback: bool,
    /// What a portability implementation (MoltenVK) may leave out.
    pub portability: crate::portability::PortabilityFeatures,
    /// Timestamp queries on the graphics queue: the timestamp counters.
    pub timestamps: bool,
    /// `occlusionQueryPrecise`: the samples passed counter, exact.
    pub occlusion_query_precise: bool,
    /// `pipelineStatisticsQuery`: the vertex, primitive and invocation counters.
    pub pipeline_statistics_query: bool,
    /// `VK_EXT_primitives_generated_query` (with rasterizer discard): the primitives
    /// generated counter.
    pub primitives_generated_query: bool,
    // Issue 17, points.
    /// `largePoints`: point sizes other than 1.
    pub large_points: bool,
    /// The point sizes the device draws (`pointSizeRange`), in pixels.
    pub point_size_range_px: [f32; 2],
    // Issue 17, viewports.
    /// `multiViewport` with 16 viewports: a shader's viewport index choosing 1-15.
    pub multi_viewport: bool,
    /// `shaderOutputViewportIndex` (or `VK_EXT_shader_viewport_index_layer`): a vertex
    /// stage writing the viewport index.
    pub shader_output_viewport_index: bool,
    // Issue 17, smoothing.
    /// `VK_EXT_line_rasterization`'s `smoothLines`: NVN's line smoothing.
    pub smooth_lines: bool,
    /// Smoothed lines along the edges of tessellated polygons drawn as lines: false where
    /// the driver is known to draw them wrong (Mesa's llvmpipe, lavapipe).
    pub smooth_tessellated_lines: bool,
    // Issue 18, multisampling.
    /// `sampleRateShading`: `MultisampleState::min_sample_shading`.
    pub sample_rate_shading: bool,
    /// `alphaToOne`: `MultisampleState::alpha_to_one`.
    pub alpha_to_one: bool,
    /// Programmable sample locations (NVN's `SetSampleLocations`) executed: the
    /// backend passes them on through `VK_EXT_sample_locations` (enabled, with
    /// `variableSampleLocations`, at least 4 sub-pixel bits and a coordinate range that
    /// holds NVN's 0..=15/16).
    pub sample_locations: bool,
    /// Bit n: draws into n-sample targets take programmable locations
    /// (`sampleLocationSampleCounts`, with a grid of at least 1x1).
    pub sample_location_counts: u32,
    /// Bit n: n-sample targets take them on NVN's 2x2 pixel grid
    /// (`maxSampleLocationGridSize` of at least 2x2 for that count).
    pub sample_location_grid_counts: u32,
    /// `supportedDepthResolveModes` and `supportedStencilResolveModes` with
    /// `SAMPLE_ZERO` (Vulkan 1.2's depth/stencil resolve): the depth resolve.
    pub depth_resolve: bool,
    /// `sampledImageColorSampleCounts`, `sampledImageIntegerSampleCounts` and
    /// `sampledImageDepthSampleCounts` (bit n: n samples, Vulkan's flags): the counts a
    /// shader reads multisample textures of (float, integer, depth/stencil).
    pub sampled_color_sample_counts: u32,
    pub sampled_integer_sample_counts: u32,
    pub sampled_depth_sample_counts: u32,
    // Issue 16, Maxwell images.
    /// `VK_EXT_shader_atomic_float`'s `shaderImageFloat32Atomics`: float image atomics
    /// (an exchange on an r32f image).
    pub shader_image_float32_atomics: bool,
    /// `bufferDeviceAddress` and `shaderInt64` (with stores from every stage, for the miss
    /// count): shaders dereferencing raw addresses (NVN's address model), through the pool
    /// table and physical-storage-buffer pointers.
    pub buffer_device_address: bool,
    /// `shaderFloat64`: double-precision arithmetic in shaders (compiled Maxwell code's
    /// `dadd`/`dmul`/`dfma`/... and GLSL `double`); refused when a program is made
    /// without it.
    pub shader_float64: bool,
    /// `subgroupSupportedStages` (Vulkan's `VkShaderStageFlags`: vertex 0x1, tessellation
    /// control 0x2, evaluation 0x4, geometry 0x8, fragment 0x10, compute 0x20): the
    /// stages whose subgroup operations the device runs (compiled Maxwell code's `vote`,
    /// `shfl` and `$laneid` outside compute, GLSL's subgroup functions); a stage using
    /// them elsewhere is refused when its program is made.
    pub subgroup_stages: u32,
    /// `subgroupSupportedOperations` (Vulkan's `VkSubgroupFeatureFlags`: basic 0x1,
    /// vote 0x2, arithmetic 0x4, ballot 0x8, shuffle 0x10, relative shuffle 0x20,
    /// clustered 0x40, quad 0x80).
    pub subgroup_operations: u32,
    // Issue 17, formats.
    /// The optional format features: render targets and vertex formats.
    pub formats: crate::format_features::FormatFeatures,
}

impl DeviceFeatures {
    /// A device with none of them: everything that needs one is refused.
    pub const NONE: DeviceFeatures = DeviceFeatures {
        depth_clamp: false,
        depth_bias_clamp: false,
        fill_mode_non_solid: false,
        wide_lines: false,
        line_width_range_px: [1.0, 1.0],
        logic_op: false,
        dual_src_blend: false,
        depth_clip_control: false,
        provoking_vertex_last: false,
        max_instance_divisor: 1,
        depth_bounds: false,
        index_type_uint8: false,
        multi_draw_indirect: false,
        tessellation_shader: false,
        geometry_shader: false,
        tessellation_geometry_point_size: false,
        shader_output_layer: false,
        transform_feedback: false,
        portability: crate::portability::PortabilityFeatures::NONE,
        timestamps: false,
        occlusion_query_precise: false,
        pipeline_statistics_query: false,
        primitives_generated_query: false,
        large_points: false,
        point_size_range_px: [1.0, 1.0],
        multi_viewport: false,
        shader_output_viewport_index: false,
        smooth_lines: false,
        smooth_tessellated_lines: false,
        sample_rate_shading: false,
        alpha_to_one: false,
        sample_locations: false,
        sample_location_counts: 0,
        sample_location_grid_counts: 0,
        depth_resolve: false,
        sampled_color_sample_counts: 1,
        sampled_integer_sample_counts: 1,
        sampled_depth_sample_counts: 1,
        shader_image_float32_atomics: false,
        buffer_device_address: false,
        shader_float64: false,
        subgroup_stages: 0,
        subgroup_operations: 0,
        formats: crate::format_features::FormatFeatures::NONE,
    };
}

impl DeviceFeatures {
    /// What both `self` and `other` have: a device told to offer less than it has.
    pub fn both(self, other: DeviceFeatures) -> DeviceFeatures {
        let [low_a, high_a] = self.line_width_range_px;
        let [low_b, high_b] = other.line_width_range_px;
        let [point_low_a, point_high_a] = self.point_size_range_px;
        let [point_low_b, point_high_b] = other.point_size_range_px;
        DeviceFeatures {
            depth_clamp: self.depth_clamp && other.depth_clamp,
            depth_bias_clamp: self.depth_bias_clamp && other.depth_bias_clamp,
            fill_mode_non_solid: self.fill_mode_non_solid && other.fill_mode_non_solid,
            wide_lines: self.wide_lines && other.wide_lines,
            line_width_range_px: [low_a.max(low_b), high_a.min(high_b)],
            logic_op: self.logic_op && other.logic_op,
            dual_src_blend: self.dual_src_blend && other.dual_src_blend,
            depth_clip_control: self.depth_clip_control && other.depth_clip_control,
            provoking_vertex_last: self.provoking_vertex_last && other.provoking_vertex_last,
            max_instance_divisor: self.max_instance_divisor.min(other.max_instance_divisor),
            depth_bounds: self.depth_bounds && other.depth_bounds,
            index_type_uint8: self.index_type_uint8 && other.index_type_uint8,
            multi_draw_indirect: self.multi_draw_indirect && other.multi_draw_indirect,
            tessellation_shader: self.tessellation_shader && other.tessellation_shader,
            geometry_shader: self.geometry_shader && other.geometry_shader,
            tessellation_geometry_point_size: self.tessellation_geometry_point_size
                && other.tessellation_geometry_point_size,
            shader_output_layer: self.shader_output_layer && other.shader_output_layer,
            transform_feedback: self.transform_feedback && other.transform_feedback,
            portability: self.portability.both(other.portability),
            timestamps: self.timestamps && other.timestamps,
            occlusion_query_precise: self.occlusion_query_precise && other.occlusion_query_precise,
            pipeline_statistics_query: self.pipeline_statistics_query
                && other.pipeline_statistics_query,
            primitives_generated_query: self.primitives_generated_query
                && other.primitives_generated_query,
            large_points: self.large_points && other.large_points,
            point_size_range_px: [point_low_a.max(point_low_b), point_high_a.min(point_high_b)],
            multi_viewport: self.multi_viewport && other.multi_viewport,
            shader_output_viewport_index: self.shader_output_viewport_index
                && other.shader_output_viewport_index,
            smooth_lines: self.smooth_lines && other.smooth_lines,
            smooth_tessellated_lines: self.smooth_tessellated_lines
                && other.smooth_tessellated_lines,
            sample_rate_shading: self.sample_rate_shading && other.sample_rate_shading,
            alpha_to_one: self.alpha_to_one && other.alpha_to_one,
            sample_locations: self.sample_locations && other.sample_locations,
            sample_location_counts: self.sample_location_counts & other.sample_location_counts,
            sample_location_grid_counts: self.sample_location_grid_counts
                & other.sample_location_grid_counts,
            depth_resolve: self.depth_resolve && other.depth_resolve,
            sampled_color_sample_counts: self.sampled_color_sample_counts
                & other.sampled_color_sample_counts,
            sampled_integer_sample_counts: self.sampled_integer_sample_counts
                & other.sampled_integer_sample_counts,
            sampled_depth_sample_counts: self.sampled_depth_sample_counts
                & other.sampled_depth_sample_counts,
            shader_image_float32_atomics: self.shader_image_float32_atomics
                && other.shader_image_float32_atomics,
            buffer_device_address: self.buffer_device_address && other.buffer_device_address,
            shader_float64: self.shader_float64 && other.shader_float64,
            subgroup_stages: self.subgroup_stages & other.subgroup_stages,
            subgroup_operations: self.subgroup_operations & other.subgroup_operations,
            formats: self.formats.both(other.formats),
        }
    }
}

impl Default for DeviceFeatures {
    fn default() -> Self {
        DeviceFeatures::NONE
    }
}
