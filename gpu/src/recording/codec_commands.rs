//! Commands and command lists in a recording: an opcode byte, then the fields.

use crate::command::*;

use super::wire::{put_bytes, take_bytes, wire_struct, Malformed, Wire, WireReader};

wire_struct!(RenderTargets {
    colors,
    depth_stencil
});
wire_struct!(DrawArrays {
    primitive,
    first_vertex,
    vertex_count,
    first_instance,
    instance_count,
});
wire_struct!(DrawIndexed {
    primitive,
    first_index,
    index_count,
    base_vertex,
    first_instance,
    instance_count,
});
wire_struct!(DrawIndirect {
    primitive,
    indexed,
    buffer,
    offset_b,
    draw_count,
    stride_b,
});
wire_struct!(TextureRegion {
    texture,
    level,
    x_px,
    y_px,
    z,
    width_px,
    height_px,
    depth,
});
wire_struct!(UniformUpdate {
    buffer,
    offset_b,
    bytes
});
wire_struct!(TransformFeedbackControl { buffer, offset_b });
wire_struct!(BufferImage {
    buffer,
    offset_b,
    row_pitch_b,
    rows_per_image,
});

wire_struct!(TextureClear {
    view,
    x_px,
    y_px,
    width_px,
    height_px,
    z,
    depth,
    value,
});

impl Wire for TextureClearValue {
    const MIN_B: usize = 2;
    fn put(&self, out: &mut Vec<u8>) {
        match self {
            TextureClearValue::Color { value, mask } => {
                out.push(0);
                value.put(out);
                mask.put(out);
            }
            TextureClearValue::DepthStencil { depth, stencil } => {
                out.push(1);
                depth.put(out);
                stencil.put(out);
            }
        }
    }
    fn take(reader: &mut WireReader<'_>) -> Result<Self, Malformed> {
        Ok(match u8::take(reader)? {
            0 => TextureClearValue::Color {
                value: Wire::take(reader)?,
                mask: Wire::take(reader)?,
            },
            1 => TextureClearValue::DepthStencil {
                depth: Wire::take(reader)?,
                stencil: Wire::take(reader)?,
            },
            _ => return Err(reader.fail("texture clear value kind")),
        })
    }
}

/// A debug group's or label's name: its UTF-8 bytes.
fn put_label(name: &str, out: &mut Vec<u8>) {
    put_bytes(name.as_bytes(), out);
}

fn take_label(reader: &mut WireReader<'_>) -> Result<String, Malformed> {
    let bytes = take_bytes(reader)?;
    match std::str::from_utf8(bytes) {
        Ok(name) => Ok(name.to_owned()),
        Err(_) => Err(reader.fail("debug label (not UTF-8)")),
    }
}

impl Wire for ClearValue {
    const MIN_B: usize = 17;
    fn put(&self, out: &mut Vec<u8>) {
        match self {
            ClearValue::Float(rgba) => {
                out.push(0);
                rgba.put(out);
            }
            ClearValue::Int(rgba) => {
                out.push(1);
                rgba.put(out);
            }
            ClearValue::Uint(rgba) => {
                out.push(2);
                rgba.put(out);
            }
        }
    }
    fn take(reader: &mut WireReader<'_>) -> Result<Self, Malformed> {
        Ok(match u8::take(reader)? {
            0 => ClearValue::Float(Wire::take(reader)?),
            1 => ClearValue::Int(Wire::take(reader)?),
            2 => ClearValue::Uint(Wire::take(reader)?),
            _ => return Err(reader.fail("clear value kind")),
        })
    }
}

impl Wire for BufferBinding {
    const MIN_B: usize = 3;
    fn put(&self, out: &mut Vec<u8>) {
        match self {
            BufferBinding::Vertex { stream } => {
                out.extend_from_slice(&[0, 0, *stream]);
            }
            BufferBinding::Index { index_type } => {
                out.extend_from_slice(&[1, 0]);
                index_type.put(out);
            }
            BufferBinding::Uniform { stage, slot } => {
                out.push(2);
                stage.put(out);
                out.push(*slot);
            }
            BufferBinding::Storage { stage, slot } => {
                out.push(3);
                stage.put(out);
                out.push(*slot);
            }
        }
    }
    fn take(reader: &mut WireReader<'_>) -> Result<Self, Malformed> {
        let tag = u8::take(reader)?;
        Ok(match tag {
            0 | 1 => {
                if u8::take(reader)? != 0 {
                    return Err(reader.fail("buffer binding padding"));
                }
                if tag == 0 {
                    BufferBinding::Vertex {
                        stream: Wire::take(reader)?,
                    }
                } else {
                    BufferBinding::Index {
                        index_type: Wire::take(reader)?,
                    }
                }
            }
            2 => BufferBinding::Uniform {
                stage: Wire::take(reader)?,
                slot: Wire::take(reader)?,
            },
            3 => BufferBinding::Storage {
                stage: Wire::take(reader)?,
                slot: Wire::take(reader)?,
            },
            _ => return Err(reader.fail("buffer binding kind")),
        })
    }
}

