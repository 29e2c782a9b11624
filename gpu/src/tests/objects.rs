//! Making objects, and the errors that refuse them. A refused object uses no id.

use super::fixture::*;
use crate::error::ObjectError;
use crate::ids::*;
use crate::mem::pool::PoolFlags;
use crate::mem::{Format, TextureKind};
use crate::objects::*;
use crate::test_backend::Call;

fn pool(device: &crate::Device, size_b: u64) -> PoolId {
    device
        .create_pool(&PoolMaker::new(size_b, PoolFlags::CPU_CACHED_GPU_CACHED))
        .unwrap()
}

#[test]
fn textures_past_the_pool_end_or_misaligned_are_refused() {
    let (device, _) = device();
    let layout = normal_tile().layout().unwrap();
    let pool_size_b = layout.size_b.next_multiple_of(4096);
    let pool = pool(&device, pool_size_b);
    let past = pool_size_b - layout.size_b + layout.alignment_b;
    let past = past.next_multiple_of(layout.alignment_b);
    match device.create_texture(&normal_tile(), pool, past) {
        Err(ObjectError::TexturePastPoolEnd {
            pool: named,
            offset_b,
            size_b,
            pool_size_b: named_size_b,
        }) => {
            assert_eq!((named, offset_b, size_b), (pool, past, layout.size_b));
            assert_eq!(named_size_b, pool_size_b);
        }
        other => panic!("{other:?}"),
    }
    let error = device
        .create_texture(&normal_tile(), pool, layout.alignment_b / 2)
        .unwrap_err();
    assert!(matches!(error, ObjectError::TextureMisaligned { .. }));
    assert!(error.to_string().contains("pool #1"), "{error}");
    let missing = PoolId::from_raw(9).unwrap();
    assert!(matches!(
        device.create_texture(&normal_tile(), missing, 0),
        Err(ObjectError::UnknownObject(ObjectRef::Pool(id))) if id == missing
    ));
    assert!(matches!(
        device.create_texture(&TextureBuilder::new_2d(rg8(), 0, 1), pool, 0),
        Err(ObjectError::Layout(_))
    ));
    // None of the refusals used an id.
    let first = device.create_texture(&normal_tile(), pool, 0).unwrap();
    assert_eq!(first.raw(), 1);
}

#[test]
fn finalize_ends_the_texture_not_its_storage() {
    // The seeds' defragmentation: bytes at the texture's storage, finalize, memcpy to a
    // new offset, a new texture there sees them.
    let (device, backend) = device();
    let layout = normal_tile().layout().unwrap();
    let pool = pool(&device, (layout.size_b * 2).next_multiple_of(4096) + 4096);
    let texture = device.create_texture(&normal_tile(), pool, 0).unwrap();
    let drawn: Vec<u8> = (0..layout.size_b).map(|i| (i * 7 % 251) as u8).collect();
    device.write_pool(pool, 0, &drawn).unwrap();
    device.finalize(texture).unwrap();
    assert!(backend.calls().contains(&Call::Finalized(texture.into())));
    assert!(device.tables().textures.get(texture).is_none());
    let moved_b = layout.size_b.next_multiple_of(layout.alignment_b);
    device
        .copy_pool(pool, 0, pool, moved_b, layout.size_b)
        .unwrap();
    let again = device
        .create_texture(&normal_tile(), pool, moved_b)
        .unwrap();
    assert_ne!(again, texture);
    let mut seen = vec![0u8; drawn.len()];
    device.read_pool(pool, moved_b, &mut seen).unwrap();
    assert_eq!(seen, drawn);
    assert!(matches!(
        device.finalize(texture),
        Err(ObjectError::UnknownObject(ObjectRef::Texture(id))) if id == texture
    ));
}

