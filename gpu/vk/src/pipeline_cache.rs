//! The on-disk `VkPipelineCache` (`RX_VK_PIPELINE_CACHE`): loaded when the executor
//! starts, handed to every pipeline it makes, saved when it ends. A file another device
//! or driver wrote, or a damaged one, is logged and ignored: the driver is never given
//! bytes whose header does not name this device, nor a body whose checksum fails.
//!
//! ```text
//! 0..n       the driver's cache data (its header first, as Vulkan lays it out)
//! n..n+32    SHA-256 of the driver's data
//! n+32..n+40 magic "HKSHPC01"
//! ```

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use ash::vk;
use gpu::switches::PipelineCacheChoice;

use crate::bringup::device::Device;
use crate::error::{map_vk, VkResult};

const TARGET: &str = "gpu_vk::pipeline_cache";

/// `VkPipelineCacheHeaderVersionOne`: size, version, vendor, device, UUID.
pub const HEADER_B: usize = 32;
/// The trailer after the driver's data: its SHA-256, then this magic number.
const TRAILER_MAGIC: &[u8; 8] = b"HKSHPC01";
pub const TRAILER_B: usize = 32 + TRAILER_MAGIC.len();
/// The largest cache file read (and written): a game's pipelines take a few MiB; a larger
/// file is read no further and ignored.
pub const MAX_PIPELINE_CACHE_B: u64 = 128 << 20;

/// What a cache file must name to be given to this device's driver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CacheIdentity {
    pub vendor_id: u32,
    pub device_id: u32,
    pub uuid: [u8; vk::UUID_SIZE],
}

/// Why a cache file was ignored.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HeaderMismatch {
    #[error("{0} bytes, shorter than a header")]
    Short(usize),
    #[error("a header of {header_b} bytes in a file of {file_b}")]
    HeaderSize { header_b: u32, file_b: usize },
    #[error("header version {0}, not 1")]
    Version(u32),
    #[error("written for vendor {vendor_id:#06x} device {device_id:#06x}")]
    OtherDevice { vendor_id: u32, device_id: u32 },
    #[error("written by another driver build (pipelineCacheUUID differs)")]
    OtherDriver,
    #[error("no Hookshot trailer (not written by Hookshot, or cut short)")]
    NoTrailer,
    #[error("the body's checksum does not match (the file is damaged)")]
    ChecksumMismatch,
}

/// `data` with its trailer: what a cache file holds.
pub fn seal(data: &[u8]) -> Vec<u8> {
    use sha2::Digest;
    let mut file = Vec::with_capacity(data.len() + TRAILER_B);
    file.extend_from_slice(data);
    file.extend_from_slice(&sha2::Sha256::digest(data));
    file.extend_from_slice(TRAILER_MAGIC);
    file
}

/// The driver's data in a cache file, when its trailer is there and its checksum holds.
pub fn unseal(file: &[u8]) -> Result<&[u8], HeaderMismatch> {
    use sha2::Digest;
    let Some(data_b) = file.len().checked_sub(TRAILER_B) else {
        return Err(HeaderMismatch::NoTrailer);
    };
    let (data, trailer) = file.split_at(data_b);
    if &trailer[32..] != TRAILER_MAGIC {
        return Err(HeaderMismatch::NoTrailer);
    }
    if sha2::Sha256::digest(data).as_slice() != &trailer[..32] {
        return Err(HeaderMismatch::ChecksumMismatch);
    }
    Ok(data)
}

fn u32_at(data: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(data[at..at + 4].try_into().expect("4 bytes"))
}

/// Checks a cache file's header against this device (the spec's layout, little-endian
/// on every host Hookshot runs on).
pub fn check_header(data: &[u8], identity: &CacheIdentity) -> Result<(), HeaderMismatch> {
    if data.len() < HEADER_B {
        return Err(HeaderMismatch::Short(data.len()));
    }
    let header_b = u32_at(data, 0);
    if (header_b as usize) < HEADER_B || header_b as usize > data.len() {
        return Err(HeaderMismatch::HeaderSize {
            header_b,
            file_b: data.len(),
        });
    }
    let version = u32_at(data, 4);
    if version != vk::PipelineCacheHeaderVersion::ONE.as_raw() as u32 {
        return Err(HeaderMismatch::Version(version));
    }
    let (vendor_id, device_id) = (u32_at(data, 8), u32_at(data, 12));
    if (vendor_id, device_id) != (identity.vendor_id, identity.device_id) {
        return Err(HeaderMismatch::OtherDevice {
            vendor_id,
            device_id,
        });
    }
    if data[16..32] != identity.uuid {
        return Err(HeaderMismatch::OtherDriver);
    }
    Ok(())
}

