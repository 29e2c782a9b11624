//! The slot map: a compiled program's texture handles, uniform constant buffers and
//! storage-buffer address words land in the NVN slots the map says (deko3d's convention
//! by default), seen in the translated module's reflection.

mod common;

use common::{maxwell_dksh as corpus, translator};
use shader_translate::maxwell::dksh::ProgramType;
use shader_translate::maxwell::slots::{stage_index, SlotMap};
use shader_translate::ResourceKind;

/// (kind, slot) of every resource the translated module uses.
fn resources(name: &str, slots: &SlotMap) -> Vec<(ResourceKind, u32)> {
    let shader = translator(false)
        .translate_dksh_with(name, &corpus(name), slots)
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    shader
        .reflection
        .resources
        .iter()
        .map(|r| (r.kind, r.slot))
        .collect()
}

#[test]
fn deko3d_is_the_default_map() {
    assert_eq!(SlotMap::default(), SlotMap::deko3d());
    let deko3d = SlotMap::deko3d();
    // DKSH.md 2.4: fragment texture handles from 0x1a4, compute from 0x28; storage
    // binding addresses at S + 0xa0 (fragment 0x730, compute 0x140).
    assert_eq!(
        deko3d.texture_handle_base[stage_index(ProgramType::Fragment)],
        0x1a4
    );
    assert_eq!(
        deko3d.texture_handle_base[stage_index(ProgramType::Compute)],
        0x28
    );
    assert_eq!(
        deko3d.storage_address_b[stage_index(ProgramType::Fragment)],
        0x730
    );
    assert_eq!(
        deko3d.storage_address_b[stage_index(ProgramType::Compute)],
        0x140
    );
    assert_eq!(
        resources("main_light_frag", &deko3d),
        vec![(ResourceKind::UniformBuffer, 0), (ResourceKind::Texture, 0)]
    );
}

/// Another toolchain's layout: texture handles three lower (handle 0x1a4 is slot 3),
/// uniform blocks from c0 (c2 is block 2; the driver's buffer moved to c17), storage
/// addresses five bindings lower (c17[0x730] is binding 5).
#[test]
fn a_port_s_own_map_moves_every_resource() {
    let mut map = SlotMap::deko3d();
    let fragment = stage_index(ProgramType::Fragment);
    map.texture_handle_base[fragment] = 0x1a4 - 3;
    map.uniform_cbuf_base = 0;
    map.driver_cbuf = 17;
    map.storage_address_b[fragment] = 0x730 - 5 * 16;
    assert_eq!(
        resources("main_light_frag", &map),
        vec![(ResourceKind::UniformBuffer, 2), (ResourceKind::Texture, 3)]
    );
    // main_normals_frag reads c0[0x730]: with the driver's buffer at c17, c0 is uniform
    // block 0, a plain uniform read and no storage address, so the carry chain that adds
    // it makes a raw pointer (NVN's address model), read through the pool table ...
    let shader = translator(false)
        .translate_dksh_with("main_normals_frag", &corpus("main_normals_frag"), &map)
        .unwrap();
    assert!(shader_translate::uses_pool_table(&shader.spirv).unwrap());
    assert!(!shader
        .reflection
        .resources
        .iter()
        .any(|resource| resource.kind == ResourceKind::StorageBuffer));
    // ... and with the driver's buffer at c0 the same words are storage binding 5.
    map.driver_cbuf = 0;
    map.uniform_cbuf_base = 2;
    assert_eq!(
        resources("main_normals_frag", &map),
        vec![
            (ResourceKind::UniformBuffer, 0),
            (ResourceKind::StorageBuffer, 5)
        ]
    );
}

/// A handle outside the map's 32 slots is refused, naming the handle.
#[test]
fn a_handle_outside_the_map_is_refused() {
    let mut map = SlotMap::deko3d();
    map.texture_handle_base[stage_index(ProgramType::Fragment)] = 0x1a5;
    let err = translator(false)
        .translate_dksh_with("main_light_frag", &corpus("main_light_frag"), &map)
        .unwrap_err();
    assert!(err.to_string().contains("texture handle 0x1a4"), "{err}");
}