#[test]
fn pool_access_is_checked_and_heard_by_the_backend() {
    let (device, backend) = device();
    let pool_a = pool(&device, 4096);
    let pool_b = pool(&device, 8192);
    device.write_pool(pool_a, 4000, &[1; 96]).unwrap();
    assert!(backend
        .calls()
        .contains(&Call::PoolWritten(pool_a, 4000, 96)));
    assert!(matches!(
        device.write_pool(pool_a, 4000, &[1; 97]),
        Err(ObjectError::PoolAccess { pool, .. }) if pool == pool_a
    ));
    device.copy_pool(pool_a, 4000, pool_b, 8000, 96).unwrap();
    let mut out = [0u8; 96];
    device.read_pool(pool_b, 8000, &mut out).unwrap();
    assert_eq!(out, [1; 96]);
    assert!(matches!(
        device.copy_pool(pool_a, 4000, pool_b, 8100, 96),
        Err(ObjectError::PoolRangeOutOfBounds { pool, .. }) if pool == pool_b
    ));
    assert!(matches!(
        device.copy_pool(pool_a, u64::MAX, pool_b, 0, 2),
        Err(ObjectError::PoolRangeOutOfBounds { pool, .. }) if pool == pool_a
    ));
    assert!(matches!(
        device.create_pool(&PoolMaker::new(100, PoolFlags::CPU_CACHED_GPU_CACHED)),
        Err(ObjectError::PoolCreation(_))
    ));
}

#[test]
fn views_samplers_tables_and_registration() {
    let (device, backend) = device();
    let scene = scene(&device);
    assert!(matches!(
        device.create_view(&ViewMaker::whole(scene.tile).levels(8, 2)),
        Err(ObjectError::ViewOutsideTexture { texture, what: "levels", .. }) if texture == scene.tile
    ));
    assert!(matches!(
        device.create_view(&ViewMaker::whole(scene.tile).layers(1, 1)),
        Err(ObjectError::ViewOutsideTexture { what: "layers", .. })
    ));
    assert!(matches!(
        device.create_view(&ViewMaker::whole(scene.tile).format(rgba8())),
        Err(ObjectError::ViewFormatSize { .. })
    ));
    let swizzled = device
        .create_view(
            &ViewMaker::whole(scene.tile)
                .levels(1, 1)
                .format(Format::from_name("rg8ui").unwrap())
                .swizzle([Swizzle::R, Swizzle::R, Swizzle::Zero, Swizzle::One]),
        )
        .unwrap();
    let tables = device.tables();
    let view = tables.views.get(swizzled).unwrap();
    assert_eq!((view.levels.clone(), view.layers.clone()), (1..2, 0..1));
    drop(tables);
    assert!(matches!(
        device.create_sampler(&SamplerMaker {
            max_anisotropy: 0.5,
            ..SamplerMaker::default()
        }),
        Err(ObjectError::BadSampler(_))
    ));
    assert!(matches!(
        device.register_texture(scene.textures, 16, scene.tile_view),
        Err(ObjectError::SlotOutOfRange {
            slot: 16,
            capacity: 16,
            ..
        })
    ));
    assert!(matches!(
        device.register_sampler(scene.samplers, 0, SamplerId::from_raw(50).unwrap()),
        Err(ObjectError::UnknownObject(_))
    ));
    assert!(matches!(
        device.create_texture_table(1 << 21),
        Err(ObjectError::TableTooLarge { .. })
    ));
    assert!(matches!(
        device.create_sampler_table(1 << 13),
        Err(ObjectError::TableTooLarge { .. })
    ));
    assert!(matches!(
        device.create_texture_table(0),
        Err(ObjectError::TableEmpty)
    ));
    assert!(matches!(
        device.create_sampler_table(0),
        Err(ObjectError::TableEmpty)
    ));
    device
        .register_texture(scene.textures, 15, swizzled)
        .unwrap();
    assert!(backend
        .calls()
        .contains(&Call::DescriptorWritten(scene.textures.into(), 15)));
}

