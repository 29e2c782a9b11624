//! NVN's programmable sample locations on the real driver. Where the device has
//! `VK_EXT_sample_locations` (with `variableSampleLocations`, 4 sub-pixel bits and
//! coordinates 0..=15/16: NVIDIA's), a triangle drawn into a 4x target with generated
//! locations (on one pixel, on NVN's 2x2 grid, and fewer than 16 repeating) resolves to
//! the coverage a CPU model finds at those locations, which differs from the standard
//! pattern's. Where it lacks them (lavapipe 22.3.6, the MoltenVK profile), enabling them
//! is refused when recorded, naming the extension. The test asserts one or the other
//! according to what the device reports: it runs everywhere, and on a device with the
//! extension it checks the picture.

mod common;

use common::coverage::{covered_samples, triangle_ndc};
use common::draw::{bind_positions, positions_at, triangle};
use common::programs::{position_program, GREEN_FRAG};
use common::readback::region;
use common::rig::Rig;
use gpu::objects::TextureBuilder;
use gpu::state::{SampleLocation, SampleLocations, StateChange};
use gpu::RecordError;
use memory::{Format, TextureKind};

const SIDE_PX: u32 = 16;
const RESOLVED_OFFSET_B: u64 = 1 << 20;
const POSITIONS_OFFSET_B: u64 = 1536 << 10;
const RESOLVED_B: usize = (SIDE_PX * SIDE_PX * 4) as usize;
const SAMPLES: u32 = 4;

/// Generated locations (a fixed-seed linear congruential generator): `count` of them on
/// NVN's 16x16 sub-pixel grid.
fn generated_locations(seed: u64, count: usize) -> Vec<SampleLocation> {
    let mut state = seed;
    let mut next = || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((state >> 33) % 16) as u8
    };
    (0..count)
        .map(|_| SampleLocation {
            x_16ths: next(),
            y_16ths: next(),
        })
        .collect()
}

fn rgba8() -> Format {
    Format::from_name("rgba8").unwrap()
}

/// The triangle drawn green over black into a 4x target with `locations`, resolved.
fn draw_resolved(rig: &Rig, locations: SampleLocations) -> Result<Vec<u8>, RecordError> {
    let (msaa, msaa_view) = rig.texture(
        &TextureBuilder::new_2d(rgba8(), SIDE_PX, SIDE_PX)
            .kind(TextureKind::D2Multisample)
            .samples(SAMPLES),
        0,
    );
    let (resolved, _) = rig.texture(
        &TextureBuilder::new_2d(rgba8(), SIDE_PX, SIDE_PX),
        RESOLVED_OFFSET_B,
    );
    let program = position_program(&rig.device, GREEN_FRAG);
    let positions = positions_at(
        &rig.device,
        rig.pool,
        POSITIONS_OFFSET_B,
        &triangle_ndc(SIDE_PX),
    );
    let mut commands = rig.cleared(msaa_view, [0.0, 0.0, 0.0, 1.0]);
    bind_positions(&mut commands, program, positions);
    commands.set_state(StateChange::SampleLocations(locations))?;
    commands.draw(triangle())?;
    commands.downsample(msaa, resolved).unwrap();
    let bytes = rig.submit_and_read(commands, region(resolved, 0, SIDE_PX, SIDE_PX), RESOLVED_B);
    for id in [msaa, resolved] {
        rig.device.finalize(id).unwrap();
    }
    Ok(bytes)
}

