//! The records of a recording: everything needed to play a run back.

use crate::address::GpuAddress;
use crate::command::CommandList;
use crate::ids::*;
use crate::objects::*;

use super::wire::{put_bytes, take_bytes, Malformed, Wire, WireReader};

coded_enum!(
    /// The kind of a record; its code is the frame's kind field.
    pub enum RecordKind {
        CreatePool = 1,
        PoolWrite = 2,
        PoolCopy = 3,
        CreateTexture = 4,
        CreateView = 5,
        CreateSampler = 6,
        CreateTextureTable = 7,
        CreateSamplerTable = 8,
        RegisterTexture = 9,
        RegisterSampler = 10,
        CreateBuffer = 11,
        CreateProgram = 12,
        CreateSync = 13,
        CreateWindow = 14,
        Finalize = 15,
        CommandList = 16,
        Submit = 17,
        Flush = 18,
        Finish = 19,
        CpuWait = 20,
        Acquire = 21,
        Present = 22,
        End = 23,
        MapVirtual = 24,
    }
);

#[derive(Clone, Debug, PartialEq)]
pub enum Record {
    CreatePool {
        id: PoolId,
        maker: PoolMaker,
        /// The GPU address the pool got: a replay's pool must get the same one, since
        /// the game keeps addresses in its own memory.
        address: GpuAddress,
    },
    /// CPU bytes written into a pool.
    PoolWrite {
        pool: PoolId,
        offset_b: u64,
        bytes: Vec<u8>,
    },
    /// A CPU `memcpy` between pool ranges (the same pool or two).
    PoolCopy {
        source: PoolId,
        source_offset_b: u64,
        destination: PoolId,
        destination_offset_b: u64,
        len_b: u64,
    },
    /// `MemoryPool::MapVirtual`: a virtual pool's page map changed.
    MapVirtual {
        pool: PoolId,
        requests: Vec<crate::address::MappingRequest>,
    },
    CreateTexture {
        id: TextureId,
        builder: TextureBuilder,
        pool: PoolId,
        offset_b: u64,
    },
    CreateView {
        id: ViewId,
        maker: ViewMaker,
    },
    CreateSampler {
        id: SamplerId,
        maker: SamplerMaker,
    },
    CreateTextureTable {
        id: TextureTableId,
        capacity: u32,
    },
    CreateSamplerTable {
        id: SamplerTableId,
        capacity: u32,
    },
    RegisterTexture {
        table: TextureTableId,
        slot: u32,
        entry: TextureEntry,
    },
    RegisterSampler {
        table: SamplerTableId,
        slot: u32,
        sampler: SamplerId,
    },
    CreateBuffer {
        id: BufferId,
        maker: BufferMaker,
    },
    CreateProgram {
        id: ProgramId,
        maker: ProgramMaker,
    },
    CreateSync {
        id: SyncId,
    },
    CreateWindow {
        id: WindowId,
        maker: WindowMaker,
    },
    Finalize {
        object: ObjectRef,
    },
    CommandList {
        id: CommandListId,
        list: CommandList,
    },
    Submit {
        list: CommandListId,
        sync_values: Vec<u64>,
    },
    Flush,
    Finish,
    /// A CPU wait and what it saw.
    CpuWait {
        sync: SyncId,
        value: u64,
        timeout_ns: u64,
        outcome: SyncWait,
    },
    Acquire {
        window: WindowId,
        index: u32,
    },
    Present {
        window: WindowId,
        index: u32,
    },
    /// The last record: how many came before it.
    End {
        records: u64,
    },
}

fn sync_wait_code(outcome: SyncWait) -> u8 {
    match outcome {
        SyncWait::Signaled => 0,
        SyncWait::TimedOut => 1,
        SyncWait::NeverSignaled => 2,
    }
}

