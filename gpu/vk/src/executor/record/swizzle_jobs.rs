//! The executor's use of the swizzle kernels: the write-back (`swz`) of what a submission
//! wrote into admitted textures, into the pool buffer in the same command buffer, and
//! uploads deswizzled on the GPU (`deswz`) from the pool buffer.

use gpu::id_map::IdMap;
use std::ops::Range;

use ash::vk;
use gpu::{PoolId, TextureId};
use memory::swizzle::Region;

use crate::error::{VkError, VkResult};
use crate::gpu_memory::staging::StagingArena;
use crate::image_cache::HostImageId;
use crate::kernels::kernel_translator::kernel_translator;
use crate::kernels::swizzle_kernel::{
    plan_job, ImageRegion, StoragePlacement, SwizzleJob, SwizzleKernels, SwizzleVariant,
};
use crate::writeback::{PendingRegion, PendingWrites, StoreCadence, StoreWhen};

use crate::executor::resources::textures::TrackedImage;
use crate::executor::VkBackend;

/// What the write-backs of a submission stored.
#[derive(Debug, Default)]
pub(in crate::executor) struct StoreLog {
    /// Each image written back, with its storage: stamped as a device write once submitted.
    pub stored: Vec<(HostImageId, PoolId, Range<u64>)>,
    pub regions: u64,
    pub bytes: u64,
}

/// Write-backs that wait for quiet frames (`writeback::cadence`), kept across
/// submissions with the image each region is stored from.
#[derive(Debug, Default)]
pub(in crate::executor) struct WaitingStores {
    /// `RX_VK_STORE_HOT`: only then do levels drawn frame after frame wait; otherwise
    /// every write is stored before the next signal, as the seed's landed fix does.
    hold_hot: bool,
    pub cadence: StoreCadence,
    pub regions: PendingWrites,
    pub images: IdMap<TextureId, HostImageId>,
}

impl WaitingStores {
    pub fn holding_hot_levels(hold_hot: bool) -> WaitingStores {
        WaitingStores {
            hold_hot,
            ..WaitingStores::default()
        }
    }

    /// Of `regions` (taken at a signal or the submission's end, written in `frame`),
    /// those to store now; the others wait, with their images from `bound`. A waiting
    /// region of a level stored now is stored with it.
    pub fn split(
        &mut self,
        regions: Vec<PendingRegion>,
        frame: u64,
        bound: &IdMap<TextureId, HostImageId>,
    ) -> Vec<PendingRegion> {
        let mut now = Vec::new();
        for region in regions {
            let key = region.level_key();
            let earlier = self.regions.take_if(|waiting| waiting.level_key() == key);
            let when = if self.hold_hot {
                self.cadence.note_write(key, frame)
            } else {
                StoreWhen::Now
            };
            match when {
                StoreWhen::Now => {
                    let mut region = region;
                    for waiting in earlier {
                        region.rect = region.rect.union(waiting.rect);
                    }
                    now.push(region);
                }
                StoreWhen::AfterQuiet => {
                    if let Some(&image) = bound.get(&region.texture) {
                        self.images.insert(region.texture, image);
                        earlier
                            .into_iter()
                            .for_each(|w| self.regions.note_region(w));
                        self.regions.note_region(region);
                    } else {
                        now.push(region);
                    }
                }
            }
        }
        now
    }

    /// The waiting regions due in `frame`: two frames passed without a write.
    pub fn take_due(&mut self, frame: u64) -> Vec<PendingRegion> {
        let cadence = &self.cadence;
        self.regions
            .take_if(|region| cadence.is_quiet(region.level_key(), frame))
    }

    /// Drops the images of textures nothing waits for any more.
    pub fn prune(&mut self) {
        let regions = &self.regions;
        self.images
            .retain(|&texture, _| regions.holds_texture(texture));
    }

    /// The texture ended: what waits for it is stored in the next submission.
    pub fn texture_finalized(&mut self, texture: TextureId) {
        self.cadence.forget_texture(texture);
    }
}

/// Builds the kernels on first use (translating them costs time a run without admitted
/// writes never pays).
fn kernels(
    slot: &mut Option<SwizzleKernels>,
    device: &std::sync::Arc<crate::bringup::device::Device>,
    cache: vk::PipelineCache,
    variant: SwizzleVariant,
) -> VkResult<()> {
    if slot.is_none() {
        let translator = kernel_translator("swz")?;
        let mut kernels = SwizzleKernels::build(device, &translator, true, cache)?;
        kernels.variant = variant;
        *slot = Some(kernels);
    }
    Ok(())
}

fn job(
    backend: &VkBackend,
    arena: &mut StagingArena,
    tracked: &TrackedImage,
    level: u32,
    layer: u32,
    region: Region,
) -> VkResult<SwizzleJob> {
    let texture = &tracked.texture;
    let pool_buffer = backend.pools.get(texture.pool)?.buffer.raw;
    plan_job(
        &backend.device,
        arena,
        ImageRegion {
            image: tracked.image.raw,
            aspect: tracked.image.desc.aspect,
            level,
            layer,
            region,
        },
        StoragePlacement {
            pool_buffer,
            texture_offset_b: texture.offset_b,
            layout: &texture.layout,
        },
    )
}

