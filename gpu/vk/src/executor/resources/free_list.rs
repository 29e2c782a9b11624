//! Host images of render targets reclaimed by overwrite (`RX_VK_RT_RECLAIM`), parked by
//! their full image description until the next texture of that description takes one
//! (after the fence of its last use), or released after `IDLE_FRAMES` frames unused.
//! A taken image's contents are garbage for its new texture: it starts as a new image
//! does (layout from undefined, filled from storage or fully overwritten). Parked images
//! count against the image cache's budget (`ImageCache::evict`), and its pressure
//! releases them first, longest parked first: they hold nothing anyone will read.

use std::collections::HashMap;

use crate::gpu_memory::host_image::HostImageDesc;

/// Frames a parked image waits for a taker before it is released.
pub const IDLE_FRAMES: u64 = 15;

/// What the free list holds: the timeline value of its last use, and its bytes.
pub trait Parkable {
    fn last_use(&self) -> u64;
    /// Memory it holds (the allocator's size).
    fn size_b(&self) -> u64;
    /// What the cache's budget counts for it: its storage's bytes, as for a cached image.
    fn budget_b(&self) -> u64;
}

struct Parked<T> {
    item: T,
    parked_frame: u64,
}

/// Counters of the free list (`reuses` and `released` count since it was made).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FreeListCounters {
    /// Images parked now, and their bytes (gauges).
    pub parked: u64,
    pub parked_b: u64,
    /// The parked images' bytes as the image cache's budget counts them (gauge).
    pub parked_budget_b: u64,
    /// Images handed to a new texture instead of making one.
    pub reuses: u64,
    /// Images released after `IDLE_FRAMES` idle frames.
    pub released: u64,
    /// Images released early to bring the image cache within its budget.
    pub pressure_released: u64,
}

pub struct FreeList<T> {
    by_desc: HashMap<HostImageDesc, Vec<Parked<T>>>,
    counters: FreeListCounters,
}

impl<T> Default for FreeList<T> {
    fn default() -> Self {
        FreeList {
            by_desc: HashMap::new(),
            counters: FreeListCounters::default(),
        }
    }
}

impl<T: Parkable> FreeList<T> {
    pub fn park(&mut self, desc: HostImageDesc, item: T, frame: u64) {
        self.counters.parked += 1;
        self.counters.parked_b += item.size_b();
        self.counters.parked_budget_b += item.budget_b();
        self.by_desc.entry(desc).or_default().push(Parked {
            item,
            parked_frame: frame,
        });
    }

    /// A parked image of `desc` whose last use the GPU has completed, if any.
    pub fn take(&mut self, desc: &HostImageDesc, completed: u64) -> Option<T> {
        let parked = self.by_desc.get_mut(desc)?;
        let at = parked
            .iter()
            .position(|parked| parked.item.last_use() <= completed)?;
        let item = parked.swap_remove(at).item;
        if parked.is_empty() {
            self.by_desc.remove(desc);
        }
        self.unpark(&item);
        self.counters.reuses += 1;
        Some(item)
    }

    /// The image parked longest, taken out to be released (budget pressure); the caller
    /// releases it after its last use.
    pub fn release_oldest(&mut self) -> Option<T> {
        let (desc, at) = self
            .by_desc
            .iter()
            .flat_map(|(desc, parked)| {
                parked
                    .iter()
                    .enumerate()
                    .map(move |(at, parked)| (parked.parked_frame, desc, at))
            })
            .min_by_key(|(parked_frame, _, _)| *parked_frame)
            .map(|(_, desc, at)| (*desc, at))?;
        let parked = self.by_desc.get_mut(&desc).expect("found above");
        let item = parked.swap_remove(at).item;
        if parked.is_empty() {
            self.by_desc.remove(&desc);
        }
        self.unpark(&item);
        self.counters.pressure_released += 1;
        Some(item)
    }

    fn unpark(&mut self, item: &T) {
        self.counters.parked -= 1;
        self.counters.parked_b -= item.size_b();
        self.counters.parked_budget_b -= item.budget_b();
    }

