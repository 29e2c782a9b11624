//! Planning for the batched write-back and upload: batches of consecutive regions that
//! share their staging and pool buffers (one table entry and one dispatch's work groups
//! each), and the bounce of regions that cover their level's storage whole.

use ash::vk;

use crate::error::VkResult;
use crate::gpu_memory::staging::StagingArena;
use crate::kernels::swizzle_job::SwizzleJob;
use crate::kernels::swizzle_params::KernelParams;
use crate::kernels::swizzle_params::{kernel_groups, BufferRange};

/// One region's entry in the batched kernels' table (`Job` in `job_table.glsl`; std430
/// lays the 21 words out without padding).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, bytemuck::Pod, bytemuck::Zeroable)]
pub struct JobEntry {
    pub params: KernelParams,
    /// Where the region's rows start in the batch's staging range.
    pub staging_base_b: u32,
    /// The first work group of the dispatch that moves this region.
    pub first_group: u32,
    pub groups_x: u32,
    pub groups_y: u32,
}

/// Most regions in a batch: its table is written by one `vkCmdUpdateBuffer` (64 KiB).
pub const MAX_BATCH_JOBS: usize = 65536 / std::mem::size_of::<JobEntry>();

/// Work groups across a batched dispatch, and most down (Vulkan's guaranteed minimum of
/// `maxComputeWorkGroupCount`).
const MAX_GROUPS_ACROSS: u64 = 65535;
const MAX_BATCH_GROUPS: u64 = MAX_GROUPS_ACROSS * 65535;

/// The smallest region worth a bounce: below it the extra copy's fixed cost outweighs
/// what the bus gains.
pub const BOUNCE_MIN_B: u32 = 64 << 10;

/// Regions moved by one batched dispatch.
#[derive(Debug)]
pub struct Batch {
    /// The union of the regions' staging slices, in one buffer.
    pub staging: BufferRange,
    /// The union of the regions' storage windows, in one buffer.
    pub storage: BufferRange,
    /// The table, with `base_b`, `limit_b` and `staging_base_b` relative to the unions.
    pub entries: Vec<JobEntry>,
    pub group_count: u32,
}

impl Batch {
    /// Work groups across and down: `group_count` numbered row by row.
    pub fn groups(&self) -> [u32; 2] {
        let count = u64::from(self.group_count);
        let across = count.clamp(1, MAX_GROUPS_ACROSS);
        [across as u32, count.div_ceil(across) as u32]
    }
}

/// The work groups a region's kernel runs: the one-region grid, slice after slice.
pub fn job_groups(params: &KernelParams) -> u64 {
    let [across, down] = kernel_groups(params);
    u64::from(across) * u64::from(down) * u64::from(params.slices)
}

/// Whether a region's work groups fit one batched dispatch at all (every real texture's
/// do; a region that does not is moved by the one-region kernel).
pub fn batchable(job: &SwizzleJob) -> bool {
    job_groups(&job.params) <= MAX_BATCH_GROUPS
}

fn union(a: BufferRange, b: BufferRange) -> BufferRange {
    let start_b = a.offset_b.min(b.offset_b);
    let end_b = (a.offset_b + a.size_b).max(b.offset_b + b.size_b);
    BufferRange {
        buffer: a.buffer,
        offset_b: start_b,
        size_b: end_b - start_b,
    }
}

/// Consecutive `jobs` (each `batchable`) in batches: a new batch starts where the staging
/// or pool buffer changes, or where a union would pass what one binding may span
/// (`max_range_b`, and the kernels' 32-bit offsets), or the table or group limits.
pub fn batches(max_range_b: u64, jobs: &[SwizzleJob]) -> Vec<Batch> {
    let max_range_b = max_range_b.min(u64::from(u32::MAX));
    let mut out = Vec::new();
    let mut members: Vec<&SwizzleJob> = Vec::new();
    let mut staging = None;
    let mut storage = None;
    let mut groups = 0u64;
    for job in jobs {
        let joined = match (staging, storage) {
            (Some(s), Some(t)) if !members.is_empty() => {
                let (s, t): (BufferRange, BufferRange) = (s, t);
                let s = union(s, job.staging);
                let t = union(t, job.storage);
                let fits = s.buffer == job.staging.buffer
                    && t.buffer == job.storage.buffer
                    && s.size_b <= max_range_b
                    && t.size_b <= max_range_b
                    && members.len() < MAX_BATCH_JOBS
                    && groups + job_groups(&job.params) <= MAX_BATCH_GROUPS;
                fits.then_some((s, t))
            }
            _ => None,
        };
        match joined {
            Some((s, t)) => {
                staging = Some(s);
                storage = Some(t);
            }
            None => {
                if let (Some(s), Some(t)) = (staging, storage) {
                    out.push(close(&members, s, t));
                }
                members.clear();
                groups = 0;
                staging = Some(job.staging);
                storage = Some(job.storage);
            }
        }
        groups += job_groups(&job.params);
        members.push(job);
    }
    if let (Some(s), Some(t)) = (staging, storage) {
        if !members.is_empty() {
            out.push(close(&members, s, t));
        }
    }
    out
}

