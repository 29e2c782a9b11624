//! The record-time checks: a command that passes can be executed against the objects
//! as they are now; one that fails is refused with an error naming what is wrong.

use crate::error::{CopySide, RecordError};
use crate::ids::{BufferId, ObjectRef};
use crate::objects::descriptor::DescriptorKind;
use crate::objects::{Buffer, BufferRange, BufferUsage, ObjectTables, Texture};
use crate::state::{PrimitiveKind, MAX_COLOR_TARGETS, MAX_VERTEX_STREAMS};

use super::bound::BoundState;
use super::counters;
use super::verbs::{
    BufferBinding, BufferImage, Command, CopyOp, DiscardTarget, TextureRegion, UniformUpdate,
    MAX_UNIFORM_UPDATE_B,
};

/// NVN's per-stage slot counts.
pub const UNIFORM_SLOTS: u32 = 16;
pub const STORAGE_SLOTS: u32 = 16;
pub const TEXTURE_SLOTS: u32 = 32;
pub const IMAGE_SLOTS: u32 = 8;
/// Bytes of a `DispatchIndirect` argument record (three group counts).
pub const DISPATCH_INDIRECT_B: u64 = 12;

/// A state change's range error, as recording reports it.
pub(crate) fn state_out_of_range(error: crate::state::change::StateRangeError) -> RecordError {
    RecordError::StateOutOfRange {
        what: error.what,
        index: error.index,
        limit: error.limit,
    }
}

fn unknown(object: impl Into<ObjectRef>) -> RecordError {
    RecordError::UnknownObject(object.into())
}

#[inline]
fn slot_in(what: &'static str, slot: u32, limit: u32) -> Result<(), RecordError> {
    if slot < limit {
        Ok(())
    } else {
        Err(RecordError::SlotOutOfRange { what, slot, limit })
    }
}

fn buffer(tables: &ObjectTables, id: BufferId) -> Result<&Buffer, RecordError> {
    tables.buffers.get(id).ok_or_else(|| unknown(id))
}

#[inline]
fn buffer_range(
    buffer: &Buffer,
    offset_b: u64,
    size_b: u64,
    usage: BufferUsage,
    needed: &'static str,
) -> Result<(), RecordError> {
    if !buffer.usage.contains(usage) {
        return Err(RecordError::BufferUsage {
            buffer: buffer.id,
            needed,
        });
    }
    if !buffer.contains(offset_b, size_b) {
        return Err(RecordError::BufferRangeOutOfBounds {
            buffer: buffer.id,
            offset_b,
            size_b,
            buffer_size_b: buffer.size_b,
        });
    }
    Ok(())
}