impl Wire for CopyOp {
    const MIN_B: usize = 1;
    fn put(&self, out: &mut Vec<u8>) {
        match self {
            CopyOp::BufferToBuffer {
                source,
                source_offset_b,
                destination,
                destination_offset_b,
                size_b,
            } => {
                out.push(0);
                source.put(out);
                source_offset_b.put(out);
                destination.put(out);
                destination_offset_b.put(out);
                size_b.put(out);
            }
            CopyOp::BufferToTexture {
                source,
                destination,
            } => {
                out.push(1);
                source.put(out);
                destination.put(out);
            }
            CopyOp::TextureToBuffer {
                source,
                destination,
            } => {
                out.push(2);
                source.put(out);
                destination.put(out);
            }
            CopyOp::TextureToTexture {
                source,
                destination,
                linear_filter,
            } => {
                out.push(3);
                source.put(out);
                destination.put(out);
                linear_filter.put(out);
            }
            CopyOp::Resolve {
                source,
                destination,
                mode,
            } => {
                out.push(4);
                source.put(out);
                destination.put(out);
                out.push(mode.raw());
            }
        }
    }
    fn take(reader: &mut WireReader<'_>) -> Result<Self, Malformed> {
        Ok(match u8::take(reader)? {
            0 => CopyOp::BufferToBuffer {
                source: Wire::take(reader)?,
                source_offset_b: Wire::take(reader)?,
                destination: Wire::take(reader)?,
                destination_offset_b: Wire::take(reader)?,
                size_b: Wire::take(reader)?,
            },
            1 => CopyOp::BufferToTexture {
                source: Wire::take(reader)?,
                destination: Wire::take(reader)?,
            },
            2 => CopyOp::TextureToBuffer {
                source: Wire::take(reader)?,
                destination: Wire::take(reader)?,
            },
            3 => CopyOp::TextureToTexture {
                source: Wire::take(reader)?,
                destination: Wire::take(reader)?,
                linear_filter: Wire::take(reader)?,
            },
            4 => CopyOp::Resolve {
                source: Wire::take(reader)?,
                destination: Wire::take(reader)?,
                mode: ResolveMode::from_raw(u8::take(reader)?)
                    .ok_or_else(|| reader.fail("resolve mode"))?,
            },
            _ => return Err(reader.fail("copy kind")),
        })
    }
}

impl Wire for DiscardTarget {
    const MIN_B: usize = 2;
    fn put(&self, out: &mut Vec<u8>) {
        match self {
            DiscardTarget::Color(target) => out.extend_from_slice(&[0, *target]),
            DiscardTarget::DepthStencil => out.extend_from_slice(&[1, 0]),
        }
    }
    fn take(reader: &mut WireReader<'_>) -> Result<Self, Malformed> {
        let tag = u8::take(reader)?;
        let target = u8::take(reader)?;
        match (tag, target) {
            (0, target) => Ok(DiscardTarget::Color(target)),
            (1, 0) => Ok(DiscardTarget::DepthStencil),
            _ => Err(reader.fail("discard target")),
        }
    }
}

