//! Recording a draw's dynamic state (`pipelines::dynamic_state`): what differs from what
//! the command buffer holds, or all of it when it holds none (a new command buffer, or
//! after work that bound a pipeline of its own).

use ash::vk;

use crate::bringup::device::Device;
use gpu::state::MAX_COLOR_TARGETS;

use crate::executor::pipelines::dynamic_state::{BlendValues, DynamicSet, DynamicValues};

/// Records `values` where they differ from `held` (everything where `held` is `None`).
///
/// # Safety
/// `cmd` is recording, and a graphics pipeline made with `set` is bound on it (or is
/// bound before the next draw); `set`'s optional states are ones the device enabled.
pub unsafe fn record(
    device: &Device,
    cmd: vk::CommandBuffer,
    set: DynamicSet,
    held: Option<&DynamicValues>,
    values: &DynamicValues,
) {
    let raw = &device.raw;
    let differs = |same: fn(&DynamicValues, &DynamicValues) -> bool| {
        held.is_none_or(|held| !same(held, values))
    };
    let bool32 = |on: bool| -> vk::Bool32 { on.into() };
    // SAFETY: as the caller promises; every value came from `DynamicSet::values`, which
    // maps NVN's state to valid Vulkan values (the command buffer refused what the
    // device cannot do when it was recorded).
    unsafe {
        let fns = raw.fp_v1_3();
        if differs(|a, b| a.cull == b.cull) {
            (fns.cmd_set_cull_mode)(cmd, vk::CullModeFlags::from_raw(values.cull));
        }
        if differs(|a, b| a.front_face == b.front_face) {
            (fns.cmd_set_front_face)(cmd, vk::FrontFace::from_raw(values.front_face));
        }
        if differs(|a, b| a.topology == b.topology) {
            (fns.cmd_set_primitive_topology)(cmd, vk::PrimitiveTopology::from_raw(values.topology));
        }
        if differs(|a, b| a.depth_test == b.depth_test) {
            (fns.cmd_set_depth_test_enable)(cmd, bool32(values.depth_test));
        }
        if differs(|a, b| a.depth_write == b.depth_write) {
            (fns.cmd_set_depth_write_enable)(cmd, bool32(values.depth_write));
        }
        if differs(|a, b| a.depth_compare == b.depth_compare) {
            (fns.cmd_set_depth_compare_op)(cmd, vk::CompareOp::from_raw(values.depth_compare));
        }
        if differs(|a, b| a.depth_bounds == b.depth_bounds) {
            (fns.cmd_set_depth_bounds_test_enable)(cmd, bool32(values.depth_bounds.is_some()));
            let [min, max] = values.depth_bounds.unwrap_or([0.0, 1.0]);
            raw.cmd_set_depth_bounds(cmd, min, max);
        }
        if differs(|a, b| (a.stencil_test, a.stencil_ops) == (b.stencil_test, b.stencil_ops)) {
            (fns.cmd_set_stencil_test_enable)(cmd, bool32(values.stencil_test));
            let faces = [vk::StencilFaceFlags::FRONT, vk::StencilFaceFlags::BACK];
            for (face, [fail, pass, depth_fail, compare]) in
                faces.into_iter().zip(values.stencil_ops)
            {
                (fns.cmd_set_stencil_op)(
                    cmd,
                    face,
                    vk::StencilOp::from_raw(fail),
                    vk::StencilOp::from_raw(pass),
                    vk::StencilOp::from_raw(depth_fail),
                    vk::CompareOp::from_raw(compare),
                );
            }
        }
        if differs(|a, b| a.depth_bias == b.depth_bias) {
            (fns.cmd_set_depth_bias_enable)(cmd, bool32(values.depth_bias.is_some()));
            let [constant, clamp, slope] = values.depth_bias.unwrap_or([0.0; 3]);
            raw.cmd_set_depth_bias(cmd, constant, clamp, slope);
        }
        if differs(|a, b| a.primitive_restart == b.primitive_restart) {
            (fns.cmd_set_primitive_restart_enable)(cmd, bool32(values.primitive_restart));
        }
        if differs(|a, b| a.discard == b.discard) {
            (fns.cmd_set_rasterizer_discard_enable)(cmd, bool32(values.discard));
        }
        if differs(|a, b| a.line_width_px == b.line_width_px) {
            raw.cmd_set_line_width(cmd, values.line_width_px);
        }
        record_optional(device, cmd, set, held, values);
        // Where they are on, the bound pipeline takes them dynamically.
        if let (Some(locations), Some(functions)) =
            (&values.sample_locations, &device.sample_locations)
        {
            if differs(|a, b| (a.samples, a.sample_locations) == (b.samples, b.sample_locations)) {
                super::sample_locations::record(functions, cmd, locations, values.samples);
            }
        }
    }
}

