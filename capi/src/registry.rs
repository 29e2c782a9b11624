//! Handles: every `HS*` object the caller allocates is 16 bytes, 8-aligned, holding a
//! handle (slot index and generation) and its kind's tag. All state lives here, in one
//! registry per kind; a handle is looked up on every call, so a null, misaligned,
//! garbage, finalized or wrong-kind object is a typed failure, never a stray pointer.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use parking_lot::RwLock;

use crate::result::{CapiError, CapiResult};

/// The two words of an `HS*` object: `[handle, kind tag]`.
pub(crate) type Words = [u64; 2];

/// A kind's tag: "HSOB" and the kind's number, so objects of two kinds never match.
const TAG_BASE: u64 = 0x4853_4f42_0000_0000;

pub(crate) struct Registry<T> {
    /// Singular, for messages ("memory pool").
    pub what: &'static str,
    tag: u64,
    slots: RwLock<Slots<T>>,
    /// Bumped whenever an object leaves: what a command buffer resolved before stays
    /// true while this holds (`Recording::buffer_id`).
    removals: AtomicU64,
}

struct Slots<T> {
    /// Per slot: its generation (bumped when the object goes) and the object.
    entries: Vec<(u32, Option<Arc<T>>)>,
    free: Vec<u32>,
}

/// The names of kinds by tag number, for "a pool where a texture was wanted".
const KIND_NAMES: [&str; 13] = [
    "?",
    "device",
    "memory pool",
    "buffer",
    "texture",
    "sampler",
    "texture pool",
    "sampler pool",
    "program",
    "command buffer",
    "queue",
    "sync",
    "window",
];

impl<T> Registry<T> {
    pub const fn new(what: &'static str, kind_number: u64) -> Registry<T> {
        Registry {
            what,
            tag: tag_of(kind_number),
            slots: RwLock::new(Slots {
                entries: Vec::new(),
                free: Vec::new(),
            }),
            removals: AtomicU64::new(0),
        }
    }

    /// How many objects have left so far.
    #[inline]
    pub fn removals(&self) -> u64 {
        self.removals.load(Ordering::Acquire)
    }

    /// Stores `object` and returns the words for the caller's `HS*` object.
    pub fn insert(&self, object: Arc<T>) -> Words {
        let mut slots = self.slots.write();
        let index = match slots.free.pop() {
            Some(index) => {
                slots.entries[index as usize].1 = Some(object);
                index
            }
            None => {
                slots.entries.push((1, Some(object)));
                (slots.entries.len() - 1) as u32
            }
        };
        let generation = slots.entries[index as usize].0;
        [u64::from(index) | (u64::from(generation) << 32), self.tag]
    }

    /// The object behind `words`.
    #[inline]
    pub fn get(&self, words: Words) -> CapiResult<Arc<T>> {
        let (index, generation) = self.check_tag(words)?;
        let slots = self.slots.read();
        match slots.entries.get(index) {
            Some((live, Some(object))) if *live == generation => Ok(Arc::clone(object)),
            _ => Err(self.finalized()),
        }
    }

    /// Takes the object behind `words` out; its slot's generation moves on, so copies of
    /// the words no longer resolve.
    pub fn remove(&self, words: Words) -> CapiResult<Arc<T>> {
        let (index, generation) = self.check_tag(words)?;
        let mut slots = self.slots.write();
        let Some((live, object)) = slots.entries.get_mut(index) else {
            return Err(self.finalized());
        };
        if *live != generation || object.is_none() {
            return Err(self.finalized());
        }
        let object = object.take().expect("checked above");
        *live = live.wrapping_add(1).max(1);
        slots.free.push(index as u32);
        self.removals.fetch_add(1, Ordering::AcqRel);
        Ok(object)
    }

    /// Whether `words` name a live object of this kind (an object initialized twice).
    pub fn is_live(&self, words: Words) -> bool {
        self.get(words).is_ok()
    }

