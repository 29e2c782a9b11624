//! The exact pool bytes a draw or dispatch reads through buffers (vertex, index and
//! indirect ranges, uniform and storage bindings): the write-back stores what is pending
//! under these bytes, and only these, before the work runs. Each buffer descriptor names
//! its pool (`prepared::descriptors::BufferSource`).

use std::ops::Range;

use gpu::command::Op;
use gpu::objects::ObjectTables;
use gpu::{BufferId, PoolId};

use super::bindings::Bindings;
use crate::executor::pipelines::graphics_state::GraphicsState;
use crate::executor::prepared::descriptors::{Descriptor, Resource};
use crate::executor::prepared::dispatch::{Launch, PreparedDispatch};

/// Bytes of `pool` some work reads.
pub type PoolRead = (PoolId, Range<u64>);

/// Bytes of one indirect dispatch's arguments (three group counts).
const DISPATCH_ARGUMENTS_B: u64 = 12;

/// How many of the latest reads a new one is checked against: draws in a row mostly read
/// the same vertex and index ranges, and a read inside one already noted takes nothing more.
const RECENT_READS: usize = 8;

/// A read that starts at most this far past the end of the latest read of its pool
/// extends that read instead of adding one: per-object constants read at a stride make
/// one range, not one per draw. The bytes between are counted as read, so the write-back
/// may store texels drawn there a little before they are read; it never stores later.
const MERGE_GAP_B: u64 = 4 << 10;

/// Notes `read` unless one of the latest reads holds it: the write-back takes whatever
/// overlaps a read, so a read inside an earlier one of the same list takes nothing new.
pub fn note_read(reads: &mut Vec<PoolRead>, read: PoolRead) {
    let (pool, range_b) = &read;
    if let Some((last_pool, last_b)) = reads.last_mut() {
        let follows = range_b.start >= last_b.start
            && range_b.start <= last_b.end.saturating_add(MERGE_GAP_B);
        if last_pool == pool && follows {
            last_b.end = last_b.end.max(range_b.end);
            return;
        }
    }
    let held = reads
        .iter()
        .rev()
        .take(RECENT_READS)
        .any(|(noted, noted_b)| {
            noted == pool && noted_b.start <= range_b.start && range_b.end <= noted_b.end
        });
    if !held {
        reads.push(read);
    }
}

/// The pool range of `size_b` bytes at `offset_b` into a buffer object.
fn buffer_read(
    tables: &ObjectTables,
    buffer: BufferId,
    offset_b: u64,
    size_b: u64,
) -> Option<PoolRead> {
    let object = tables.buffers.get(buffer)?;
    let start_b = object.offset_b.saturating_add(offset_b);
    Some((object.pool, start_b..start_b.saturating_add(size_b)))
}

/// Notes the uniform and storage buffer ranges `descriptors` bind.
pub fn descriptor_reads(descriptors: &[Descriptor], reads: &mut Vec<PoolRead>) {
    for descriptor in descriptors {
        if let (
            Resource::Buffer {
                offset_b, range_b, ..
            },
            Some(source),
        ) = (descriptor.resource, descriptor.source)
        {
            note_read(
                reads,
                (source.pool, offset_b..offset_b.saturating_add(range_b)),
            );
        }
    }
}

/// Notes what a draw reads through its vertex streams, its index buffer (when `indexed`)
/// and its indirect arguments, with the bindings and state it was prepared with.
pub fn note_stream_reads(
    op: &Op,
    indexed: bool,
    bindings: &Bindings,
    state: &GraphicsState,
    tables: &ObjectTables,
    reads: &mut Vec<PoolRead>,
) {
    for attribute in &state.attributes {
        if let Some(range) = bindings.vertex[usize::from(attribute.stream)] {
            if let Some(read) = buffer_read(tables, range.buffer, range.offset_b, range.size_b) {
                note_read(reads, read);
            }
        }
    }
    if indexed {
        if let Some((range, _)) = bindings.index {
            if let Some(read) = buffer_read(tables, range.buffer, range.offset_b, range.size_b) {
                note_read(reads, read);
            }
        }
    }
    if let Op::DrawIndirect(indirect) = op {
        let records_b = u64::from(indirect.draw_count.max(1))
            * u64::from(indirect.stride_b).max(indirect.record_size_b());
        if let Some(read) = buffer_read(tables, indirect.buffer, indirect.offset_b, records_b) {
            note_read(reads, read);
        }
    }
}

/// What a dispatch reads through buffers: its bound buffers and indirect arguments.
pub fn dispatch_reads(dispatch: &PreparedDispatch) -> Vec<PoolRead> {
    let mut reads = Vec::new();
    if let (Launch::Indirect { offset_b, .. }, Some(pool)) =
        (dispatch.launch, dispatch.argument_pool)
    {
        reads.push((pool, offset_b..offset_b + DISPATCH_ARGUMENTS_B));
    }
    descriptor_reads(&dispatch.resolved.descriptors, &mut reads);
    reads
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pool(raw: u32) -> PoolId {
        PoolId::from_raw(raw).unwrap()
    }

    #[test]
    fn a_read_inside_a_recent_one_of_its_pool_is_not_noted_again() {
        let mut reads = Vec::new();
        note_read(&mut reads, (pool(1), 0x10000..0x10100));
        note_read(&mut reads, (pool(2), 0..16));
        note_read(&mut reads, (pool(1), 0x10010..0x10020));
        note_read(&mut reads, (pool(1), 0x10000..0x10100));
        assert_eq!(reads, [(pool(1), 0x10000..0x10100), (pool(2), 0..16)]);
        // Overlapping but not inside one, or of another pool: noted.
        note_read(&mut reads, (pool(1), 0x100..0x200));
        note_read(&mut reads, (pool(3), 16..32));
        assert_eq!(
            reads,
            [
                (pool(1), 0x10000..0x10100),
                (pool(2), 0..16),
                (pool(1), 0x100..0x200),
                (pool(3), 16..32)
            ]
        );
    }

    #[test]
    fn reads_following_the_last_one_of_their_pool_extend_it() {
        let mut reads = Vec::new();
        // Constants at a 256-byte stride: one range.
        for index in 0..100u64 {
            note_read(&mut reads, (pool(1), index * 256..index * 256 + 16));
        }
        assert_eq!(reads, [(pool(1), 0..99 * 256 + 16)]);
        // Past the gap, before the last start, or another pool: a read of its own.
        let far_b = 99 * 256 + 16 + MERGE_GAP_B + 1;
        note_read(&mut reads, (pool(1), far_b..far_b + 16));
        note_read(&mut reads, (pool(1), far_b - 64..far_b - 48));
        note_read(&mut reads, (pool(2), far_b..far_b + 16));
        assert_eq!(reads.len(), 4, "{reads:?}");
    }
}