/// Opcodes; fixed once given.
mod opcode {
    pub const BIND_RENDER_TARGETS: u8 = 0;
    pub const CLEAR_COLOR: u8 = 1;
    pub const CLEAR_DEPTH_STENCIL: u8 = 2;
    pub const SET_STATE: u8 = 3;
    pub const BIND_PROGRAM: u8 = 4;
    pub const BIND_DESCRIPTOR_TABLES: u8 = 5;
    pub const BIND_BUFFER: u8 = 6;
    pub const BIND_TEXTURE: u8 = 7;
    pub const BIND_IMAGE: u8 = 8;
    pub const DRAW: u8 = 9;
    pub const DRAW_INDEXED: u8 = 10;
    pub const DRAW_INDIRECT: u8 = 11;
    pub const DISPATCH: u8 = 12;
    pub const DISPATCH_INDIRECT: u8 = 13;
    pub const COPY: u8 = 14;
    pub const BARRIER: u8 = 15;
    pub const SIGNAL_SYNC: u8 = 16;
    pub const WAIT_SYNC: u8 = 17;
    pub const DISCARD: u8 = 18;
    pub const UPDATE_UNIFORM_BUFFER: u8 = 19;
    pub const BIND_TRANSFORM_FEEDBACK_BUFFER: u8 = 20;
    pub const TRANSFORM_FEEDBACK: u8 = 21;
    // NVN's pools set one at a time.
    pub const BIND_TEXTURE_TABLE: u8 = 22;
    pub const BIND_SAMPLER_TABLE: u8 = 23;
    // Issue 18, counters.
    pub const REPORT_COUNTER: u8 = 40;
    pub const REPORT_VALUE: u8 = 41;
    pub const RESET_COUNTER: u8 = 42;
    pub const SET_RENDER_ENABLE: u8 = 43;
    pub const SET_RENDER_ENABLE_CONDITIONAL: u8 = 44;
    // Issue 17, clears outside passes.
    pub const FILL_BUFFER: u8 = 60;
    pub const CLEAR_TEXTURE: u8 = 61;
    // Issue 17, debug groups and labels.
    pub const PUSH_DEBUG_GROUP: u8 = 50;
    pub const POP_DEBUG_GROUP: u8 = 51;
    pub const INSERT_DEBUG_LABEL: u8 = 52;
}

impl Wire for ConditionalRender {
    const MIN_B: usize = 1;
    fn put(&self, out: &mut Vec<u8>) {
        out.push(*self as u8);
    }
    fn take(reader: &mut WireReader<'_>) -> Result<Self, Malformed> {
        let raw = u8::take(reader)?;
        ConditionalRender::from_raw(u32::from(raw)).ok_or_else(|| reader.fail("render mode"))
    }
}

impl Wire for Counter {
    const MIN_B: usize = 1;
    fn put(&self, out: &mut Vec<u8>) {
        out.push(*self as u8);
    }
    fn take(reader: &mut WireReader<'_>) -> Result<Self, Malformed> {
        let raw = u8::take(reader)?;
        Counter::from_raw(u32::from(raw)).ok_or_else(|| reader.fail("counter"))
    }
}

