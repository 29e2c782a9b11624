//! NVN's virtual memory pools: a virtual pool owns an address range and no memory of its
//! own; `MemoryPool::MapVirtual` maps pages of physical pools under it, one
//! `MappingRequest` at a time (physical pool, physical offset, virtual offset, size,
//! storage class). A texture or buffer made in the virtual pool sees whatever physical
//! pages are mapped under it. This is the page table of one virtual pool and the rules a
//! request must keep; `Device::map_virtual` applies it.

use std::collections::BTreeMap;

use crate::ids::{PoolId, TextureId};

/// The mapping granularity: offsets and sizes of a request are multiples of it. Maxwell's
/// big page, the unit the console's GPU maps virtual pool pages in.
pub const VIRTUAL_PAGE_B: u64 = super::POOL_ALIGNMENT_B;

/// NVN's storage class of a mapping: the Maxwell page kind the pages are mapped with. A
/// texture placed over the pages reads them in its own kind, so the two must agree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StorageClass(pub u32);

impl StorageClass {
    /// Pitch (linear) storage: buffers and linear textures. Maxwell's kind 0x00.
    pub const PITCH: StorageClass = StorageClass(0x00);
    /// Block-linear colour storage: Maxwell's generic 16Bx2 kind (0xfe), the kind of every
    /// block-linear texture Hookshot lays out.
    pub const BLOCK_LINEAR: StorageClass = StorageClass(0xfe);

    /// Whether Hookshot lays out storage of this class.
    pub fn is_known(self) -> bool {
        self == StorageClass::PITCH || self == StorageClass::BLOCK_LINEAR
    }

    /// The class a texture of `tiling` needs under it.
    pub fn of_tiling(tiling: memory::Tiling) -> StorageClass {
        match tiling {
            memory::Tiling::PitchLinear => StorageClass::PITCH,
            _ => StorageClass::BLOCK_LINEAR,
        }
    }
}

impl std::fmt::Display for StorageClass {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "storage class {:#x}", self.0)
    }
}

/// One request of `MapVirtual`: `size_b` bytes at `virtual_offset_b` of the virtual pool
/// map `physical`'s bytes at `physical_offset_b`; with `physical` `None` they are unmapped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MappingRequest {
    pub physical: Option<PoolId>,
    pub physical_offset_b: u64,
    pub virtual_offset_b: u64,
    pub size_b: u64,
    pub storage_class: StorageClass,
}

/// Where one virtual page's bytes are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MappedPage {
    pub physical: PoolId,
    pub physical_offset_b: u64,
    pub storage_class: StorageClass,
}

/// Why a `MapVirtual` call is refused; nothing of it is applied then.
#[derive(Debug, thiserror::Error, Clone, PartialEq, Eq)]
pub enum VirtualMapError {
    #[error("{pool} is not a virtual pool: only a virtual pool maps pages")]
    NotVirtual { pool: PoolId },
    #[error("request {request}: {pool} is a virtual pool, not physical memory to map")]
    PhysicalIsVirtual { request: usize, pool: PoolId },
    #[error("request {request}: {what} {value_b:#x} is not a multiple of the {VIRTUAL_PAGE_B:#x}-byte page")]
    Unaligned {
        request: usize,
        what: &'static str,
        value_b: u64,
    },
    #[error("request {request}: {offset_b:#x}+{size_b:#x} runs past the end of {pool} at {pool_size_b:#x}")]
    OutOfRange {
        request: usize,
        pool: PoolId,
        offset_b: u64,
        size_b: u64,
        pool_size_b: u64,
    },
    #[error(
        "request {request}: {class} is not one Hookshot lays out (pitch 0x0, block-linear 0xfe)"
    )]
    UnknownStorageClass { request: usize, class: StorageClass },
    #[error("request {request}: {texture} over virtual offset {virtual_offset_b:#x} needs {needs}, the request maps {class}")]
    StorageClassMismatch {
        request: usize,
        texture: TextureId,
        virtual_offset_b: u64,
        needs: StorageClass,
        class: StorageClass,
    },
}

