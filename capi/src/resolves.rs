//! Resolves outside render passes in the C ABI: `hsCommandBufferDownsample` (NVN's
//! `Downsample`): level 0 of a multisample colour texture, each pixel's samples averaged,
//! into a single-sample texture of its format and size, in order with the work around
//! it; `hsCommandBufferResolveDepth`: the same for a depth (or depth/stencil) texture,
//! each pixel's sample zero. A source of one sample, a multisample destination, another
//! format or size, a downsample of depth or a depth resolve of colour is
//! `HS_ERROR_REFUSED` when recorded, as is every copy of a multisample texture (they
//! leave through a resolve).

use gpu::command::{CopyOp, ResolveMode};

use crate::command_buffer::with_recording;
use crate::objects::{resolve, HSCommandBuffer, HSTexture};
use crate::result::HSresult;

/// Records a resolve of `source` into `destination` by `mode`.
unsafe fn record_resolve(
    function: &'static str,
    command_buffer: *const HSCommandBuffer,
    (source, destination): (*const HSTexture, *const HSTexture),
    mode: ResolveMode,
) -> HSresult {
    // SAFETY: passed on from the caller.
    unsafe {
        with_recording(function, command_buffer, move |device, recording| {
            let from = resolve(source, "source")?;
            device.check_same(&from.device, "source")?;
            let to = resolve(destination, "destination")?;
            device.check_same(&to.device, "destination")?;
            recording.buffer().copy(CopyOp::Resolve {
                source: from.id,
                destination: to.id,
                mode,
            })?;
            Ok(())
        })
    }
}

/// The depth resolve: sample zero of `source` (multisample depth) into `destination`.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferResolveDepth(
    command_buffer: *const HSCommandBuffer,
    source: *const HSTexture,
    destination: *const HSTexture,
) -> HSresult {
    // SAFETY: the header's contract for objects.
    unsafe {
        record_resolve(
            "hsCommandBufferResolveDepth",
            command_buffer,
            (source, destination),
            ResolveMode::SampleZero,
        )
    }
}

/// NVN's `Downsample`: `source` (multisample colour) averaged into `destination`.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferDownsample(
    command_buffer: *const HSCommandBuffer,
    source: *const HSTexture,
    destination: *const HSTexture,
) -> HSresult {
    // SAFETY: the header's contract for objects.
    unsafe {
        record_resolve(
            "hsCommandBufferDownsample",
            command_buffer,
            (source, destination),
            ResolveMode::Average,
        )
    }
}