/// The file for this device in the folder `choice` names; `None` when the cache is off
/// or there is no user cache directory.
pub fn cache_file(choice: &PipelineCacheChoice, identity: &CacheIdentity) -> Option<PathBuf> {
    let dir = match choice {
        PipelineCacheChoice::Off => return None,
        PipelineCacheChoice::Dir(dir) => dir.clone(),
        // Beside the shader cache: the same platform convention.
        PipelineCacheChoice::UserCacheDir => shader_translate::user_cache_dir()?
            .parent()?
            .join("pipelines"),
    };
    Some(dir.join(format!(
        "{:04x}-{:04x}.vkpipelinecache",
        identity.vendor_id, identity.device_id
    )))
}

/// Writes `data` to `path` through a temporary file and a rename, so a reader (or a
/// crash) never sees half a file.
pub fn write_atomically(path: &Path, data: &[u8]) -> io::Result<()> {
    let dir = path
        .parent()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no parent folder"))?;
    std::fs::create_dir_all(dir)?;
    // Unique per writer, so two executors saving at once never share a temporary file.
    static WRITES: AtomicU64 = AtomicU64::new(0);
    let mut temp_name = path.as_os_str().to_owned();
    temp_name.push(format!(
        ".{}-{}.tmp",
        std::process::id(),
        WRITES.fetch_add(1, Ordering::Relaxed)
    ));
    let temp = PathBuf::from(temp_name);
    let written = std::fs::File::create(&temp).and_then(|mut file| {
        file.write_all(data)?;
        file.sync_all()
    });
    match written.and_then(|()| std::fs::rename(&temp, path)) {
        Ok(()) => Ok(()),
        Err(error) => {
            let _ = std::fs::remove_file(&temp);
            Err(error)
        }
    }
}

pub struct PipelineCache {
    pub raw: vk::PipelineCache,
    /// Where it is saved; `None`: in memory only.
    file: Option<PathBuf>,
    loaded_b: usize,
    device: Arc<Device>,
}

impl PipelineCache {
    /// The cache `choice` names, filled from its file when the file is this device's.
    pub fn open(device: &Arc<Device>, choice: &PipelineCacheChoice) -> VkResult<PipelineCache> {
        // SAFETY: a plain query on the device's physical device.
        let properties = unsafe {
            device
                .instance
                .raw
                .get_physical_device_properties(device.physical)
        };
        let identity = CacheIdentity {
            vendor_id: properties.vendor_id,
            device_id: properties.device_id,
            uuid: properties.pipeline_cache_uuid,
        };
        let file = cache_file(choice, &identity);
        let loaded = file
            .as_deref()
            .map_or_else(Vec::new, |path| load(path, &identity));
        let initial = if loaded.is_empty() {
            &[][..]
        } else {
            &loaded[..loaded.len() - TRAILER_B]
        };
        let info = vk::PipelineCacheCreateInfo::default().initial_data(initial);
        // SAFETY: valid create info; `initial` is empty or a body whose checksum holds
        // and whose header names this device and driver build (checked in `load`).
        let raw = unsafe { device.raw.create_pipeline_cache(&info, None) }
            .map_err(map_vk("creating the pipeline cache"))?;
        tracing::debug!(target: TARGET, file = ?file, loaded_b = loaded.len(), "pipeline cache");
        Ok(PipelineCache {
            raw,
            file,
            loaded_b: loaded.len(),
            device: device.clone(),
        })
    }

    /// Bytes of the file the cache started from (0: none, or ignored).
    pub fn loaded_b(&self) -> usize {
        self.loaded_b
    }

    pub fn file(&self) -> Option<&Path> {
        self.file.as_deref()
    }

    /// Writes the cache's contents to its file; the bytes written (0 when in memory only).
    pub fn save(&self) -> io::Result<usize> {
        let Some(path) = &self.file else {
            return Ok(0);
        };
        // SAFETY: a live cache of this device; the executor that uses it is not making a
        // pipeline now (it is behind `&mut`).
        let data = unsafe { self.device.raw.get_pipeline_cache_data(self.raw) }
            .map_err(|result| io::Error::other(format!("reading the pipeline cache: {result}")))?;
        if (data.len() + TRAILER_B) as u64 > MAX_PIPELINE_CACHE_B {
            return Err(io::Error::other(format!(
                "the pipeline cache is {} bytes, more than the {MAX_PIPELINE_CACHE_B} a cache \
                 file may have",
                data.len()
            )));
        }
        write_atomically(path, &seal(&data))?;
        tracing::debug!(target: TARGET, file = %path.display(), bytes = data.len(), "pipeline cache saved");
        Ok(data.len())
    }
}