impl Record {
    pub fn kind(&self) -> RecordKind {
        match self {
            Record::CreatePool { .. } => RecordKind::CreatePool,
            Record::PoolWrite { .. } => RecordKind::PoolWrite,
            Record::PoolCopy { .. } => RecordKind::PoolCopy,
            Record::MapVirtual { .. } => RecordKind::MapVirtual,
            Record::CreateTexture { .. } => RecordKind::CreateTexture,
            Record::CreateView { .. } => RecordKind::CreateView,
            Record::CreateSampler { .. } => RecordKind::CreateSampler,
            Record::CreateTextureTable { .. } => RecordKind::CreateTextureTable,
            Record::CreateSamplerTable { .. } => RecordKind::CreateSamplerTable,
            Record::RegisterTexture { .. } => RecordKind::RegisterTexture,
            Record::RegisterSampler { .. } => RecordKind::RegisterSampler,
            Record::CreateBuffer { .. } => RecordKind::CreateBuffer,
            Record::CreateProgram { .. } => RecordKind::CreateProgram,
            Record::CreateSync { .. } => RecordKind::CreateSync,
            Record::CreateWindow { .. } => RecordKind::CreateWindow,
            Record::Finalize { .. } => RecordKind::Finalize,
            Record::CommandList { .. } => RecordKind::CommandList,
            Record::Submit { .. } => RecordKind::Submit,
            Record::Flush => RecordKind::Flush,
            Record::Finish => RecordKind::Finish,
            Record::CpuWait { .. } => RecordKind::CpuWait,
            Record::Acquire { .. } => RecordKind::Acquire,
            Record::Present { .. } => RecordKind::Present,
            Record::End { .. } => RecordKind::End,
        }
    }

    /// The payload bytes (the frame adds kind, length and checksum).
    pub fn encode_payload(&self, out: &mut Vec<u8>) {
        match self {
            Record::CreatePool { id, maker, address } => {
                id.put(out);
                maker.put(out);
                address.0.put(out);
            }
            Record::PoolWrite {
                pool,
                offset_b,
                bytes,
            } => {
                pool.put(out);
                offset_b.put(out);
                put_bytes(bytes, out);
            }
            Record::PoolCopy {
                source,
                source_offset_b,
                destination,
                destination_offset_b,
                len_b,
            } => {
                source.put(out);
                source_offset_b.put(out);
                destination.put(out);
                destination_offset_b.put(out);
                len_b.put(out);
            }
            Record::MapVirtual { pool, requests } => {
                pool.put(out);
                requests.put(out);
            }
            Record::CreateTexture {
                id,
                builder,
                pool,
                offset_b,
            } => {
                id.put(out);
                builder.put(out);
                pool.put(out);
                offset_b.put(out);
            }
            Record::CreateView { id, maker } => {
                id.put(out);
                maker.put(out);
            }
            Record::CreateSampler { id, maker } => {
                id.put(out);
                maker.put(out);
            }
            Record::CreateTextureTable { id, capacity } => {
                id.put(out);
                capacity.put(out);
            }
            Record::CreateSamplerTable { id, capacity } => {
                id.put(out);
                capacity.put(out);
            }
            Record::RegisterTexture { table, slot, entry } => {
                table.put(out);
                slot.put(out);
                entry.put(out);
            }
            Record::RegisterSampler {
                table,
                slot,
                sampler,
            } => {
                table.put(out);
                slot.put(out);
                sampler.put(out);
            }
            Record::CreateBuffer { id, maker } => {
                id.put(out);
                maker.put(out);
            }
            Record::CreateProgram { id, maker } => {
                id.put(out);
                maker.put(out);
            }
            Record::CreateSync { id } => id.put(out),
            Record::CreateWindow { id, maker } => {
                id.put(out);
                maker.put(out);
            }
            Record::Finalize { object } => object.put(out),
            Record::CommandList { id, list } => {
                id.put(out);
                list.put(out);
            }
            Record::Submit { list, sync_values } => {
                list.put(out);
                sync_values.put(out);
            }
            Record::Flush | Record::Finish => {}
            Record::CpuWait {
                sync,
                value,
                timeout_ns,
                outcome,
            } => {
                sync.put(out);
                value.put(out);
                timeout_ns.put(out);
                out.push(sync_wait_code(*outcome));
            }
            Record::Acquire { window, index } | Record::Present { window, index } => {
                window.put(out);
                index.put(out);
            }
            Record::End { records } => records.put(out),
        }
    }

