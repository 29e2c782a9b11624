//! NVN's `MemoryPool::MapVirtual` on every device, by Hookshot's own indirection: a virtual
//! pool keeps a storage of its own size, and a mapping change copies the pages it changes
//! (copy-on-map). A changed page's old bytes go back to the physical page that was under
//! it (only if the virtual page was written since the last mapping change), then the new
//! physical page's bytes come in (zeros where the page is now unmapped). Everything that
//! works on storage (the layout, the write-back, the keep rule, the image cache) then
//! works on the virtual pool's storage as on any pool's; the copies are told to the
//! backend as pool copies, so images kept for the old pages follow them. The cost is one
//! copy of each changed page, two for a page written since it was mapped; untouched
//! pages cost nothing (docs/address-model.md, "Virtual pools"). Where the backend binds
//! pages sparsely (`VirtualPoolPath::SparseBinding`) it hears each change first, and
//! nothing is written back: the GPU wrote the physical pages themselves.

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::address::{
    check_inside, check_request, MappedPage, MappingRequest, PageChange, StorageClass,
    VirtualMapError, VirtualPoolPath, VIRTUAL_PAGE_B,
};
use crate::error::ObjectError;
use crate::ids::PoolId;
use crate::mem::pool::MemoryPool;
use crate::mem::WriteStamp;
use crate::objects::tables::ObjectTables as Tables;
use crate::recording::Record;

use super::Device;

/// One copy a mapping change makes: `len_b` bytes between a virtual pool's storage and a
/// physical pool's, or zeros into the virtual pool (`physical` `None`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Run {
    virtual_offset_b: u64,
    physical: Option<(PoolId, u64)>,
    len_b: u64,
}

impl Device {
    /// NVN's `MemoryPool::MapVirtual`: applies `requests` to `virtual_pool`'s page map in
    /// order. Every request is checked first (`VirtualMapError`); a refused call changes
    /// nothing. The pages must not be in use by GPU work still running (as on NVN).
    pub fn map_virtual(
        &self,
        virtual_pool: PoolId,
        requests: &[MappingRequest],
    ) -> Result<(), ObjectError> {
        check_all(&self.tables.read(), virtual_pool, requests)?;
        let sparse = self.virtual_pool_path().is_sparse();
        self.take_physical_writes(virtual_pool)?;
        let (storage, changes, pools) = {
            let mut tables = self.tables.write();
            let pool = tables
                .pools
                .get(virtual_pool)
                .ok_or(ObjectError::UnknownObject(virtual_pool.into()))?;
            let mut pages = pool.pages.clone();
            let changes = pages.apply(requests);
            if sparse {
                // The GPU's view first: a change the device refuses maps nothing.
                let bound: Vec<(u64, Option<MappedPage>)> = changes
                    .iter()
                    .map(|change| (change.virtual_offset_b, change.after))
                    .collect();
                self.backend
                    .lock()
                    .virtual_pages_mapped(virtual_pool, &bound, &tables)?;
            }
            let pool = tables
                .pools
                .get_mut(virtual_pool)
                .ok_or(ObjectError::UnknownObject(virtual_pool.into()))?;
            pool.pages = pages;
            let storage = Arc::clone(&pool.storage);
            let synced_at = pool.pages_synced_at;
            let written = |change: &PageChange| {
                storage.cpu_written_since(change.virtual_offset_b, VIRTUAL_PAGE_B, synced_at)
                    || storage.device_written_since(
                        change.virtual_offset_b,
                        VIRTUAL_PAGE_B,
                        synced_at,
                    )
            };
            // On the sparse path the GPU wrote the physical pages themselves: nothing goes
            // back.
            let back: Vec<PageChange> = match sparse {
                true => Vec::new(),
                false => changes.iter().filter(|c| written(c)).copied().collect(),
            };
            let pools: Vec<(PoolId, Arc<MemoryPool>)> = tables
                .pools
                .iter()
                .filter(|(_, pool)| !pool.maker.flags.is_virtual())
                .map(|(&id, pool)| (id, Arc::clone(&pool.storage)))
                .collect();
            (storage, (back, changes), pools)
        };
        let (back, changes) = changes;
        // Physical pools mapped here for the first time: the copies below take their
        // bytes as of now.
        let first_seen: Vec<(PoolId, WriteStamp)> = requests
            .iter()
            .filter_map(|request| request.physical)
            .filter_map(|id| Some((id, physical_of(&pools, id)?.current_stamp())))
            .collect();
        let physical = |id: PoolId| physical_of(&pools, id);
        // Old bytes back to the pages that were under them, before any new page comes in
        // (a request may map, at another virtual offset, a page another one unmaps).
        for run in runs(back.iter().map(|c| (c.virtual_offset_b, c.before))) {
            let Some((pool, offset_b)) = run.physical else {
                continue;
            };
            // A physical pool finalized while mapped takes nothing back.
            if let Some(target) = physical(pool) {
                move_bytes(&storage, run.virtual_offset_b, target, offset_b, run.len_b)
                    .map_err(|source| ObjectError::PoolAccess { pool, source })?;
                self.backend.lock().pool_copied(
                    virtual_pool,
                    run.virtual_offset_b,
                    pool,
                    offset_b,
                    run.len_b,
                );
            }
        }
        for run in runs(changes.iter().map(|c| (c.virtual_offset_b, c.after))) {
            match run
                .physical
                .and_then(|(pool, at_b)| Some((pool, at_b, physical(pool)?)))
            {
                Some((pool, offset_b, source)) => {
                    move_bytes(source, offset_b, &storage, run.virtual_offset_b, run.len_b)
                        .map_err(|source| ObjectError::PoolAccess { pool, source })?;
                    self.backend.lock().pool_copied(
                        pool,
                        offset_b,
                        virtual_pool,
                        run.virtual_offset_b,
                        run.len_b,
                    );
                }
                None => {
                    let zeros = vec![0u8; run.len_b as usize];
                    storage
                        .replace_for_mapping(run.virtual_offset_b, &zeros)
                        .map_err(|source| ObjectError::PoolAccess {
                            pool: virtual_pool,
                            source,
                        })?;
                    self.backend
                        .lock()
                        .pool_written(virtual_pool, run.virtual_offset_b, run.len_b);
                }
            }
        }
        if let Some(pool) = self.tables.write().pools.get_mut(virtual_pool) {
            pool.pages_synced_at = storage.current_stamp();
            for (id, stamp) in first_seen {
                pool.physical_synced_at.entry(id).or_insert(stamp);
            }
        }
        tracing::debug!(
            target: "gpu::objects",
            pool = %virtual_pool,
            requests = requests.len(),
            pages_changed = changes.len(),
            pages_written_back = back.len(),
            sparse,
            "virtual pool mapped"
        );
        self.record_with(|| Record::MapVirtual {
            pool: virtual_pool,
            requests: requests.to_vec(),
        });
        Ok(())
    }