pub fn check(
    command: &Command,
    bound: &BoundState,
    tables: &ObjectTables,
) -> Result<(), RecordError> {
    super::transform_feedback::check_while_active(command, bound)?;
    match command {
        Command::BindRenderTargets(targets) => {
            let mut samples = None;
            for view in targets.views() {
                let view = tables.views.get(view).ok_or_else(|| unknown(view))?;
                let texture = tables
                    .textures
                    .get(view.texture)
                    .ok_or_else(|| unknown(view.texture))?;
                // One pass renders to attachments of one sample count.
                if *samples.get_or_insert(texture.desc.samples) != texture.desc.samples {
                    return Err(RecordError::BadArgument {
                        what: "render targets",
                        why: "targets of different sample counts bound together",
                    });
                }
            }
            Ok(())
        }
        Command::ClearColor { target, mask, .. } => {
            slot_in(
                "colour target",
                u32::from(*target),
                MAX_COLOR_TARGETS as u32,
            )?;
            if !mask.is_valid() {
                return Err(RecordError::BadArgument {
                    what: "clear mask",
                    why: "bits other than R, G, B, A",
                });
            }
            match bound.targets.colors[usize::from(*target)] {
                Some(_) => Ok(()),
                None => Err(RecordError::ClearUnboundColor(*target)),
            }
        }
        Command::ClearDepthStencil { depth, .. } => {
            if depth.is_some_and(|depth| !(0.0..=1.0).contains(&depth)) {
                return Err(RecordError::BadArgument {
                    what: "depth clear value",
                    why: "outside 0..=1",
                });
            }
            match bound.targets.depth_stencil {
                Some(_) => Ok(()),
                None => Err(RecordError::ClearUnboundDepthStencil),
            }
        }
        Command::SetState(state) => state.check().map_err(state_out_of_range),
        Command::BindProgram(program) => match tables.programs.get(*program) {
            Some(_) => Ok(()),
            None => Err(unknown(*program)),
        },
        Command::BindDescriptorTables { textures, samplers } => {
            tables
                .texture_tables
                .get(*textures)
                .ok_or_else(|| unknown(*textures))?;
            tables
                .sampler_tables
                .get(*samplers)
                .ok_or_else(|| unknown(*samplers))?;
            Ok(())
        }
        Command::BindDescriptorTable(super::TableBind::Textures(textures)) => tables
            .texture_tables
            .get(*textures)
            .map(|_| ())
            .ok_or_else(|| unknown(*textures)),
        Command::BindDescriptorTable(super::TableBind::Samplers(samplers)) => tables
            .sampler_tables
            .get(*samplers)
            .map(|_| ())
            .ok_or_else(|| unknown(*samplers)),
        Command::BindBuffer { binding, range } => check_buffer_binding(*binding, range, tables),
        Command::BindTexture { slot, handle, .. } => {
            slot_in("texture", u32::from(*slot), TEXTURE_SLOTS)?;
            let (texture_table, sampler_table) = bound_tables(bound, tables)?;
            check_texture_slot(
                tables,
                texture_table,
                handle.texture_slot,
                DescriptorKind::Texture,
            )?;
            if sampler_table.entry(handle.sampler_slot).is_none() {
                return Err(RecordError::UnregisteredHandle {
                    table: sampler_table.id.into(),
                    slot: handle.sampler_slot,
                });
            }
            Ok(())
        }
        Command::BindImage { slot, handle, .. } => {
            slot_in("image", u32::from(*slot), IMAGE_SLOTS)?;
            let (texture_table, _) = bound_tables(bound, tables)?;
            check_texture_slot(
                tables,
                texture_table,
                handle.texture_slot,
                DescriptorKind::Image,
            )?;
            // Multisample images are never storage images here (no
            // `shaderStorageImageMultisample` use): they are read through texture slots.
            let multisample = texture_table
                .entry(handle.texture_slot)
                .and_then(|entry| tables.views.get(entry.view))
                .is_some_and(super::multisample_slots::is_multisample);
            match multisample {
                true => Err(RecordError::BadArgument {
                    what: "image bind of a multisample view",
                    why: "multisample textures are read through texture slots (sampler2DMS), \
                          never loaded or stored as images",
                }),
                false => Ok(()),
            }
        }
        Command::Draw(draw) => {
            check_draw_size(draw.vertex_count, draw.instance_count)?;
            check_draw(bound, tables, false, draw.primitive)
        }
        Command::DrawIndexed(draw) => {
            check_draw_size(draw.index_count, draw.instance_count)?;
            check_draw(bound, tables, true, draw.primitive)
        }
        Command::DrawIndirect(draw) => {
            check_draw(bound, tables, draw.indexed, draw.primitive)?;
            let record_b = draw.record_size_b();
            if draw.draw_count > 1 && u64::from(draw.stride_b) < record_b {
                return Err(RecordError::BadArgument {
                    what: "indirect draw stride",
                    why: "smaller than one argument record",
                });
            }
            let span_b = match draw.draw_count {
                0 => 0,
                count => u64::from(count - 1) * u64::from(draw.stride_b) + record_b,
            };
            let buffer = buffer(tables, draw.buffer)?;
            buffer_range(
                buffer,
                draw.offset_b,
                span_b,
                BufferUsage::INDIRECT,
                "indirect",
            )
        }
        Command::Dispatch { .. } => check_dispatch(bound, tables),
        Command::DispatchIndirect {
            buffer: id,
            offset_b,
        } => {
            check_dispatch(bound, tables)?;
            let buffer = buffer(tables, *id)?;
            buffer_range(
                buffer,
                *offset_b,
                DISPATCH_INDIRECT_B,
                BufferUsage::INDIRECT,
                "indirect",
            )
        }
        Command::Copy(copy) => check_copy(copy, tables),
        Command::Barrier { .. } => Ok(()),
        Command::SignalSync { sync, .. } | Command::WaitSync { sync } => {
            match tables.syncs.get(*sync) {
                Some(_) => Ok(()),
                None => Err(unknown(*sync)),
            }
        }
        Command::Discard(DiscardTarget::Color(target)) => slot_in(
            "colour target",
            u32::from(*target),
            MAX_COLOR_TARGETS as u32,
        ),
        Command::Discard(DiscardTarget::DepthStencil) => Ok(()),
        Command::UpdateUniformBuffer(update) => check_update(update, tables),
        Command::BindTransformFeedbackBuffer { index, range } => {
            super::transform_feedback::check_bind(*index, range, tables)
        }
        Command::TransformFeedback { verb, control } => {
            super::transform_feedback::check_verb(*verb, control, bound, tables)
        }
        Command::ReportCounter {
            buffer, offset_b, ..
        } => counters::check_report_destination(
            tables,
            *buffer,
            *offset_b,
            counters::REPORT_B,
            counters::REPORT_ALIGN_B,
            "counter report address",
        ),
        Command::ReportValue {
            buffer, offset_b, ..
        } => counters::check_report_destination(
            tables,
            *buffer,
            *offset_b,
            counters::VALUE_B,
            counters::VALUE_B,
            "report value address",
        ),
        Command::ResetCounter(_) => Ok(()),
        Command::SetRenderEnable(_) => Ok(()),
        Command::SetRenderEnableConditional {
            buffer, offset_b, ..
        } => counters::check_report_destination(
            tables,
            *buffer,
            *offset_b,
            super::render_enable::CONDITION_B,
            counters::REPORT_ALIGN_B,
            "render enable condition address",
        ),
        Command::FillBuffer {
            buffer: id,
            offset_b,
            size_b,
            ..
        } => super::fill::check_fill(buffer(tables, *id)?, *offset_b, *size_b),
        Command::ClearTexture(clear) => super::texture_clear::check_texture_clear(clear, tables),
        // Balance is the command buffer's (`CommandBuffer::record`).
        Command::PushDebugGroup(name) | Command::InsertDebugLabel(name) => {
            super::debug_group::check_label(name)
        }
        Command::PopDebugGroup => Ok(()),
    }
}