    /// Images parked `IDLE_FRAMES` frames or more before `frame`: the caller releases
    /// them after their last use.
    pub fn expire(&mut self, frame: u64) -> Vec<T> {
        let mut expired = Vec::new();
        self.by_desc.retain(|_, parked| {
            let mut index = 0;
            while index < parked.len() {
                if parked[index].parked_frame + IDLE_FRAMES <= frame {
                    expired.push(parked.swap_remove(index).item);
                } else {
                    index += 1;
                }
            }
            !parked.is_empty()
        });
        for item in &expired {
            self.unpark(item);
            self.counters.released += 1;
        }
        expired
    }

    pub fn counters(&self) -> FreeListCounters {
        self.counters
    }
}

#[cfg(test)]
mod tests {
    use ash::vk;

    use super::*;

    #[derive(Debug, PartialEq, Eq)]
    struct Fake {
        last_use: u64,
        size_b: u64,
    }

    impl Parkable for Fake {
        fn last_use(&self) -> u64 {
            self.last_use
        }
        fn size_b(&self) -> u64 {
            self.size_b
        }
        fn budget_b(&self) -> u64 {
            self.size_b / 2
        }
    }

    fn desc(width_px: u32) -> HostImageDesc {
        HostImageDesc {
            format: vk::Format::R8G8B8A8_UNORM,
            aspect: vk::ImageAspectFlags::COLOR,
            image_type: vk::ImageType::TYPE_2D,
            width_px,
            height_px: 64,
            depth_px: 1,
            levels: 1,
            layers: 1,
            samples: vk::SampleCountFlags::TYPE_1,
            cube_compatible: false,
        }
    }

    #[test]
    fn an_image_goes_to_its_description_once_its_last_use_completed() {
        let mut list = FreeList::default();
        list.park(
            desc(64),
            Fake {
                last_use: 7,
                size_b: 100,
            },
            1,
        );
        assert_eq!(list.counters().parked_b, 100);
        assert!(list.take(&desc(128), 10).is_none(), "another description");
        assert!(list.take(&desc(64), 6).is_none(), "its last use is pending");
        assert_eq!(list.take(&desc(64), 7).map(|fake| fake.last_use), Some(7));
        assert!(list.take(&desc(64), 7).is_none());
        let counters = list.counters();
        assert_eq!(
            (counters.parked, counters.parked_b, counters.reuses),
            (0, 0, 1)
        );
    }

    #[test]
    fn an_image_idle_for_fifteen_frames_is_released() {
        let mut list = FreeList::default();
        let fake = |last_use| Fake {
            last_use,
            size_b: 10,
        };
        list.park(desc(64), fake(1), 3);
        list.park(desc(64), fake(2), 5);
        assert!(list.expire(3 + IDLE_FRAMES - 1).is_empty());
        assert_eq!(list.expire(3 + IDLE_FRAMES), vec![fake(1)]);
        assert_eq!(list.counters().parked, 1);
        assert_eq!(list.expire(5 + IDLE_FRAMES), vec![fake(2)]);
        assert_eq!(list.counters().released, 2);
        assert_eq!(list.counters().parked_b, 0);
    }

    #[test]
    fn budget_pressure_takes_the_image_parked_longest() {
        let mut list = FreeList::default();
        let fake = |last_use| Fake {
            last_use,
            size_b: 10,
        };
        list.park(desc(64), fake(1), 4);
        list.park(desc(128), fake(2), 2);
        list.park(desc(64), fake(3), 3);
        assert_eq!(list.counters().parked_budget_b, 15);
        assert_eq!(list.release_oldest(), Some(fake(2)));
        assert_eq!(list.release_oldest(), Some(fake(3)));
        let counters = list.counters();
        assert_eq!(
            (counters.parked, counters.parked_b, counters.parked_budget_b),
            (1, 10, 5)
        );
        assert_eq!(list.release_oldest(), Some(fake(1)));
        assert_eq!(list.release_oldest(), None);
        assert_eq!(list.counters().pressure_released, 3);
        assert_eq!(list.counters().reuses + list.counters().released, 0);
    }
}