/// The extended dynamic state 2/3 part of `record`.
///
/// # Safety
/// As `record`.
unsafe fn record_optional(
    device: &Device,
    cmd: vk::CommandBuffer,
    set: DynamicSet,
    held: Option<&DynamicValues>,
    values: &DynamicValues,
) {
    let differs = |same: fn(&DynamicValues, &DynamicValues) -> bool| {
        held.is_none_or(|held| !same(held, values))
    };
    let (Some(d3), d2) = (&device.dynamic_state3, &device.dynamic_state2) else {
        return;
    };
    // SAFETY: as the caller promises: each command is recorded only where its state is in
    // `set`, which holds only what the device enabled (`DynamicSet::of`).
    unsafe {
        if set.depth_clamp && differs(|a, b| a.depth_clamp == b.depth_clamp) {
            d3.cmd_set_depth_clamp_enable(cmd, values.depth_clamp);
        }
        if set.polygon_mode && differs(|a, b| a.polygon_mode == b.polygon_mode) {
            d3.cmd_set_polygon_mode(cmd, vk::PolygonMode::from_raw(values.polygon_mode));
        }
        if set.sample_mask
            && differs(|a, b| (a.samples, a.sample_mask) == (b.samples, b.sample_mask))
        {
            let samples = vk::SampleCountFlags::from_raw(values.samples);
            d3.cmd_set_sample_mask(cmd, samples, &[values.sample_mask]);
        }
        if set.alpha_to_coverage && differs(|a, b| a.alpha_to_coverage == b.alpha_to_coverage) {
            d3.cmd_set_alpha_to_coverage_enable(cmd, values.alpha_to_coverage);
        }
        if set.alpha_to_one && differs(|a, b| a.alpha_to_one == b.alpha_to_one) {
            d3.cmd_set_alpha_to_one_enable(cmd, values.alpha_to_one);
        }
        if let (true, Some(d2)) = (set.logic_op, d2) {
            if differs(|a, b| a.logic_op == b.logic_op) {
                d3.cmd_set_logic_op_enable(cmd, values.logic_op.is_some());
                if let Some(op) = values.logic_op {
                    d2.cmd_set_logic_op(cmd, vk::LogicOp::from_raw(op));
                } else if held.is_none() {
                    // Set once, so the state is never left undefined.
                    d2.cmd_set_logic_op(cmd, vk::LogicOp::COPY);
                }
            }
        }
        let count = usize::from(values.color_targets);
        if set.blend && count > 0 {
            record_blend(d3, cmd, held, values);
        }
    }
}

/// The colour blend enables, equations and write masks of `values`' targets, each part
/// where it differs from `held` (a game switching blend modes between draws moves the
/// equations alone), from arrays on the stack.
///
/// # Safety
/// As `record`, with the blend states in the pipeline's dynamic set.
unsafe fn record_blend(
    d3: &ash::ext::extended_dynamic_state3::Device,
    cmd: vk::CommandBuffer,
    held: Option<&DynamicValues>,
    values: &DynamicValues,
) {
    let count = usize::from(values.color_targets);
    let targets = &values.blend[..count];
    // Another target count sets every part again.
    let held = held
        .filter(|held| held.color_targets == values.color_targets)
        .map(|held| &held.blend[..count]);
    let differs = |same: fn(&BlendValues, &BlendValues) -> bool| {
        held.is_none_or(|held| held.iter().zip(targets).any(|(a, b)| !same(a, b)))
    };
    let mut enables = [vk::FALSE; MAX_COLOR_TARGETS];
    let mut equations = [vk::ColorBlendEquationEXT::default(); MAX_COLOR_TARGETS];
    let mut masks = [vk::ColorComponentFlags::empty(); MAX_COLOR_TARGETS];
    for (slot, target) in targets.iter().enumerate() {
        let [src, dst, op, alpha_src, alpha_dst, alpha_op] = target.equation;
        enables[slot] = target.enabled.into();
        equations[slot] = vk::ColorBlendEquationEXT {
            src_color_blend_factor: vk::BlendFactor::from_raw(src),
            dst_color_blend_factor: vk::BlendFactor::from_raw(dst),
            color_blend_op: vk::BlendOp::from_raw(op),
            src_alpha_blend_factor: vk::BlendFactor::from_raw(alpha_src),
            dst_alpha_blend_factor: vk::BlendFactor::from_raw(alpha_dst),
            alpha_blend_op: vk::BlendOp::from_raw(alpha_op),
        };
        masks[slot] = vk::ColorComponentFlags::from_raw(u32::from(target.write_mask));
    }
    // SAFETY: as the caller promises; `count` targets of each part, at most the pass's.
    unsafe {
        if differs(|a, b| a.enabled == b.enabled) {
            d3.cmd_set_color_blend_enable(cmd, 0, &enables[..count]);
        }
        if differs(|a, b| a.equation == b.equation) {
            d3.cmd_set_color_blend_equation(cmd, 0, &equations[..count]);
        }
        if differs(|a, b| a.write_mask == b.write_mask) {
            d3.cmd_set_color_write_mask(cmd, 0, &masks[..count]);
        }
    }
}