/// The model's coverage at `locations` against each resolved pixel's green; returns the
/// pixels compared and those partly covered.
fn compare(bytes: &[u8], locations: &SampleLocations) -> (u32, u32) {
    let model = covered_samples(SIDE_PX, SAMPLES, |x, y, sample| {
        let location = locations.locations[locations.index_of(x, y, sample, SAMPLES)];
        [
            f64::from(location.x_16ths) / 16.0,
            f64::from(location.y_16ths) / 16.0,
        ]
    });
    let (mut compared, mut partial) = (0, 0);
    for (pixel, covered) in model.iter().enumerate() {
        let Some(covered) = *covered else { continue };
        let green = bytes[pixel * 4 + 1];
        let expected = f64::from(covered) / f64::from(SAMPLES) * 255.0;
        let (x, y) = (pixel as u32 % SIDE_PX, pixel as u32 / SIDE_PX);
        assert!(
            (f64::from(green) - expected).abs() <= 1.0,
            "pixel ({x}, {y}): green {green} for {covered} of {SAMPLES} samples covered at \
             {locations:?}"
        );
        compared += 1;
        partial += u32::from(covered % SAMPLES != 0);
    }
    (compared, partial)
}

#[test]
fn sample_locations_place_the_samples_or_are_refused_by_name() {
    let rig = Rig::new(true);
    let features = rig.device.features().to_owned();
    let cases = [
        SampleLocations::repeating(&generated_locations(1, 4), false).unwrap(),
        SampleLocations::repeating(&generated_locations(2, 16), true).unwrap(),
        SampleLocations::repeating(&generated_locations(3, 3), false).unwrap(),
        SampleLocations::repeating(&generated_locations(4, 5), true).unwrap(),
    ];
    for locations in cases {
        match draw_resolved(&rig, locations) {
            Err(RecordError::MissingCapability { capability, .. }) => {
                assert!(
                    !features.sample_locations
                        || (locations.grid && features.sample_location_grid_counts & SAMPLES == 0)
                        || features.sample_location_counts & SAMPLES == 0,
                    "refused on a device that takes them: {capability}"
                );
                assert!(
                    capability.contains("VK_EXT_sample_locations"),
                    "the refusal names the extension: {capability}"
                );
            }
            Err(other) => panic!("{other}"),
            Ok(bytes) => {
                assert!(features.sample_locations, "drawn on a device without them");
                let (compared, partial) = compare(&bytes, &locations);
                assert!(compared >= 180, "only {compared} pixels compared");
                // Every pixel matched the model above; this only keeps the case from
                // being vacuous (generated locations may bunch, leaving few pixels
                // partly covered: 8 in one case on the H100).
                assert!(partial >= 4, "only {partial} partly covered pixels");
            }
        }
    }
}

/// Locations off are the standard pattern on every device; on a device with the
/// extension, a 4x grid of the 16 locations is taken and an 8x one refused (16 locations
/// over four pixels).
#[test]
fn the_grid_takes_at_most_four_samples_a_pixel() {
    let rig = Rig::new(true);
    let mut commands = rig.device.command_buffer();
    commands
        .set_state(StateChange::SampleLocations(SampleLocations::default()))
        .expect("the standard pattern is taken everywhere");
    let features = rig.device.features().to_owned();
    let rule = gpu::command::sample_locations::check_count;
    assert!(matches!(
        rule(8, true, &features),
        Err(RecordError::BadArgument { .. })
    ));
    if features.sample_locations && features.sample_location_grid_counts & SAMPLES != 0 {
        rule(SAMPLES, true, &features).unwrap();
    }
}

/// A device that lacks the extension (the executor told so, whatever the driver has)
/// refuses enabled locations when they are set.
#[test]
fn enabled_locations_are_refused_where_the_device_lacks_the_extension() {
    let rig = Rig::lacking(|features| {
        features.sample_locations = false;
        features.sample_location_counts = 0;
        features.sample_location_grid_counts = 0;
    });
    let mut commands = rig.device.command_buffer();
    let locations = SampleLocations::repeating(&generated_locations(5, 4), false).unwrap();
    match commands.set_state(StateChange::SampleLocations(locations)) {
        Err(RecordError::MissingCapability { capability, .. }) => {
            assert!(
                capability.contains("VK_EXT_sample_locations"),
                "{capability}"
            )
        }
        other => panic!("{other:?}"),
    }
}
