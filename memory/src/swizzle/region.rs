//! A box of elements in one level, and its tightly packed linear form.

use crate::layout::LevelLayout;

/// A box of elements in one level of one layer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Region {
    pub x_el: u32,
    pub y_el: u32,
    pub z_el: u32,
    pub width_el: u32,
    pub height_el: u32,
    pub depth_el: u32,
}

impl Region {
    /// Every element of `level`.
    pub fn whole(level: &LevelLayout) -> Region {
        Region {
            x_el: 0,
            y_el: 0,
            z_el: 0,
            width_el: level.width_el,
            height_el: level.height_el,
            depth_el: level.depth_el,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.width_el == 0 || self.height_el == 0 || self.depth_el == 0
    }

    /// Whether the region lies inside `level`.
    pub fn fits(&self, level: &LevelLayout) -> bool {
        let end = |start: u32, len: u32| u64::from(start) + u64::from(len);
        end(self.x_el, self.width_el) <= u64::from(level.width_el)
            && end(self.y_el, self.height_el) <= u64::from(level.height_el)
            && end(self.z_el, self.depth_el) <= u64::from(level.depth_el)
    }

    /// Bytes of the region's elements tightly packed, rows of `width_el` elements.
    pub fn linear_size_b(&self, bytes_per_element: u32) -> u64 {
        u64::from(self.width_el)
            * u64::from(bytes_per_element)
            * u64::from(self.height_el)
            * u64::from(self.depth_el)
    }
}
