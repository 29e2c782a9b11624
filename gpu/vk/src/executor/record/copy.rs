//! Recording prepared copies (`prepare::copy` turns NVN copies into them).

use ash::vk;

use crate::device::Device;
use crate::executor::prepared::copy::PreparedCopy;

/// Records a prepared copy. Images are in GENERAL for life.
pub fn record_copy(device: &Device, cmd: vk::CommandBuffer, copy: &PreparedCopy) {
    let raw = &device.raw;
    let general = vk::ImageLayout::GENERAL;
    // SAFETY: `cmd` is recording; every handle was resolved from live objects this
    // submission keeps alive until its fence; the regions were checked by recording
    // (bounds) and by `prepare_copy` (alignment, aspects, overlap).
    unsafe {
        match *copy {
            PreparedCopy::Buffers {
                source,
                destination,
                region,
            } => raw.cmd_copy_buffer(cmd, source, destination, &[region]),
            PreparedCopy::BufferToImage {
                source,
                destination,
                region,
            } => raw.cmd_copy_buffer_to_image(cmd, source, destination, general, &[region]),
            PreparedCopy::ImageToBuffer {
                source,
                destination,
                region,
            } => raw.cmd_copy_image_to_buffer(cmd, source, general, destination, &[region]),
            PreparedCopy::Images {
                source,
                destination,
                region,
            } => raw.cmd_copy_image(cmd, source, general, destination, general, &[region]),
            PreparedCopy::Blit {
                source,
                destination,
                region,
                filter,
            } => raw.cmd_blit_image(
                cmd,
                source,
                general,
                destination,
                general,
                &[region],
                filter,
            ),
        }
    }
}