/// The file's bytes when its checksum holds and its header is this device's; empty
/// (logged) otherwise.
fn load(path: &Path, identity: &CacheIdentity) -> Vec<u8> {
    let data = match bounded_read::read_file(path, MAX_PIPELINE_CACHE_B, "a pipeline cache") {
        Ok(data) => data,
        Err(error) if error.is_not_found() => return Vec::new(),
        Err(error) => {
            tracing::warn!(target: TARGET, file = %path.display(), %error,
                "pipeline cache unreadable; starting empty");
            return Vec::new();
        }
    };
    match unseal(&data).and_then(|body| check_header(body, identity)) {
        Ok(()) => data,
        Err(mismatch) => {
            tracing::warn!(target: TARGET, file = %path.display(), %mismatch,
                "pipeline cache ignored; starting empty");
            Vec::new()
        }
    }
}

impl Drop for PipelineCache {
    fn drop(&mut self) {
        if let Err(error) = self.save() {
            tracing::warn!(target: TARGET, file = ?self.file, %error, "pipeline cache not saved");
        }
        // SAFETY: pipelines do not keep their cache; no creation is in progress.
        unsafe { self.device.raw.destroy_pipeline_cache(self.raw, None) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const IDENTITY: CacheIdentity = CacheIdentity {
        vendor_id: 0x10de,
        device_id: 0x2684,
        uuid: [7; 16],
    };

    fn header(identity: &CacheIdentity, extra_b: usize) -> Vec<u8> {
        let mut data = Vec::new();
        data.extend(32u32.to_le_bytes());
        data.extend(1u32.to_le_bytes());
        data.extend(identity.vendor_id.to_le_bytes());
        data.extend(identity.device_id.to_le_bytes());
        data.extend(identity.uuid);
        data.resize(HEADER_B + extra_b, 0xab);
        data
    }

    #[test]
    fn only_this_devices_header_is_accepted() {
        assert_eq!(check_header(&header(&IDENTITY, 100), &IDENTITY), Ok(()));
        assert_eq!(
            check_header(&[0; 10], &IDENTITY),
            Err(HeaderMismatch::Short(10))
        );
        let other_device = CacheIdentity {
            device_id: 1,
            ..IDENTITY
        };
        assert_eq!(
            check_header(&header(&other_device, 0), &IDENTITY),
            Err(HeaderMismatch::OtherDevice {
                vendor_id: 0x10de,
                device_id: 1
            })
        );
        let other_driver = CacheIdentity {
            uuid: [8; 16],
            ..IDENTITY
        };
        assert_eq!(
            check_header(&header(&other_driver, 0), &IDENTITY),
            Err(HeaderMismatch::OtherDriver)
        );
        let mut bad_version = header(&IDENTITY, 0);
        bad_version[4] = 2;
        assert_eq!(
            check_header(&bad_version, &IDENTITY),
            Err(HeaderMismatch::Version(2))
        );
        let mut bad_size = header(&IDENTITY, 0);
        bad_size[0] = 200;
        assert!(matches!(
            check_header(&bad_size, &IDENTITY),
            Err(HeaderMismatch::HeaderSize { header_b: 200, .. })
        ));
    }

    #[test]
    fn a_body_is_taken_only_with_its_checksum() {
        let body = header(&IDENTITY, 100);
        let file = seal(&body);
        assert_eq!(unseal(&file), Ok(&body[..]));
        // A valid header with a random body, no trailer: not Hookshot's file.
        assert_eq!(unseal(&body), Err(HeaderMismatch::NoTrailer));
        assert_eq!(unseal(&file[..10]), Err(HeaderMismatch::NoTrailer));
        // One byte of the body changed under a good trailer.
        let mut damaged = file.clone();
        damaged[HEADER_B + 5] ^= 1;
        assert_eq!(unseal(&damaged), Err(HeaderMismatch::ChecksumMismatch));
    }

    #[test]
    fn the_file_is_named_for_the_device_in_the_chosen_folder() {
        let dir = PathBuf::from("/somewhere");
        assert_eq!(
            cache_file(&PipelineCacheChoice::Dir(dir.clone()), &IDENTITY),
            Some(dir.join("10de-2684.vkpipelinecache"))
        );
        assert_eq!(cache_file(&PipelineCacheChoice::Off, &IDENTITY), None);
    }

    #[test]
    fn an_atomic_write_replaces_the_file_whole() {
        let dir = std::env::temp_dir().join(format!("hookshot-pc-{}", std::process::id()));
        let path = dir.join("nested").join("cache.bin");
        write_atomically(&path, b"first").unwrap();
        write_atomically(&path, b"second").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"second");
        let leftovers = std::fs::read_dir(path.parent().unwrap()).unwrap().count();
        assert_eq!(leftovers, 1, "no temporary file is left behind");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