/// The batch of `members` over the unions `staging` and `storage` (each member's ranges
/// lie inside them, and the unions fit 32 bits, so the offsets below do too).
fn close(members: &[&SwizzleJob], staging: BufferRange, storage: BufferRange) -> Batch {
    let mut entries = Vec::with_capacity(members.len());
    let mut first_group = 0u64;
    for job in members {
        let storage_shift_b = (job.storage.offset_b - storage.offset_b) as u32;
        let mut params = job.params;
        params.base_b += storage_shift_b;
        params.limit_b += storage_shift_b;
        let [groups_x, groups_y] = kernel_groups(&params);
        entries.push(JobEntry {
            params,
            staging_base_b: (job.staging.offset_b - staging.offset_b) as u32,
            first_group: first_group as u32,
            groups_x,
            groups_y,
        });
        first_group += job_groups(&params);
    }
    Batch {
        staging,
        storage,
        entries,
        group_count: first_group as u32,
    }
}

/// The bytes from `params.base_b` that a region writes every one of: the level's whole
/// storage for the slabs it spans, where it covers every gob column, every row of its
/// blocks and every slice of its slabs, and none of it lies past the texture's end.
pub fn whole_span_b(params: &KernelParams) -> Option<u32> {
    let p = params;
    let gobs_across = p.row_of_blocks_b / p.block_b.max(1);
    let block_rows = p.slab_b / p.row_of_blocks_b.max(1);
    let rows_per_block = 8u32 << p.block_height_log2;
    let slices_per_slab = 1u32 << p.block_depth_log2;
    let covers = p.region_x0_b == 0
        && u64::from(p.region_x1_b) == u64::from(gobs_across) * 64
        && p.region_y0 == 0
        && u64::from(p.rows) == u64::from(block_rows) * u64::from(rows_per_block)
        && p.region_z0 == 0
        && p.slices.is_multiple_of(slices_per_slab);
    let span_b = u64::from(p.slices >> p.block_depth_log2) * u64::from(p.slab_b);
    let inside = u64::from(p.base_b) + span_b <= u64::from(p.limit_b);
    (covers && inside)
        .then(|| u32::try_from(span_b).ok())
        .flatten()
}

/// A bounced region's last step: scratch to its storage in the pool.
#[derive(Clone, Copy, Debug)]
pub struct BounceCopy {
    pub scratch: vk::Buffer,
    pub pool: vk::Buffer,
    pub region: vk::BufferCopy,
}

/// `jobs` with every region that covers its storage whole (`whole_span_b`, at least
/// `BOUNCE_MIN_B`, at most what one binding may span, `max_range_b`) retargeted to a slice
/// of `scratch` the size of that storage, and the copies that then move each slice to
/// the pool.
pub fn bounce(
    scratch: &mut StagingArena,
    jobs: &[SwizzleJob],
    max_range_b: u64,
) -> VkResult<(Vec<SwizzleJob>, Vec<BounceCopy>)> {
    let mut moved = Vec::with_capacity(jobs.len());
    let mut copies = Vec::new();
    for job in jobs {
        let span_b = whole_span_b(&job.params)
            .filter(|&span_b| span_b >= BOUNCE_MIN_B && u64::from(span_b) <= max_range_b);
        let Some(span_b) = span_b else {
            moved.push(*job);
            continue;
        };
        let slice = scratch.allocate(u64::from(span_b))?;
        copies.push(BounceCopy {
            scratch: slice.buffer,
            pool: job.storage.buffer,
            region: vk::BufferCopy {
                src_offset: slice.offset_b,
                dst_offset: job.storage.offset_b + u64::from(job.params.base_b),
                size: u64::from(span_b),
            },
        });
        let mut bounced = *job;
        bounced.storage = BufferRange {
            buffer: slice.buffer,
            offset_b: slice.offset_b,
            size_b: u64::from(span_b),
        };
        bounced.params.base_b = 0;
        bounced.params.limit_b = span_b;
        moved.push(bounced);
    }
    Ok((moved, copies))
}

#[cfg(test)]
mod tests {
    use ash::vk::Handle;
    use memory::layout::{LayoutDesc, TextureLayout};
    use memory::swizzle::Region;
    use memory::Format;

    use super::*;
    use crate::kernels::swizzle_params::kernel_params;

