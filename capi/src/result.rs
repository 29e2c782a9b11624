//! `HSresult`: what every entry point returns, and the typed error behind a failure.

use gpu::{ObjectError, QueueError, RecordError};

/// What an entry point returns: `HS_SUCCESS` (0) or one of the failures below. Every
/// failure also goes to `tracing` and to the installed debug callbacks, with its message.
pub type HSresult = i32;

pub const HS_SUCCESS: HSresult = 0;
/// A null, misaligned, uninitialized, finalized or foreign object pointer, or an object of
/// another kind than the function takes.
pub const HS_ERROR_INVALID_OBJECT: HSresult = 1;
/// A builder field, an enum value or a pointer argument the function cannot take.
pub const HS_ERROR_INVALID_ARGUMENT: HSresult = 2;
/// An offset or size past the end of a pool, buffer, table or texture.
pub const HS_ERROR_OUT_OF_RANGE: HSresult = 3;
/// The object is still in use: a device with live objects, a command buffer recording.
pub const HS_ERROR_BUSY: HSresult = 4;
/// Hookshot refused the work (a command it cannot record, a submission it cannot take).
pub const HS_ERROR_REFUSED: HSresult = 5;
/// The Vulkan device, the shader translator or the recording file failed.
pub const HS_ERROR_DEVICE: HSresult = 6;
/// A bug in Hookshot (a caught panic); the message says where.
pub const HS_ERROR_INTERNAL: HSresult = 7;

/// Why an entry point failed; its `Display` is the message the callback gets.
#[derive(Debug, thiserror::Error)]
pub enum CapiError {
    #[error("{0}")]
    InvalidObject(String),
    #[error("{0}")]
    InvalidArgument(String),
    #[error("{0}")]
    OutOfRange(String),
    #[error("{0}")]
    Busy(String),
    #[error("{0}")]
    Refused(String),
    #[error("{0}")]
    Device(String),
    #[error("{0}")]
    Internal(String),
}

impl CapiError {
    pub fn code(&self) -> HSresult {
        match self {
            CapiError::InvalidObject(_) => HS_ERROR_INVALID_OBJECT,
            CapiError::InvalidArgument(_) => HS_ERROR_INVALID_ARGUMENT,
            CapiError::OutOfRange(_) => HS_ERROR_OUT_OF_RANGE,
            CapiError::Busy(_) => HS_ERROR_BUSY,
            CapiError::Refused(_) => HS_ERROR_REFUSED,
            CapiError::Device(_) => HS_ERROR_DEVICE,
            CapiError::Internal(_) => HS_ERROR_INTERNAL,
        }
    }

    pub fn argument(message: impl Into<String>) -> CapiError {
        CapiError::InvalidArgument(message.into())
    }
}

pub type CapiResult<T> = Result<T, CapiError>;

impl From<ObjectError> for CapiError {
    // Out of line: entry points convert with `?`, and only a failure runs it.
    #[cold]
    #[inline(never)]
    fn from(error: ObjectError) -> CapiError {
        let message = error.to_string();
        match error {
            ObjectError::UnknownObject(_) => CapiError::InvalidObject(message),
            ObjectError::PoolRangeOutOfBounds { .. }
            | ObjectError::TexturePastPoolEnd { .. }
            | ObjectError::BufferPastPoolEnd { .. }
            | ObjectError::ViewOutsideTexture { .. }
            | ObjectError::SlotOutOfRange { .. }
            | ObjectError::TableTooLarge { .. }
            | ObjectError::TableEmpty
            | ObjectError::PoolAccess { .. }
            | ObjectError::Address(_)
            | ObjectError::VirtualMap(gpu::address::VirtualMapError::OutOfRange { .. }) => {
                CapiError::OutOfRange(message)
            }
            ObjectError::Backend(_) => CapiError::Device(message),
            ObjectError::PoolInUse { .. } => CapiError::Busy(message),
            // What the device lacks, as a recording's missing capability is.
            ObjectError::Program(
                gpu::objects::program::ProgramError::DoublePrecision { .. }
                | gpu::objects::program::ProgramError::SampleShading { .. }
                | gpu::objects::program::ProgramError::Subgroup { .. },
            ) => CapiError::Refused(message),
            _ => CapiError::InvalidArgument(message),
        }
    }
}

impl From<RecordError> for CapiError {
    // Out of line: entry points convert with `?`, and only a failure runs it.
    #[cold]
    #[inline(never)]
    fn from(error: RecordError) -> CapiError {
        let message = error.to_string();
        match error {
            RecordError::UnknownObject(_) => CapiError::InvalidObject(message),
            RecordError::SlotOutOfRange { .. }
            | RecordError::StateOutOfRange { .. }
            | RecordError::BufferRangeOutOfBounds { .. }
            | RecordError::CopyOutOfBounds { .. }
            | RecordError::TextureClearOutOfBounds { .. }
            | RecordError::Address(_) => CapiError::OutOfRange(message),
            _ => CapiError::Refused(message),
        }
    }
}

impl From<QueueError> for CapiError {
    // Out of line: entry points convert with `?`, and only a failure runs it.
    #[cold]
    #[inline(never)]
    fn from(error: QueueError) -> CapiError {
        match error {
            QueueError::Record(record) => record.into(),
            QueueError::Object(object) => object.into(),
            QueueError::UnknownObject(_) => CapiError::InvalidObject(error.to_string()),
            QueueError::WindowIndex { .. } => CapiError::OutOfRange(error.to_string()),
            QueueError::Backend(_) => CapiError::Device(error.to_string()),
            QueueError::ForeignList => CapiError::Refused(error.to_string()),
        }
    }
}