    /// Decodes one payload of `kind`; the whole payload must be used.
    pub fn decode_payload(kind: RecordKind, payload: &[u8]) -> Result<Record, Malformed> {
        let mut reader = WireReader::new(payload);
        let r = &mut reader;
        let record = match kind {
            RecordKind::CreatePool => Record::CreatePool {
                id: Wire::take(r)?,
                maker: Wire::take(r)?,
                address: GpuAddress(Wire::take(r)?),
            },
            RecordKind::PoolWrite => Record::PoolWrite {
                pool: Wire::take(r)?,
                offset_b: Wire::take(r)?,
                bytes: take_bytes(r)?.to_vec(),
            },
            RecordKind::PoolCopy => Record::PoolCopy {
                source: Wire::take(r)?,
                source_offset_b: Wire::take(r)?,
                destination: Wire::take(r)?,
                destination_offset_b: Wire::take(r)?,
                len_b: Wire::take(r)?,
            },
            RecordKind::MapVirtual => Record::MapVirtual {
                pool: Wire::take(r)?,
                requests: Wire::take(r)?,
            },
            RecordKind::CreateTexture => Record::CreateTexture {
                id: Wire::take(r)?,
                builder: Wire::take(r)?,
                pool: Wire::take(r)?,
                offset_b: Wire::take(r)?,
            },
            RecordKind::CreateView => Record::CreateView {
                id: Wire::take(r)?,
                maker: Wire::take(r)?,
            },
            RecordKind::CreateSampler => Record::CreateSampler {
                id: Wire::take(r)?,
                maker: Wire::take(r)?,
            },
            RecordKind::CreateTextureTable => Record::CreateTextureTable {
                id: Wire::take(r)?,
                capacity: Wire::take(r)?,
            },
            RecordKind::CreateSamplerTable => Record::CreateSamplerTable {
                id: Wire::take(r)?,
                capacity: Wire::take(r)?,
            },
            RecordKind::RegisterTexture => Record::RegisterTexture {
                table: Wire::take(r)?,
                slot: Wire::take(r)?,
                entry: Wire::take(r)?,
            },
            RecordKind::RegisterSampler => Record::RegisterSampler {
                table: Wire::take(r)?,
                slot: Wire::take(r)?,
                sampler: Wire::take(r)?,
            },
            RecordKind::CreateBuffer => Record::CreateBuffer {
                id: Wire::take(r)?,
                maker: Wire::take(r)?,
            },
            RecordKind::CreateProgram => Record::CreateProgram {
                id: Wire::take(r)?,
                maker: Wire::take(r)?,
            },
            RecordKind::CreateSync => Record::CreateSync { id: Wire::take(r)? },
            RecordKind::CreateWindow => Record::CreateWindow {
                id: Wire::take(r)?,
                maker: Wire::take(r)?,
            },
            RecordKind::Finalize => Record::Finalize {
                object: Wire::take(r)?,
            },
            RecordKind::CommandList => {
                let id = Wire::take(r)?;
                let mut list: CommandList = Wire::take(r)?;
                list.id = Some(id);
                Record::CommandList { id, list }
            }
            RecordKind::Submit => Record::Submit {
                list: Wire::take(r)?,
                sync_values: Wire::take(r)?,
            },
            RecordKind::Flush => Record::Flush,
            RecordKind::Finish => Record::Finish,
            RecordKind::CpuWait => Record::CpuWait {
                sync: Wire::take(r)?,
                value: Wire::take(r)?,
                timeout_ns: Wire::take(r)?,
                outcome: match u8::take(r)? {
                    0 => SyncWait::Signaled,
                    1 => SyncWait::TimedOut,
                    2 => SyncWait::NeverSignaled,
                    _ => return Err(r.fail("wait outcome")),
                },
            },
            RecordKind::Acquire => Record::Acquire {
                window: Wire::take(r)?,
                index: Wire::take(r)?,
            },
            RecordKind::Present => Record::Present {
                window: Wire::take(r)?,
                index: Wire::take(r)?,
            },
            RecordKind::End => Record::End {
                records: Wire::take(r)?,
            },
        };
        reader.finish()?;
        Ok(record)
    }
}