    /// Before each submission: every virtual pool's mapped pages take the CPU's writes to
    /// the physical pages under them since the last time.
    pub(crate) fn sync_virtual_pools(&self) -> Result<(), ObjectError> {
        let virtual_pools: Vec<PoolId> = self
            .tables
            .read()
            .pools
            .iter()
            .filter(|(_, pool)| {
                pool.maker.flags.is_virtual() && pool.pages.mapped().next().is_some()
            })
            .map(|(&id, _)| id)
            .collect();
        for pool in virtual_pools {
            self.take_physical_writes(pool)?;
        }
        Ok(())
    }

    /// Copies into `virtual_pool` each mapped page whose physical page the CPU wrote
    /// since the pool last took its physical pool's writes.
    fn take_physical_writes(&self, virtual_pool: PoolId) -> Result<(), ObjectError> {
        type Sources = BTreeMap<PoolId, (WriteStamp, Arc<MemoryPool>)>;
        let (storage, stale, sources) = {
            let tables = self.tables.read();
            let Some(pool) = tables.pools.get(virtual_pool) else {
                return Ok(());
            };
            let mut sources: Sources = BTreeMap::new();
            let mut stale = Vec::new();
            for (virtual_offset_b, page) in pool.pages.mapped() {
                let Some(physical) = tables.pools.get(page.physical) else {
                    continue;
                };
                let (_, source) = sources.entry(page.physical).or_insert_with(|| {
                    (
                        physical.storage.current_stamp(),
                        Arc::clone(&physical.storage),
                    )
                });
                let since = pool.physical_synced_at.get(&page.physical);
                let since = since.copied().unwrap_or_default();
                if source.cpu_written_since(page.physical_offset_b, VIRTUAL_PAGE_B, since) {
                    stale.push((virtual_offset_b, Some(page)));
                }
            }
            (Arc::clone(&pool.storage), stale, sources)
        };
        for run in runs(stale.into_iter()) {
            let Some((pool, offset_b)) = run.physical else {
                continue;
            };
            let (_, source) = &sources[&pool];
            move_bytes(source, offset_b, &storage, run.virtual_offset_b, run.len_b)
                .map_err(|source| ObjectError::PoolAccess { pool, source })?;
            self.backend.lock().pool_copied(
                pool,
                offset_b,
                virtual_pool,
                run.virtual_offset_b,
                run.len_b,
            );
        }
        if let Some(pool) = self.tables.write().pools.get_mut(virtual_pool) {
            for (id, (now, _)) in sources {
                pool.physical_synced_at.insert(id, now);
            }
        }
        Ok(())
    }

    /// How this device gives virtual pools their pages (`RX_VK_VIRTUAL_SPARSE`), and why
    /// it took copy-on-map where it did.
    pub fn virtual_pool_path(&self) -> VirtualPoolPath {
        self.backend.lock().virtual_pool_path()
    }

    /// NVN's `Texture::GetStorageClass`: the class a mapping under `texture` must carry.
    pub fn texture_storage_class(
        &self,
        texture: crate::ids::TextureId,
    ) -> Result<StorageClass, ObjectError> {
        let tables = self.tables.read();
        let texture = tables
            .textures
            .get(texture)
            .ok_or(ObjectError::UnknownObject(texture.into()))?;
        Ok(StorageClass::of_tiling(texture.desc.tiling))
    }