fn check_update(update: &UniformUpdate, tables: &ObjectTables) -> Result<(), RecordError> {
    let len_b = update.bytes.len();
    if len_b == 0 || len_b > MAX_UNIFORM_UPDATE_B || !len_b.is_multiple_of(4) {
        return Err(RecordError::BadArgument {
            what: "uniform update size",
            why: "not a multiple of 4 bytes from 4 to 65536 (MAX_UNIFORM_UPDATE_B)",
        });
    }
    let buffer = buffer(tables, update.buffer)?;
    // Wrapping: an offset past any pool is refused by the range check below, and the
    // sum modulo 4 is the same.
    if !buffer
        .offset_b
        .wrapping_add(update.offset_b)
        .is_multiple_of(4)
    {
        return Err(RecordError::BadArgument {
            what: "uniform update offset",
            why: "not a multiple of 4 bytes into the pool",
        });
    }
    buffer_range(
        buffer,
        update.offset_b,
        len_b as u64,
        BufferUsage::UNIFORM,
        "uniform",
    )
}

fn check_buffer_binding(
    binding: BufferBinding,
    range: &BufferRange,
    tables: &ObjectTables,
) -> Result<(), RecordError> {
    check_binding_of(binding, range, buffer(tables, range.buffer)?)
}

/// Checks binding `range` of `buffer` (the buffer the range names) at `binding`.
#[inline]
pub(crate) fn check_binding_of(
    binding: BufferBinding,
    range: &BufferRange,
    buffer: &Buffer,
) -> Result<(), RecordError> {
    debug_assert_eq!(buffer.id, range.buffer);
    let (usage, needed) = match binding {
        BufferBinding::Vertex { stream } => {
            slot_in(
                "vertex stream",
                u32::from(stream),
                MAX_VERTEX_STREAMS as u32,
            )?;
            (BufferUsage::VERTEX, "vertex")
        }
        BufferBinding::Index { .. } => (BufferUsage::INDEX, "index"),
        BufferBinding::Uniform { slot, .. } => {
            slot_in("uniform buffer", u32::from(slot), UNIFORM_SLOTS)?;
            (BufferUsage::UNIFORM, "uniform")
        }
        BufferBinding::Storage { slot, .. } => {
            slot_in("storage buffer", u32::from(slot), STORAGE_SLOTS)?;
            (BufferUsage::STORAGE, "storage")
        }
    };
    buffer_range(buffer, range.offset_b, range.size_b, usage, needed)
}

fn bound_tables<'t>(
    bound: &BoundState,
    tables: &'t ObjectTables,
) -> Result<
    (
        &'t crate::objects::TextureTable,
        &'t crate::objects::SamplerTable,
    ),
    RecordError,
> {
    let (textures, samplers) = bound
        .descriptor_tables
        .ok_or(RecordError::HandleWithoutTables)?;
    Ok((
        tables
            .texture_tables
            .get(textures)
            .ok_or_else(|| unknown(textures))?,
        tables
            .sampler_tables
            .get(samplers)
            .ok_or_else(|| unknown(samplers))?,
    ))
}

