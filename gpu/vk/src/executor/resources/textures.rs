//! Textures on the GPU: host images owned through the image cache (keyed by pool,
//! offset and layout, so textures made over the same storage share one), each texture's
//! image in the submission being prepared, and the attachment and shader views over them.
//! How the cache is driven is `residency`.

use std::sync::Arc;

use ash::vk;
use gpu::id_map::IdMap;
use gpu::objects::{DepthStencilMode, Swizzle, Texture, TextureView};
use gpu::{SamplerTableId, TextureId, TextureTableId, ViewId};
use memory::{Format, TextureKind, WriteStamp};

use crate::bringup::device::Device;
use crate::conv::{
    aspect_flags, converted_alike, format_components, map_format, renders_as_stored, Conversion,
    FormatMapping, RGB5A1_AS_STORED,
};
use crate::error::{map_vk, VkError, VkResult};
use crate::gpu_memory::host_image::{HostImage, HostImageDesc};
use crate::gpu_memory::retire::RetireList;
use crate::image_cache::{HostImageId, ImageCache, ParkedImages};

use super::free_list::{FreeList, Parkable};

/// An image view over a texture's image: a pass's attachment (one level) or a shader's
/// sampled view (the view's levels, layers and swizzle).
pub struct HostView {
    pub raw: vk::ImageView,
    pub format: vk::Format,
    pub aspect: vk::ImageAspectFlags,
    pub extent_px: [u32; 2],
    pub layers: u32,
    /// The image's samples (a pass's attachments all have one count).
    pub samples: vk::SampleCountFlags,
    device: Arc<Device>,
}

impl Drop for HostView {
    fn drop(&mut self) {
        // SAFETY: views are dropped with or after their image's last use (they are parked
        // together), never while a submission using them is pending.
        unsafe { self.device.raw.destroy_image_view(self.raw, None) };
    }
}

pub struct TrackedImage {
    /// Dropped before `image`: they view it.
    views: IdMap<ViewId, HostView>,
    sampled: IdMap<ViewId, HostView>,
    storage: IdMap<ViewId, HostView>,
    /// Level 0, layer 0, every aspect: what a depth resolve renders from or to.
    resolve_view: Option<HostView>,
    pub image: HostImage,
    /// The texture that used the image last (every texture sharing it has its layout).
    pub texture: Texture,
    pub mapping: FormatMapping,
    /// The pool stamp up to which the image holds storage's latest texels (or newer ones
    /// the GPU drew); `None`: never filled, or storage moved on.
    pub synced_at: Option<WriteStamp>,
    /// Made in the current submission: it needs its first layout transition.
    pub needs_layout: bool,
    pub last_use: u64,
}

/// A texture whose image is filled from storage before the list runs.
#[derive(Clone, Debug)]
pub struct PendingFill {
    pub texture: TextureId,
    pub image: HostImageId,
    /// Images over the same storage whose GPU texels go to storage first.
    pub write_back_first: Vec<HostImageId>,
}

/// A texture handle as bound: the tables it indexes and its texture and sampler slots
/// (as given, not masked to a handle's bits: a slot out of range must still be refused).
pub type HandleKey = (TextureTableId, SamplerTableId, u32, u32);

/// What a texture handle resolved to (its texture and sampler are noted as used where it
/// was first resolved in the submission).
#[derive(Clone, Copy, Debug)]
pub struct ResolvedHandle {
    pub view: vk::ImageView,
    pub sampler: vk::Sampler,
}

