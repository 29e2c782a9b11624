//! Driving the image cache: textures made and finalized, each texture use of a submission
//! resolved to a host image (made when the cache says so, filled from storage when it
//! says so), GPU writes and write-backs reported once recorded, and evictions carried out
//! after the fence of each image's last use.

use std::ops::Range;

use gpu::objects::{ObjectTables, Texture};
use gpu::{PoolId, TextureId};
use memory::WriteStamp;

use crate::conv::Conversion;
use crate::error::{VkError, VkResult};
use crate::image_cache::{Action, EvictAction, Eviction, HostImageId, ImageKey, Texels, Use};
use crate::writeback::admit;

use super::reclaim_notes::ReclaimNotes;
use super::textures::{format_mapping, ImageTable, ParkedList, PendingFill, TrackedImage};

/// The pools' write stamps, as the image cache asks them. Only CPU writes count: the
/// renderer's own writes (write-back, buffer copies) are device writes.
pub struct PoolStamps<'a>(pub &'a ObjectTables);

impl crate::image_cache::CpuWriteStamps for PoolStamps<'_> {
    fn now(&self, pool: PoolId) -> WriteStamp {
        self.0
            .pools
            .get(pool)
            .map_or(WriteStamp::NEVER, |pool| pool.storage.current_stamp())
    }

    fn written_since(&self, pool: PoolId, range_b: Range<u64>, since: WriteStamp) -> bool {
        self.0.pools.get(pool).is_none_or(|pool| {
            pool.storage
                .cpu_written_since(range_b.start, range_b.end - range_b.start, since)
        })
    }
}

/// The same stamps read through the executor's pools (where no object tables are at hand).
pub struct PoolTableStamps<'a>(pub &'a super::pools::PoolTable);

impl crate::image_cache::CpuWriteStamps for PoolTableStamps<'_> {
    fn now(&self, pool: PoolId) -> WriteStamp {
        self.0
            .get(pool)
            .map_or(WriteStamp::NEVER, |pool| pool.storage.current_stamp())
    }

    fn written_since(&self, pool: PoolId, range_b: Range<u64>, since: WriteStamp) -> bool {
        self.0.get(pool).map_or(true, |pool| {
            pool.storage
                .cpu_written_since(range_b.start, range_b.end - range_b.start, since)
        })
    }
}

/// Whether the `swz`/`deswz` kernels move this format: 1, 2, 4, 8 or 16-byte elements,
/// stored in the host image as they are in storage.
pub fn kernel_covers(texture: &Texture, conversion: Conversion) -> bool {
    let format = texture.format();
    !format.is_compressed()
        && 16 % format.bytes_per_element() == 0
        && conversion == Conversion::Direct
}

impl TrackedImage {
    /// The cache key of the image's storage and layout.
    pub fn key(&self) -> ImageKey {
        ImageKey::new(
            self.texture.pool,
            self.texture.offset_b,
            &self.texture.layout,
        )
    }
}

impl ImageTable {
    /// The game made `texture`; `gpu_storage` is `RX_VK_GPU_STORAGE`.
    pub fn texture_made(
        &mut self,
        texture: &Texture,
        tables: &ObjectTables,
        gpu_storage: bool,
    ) -> VkResult<()> {
        let pool_flags = tables
            .pools
            .get(texture.pool)
            .map(|pool| pool.maker.flags)
            .ok_or_else(|| VkError::UnknownObject(texture.pool.into()))?;
        let covered = format_mapping(&self.device, texture.format(), self.force_format_fallbacks)
            .is_ok_and(|mapping| kernel_covers(texture, mapping.conversion));
        let storable =
            gpu_storage && covered && admit(&texture.desc, texture.flags, pool_flags).is_ok();
        if storable {
            self.storable.insert(texture.id);
        }
        let key = ImageKey::new(texture.pool, texture.offset_b, &texture.layout);
        self.cache.texture_made(texture.id, key, storable)?;
        Ok(())
    }

    pub fn texture_finalized(&mut self, texture: TextureId) {
        self.storable.remove(&texture);
        if let Err(error) = self.cache.texture_finalized(texture) {
            tracing::warn!(target: "gpu_vk::executor", %error, "finalizing a texture");
        }
    }

    pub fn is_storable(&self, texture: TextureId) -> bool {
        self.storable.contains(&texture)
    }