fn check_texture_slot(
    tables: &ObjectTables,
    table: &crate::objects::TextureTable,
    slot: u32,
    kind: DescriptorKind,
) -> Result<(), RecordError> {
    match table.entry(slot) {
        Some(entry) if entry.kind == kind => match tables.view_texture(entry.view) {
            Some(_) => Ok(()),
            None => Err(unknown(entry.view)),
        },
        _ => Err(RecordError::UnregisteredHandle {
            table: table.id.into(),
            slot,
        }),
    }
}

/// The most vertices (vertices, or indices, times instances) one direct draw may make:
/// 2^28, hundreds of times what a console frame draws in all. A draw past it is a damaged
/// argument, and executing it would hold the GPU for minutes.
pub const MAX_DRAW_VERTICES: u64 = 1 << 28;

/// Whether a direct draw of `count` vertices (or indices) and `instance_count` instances
/// is within `MAX_DRAW_VERTICES`.
#[inline]
pub(crate) fn draw_size_fits(count: u32, instance_count: u32) -> bool {
    u64::from(count) * u64::from(instance_count) <= MAX_DRAW_VERTICES
}

fn check_draw_size(count: u32, instance_count: u32) -> Result<(), RecordError> {
    if !draw_size_fits(count, instance_count) {
        return Err(RecordError::BadArgument {
            what: "draw vertex and instance counts",
            why: "more than 2^28 vertices in one draw (MAX_DRAW_VERTICES)",
        });
    }
    Ok(())
}

fn check_draw(
    bound: &BoundState,
    tables: &ObjectTables,
    indexed: bool,
    primitive: PrimitiveKind,
) -> Result<(), RecordError> {
    let program = bound
        .graphics_program
        .ok_or(RecordError::DrawWithoutProgram)?;
    if tables.programs.get(program).is_none() {
        return Err(unknown(program));
    }
    check_draw_with_live_program(bound, indexed, primitive)
}

/// `check_draw` once the bound graphics program is known to be live.
#[inline]
pub(crate) fn check_draw_with_live_program(
    bound: &BoundState,
    indexed: bool,
    primitive: PrimitiveKind,
) -> Result<(), RecordError> {
    super::stages::check_geometry_input(primitive, bound.per_input_geometry)?;
    super::stages::check_draw_primitive(primitive, bound.tessellated)?;
    super::smoothing::check_polygon_smoothing(bound, primitive)?;
    if bound.targets.is_empty() {
        return Err(RecordError::DrawWithoutRenderTarget);
    }
    if indexed && bound.index_type.is_none() {
        return Err(RecordError::DrawWithoutIndexBuffer);
    }
    Ok(())
}

fn check_dispatch(bound: &BoundState, tables: &ObjectTables) -> Result<(), RecordError> {
    let program = bound
        .compute_program
        .ok_or(RecordError::DispatchWithoutProgram)?;
    match tables.programs.get(program) {
        Some(_) => Ok(()),
        None => Err(unknown(program)),
    }
}

fn out_of_bounds(
    side: CopySide,
    object: impl Into<ObjectRef>,
    what: &'static str,
    end: u64,
    limit: u64,
) -> RecordError {
    RecordError::CopyOutOfBounds {
        side,
        object: object.into(),
        what,
        end,
        limit,
    }
}

fn check_copy(copy: &CopyOp, tables: &ObjectTables) -> Result<(), RecordError> {
    match copy {
        CopyOp::BufferToBuffer {
            source,
            source_offset_b,
            destination,
            destination_offset_b,
            size_b,
        } => {
            for (side, id, offset_b) in [
                (CopySide::Source, *source, *source_offset_b),
                (CopySide::Destination, *destination, *destination_offset_b),
            ] {
                let buffer = buffer(tables, id)?;
                let end_b = offset_b.saturating_add(*size_b);
                if end_b > buffer.size_b {
                    return Err(out_of_bounds(side, id, "bytes", end_b, buffer.size_b));
                }
            }
            Ok(())
        }
        CopyOp::BufferToTexture {
            source,
            destination,
        } => {
            let texture = check_region(CopySide::Destination, destination, tables)?;
            super::resolve::check_single_sample(texture)?;
            check_buffer_image(CopySide::Source, source, destination, texture, tables)
        }
        CopyOp::TextureToBuffer {
            source,
            destination,
        } => {
            let texture = check_region(CopySide::Source, source, tables)?;
            super::resolve::check_single_sample(texture)?;
            check_buffer_image(CopySide::Destination, destination, source, texture, tables)
        }
        CopyOp::TextureToTexture {
            source,
            destination,
            ..
        } => {
            let source_texture = check_region(CopySide::Source, source, tables)?;
            let destination_texture = check_region(CopySide::Destination, destination, tables)?;
            super::resolve::check_single_sample(source_texture)?;
            super::resolve::check_single_sample(destination_texture)?;
            let (a, b) = (source_texture.format(), destination_texture.format());
            let same_element = a.bytes_per_element() == b.bytes_per_element()
                && a.block_width_px() == b.block_width_px()
                && a.block_height_px() == b.block_height_px();
            if !same_element {
                return Err(RecordError::CopyFormatMismatch {
                    source_texture: source.texture,
                    destination: destination.texture,
                });
            }
            Ok(())
        }
        CopyOp::Resolve {
            source,
            destination,
            mode,
        } => super::resolve::check_resolve(*source, *destination, *mode, tables),
    }
}

