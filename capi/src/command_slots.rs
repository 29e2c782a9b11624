//! Command buffers' handle table. A command is the one call a game makes thousands of
//! times a frame, so a command buffer's slot is never freed (a finalized one is reused
//! with a new generation) and a command finds its slot without a table lock.
//!
//! NVN command buffers are externally synchronised: one thread records a given command
//! buffer at a time. So a slot has an owner, the thread that records into it: the first
//! command of a recording claims the slot for its thread (one compare-and-swap), the
//! commands after it check that they run on that thread (a plain load, no atomic
//! read-modify-write: the swap a call of a lock costs more than the command itself), and
//! `hsCommandBufferEndRecording` gives the slot back. Calls outside a recording (begin,
//! clear, finalize) claim the slot for the call alone, and wait for one another. A call
//! from another thread while a recording is claimed fails (`HS_ERROR_BUSY`); the state is
//! never reached by two threads at once.

use std::cell::UnsafeCell;
use std::sync::atomic::{AtomicU32, AtomicU64, AtomicUsize, Ordering};

use parking_lot::Mutex;

use crate::objects::COMMAND_BUFFER_KIND;
use crate::registry::{check_tag, finalized, peek_words, tag_of, Words};
use crate::result::{CapiError, CapiResult};
use crate::state::CommandBufferState;

const WHAT: &str = "command buffer";
const TAG: u64 = tag_of(COMMAND_BUFFER_KIND);
/// How many command buffers may live at once: the table is one static array, so a
/// command finds its slot from the handle's low bits with no table lock or chunk lookup.
const SLOTS: usize = 1 << 16;
/// The handle's bits that index the table.
const INDEX_MASK: u64 = SLOTS as u64 - 1;
/// The owner bit of a claim that ends with its call (the other bits: the thread's token).
const FOR_THE_CALL: usize = 1;

/// This thread's token: it tells live threads apart, is never 0 and leaves the
/// `FOR_THE_CALL` bit free. On Linux on x86-64 and AArch64 it is the thread pointer (the
/// TLS ABI's; 16-aligned), read in one instruction in a shared library too, where a
/// thread-local's address can cost a call (`__tls_get_addr`).
#[inline(always)]
fn this_thread() -> usize {
    thread_pointer()
}

#[cfg(all(target_arch = "x86_64", target_os = "linux"))]
#[inline(always)]
fn thread_pointer() -> usize {
    let pointer: usize;
    // SAFETY: on x86-64 Linux `%fs` is the thread pointer, whose first word (`%fs:0`) holds
    // its own address (the TLS ABI's TCB header, glibc's and musl's); a plain read.
    unsafe {
        std::arch::asm!("mov {}, fs:0", out(reg) pointer, options(pure, readonly, nostack, preserves_flags));
    }
    pointer
}

#[cfg(all(target_arch = "aarch64", target_os = "linux"))]
#[inline(always)]
fn thread_pointer() -> usize {
    let pointer: usize;
    // SAFETY: reads the thread pointer register, which the C library sets per thread.
    unsafe {
        std::arch::asm!("mrs {}, tpidr_el0", out(reg) pointer, options(pure, nomem, nostack, preserves_flags));
    }
    pointer
}

#[cfg(not(any(
    all(target_arch = "x86_64", target_os = "linux"),
    all(target_arch = "aarch64", target_os = "linux")
)))]
#[inline(always)]
fn thread_pointer() -> usize {
    thread_local! {
        /// Only its address is used (8-aligned and never 0).
        static THREAD_TOKEN: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    }
    THREAD_TOKEN.with(|cell| std::ptr::from_ref(cell) as usize)
}

/// One command buffer's place: its owner, its generation, and its state.
pub(crate) struct Slot {
    /// 0: no thread holds the slot; else the token of the thread that does, with
    /// `FOR_THE_CALL` set while the claim ends with its call.
    owner: AtomicUsize,
    /// While the thread `owner` names keeps the slot for a recording: the handle word of
    /// the command buffer (its index and generation, so never 0); else 0. Written only by
    /// that thread, with `owner`: a recording's commands find their command buffer with
    /// this compare and the owner's (`kept_here`).
    kept: AtomicU64,
    /// Moved on by a finalize, so the words of the command buffer no longer match; read
    /// without a claim by `is_live`, written only under one.
    generation: AtomicU32,
    state: UnsafeCell<Option<Box<CommandBufferState>>>,
}

impl Slot {
    /// All zeros, so the table is in the zero-filled section (no pages until used).
    const fn free() -> Slot {
        Slot {
            owner: AtomicUsize::new(0),
            kept: AtomicU64::new(0),
            generation: AtomicU32::new(0),
            state: UnsafeCell::new(None),
        }
    }
}

