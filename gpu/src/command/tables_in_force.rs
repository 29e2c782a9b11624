//! The texture table and the sampler table in force, each set on its own. NVN sets the
//! texture pool and the sampler pool with separate calls, and either may come from an
//! earlier list on the queue: handles are looked up only once both are known.

use crate::ids::{SamplerTableId, TextureTableId};

/// One of the two descriptor tables, bound on its own (NVN's `SetTexturePool` or
/// `SetSamplerPool`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TableBind {
    Textures(TextureTableId),
    Samplers(SamplerTableId),
}

/// The tables in force: each `None` until something binds it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TablesInForce {
    pub textures: Option<TextureTableId>,
    pub samplers: Option<SamplerTableId>,
}

impl TablesInForce {
    /// Both tables, once both are bound (a handle indexes both).
    pub fn pair(&self) -> Option<(TextureTableId, SamplerTableId)> {
        Some((self.textures?, self.samplers?))
    }

    pub fn bind_pair(&mut self, textures: TextureTableId, samplers: SamplerTableId) {
        self.textures = Some(textures);
        self.samplers = Some(samplers);
    }

    pub fn bind_one(&mut self, bind: TableBind) {
        match bind {
            TableBind::Textures(textures) => self.textures = Some(textures),
            TableBind::Samplers(samplers) => self.samplers = Some(samplers),
        }
    }

    /// What is in force after a list that set `later` runs from `self`.
    pub fn then(self, later: TablesInForce) -> TablesInForce {
        TablesInForce {
            textures: later.textures.or(self.textures),
            samplers: later.samplers.or(self.samplers),
        }
    }
}
