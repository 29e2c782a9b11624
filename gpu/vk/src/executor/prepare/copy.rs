//! Copies between pool buffers and host images, in every direction: the NVN copy turned
//! into the Vulkan command and its region, checked before anything is recorded.

use ash::vk;
use gpu::command::fill::check_fill;
use gpu::command::resolve::check_resolve;
use gpu::command::validate::buffer_image_span_b;
use gpu::command::ResolveMode;
use gpu::command::{BufferImage, CopyOp, TextureRegion, UniformUpdate};
use gpu::objects::{ObjectTables, Texture};
use gpu::{BufferId, PoolId};
use memory::{Format, TextureKind};

use crate::conv::{converted_alike, Conversion};
use crate::error::{VkError, VkResult};
use crate::executor::prepared::copy::{PoolWrite, PreparedCopy, PreparedUpdate};
use crate::executor::resources::pools::PoolTable;
use crate::executor::resources::textures::ImageTable;

/// Texels in a buffer as Vulkan counts them (`bufferRowLength`, `bufferImageHeight`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BufferTexels {
    pub row_length_px: u32,
    pub image_height_px: u32,
}

/// How rows of `width_px` x `height_px` texels of `format` lie in a buffer whose rows are
/// `row_pitch_b` apart (0: tight) and images `rows_per_image` element rows apart (0: tight),
/// in Vulkan's texel counts. A pitch that splits an element has no Vulkan form.
pub fn buffer_texels(
    format: Format,
    [width_px, height_px]: [u32; 2],
    row_pitch_b: u32,
    rows_per_image: u32,
) -> Result<BufferTexels, String> {
    let bytes_per_element = u64::from(format.bytes_per_element());
    let (width_el, height_el) = format.extent_el(width_px, height_px);
    let row_b = u64::from(width_el) * bytes_per_element;
    let pitch_b = match u64::from(row_pitch_b) {
        0 => row_b,
        pitch_b if pitch_b >= row_b && pitch_b % bytes_per_element == 0 => pitch_b,
        pitch_b => {
            return Err(format!(
                "a row pitch of {pitch_b} bytes for rows of {row_b} bytes of {}-byte elements",
                bytes_per_element
            ))
        }
    };
    let rows = match rows_per_image {
        0 => height_el,
        rows if rows >= height_el => rows,
        rows => return Err(format!("{rows} rows per image for {height_el} rows")),
    };
    Ok(BufferTexels {
        row_length_px: (pitch_b / bytes_per_element) as u32 * format.block_width_px(),
        image_height_px: rows * format.block_height_px(),
    })
}

/// The subresource, offset and extent of a texture region.
pub fn image_region(
    texture: &Texture,
    region: &TextureRegion,
    aspect: vk::ImageAspectFlags,
) -> (vk::ImageSubresourceLayers, vk::Offset3D, vk::Extent3D) {
    let is_3d = texture.desc.kind == TextureKind::D3;
    let (base_array_layer, layer_count, z, depth) = if is_3d {
        (0, 1, region.z, region.depth)
    } else {
        (region.z, region.depth, 0, 1)
    };
    (
        vk::ImageSubresourceLayers {
            aspect_mask: aspect,
            mip_level: region.level,
            base_array_layer,
            layer_count,
        },
        vk::Offset3D {
            x: region.x_px as i32,
            y: region.y_px as i32,
            z: z as i32,
        },
        vk::Extent3D {
            width: region.width_px,
            height: region.height_px,
            depth,
        },
    )
}

struct Side<'a> {
    tables: &'a ObjectTables,
    pools: &'a PoolTable,
    images: &'a ImageTable,
}