// SAFETY: `state` is reached only through a `Held`, made by the one thread whose token
// `owner` holds (see `claim`), or by `kept_here` on that thread.
unsafe impl Sync for Slot {}

static SLOT_TABLE: [Slot; SLOTS] = [const { Slot::free() }; SLOTS];

/// Slots handed out so far, and the finalized ones to hand out again.
static ALLOCATION: Mutex<(usize, Vec<usize>)> = Mutex::new((0, Vec::new()));

#[inline]
fn slot(index: usize) -> Option<&'static Slot> {
    SLOT_TABLE.get(index)
}

/// A call's hold on a slot: the state, reached by this thread alone. Dropping it gives the
/// slot back when the claim was for the call.
pub(crate) struct Held {
    slot: &'static Slot,
    /// The handle word the slot was claimed with (`Slot::kept` while kept).
    handle: u64,
    /// Whether the drop gives the slot back.
    release: bool,
}

impl Held {
    /// Keeps the slot for this thread after the call: a recording's commands.
    #[inline]
    pub fn keep(&mut self) {
        if self.release {
            // Only the holder writes a held slot's owner, so a plain store suffices.
            self.slot.owner.store(this_thread(), Ordering::Relaxed);
            self.release = false;
        }
        self.slot.kept.store(self.handle, Ordering::Relaxed);
    }

    /// Gives the slot back when the call ends, kept or not: the end of a recording.
    pub fn give_back(&mut self) {
        self.release = true;
    }

    /// The state of the slot this thread keeps (`keep`), past the hold: the rest of a
    /// recording's first command, which reaches it as the later commands do.
    ///
    /// # Safety
    /// The state is used within the current call only, by a body that does not call
    /// Hookshot (as `kept_here`'s).
    pub unsafe fn into_kept<'call>(mut self) -> &'call mut CommandBufferState {
        self.keep();
        // SAFETY: this thread keeps the slot (just above), so the drop gives nothing
        // back and no other thread reaches the state until this one ends the recording.
        let state = unsafe { &mut *self.slot.state.get() };
        state.as_deref_mut().expect("claim checks it")
    }

    #[inline]
    pub fn state(&mut self) -> &mut CommandBufferState {
        held_state(self).as_deref_mut().expect("claim checks it")
    }
}

impl Drop for Held {
    #[inline]
    fn drop(&mut self) {
        if self.release {
            self.slot.kept.store(0, Ordering::Relaxed);
            self.slot.owner.store(0, Ordering::Release);
        }
    }
}

/// Claims `slot` for this thread: at once when it holds it already (kept by a
/// recording), else for the call, waiting while another thread's call holds it.
#[inline(always)]
fn claim_slot(slot: &'static Slot, handle: u64) -> CapiResult<Held> {
    let me = this_thread();
    let owner = slot.owner.load(Ordering::Relaxed);
    if owner == me {
        return Ok(Held {
            slot,
            handle,
            release: false,
        });
    }
    claim_free(slot, handle, me)
}

/// `claim_slot` when this thread does not hold the slot yet.
#[cold]
fn claim_free(slot: &'static Slot, handle: u64, me: usize) -> CapiResult<Held> {
    loop {
        match slot.owner.compare_exchange_weak(
            0,
            me | FOR_THE_CALL,
            Ordering::Acquire,
            Ordering::Relaxed,
        ) {
            Ok(_) => {
                return Ok(Held {
                    slot,
                    handle,
                    release: true,
                })
            }
            Err(0) => continue,
            Err(owner) if owner == me | FOR_THE_CALL => {
                return Err(CapiError::Busy(
                    "the command buffer is in use by this thread's call already (a debug \
                     callback may not call on the command buffer that failed)"
                        .into(),
                ))
            }
            // Another thread's call: it gives the slot back as it returns.
            Err(owner) if owner & FOR_THE_CALL != 0 => std::thread::yield_now(),
            Err(_) => {
                return Err(CapiError::Busy(
                    "the command buffer is recording on another thread: one thread records \
                     a command buffer from its first command to hsCommandBufferEndRecording"
                        .into(),
                ))
            }
        }
    }
}

/// The state behind `words`, held by this thread.
#[inline(always)]
pub(crate) fn claim(words: Words) -> CapiResult<Held> {
    let (index, generation) = check_tag(words, TAG, WHAT)?;
    let slot = slot(index).ok_or_else(|| finalized(WHAT))?;
    let mut held = claim_slot(slot, words[0])?;
    // Read under the hold: the generation and state change only under one.
    if slot.generation.load(Ordering::Relaxed) != generation || held_state(&mut held).is_none() {
        return Err(finalized(WHAT));
    }
    Ok(held)
}

