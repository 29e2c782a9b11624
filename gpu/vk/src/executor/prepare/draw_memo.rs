//! A draw made from the memo's (the last draw prepared in full, `DrawMemo`): its uniform
//! and storage offsets moved to where the bindings now are, its textures resolved again
//! when a handle was replaced, nothing else resolved.

use std::ops::Range;

use gpu::objects::TextureHandle;
use shader_translate::{nvn_slot, HostBinding};

use crate::bringup::device::Device;
use crate::error::VkResult;
use crate::executor::pipelines::layout::is_dynamic;
use crate::executor::prepared::bindless_list::DrawHandles;
use crate::executor::prepared::descriptors::{dynamic_base_b, BufferSource, Resource};
use crate::executor::prepared::draws::{
    add_once, direct_call, DrawCall, PreparedDraw, PreparedDraws,
};
use crate::executor::prepared::memo::DrawMemo;

use super::bindings::Bindings;
use super::buffer_reads::{note_read, PoolRead};
use super::draw_site::DrawSite;
use super::slots::{checked_buffer_range, SlotContext};

/// Where a memo descriptor's buffer range moved to with the bindings at `site`: (pool
/// offset, range); `None` when its binding is gone.
fn moved_range(
    device: &Device,
    site: &DrawSite<'_>,
    source: BufferSource,
    offset_b: u64,
    range_b: u64,
) -> VkResult<Option<(u64, u64)>> {
    let (stage, slot) = (usize::from(source.stage), usize::from(source.slot));
    let bound = if source.storage {
        site.bindings.storage[stage][slot]
    } else {
        site.bindings.uniform[stage][slot]
    };
    let Some(bound) = bound else {
        return Ok(None);
    };
    let moved_b = source.base_b + bound.offset_b;
    if moved_b == offset_b {
        return Ok(Some((offset_b, range_b)));
    }
    let range_b = checked_buffer_range(&device.caps, source.storage, moved_b, bound.size_b)?;
    Ok(Some((moved_b, range_b)))
}

/// The draw at `site` made from the memo's draw by moving its uniform and storage
/// offsets to where the bindings now are, and resolving its textures again when a texture
/// handle was replaced; `None` when a binding it needs is gone. While only dynamic
/// offsets move (within the 4 GiB base their sets hold), the draw shares the memo's
/// descriptors and carries its dynamic offsets alone; otherwise it gets a patched copy of
/// the descriptors (and new sets, or bindless handles, when recorded).
pub(super) fn repeat_draw(
    context: &mut SlotContext<'_>,
    memo: &mut DrawMemo,
    site: &DrawSite<'_>,
    bindless_capacity: Option<(u32, u32)>,
    draws: &mut PreparedDraws,
    reads: &mut Vec<PoolRead>,
) -> VkResult<Option<PreparedDraw>> {
    let device = context.device;
    let memo_range = memo.descriptors.start as usize..memo.descriptors.end as usize;
    let (offsets_start, writes_start) = (draws.dynamic_offsets.len(), draws.writes.len());
    let textures_moved = memo.textures_version != site.bindings.textures_version;
    let bindless = !draws.shapes[memo.shape as usize].handle_stages.is_empty();
    // On the bindless path textures are handle words: the sets do not hold them.
    let memo_table = memo.handles.table;
    if textures_moved && bindless {
        let capacity = bindless_capacity.expect("bindless shapes come with a table");
        memo.handles = bindless_handles(context, site, memo_range.clone(), capacity, draws)?;
        memo.textures_version = site.bindings.textures_version;
    }
    let handles = memo.handles.clone();
    let mut same_sets = (bindless || !textures_moved) && handles.table == memo_table;
    for at in memo_range.clone() {
        let descriptor = draws.descriptors[at];
        let (
            Some(source),
            Resource::Buffer {
                offset_b, range_b, ..
            },
        ) = (descriptor.source, descriptor.resource)
        else {
            continue;
        };
        let Some((moved_b, moved_range_b)) = moved_range(device, site, source, offset_b, range_b)?
        else {
            draws.dynamic_offsets.truncate(offsets_start);
            draws.writes.truncate(writes_start);
            return Ok(None);
        };
        if is_dynamic(descriptor.ty) {
            // The set holds the 4 GiB base of the offset it was written with.
            let base_b = dynamic_base_b(offset_b);
            if dynamic_base_b(moved_b) == base_b {
                draws.dynamic_offsets.push((moved_b - base_b) as u32);
            } else {
                same_sets = false;
            }
        } else {
            same_sets &= moved_b == offset_b;
        }
        let range = moved_b..moved_b.saturating_add(moved_range_b);
        if source.storage {
            draws.writes.push((source.pool, range.start, moved_range_b));
        }
        note_read(reads, (source.pool, range));
    }
    let call = DrawCall::Direct(direct_call(site.op).expect("only direct draws repeat"));
    if same_sets {
        let offsets = offsets_start as u32..draws.dynamic_offsets.len() as u32;
        return Ok(Some(PreparedDraw {
            shape: memo.shape,
            descriptors: memo.descriptors.clone(),
            offsets,
            same_sets,
            handles,
            call,
            repeats: 0..0,
        }));
    }
    // A set's contents change: a copy with the moved ranges (checked above).
    draws.dynamic_offsets.truncate(offsets_start);
    let start = draws.descriptors.len();
    draws.descriptors.extend_from_within(memo_range);
    let mut scratch = std::mem::take(&mut draws.scratch);
    scratch.clear();
    for descriptor in &mut draws.descriptors[start..] {
        match (descriptor.source, &mut descriptor.resource) {
            (
                Some(source),
                Resource::Buffer {
                    offset_b, range_b, ..
                },
            ) => {
                if let Some((moved_b, moved_range_b)) =
                    moved_range(device, site, source, *offset_b, *range_b)?
                {
                    (*offset_b, *range_b) = (moved_b, moved_range_b);
                }
            }
            (_, resource @ Resource::Texture { .. }) if textures_moved && !bindless => {
                let handle = bound_texture(
                    descriptor.set,
                    descriptor.binding,
                    descriptor.element,
                    site.bindings,
                );
                *resource = context.texture(handle, site.bindings, &mut scratch)?;
            }
            _ => {}
        }
    }
    draws.textures.extend(&scratch.textures);
    for &sampler in &scratch.samplers {
        add_once(&mut draws.samplers, sampler);
    }
    draws.scratch = scratch;
    let descriptors = start as u32..draws.descriptors.len() as u32;
    memo.descriptors = descriptors.clone();
    memo.textures_version = site.bindings.textures_version;
    memo.note_moving(&draws.descriptors);
    Ok(Some(PreparedDraw {
        shape: memo.shape,
        descriptors,
        offsets: 0..0,
        same_sets,
        handles,
        call,
        repeats: 0..0,
    }))
}

