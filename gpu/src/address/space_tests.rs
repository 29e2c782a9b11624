//! The address space against a naive model: a list of live ranges scanned in full, and
//! placement tried at every aligned address in turn.

use proptest::prelude::*;

use super::*;
use crate::ids::PoolId;

const PAGE: u64 = POOL_ALIGNMENT_B;
const BASE: u64 = 16 * PAGE;
const LIMIT: u64 = 80 * PAGE;

#[derive(Default)]
struct Model {
    live: Vec<(u64, u64, PoolId)>,
    cursor: Option<u64>,
}

impl Model {
    fn free(&self, start: u64, end: u64) -> bool {
        self.live.iter().all(|&(s, e, _)| end <= s || e <= start)
    }

    fn place(&mut self, pool: PoolId, size_b: u64) -> Option<u64> {
        let cursor = self.cursor.unwrap_or(BASE);
        let fits = |start: u64| start + size_b <= LIMIT && self.free(start, start + size_b);
        let from_cursor = (cursor..LIMIT).step_by(PAGE as usize).find(|&s| fits(s));
        let start =
            from_cursor.or_else(|| (BASE..LIMIT).step_by(PAGE as usize).find(|&s| fits(s)))?;
        self.live.push((start, start + size_b, pool));
        self.cursor = Some((start + size_b).div_ceil(PAGE) * PAGE);
        Some(start)
    }

    fn resolve(&self, address: u64, size_b: u64) -> Result<(PoolId, u64), &'static str> {
        let Some(&(s, e, pool)) = self
            .live
            .iter()
            .find(|&&(s, e, _)| s <= address && address < e)
        else {
            return Err("not in pool");
        };
        if address + size_b <= e {
            return Ok((pool, address - s));
        }
        if size_b > 0 && self.live.iter().any(|&(next, _, _)| next == e) {
            return Err("across");
        }
        Err("past end")
    }
}

#[derive(Clone, Debug)]
enum Step {
    Place { pages: u64, extra_b: u64 },
    Remove { which: usize },
    Look { address: u64, size_b: u64 },
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        (1u64..12, 0u64..2).prop_map(|(pages, extra)| Step::Place {
            pages,
            extra_b: extra * 4096 * 3
        }),
        (0usize..16).prop_map(|which| Step::Remove { which }),
        (BASE - PAGE..LIMIT + PAGE, 0u64..3 * PAGE)
            .prop_map(|(address, size_b)| Step::Look { address, size_b }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]
    #[test]
    fn agrees_with_a_naive_model(steps in prop::collection::vec(step(), 1..120)) {
        let mut space = AddressSpace::with_bounds(BASE, LIMIT);
        let mut model = Model::default();
        let mut next_pool = 1u32;
        for step in steps {
            match step {
                Step::Place { pages, extra_b } => {
                    // Sizes need not be multiples of the alignment: gaps are left.
                    let size_b = (pages * PAGE).saturating_sub(extra_b);
                    let pool = PoolId::from_raw(next_pool).unwrap();
                    next_pool += 1;
                    let placed = space.place(pool, size_b).ok().map(|a| a.0);
                    prop_assert_eq!(placed, model.place(pool, size_b));
                    if let Some(start) = placed {
                        prop_assert_eq!(start % PAGE, 0);
                    }
                }
                Step::Remove { which } => {
                    if !model.live.is_empty() {
                        let (start, _, pool) = model.live.remove(which % model.live.len());
                        let removed = space.remove(GpuAddress(start)).map(|r| r.pool);
                        prop_assert_eq!(removed, Some(pool));
                    }
                }
                Step::Look { address, size_b } => {
                    let got = space.resolve(GpuAddress(address), size_b);
                    let want = model.resolve(address, size_b);
                    match (&got, want) {
                        (Ok((range, offset_b)), Ok((pool, model_offset))) => {
                            prop_assert_eq!((range.pool, *offset_b), (pool, model_offset));
                        }
                        (Err(AddressError::NotInPool { nearest, .. }), Err("not in pool")) => {
                            prop_assert_eq!(nearest.is_some(), !model.live.is_empty());
                        }
                        (Err(AddressError::PastPoolEnd { .. }), Err("past end")) => {}
                        (Err(AddressError::AcrossPools { .. }), Err("across")) => {}
                        (got, want) => prop_assert!(false, "{got:?} against {want:?}"),
                    }
                }
            }
        }
        let ranges: Vec<_> = space.ranges().map(|r| (r.start.0, r.end())).collect();
        prop_assert!(ranges.windows(2).all(|w| w[0].1 <= w[1].0));
    }
}

#[test]
fn pools_are_placed_in_order_from_the_base_and_not_reused_at_once() {
    let mut space = AddressSpace::default();
    let pool = |raw| PoolId::from_raw(raw).unwrap();
    let a = space.place(pool(1), 4096).unwrap();
    let b = space.place(pool(2), 3 * PAGE).unwrap();
    assert_eq!(a, GpuAddress(ADDRESS_BASE));
    assert_eq!(b, GpuAddress(ADDRESS_BASE + PAGE));
    space.remove(a);
    let c = space.place(pool(3), 4096).unwrap();
    assert_eq!(c, GpuAddress(ADDRESS_BASE + 4 * PAGE));
    assert!(matches!(
        space.resolve(a, 4),
        Err(AddressError::NotInPool { nearest: Some(NearestPool { pool: p, .. }), .. }) if p == pool(2)
    ));
}

#[test]
fn a_full_space_refuses_with_a_typed_error() {
    let mut space = AddressSpace::with_bounds(BASE, BASE + 2 * PAGE);
    let pool = |raw| PoolId::from_raw(raw).unwrap();
    space.place(pool(1), 2 * PAGE).unwrap();
    assert!(matches!(
        space.place(pool(2), 4096),
        Err(AddressError::Exhausted { live_pools: 1, .. })
    ));
}