#[test]
fn buffers_programs_and_windows_are_checked() {
    let (device, _) = device();
    let scene = scene(&device);
    assert!(matches!(
        device.create_buffer(&BufferMaker {
            pool: scene.pool,
            offset_b: POOL_B - 8,
            size_b: 16,
            usage: BufferUsage::UNIFORM,
        }),
        Err(ObjectError::BufferPastPoolEnd { .. })
    ));
    assert!(matches!(
        device.create_buffer(&BufferMaker {
            pool: scene.pool,
            offset_b: 0,
            size_b: 0,
            usage: BufferUsage::UNIFORM,
        }),
        Err(ObjectError::EmptyBuffer { .. })
    ));
    assert!(matches!(
        device.create_program(&ProgramMaker::default()),
        Err(ObjectError::Program(_))
    ));
    assert!(matches!(
        device.create_window(&WindowMaker {
            textures: vec![],
            present_interval: 1
        }),
        Err(ObjectError::BadWindow { .. })
    ));
    assert!(matches!(
        device.create_window(&WindowMaker {
            textures: vec![scene.target, scene.tile],
            present_interval: 1
        }),
        Err(ObjectError::WindowTexture { texture, .. }) if texture == scene.tile
    ));
    let array = TextureBuilder::new_2d(rgba8(), 64, 64)
        .kind(TextureKind::D2Array)
        .layers(2);
    let array = device.create_texture(&array, scene.pool, 0).unwrap();
    assert!(matches!(
        device.create_window(&WindowMaker {
            textures: vec![array],
            present_interval: 1
        }),
        Err(ObjectError::WindowTexture { .. })
    ));
}

#[test]
fn a_backend_failure_undoes_the_object_and_its_id() {
    let (device, backend) = device();
    backend.shared.lock().fail_next_create = true;
    assert!(matches!(
        device.create_sync(),
        Err(ObjectError::Backend(crate::BackendError::OutOfMemory))
    ));
    assert!(device.tables().syncs.is_empty());
    assert_eq!(device.create_sync().unwrap().raw(), 1);
}

#[test]
fn every_kind_is_created_and_heard_in_order() {
    let (device, backend) = device();
    let scene = scene(&device);
    let created: Vec<ObjectRef> = backend
        .calls()
        .into_iter()
        .filter_map(|call| match call {
            Call::Created(object) => Some(object),
            _ => None,
        })
        .collect();
    // 15 kinds' objects and the two multisample textures.
    assert_eq!(created.len(), 17);
    assert_eq!(created[0], scene.pool.into());
    assert_eq!(*created.last().unwrap(), scene.window.into());
    for object in created {
        assert!(device.tables().contains(object));
    }
    assert!(device.tables().contains(scene.depth.into()));
    assert!(device.tables().contains(scene.msaa.into()));
    assert!(device.tables().contains(scene.msaa_depth.into()));
    assert!(device.tables().contains(scene.sampler.into()));
}

#[test]
fn a_pool_outlives_what_is_placed_in_it() {
    let (device, _) = device();
    let layout = normal_tile().layout().unwrap();
    let pool = pool(&device, layout.size_b.next_multiple_of(4096) + 4096);
    let texture = device.create_texture(&normal_tile(), pool, 0).unwrap();
    let buffer = device
        .create_buffer(&BufferMaker {
            pool,
            offset_b: layout.size_b.next_multiple_of(4096),
            size_b: 256,
            usage: Default::default(),
        })
        .unwrap();
    assert!(matches!(
        device.finalize(pool),
        Err(ObjectError::PoolInUse { pool: named, user }) if named == pool && user == texture.into()
    ));
    device.finalize(texture).unwrap();
    assert!(matches!(
        device.finalize(pool),
        Err(ObjectError::PoolInUse { pool: named, user }) if named == pool && user == buffer.into()
    ));
    device.finalize(buffer).unwrap();
    device.finalize(pool).unwrap();
}