fn check_region<'t>(
    side: CopySide,
    region: &TextureRegion,
    tables: &'t ObjectTables,
) -> Result<&'t Texture, RecordError> {
    let texture = tables
        .textures
        .get(region.texture)
        .ok_or_else(|| unknown(region.texture))?;
    if region.width_px == 0 || region.height_px == 0 || region.depth == 0 {
        return Err(RecordError::BadArgument {
            what: "copy region",
            why: "has no texels",
        });
    }
    let levels = texture.desc.levels;
    let (Some([width_px, height_px, _]), Some(z_limit)) = (
        texture.level_extent_px(region.level),
        texture.level_z_limit(region.level),
    ) else {
        return Err(out_of_bounds(
            side,
            region.texture,
            "level",
            u64::from(region.level) + 1,
            u64::from(levels),
        ));
    };
    for (what, start, size, limit) in [
        ("x", region.x_px, region.width_px, width_px),
        ("y", region.y_px, region.height_px, height_px),
        ("z", region.z, region.depth, z_limit),
    ] {
        let end = u64::from(start) + u64::from(size);
        if end > u64::from(limit) {
            return Err(out_of_bounds(
                side,
                region.texture,
                what,
                end,
                u64::from(limit),
            ));
        }
    }
    Ok(texture)
}

/// Bytes a region's texels take in a buffer laid out as `image` says.
pub fn buffer_image_span_b(
    image: &BufferImage,
    region: &TextureRegion,
    texture: &Texture,
) -> Result<u64, RecordError> {
    let format = texture.format();
    let width_el = u64::from(region.width_px.div_ceil(format.block_width_px()));
    let height_el = u64::from(region.height_px.div_ceil(format.block_height_px()));
    let row_b = width_el * u64::from(format.bytes_per_element());
    let pitch_b = match image.row_pitch_b {
        0 => row_b,
        pitch_b => u64::from(pitch_b),
    };
    let rows_per_image = match image.rows_per_image {
        0 => height_el,
        rows => u64::from(rows),
    };
    if pitch_b < row_b || rows_per_image < height_el {
        return Err(RecordError::BadArgument {
            what: "buffer image layout",
            why: "rows or images overlap",
        });
    }
    Ok(
        pitch_b * rows_per_image * (u64::from(region.depth) - 1)
            + pitch_b * (height_el - 1)
            + row_b,
    )
}

fn check_buffer_image(
    side: CopySide,
    image: &BufferImage,
    region: &TextureRegion,
    texture: &Texture,
    tables: &ObjectTables,
) -> Result<(), RecordError> {
    let buffer = buffer(tables, image.buffer)?;
    // Vulkan copies texels at buffer offsets that are multiples of their size: for the
    // power-of-two sizes a game's alignment gives that, for RGB32's 12 bytes it may not.
    let texel_b = u64::from(texture.format().bytes_per_element());
    let pool_address_b = buffer.offset_b.saturating_add(image.offset_b);
    if !texel_b.is_power_of_two() && !pool_address_b.is_multiple_of(texel_b) {
        return Err(RecordError::MissingCapability {
            what: "RGB32 buffer copy at a pool address not a multiple of 12 bytes",
            capability: "a staging copy for 12-byte texels (not made yet)",
        });
    }
    let end_b = image
        .offset_b
        .saturating_add(buffer_image_span_b(image, region, texture)?);
    if end_b > buffer.size_b {
        return Err(out_of_bounds(
            side,
            image.buffer,
            "bytes",
            end_b,
            buffer.size_b,
        ));
    }
    Ok(())
}