    /// The texture's image for this submission: resolved through the cache on its first
    /// use in the submission (made when new; a fill queued when storage is newer).
    pub fn ensure(
        &mut self,
        texture: &Texture,
        use_: Use,
        tables: &ObjectTables,
    ) -> VkResult<&mut TrackedImage> {
        if self.bound.contains_key(&texture.id) {
            // Resolved earlier in this submission (the tables do not change within it).
            return self.get_mut(texture.id);
        }
        let resolution = self.cache.resolve(texture.id, use_, &PoolStamps(tables))?;
        let image = resolution.image;
        if !self.images.contains_key(&image) {
            if let Err(error) = self.make(image, texture) {
                self.cache.fill_abandoned(image);
                return Err(error);
            }
        }
        self.bound.insert(texture.id, image);
        if let Action::Fill {
            write_back_first, ..
        } = resolution.action
        {
            self.fills.push(PendingFill {
                texture: texture.id,
                image,
                write_back_first,
            });
        }
        let tracked = self.get_mut(texture.id)?;
        tracked.texture = texture.clone();
        Ok(tracked)
    }

    /// A new submission is prepared: every texture is resolved again.
    pub fn begin_submission(&mut self) {
        self.bound.clear();
        self.fills.clear();
        self.handles.clear();
    }

    /// The submission was refused: fills it resolved never happen.
    pub fn abandon_submission(&mut self) {
        for fill in self.fills.drain(..) {
            self.cache.fill_abandoned(fill.image);
        }
        self.cache.submission_recorded();
        self.bound.clear();
        self.handles.clear();
    }

    /// The submission is on the queue: what it wrote and stored goes to the cache, then
    /// the cache evicts down to its budget.
    pub fn submission_recorded(
        &mut self,
        written: &[TextureId],
        reclaim: &ReclaimNotes,
        stored: &[HostImageId],
        tables: &ObjectTables,
    ) {
        for &texture in written {
            if let Err(error) = self.cache.gpu_wrote(texture) {
                tracing::warn!(target: "gpu_vk::executor", %error, "reporting a GPU write");
            }
        }
        self.note_reclaim(reclaim);
        for &image in stored {
            if let Err(error) = self.cache.stored(image) {
                tracing::warn!(target: "gpu_vk::executor", %error, "reporting a write-back");
            }
        }
        self.cache.submission_recorded();
        let mut parked = ParkedList {
            free: &mut self.free,
            retired: &mut self.retired,
        };
        let evictions = self.cache.evict(&PoolStamps(tables), &mut parked);
        self.carry_out(evictions);
        let reclaimed = self.cache.reclaim_dead();
        self.carry_out(reclaimed);
        for (&texture, image) in &self.bound {
            let Some(tracked) = self.images.get_mut(image) else {
                continue;
            };
            let current = self
                .cache
                .texture_image(texture)
                .and_then(|_| self.cache.image(&tracked.key()))
                .is_some_and(|cached| !matches!(cached.texels, Texels::Stale(_)));
            tracked.synced_at = current
                .then(|| tables.pools.get(tracked.texture.pool))
                .flatten()
                .map(|pool| pool.storage.current_stamp());
        }
    }

    /// The GPU wrote storage through a buffer.
    pub fn buffer_wrote(&mut self, pool: PoolId, range_b: Range<u64>) {
        self.cache.buffer_wrote(pool, range_b);
    }

    /// The CPU wrote exactly these bytes (`Backend::pool_written`).
    pub fn cpu_wrote(
        &mut self,
        pool: PoolId,
        range_b: Range<u64>,
        pools: &super::pools::PoolTable,
    ) {
        self.cache.cpu_wrote(pool, range_b, &PoolTableStamps(pools));
    }