pub struct ImageTable {
    pub(in crate::executor) cache: ImageCache,
    pub(in crate::executor) images: IdMap<HostImageId, TrackedImage>,
    /// Each texture's image in the submission being prepared (resolved once per submission).
    pub(in crate::executor) bound: IdMap<TextureId, HostImageId>,
    /// Texture handles resolved in the submission being prepared, by (tables, handle
    /// bits): the sampled view and sampler, the texture and sampler ids.
    pub(in crate::executor) handles: IdMap<HandleKey, ResolvedHandle>,
    pub(in crate::executor) fills: Vec<PendingFill>,
    /// Textures the write-back stores (admitted, a format the kernel moves, switch on).
    pub(in crate::executor) storable: std::collections::HashSet<TextureId>,
    pub(in crate::executor) retired: RetireList<TrackedImage>,
    pub(in crate::executor) retired_views: Vec<(u64, HostView)>,
    /// Textures take their format's fallback even where the device has the format.
    pub(in crate::executor) force_format_fallbacks: bool,
    pub(in crate::executor) device: Arc<Device>,
    /// Host images of textures reclaimed by overwrite (`RX_VK_RT_RECLAIM`).
    pub(in crate::executor) free: FreeList<TrackedImage>,
    /// The timeline value the GPU completed, as of the last `retire`.
    pub(in crate::executor) completed: u64,
    pub(in crate::executor) frame: u64,
}

impl Parkable for TrackedImage {
    fn last_use(&self) -> u64 {
        self.last_use
    }

    fn size_b(&self) -> u64 {
        self.image.size_b
    }

    fn budget_b(&self) -> u64 {
        self.texture.layout.size_b
    }
}

/// The free list as the image cache's eviction sees it: an image budget pressure takes
/// off it is destroyed after its last use.
pub(in crate::executor) struct ParkedList<'a> {
    pub free: &'a mut FreeList<TrackedImage>,
    pub retired: &'a mut RetireList<TrackedImage>,
}

impl ParkedImages for ParkedList<'_> {
    fn parked_budget_b(&self) -> u64 {
        self.free.counters().parked_budget_b
    }

    fn release_oldest(&mut self) -> bool {
        let Some(tracked) = self.free.release_oldest() else {
            return false;
        };
        tracing::debug!(target: "gpu_vk::executor", texture = %tracked.texture.id,
            "free-list image released under the image cache's budget");
        self.retired.park(tracked.last_use, tracked);
        true
    }
}

/// Whether the device can use `format` for images at all (sampling or rendering).
fn format_usable(device: &Device, format: vk::Format) -> bool {
    // SAFETY: a plain query on the device's physical device.
    let features = unsafe {
        device
            .instance
            .raw
            .get_physical_device_format_properties(device.physical, format)
    }
    .optimal_tiling_features;
    features.intersects(
        vk::FormatFeatureFlags::SAMPLED_IMAGE
            | vk::FormatFeatureFlags::COLOR_ATTACHMENT
            | vk::FormatFeatureFlags::DEPTH_STENCIL_ATTACHMENT,
    )
}

/// The Vulkan format for an NVN format on this device; `force_fallbacks` takes a
/// format's fallback even where the device has the format (`ExecutorOptions`).
pub fn format_mapping(
    device: &Device,
    format: memory::Format,
    force_fallbacks: bool,
) -> VkResult<FormatMapping> {
    // VK_KHR_maintenance5 makes A1B5G5R5 sampleable on every device that has it, but
    // leaves rendering to it optional (the H200 samples it only). RGB5A1 takes its own
    // format where the device also renders it; elsewhere it stays A1R5G5B5 read through a
    // view swizzle, so a BGR5A1 view of it can still be rendered to.
    if format == memory::Format::Rgb5A1 && device.caps.state.formats.rgb5a1_attachment {
        return Ok(FormatMapping {
            vk: RGB5A1_AS_STORED,
            conversion: Conversion::Direct,
        });
    }
    map_format(format, force_fallbacks, |vk_format| {
        format_usable(device, vk_format)
    })
    .ok_or_else(|| {
        VkError::Unsupported(format!(
            "format {} (neither it nor a fallback is usable on this device)",
            format.name()
        ))
    })
}