impl Side<'_> {
    /// The pool buffer and absolute offset of a buffer range.
    fn buffer(&self, buffer: BufferId, offset_b: u64) -> VkResult<(PoolId, vk::Buffer, u64)> {
        let object = self
            .tables
            .buffers
            .get(buffer)
            .ok_or_else(|| VkError::UnknownObject(buffer.into()))?;
        let pool = self.pools.get(object.pool)?;
        Ok((object.pool, pool.buffer.raw, object.offset_b + offset_b))
    }

    /// The texture, its image and the aspect a copy of it uses.
    fn texture(
        &self,
        region: &TextureRegion,
    ) -> VkResult<(&Texture, vk::Image, vk::ImageAspectFlags)> {
        let tracked = self.images.get(region.texture)?;
        let aspect = tracked.image.desc.aspect;
        if aspect == vk::ImageAspectFlags::DEPTH | vk::ImageAspectFlags::STENCIL {
            return Err(VkError::Unsupported(format!(
                "{}: copies of a combined depth/stencil texture",
                region.texture
            )));
        }
        Ok((&tracked.texture, tracked.image.raw, aspect))
    }

    /// A resolve of level 0, layer 0 (checked when recorded: a multisample source, a
    /// single-sample destination of its format and size).
    fn resolve(
        &self,
        source: gpu::TextureId,
        destination: gpu::TextureId,
        mode: ResolveMode,
    ) -> VkResult<(PreparedCopy, Option<PoolWrite>)> {
        if let Some(error) = check_resolve(source, destination, mode, self.tables).err() {
            return Err(VkError::Unsupported(error.to_string()));
        }
        let from = self.images.get(source)?;
        let to = self.images.get(destination)?;
        let attachment = match mode {
            ResolveMode::Average => vk::ImageUsageFlags::COLOR_ATTACHMENT,
            ResolveMode::SampleZero => vk::ImageUsageFlags::DEPTH_STENCIL_ATTACHMENT,
        };
        if !to.image.usage.contains(attachment) {
            return Err(VkError::Unsupported(format!(
                "{destination}: a resolve into format {}, which this device cannot render to",
                to.texture.format().name()
            )));
        }
        match mode {
            ResolveMode::Average => {
                let layers = vk::ImageSubresourceLayers {
                    aspect_mask: vk::ImageAspectFlags::COLOR,
                    mip_level: 0,
                    base_array_layer: 0,
                    layer_count: 1,
                };
                let region = vk::ImageResolve {
                    src_subresource: layers,
                    src_offset: vk::Offset3D::default(),
                    dst_subresource: layers,
                    dst_offset: vk::Offset3D::default(),
                    extent: vk::Extent3D {
                        width: from.image.desc.width_px,
                        height: from.image.desc.height_px,
                        depth: 1,
                    },
                };
                Ok((
                    PreparedCopy::Resolve {
                        source: from.image.raw,
                        destination: to.image.raw,
                        region,
                    },
                    None,
                ))
            }
            ResolveMode::SampleZero => {
                let view = |texture| {
                    self.images.made_resolve_view(texture).ok_or_else(|| {
                        VkError::Unsupported(format!("{texture}: no resolve view was made"))
                    })
                };
                Ok((
                    PreparedCopy::DepthResolve {
                        source: view(source)?,
                        destination: view(destination)?,
                        aspect: from.image.desc.aspect,
                        extent: vk::Extent2D {
                            width: from.image.desc.width_px,
                            height: from.image.desc.height_px,
                        },
                    },
                    None,
                ))
            }
        }
    }

    fn direct(&self, region: &TextureRegion) -> VkResult<()> {
        let tracked = self.images.get(region.texture)?;
        if tracked.mapping.conversion != Conversion::Direct {
            return Err(VkError::Unsupported(format!(
                "{}: buffer copies of a texture stored converted ({:?})",
                region.texture, tracked.mapping.conversion
            )));
        }
        Ok(())
    }

    /// Images copy the texels they store: a converted texture's are another texture's
    /// only where that one has its format (or its sRGB twin), converted alike.
    fn same_form(&self, source: &TextureRegion, destination: &TextureRegion) -> VkResult<()> {
        let from = self.images.get(source.texture)?;
        let to = self.images.get(destination.texture)?;
        let converted = from.mapping.conversion != Conversion::Direct
            || to.mapping.conversion != Conversion::Direct;
        let alike = from.mapping.conversion == to.mapping.conversion
            && converted_alike(from.texture.format(), to.texture.format());
        if converted && !alike {
            return Err(VkError::Unsupported(format!(
                "a copy from {} ({}, {:?}) to {} ({}, {:?}): a texture stored converted copies \
                 only to its own format converted alike",
                source.texture,
                from.texture.format().name(),
                from.mapping.conversion,
                destination.texture,
                to.texture.format().name(),
                to.mapping.conversion
            )));
        }
        Ok(())
    }

    fn buffer_image(
        &self,
        buffer: &BufferImage,
        region: &TextureRegion,
    ) -> VkResult<(PoolId, vk::Buffer, vk::Image, vk::BufferImageCopy, u64)> {
        self.direct(region)?;
        let (texture, image, aspect) = self.texture(region)?;
        let (pool, raw_buffer, offset_b) = self.buffer(buffer.buffer, buffer.offset_b)?;
        let format = texture.format();
        let mut alignment_b = u64::from(format.bytes_per_element());
        if format.is_depth_or_stencil() {
            alignment_b = alignment_b.max(4);
        }
        if offset_b % alignment_b != 0 {
            return Err(VkError::Unsupported(format!(
                "a buffer offset {offset_b:#x} not aligned to {alignment_b} bytes for {}",
                format.name()
            )));
        }
        let texels = buffer_texels(
            format,
            [region.width_px, region.height_px],
            buffer.row_pitch_b,
            buffer.rows_per_image,
        )
        .map_err(VkError::Unsupported)?;
        let span_b = buffer_image_span_b(buffer, region, texture)
            .map_err(|error| VkError::Unsupported(error.to_string()))?;
        let (subresource, offset, extent) = image_region(texture, region, aspect);
        let copy = vk::BufferImageCopy::default()
            .buffer_offset(offset_b)
            .buffer_row_length(texels.row_length_px)
            .buffer_image_height(texels.image_height_px)
            .image_subresource(subresource)
            .image_offset(offset)
            .image_extent(extent);
        Ok((pool, raw_buffer, image, copy, span_b))
    }
}

