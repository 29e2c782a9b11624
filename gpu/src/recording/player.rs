//! Plays a recording back on a `Device`: every object made again (and checked to get the
//! recorded id), every pool write and copy, every command list re-recorded (so record-time
//! validation runs again) and submitted, waits, acquires and presents, in recorded order.

use std::collections::HashMap;
use std::io::Read;
use std::time::Duration;

use crate::command::CommandList;
use crate::objects::DescriptorKind;
use crate::{CommandListId, Device, ObjectError, ObjectRef, QueueError, RecordError, WindowId};

use super::{ReadError, Record, RecordingReader};

#[derive(Debug, thiserror::Error)]
pub enum PlayError {
    #[error(transparent)]
    Read(#[from] ReadError),
    #[error("the recording diverges at byte {offset_b}: {what}")]
    Diverged { offset_b: u64, what: String },
    #[error("playing the record ending at byte {offset_b}: {source}")]
    Object { offset_b: u64, source: ObjectError },
    #[error("re-recording the command list ending at byte {offset_b}: {source}")]
    Record { offset_b: u64, source: RecordError },
    #[error("submitting the record ending at byte {offset_b}: {source}")]
    Queue { offset_b: u64, source: QueueError },
}

/// What a played record did that the caller may act on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Played {
    /// A record with nothing to report.
    Other,
    Submitted,
    Presented {
        window: WindowId,
        index: u32,
    },
}

pub struct Player<R: Read> {
    reader: RecordingReader<R>,
    lists: HashMap<CommandListId, CommandList>,
    last_list: Option<CommandList>,
}

impl<R: Read> Player<R> {
    pub fn new(source: R) -> Result<Player<R>, PlayError> {
        Ok(Player {
            reader: RecordingReader::new(source)?,
            lists: HashMap::new(),
            last_list: None,
        })
    }

    /// Plays the next record; `None` once the recording has ended.
    pub fn step(&mut self, device: &Device) -> Result<Option<Played>, PlayError> {
        let Some(record) = self.reader.next_record()? else {
            return Ok(None);
        };
        let offset_b = self.reader.offset_b();
        let object = |source| PlayError::Object { offset_b, source };
        let queue = |source| PlayError::Queue { offset_b, source };
        let same = |recorded: ObjectRef, made: ObjectRef| {
            if recorded == made {
                Ok(())
            } else {
                Err(PlayError::Diverged {
                    offset_b,
                    what: format!("the recording made {recorded}, playing it made {made}"),
                })
            }
        };
        match record {
            Record::CreatePool { id, maker, address } => {
                let made = device.create_pool(&maker).map_err(object)?;
                same(id.into(), made.into())?;
                let got = device.pool_address(made).map_err(object)?;
                if got != address {
                    return Err(PlayError::Diverged {
                        offset_b,
                        what: format!("{id} was at address {address}, playing it put it at {got}"),
                    });
                }
            }
            Record::PoolWrite {
                pool,
                offset_b: at_b,
                bytes,
            } => device.write_pool(pool, at_b, &bytes).map_err(object)?,
            Record::PoolCopy {
                source,
                source_offset_b,
                destination,
                destination_offset_b,
                len_b,
            } => device
                .copy_pool(
                    source,
                    source_offset_b,
                    destination,
                    destination_offset_b,
                    len_b,
                )
                .map_err(object)?,
            Record::MapVirtual { pool, requests } => {
                device.map_virtual(pool, &requests).map_err(object)?
            }
            Record::CreateTexture {
                id,
                builder,
                pool,
                offset_b: at_b,
            } => same(
                id.into(),
                device
                    .create_texture(&builder, pool, at_b)
                    .map_err(object)?
                    .into(),
            )?,
            Record::CreateView { id, maker } => same(
                id.into(),
                device.create_view(&maker).map_err(object)?.into(),
            )?,
            Record::CreateSampler { id, maker } => same(
                id.into(),
                device.create_sampler(&maker).map_err(object)?.into(),
            )?,
            Record::CreateTextureTable { id, capacity } => same(
                id.into(),
                device
                    .create_texture_table(capacity)
                    .map_err(object)?
                    .into(),
            )?,
            Record::CreateSamplerTable { id, capacity } => same(
                id.into(),
                device
                    .create_sampler_table(capacity)
                    .map_err(object)?
                    .into(),
            )?,
            Record::RegisterTexture { table, slot, entry } => match entry.kind {
                DescriptorKind::Texture => device.register_texture(table, slot, entry.view),
                DescriptorKind::Image => device.register_image(table, slot, entry.view),
            }
            .map_err(object)?,
            Record::RegisterSampler {
                table,
                slot,
                sampler,
            } => device
                .register_sampler(table, slot, sampler)
                .map_err(object)?,
            Record::CreateBuffer { id, maker } => same(
                id.into(),
                device.create_buffer(&maker).map_err(object)?.into(),
            )?,
            Record::CreateProgram { id, maker } => same(
                id.into(),
                device.create_program(&maker).map_err(object)?.into(),
            )?,
            Record::CreateSync { id } => {
                same(id.into(), device.create_sync().map_err(object)?.into())?
            }
            Record::CreateWindow { id, maker } => same(
                id.into(),
                device.create_window(&maker).map_err(object)?.into(),
            )?,
            Record::Finalize { object: target } => device.finalize(target).map_err(object)?,
            Record::CommandList { id, list } => {
                let mut commands = match &self.last_list {
                    Some(previous) => device.command_buffer_after(previous),
                    None => device.command_buffer(),
                };
                for command in list.commands() {
                    commands
                        .record(command)
                        .map_err(|source| PlayError::Record { offset_b, source })?;
                }
                let adopted = commands.finish();
                self.last_list = Some(adopted.clone());
                self.lists.insert(id, adopted);
            }
            Record::Submit { list, .. } => {
                let adopted = self.lists.get(&list).ok_or_else(|| PlayError::Diverged {
                    offset_b,
                    what: format!("{list} is submitted before it was recorded"),
                })?;
                device.queue().submit(adopted).map_err(queue)?;
                return Ok(Some(Played::Submitted));
            }
            Record::Flush => device.queue().flush().map_err(queue)?,
            Record::Finish => device.queue().finish().map_err(queue)?,
            Record::CpuWait {
                sync, timeout_ns, ..
            } => {
                device
                    .wait_sync(sync, Duration::from_nanos(timeout_ns))
                    .map_err(queue)?;
            }
            Record::Acquire { window, index } => {
                let acquired = device.acquire_texture(window).map_err(queue)?;
                if acquired.index != index {
                    return Err(PlayError::Diverged {
                        offset_b,
                        what: format!(
                            "{window} gave texture {} where the recording got {index}",
                            acquired.index
                        ),
                    });
                }
            }
            Record::Present { window, index } => {
                device.queue().present(window, index).map_err(queue)?;
                return Ok(Some(Played::Presented { window, index }));
            }
            // The reader checks the count and reports the end as `None`.
            Record::End { .. } => return Ok(None),
        }
        Ok(Some(Played::Other))
    }
}
