//! What a list's bindless draws put in the frame's texture tables, decided while the list
//! is prepared: each distinct image view and sampler takes the next element of the
//! current table, and each draw's texture slots become handle words (image index and
//! sampler index, `shader_translate::pack_bindless_handle`) in one array for the list.
//! A table that cannot take a draw's textures is followed by a fresh one; a draw's words
//! index the table it names. Recording writes every table once, before the first draw.

use std::ops::Range;

use ash::vk;
use gpu::id_map::IdMap;
use shader_translate::pack_bindless_handle;

use crate::error::{VkError, VkResult};

/// One table's elements in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TableContents {
    pub images: Vec<vk::ImageView>,
    pub samplers: Vec<vk::Sampler>,
}

/// Where a draw's handle words are: its table and its range of `ListTables::handles`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DrawHandles {
    pub table: u32,
    pub words: Range<u32>,
}

#[derive(Debug, Default)]
pub struct ListTables {
    pub tables: Vec<TableContents>,
    /// Every draw's handle words, in draw order.
    pub handles: Vec<u32>,
    /// Element indices in the last table.
    image_index: IdMap<vk::ImageView, u32>,
    sampler_index: IdMap<vk::Sampler, u32>,
    /// Reused by each draw: its pairs' elements found in the last table.
    found: Vec<(Option<u32>, Option<u32>)>,
}

impl ListTables {
    /// Empty for a new list, keeping the room.
    pub fn reset(&mut self) {
        self.tables.clear();
        self.handles.clear();
        self.image_index.clear();
        self.sampler_index.clear();
    }

    /// The handle words of a draw sampling `pairs` (view, sampler) in slot order, in
    /// tables of at most `capacity` (images, samplers) elements.
    pub fn add(
        &mut self,
        pairs: &[(vk::ImageView, vk::Sampler)],
        capacity: (u32, u32),
    ) -> VkResult<DrawHandles> {
        let (images_cap, samplers_cap) = (capacity.0 as usize, capacity.1 as usize);
        if pairs.len() > images_cap || pairs.len() > samplers_cap {
            return Err(VkError::Unsupported(format!(
                "a draw sampling {} textures (a bindless table holds {} images and {} samplers)",
                pairs.len(),
                capacity.0,
                capacity.1
            )));
        }
        // Each pair's elements where the current table has them; a table that cannot
        // take the rest is followed by a fresh one.
        self.found.clear();
        let (mut new_images, mut new_samplers) = (0, 0);
        for (view, sampler) in pairs {
            let found = (
                self.image_index.get(view).copied(),
                self.sampler_index.get(sampler).copied(),
            );
            new_images += usize::from(found.0.is_none());
            new_samplers += usize::from(found.1.is_none());
            self.found.push(found);
        }
        let fits = self.tables.last().is_some_and(|table| {
            table.images.len() + new_images <= images_cap
                && table.samplers.len() + new_samplers <= samplers_cap
        });
        if !fits {
            self.tables.push(TableContents::default());
            self.image_index.clear();
            self.sampler_index.clear();
            self.found
                .iter_mut()
                .for_each(|found| *found = (None, None));
        }
        let table = self.tables.last_mut().expect("a table was made above");
        let start = self.handles.len() as u32;
        for (&(view, sampler), &(image, sampler_index)) in pairs.iter().zip(&self.found) {
            // A repeat within the draw was not found above but may be added by now.
            let image = match image {
                Some(image) => image,
                None => *self.image_index.entry(view).or_insert_with(|| {
                    table.images.push(view);
                    table.images.len() as u32 - 1
                }),
            };
            let sampler_index = match sampler_index {
                Some(index) => index,
                None => *self.sampler_index.entry(sampler).or_insert_with(|| {
                    table.samplers.push(sampler);
                    table.samplers.len() as u32 - 1
                }),
            };
            self.handles
                .push(pack_bindless_handle(image, sampler_index));
        }
        Ok(DrawHandles {
            table: self.tables.len() as u32 - 1,
            words: start..self.handles.len() as u32,
        })
    }

    pub fn words(&self, handles: &DrawHandles) -> &[u32] {
        &self.handles[handles.words.start as usize..handles.words.end as usize]
    }
}

#[cfg(test)]
mod tests {
    use ash::vk::Handle;

    use super::*;

    fn pair(view: u64, sampler: u64) -> (vk::ImageView, vk::Sampler) {
        (
            vk::ImageView::from_raw(view),
            vk::Sampler::from_raw(sampler),
        )
    }

    #[test]
    fn repeats_share_elements_and_words_pack_both_indices() {
        let mut list = ListTables::default();
        let first = list.add(&[pair(10, 1), pair(11, 1)], (8, 4)).unwrap();
        let second = list.add(&[pair(11, 2), pair(10, 1)], (8, 4)).unwrap();
        assert_eq!((first.table, second.table), (0, 0));
        assert_eq!(
            list.words(&first),
            [pack_bindless_handle(0, 0), pack_bindless_handle(1, 0)]
        );
        assert_eq!(
            list.words(&second),
            [pack_bindless_handle(1, 1), pack_bindless_handle(0, 0)]
        );
        assert_eq!(list.tables[0].images.len(), 2);
        assert_eq!(list.tables[0].samplers.len(), 2);
    }

    #[test]
    fn a_full_table_is_followed_by_a_fresh_one() {
        let mut list = ListTables::default();
        for view in 0..4 {
            assert_eq!(list.add(&[pair(100 + view, 1)], (4, 4)).unwrap().table, 0);
        }
        let next = list.add(&[pair(200, 1), pair(100, 1)], (4, 4)).unwrap();
        assert_eq!(next.table, 1, "two new images do not fit four");
        // The fresh table numbers its own elements from 0, the old view included.
        assert_eq!(
            list.words(&next),
            [pack_bindless_handle(0, 0), pack_bindless_handle(1, 0)]
        );
        assert_eq!(list.tables[1].images, [pair(200, 1).0, pair(100, 1).0]);
        let sampler_bound = list.add(&[pair(1, 5), pair(2, 6), pair(3, 7)], (64, 2));
        assert!(matches!(sampler_bound, Err(VkError::Unsupported(_))));
        list.reset();
        assert!(list.tables.is_empty() && list.handles.is_empty());
    }
}
