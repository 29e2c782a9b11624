//! Making, registering and finalizing objects. Each is checked before it gets an id, so
//! a refused object uses none, and a replay hands out the same ids.

use std::sync::Arc;

use crate::address::{pool_buffer_id, pool_of_pool_buffer, POOL_BUFFER_ID_BASE};
use crate::error::ObjectError;
use crate::ids::*;
use crate::mem::pool::MemoryPool;
use crate::mem::TextureKind;
use crate::mem::WriteTracking;
use crate::objects::descriptor::{DescriptorKind, MAX_SAMPLER_SLOTS, MAX_TEXTURE_SLOTS};
use crate::objects::tables::Registry;
use crate::objects::texture::check_placement;
use crate::objects::window::MAX_WINDOW_TEXTURES;
use crate::objects::ObjectTables;
use crate::objects::*;
use crate::recording::Record;

use super::Device;

impl Device {
    fn make<Id, T>(
        &self,
        registry: fn(&mut ObjectTables) -> &mut Registry<Id, T>,
        build: impl FnOnce(&ObjectTables, Id) -> Result<T, ObjectError>,
        record: impl FnOnce(Id) -> Record,
    ) -> Result<Id, ObjectError>
    where
        Id: TypedId + Into<ObjectRef>,
    {
        let mut tables = self.tables.write();
        let id = Id::from_raw(registry(&mut tables).next_raw()).expect("ids start at 1");
        let object = build(&tables, id)?;
        registry(&mut tables).insert(id, object);
        if let Err(error) = self.backend.lock().object_created(id.into(), &tables) {
            registry(&mut tables).undo_insert(id);
            return Err(error.into());
        }
        tracing::trace!(target: "gpu::objects", object = %id.into(), "made");
        self.record_with(|| record(id));
        Ok(id)
    }

    pub fn create_pool(&self, maker: &PoolMaker) -> Result<PoolId, ObjectError> {
        let host_page_b = self.features().portability.pool_page_b();
        self.make_pool(maker, || {
            MemoryPool::with_tracking_in_pages(
                maker.size_b,
                maker.flags,
                WriteTracking::Explicit,
                host_page_b,
            )
        })
    }

    /// A pool of `maker` over the storage `storage` makes (unprotected), placed in the
    /// GPU address space with its whole-pool buffer, then, under
    /// `WriteTracking::Protect`, its pages protected once the backend has taken the
    /// storage: some drivers (NVIDIA's) refuse to import read-only pages.
    fn make_pool(
        &self,
        maker: &PoolMaker,
        storage: impl FnOnce() -> Result<MemoryPool, crate::mem::PoolError>,
    ) -> Result<PoolId, ObjectError> {
        let id = {
            let mut tables = self.tables.write();
            let id = PoolId::from_raw(tables.pools.next_raw()).expect("ids start at 1");
            let whole_buffer = pool_buffer_id(id).ok_or(ObjectError::TooMany {
                what: "pools",
                limit: POOL_BUFFER_ID_BASE,
            })?;
            let storage = Arc::new(storage().map_err(ObjectError::PoolCreation)?);
            let address = tables.addresses.place(id, maker.size_b)?;
            tables.pools.insert(
                id,
                Pool {
                    id,
                    maker: *maker,
                    address,
                    whole_buffer,
                    storage,
                    pages: Default::default(),
                    pages_synced_at: Default::default(),
                    physical_synced_at: Default::default(),
                },
            );
            let whole = Buffer {
                id: whole_buffer,
                pool: id,
                offset_b: 0,
                size_b: maker.size_b,
                usage: BufferUsage::ALL,
                address,
            };
            tables.buffers.insert_outside_sequence(whole_buffer, whole);
            if let Err(error) = self.backend.lock().object_created(id.into(), &tables) {
                tables.remove(id.into());
                tables.pools.undo_insert(id);
                return Err(error.into());
            }
            tracing::trace!(target: "gpu::objects", object = %id, %address, "made");
            self.record_with(|| Record::CreatePool {
                id,
                maker: *maker,
                address,
            });
            id
        };
        if self.write_tracking == WriteTracking::Protect {
            if let Err(error) = self.pool(id)?.protect_writes() {
                self.finalize(id)?;
                return Err(ObjectError::PoolCreation(error));
            }
        }
        Ok(id)
    }

