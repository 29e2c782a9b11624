//! The device's side of a recording: writes records as they happen; a write error stops
//! the recording (logged once) without stopping the run.

use std::io::Write;

use crate::recording::{Record, RecordingWriter};

pub struct Recorder {
    writer: Option<RecordingWriter<Box<dyn Write + Send>>>,
    failure: Option<std::io::Error>,
}

impl Recorder {
    pub fn new(sink: Box<dyn Write + Send>) -> Result<Recorder, std::io::Error> {
        Ok(Recorder {
            writer: Some(RecordingWriter::new(sink)?),
            failure: None,
        })
    }

    pub fn write(&mut self, record: &Record) {
        let Some(writer) = self.writer.as_mut() else {
            return;
        };
        if let Err(error) = writer.write(record) {
            tracing::error!(
                target: "gpu::recording",
                %error,
                kind = ?record.kind(),
                "recording stopped: a record could not be written"
            );
            self.writer = None;
            self.failure = Some(error);
        }
    }

    pub fn finish(self) -> Result<(), std::io::Error> {
        if let Some(error) = self.failure {
            return Err(error);
        }
        match self.writer {
            Some(writer) => writer.finish().map(drop),
            None => Ok(()),
        }
    }
}
