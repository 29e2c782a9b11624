//! Reading textures back: a copy into a buffer in a pool, submitted and waited for, then
//! the pool's bytes as the CPU sees them.

use gpu::command::{BufferImage, CopyOp, TextureRegion};
use gpu::{BufferId, PoolId, QueueError, TextureId};

/// `width_px` x `height_px` of level `level` of `texture` from its origin, one deep.
pub fn region(texture: TextureId, level: u32, width_px: u32, height_px: u32) -> TextureRegion {
    TextureRegion::from_origin(texture, level, width_px, height_px)
}

/// A copy of `source` to the start of `buffer`, rows tightly packed.
pub fn copy_to_buffer(source: TextureRegion, buffer: BufferId) -> CopyOp {
    CopyOp::TextureToBuffer {
        source,
        destination: BufferImage {
            buffer,
            offset_b: 0,
            row_pitch_b: 0,
            rows_per_image: 0,
        },
    }
}

/// `len_b` bytes of `pool` from `offset_b`, as the CPU reads them.
pub fn pool_bytes(device: &gpu::Device, pool: PoolId, offset_b: u64, len_b: usize) -> Vec<u8> {
    let mut out = vec![0; len_b];
    device.read_pool(pool, offset_b, &mut out).unwrap();
    out
}

/// A buffer textures are copied into for the CPU to read: `buffer` starts at `offset_b`
/// of `pool`.
#[derive(Clone, Copy, Debug)]
pub struct Readback {
    pub buffer: BufferId,
    pub pool: PoolId,
    pub offset_b: u64,
}

impl Readback {
    /// A read-back buffer of `size_b` bytes at `offset_b` of `pool`.
    pub fn new(device: &gpu::Device, pool: PoolId, offset_b: u64, size_b: u64) -> Readback {
        Readback {
            buffer: super::device::buffer(device, pool, offset_b, size_b),
            pool,
            offset_b,
        }
    }

    /// A copy of `source` to the buffer's start, rows tightly packed.
    pub fn copy_from(&self, source: TextureRegion) -> CopyOp {
        copy_to_buffer(source, self.buffer)
    }

    /// The buffer's first `len_b` bytes, as the CPU reads them.
    pub fn bytes(&self, device: &gpu::Device, len_b: usize) -> Vec<u8> {
        pool_bytes(device, self.pool, self.offset_b, len_b)
    }

    /// Ends `commands` with the copy of `source`, submits them, waits for the queue and
    /// returns the first `len_b` bytes copied.
    pub fn submit_and_read(
        &self,
        device: &gpu::Device,
        commands: gpu::CommandBuffer<'_>,
        source: TextureRegion,
        len_b: usize,
    ) -> Vec<u8> {
        self.try_submit_and_read(device, commands, source, len_b)
            .unwrap()
    }

    /// As `submit_and_read`; the queue's error when it refuses the list.
    pub fn try_submit_and_read(
        &self,
        device: &gpu::Device,
        mut commands: gpu::CommandBuffer<'_>,
        source: TextureRegion,
        len_b: usize,
    ) -> Result<Vec<u8>, QueueError> {
        commands.copy(self.copy_from(source)).unwrap();
        device.queue().submit(&commands.finish())?;
        device.queue().finish().unwrap();
        Ok(self.bytes(device, len_b))
    }
}