/// The pool buffer bytes an inline uniform update writes (the update was checked when
/// recorded: a uniform buffer, in range, 4-byte aligned).
pub fn prepare_update(
    update: &UniformUpdate,
    tables: &ObjectTables,
    pools: &PoolTable,
    images: &ImageTable,
) -> VkResult<PreparedUpdate> {
    let len_b = update.bytes.len() as u64;
    prepare_buffer_write(update.buffer, update.offset_b, len_b, tables, pools, images)
}

/// The pool buffer bytes a buffer fill writes (checked when recorded, and here for
/// decoded lists: in range, offset and size multiples of 4).
pub fn prepare_fill(
    buffer: BufferId,
    offset_b: u64,
    size_b: u64,
    tables: &ObjectTables,
    pools: &PoolTable,
    images: &ImageTable,
) -> VkResult<PreparedUpdate> {
    if let Some(object) = tables.buffers.get(buffer) {
        check_fill(object, offset_b, size_b)
            .map_err(|error| VkError::Unsupported(error.to_string()))?;
    }
    prepare_buffer_write(buffer, offset_b, size_b, tables, pools, images)
}

/// `size_b` bytes of `buffer` from `offset_b`, as the pool buffer and the pool bytes a
/// GPU write to them covers.
fn prepare_buffer_write(
    buffer: BufferId,
    offset_b: u64,
    size_b: u64,
    tables: &ObjectTables,
    pools: &PoolTable,
    images: &ImageTable,
) -> VkResult<PreparedUpdate> {
    let side = Side {
        tables,
        pools,
        images,
    };
    let (pool, destination, pool_offset_b) = side.buffer(buffer, offset_b)?;
    Ok(PreparedUpdate {
        destination,
        offset_b: pool_offset_b,
        write: (pool, pool_offset_b, size_b),
    })
}

