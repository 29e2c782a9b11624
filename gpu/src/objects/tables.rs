//! Every live object of a device, by id: what a backend reads while it executes.

use std::hash::Hash;

use crate::id_map::IdMap;
use crate::ids::*;

use super::{
    Buffer, Pool, Program, Sampler, SamplerTable, SyncObject, Texture, TextureTable, TextureView,
    Window,
};

/// The live objects of one kind and the id the next one gets.
#[derive(Debug)]
pub struct Registry<Id, T> {
    /// Looked up several times a draw: hashed by one multiply, not SipHash.
    objects: IdMap<Id, T>,
    made: u32,
}

impl<Id: Copy + Eq + Hash, T> Registry<Id, T> {
    fn new() -> Self {
        Registry {
            objects: IdMap::default(),
            made: 0,
        }
    }

    pub fn get(&self, id: Id) -> Option<&T> {
        self.objects.get(&id)
    }

    pub fn len(&self) -> usize {
        self.objects.len()
    }

    pub fn is_empty(&self) -> bool {
        self.objects.is_empty()
    }

    pub fn iter(&self) -> impl Iterator<Item = (&Id, &T)> {
        self.objects.iter()
    }

    pub(crate) fn get_mut(&mut self, id: Id) -> Option<&mut T> {
        self.objects.get_mut(&id)
    }

    /// The raw id the next object will get; ids are used once.
    pub(crate) fn next_raw(&self) -> u32 {
        self.made + 1
    }

    /// Stores the object under the id `next_raw` promised.
    pub(crate) fn insert(&mut self, id: Id, object: T) {
        self.made += 1;
        self.objects.insert(id, object);
    }

    pub(crate) fn remove(&mut self, id: Id) -> Option<T> {
        self.objects.remove(&id)
    }

    /// Takes back the object just inserted, and its id, as if it had never been made.
    /// Stores an object under an id outside the sequence `next_raw` hands out (a pool's
    /// whole-pool buffer), leaving the sequence as it was.
    pub(crate) fn insert_outside_sequence(&mut self, id: Id, object: T) {
        self.objects.insert(id, object);
    }

    pub(crate) fn undo_insert(&mut self, id: Id) {
        if self.objects.remove(&id).is_some() {
            self.made -= 1;
        }
    }
}

#[derive(Debug)]
pub struct ObjectTables {
    pub pools: Registry<PoolId, Pool>,
    pub textures: Registry<TextureId, Texture>,
    pub views: Registry<ViewId, TextureView>,
    pub samplers: Registry<SamplerId, Sampler>,
    pub texture_tables: Registry<TextureTableId, TextureTable>,
    pub sampler_tables: Registry<SamplerTableId, SamplerTable>,
    pub buffers: Registry<BufferId, Buffer>,
    pub programs: Registry<ProgramId, Program>,
    pub syncs: Registry<SyncId, SyncObject>,
    pub windows: Registry<WindowId, Window>,
    /// The live pools' GPU address ranges: the pool table.
    pub addresses: crate::address::AddressSpace,
}

impl Default for ObjectTables {
    fn default() -> Self {
        ObjectTables {
            pools: Registry::new(),
            textures: Registry::new(),
            views: Registry::new(),
            samplers: Registry::new(),
            texture_tables: Registry::new(),
            sampler_tables: Registry::new(),
            buffers: Registry::new(),
            programs: Registry::new(),
            syncs: Registry::new(),
            windows: Registry::new(),
            addresses: Default::default(),
        }
    }
}

impl ObjectTables {
    pub fn contains(&self, object: ObjectRef) -> bool {
        match object {
            ObjectRef::Pool(id) => self.pools.get(id).is_some(),
            ObjectRef::Texture(id) => self.textures.get(id).is_some(),
            ObjectRef::View(id) => self.views.get(id).is_some(),
            ObjectRef::Sampler(id) => self.samplers.get(id).is_some(),
            ObjectRef::TextureTable(id) => self.texture_tables.get(id).is_some(),
            ObjectRef::SamplerTable(id) => self.sampler_tables.get(id).is_some(),
            ObjectRef::Buffer(id) => self.buffers.get(id).is_some(),
            ObjectRef::Program(id) => self.programs.get(id).is_some(),
            ObjectRef::Sync(id) => self.syncs.get(id).is_some(),
            ObjectRef::Window(id) => self.windows.get(id).is_some(),
        }
    }

    /// A view and the texture under it, if both are live.
    pub fn view_texture(&self, view: ViewId) -> Option<(&TextureView, &Texture)> {
        let view = self.views.get(view)?;
        Some((view, self.textures.get(view.texture)?))
    }

    pub(crate) fn remove(&mut self, object: ObjectRef) -> bool {
        match object {
            ObjectRef::Pool(id) => match self.pools.remove(id) {
                Some(pool) => {
                    self.addresses.remove(pool.address);
                    self.buffers.remove(pool.whole_buffer);
                    true
                }
                None => false,
            },
            ObjectRef::Texture(id) => self.textures.remove(id).is_some(),
            ObjectRef::View(id) => self.views.remove(id).is_some(),
            ObjectRef::Sampler(id) => self.samplers.remove(id).is_some(),
            ObjectRef::TextureTable(id) => self.texture_tables.remove(id).is_some(),
            ObjectRef::SamplerTable(id) => self.sampler_tables.remove(id).is_some(),
            ObjectRef::Buffer(id) => self.buffers.remove(id).is_some(),
            ObjectRef::Program(id) => self.programs.remove(id).is_some(),
            ObjectRef::Sync(id) => self.syncs.remove(id).is_some(),
            ObjectRef::Window(id) => self.windows.remove(id).is_some(),
        }
    }
}