/// The state behind the caller's object at `ptr` when this thread keeps it for a
/// recording (a recording's commands after its first): the commands' short way, with no
/// claim and no failure to build. `None` for anything else; `claim` then decides, and
/// says what is wrong.
///
/// The checks: the pointer (null, alignment), the kind's tag, then the slot the handle's
/// low bits name: its kept handle word is the caller's (so the generation matches and a
/// recording is kept) and its owner is this thread. A handle whose index is past the
/// table fails the first compare (no kept word has those bits).
///
/// # Safety
/// `ptr`, when non-null and aligned, points to 16 readable bytes. The state is used
/// during the current call only, by a body that does not call Hookshot.
#[inline(always)]
pub(crate) unsafe fn kept_here<'call, O>(ptr: *const O) -> Option<&'call mut CommandBufferState> {
    // SAFETY: passed on from the caller.
    let [handle, tag] = unsafe { peek_words(ptr) }?;
    if tag != TAG {
        return None;
    }
    let slot = &SLOT_TABLE[(handle & INDEX_MASK) as usize];
    if slot.kept.load(Ordering::Relaxed) != handle
        || slot.owner.load(Ordering::Relaxed) != this_thread()
    {
        return None;
    }
    // SAFETY: this thread keeps the slot, and its calls reach the state one at a time;
    // the caller uses it within this call.
    unsafe { &mut *slot.state.get() }.as_deref_mut()
}

fn held_state(held: &mut Held) -> &mut Option<Box<CommandBufferState>> {
    // SAFETY: this thread holds the slot, and `&mut held` is the only borrow of the hold.
    unsafe { &mut *held.slot.state.get() }
}

/// Whether `words` name a live command buffer (a slot's generation moves on when a
/// command buffer comes and when it goes, so only a live one's words match it).
pub(crate) fn is_live(words: Words) -> bool {
    let Ok((index, generation)) = check_tag(words, TAG, WHAT) else {
        return false;
    };
    slot(index).is_some_and(|slot| slot.generation.load(Ordering::Acquire) == generation)
}

/// Moves the generation of `slot` (held by this thread) on, and returns the new one.
fn next_generation(slot: &Slot) -> u32 {
    let generation = slot
        .generation
        .load(Ordering::Relaxed)
        .wrapping_add(1)
        .max(1);
    slot.generation.store(generation, Ordering::Release);
    generation
}

/// Stores `state` in a free slot and returns the caller's words for it.
pub(crate) fn insert(state: CommandBufferState) -> CapiResult<Words> {
    let index = {
        let mut allocation = ALLOCATION.lock();
        match allocation.1.pop() {
            Some(index) => index,
            None => {
                let index = allocation.0;
                if index >= SLOTS {
                    return Err(CapiError::OutOfRange(format!(
                        "{SLOTS} command buffers live at once; finalize some"
                    )));
                }
                allocation.0 += 1;
                index
            }
        }
    };
    let slot = slot(index).expect("allocated below SLOTS");
    // A free slot is never kept by a recording (the finalize gave it back); a stale
    // handle's call may hold it for a moment, and fails.
    let mut held = claim_slot(slot, 0)?;
    *held_state(&mut held) = Some(Box::new(state));
    // Moved on here as well as at the finalize: no words of a free slot ever match it.
    let generation = next_generation(slot);
    Ok([index as u64 | (u64::from(generation) << 32), TAG])
}

/// Takes the state out; the slot's generation moves on, so the words no longer resolve.
pub(crate) fn remove(words: Words) -> CapiResult<CommandBufferState> {
    let (index, _) = check_tag(words, TAG, WHAT)?;
    let state = {
        let mut held = claim(words)?;
        held.give_back();
        next_generation(held.slot);
        held_state(&mut held).take().expect("claim checks it")
    };
    ALLOCATION.lock().1.push(index);
    Ok(*state)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thread_tokens_leave_the_owner_bit_free_and_tell_live_threads_apart() {
        let me = this_thread();
        assert_ne!(me, 0);
        assert_eq!(me & FOR_THE_CALL, 0);
        assert_eq!(this_thread(), me, "a thread keeps its token");
        let (sender, receiver) = std::sync::mpsc::channel();
        let (done, wait) = std::sync::mpsc::channel::<()>();
        let other = std::thread::spawn(move || {
            sender.send(this_thread()).expect("sends");
            // Alive until the main thread has compared.
            let _ = wait.recv();
        });
        let theirs = receiver.recv().expect("receives");
        assert_ne!(theirs, me);
        assert_eq!(theirs & FOR_THE_CALL, 0);
        done.send(()).expect("sends");
        other.join().expect("joins");
    }
}