impl Wire for Command {
    const MIN_B: usize = 1;
    fn put(&self, out: &mut Vec<u8>) {
        match self {
            Command::BindRenderTargets(targets) => {
                out.push(opcode::BIND_RENDER_TARGETS);
                targets.put(out);
            }
            Command::ClearColor {
                target,
                value,
                mask,
            } => {
                out.push(opcode::CLEAR_COLOR);
                target.put(out);
                value.put(out);
                mask.put(out);
            }
            Command::ClearDepthStencil {
                depth,
                stencil,
                stencil_mask,
            } => {
                out.push(opcode::CLEAR_DEPTH_STENCIL);
                depth.put(out);
                stencil.put(out);
                stencil_mask.put(out);
            }
            Command::SetState(state) => {
                out.push(opcode::SET_STATE);
                state.put(out);
            }
            Command::BindProgram(program) => {
                out.push(opcode::BIND_PROGRAM);
                program.put(out);
            }
            Command::BindDescriptorTables { textures, samplers } => {
                out.push(opcode::BIND_DESCRIPTOR_TABLES);
                textures.put(out);
                samplers.put(out);
            }
            Command::BindDescriptorTable(TableBind::Textures(textures)) => {
                out.push(opcode::BIND_TEXTURE_TABLE);
                textures.put(out);
            }
            Command::BindDescriptorTable(TableBind::Samplers(samplers)) => {
                out.push(opcode::BIND_SAMPLER_TABLE);
                samplers.put(out);
            }
            Command::BindBuffer { binding, range } => {
                out.push(opcode::BIND_BUFFER);
                binding.put(out);
                range.put(out);
            }
            Command::BindTexture {
                stage,
                slot,
                handle,
            } => {
                out.push(opcode::BIND_TEXTURE);
                stage.put(out);
                slot.put(out);
                handle.put(out);
            }
            Command::BindImage {
                stage,
                slot,
                handle,
            } => {
                out.push(opcode::BIND_IMAGE);
                stage.put(out);
                slot.put(out);
                handle.put(out);
            }
            Command::Draw(draw) => {
                out.push(opcode::DRAW);
                draw.put(out);
            }
            Command::DrawIndexed(draw) => {
                out.push(opcode::DRAW_INDEXED);
                draw.put(out);
            }
            Command::DrawIndirect(draw) => {
                out.push(opcode::DRAW_INDIRECT);
                draw.put(out);
            }
            Command::Dispatch { groups } => {
                out.push(opcode::DISPATCH);
                groups.put(out);
            }
            Command::DispatchIndirect { buffer, offset_b } => {
                out.push(opcode::DISPATCH_INDIRECT);
                buffer.put(out);
                offset_b.put(out);
            }
            Command::Copy(copy) => {
                out.push(opcode::COPY);
                copy.put(out);
            }
            Command::Barrier { order, invalidate } => {
                out.push(opcode::BARRIER);
                order.put(out);
                invalidate.put(out);
            }
            Command::SignalSync {
                sync,
                condition,
                flush,
            } => {
                out.push(opcode::SIGNAL_SYNC);
                sync.put(out);
                condition.put(out);
                flush.put(out);
            }
            Command::WaitSync { sync } => {
                out.push(opcode::WAIT_SYNC);
                sync.put(out);
            }
            Command::Discard(target) => {
                out.push(opcode::DISCARD);
                target.put(out);
            }
            Command::UpdateUniformBuffer(update) => {
                out.push(opcode::UPDATE_UNIFORM_BUFFER);
                update.put(out);
            }
            Command::BindTransformFeedbackBuffer { index, range } => {
                out.push(opcode::BIND_TRANSFORM_FEEDBACK_BUFFER);
                index.put(out);
                range.put(out);
            }
            Command::TransformFeedback { verb, control } => {
                out.push(opcode::TRANSFORM_FEEDBACK);
                verb.put(out);
                control.put(out);
            }
            Command::ReportCounter {
                counter,
                buffer,
                offset_b,
            } => {
                out.push(opcode::REPORT_COUNTER);
                counter.put(out);
                buffer.put(out);
                offset_b.put(out);
            }
            Command::ReportValue {
                value,
                buffer,
                offset_b,
            } => {
                out.push(opcode::REPORT_VALUE);
                value.put(out);
                buffer.put(out);
                offset_b.put(out);
            }
            Command::ResetCounter(counter) => {
                out.push(opcode::RESET_COUNTER);
                counter.put(out);
            }
            Command::SetRenderEnable(enabled) => {
                out.push(opcode::SET_RENDER_ENABLE);
                enabled.put(out);
            }
            Command::SetRenderEnableConditional {
                mode,
                buffer,
                offset_b,
            } => {
                out.push(opcode::SET_RENDER_ENABLE_CONDITIONAL);
                mode.put(out);
                buffer.put(out);
                offset_b.put(out);
            }
            Command::FillBuffer {
                buffer,
                offset_b,
                size_b,
                value,
            } => {
                out.push(opcode::FILL_BUFFER);
                buffer.put(out);
                offset_b.put(out);
                size_b.put(out);
                value.put(out);
            }
            Command::ClearTexture(clear) => {
                out.push(opcode::CLEAR_TEXTURE);
                clear.put(out);
            }
            Command::PushDebugGroup(name) => {
                out.push(opcode::PUSH_DEBUG_GROUP);
                put_label(name, out);
            }
            Command::PopDebugGroup => out.push(opcode::POP_DEBUG_GROUP),
            Command::InsertDebugLabel(name) => {
                out.push(opcode::INSERT_DEBUG_LABEL);
                put_label(name, out);
            }
        }
    }