/// Why a multisample texture is refused when made: a sample count the device's render
/// targets of its kind lack (`SampleCounts::refusal`), a format it cannot render to, or
/// one whose images cannot have that count (`vkGetPhysicalDeviceImageFormatProperties`).
/// `None` for single-sample textures and for those it renders.
pub fn multisample_refusal(
    device: &Device,
    texture: &Texture,
    force_fallbacks: bool,
) -> Option<String> {
    let samples = texture.desc.samples;
    if samples <= 1 {
        return None;
    }
    let depth = texture.format().is_depth_or_stencil();
    if let Some(why) = device.caps.samples.refusal(samples, depth) {
        return Some(why);
    }
    let mapping = match format_mapping(device, texture.format(), force_fallbacks) {
        Ok(mapping) => mapping,
        Err(error) => return Some(error.to_string()),
    };
    let aspect = aspect_flags(texture.format());
    let usage = crate::gpu_memory::host_image::usage_for(device, mapping.vk, aspect);
    let attachment = match depth {
        true => vk::ImageUsageFlags::DEPTH_STENCIL_ATTACHMENT,
        false => vk::ImageUsageFlags::COLOR_ATTACHMENT,
    };
    if !usage.contains(attachment) {
        return Some(format!(
            "a {samples}-sample texture of format {}, which this device cannot render to",
            texture.format().name()
        ));
    }
    let flag = crate::bringup::sample_counts::flag_of(samples)?;
    let usage = crate::gpu_memory::host_image::multisample_usage(device, usage, flag, aspect);
    // SAFETY: a plain query on the device's physical device.
    let properties = unsafe {
        device
            .instance
            .raw
            .get_physical_device_image_format_properties(
                device.physical,
                mapping.vk,
                vk::ImageType::TYPE_2D,
                vk::ImageTiling::OPTIMAL,
                usage,
                vk::ImageCreateFlags::MUTABLE_FORMAT,
            )
    };
    match properties {
        Ok(properties) if properties.sample_counts.contains(flag) => None,
        Ok(properties) => Some(format!(
            "a {samples}-sample texture of format {}: its images have {} samples on this \
             device (sampleCounts of vkGetPhysicalDeviceImageFormatProperties)",
            texture.format().name(),
            crate::bringup::sample_counts::describe(properties.sample_counts)
        )),
        Err(result) => Some(format!(
            "a {samples}-sample texture of format {}: {result}",
            texture.format().name()
        )),
    }
}

/// What a texture's host image is made of.
pub fn image_desc(texture: &Texture, mapping: FormatMapping) -> VkResult<HostImageDesc> {
    let desc = &texture.desc;
    let samples = crate::bringup::sample_counts::flag_of(desc.samples)
        .ok_or_else(|| VkError::Unsupported(format!("{}: {} samples", texture.id, desc.samples)))?;
    let image_type = match desc.kind {
        TextureKind::D1 | TextureKind::D1Array => vk::ImageType::TYPE_1D,
        TextureKind::D3 => vk::ImageType::TYPE_3D,
        TextureKind::Buffer => {
            return Err(VkError::Unsupported(format!(
                "{}: buffer textures",
                texture.id
            )))
        }
        _ => vk::ImageType::TYPE_2D,
    };
    let (height_px, depth_px) = match desc.kind {
        TextureKind::D1 | TextureKind::D1Array => (1, 1),
        TextureKind::D3 => (desc.height_px, desc.depth_px),
        _ => (desc.height_px, 1),
    };
    Ok(HostImageDesc {
        format: mapping.vk,
        aspect: aspect_flags(texture.format()),
        image_type,
        width_px: desc.width_px,
        height_px,
        depth_px,
        levels: desc.levels,
        layers: texture.layout.layer_count,
        samples,
        cube_compatible: matches!(desc.kind, TextureKind::Cube | TextureKind::CubeArray),
    })
}

impl ImageTable {
    pub fn new(
        device: &Arc<Device>,
        cache: ImageCache,
        force_format_fallbacks: bool,
    ) -> ImageTable {
        ImageTable {
            cache,
            images: IdMap::default(),
            bound: IdMap::default(),
            handles: IdMap::default(),
            fills: Vec::new(),
            storable: Default::default(),
            retired: RetireList::default(),
            retired_views: Vec::new(),
            force_format_fallbacks,
            device: device.clone(),
            free: FreeList::default(),
            completed: 0,
            frame: 0,
        }
    }

