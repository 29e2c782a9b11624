use super::*;

const LOCAL: vk::MemoryPropertyFlags = vk::MemoryPropertyFlags::DEVICE_LOCAL;
const VISIBLE: vk::MemoryPropertyFlags = vk::MemoryPropertyFlags::HOST_VISIBLE;
const COHERENT: vk::MemoryPropertyFlags = vk::MemoryPropertyFlags::HOST_COHERENT;
const CACHED: vk::MemoryPropertyFlags = vk::MemoryPropertyFlags::HOST_CACHED;

/// NVIDIA's table on the H100 and H200 (driver 580), as `hookshot probe host-import` and
/// the copy-on-map reason reported it: type 1 device-local (heap 0), types 2 and 3
/// host-visible and coherent (3 cached, heap 1), type 0 with no flags; host memory
/// imports into 0xc, and a sparse buffer made for it takes 0x2.
fn nvidia_580() -> Vec<vk::MemoryPropertyFlags> {
    vec![
        vk::MemoryPropertyFlags::empty(),
        LOCAL,
        VISIBLE | COHERENT,
        VISIBLE | COHERENT | CACHED,
    ]
}

/// The same with the device-local, host-visible type resizable BAR adds (type 4).
fn nvidia_580_rebar() -> Vec<vk::MemoryPropertyFlags> {
    let mut types = nvidia_580();
    types.push(LOCAL | VISIBLE | COHERENT);
    types
}

#[test]
fn nvidia_binds_device_local_mirrors_where_imported_memory_has_no_sparse_type() {
    let bits = SparseTypeBits {
        sparse_for_import: 0x2,
        host_pointer: 0xc,
        sparse_plain: 0x2,
        pool_buffer: 0xf,
        imports_unbound: false,
    };
    let chosen = choose_sparse_memory(&bits, &nvidia_580()).unwrap();
    assert_eq!(
        chosen,
        SparseMemory::Mirror {
            type_index: 1,
            host_visible: false
        }
    );
    let said = chosen.describe(&bits, &nvidia_580());
    assert!(said.contains("memory type 1 (device-local;"), "{said}");
    assert!(said.contains("GPU copies"), "{said}");
    assert!(said.contains("(0x2)") && said.contains("(0xc)"), "{said}");
    // A BAR type the sparse buffer does not take changes nothing.
    let rebar = SparseTypeBits {
        pool_buffer: 0x1f,
        ..bits
    };
    assert_eq!(
        choose_sparse_memory(&rebar, &nvidia_580_rebar()),
        Ok(chosen)
    );
    // One it takes is preferred: device-local and mapped, kept by CPU copies.
    let rebar_sparse = SparseTypeBits {
        sparse_plain: 0x12,
        ..rebar
    };
    assert_eq!(
        choose_sparse_memory(&rebar_sparse, &nvidia_580_rebar()),
        Ok(SparseMemory::Mirror {
            type_index: 4,
            host_visible: true
        })
    );
}

#[test]
fn imported_memory_is_bound_where_a_sparse_buffer_takes_its_type() {
    // lavapipe's one type, were sparse binding offered there.
    let lavapipe = vec![LOCAL | VISIBLE | COHERENT | CACHED];
    let bits = SparseTypeBits {
        sparse_for_import: 0x1,
        host_pointer: 0x1,
        sparse_plain: 0x1,
        pool_buffer: 0x1,
        imports_unbound: false,
    };
    assert_eq!(
        choose_sparse_memory(&bits, &lavapipe),
        Ok(SparseMemory::Imported { types: 0x1 })
    );
    // NVIDIA's table, were a sparse buffer to take host memory's types.
    let shared = SparseTypeBits {
        sparse_for_import: 0xe,
        host_pointer: 0xc,
        sparse_plain: 0x2,
        pool_buffer: 0xf,
        imports_unbound: false,
    };
    assert_eq!(
        choose_sparse_memory(&shared, &nvidia_580()),
        Ok(SparseMemory::Imported { types: 0xc })
    );
    let said = SparseMemory::Imported { types: 0xc }.describe(&shared, &nvidia_580());
    assert!(said.contains("imported host memory (types 0xc)"), "{said}");
    // lavapipe 25: its one type takes both, but a probe found the GPU does not read an
    // import through a sparse buffer; mirrors in that type are bound, and say why.
    let unbound = SparseTypeBits {
        imports_unbound: true,
        ..bits
    };
    let chosen = choose_sparse_memory(&unbound, &lavapipe).unwrap();
    assert_eq!(
        chosen,
        SparseMemory::Mirror {
            type_index: 0,
            host_visible: true
        }
    );
    let said = chosen.describe(&unbound, &lavapipe);
    assert!(
        said.contains("did not show the GPU the host's bytes"),
        "{said}"
    );
}

