//! The exact pool bytes a draw or dispatch reads through buffers (vertex, index and
//! indirect ranges, uniform and storage bindings): the write-back stores what is pending
//! under these bytes, and only these, before the work runs. Each buffer descriptor names
//! its pool (`slots::BufferSource`).

use std::ops::Range;

use gpu::command::Op;
use gpu::objects::ObjectTables;
use gpu::{BufferId, PoolId};

use super::bindings::Bindings;
use super::dispatch::{Launch, PreparedDispatch};
use super::graphics_state::GraphicsState;
use super::slots::{Descriptor, Resource};

/// Bytes of `pool` some work reads.
pub type PoolRead = (PoolId, Range<u64>);

/// Bytes of one indirect dispatch's arguments (three group counts).
const DISPATCH_ARGUMENTS_B: u64 = 12;

/// How many of the latest reads a new one is checked against: draws in a row mostly read
/// the same vertex and index ranges, and a read inside one already noted takes nothing more.
const RECENT_READS: usize = 8;

/// Notes `read` unless one of the latest reads holds it: the write-back takes whatever
/// overlaps a read, so a read inside an earlier one of the same list takes nothing new.
pub fn note_read(reads: &mut Vec<PoolRead>, read: PoolRead) {
    let (pool, range_b) = &read;
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
        note_read(&mut reads, (pool(1), 0..256));
        note_read(&mut reads, (pool(1), 16..32));
        note_read(&mut reads, (pool(1), 0..256));
        assert_eq!(reads, [(pool(1), 0..256)]);
        // Overlapping but not inside, or of another pool: noted.
        note_read(&mut reads, (pool(1), 128..512));
        note_read(&mut reads, (pool(2), 16..32));
        assert_eq!(
            reads,
            [(pool(1), 0..256), (pool(1), 128..512), (pool(2), 16..32)]
        );
    }
}