    fn take(reader: &mut WireReader<'_>) -> Result<Self, Malformed> {
        Ok(match u8::take(reader)? {
            opcode::BIND_RENDER_TARGETS => Command::BindRenderTargets(Wire::take(reader)?),
            opcode::CLEAR_COLOR => Command::ClearColor {
                target: Wire::take(reader)?,
                value: Wire::take(reader)?,
                mask: Wire::take(reader)?,
            },
            opcode::CLEAR_DEPTH_STENCIL => Command::ClearDepthStencil {
                depth: Wire::take(reader)?,
                stencil: Wire::take(reader)?,
                stencil_mask: Wire::take(reader)?,
            },
            opcode::SET_STATE => Command::SetState(Wire::take(reader)?),
            opcode::BIND_PROGRAM => Command::BindProgram(Wire::take(reader)?),
            opcode::BIND_DESCRIPTOR_TABLES => Command::BindDescriptorTables {
                textures: Wire::take(reader)?,
                samplers: Wire::take(reader)?,
            },
            opcode::BIND_TEXTURE_TABLE => {
                Command::BindDescriptorTable(TableBind::Textures(Wire::take(reader)?))
            }
            opcode::BIND_SAMPLER_TABLE => {
                Command::BindDescriptorTable(TableBind::Samplers(Wire::take(reader)?))
            }
            opcode::BIND_BUFFER => Command::BindBuffer {
                binding: Wire::take(reader)?,
                range: Wire::take(reader)?,
            },
            opcode::BIND_TEXTURE => Command::BindTexture {
                stage: Wire::take(reader)?,
                slot: Wire::take(reader)?,
                handle: Wire::take(reader)?,
            },
            opcode::BIND_IMAGE => Command::BindImage {
                stage: Wire::take(reader)?,
                slot: Wire::take(reader)?,
                handle: Wire::take(reader)?,
            },
            opcode::DRAW => Command::Draw(Wire::take(reader)?),
            opcode::DRAW_INDEXED => Command::DrawIndexed(Wire::take(reader)?),
            opcode::DRAW_INDIRECT => Command::DrawIndirect(Wire::take(reader)?),
            opcode::DISPATCH => Command::Dispatch {
                groups: Wire::take(reader)?,
            },
            opcode::DISPATCH_INDIRECT => Command::DispatchIndirect {
                buffer: Wire::take(reader)?,
                offset_b: Wire::take(reader)?,
            },
            opcode::COPY => Command::Copy(Wire::take(reader)?),
            opcode::BARRIER => Command::Barrier {
                order: Wire::take(reader)?,
                invalidate: Wire::take(reader)?,
            },
            opcode::SIGNAL_SYNC => Command::SignalSync {
                sync: Wire::take(reader)?,
                condition: Wire::take(reader)?,
                flush: Wire::take(reader)?,
            },
            opcode::WAIT_SYNC => Command::WaitSync {
                sync: Wire::take(reader)?,
            },
            opcode::DISCARD => Command::Discard(Wire::take(reader)?),
            opcode::UPDATE_UNIFORM_BUFFER => Command::UpdateUniformBuffer(Wire::take(reader)?),
            opcode::BIND_TRANSFORM_FEEDBACK_BUFFER => Command::BindTransformFeedbackBuffer {
                index: Wire::take(reader)?,
                range: Wire::take(reader)?,
            },
            opcode::TRANSFORM_FEEDBACK => Command::TransformFeedback {
                verb: Wire::take(reader)?,
                control: Wire::take(reader)?,
            },
            opcode::REPORT_COUNTER => Command::ReportCounter {
                counter: Wire::take(reader)?,
                buffer: Wire::take(reader)?,
                offset_b: Wire::take(reader)?,
            },
            opcode::REPORT_VALUE => Command::ReportValue {
                value: Wire::take(reader)?,
                buffer: Wire::take(reader)?,
                offset_b: Wire::take(reader)?,
            },
            opcode::RESET_COUNTER => Command::ResetCounter(Wire::take(reader)?),
            opcode::SET_RENDER_ENABLE => Command::SetRenderEnable(Wire::take(reader)?),
            opcode::SET_RENDER_ENABLE_CONDITIONAL => Command::SetRenderEnableConditional {
                mode: Wire::take(reader)?,
                buffer: Wire::take(reader)?,
                offset_b: Wire::take(reader)?,
            },
            opcode::FILL_BUFFER => Command::FillBuffer {
                buffer: Wire::take(reader)?,
                offset_b: Wire::take(reader)?,
                size_b: Wire::take(reader)?,
                value: Wire::take(reader)?,
            },
            opcode::CLEAR_TEXTURE => Command::ClearTexture(Wire::take(reader)?),
            opcode::PUSH_DEBUG_GROUP => Command::PushDebugGroup(take_label(reader)?),
            opcode::POP_DEBUG_GROUP => Command::PopDebugGroup,
            opcode::INSERT_DEBUG_LABEL => Command::InsertDebugLabel(take_label(reader)?),
            _ => return Err(reader.fail("opcode")),
        })
    }
}

/// A list travels as its command count and commands, payloads inline.
impl Wire for CommandList {
    const MIN_B: usize = 4;
    fn put(&self, out: &mut Vec<u8>) {
        (self.len() as u32).put(out);
        for op in self.ops() {
            self.command(op).put(out);
        }
    }
    fn take(reader: &mut WireReader<'_>) -> Result<Self, Malformed> {
        let count = reader.take_count(Command::MIN_B, "command count")?;
        let mut list = CommandList::default();
        for _ in 0..count {
            list.push(Command::take(reader)?);
        }
        Ok(list)
    }
}