    /// Makes the host image the cache named `image` for `texture` (unfilled).
    pub(in crate::executor) fn make(
        &mut self,
        image: HostImageId,
        texture: &Texture,
    ) -> VkResult<()> {
        let mapping = format_mapping(&self.device, texture.format(), self.force_format_fallbacks)?;
        let desc = image_desc(texture, mapping)?;
        if let Some(mut reused) = self.free.take(&desc, self.completed) {
            // Its last use is complete: its views can go now. Its texels are garbage for
            // this texture, which starts as a new image does (layout from undefined, then
            // the cache's fill from storage or a write over all of it).
            reused.views.clear();
            reused.sampled.clear();
            reused.storage.clear();
            reused.resolve_view = None;
            reused.texture = texture.clone();
            reused.mapping = mapping;
            reused.synced_at = None;
            reused.needs_layout = true;
            tracing::debug!(target: "gpu_vk::executor", texture = %texture.id, %image,
                "host image taken from the free list");
            self.images.insert(image, reused);
            return Ok(());
        }
        let host = HostImage::new(
            &self.device,
            desc,
            crate::executor::stats::IMAGE_ALLOCATION_NAME,
        )?;
        tracing::debug!(target: "gpu_vk::executor", texture = %texture.id, %image,
            format = texture.format().name(), "host image made");
        self.images.insert(
            image,
            TrackedImage {
                views: IdMap::default(),
                sampled: IdMap::default(),
                storage: IdMap::default(),
                resolve_view: None,
                image: host,
                texture: texture.clone(),
                mapping,
                synced_at: None,
                needs_layout: true,
                last_use: 0,
            },
        );
        Ok(())
    }

    /// The image `texture` was resolved to in this submission, else the one the cache
    /// holds for its storage.
    fn image_of(&self, texture: TextureId) -> Option<HostImageId> {
        self.bound
            .get(&texture)
            .copied()
            .or_else(|| self.cache.texture_image(texture))
    }

    pub fn get(&self, texture: TextureId) -> VkResult<&TrackedImage> {
        self.image_of(texture)
            .and_then(|image| self.images.get(&image))
            .ok_or_else(|| VkError::UnknownObject(texture.into()))
    }

    pub fn get_mut(&mut self, texture: TextureId) -> VkResult<&mut TrackedImage> {
        self.image_of(texture)
            .and_then(|image| self.images.get_mut(&image))
            .ok_or_else(|| VkError::UnknownObject(texture.into()))
    }

    /// The view's attachment view (made on first use) over its texture's image.
    pub fn attachment(&mut self, view: &TextureView) -> VkResult<&HostView> {
        let device = self.device.clone();
        let tracked = self.get_mut(view.texture)?;
        if !tracked.views.contains_key(&view.id) {
            let made = make_attachment(&device, tracked, view)?;
            tracked.views.insert(view.id, made);
        }
        Ok(&tracked.views[&view.id])
    }

    /// The view's sampled view (made on first use) over its texture's image.
    pub fn sampled(&mut self, view: &TextureView) -> VkResult<vk::ImageView> {
        let device = self.device.clone();
        let tracked = self.get_mut(view.texture)?;
        if !tracked.sampled.contains_key(&view.id) {
            let made = make_sampled(&device, tracked, view)?;
            tracked.sampled.insert(view.id, made);
        }
        Ok(tracked.sampled[&view.id].raw)
    }

    /// The view's storage (load/store) view, made on first use: its first level.
    pub fn storage(&mut self, view: &TextureView) -> VkResult<vk::ImageView> {
        let device = self.device.clone();
        let tracked = self.get_mut(view.texture)?;
        if !tracked.storage.contains_key(&view.id) {
            let made = make_storage(&device, tracked, view)?;
            tracked.storage.insert(view.id, made);
        }
        Ok(tracked.storage[&view.id].raw)
    }

