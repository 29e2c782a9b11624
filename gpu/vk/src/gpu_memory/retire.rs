//! Deferred release: a resource still used by submitted work is parked with the timeline
//! value of its last use and dropped once the GPU has passed that value.

/// Objects waiting for their last use to complete, in submission order.
pub struct RetireList<T> {
    parked: std::collections::VecDeque<(u64, T)>,
}

impl<T> Default for RetireList<T> {
    fn default() -> Self {
        RetireList {
            parked: Default::default(),
        }
    }
}

impl<T> RetireList<T> {
    /// Parks `item` until the timeline reaches `last_use`.
    pub fn park(&mut self, last_use: u64, item: T) {
        // Values only grow, so the list stays sorted; an older value goes where it belongs.
        let at = self.parked.partition_point(|(value, _)| *value <= last_use);
        self.parked.insert(at, (last_use, item));
    }

    /// Drops everything whose last use is at or below `completed`; returns how many.
    pub fn release(&mut self, completed: u64) -> usize {
        let count = self
            .parked
            .partition_point(|(value, _)| *value <= completed);
        self.parked.drain(..count);
        count
    }

    pub fn len(&self) -> usize {
        self.parked.len()
    }

    pub fn is_empty(&self) -> bool {
        self.parked.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use std::rc::Rc;

    use super::*;

    #[test]
    fn releases_only_what_the_gpu_has_passed() {
        let witness = Rc::new(());
        let mut list = RetireList::default();
        list.park(3, witness.clone());
        list.park(1, witness.clone());
        list.park(5, witness.clone());
        assert_eq!(list.release(0), 0);
        assert_eq!(Rc::strong_count(&witness), 4);
        assert_eq!(list.release(3), 2);
        assert_eq!(Rc::strong_count(&witness), 2);
        assert_eq!(list.release(10), 1);
        assert!(list.is_empty());
        assert_eq!(Rc::strong_count(&witness), 1);
    }
}