    /// The jobs of every level of a `format` texture `width` x `height`, its storage at
    /// `storage_b` in pool buffer `pool`, its staging rows one after another from 0 in
    /// buffer `staging`.
    fn level_jobs(
        format: Format,
        (width, height, levels): (u32, u32, u32),
        pool: u64,
        storage_b: u64,
        staging: u64,
    ) -> Vec<SwizzleJob> {
        let layout =
            TextureLayout::new(&LayoutDesc::new_2d(format, width, height, levels)).unwrap();
        let mut staging_b = 0;
        layout
            .levels
            .iter()
            .map(|level| {
                let region = Region::whole(level);
                let (params, geometry) =
                    kernel_params(level, &region, level.offset_b, layout.size_b).unwrap();
                let job = SwizzleJob {
                    image: vk::Image::from_raw(1),
                    aspect: vk::ImageAspectFlags::COLOR,
                    level: level.level,
                    layer: 0,
                    region,
                    params,
                    geometry,
                    staging: BufferRange {
                        buffer: vk::Buffer::from_raw(staging),
                        offset_b: staging_b,
                        size_b: geometry.size_b,
                    },
                    storage: BufferRange {
                        buffer: vk::Buffer::from_raw(pool),
                        offset_b: storage_b,
                        size_b: layout.size_b,
                    },
                };
                staging_b = (staging_b + geometry.size_b).next_multiple_of(256);
                job
            })
            .collect()
    }

    #[test]
    fn a_textures_levels_make_one_batch_whose_groups_follow_one_another() {
        let jobs = level_jobs(Format::Rg8, (260, 260, 9), 7, 4096, 9);
        let batches = batches(1 << 30, &jobs);
        assert_eq!(batches.len(), 1);
        let batch = &batches[0];
        assert_eq!(batch.entries.len(), 9);
        let mut first_group = 0;
        for (entry, job) in batch.entries.iter().zip(&jobs) {
            assert_eq!(entry.first_group as u64, first_group);
            assert_eq!(entry.params, job.params);
            assert_eq!(u64::from(entry.staging_base_b), job.staging.offset_b);
            first_group += job_groups(&job.params);
        }
        assert_eq!(u64::from(batch.group_count), first_group);
        let [across, down] = batch.groups();
        assert!(u64::from(across) * u64::from(down) >= first_group);
    }

    #[test]
    fn batches_split_where_buffers_change_or_a_binding_would_grow_too_large() {
        let mut jobs = level_jobs(Format::Rgba8, (64, 64, 3), 7, 0, 9);
        // A second texture in the same pool 1 MiB on: one batch, its offsets shifted.
        let far = level_jobs(Format::Rgba8, (64, 64, 1), 7, 1 << 20, 9);
        jobs.extend(far.iter().map(|job| {
            let mut job = *job;
            job.staging.offset_b += 1 << 16;
            job
        }));
        let merged = batches(1 << 30, &jobs);
        assert_eq!(merged.len(), 1);
        let last = merged[0].entries.last().unwrap();
        assert_eq!(last.params.base_b, far[0].params.base_b + (1 << 20));
        assert_eq!(last.staging_base_b, 1 << 16);
        // The same jobs where one binding may span only 64 KiB: the far texture apart.
        assert_eq!(batches(1 << 16, &jobs).len(), 2);
        // Another pool buffer: apart.
        let mut other_pool = jobs.clone();
        other_pool[3].storage.buffer = vk::Buffer::from_raw(8);
        assert_eq!(batches(1 << 30, &other_pool).len(), 2);
    }

    #[test]
    fn a_batch_holds_at_most_one_update_of_entries() {
        let one = level_jobs(Format::R8, (8, 8, 1), 7, 0, 9)[0];
        let jobs = vec![one; MAX_BATCH_JOBS + 1];
        let batches = batches(1 << 30, &jobs);
        assert_eq!(batches.len(), 2);
        assert!(std::mem::size_of_val(batches[0].entries.as_slice()) <= 65536);
    }

    #[test]
    fn only_regions_covering_their_storage_whole_have_a_whole_span() {
        // 2048x2048 RGBA8: 8 KiB rows, 128-row blocks: level 0 covers its 16 MiB whole.
        let big = level_jobs(Format::Rgba8, (2048, 2048, 2), 7, 0, 9);
        assert_eq!(whole_span_b(&big[0].params), Some(16 << 20));
        assert_eq!(whole_span_b(&big[1].params), Some(4 << 20));
        // 260x260 RG8: 520-byte rows leave the last gob column part empty.
        let tile = level_jobs(Format::Rg8, (260, 260, 1), 7, 0, 9);
        assert_eq!(whole_span_b(&tile[0].params), None);
        // A region of a level that would cover it, but not all of it.
        let mut part = big[0];
        part.params.rows -= 8;
        assert_eq!(whole_span_b(&part.params), None);
    }
}