    /// The attachment view of level 0, layer 0 and every aspect of `texture`'s image
    /// (made on first use), for depth resolves.
    pub fn resolve_view(&mut self, texture: TextureId) -> VkResult<vk::ImageView> {
        let device = self.device.clone();
        let tracked = self.get_mut(texture)?;
        if tracked.resolve_view.is_none() {
            let desc = &tracked.image.desc;
            let info = vk::ImageViewCreateInfo::default()
                .image(tracked.image.raw)
                .view_type(vk::ImageViewType::TYPE_2D)
                .format(tracked.mapping.vk)
                .subresource_range(vk::ImageSubresourceRange {
                    aspect_mask: desc.aspect,
                    base_mip_level: 0,
                    level_count: 1,
                    base_array_layer: 0,
                    layer_count: 1,
                });
            // SAFETY: the image is live; level 0, layer 0 lie inside it, in its format.
            let raw = unsafe { device.raw.create_image_view(&info, None) }
                .map_err(map_vk("creating a resolve view"))?;
            tracked.resolve_view = Some(HostView {
                raw,
                format: tracked.mapping.vk,
                aspect: desc.aspect,
                extent_px: [desc.width_px, desc.height_px],
                layers: 1,
                samples: desc.samples,
                device: device.clone(),
            });
        }
        Ok(tracked
            .resolve_view
            .as_ref()
            .map_or(vk::ImageView::null(), |view| view.raw))
    }

    /// The resolve view `resolve_view` made for `texture`, if it has.
    pub fn made_resolve_view(&self, texture: TextureId) -> Option<vk::ImageView> {
        self.get(texture)
            .ok()?
            .resolve_view
            .as_ref()
            .map(|view| view.raw)
    }

    /// Ends a view: its views over whichever image holds them are released after that
    /// image's last use.
    pub fn finalize_view(&mut self, view: &TextureView) {
        for tracked in self.images.values_mut() {
            for host_view in [
                tracked.views.remove(&view.id),
                tracked.sampled.remove(&view.id),
                tracked.storage.remove(&view.id),
            ]
            .into_iter()
            .flatten()
            {
                self.retired_views.push((tracked.last_use, host_view));
            }
        }
    }

    /// Takes an image out of the table; it is destroyed after its last use.
    pub(in crate::executor) fn retire_image(&mut self, image: HostImageId) {
        if let Some(tracked) = self.images.remove(&image) {
            self.bound.retain(|_, bound| *bound != image);
            self.retired.park(tracked.last_use, tracked);
        }
    }

    /// Takes a reclaimed image out of the table onto the free list.
    pub(in crate::executor) fn free_image(&mut self, image: HostImageId) {
        if let Some(tracked) = self.images.remove(&image) {
            self.bound.retain(|_, bound| *bound != image);
            self.free.park(tracked.image.desc, tracked, self.frame);
        }
    }

    /// A new frame: free-list images idle for `IDLE_FRAMES` are released after their
    /// last use.
    pub(in crate::executor) fn expire_free(&mut self, frame: u64) {
        self.frame = frame;
        for tracked in self.free.expire(frame) {
            self.retired.park(tracked.last_use, tracked);
        }
    }

    pub fn retire(&mut self, completed: u64) {
        self.completed = completed;
        self.retired.release(completed);
        self.retired_views
            .retain(|(last_use, _)| *last_use > completed);
    }
}