/// The texture handle now bound at the slot of the texture descriptor at (`set`,
/// `binding`, `element`): an array's element `i` is its first slot plus `i`.
fn bound_texture(set: u32, binding: u32, element: u32, bindings: &Bindings) -> TextureHandle {
    let (stage, _, first_slot) =
        nvn_slot(HostBinding { set, binding }).expect("texture descriptors sit at host bindings");
    let slot = first_slot + element;
    // The resolution took an unbound array element's first bound element after the
    // array's first slot: the first bound slot from there on is that one.
    let len = u32::MAX - first_slot;
    (bindings)
        .array_texture(stage.index() as usize, slot, (first_slot, len))
        .expect("a replaced handle leaves the slot bound")
}

/// The handle words of the texture descriptors in `range` of `draws.descriptors`, each
/// resolved again through the bindings at `site` (the textures made resident and noted).
fn bindless_handles(
    context: &mut SlotContext<'_>,
    site: &DrawSite<'_>,
    range: Range<usize>,
    capacity: (u32, u32),
    draws: &mut PreparedDraws,
) -> VkResult<DrawHandles> {
    let mut scratch = std::mem::take(&mut draws.scratch);
    scratch.clear();
    let mut pairs = std::mem::take(&mut draws.pairs);
    pairs.clear();
    for descriptor in &draws.descriptors[range] {
        if !matches!(descriptor.resource, Resource::Texture { .. }) {
            continue;
        }
        let handle = bound_texture(
            descriptor.set,
            descriptor.binding,
            descriptor.element,
            site.bindings,
        );
        match context.texture(handle, site.bindings, &mut scratch) {
            Ok(Resource::Texture { view, sampler }) => pairs.push((view, sampler)),
            Ok(_) => unreachable!("a texture resolves to a texture"),
            Err(error) => {
                draws.scratch = scratch;
                draws.pairs = pairs;
                return Err(error);
            }
        }
    }
    draws.textures.extend(&scratch.textures);
    for &sampler in &scratch.samplers {
        add_once(&mut draws.samplers, sampler);
    }
    let handles = draws.bindless.add(&pairs, capacity);
    draws.scratch = scratch;
    draws.pairs = pairs;
    handles
}