    /// A pool over the game's own `maker.size_b` bytes at `storage` (NVN's pools over
    /// memory the game allocated): aligned to the host's page size and a multiple of it.
    /// What the bytes hold now is the pool's contents (and is recorded as pool writes).
    ///
    /// # Safety
    /// The bytes are readable and writable memory of this process that stays mapped and
    /// is not freed until the pool is finalized and the GPU's last use of it has ended
    /// (after `Queue::finish`, or the fence of the last submission that used it), and
    /// nothing else changes its page protection meanwhile.
    pub unsafe fn create_pool_over(
        &self,
        maker: &PoolMaker,
        storage: std::ptr::NonNull<u8>,
    ) -> Result<PoolId, ObjectError> {
        let host_page_b = self.features().portability.pool_page_b();
        let id = self.make_pool(maker, || {
            // SAFETY: the caller's promise, passed on.
            unsafe {
                MemoryPool::over_caller_storage_in_pages(
                    storage,
                    maker.size_b,
                    maker.flags,
                    WriteTracking::Explicit,
                    host_page_b,
                )
            }
        })?;
        // A replay makes the pool zeroed: what the game's bytes hold goes into the record.
        if self.is_recording() {
            self.record_pool_contents(id, 0, maker.size_b, true)?;
        }
        Ok(id)
    }

    /// A texture over `pool` at `offset_b`. The storage is not touched: a texture made
    /// over bytes already there (a defragmented copy) shows those bytes.
    pub fn create_texture(
        &self,
        builder: &TextureBuilder,
        pool: PoolId,
        offset_b: u64,
    ) -> Result<TextureId, ObjectError> {
        let layout = builder.layout()?;
        self.make(
            |tables| &mut tables.textures,
            |tables, id| {
                let pool_object = tables
                    .pools
                    .get(pool)
                    .ok_or(ObjectError::UnknownObject(pool.into()))?;
                check_placement(&layout, pool, pool_object.size_b(), offset_b)?;
                Ok(Texture {
                    id,
                    pool,
                    offset_b,
                    desc: builder.desc,
                    flags: builder.flags,
                    layout,
                })
            },
            |id| Record::CreateTexture {
                id,
                builder: *builder,
                pool,
                offset_b,
            },
        )
    }

    pub fn create_view(&self, maker: &ViewMaker) -> Result<ViewId, ObjectError> {
        self.make(
            |tables| &mut tables.views,
            |tables, id| {
                let texture = tables
                    .textures
                    .get(maker.texture)
                    .ok_or(ObjectError::UnknownObject(maker.texture.into()))?;
                maker.resolve(id, texture)
            },
            |id| Record::CreateView { id, maker: *maker },
        )
    }

    pub fn create_sampler(&self, maker: &SamplerMaker) -> Result<SamplerId, ObjectError> {
        maker.check()?;
        self.make(
            |tables| &mut tables.samplers,
            |_, id| Ok(Sampler { id, maker: *maker }),
            |id| Record::CreateSampler { id, maker: *maker },
        )
    }

    pub fn create_texture_table(&self, capacity: u32) -> Result<TextureTableId, ObjectError> {
        if capacity == 0 {
            return Err(ObjectError::TableEmpty);
        }
        if capacity > MAX_TEXTURE_SLOTS {
            return Err(ObjectError::TableTooLarge {
                capacity,
                limit: MAX_TEXTURE_SLOTS,
            });
        }
        self.make(
            |tables| &mut tables.texture_tables,
            |_, id| {
                Ok(TextureTable {
                    id,
                    slots: vec![None; capacity as usize],
                })
            },
            |id| Record::CreateTextureTable { id, capacity },
        )
    }

    pub fn create_sampler_table(&self, capacity: u32) -> Result<SamplerTableId, ObjectError> {
        if capacity == 0 {
            return Err(ObjectError::TableEmpty);
        }
        if capacity > MAX_SAMPLER_SLOTS {
            return Err(ObjectError::TableTooLarge {
                capacity,
                limit: MAX_SAMPLER_SLOTS,
            });
        }
        self.make(
            |tables| &mut tables.sampler_tables,
            |_, id| {
                Ok(SamplerTable {
                    id,
                    slots: vec![None; capacity as usize],
                })
            },
            |id| Record::CreateSamplerTable { id, capacity },
        )
    }

