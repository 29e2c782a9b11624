//! Command buffers' handle table. A command is the one call a game makes thousands of
//! times a frame, so a command buffer's slot is never freed (a finalized one is reused
//! with a new generation): a call finds its slot without a table lock or a reference
//! count, takes the slot's own lock, and checks the generation under it. Several threads
//! recording into different command buffers share nothing but the chunk table.

use std::cell::UnsafeCell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;

use parking_lot::Mutex;

use crate::objects::COMMAND_BUFFER_KIND;
use crate::registry::{check_tag, finalized, tag_of, Words};
use crate::result::{CapiError, CapiResult};
use crate::state::CommandBufferState;

const WHAT: &str = "command buffer";
const TAG: u64 = tag_of(COMMAND_BUFFER_KIND);
const CHUNK_SLOTS: usize = 256;
const CHUNKS: usize = 1024;

/// A slot's lock: one atomic swap to take, a plain store to give back (a mutex's unlock
/// is a second read-modify-write, a tenth of a command's cost). A command buffer is used
/// by one thread at a time, so it is not contended unless a caller breaks that rule;
/// then the second thread yields until the first is done.
pub(crate) struct SlotMutex<T> {
    locked: AtomicBool,
    value: UnsafeCell<T>,
}

// SAFETY: the value is reached only through a `SlotGuard`, one at a time (see `lock`).
unsafe impl<T: Send> Sync for SlotMutex<T> {}

impl<T> SlotMutex<T> {
    fn new(value: T) -> SlotMutex<T> {
        SlotMutex {
            locked: AtomicBool::new(false),
            value: UnsafeCell::new(value),
        }
    }

    #[inline]
    fn lock(&'static self) -> SlotGuard<T> {
        while self.locked.swap(true, Ordering::Acquire) {
            while self.locked.load(Ordering::Relaxed) {
                std::thread::yield_now();
            }
        }
        SlotGuard { mutex: self }
    }
}

/// The holder of a slot's lock; gives it back when dropped.
pub(crate) struct SlotGuard<T: 'static> {
    mutex: &'static SlotMutex<T>,
}

impl<T> std::ops::Deref for SlotGuard<T> {
    type Target = T;
    fn deref(&self) -> &T {
        // SAFETY: this guard's swap took the lock, so no other reference to the value lives.
        unsafe { &*self.mutex.value.get() }
    }
}

impl<T> std::ops::DerefMut for SlotGuard<T> {
    fn deref_mut(&mut self) -> &mut T {
        // SAFETY: as in `deref`, and `&mut self` makes this the only borrow of the guard.
        unsafe { &mut *self.mutex.value.get() }
    }
}

impl<T> Drop for SlotGuard<T> {
    #[inline]
    fn drop(&mut self) {
        self.mutex.locked.store(false, Ordering::Release);
    }
}

/// One command buffer's place: its generation and state, under its lock.
pub(crate) struct Slot {
    generation: u32,
    pub state: Option<CommandBufferState>,
}

static CHUNK_TABLE: [OnceLock<Box<[SlotMutex<Slot>]>>; CHUNKS] =
    [const { OnceLock::new() }; CHUNKS];

/// Slots handed out so far, and the finalized ones to hand out again.
static ALLOCATION: Mutex<(usize, Vec<usize>)> = Mutex::new((0, Vec::new()));

fn slot(index: usize) -> Option<&'static SlotMutex<Slot>> {
    CHUNK_TABLE
        .get(index / CHUNK_SLOTS)?
        .get()?
        .get(index % CHUNK_SLOTS)
}

/// The locked state behind `words`.
#[inline]
pub(crate) fn lock(words: Words) -> CapiResult<SlotGuard<Slot>> {
    let (index, generation) = check_tag(words, TAG, WHAT)?;
    let slot = slot(index).ok_or_else(|| finalized(WHAT))?.lock();
    if slot.generation != generation || slot.state.is_none() {
        return Err(finalized(WHAT));
    }
    Ok(slot)
}

/// Whether `words` name a live command buffer.
pub(crate) fn is_live(words: Words) -> bool {
    lock(words).is_ok()
}

/// Stores `state` in a free slot and returns the caller's words for it.
pub(crate) fn insert(state: CommandBufferState) -> CapiResult<Words> {
    let index = {
        let mut allocation = ALLOCATION.lock();
        match allocation.1.pop() {
            Some(index) => index,
            None => {
                let index = allocation.0;
                if index >= CHUNK_SLOTS * CHUNKS {
                    return Err(CapiError::OutOfRange(format!(
                        "{} command buffers live at once; finalize some",
                        CHUNK_SLOTS * CHUNKS
                    )));
                }
                allocation.0 += 1;
                index
            }
        }
    };
    CHUNK_TABLE[index / CHUNK_SLOTS].get_or_init(|| {
        (0..CHUNK_SLOTS)
            .map(|_| {
                SlotMutex::new(Slot {
                    generation: 1,
                    state: None,
                })
            })
            .collect()
    });
    let mut slot = slot(index).expect("made above").lock();
    slot.state = Some(state);
    Ok([index as u64 | (u64::from(slot.generation) << 32), TAG])
}

/// Takes the state out; the slot's generation moves on, so the words no longer resolve.
pub(crate) fn remove(words: Words) -> CapiResult<CommandBufferState> {
    let (index, _) = check_tag(words, TAG, WHAT)?;
    let state = {
        let mut slot = lock(words)?;
        slot.generation = slot.generation.wrapping_add(1).max(1);
        slot.state.take().expect("lock checks it")
    };
    ALLOCATION.lock().1.push(index);
    Ok(state)
}
