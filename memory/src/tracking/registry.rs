//! The protected regions, where the fault handler can find them: a fixed table read with
//! atomics only (a signal handler may not lock or allocate).

use std::sync::atomic::{AtomicPtr, AtomicU64, AtomicU8, AtomicUsize, Ordering};

use super::protected::PageBits;

/// The most pools under page protection at once.
pub const MAX_REGIONS: usize = 4096;

const FREE: u8 = 0;
const CLAIMED: u8 = 1;
const LIVE: u8 = 2;
const LEAVING: u8 = 3;

struct Slot {
    state: AtomicU8,
    start: AtomicUsize,
    len: AtomicUsize,
    bits: AtomicPtr<PageBits>,
}

#[allow(clippy::declare_interior_mutable_const)]
const EMPTY: Slot = Slot {
    state: AtomicU8::new(FREE),
    start: AtomicUsize::new(0),
    len: AtomicUsize::new(0),
    bits: AtomicPtr::new(std::ptr::null_mut()),
};

static SLOTS: [Slot; MAX_REGIONS] = [EMPTY; MAX_REGIONS];
/// One past the highest slot ever used: the handler scans no further.
static SLOTS_USED: AtomicUsize = AtomicUsize::new(0);
/// Fault handlers running now: a region leaves only when none is.
static IN_HANDLER: AtomicUsize = AtomicUsize::new(0);
/// Every trap taken on a tracked page.
pub static TRAPS: AtomicU64 = AtomicU64::new(0);

/// Registers `start..start + len` with its page bits; `None` when the table is full.
///
/// # Safety
/// `bits` stays valid until `leave` returns for the slot given back.
pub unsafe fn enter(start: usize, len: usize, bits: *const PageBits) -> Option<usize> {
    for (index, slot) in SLOTS.iter().enumerate() {
        if slot
            .state
            .compare_exchange(FREE, CLAIMED, Ordering::AcqRel, Ordering::Relaxed)
            .is_ok()
        {
            slot.start.store(start, Ordering::Relaxed);
            slot.len.store(len, Ordering::Relaxed);
            slot.bits.store(bits.cast_mut(), Ordering::Relaxed);
            SLOTS_USED.fetch_max(index + 1, Ordering::SeqCst);
            slot.state.store(LIVE, Ordering::SeqCst);
            return Some(index);
        }
    }
    None
}

/// Takes a region out; returns once no fault handler can still be reading it.
pub fn leave(index: usize) {
    let slot = &SLOTS[index];
    slot.state.store(LEAVING, Ordering::SeqCst);
    while IN_HANDLER.load(Ordering::SeqCst) != 0 {
        std::thread::yield_now();
    }
    slot.bits.store(std::ptr::null_mut(), Ordering::Relaxed);
    slot.state.store(FREE, Ordering::Release);
}

/// For the fault handler: when `address` lies in a live region, marks its page written,
/// makes it writable again and returns true; false for any other address. Uses atomics
/// and one `mprotect` (or `VirtualProtect`) call only.
pub fn claim_fault(address: usize) -> bool {
    IN_HANDLER.fetch_add(1, Ordering::SeqCst);
    let mut claimed = false;
    let used = SLOTS_USED.load(Ordering::SeqCst);
    for slot in &SLOTS[..used] {
        if slot.state.load(Ordering::SeqCst) != LIVE {
            continue;
        }
        let start = slot.start.load(Ordering::Relaxed);
        let len = slot.len.load(Ordering::Relaxed);
        if address < start || address - start >= len {
            continue;
        }
        let bits = slot.bits.load(Ordering::Relaxed);
        // SAFETY: a live slot's bits stay valid until `leave`, which waits for this
        // handler to finish (IN_HANDLER is raised above before the state is read).
        let bits = unsafe { &*bits };
        claimed = bits.trapped(start, address - start);
        break;
    }
    IN_HANDLER.fetch_sub(1, Ordering::SeqCst);
    if claimed {
        // Release, after the page's bit: whoever reads the new count finds the bit.
        TRAPS.fetch_add(1, Ordering::Release);
    }
    claimed
}
