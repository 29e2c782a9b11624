//! NVN's address forms of every command that names memory: each address (with the bytes
//! the command reads or writes there) is turned into a range of its pool's whole-pool
//! buffer (`Device::address_range`) and the command recorded as its buffer form is. An
//! address in no live pool, or a range running past its pool's end or into another pool,
//! is refused here, naming the address and the nearest pool.

use crate::address::GpuAddress;
use crate::error::RecordError;
use crate::objects::{BufferRange, Stage};
use crate::state::{IndexType, PrimitiveKind};

use super::counters::Counter;
use super::render_enable::ConditionalRender;
use super::transform_feedback::{
    TransformFeedbackControl, TransformFeedbackVerb, TRANSFORM_FEEDBACK_CONTROL_B,
};
use super::validate::buffer_image_span_b;
use super::verbs::{BufferBinding, BufferImage, CopyOp, DrawIndirect, TextureRegion};
use super::CommandBuffer;

/// Bytes an indirect dispatch's arguments take (three group counts).
const DISPATCH_ARGUMENTS_B: u64 = 12;
/// Bytes of a counter report (value and timestamp).
const COUNTER_REPORT_B: u64 = 16;
/// Bytes of a value report.
const VALUE_REPORT_B: u64 = 4;
/// Bytes a conditional render reads (two reports).
const CONDITIONAL_REPORTS_B: u64 = 32;

impl<'d> CommandBuffer<'d> {
    /// `size_b` bytes at `address`, as the range of a pool that buffer forms take.
    #[inline]
    pub fn address_range(
        &self,
        address: GpuAddress,
        size_b: u64,
    ) -> Result<BufferRange, RecordError> {
        Ok(self.device().address_range(address, size_b)?)
    }

    /// NVN's `BindVertexBuffer`, `BindUniformBuffer`, `BindStorageBuffer` and the index
    /// buffer bind: `size_b` bytes at `address` bound as `binding`.
    #[inline]
    pub fn bind_buffer_address(
        &mut self,
        binding: BufferBinding,
        address: GpuAddress,
        size_b: u64,
    ) -> Result<(), RecordError> {
        let range = self.address_range(address, size_b)?;
        self.bind_buffer(binding, range)
    }

    /// NVN's `BindVertexBuffer`.
    pub fn bind_vertex_buffer_address(
        &mut self,
        stream: u8,
        address: GpuAddress,
        size_b: u64,
    ) -> Result<(), RecordError> {
        self.bind_buffer_address(BufferBinding::Vertex { stream }, address, size_b)
    }

    /// The index buffer `DrawElements` reads (NVN passes it with each indexed draw).
    pub fn bind_index_buffer_address(
        &mut self,
        index_type: IndexType,
        address: GpuAddress,
        size_b: u64,
    ) -> Result<(), RecordError> {
        self.bind_buffer_address(BufferBinding::Index { index_type }, address, size_b)
    }

    /// NVN's `BindUniformBuffer`.
    pub fn bind_uniform_buffer_address(
        &mut self,
        stage: Stage,
        slot: u8,
        address: GpuAddress,
        size_b: u64,
    ) -> Result<(), RecordError> {
        self.bind_buffer_address(BufferBinding::Uniform { stage, slot }, address, size_b)
    }

    /// NVN's `BindStorageBuffer`.
    pub fn bind_storage_buffer_address(
        &mut self,
        stage: Stage,
        slot: u8,
        address: GpuAddress,
        size_b: u64,
    ) -> Result<(), RecordError> {
        self.bind_buffer_address(BufferBinding::Storage { stage, slot }, address, size_b)
    }

    /// NVN's `BindTransformFeedbackBuffer`.
    pub fn bind_transform_feedback_buffer_address(
        &mut self,
        index: u8,
        address: GpuAddress,
        size_b: u64,
    ) -> Result<(), RecordError> {
        let range = self.address_range(address, size_b)?;
        self.bind_transform_feedback_buffer(index, range)
    }

    /// NVN's `DrawArraysIndirect` (`indexed` false) and `DrawElementsIndirect`:
    /// `draw_count` argument records `stride_b` apart from `address`.
    pub fn draw_indirect_address(
        &mut self,
        primitive: PrimitiveKind,
        indexed: bool,
        address: GpuAddress,
        draw_count: u32,
        stride_b: u32,
    ) -> Result<(), RecordError> {
        let mut draw = DrawIndirect {
            primitive,
            indexed,
            buffer: crate::ids::BufferId::from_raw(1).expect("non-zero"),
            offset_b: 0,
            draw_count,
            stride_b,
        };
        let size_b = match draw_count {
            0 => 0,
            count => u64::from(count - 1) * u64::from(stride_b) + draw.record_size_b(),
        };
        let range = self.address_range(address, size_b)?;
        draw.buffer = range.buffer;
        draw.offset_b = range.offset_b;
        self.draw_indirect(draw)
    }

    /// NVN's `DispatchComputeIndirect`: the group counts at `address`.
    pub fn dispatch_indirect_address(&mut self, address: GpuAddress) -> Result<(), RecordError> {
        let range = self.address_range(address, DISPATCH_ARGUMENTS_B)?;
        self.dispatch_indirect(range.buffer, range.offset_b)
    }