fn make_attachment(
    device: &Arc<Device>,
    tracked: &TrackedImage,
    view: &TextureView,
) -> VkResult<HostView> {
    let texture = &tracked.texture;
    if texture.desc.kind == TextureKind::D3 {
        return Err(VkError::Unsupported(format!(
            "{}: rendering to a 3D texture",
            view.id
        )));
    }
    // A view of a converted texture takes its format's fallback too: those are its texels.
    let converted = tracked.mapping.conversion != Conversion::Direct;
    let mapping = format_mapping(device, view.format, converted)?;
    let alike = !converted || converted_alike(view.format, tracked.texture.format());
    if mapping.conversion != tracked.mapping.conversion || !alike {
        return Err(VkError::Unsupported(format!(
            "{}: a view format converted differently from its texture's",
            view.id
        )));
    }
    if tracked.mapping.conversion == Conversion::Rgb32AsRgba32 {
        return Err(VkError::Unsupported(format!(
            "{}: rendering to format {} stored as RGBA32 (the device cannot use its 96-bit \
             format)",
            view.id,
            view.format.name()
        )));
    }
    if !renders_as_stored(view.format, mapping.vk) {
        return Err(VkError::Unsupported(format!(
            "{}: rendering to format {} (its Vulkan format reads right only through a view \
             swizzle; the device lacks VK_KHR_maintenance5's A1B5G5R5_UNORM_PACK16)",
            view.id,
            view.format.name()
        )));
    }
    let level = view.levels.start;
    let layers = view.layers.end - view.layers.start;
    let aspect = tracked.image.desc.aspect;
    let view_type = if layers > 1 {
        vk::ImageViewType::TYPE_2D_ARRAY
    } else if texture.desc.kind.is_one_dimensional() {
        vk::ImageViewType::TYPE_1D
    } else {
        vk::ImageViewType::TYPE_2D
    };
    let info = vk::ImageViewCreateInfo::default()
        .image(tracked.image.raw)
        .view_type(view_type)
        .format(mapping.vk)
        .subresource_range(vk::ImageSubresourceRange {
            aspect_mask: aspect,
            base_mip_level: level,
            level_count: 1,
            base_array_layer: view.layers.start,
            layer_count: layers,
        });
    // SAFETY: the image is live and the range lies inside it (views are checked against
    // their texture when made); the format has the image's element size.
    let raw = unsafe { device.raw.create_image_view(&info, None) }
        .map_err(map_vk("creating an attachment view"))?;
    let shrink = |px: u32| (px >> level).max(1);
    Ok(HostView {
        raw,
        format: mapping.vk,
        aspect,
        extent_px: [
            shrink(tracked.image.desc.width_px),
            shrink(tracked.image.desc.height_px),
        ],
        layers,
        samples: tracked.image.desc.samples,
        device: device.clone(),
    })
}

fn component(swizzle: Swizzle) -> vk::ComponentSwizzle {
    match swizzle {
        Swizzle::Zero => vk::ComponentSwizzle::ZERO,
        Swizzle::One => vk::ComponentSwizzle::ONE,
        Swizzle::R => vk::ComponentSwizzle::R,
        Swizzle::G => vk::ComponentSwizzle::G,
        Swizzle::B => vk::ComponentSwizzle::B,
        Swizzle::A => vk::ComponentSwizzle::A,
    }
}

/// `components` (the view's swizzle) read through the format's own components
/// (`conv::format_components`): an X format's alpha reads one, RGB5A1's R and B swap.
fn format_swizzled(
    format: Format,
    vk_format: vk::Format,
    components: vk::ComponentMapping,
) -> vk::ComponentMapping {
    let Some(own) = format_components(format, vk_format) else {
        return components;
    };
    // `own_index` is the channel an identity swizzle names.
    let through = |swizzle: vk::ComponentSwizzle, own_index: usize| match swizzle {
        vk::ComponentSwizzle::IDENTITY => own[own_index],
        vk::ComponentSwizzle::R => own[0],
        vk::ComponentSwizzle::G => own[1],
        vk::ComponentSwizzle::B => own[2],
        vk::ComponentSwizzle::A => own[3],
        constant => constant,
    };
    vk::ComponentMapping {
        r: through(components.r, 0),
        g: through(components.g, 1),
        b: through(components.b, 2),
        a: through(components.a, 3),
    }
}

fn make_sampled(
    device: &Arc<Device>,
    tracked: &TrackedImage,
    view: &TextureView,
) -> VkResult<HostView> {
    make_shader_view(device, tracked, view, ShaderUse::Sampled)
}

fn make_storage(
    device: &Arc<Device>,
    tracked: &TrackedImage,
    view: &TextureView,
) -> VkResult<HostView> {
    make_shader_view(device, tracked, view, ShaderUse::Storage)
}

/// How a shader reads a view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ShaderUse {
    Sampled,
    /// Load/store: one level, no swizzle.
    Storage,
}

