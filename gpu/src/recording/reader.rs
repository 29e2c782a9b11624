//! Reading a recording one record at a time from any `Read`: a long recording is never
//! loaded whole, and a payload buffer grows only as its bytes arrive, so a forged
//! length cannot allocate more than the file holds.

use std::io::{self, Read};

use super::error::{ReadError, ReadErrorKind};
use super::format::{FRAME_HEAD_B, HEADER_B, MAGIC, MAX_PAYLOAD_B, VERSION};
use super::record::{Record, RecordKind};
use crate::coded::Coded;

/// The first allocation for a payload; it grows with the bytes actually read.
const FIRST_READ_B: usize = 8 << 10;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Progress {
    Reading,
    Ended,
    Failed,
}

pub struct RecordingReader<R: Read> {
    source: R,
    offset_b: u64,
    records: u64,
    progress: Progress,
}

/// Fills `buf` unless the source ends; returns how many bytes it got.
fn read_up_to(source: &mut impl Read, buf: &mut [u8]) -> io::Result<usize> {
    let mut filled = 0;
    while filled < buf.len() {
        match source.read(&mut buf[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
            Err(error) => return Err(error),
        }
    }
    Ok(filled)
}

impl<R: Read> RecordingReader<R> {
    /// Reads and checks the header.
    pub fn new(mut source: R) -> Result<RecordingReader<R>, ReadError> {
        let fail = |kind| ReadError {
            offset_b: 0,
            record: None,
            kind,
        };
        let mut header = [0u8; HEADER_B];
        let got = read_up_to(&mut source, &mut header).map_err(|e| fail(e.into()))?;
        if got < HEADER_B {
            return Err(fail(if header[..got] == MAGIC[..got.min(8)] {
                ReadErrorKind::Truncated("header")
            } else {
                ReadErrorKind::BadMagic
            }));
        }
        if header[..8] != MAGIC {
            return Err(fail(ReadErrorKind::BadMagic));
        }
        let stated = u32::from_le_bytes([header[12], header[13], header[14], header[15]]);
        if crc32fast::hash(&header[..12]) != stated {
            return Err(fail(ReadErrorKind::BadHeaderChecksum));
        }
        let version = u16::from_le_bytes([header[8], header[9]]);
        if version != VERSION {
            return Err(fail(ReadErrorKind::UnsupportedVersion(version)));
        }
        Ok(RecordingReader {
            source,
            offset_b: HEADER_B as u64,
            records: 0,
            progress: Progress::Reading,
        })
    }

    /// Where the next record starts.
    pub fn offset_b(&self) -> u64 {
        self.offset_b
    }

    /// The next record; `Ok(None)` after `End`. After an error, every call returns
    /// `Ok(None)`: a damaged file is not read past its first fault.
    pub fn next_record(&mut self) -> Result<Option<Record>, ReadError> {
        if self.progress != Progress::Reading {
            return Ok(None);
        }
        match self.read_frame() {
            Ok(record) => Ok(record),
            Err(error) => {
                self.progress = Progress::Failed;
                Err(error)
            }
        }
    }

    fn read_frame(&mut self) -> Result<Option<Record>, ReadError> {
        let start_b = self.offset_b;
        let mut record = None;
        let fail = |record, kind| ReadError {
            offset_b: start_b,
            record,
            kind,
        };
        let mut head = [0u8; FRAME_HEAD_B];
        let got = read_up_to(&mut self.source, &mut head).map_err(|e| fail(None, e.into()))?;
        if got == 0 {
            return Err(fail(None, ReadErrorKind::MissingEnd));
        }
        if got >= 2 {
            record = RecordKind::from_code_u16(u16::from_le_bytes([head[0], head[1]]));
        }
        if got < FRAME_HEAD_B {
            return Err(fail(record, ReadErrorKind::Truncated("record header")));
        }
        let kind_code = u16::from_le_bytes([head[0], head[1]]);
        let len_b = u32::from_le_bytes([head[2], head[3], head[4], head[5]]);
        if len_b > MAX_PAYLOAD_B {
            return Err(fail(
                record,
                ReadErrorKind::TooLarge {
                    len_b,
                    max_b: MAX_PAYLOAD_B,
                },
            ));
        }
        let mut payload = Vec::with_capacity((len_b as usize).min(FIRST_READ_B));
        (&mut self.source)
            .take(u64::from(len_b))
            .read_to_end(&mut payload)
            .map_err(|e| fail(record, e.into()))?;
        if payload.len() < len_b as usize {
            return Err(fail(record, ReadErrorKind::Truncated("record payload")));
        }
        let mut checksum = [0u8; 4];
        let got =
            read_up_to(&mut self.source, &mut checksum).map_err(|e| fail(record, e.into()))?;
        if got < checksum.len() {
            return Err(fail(record, ReadErrorKind::Truncated("record checksum")));
        }
        let mut hasher = crc32fast::Hasher::new();
        hasher.update(&head);
        hasher.update(&payload);
        if hasher.finalize() != u32::from_le_bytes(checksum) {
            return Err(fail(record, ReadErrorKind::BadChecksum));
        }
        let Some(kind) = record else {
            return Err(fail(None, ReadErrorKind::UnknownKind(kind_code)));
        };
        let decoded = Record::decode_payload(kind, &payload).map_err(|malformed| {
            fail(
                record,
                ReadErrorKind::Malformed {
                    at_b: malformed.at_b,
                    what: malformed.what,
                },
            )
        })?;
        self.offset_b = start_b + (FRAME_HEAD_B + payload.len() + checksum.len()) as u64;
        if let Record::End { records } = decoded {
            if records != self.records {
                return Err(fail(
                    record,
                    ReadErrorKind::WrongCount {
                        stated: records,
                        actual: self.records,
                    },
                ));
            }
            let mut probe = [0u8; 1];
            if read_up_to(&mut self.source, &mut probe).map_err(|e| fail(record, e.into()))? != 0 {
                return Err(ReadError {
                    offset_b: self.offset_b,
                    record: None,
                    kind: ReadErrorKind::TrailingBytes,
                });
            }
            self.progress = Progress::Ended;
            return Ok(None);
        }
        self.records += 1;
        Ok(Some(decoded))
    }
}

impl RecordKind {
    fn from_code_u16(code: u16) -> Option<RecordKind> {
        u8::try_from(code).ok().and_then(RecordKind::from_code)
    }
}

impl<R: Read> Iterator for RecordingReader<R> {
    type Item = Result<Record, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_record().transpose()
    }
}