    /// NVN's `CopyBufferToBuffer`: `size_b` bytes from `source` to `destination`.
    pub fn copy_buffer_address(
        &mut self,
        source: GpuAddress,
        destination: GpuAddress,
        size_b: u64,
    ) -> Result<(), RecordError> {
        let source = self.address_range(source, size_b)?;
        let destination = self.address_range(destination, size_b)?;
        self.copy(CopyOp::BufferToBuffer {
            source: source.buffer,
            source_offset_b: source.offset_b,
            destination: destination.buffer,
            destination_offset_b: destination.offset_b,
            size_b,
        })
    }

    /// The texels of `region` laid out as `row_pitch_b` and `rows_per_image` say (0:
    /// tight) from `address`, as the range of a pool.
    fn image_at(
        &self,
        address: GpuAddress,
        row_pitch_b: u32,
        rows_per_image: u32,
        region: &TextureRegion,
    ) -> Result<BufferImage, RecordError> {
        let mut image = BufferImage {
            buffer: crate::ids::BufferId::from_raw(1).expect("non-zero"),
            offset_b: 0,
            row_pitch_b,
            rows_per_image,
        };
        let span_b = {
            let tables = self.device().tables();
            let texture = tables
                .textures
                .get(region.texture)
                .ok_or(RecordError::UnknownObject(region.texture.into()))?;
            buffer_image_span_b(&image, region, texture)?
        };
        let range = self.address_range(address, span_b)?;
        image.buffer = range.buffer;
        image.offset_b = range.offset_b;
        Ok(image)
    }

    /// NVN's `CopyBufferToTexture`: texels from `source` into `destination`.
    pub fn copy_buffer_to_texture_address(
        &mut self,
        source: GpuAddress,
        row_pitch_b: u32,
        rows_per_image: u32,
        destination: TextureRegion,
    ) -> Result<(), RecordError> {
        let source = self.image_at(source, row_pitch_b, rows_per_image, &destination)?;
        self.copy(CopyOp::BufferToTexture {
            source,
            destination,
        })
    }

    /// NVN's `CopyTextureToBuffer`: texels of `source` to `destination`.
    pub fn copy_texture_to_buffer_address(
        &mut self,
        source: TextureRegion,
        destination: GpuAddress,
        row_pitch_b: u32,
        rows_per_image: u32,
    ) -> Result<(), RecordError> {
        let destination = self.image_at(destination, row_pitch_b, rows_per_image, &source)?;
        self.copy(CopyOp::TextureToBuffer {
            source,
            destination,
        })
    }

    /// NVN's `ClearBuffer`: `size_b` bytes at `address` hold `value` repeated.
    pub fn clear_buffer_address(
        &mut self,
        address: GpuAddress,
        size_b: u64,
        value: u32,
    ) -> Result<(), RecordError> {
        let range = self.address_range(address, size_b)?;
        self.fill_buffer(range.buffer, range.offset_b, size_b, value)
    }

    /// NVN's `ReportCounter`: 16 bytes at `address`.
    pub fn report_counter_address(
        &mut self,
        counter: Counter,
        address: GpuAddress,
    ) -> Result<(), RecordError> {
        let range = self.address_range(address, COUNTER_REPORT_B)?;
        self.report_counter(counter, range.buffer, range.offset_b)
    }

    /// NVN's `ReportValue`: 4 bytes at `address`.
    pub fn report_value_address(
        &mut self,
        value: u32,
        address: GpuAddress,
    ) -> Result<(), RecordError> {
        let range = self.address_range(address, VALUE_REPORT_B)?;
        self.report_value(value, range.buffer, range.offset_b)
    }

    /// NVN's `SetRenderEnableConditional`: the two reports at `address`.
    pub fn set_render_enable_conditional_address(
        &mut self,
        mode: ConditionalRender,
        address: GpuAddress,
    ) -> Result<(), RecordError> {
        let range = self.address_range(address, CONDITIONAL_REPORTS_B)?;
        self.set_render_enable_conditional(mode, range.buffer, range.offset_b)
    }

    /// NVN's `UpdateUniformBuffer`: `bytes` into the uniform buffer of `buffer_size_b`
    /// bytes at `buffer`, from `update_offset_b` in it.
    pub fn update_uniform_buffer_address(
        &mut self,
        buffer: GpuAddress,
        buffer_size_b: u64,
        update_offset_b: u64,
        bytes: &[u8],
    ) -> Result<(), RecordError> {
        let range = self.address_range(buffer, buffer_size_b)?;
        let inside = update_offset_b
            .checked_add(bytes.len() as u64)
            .is_some_and(|end_b| end_b <= buffer_size_b);
        if !inside {
            return Err(RecordError::BadArgument {
                what: "uniform update",
                why: "the update runs past the buffer size given",
            });
        }
        self.update_uniform_buffer(range.buffer, range.offset_b + update_offset_b, bytes)
    }

    /// NVN's `BeginTransformFeedback`, `PauseTransformFeedback`,
    /// `ResumeTransformFeedback` and `EndTransformFeedback`: the control buffer (the byte
    /// counts) at `control`.
    pub fn transform_feedback_address(
        &mut self,
        verb: TransformFeedbackVerb,
        control: GpuAddress,
    ) -> Result<(), RecordError> {
        let range = self.address_range(control, TRANSFORM_FEEDBACK_CONTROL_B)?;
        self.transform_feedback(
            verb,
            TransformFeedbackControl {
                buffer: range.buffer,
                offset_b: range.offset_b,
            },
        )
    }
}