#[test]
fn no_shared_type_is_refused_naming_every_mask() {
    let bits = SparseTypeBits {
        sparse_for_import: 0x2,
        host_pointer: 0xc,
        sparse_plain: 0x2,
        pool_buffer: 0xc,
        imports_unbound: false,
    };
    let why = choose_sparse_memory(&bits, &nvidia_580()).unwrap_err();
    assert!(why.starts_with("no memory type takes both"), "{why}");
    for mask in ["(0x2)", "(0xc)"] {
        assert!(why.contains(mask), "{why}");
    }
    // Bits past the table's types, and protected memory, are never chosen.
    let past = SparseTypeBits {
        sparse_plain: 0x30,
        pool_buffer: 0x30,
        ..bits
    };
    assert!(choose_sparse_memory(&past, &nvidia_580()).is_err());
    let protected = vec![LOCAL | vk::MemoryPropertyFlags::PROTECTED];
    let only_protected = SparseTypeBits {
        sparse_for_import: 0,
        host_pointer: 0,
        sparse_plain: 0x1,
        pool_buffer: 0x1,
        imports_unbound: false,
    };
    assert!(choose_sparse_memory(&only_protected, &protected).is_err());
}

/// Every table of up to 6 types with random flags and masks: the choice is a type every
/// mask allows, and no allowed type ranks better (checked by a scan of all of them).
#[test]
fn the_choice_is_the_best_allowed_type_on_generated_tables() {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let palette = [
        vk::MemoryPropertyFlags::empty(),
        LOCAL,
        VISIBLE | COHERENT,
        VISIBLE | COHERENT | CACHED,
        LOCAL | VISIBLE | COHERENT,
        LOCAL | VISIBLE | COHERENT | CACHED,
        LOCAL | VISIBLE | CACHED,
    ];
    for _ in 0..2000 {
        let count = 1 + (next() % 6) as usize;
        let types: Vec<_> = (0..count)
            .map(|_| palette[(next() % palette.len() as u64) as usize])
            .collect();
        let mask = |value: u64| (value & 0x3f) as u32;
        let bits = SparseTypeBits {
            sparse_for_import: mask(next()),
            host_pointer: mask(next()),
            sparse_plain: mask(next()),
            pool_buffer: mask(next()),
            imports_unbound: false,
        };
        let live = (1u32 << count) - 1;
        let chosen = choose_sparse_memory(&bits, &types);
        let imported = bits.sparse_for_import & bits.host_pointer & live;
        let mirrors = bits.sparse_plain & bits.pool_buffer & live;
        match chosen {
            Ok(SparseMemory::Imported { types: taken }) => assert_eq!(taken, imported),
            Ok(SparseMemory::Mirror {
                type_index,
                host_visible,
            }) => {
                assert_eq!(imported, 0);
                assert!(mirrors & (1 << type_index) != 0);
                let flags = types[type_index as usize];
                assert_eq!(host_visible, flags.contains(VISIBLE | COHERENT));
                let score = |f: vk::MemoryPropertyFlags| {
                    (!f.contains(LOCAL), !f.contains(VISIBLE | COHERENT))
                };
                for other in (0..count).filter(|i| mirrors & (1 << i) != 0) {
                    assert!(score(types[other]) >= score(flags), "{types:?} {bits:?}");
                }
            }
            Err(why) => {
                assert_eq!(imported | mirrors, 0, "{why}");
                assert!(why.starts_with("no memory type takes both"));
            }
        }
    }
}

#[test]
fn without_imports_the_mirror_path_says_so() {
    let bits = SparseTypeBits {
        sparse_for_import: 0,
        host_pointer: 0,
        sparse_plain: 0x2,
        pool_buffer: 0xf,
        imports_unbound: false,
    };
    let chosen = choose_sparse_memory(&bits, &nvidia_580()).unwrap();
    let said = chosen.describe(&bits, &nvidia_580());
    assert!(
        said.ends_with("because pools are not imported from host memory here"),
        "{said}"
    );
}
