//! NVN's lifetimes: a memory pool outlives the textures and buffers placed in it. Ending
//! a pool one of them still uses is refused when it is asked, naming the user, never
//! found later at submit as a pool the executor does not know.

use super::ObjectTables;
use crate::ids::{ObjectRef, PoolId};

/// A live object placed in `pool`, if any (textures first, then buffers).
pub fn pool_user(tables: &ObjectTables, pool: PoolId) -> Option<ObjectRef> {
    let texture = tables
        .textures
        .iter()
        .find(|(_, texture)| texture.pool == pool)
        .map(|(&id, _)| ObjectRef::from(id));
    texture.or_else(|| {
        tables
            .buffers
            .iter()
            // The pool's own whole-pool buffer (its addresses) ends with it.
            .find(|(&id, buffer)| {
                buffer.pool == pool && crate::address::pool_of_pool_buffer(id).is_none()
            })
            .map(|(&id, _)| ObjectRef::from(id))
    })
}
