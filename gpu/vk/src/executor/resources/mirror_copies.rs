//! The uploads and read-backs in flight for pool mirrors the CPU does not map: the state
//! `device_mirrors` keeps in the pool table.

use std::collections::VecDeque;

use gpu::PoolId;
use memory::pool::WriteStamp;

use crate::gpu_memory::staging::{StagingArena, StagingSlice};

/// A range of an unmapped mirror copied into read-back staging.
#[derive(Clone, Copy, Debug)]
pub struct ReadBack {
    pub pool: PoolId,
    pub offset_b: u64,
    pub len_b: u64,
    pub slice: StagingSlice,
}

/// The copies in flight for unmapped mirrors.
#[derive(Default)]
pub struct MirrorCopies {
    /// Bytes the host wrote into such pools' storage for the device (reports), uploaded
    /// with the next submission.
    pub(super) host_writes: Vec<(PoolId, u64, Vec<u8>)>,
    /// The submission being recorded: each mirror's state before its uploads (given back
    /// if the submission is abandoned) and the host writes it took.
    pub(super) uploading: Vec<(PoolId, WriteStamp, bool, bool)>,
    pub(super) uploading_host_writes: Vec<(PoolId, u64, Vec<u8>)>,
    /// The submission being recorded: its read-back staging and ranges.
    pub(super) arena: Option<StagingArena>,
    pub(super) recording: Vec<ReadBack>,
    /// Submitted read-backs by timeline value, read when it completes.
    pub(super) in_flight: VecDeque<(u64, StagingArena, Vec<ReadBack>)>,
    pub(super) free: Vec<StagingArena>,
}