    fn check_tag(&self, words: Words) -> CapiResult<(usize, u32)> {
        check_tag(words, self.tag, self.what)
    }

    fn finalized(&self) -> CapiError {
        finalized(self.what)
    }
}

/// The tag of kind `kind_number` (its index in the kind names).
pub(crate) const fn tag_of(kind_number: u64) -> u64 {
    TAG_BASE | kind_number
}

/// The (slot index, generation) of `words`, once their tag is `tag`'s.
#[inline]
pub(crate) fn check_tag(words: Words, tag: u64, what: &str) -> CapiResult<(usize, u32)> {
    let [handle, found] = words;
    if found != tag {
        return Err(wrong_tag(found, what));
    }
    Ok(((handle & 0xffff_ffff) as usize, (handle >> 32) as u32))
}

/// `check_tag`'s failure, out of the way of the calls that pass.
#[cold]
fn wrong_tag(found: u64, what: &str) -> CapiError {
    let message = if found == 0 {
        format!("the {what} is not initialized (or was finalized)")
    } else if found & !0xffff == TAG_BASE && ((found & 0xffff) as usize) < KIND_NAMES.len() {
        format!(
            "a {} was passed where a {what} is wanted",
            KIND_NAMES[(found & 0xffff) as usize]
        )
    } else {
        format!("not a Hookshot {what} (garbage or foreign memory)")
    };
    CapiError::InvalidObject(message)
}

/// The failure for words whose object has gone.
#[cold]
pub(crate) fn finalized(what: &str) -> CapiError {
    CapiError::InvalidObject(format!(
        "the {what} was finalized (a copy of a finalized object, or a stale handle)"
    ))
}

/// Reads the words of the caller's object at `ptr`, for the argument `arg`.
///
/// # Safety
/// A non-null, aligned `ptr` must point to 16 readable bytes (the header's contract).
#[inline]
pub(crate) unsafe fn read_words<O>(ptr: *const O, arg: &str) -> CapiResult<Words> {
    check_pointer(ptr, arg)?;
    // SAFETY: non-null and 8-aligned (checked); the caller promises 16 readable bytes.
    Ok(unsafe { ptr.cast::<Words>().read() })
}

/// `read_words` for a short way, which builds no failure: `None` for a null or misaligned
/// `ptr` (the full way then says so).
///
/// # Safety
/// As `read_words`.
#[inline(always)]
pub(crate) unsafe fn peek_words<O>(ptr: *const O) -> Option<Words> {
    // SAFETY: non-null and 8-aligned (checked); the caller promises 16 readable bytes.
    pointer_fits(ptr).then(|| unsafe { ptr.cast::<Words>().read() })
}

/// Writes `words` into the caller's object at `ptr` (checked by `check_pointer`).
///
/// # Safety
/// `ptr` must point to 16 writable bytes.
pub(crate) unsafe fn write_words<O>(ptr: *mut O, words: Words) {
    // SAFETY: the caller checked the pointer and promises 16 writable bytes.
    unsafe { ptr.cast::<Words>().write(words) };
}

/// Null and misalignment, the two faults a pointer shows without being read.
#[inline]
pub(crate) fn check_pointer<O>(ptr: *const O, arg: &str) -> CapiResult<()> {
    if !pointer_fits(ptr) {
        return Err(bad_pointer(ptr.cast(), arg));
    }
    Ok(())
}

/// Whether `ptr` is neither null nor misaligned for an object's words.
#[inline(always)]
fn pointer_fits<O>(ptr: *const O) -> bool {
    !ptr.is_null() && (ptr as usize).is_multiple_of(std::mem::align_of::<Words>())
}

/// `check_pointer`'s failure, out of the way of the calls that pass.
#[cold]
fn bad_pointer(ptr: *const u8, arg: &str) -> CapiError {
    if ptr.is_null() {
        CapiError::InvalidObject(format!("{arg} is NULL"))
    } else {
        CapiError::InvalidObject(format!("{arg} ({ptr:p}) is not 8-byte aligned"))
    }
}