    /// Puts `view` at `slot` of a texture table, for texture handles to sample.
    pub fn register_texture(
        &self,
        table: TextureTableId,
        slot: u32,
        view: ViewId,
    ) -> Result<(), ObjectError> {
        self.register_view(table, slot, view, DescriptorKind::Texture)
    }

    /// Puts `view` at `slot` of a texture table, for image handles to load and store.
    pub fn register_image(
        &self,
        table: TextureTableId,
        slot: u32,
        view: ViewId,
    ) -> Result<(), ObjectError> {
        self.register_view(table, slot, view, DescriptorKind::Image)
    }

    fn register_view(
        &self,
        table: TextureTableId,
        slot: u32,
        view: ViewId,
        kind: DescriptorKind,
    ) -> Result<(), ObjectError> {
        let mut tables = self.tables.write();
        if tables.view_texture(view).is_none() {
            return Err(ObjectError::UnknownObject(view.into()));
        }
        let table_object = tables
            .texture_tables
            .get_mut(table)
            .ok_or(ObjectError::UnknownObject(table.into()))?;
        let capacity = table_object.slots.len() as u32;
        let entry = TextureEntry { view, kind };
        match table_object.slots.get_mut(slot as usize) {
            Some(place) => *place = Some(entry),
            None => {
                return Err(ObjectError::SlotOutOfRange {
                    table: table.into(),
                    slot,
                    capacity,
                })
            }
        }
        self.note_table_change();
        self.backend
            .lock()
            .descriptor_written(table.into(), slot, &tables);
        self.record_with(|| Record::RegisterTexture { table, slot, entry });
        Ok(())
    }

    pub fn register_sampler(
        &self,
        table: SamplerTableId,
        slot: u32,
        sampler: SamplerId,
    ) -> Result<(), ObjectError> {
        let mut tables = self.tables.write();
        if tables.samplers.get(sampler).is_none() {
            return Err(ObjectError::UnknownObject(sampler.into()));
        }
        let table_object = tables
            .sampler_tables
            .get_mut(table)
            .ok_or(ObjectError::UnknownObject(table.into()))?;
        let capacity = table_object.slots.len() as u32;
        match table_object.slots.get_mut(slot as usize) {
            Some(place) => *place = Some(sampler),
            None => {
                return Err(ObjectError::SlotOutOfRange {
                    table: table.into(),
                    slot,
                    capacity,
                })
            }
        }
        self.note_table_change();
        self.backend
            .lock()
            .descriptor_written(table.into(), slot, &tables);
        self.record_with(|| Record::RegisterSampler {
            table,
            slot,
            sampler,
        });
        Ok(())
    }

    pub fn create_buffer(&self, maker: &BufferMaker) -> Result<BufferId, ObjectError> {
        if self.tables.read().buffers.next_raw() >= POOL_BUFFER_ID_BASE {
            return Err(ObjectError::TooMany {
                what: "buffers",
                limit: POOL_BUFFER_ID_BASE,
            });
        }
        self.make(
            |tables| &mut tables.buffers,
            |tables, id| {
                let pool = tables
                    .pools
                    .get(maker.pool)
                    .ok_or(ObjectError::UnknownObject(maker.pool.into()))?;
                if maker.size_b == 0 {
                    return Err(ObjectError::EmptyBuffer {
                        pool: maker.pool,
                        offset_b: maker.offset_b,
                    });
                }
                let fits = maker
                    .offset_b
                    .checked_add(maker.size_b)
                    .is_some_and(|end_b| end_b <= pool.size_b());
                if !fits {
                    return Err(ObjectError::BufferPastPoolEnd {
                        pool: maker.pool,
                        offset_b: maker.offset_b,
                        size_b: maker.size_b,
                        pool_size_b: pool.size_b(),
                    });
                }
                Ok(Buffer {
                    id,
                    pool: maker.pool,
                    offset_b: maker.offset_b,
                    size_b: maker.size_b,
                    usage: maker.usage,
                    address: pool
                        .address
                        .checked_add(maker.offset_b)
                        .expect("inside the pool"),
                })
            },
            |id| Record::CreateBuffer { id, maker: *maker },
        )
    }