/// The page table of one virtual pool: virtual page index to the physical page under it.
/// Pages not in it are unmapped.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PageMap {
    pages: BTreeMap<u64, MappedPage>,
}

/// One virtual page whose mapping a call changes: what was under it and what will be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PageChange {
    pub virtual_offset_b: u64,
    pub before: Option<MappedPage>,
    pub after: Option<MappedPage>,
}

impl PageMap {
    pub fn get(&self, virtual_offset_b: u64) -> Option<MappedPage> {
        self.pages
            .get(&(virtual_offset_b / VIRTUAL_PAGE_B))
            .copied()
    }

    /// Mapped pages, in virtual order, as (virtual offset, page).
    pub fn mapped(&self) -> impl Iterator<Item = (u64, MappedPage)> + '_ {
        self.pages
            .iter()
            .map(|(&page, &mapped)| (page * VIRTUAL_PAGE_B, mapped))
    }

    /// Pages of `physical` mapped anywhere, dropped (the physical pool ended).
    pub fn forget_pool(&mut self, physical: PoolId) {
        self.pages.retain(|_, mapped| mapped.physical != physical);
    }

    /// Applies `requests` in order (a later one wins a page an earlier one mapped) and
    /// returns every page whose mapping is now different, in virtual order. The requests
    /// must have passed `check_request`.
    pub fn apply(&mut self, requests: &[MappingRequest]) -> Vec<PageChange> {
        let mut after = self.pages.clone();
        for request in requests {
            let first = request.virtual_offset_b / VIRTUAL_PAGE_B;
            for index in 0..request.size_b / VIRTUAL_PAGE_B {
                let page = first + index;
                match request.physical {
                    Some(physical) => {
                        after.insert(
                            page,
                            MappedPage {
                                physical,
                                physical_offset_b: request.physical_offset_b
                                    + index * VIRTUAL_PAGE_B,
                                storage_class: request.storage_class,
                            },
                        );
                    }
                    None => {
                        after.remove(&page);
                    }
                }
            }
        }
        let touched: std::collections::BTreeSet<u64> =
            self.pages.keys().chain(after.keys()).copied().collect();
        let changes = touched
            .into_iter()
            .filter_map(|page| {
                let before = self.pages.get(&page).copied();
                let now = after.get(&page).copied();
                (before != now).then_some(PageChange {
                    virtual_offset_b: page * VIRTUAL_PAGE_B,
                    before,
                    after: now,
                })
            })
            .collect();
        self.pages = after;
        changes
    }
}

/// The rules one request keeps that need no other object: page-aligned offsets and size,
/// a storage class Hookshot knows, the virtual range inside the virtual pool.
pub fn check_request(
    index: usize,
    request: &MappingRequest,
    virtual_pool: PoolId,
    virtual_size_b: u64,
) -> Result<(), VirtualMapError> {
    for (what, value_b) in [
        ("virtual offset", request.virtual_offset_b),
        ("physical offset", request.physical_offset_b),
        ("size", request.size_b),
    ] {
        if !value_b.is_multiple_of(VIRTUAL_PAGE_B) {
            return Err(VirtualMapError::Unaligned {
                request: index,
                what,
                value_b,
            });
        }
    }
    if request.physical.is_some() && !request.storage_class.is_known() {
        return Err(VirtualMapError::UnknownStorageClass {
            request: index,
            class: request.storage_class,
        });
    }
    check_inside(
        index,
        virtual_pool,
        request.virtual_offset_b,
        request.size_b,
        virtual_size_b,
    )
}

/// `offset_b..offset_b + size_b` lies inside a pool of `pool_size_b` bytes.
pub fn check_inside(
    request: usize,
    pool: PoolId,
    offset_b: u64,
    size_b: u64,
    pool_size_b: u64,
) -> Result<(), VirtualMapError> {
    let inside = offset_b
        .checked_add(size_b)
        .is_some_and(|end_b| end_b <= pool_size_b);
    if inside {
        Ok(())
    } else {
        Err(VirtualMapError::OutOfRange {
            request,
            pool,
            offset_b,
            size_b,
            pool_size_b,
        })
    }
}

#[cfg(test)]
#[path = "virtual_pages_tests.rs"]
mod tests;