    /// The CPU copied storage (`Backend::pool_copied`): images whose texels only they hold
    /// follow the copy.
    pub fn storage_copied(
        &mut self,
        (source, source_offset_b): (PoolId, u64),
        (destination, destination_offset_b): (PoolId, u64),
        len_b: u64,
        pools: &super::pools::PoolTable,
    ) {
        let outcome = self.cache.storage_copied(
            source,
            source_offset_b,
            destination,
            destination_offset_b,
            len_b,
            &PoolTableStamps(pools),
        );
        self.carry_out(outcome.evictions);
        for moved in outcome.moved {
            if let Some(tracked) = self.images.get_mut(&moved.image) {
                tracked.texture.pool = moved.to.pool;
                tracked.texture.offset_b = moved.to.offset_b;
                // Its texels are the destination's latest, the copy's write included.
                tracked.synced_at = pools
                    .get(moved.to.pool)
                    .ok()
                    .map(|pool| pool.storage.current_stamp());
            }
            tracing::debug!(target: "gpu_vk::executor", image = %moved.image,
                pool = %moved.to.pool, offset_b = moved.to.offset_b,
                "a host image followed a CPU copy of its storage");
        }
    }

    pub fn pool_finalized(&mut self, pool: PoolId) {
        let evictions = self.cache.pool_finalized(pool);
        self.carry_out(evictions);
    }

    pub fn begin_frame(&mut self, frame: u64) {
        self.cache.begin_frame(frame);
        self.expire_free(frame);
    }

    fn carry_out(&mut self, evictions: Vec<Eviction>) {
        for eviction in evictions {
            match eviction.action {
                EvictAction::Release => {}
                EvictAction::ReleaseLosing(cause) => {
                    tracing::debug!(target: "gpu_vk::executor", texture = %eviction.texture,
                        image = %eviction.image, ?cause, "released with GPU texels storage lacks");
                }
                // Written admitted regions are stored in the submission that wrote them but
                // for levels drawn every frame, whose latest drawing waits for quiet frames
                // (`writeback::cadence`): only such an image can be evicted unstored.
                EvictAction::WriteBackThenRelease => {
                    tracing::warn!(target: "gpu_vk::executor", texture = %eviction.texture,
                        image = %eviction.image, "an image evicted while its latest drawing \
                        waited for quiet frames: released without storing it");
                }
            }
            if eviction.reclaimed {
                self.free_image(eviction.image);
            } else {
                self.retire_image(eviction.image);
            }
        }
    }
}

impl crate::executor::VkBackend {
    /// A new frame starts (the program calls it once per presented frame): the keep
    /// rule's "drawn in one frame" and the watch summary count these.
    pub fn begin_frame(&mut self) {
        self.frame += 1;
        self.images.begin_frame(self.frame);
    }

    /// Whether the write-back stores what the GPU writes into admitted textures from now
    /// on (`RX_VK_GPU_STORAGE` at run time, for the A/B benchmark). Off, writes into
    /// admitted textures go unstored and their images hold texels storage lacks, and
    /// textures made meanwhile are not admitted (as with the switch at 0, for life);
    /// levels already waiting are still stored.
    pub fn set_gpu_storage(&mut self, on: bool) {
        self.gpu_storage = on;
    }

    /// Whether uploads of admitted textures deswizzle on the GPU (on by default; tests
    /// turn it off to compare with the CPU path).
    pub fn set_gpu_uploads(&mut self, on: bool) {
        self.gpu_uploads = on;
    }

    /// The image cache's images, least recently used first.
    pub fn cached_images(&self) -> Vec<crate::image_cache::CachedImage> {
        self.images.cache.images()
    }
}

#[cfg(test)]
mod tests {
    use gpu::objects::{TextureBuilder, TextureFlags};
    use memory::Format;

    use super::*;
    use crate::conv::map_format;

    fn texture(format: Format) -> Texture {
        let layout = TextureBuilder::new_2d(format, 16, 16).layout().unwrap();
        Texture {
            id: TextureId::from_raw(1).unwrap(),
            pool: PoolId::from_raw(1).unwrap(),
            offset_b: 0,
            desc: layout.desc,
            flags: TextureFlags::NONE,
            layout,
        }
    }

    /// `deswz` and `swz` move storage's bytes as they are: a texture stored converted
    /// takes the CPU upload, and the write-back (which needs the kernel) never stores it.
    #[test]
    fn the_kernels_cover_no_converted_texture() {
        for &format in Format::ALL {
            let forced = map_format(format, true, |_| true).unwrap();
            if forced.conversion != Conversion::Direct {
                assert!(
                    !kernel_covers(&texture(format), forced.conversion),
                    "{format}"
                );
            }
        }
        assert!(kernel_covers(&texture(Format::Rgba8), Conversion::Direct));
    }
}