    /// What is mapped under `virtual_offset_b` of `virtual_pool` (NVN has no query; for
    /// tests and tools).
    pub fn virtual_page(
        &self,
        virtual_pool: PoolId,
        virtual_offset_b: u64,
    ) -> Result<Option<MappedPage>, ObjectError> {
        let tables = self.tables.read();
        let pool = tables
            .pools
            .get(virtual_pool)
            .ok_or(ObjectError::UnknownObject(virtual_pool.into()))?;
        Ok(pool.pages.get(virtual_offset_b))
    }
}

/// Every rule of every request, against the live objects.
fn check_all(
    tables: &Tables,
    virtual_pool: PoolId,
    requests: &[MappingRequest],
) -> Result<(), ObjectError> {
    let pool = tables
        .pools
        .get(virtual_pool)
        .ok_or(ObjectError::UnknownObject(virtual_pool.into()))?;
    if !pool.maker.flags.is_virtual() {
        return Err(VirtualMapError::NotVirtual { pool: virtual_pool }.into());
    }
    for (index, request) in requests.iter().enumerate() {
        check_request(index, request, virtual_pool, pool.size_b())?;
        let Some(physical) = request.physical else {
            continue;
        };
        let backing = tables
            .pools
            .get(physical)
            .ok_or(ObjectError::UnknownObject(physical.into()))?;
        if backing.maker.flags.is_virtual() {
            return Err(VirtualMapError::PhysicalIsVirtual {
                request: index,
                pool: physical,
            }
            .into());
        }
        check_inside(
            index,
            physical,
            request.physical_offset_b,
            request.size_b,
            backing.size_b(),
        )?;
        let range = request.virtual_offset_b..request.virtual_offset_b + request.size_b;
        for (&id, texture) in tables.textures.iter() {
            let storage = texture.storage_range_b();
            let overlaps = texture.pool == virtual_pool
                && storage.start < range.end
                && range.start < storage.end;
            let needs = StorageClass::of_tiling(texture.desc.tiling);
            if overlaps && needs != request.storage_class {
                return Err(VirtualMapError::StorageClassMismatch {
                    request: index,
                    texture: id,
                    virtual_offset_b: storage.start.max(range.start),
                    needs,
                    class: request.storage_class,
                }
                .into());
            }
        }
    }
    Ok(())
}

/// Pages in virtual order joined into runs: neighbours in the virtual pool whose physical
/// pages are neighbours in one pool (or both unmapped) make one copy.
fn runs(pages: impl Iterator<Item = (u64, Option<MappedPage>)>) -> Vec<Run> {
    let mut out: Vec<Run> = Vec::new();
    for (virtual_offset_b, page) in pages {
        let physical = page.map(|p| (p.physical, p.physical_offset_b));
        if let Some(last) = out.last_mut() {
            let follows = last.virtual_offset_b + last.len_b == virtual_offset_b
                && match (last.physical, physical) {
                    (None, None) => true,
                    (Some((a, at_b)), Some((b, next_b))) => a == b && at_b + last.len_b == next_b,
                    _ => false,
                };
            if follows {
                last.len_b += VIRTUAL_PAGE_B;
                continue;
            }
        }
        out.push(Run {
            virtual_offset_b,
            physical,
            len_b: VIRTUAL_PAGE_B,
        });
    }
    out
}

fn physical_of(pools: &[(PoolId, Arc<MemoryPool>)], id: PoolId) -> Option<&Arc<MemoryPool>> {
    pools
        .iter()
        .find(|(p, _)| *p == id)
        .map(|(_, storage)| storage)
}

/// Copies `len_b` bytes between two pools' storage as a mapping change does.
fn move_bytes(
    from: &MemoryPool,
    from_b: u64,
    to: &MemoryPool,
    to_b: u64,
    len_b: u64,
) -> Result<(), crate::mem::PoolError> {
    let (bytes, _) = from.read_for_device(from_b, len_b, |bytes| bytes.to_vec())?;
    to.replace_for_mapping(to_b, &bytes)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(pool: u32, at: u64) -> Option<MappedPage> {
        Some(MappedPage {
            physical: PoolId::from_raw(pool).unwrap(),
            physical_offset_b: at * VIRTUAL_PAGE_B,
            storage_class: StorageClass::BLOCK_LINEAR,
        })
    }

    #[test]
    fn neighbouring_pages_join_into_one_copy() {
        let p = VIRTUAL_PAGE_B;
        let pages = [
            (0, page(1, 4)),
            (p, page(1, 5)),
            (2 * p, page(2, 6)),
            (3 * p, None),
            (4 * p, None),
            (6 * p, None),
        ];
        let got = runs(pages.into_iter());
        let lens: Vec<(u64, u64)> = got
            .iter()
            .map(|r| (r.virtual_offset_b / p, r.len_b / p))
            .collect();
        assert_eq!(lens, vec![(0, 2), (2, 1), (3, 2), (6, 1)]);
    }
}
