//! The page table against a naive model (one slot per page, requests written in order),
//! and each rule a request keeps.

use proptest::prelude::*;

use super::*;

const PAGES: u64 = 16;

fn pool(raw: u32) -> PoolId {
    PoolId::from_raw(raw).unwrap()
}

fn request(
    physical: Option<u32>,
    physical_page: u64,
    virtual_page: u64,
    pages: u64,
) -> MappingRequest {
    MappingRequest {
        physical: physical.map(pool),
        physical_offset_b: physical_page * VIRTUAL_PAGE_B,
        virtual_offset_b: virtual_page * VIRTUAL_PAGE_B,
        size_b: pages * VIRTUAL_PAGE_B,
        storage_class: StorageClass::BLOCK_LINEAR,
    }
}

fn requests() -> impl Strategy<Value = Vec<MappingRequest>> {
    let one = (prop::option::of(1u32..4), 0u64..PAGES, 0u64..PAGES, 0u64..5).prop_map(
        |(physical, physical_page, virtual_page, pages)| {
            let pages = pages.min(PAGES - virtual_page);
            request(physical, physical_page, virtual_page, pages)
        },
    );
    prop::collection::vec(one, 0..6)
}

proptest! {
    #[test]
    fn apply_matches_a_slot_per_page(calls in prop::collection::vec(requests(), 1..5)) {
        let mut map = PageMap::default();
        let mut model: Vec<Option<MappedPage>> = vec![None; PAGES as usize];
        for call in calls {
            let before = model.clone();
            for r in &call {
                for index in 0..r.size_b / VIRTUAL_PAGE_B {
                    let page = (r.virtual_offset_b / VIRTUAL_PAGE_B + index) as usize;
                    model[page] = r.physical.map(|physical| MappedPage {
                        physical,
                        physical_offset_b: r.physical_offset_b + index * VIRTUAL_PAGE_B,
                        storage_class: r.storage_class,
                    });
                }
            }
            let changes = map.apply(&call);
            let expected: Vec<PageChange> = (0..PAGES as usize)
                .filter(|&page| before[page] != model[page])
                .map(|page| PageChange {
                    virtual_offset_b: page as u64 * VIRTUAL_PAGE_B,
                    before: before[page],
                    after: model[page],
                })
                .collect();
            prop_assert_eq!(changes, expected);
            for page in 0..PAGES {
                prop_assert_eq!(map.get(page * VIRTUAL_PAGE_B), model[page as usize]);
            }
        }
    }
}

#[test]
fn every_unaligned_field_is_named() {
    let virtual_pool = pool(9);
    let size_b = PAGES * VIRTUAL_PAGE_B;
    let mut r = request(Some(1), 0, 0, 1);
    r.virtual_offset_b += 4096;
    let error = check_request(0, &r, virtual_pool, size_b).unwrap_err();
    assert!(matches!(
        error,
        VirtualMapError::Unaligned {
            what: "virtual offset",
            ..
        }
    ));
    assert!(
        error.to_string().contains("virtual offset 0x1000"),
        "{error}"
    );
    let mut r = request(Some(1), 0, 0, 1);
    r.physical_offset_b = 256;
    assert!(matches!(
        check_request(2, &r, virtual_pool, size_b),
        Err(VirtualMapError::Unaligned {
            request: 2,
            what: "physical offset",
            value_b: 256
        })
    ));
    let mut r = request(Some(1), 0, 0, 1);
    r.size_b = VIRTUAL_PAGE_B + 1;
    assert!(matches!(
        check_request(0, &r, virtual_pool, size_b),
        Err(VirtualMapError::Unaligned { what: "size", .. })
    ));
}

#[test]
fn a_virtual_range_past_the_pool_and_an_unknown_class_are_refused() {
    let virtual_pool = pool(9);
    let size_b = PAGES * VIRTUAL_PAGE_B;
    let r = request(Some(1), 0, PAGES - 1, 2);
    assert_eq!(
        check_request(1, &r, virtual_pool, size_b),
        Err(VirtualMapError::OutOfRange {
            request: 1,
            pool: virtual_pool,
            offset_b: (PAGES - 1) * VIRTUAL_PAGE_B,
            size_b: 2 * VIRTUAL_PAGE_B,
            pool_size_b: size_b,
        })
    );
    let mut r = request(Some(1), 0, u64::MAX / VIRTUAL_PAGE_B, 1);
    r.size_b = VIRTUAL_PAGE_B;
    assert!(
        check_request(0, &r, virtual_pool, size_b).is_err(),
        "no overflow"
    );
    let mut r = request(Some(1), 0, 0, 1);
    r.storage_class = StorageClass(0xdb);
    assert_eq!(
        check_request(0, &r, virtual_pool, size_b),
        Err(VirtualMapError::UnknownStorageClass {
            request: 0,
            class: StorageClass(0xdb)
        })
    );
    // An unmapping request carries no class to check.
    let mut r = request(None, 0, 0, 1);
    r.storage_class = StorageClass(0xdb);
    assert_eq!(check_request(0, &r, virtual_pool, size_b), Ok(()));
}

#[test]
fn forgetting_a_physical_pool_unmaps_its_pages_only() {
    let mut map = PageMap::default();
    map.apply(&[request(Some(1), 0, 0, 2), request(Some(2), 4, 2, 1)]);
    map.forget_pool(pool(1));
    let left: Vec<u64> = map
        .mapped()
        .map(|(at_b, _)| at_b / VIRTUAL_PAGE_B)
        .collect();
    assert_eq!(left, vec![2]);
}
