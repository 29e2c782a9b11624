//! Typed object ids. A device hands them out in creation order per kind, starting at 1,
//! and never reuses one, so a replayed recording gets the same ids back.

use std::fmt;
use std::num::NonZeroU32;

/// What every object id can do; lets the device make objects of any kind one way.
pub trait TypedId: Copy + Eq + std::hash::Hash + fmt::Debug {
    fn from_raw(raw: u32) -> Option<Self>;
}

macro_rules! object_id {
    ($(#[$doc:meta])* $name:ident, $what:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(NonZeroU32);

        impl $name {
            /// The id with this raw value; `None` for 0, which no object has.
            pub fn from_raw(raw: u32) -> Option<$name> {
                NonZeroU32::new(raw).map($name)
            }
            pub fn raw(self) -> u32 {
                self.0.get()
            }
        }

        impl TypedId for $name {
            fn from_raw(raw: u32) -> Option<$name> {
                $name::from_raw(raw)
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                let raw = self.0.get();
                // A pool's whole-pool buffer (`address::pool_buffer_id`) is named by its
                // pool: it is what a command that named an address there binds.
                if $what == "buffer" && raw & crate::address::POOL_BUFFER_ID_BASE != 0 {
                    let pool = raw & !crate::address::POOL_BUFFER_ID_BASE;
                    return write!(f, "the addresses of pool #{pool}");
                }
                write!(f, concat!($what, " #{}"), self.0)
            }
        }
    };
}

object_id!(PoolId, "pool");
object_id!(TextureId, "texture");
object_id!(ViewId, "texture view");
object_id!(SamplerId, "sampler");
object_id!(TextureTableId, "texture table");
object_id!(SamplerTableId, "sampler table");
object_id!(BufferId, "buffer");
object_id!(ProgramId, "program");
object_id!(SyncId, "sync");
object_id!(WindowId, "window");
object_id!(
    /// A finished command list, numbered by its device.
    CommandListId,
    "command list"
);

/// Any object, for errors that name it and for backend notifications.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ObjectRef {
    Pool(PoolId),
    Texture(TextureId),
    View(ViewId),
    Sampler(SamplerId),
    TextureTable(TextureTableId),
    SamplerTable(SamplerTableId),
    Buffer(BufferId),
    Program(ProgramId),
    Sync(SyncId),
    Window(WindowId),
}

impl ObjectRef {
    /// A small number per kind, used by the recording format.
    pub fn kind_code(self) -> u8 {
        match self {
            ObjectRef::Pool(_) => 1,
            ObjectRef::Texture(_) => 2,
            ObjectRef::View(_) => 3,
            ObjectRef::Sampler(_) => 4,
            ObjectRef::TextureTable(_) => 5,
            ObjectRef::SamplerTable(_) => 6,
            ObjectRef::Buffer(_) => 7,
            ObjectRef::Program(_) => 8,
            ObjectRef::Sync(_) => 9,
            ObjectRef::Window(_) => 10,
        }
    }

    pub fn raw(self) -> u32 {
        match self {
            ObjectRef::Pool(id) => id.raw(),
            ObjectRef::Texture(id) => id.raw(),
            ObjectRef::View(id) => id.raw(),
            ObjectRef::Sampler(id) => id.raw(),
            ObjectRef::TextureTable(id) => id.raw(),
            ObjectRef::SamplerTable(id) => id.raw(),
            ObjectRef::Buffer(id) => id.raw(),
            ObjectRef::Program(id) => id.raw(),
            ObjectRef::Sync(id) => id.raw(),
            ObjectRef::Window(id) => id.raw(),
        }
    }

    /// The inverse of (`kind_code`, `raw`).
    pub fn from_parts(kind_code: u8, raw: u32) -> Option<ObjectRef> {
        Some(match kind_code {
            1 => ObjectRef::Pool(PoolId::from_raw(raw)?),
            2 => ObjectRef::Texture(TextureId::from_raw(raw)?),
            3 => ObjectRef::View(ViewId::from_raw(raw)?),
            4 => ObjectRef::Sampler(SamplerId::from_raw(raw)?),
            5 => ObjectRef::TextureTable(TextureTableId::from_raw(raw)?),
            6 => ObjectRef::SamplerTable(SamplerTableId::from_raw(raw)?),
            7 => ObjectRef::Buffer(BufferId::from_raw(raw)?),
            8 => ObjectRef::Program(ProgramId::from_raw(raw)?),
            9 => ObjectRef::Sync(SyncId::from_raw(raw)?),
            10 => ObjectRef::Window(WindowId::from_raw(raw)?),
            _ => return None,
        })
    }
}

impl fmt::Display for ObjectRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ObjectRef::Pool(id) => id.fmt(f),
            ObjectRef::Texture(id) => id.fmt(f),
            ObjectRef::View(id) => id.fmt(f),
            ObjectRef::Sampler(id) => id.fmt(f),
            ObjectRef::TextureTable(id) => id.fmt(f),
            ObjectRef::SamplerTable(id) => id.fmt(f),
            ObjectRef::Buffer(id) => id.fmt(f),
            ObjectRef::Program(id) => id.fmt(f),
            ObjectRef::Sync(id) => id.fmt(f),
            ObjectRef::Window(id) => id.fmt(f),
        }
    }
}

macro_rules! into_object_ref {
    ($($id:ident => $variant:ident),* $(,)?) => {
        $(impl From<$id> for ObjectRef {
            fn from(id: $id) -> ObjectRef {
                ObjectRef::$variant(id)
            }
        })*
    };
}

into_object_ref!(
    PoolId => Pool,
    TextureId => Texture,
    ViewId => View,
    SamplerId => Sampler,
    TextureTableId => TextureTable,
    SamplerTableId => SamplerTable,
    BufferId => Buffer,
    ProgramId => Program,
    SyncId => Sync,
    WindowId => Window,
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_is_no_id_and_parts_round_trip() {
        assert_eq!(TextureId::from_raw(0), None);
        let texture = TextureId::from_raw(7).unwrap();
        assert_eq!(texture.to_string(), "texture #7");
        let object = ObjectRef::from(texture);
        assert_eq!(
            ObjectRef::from_parts(object.kind_code(), object.raw()),
            Some(object)
        );
        assert_eq!(ObjectRef::from_parts(11, 1), None);
        assert_eq!(ObjectRef::from_parts(2, 0), None);
    }
}
