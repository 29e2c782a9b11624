//! Why a recording could not be read: what, at which byte of the file, in which record.

use super::record::RecordKind;

#[derive(Debug, thiserror::Error)]
pub enum ReadErrorKind {
    #[error("I/O: {0}")]
    Io(#[from] std::io::Error),
    #[error("not a Hookshot recording (bad magic)")]
    BadMagic,
    #[error("header checksum mismatch")]
    BadHeaderChecksum,
    #[error("recording version {0} is not supported (this reads {supported})", supported = super::format::VERSION)]
    UnsupportedVersion(u16),
    #[error("file ends inside a {0}")]
    Truncated(&'static str),
    #[error("file ends without its End record")]
    MissingEnd,
    #[error("unknown record kind {0}")]
    UnknownKind(u16),
    #[error("record payload of {len_b} bytes exceeds the {max_b}-byte limit")]
    TooLarge { len_b: u32, max_b: u32 },
    #[error("record checksum mismatch")]
    BadChecksum,
    #[error("malformed payload at payload byte {at_b}: bad {what}")]
    Malformed { at_b: usize, what: &'static str },
    #[error("End record counts {stated} records, the file has {actual}")]
    WrongCount { stated: u64, actual: u64 },
    #[error("bytes after the End record")]
    TrailingBytes,
}

#[derive(Debug, thiserror::Error)]
#[error("recording byte {offset_b}{}: {kind}", match record { Some(kind) => format!(" ({kind:?} record)"), None => String::new() })]
pub struct ReadError {
    /// Where the header or the bad record starts in the file.
    pub offset_b: u64,
    /// The kind of the record at fault, when its kind field could be read.
    pub record: Option<RecordKind>,
    pub kind: ReadErrorKind,
}