fn make_shader_view(
    device: &Arc<Device>,
    tracked: &TrackedImage,
    view: &TextureView,
    shader_use: ShaderUse,
) -> VkResult<HostView> {
    let layers = view.layers.end - view.layers.start;
    let view_type = match view.kind {
        TextureKind::D1 if layers == 1 => vk::ImageViewType::TYPE_1D,
        TextureKind::D2 | TextureKind::Rectangle if layers == 1 => vk::ImageViewType::TYPE_2D,
        TextureKind::D3 => vk::ImageViewType::TYPE_3D,
        TextureKind::D1 | TextureKind::D1Array => vk::ImageViewType::TYPE_1D_ARRAY,
        TextureKind::D2 | TextureKind::Rectangle | TextureKind::D2Array => {
            vk::ImageViewType::TYPE_2D_ARRAY
        }
        TextureKind::Cube => vk::ImageViewType::CUBE,
        TextureKind::CubeArray => vk::ImageViewType::CUBE_ARRAY,
        // `sampler2DMS` and its integer forms: one layer (multisample arrays are not made).
        TextureKind::D2Multisample if layers == 1 && shader_use == ShaderUse::Sampled => {
            vk::ImageViewType::TYPE_2D
        }
        TextureKind::D2Multisample | TextureKind::Buffer => {
            return Err(VkError::Unsupported(format!(
                "{}: a shader reading a {} view",
                view.id, view.kind
            )))
        }
    };
    // A view of a converted texture takes its format's fallback too: those are its texels.
    let converted = tracked.mapping.conversion != Conversion::Direct;
    let mapping = format_mapping(device, view.format, converted)?;
    let alike = !converted || converted_alike(view.format, tracked.texture.format());
    if mapping.conversion != tracked.mapping.conversion || !alike {
        return Err(VkError::Unsupported(format!(
            "{}: a view format converted differently from its texture's",
            view.id
        )));
    }
    let (usage, what) = match shader_use {
        ShaderUse::Sampled => (vk::ImageUsageFlags::SAMPLED, "sampled"),
        ShaderUse::Storage => (vk::ImageUsageFlags::STORAGE, "loaded and stored"),
    };
    if !tracked.image.usage.contains(usage) {
        return Err(VkError::Unsupported(format!(
            "{}: format {} cannot be {what} on this device",
            view.id,
            view.format.name()
        )));
    }
    let (components, level_count) = match shader_use {
        ShaderUse::Sampled => (
            format_swizzled(
                view.format,
                mapping.vk,
                vk::ComponentMapping {
                    r: component(view.swizzle[0]),
                    g: component(view.swizzle[1]),
                    b: component(view.swizzle[2]),
                    a: component(view.swizzle[3]),
                },
            ),
            view.levels.end - view.levels.start,
        ),
        ShaderUse::Storage => (vk::ComponentMapping::default(), 1),
    };
    // Without imageViewFormatSwizzle the view is the identity: draws and dispatches
    // apply the swizzle in their shaders instead (`prepare::patches`).
    let components = match device.caps.portability.image_view_format_swizzle {
        true => components,
        false => vk::ComponentMapping::default(),
    };
    // A depth/stencil texture samples its depth (NVN's default) or, in stencil mode, its
    // stencil (as unsigned integers); stencil-only its stencil.
    let image_aspect = tracked.image.desc.aspect;
    let stencil_mode = view.depth_stencil_mode == DepthStencilMode::Stencil;
    let aspect = if stencil_mode && image_aspect.contains(vk::ImageAspectFlags::STENCIL) {
        vk::ImageAspectFlags::STENCIL
    } else if image_aspect.contains(vk::ImageAspectFlags::DEPTH) {
        vk::ImageAspectFlags::DEPTH
    } else {
        image_aspect
    };
    let info = vk::ImageViewCreateInfo::default()
        .image(tracked.image.raw)
        .view_type(view_type)
        .format(mapping.vk)
        .components(components)
        .subresource_range(vk::ImageSubresourceRange {
            aspect_mask: aspect,
            base_mip_level: view.levels.start,
            level_count,
            base_array_layer: view.layers.start,
            layer_count: layers,
        });
    // SAFETY: the image is live with the usage checked above and the range lies inside
    // it (views are checked against their texture when made).
    let raw = unsafe { device.raw.create_image_view(&info, None) }
        .map_err(map_vk("creating a shader view"))?;
    Ok(HostView {
        raw,
        format: mapping.vk,
        aspect,
        extent_px: [tracked.image.desc.width_px, tracked.image.desc.height_px],
        layers,
        samples: tracked.image.desc.samples,
        device: device.clone(),
    })
}