impl VkBackend {
    /// Records the write-back of `regions` (taken from `PendingWrites`).
    pub(in crate::executor) fn record_stores(
        &mut self,
        cmd: vk::CommandBuffer,
        scratch: &mut StagingArena,
        regions: Vec<PendingRegion>,
        log: &mut StoreLog,
    ) -> VkResult<()> {
        if regions.is_empty() {
            return Ok(());
        }
        let cache = self
            .pipeline_cache
            .as_ref()
            .map_or(vk::PipelineCache::null(), |cache| cache.raw);
        kernels(&mut self.kernels, &self.device, cache, self.swizzle_variant)?;
        let mut jobs = Vec::with_capacity(regions.len());
        for pending in regions {
            let image = match self.images.bound.get(&pending.texture) {
                Some(&image) => image,
                // A waiting store of a texture this submission does not use: its image is
                // bound so the submission keeps it alive.
                None => {
                    let image = *self
                        .waiting
                        .images
                        .get(&pending.texture)
                        .ok_or_else(|| VkError::UnknownObject(pending.texture.into()))?;
                    if !self.images.images.contains_key(&image) {
                        tracing::warn!(target: "gpu_vk::executor", texture = %pending.texture,
                            %image, "a waiting write-back's image was released first");
                        continue;
                    }
                    self.images.bound.insert(pending.texture, image);
                    image
                }
            };
            let tracked = &self.images.images[&image];
            let region = Region {
                x_el: pending.rect.x_el,
                y_el: pending.rect.y_el,
                z_el: 0,
                width_el: pending.rect.width_el,
                height_el: pending.rect.height_el,
                depth_el: 1,
            };
            jobs.push(job(
                self,
                scratch,
                tracked,
                pending.level,
                pending.layer,
                region,
            )?);
            let bytes_per_element = tracked.texture.format().bytes_per_element();
            log.regions += 1;
            log.bytes += u64::from(region.width_el)
                * u64::from(region.height_el)
                * u64::from(bytes_per_element);
            if !log.stored.iter().any(|(stored, _, _)| *stored == image) {
                log.stored
                    .push((image, pending.pool, pending.storage_b.clone()));
            }
        }
        let kernels = self.kernels.as_ref().expect("built above");
        kernels.record_write_backs(cmd, scratch, &jobs)
    }

    /// Records the write-back of every level and layer of `images` (GPU texels the cache
    /// asked to store before storage under them is read).
    pub(in crate::executor) fn record_image_stores(
        &mut self,
        cmd: vk::CommandBuffer,
        scratch: &mut StagingArena,
        images: &[HostImageId],
        log: &mut StoreLog,
    ) -> VkResult<()> {
        let mut regions = Vec::new();
        for image in images {
            let Some(tracked) = self.images.images.get(image) else {
                continue;
            };
            let texture = &tracked.texture;
            // The write-back addresses images through the texture bound to them.
            self.images.bound.entry(texture.id).or_insert(*image);
            for layer in 0..texture.layout.layer_count {
                for level in &texture.layout.levels {
                    regions.push(PendingRegion {
                        texture: texture.id,
                        pool: texture.pool,
                        storage_b: texture.storage_range_b(),
                        level: level.level,
                        layer,
                        rect: crate::writeback::Rect {
                            x_el: 0,
                            y_el: 0,
                            width_el: level.width_el,
                            height_el: level.height_el,
                        },
                    });
                }
            }
        }
        self.record_stores(cmd, scratch, regions, log)
    }

    /// Records the uploads of `textures` deswizzled by `deswz` from the pool buffer.
    /// Returns the regions and bytes moved.
    pub(in crate::executor) fn record_gpu_uploads(
        &mut self,
        cmd: vk::CommandBuffer,
        staging: &mut StagingArena,
        textures: &[TextureId],
    ) -> VkResult<(u64, u64)> {
        if textures.is_empty() {
            return Ok((0, 0));
        }
        let cache = self
            .pipeline_cache
            .as_ref()
            .map_or(vk::PipelineCache::null(), |cache| cache.raw);
        kernels(&mut self.kernels, &self.device, cache, self.swizzle_variant)?;
        let mut jobs = Vec::new();
        let mut bytes = 0;
        for &id in textures {
            let tracked = self.images.get(id)?;
            let layout = &tracked.texture.layout;
            for layer in 0..layout.layer_count {
                for level in &layout.levels {
                    jobs.push(job(
                        self,
                        staging,
                        tracked,
                        level.level,
                        layer,
                        Region::whole(level),
                    )?);
                    bytes += Region::whole(level).linear_size_b(level.bytes_per_element);
                }
            }
        }
        let kernels = self.kernels.as_ref().expect("built above");
        kernels.record_uploads(cmd, staging, &jobs)?;
        Ok((jobs.len() as u64, bytes))
    }
}
