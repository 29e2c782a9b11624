//! The recording format: everything needed to play a run back (object creation, CPU
//! writes to pools, command lists, submissions, waits, presents), written as it happens
//! and read back one record at a time. See `format` for the layout.

mod codec_commands;
mod codec_compiled;
mod codec_memory;
mod codec_objects;
mod codec_state;
pub mod error;
pub mod format;
pub mod player;
pub mod reader;
pub mod record;
pub mod wire;
pub mod writer;

pub use error::{ReadError, ReadErrorKind};
pub use player::{PlayError, Played, Player};
pub use reader::RecordingReader;
pub use record::{Record, RecordKind};
pub use writer::RecordingWriter;