    pub fn create_program(&self, maker: &ProgramMaker) -> Result<ProgramId, ObjectError> {
        let stages = maker.check()?;
        maker.check_features(&self.features)?;
        maker.check_limits(&self.module_limits)?;
        self.make(
            |tables| &mut tables.programs,
            |_, id| Ok(Program::new(id, stages, maker.modules.clone())),
            |id| Record::CreateProgram {
                id,
                maker: maker.clone(),
            },
        )
    }

    pub fn create_sync(&self) -> Result<SyncId, ObjectError> {
        self.make(
            |tables| &mut tables.syncs,
            |_, id| {
                Ok(SyncObject {
                    id,
                    last_issued_value: 0,
                })
            },
            |id| Record::CreateSync { id },
        )
    }

    /// A window presenting `maker.textures` in turn: 2D textures of one format and size.
    pub fn create_window(&self, maker: &WindowMaker) -> Result<WindowId, ObjectError> {
        if maker.textures.is_empty() || maker.textures.len() > MAX_WINDOW_TEXTURES {
            return Err(ObjectError::BadWindow {
                why: "needs 1 to 4 textures",
            });
        }
        self.make(
            |tables| &mut tables.windows,
            |tables, id| {
                let mut first: Option<&Texture> = None;
                for &texture_id in &maker.textures {
                    let texture = tables
                        .textures
                        .get(texture_id)
                        .ok_or(ObjectError::UnknownObject(texture_id.into()))?;
                    if texture.desc.kind != TextureKind::D2 {
                        return Err(ObjectError::WindowTexture {
                            texture: texture_id,
                            why: "is not a 2D texture",
                        });
                    }
                    let first = *first.get_or_insert(texture);
                    let same = texture.desc.format == first.desc.format
                        && texture.desc.width_px == first.desc.width_px
                        && texture.desc.height_px == first.desc.height_px;
                    if !same {
                        return Err(ObjectError::WindowTexture {
                            texture: texture_id,
                            why: "differs in format or size from the first",
                        });
                    }
                }
                Ok(Window {
                    id,
                    textures: maker.textures.clone(),
                    present_interval: maker.present_interval,
                })
            },
            |id| Record::CreateWindow {
                id,
                maker: maker.clone(),
            },
        )
    }

    /// Ends an object. The backend hears of it while the object is still in the tables.
    /// A texture's storage keeps its bytes: a texture made there later shows them.
    pub fn finalize(&self, object: impl Into<ObjectRef>) -> Result<(), ObjectError> {
        let object = object.into();
        let mut tables = self.tables.write();
        check_finalize(&tables, object)?;
        self.backend.lock().object_finalized(object, &tables);
        tables.remove(object);
        self.note_table_change();
        tracing::trace!(target: "gpu::objects", %object, "finalized");
        self.record_with(|| Record::Finalize { object });
        Ok(())
    }

    /// Whether `finalize(object)` would be taken now: the object is live, and nothing
    /// live still needs it (`objects::lifetimes`).
    pub fn check_finalize(&self, object: impl Into<ObjectRef>) -> Result<(), ObjectError> {
        check_finalize(&self.tables.read(), object.into())
    }
}

fn check_finalize(tables: &ObjectTables, object: ObjectRef) -> Result<(), ObjectError> {
    if !tables.contains(object) {
        return Err(ObjectError::UnknownObject(object));
    }
    // A pool's whole-pool buffer (its addresses) ends with the pool, never alone.
    if let ObjectRef::Buffer(buffer) = object {
        if let Some(pool) = pool_of_pool_buffer(buffer) {
            return Err(ObjectError::PoolBuffer { buffer, pool });
        }
    }
    if let ObjectRef::Pool(pool) = object {
        if let Some(user) = crate::objects::lifetimes::pool_user(tables, pool) {
            return Err(ObjectError::PoolInUse { pool, user });
        }
    }
    Ok(())
}