/// Turns `copy` into its Vulkan form and the pool bytes it writes, if any. Every texture
/// it names must have its image already (`ImageTable::ensure`).
pub fn prepare_copy(
    copy: &CopyOp,
    tables: &ObjectTables,
    pools: &PoolTable,
    images: &ImageTable,
) -> VkResult<(PreparedCopy, Option<PoolWrite>)> {
    let side = Side {
        tables,
        pools,
        images,
    };
    match *copy {
        CopyOp::BufferToBuffer {
            source,
            source_offset_b,
            destination,
            destination_offset_b,
            size_b,
        } => {
            let (_, source, src_offset_b) = side.buffer(source, source_offset_b)?;
            let (pool, destination, dst_offset_b) =
                side.buffer(destination, destination_offset_b)?;
            let overlap =
                src_offset_b < dst_offset_b + size_b && dst_offset_b < src_offset_b + size_b;
            if source == destination && overlap {
                return Err(VkError::Unsupported(
                    "a buffer copy whose source and destination overlap".into(),
                ));
            }
            let region = vk::BufferCopy {
                src_offset: src_offset_b,
                dst_offset: dst_offset_b,
                size: size_b,
            };
            Ok((
                PreparedCopy::Buffers {
                    source,
                    destination,
                    region,
                },
                Some((pool, dst_offset_b, size_b)),
            ))
        }
        CopyOp::BufferToTexture {
            source,
            destination,
        } => {
            let (_, buffer, image, region, _) = side.buffer_image(&source, &destination)?;
            Ok((
                PreparedCopy::BufferToImage {
                    source: buffer,
                    destination: image,
                    region,
                },
                None,
            ))
        }
        CopyOp::TextureToBuffer {
            source,
            destination,
        } => {
            let (pool, buffer, image, region, span_b) = side.buffer_image(&destination, &source)?;
            Ok((
                PreparedCopy::ImageToBuffer {
                    source: image,
                    destination: buffer,
                    region,
                },
                Some((pool, region.buffer_offset, span_b)),
            ))
        }
        CopyOp::TextureToTexture {
            source,
            destination,
            linear_filter,
        } => {
            side.same_form(&source, &destination)?;
            let (source_texture, source_image, source_aspect) = side.texture(&source)?;
            let (destination_texture, destination_image, destination_aspect) =
                side.texture(&destination)?;
            let (src_subresource, src_offset, src_extent) =
                image_region(source_texture, &source, source_aspect);
            let (dst_subresource, dst_offset, dst_extent) =
                image_region(destination_texture, &destination, destination_aspect);
            if src_extent == dst_extent
                && src_subresource.layer_count == dst_subresource.layer_count
            {
                let region = vk::ImageCopy {
                    src_subresource,
                    src_offset,
                    dst_subresource,
                    dst_offset,
                    extent: src_extent,
                };
                return Ok((
                    PreparedCopy::Images {
                        source: source_image,
                        destination: destination_image,
                        region,
                    },
                    None,
                ));
            }
            if source_texture.format().is_compressed()
                || destination_texture.format().is_compressed()
            {
                return Err(VkError::Unsupported(
                    "a scaling copy of a compressed texture".into(),
                ));
            }
            let end = |offset: vk::Offset3D, extent: vk::Extent3D| vk::Offset3D {
                x: offset.x + extent.width as i32,
                y: offset.y + extent.height as i32,
                z: offset.z + extent.depth as i32,
            };
            let region = vk::ImageBlit {
                src_subresource,
                src_offsets: [src_offset, end(src_offset, src_extent)],
                dst_subresource,
                dst_offsets: [dst_offset, end(dst_offset, dst_extent)],
            };
            let filter = if linear_filter {
                vk::Filter::LINEAR
            } else {
                vk::Filter::NEAREST
            };
            Ok((
                PreparedCopy::Blit {
                    source: source_image,
                    destination: destination_image,
                    region,
                    filter,
                },
                None,
            ))
        }
        CopyOp::Resolve {
            source,
            destination,
            mode,
        } => side.resolve(source, destination, mode),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn format(name: &str) -> Format {
        Format::from_name(name).unwrap()
    }

    #[test]
    fn tight_rows_count_the_region_itself() {
        let texels = buffer_texels(format("rgba8"), [5, 3], 0, 0).unwrap();
        assert_eq!(texels.row_length_px, 5);
        assert_eq!(texels.image_height_px, 3);
    }

    #[test]
    fn pitched_rows_and_images_count_in_texels() {
        let texels = buffer_texels(format("rg8"), [3, 2], 16, 4).unwrap();
        assert_eq!(texels.row_length_px, 8);
        assert_eq!(texels.image_height_px, 4);
    }

    #[test]
    fn compressed_rows_count_whole_blocks() {
        let texels = buffer_texels(format("bc1"), [10, 6], 32, 0).unwrap();
        assert_eq!(texels.row_length_px, 16);
        assert_eq!(texels.image_height_px, 8);
    }

    #[test]
    fn pitches_that_split_elements_or_rows_are_refused() {
        assert!(buffer_texels(format("rgba8"), [4, 1], 18, 0).is_err());
        assert!(buffer_texels(format("rgba8"), [4, 1], 8, 0).is_err());
        assert!(buffer_texels(format("rgba8"), [4, 4], 0, 2).is_err());
    }
}
