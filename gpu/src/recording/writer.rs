//! Writing a recording: the header, then one frame per record, then `End`.

use std::io::{self, Write};

use super::format::{frame, header, MAX_PAYLOAD_B};
use super::record::Record;
use crate::coded::Coded;

pub struct RecordingWriter<W: Write> {
    sink: W,
    records: u64,
    payload: Vec<u8>,
    frame: Vec<u8>,
}

impl<W: Write> RecordingWriter<W> {
    /// Writes the header.
    pub fn new(mut sink: W) -> io::Result<RecordingWriter<W>> {
        sink.write_all(&header())?;
        Ok(RecordingWriter {
            sink,
            records: 0,
            payload: Vec::new(),
            frame: Vec::new(),
        })
    }

    /// Records written so far, not counting `End`.
    pub fn records(&self) -> u64 {
        self.records
    }

    /// Writes one record. `End` is written by `finish` alone, and a payload over
    /// `MAX_PAYLOAD_B` is refused (split pool writes before).
    pub fn write(&mut self, record: &Record) -> io::Result<()> {
        if matches!(record, Record::End { .. }) {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "End is written by finish",
            ));
        }
        self.write_frame(record)?;
        self.records += 1;
        Ok(())
    }

    fn write_frame(&mut self, record: &Record) -> io::Result<()> {
        self.payload.clear();
        record.encode_payload(&mut self.payload);
        if self.payload.len() > MAX_PAYLOAD_B as usize {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!(
                    "{:?} record of {} bytes is over the payload limit",
                    record.kind(),
                    self.payload.len()
                ),
            ));
        }
        self.frame.clear();
        frame(
            u16::from(record.kind().code()),
            &self.payload,
            &mut self.frame,
        );
        self.sink.write_all(&self.frame)
    }

    /// Writes `End`, flushes, and hands the sink back.
    pub fn finish(mut self) -> io::Result<W> {
        let end = Record::End {
            records: self.records,
        };
        self.write_frame(&end)?;
        self.sink.flush()?;
        Ok(self.sink)
    }
}
