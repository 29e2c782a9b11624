//! How the demo writes its pools: through the mapped pointer with plain copies, as a game
//! does (the default; page protection finds the writes), or through the API's calls.

use anyhow::Context;
use gpu::PoolId;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum PoolWrites {
    /// `memcpy` / `memmove` through `map_pool`'s pointer, with no call to announce them.
    #[default]
    Pointer,
    /// `write_pool` and `copy_pool`.
    Api,
}

impl PoolWrites {
    /// Writes `bytes` at `offset_b` of `pool`.
    pub fn write(
        self,
        nvn: &gpu::Device,
        pool: PoolId,
        offset_b: u64,
        bytes: &[u8],
    ) -> anyhow::Result<()> {
        match self {
            PoolWrites::Api => nvn.write_pool(pool, offset_b, bytes)?,
            PoolWrites::Pointer => {
                let base = mapped(nvn, pool, offset_b, bytes.len() as u64)?;
                // SAFETY: the range lies inside the pool (checked by `mapped`), and the
                // demo finishes the queue every frame before it writes: no GPU work and
                // no other thread uses the bytes now.
                unsafe {
                    std::ptr::copy_nonoverlapping(
                        bytes.as_ptr(),
                        base.as_ptr().add(offset_b as usize),
                        bytes.len(),
                    )
                };
            }
        }
        Ok(())
    }

    /// Moves `len_b` bytes inside `pool` from `from_b` to `to_b` (a defragmentation).
    pub fn copy_within(
        self,
        nvn: &gpu::Device,
        pool: PoolId,
        from_b: u64,
        to_b: u64,
        len_b: u64,
    ) -> anyhow::Result<()> {
        match self {
            PoolWrites::Api => nvn.copy_pool(pool, from_b, pool, to_b, len_b)?,
            PoolWrites::Pointer => {
                let base = mapped(nvn, pool, from_b.max(to_b), len_b)?;
                // SAFETY: both ranges lie inside the pool (the larger offset was checked),
                // `copy` is memmove, and no GPU work or other thread uses the pool now.
                unsafe {
                    std::ptr::copy(
                        base.as_ptr().add(from_b as usize),
                        base.as_ptr().add(to_b as usize),
                        len_b as usize,
                    )
                };
            }
        }
        Ok(())
    }
}

/// The pool's mapped pointer, once `offset_b + len_b` is known to lie inside it.
fn mapped(
    nvn: &gpu::Device,
    pool: PoolId,
    offset_b: u64,
    len_b: u64,
) -> anyhow::Result<std::ptr::NonNull<u8>> {
    let size_b = nvn.pool(pool)?.size_b();
    let end_b = offset_b
        .checked_add(len_b)
        .context("a range past the address space")?;
    anyhow::ensure!(
        end_b <= size_b,
        "{offset_b:#x}+{len_b:#x} is past the pool's {size_b:#x} bytes"
    );
    Ok(nvn.map_pool(pool)?)
}
