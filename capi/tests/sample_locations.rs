//! `examples/sample_locations.c`: programmable sample locations through the C ABI, with
//! generated locations (on one pixel and on NVN's 2x2 grid). Where the device has
//! `VK_EXT_sample_locations` as Hookshot needs it, the resolved triangle is checked
//! against a CPU model of coverage at the locations; where it lacks it (lavapipe, the
//! MoltenVK profile), the call must be refused naming the extension. Which one is expected
//! comes from the device itself, opened with the same switches.

mod common;
#[path = "../../tests/common/coverage.rs"]
mod coverage;

const SIDE_PX: u32 = 16;
const SAMPLES: u32 = 4;

/// What the device the example opens takes: locations at all, and on the 2x2 grid.
fn device_takes() -> (bool, bool) {
    let switches = gpu::switches::Switches::from_env().expect("the switches parse");
    let device = gpu_vk::Device::open(&switches).expect("a Vulkan device");
    let state = &device.caps.state;
    (
        state.sample_locations && state.sample_location_counts & SAMPLES != 0,
        state.sample_locations && state.sample_location_grid_counts & SAMPLES != 0,
    )
}

/// `count` locations (16ths) from a fixed-seed generator.
fn generated(seed: u64, count: usize) -> Vec<[u32; 2]> {
    let mut state = seed;
    let mut next = || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((state >> 33) % 16) as u32
    };
    (0..count).map(|_| [next(), next()]).collect()
}

#[test]
fn sample_locations_through_the_c_abi_draw_or_are_refused_by_name() {
    let program = common::build("sample_locations");
    let (takes, takes_grid) = device_takes();
    for (seed, count, grid) in [(11u64, 4usize, false), (12, 16, true), (13, 3, false)] {
        let locations = generated(seed, count);
        let (_dir, out) = common::temp_file("sample_locations.rgba");
        let mut args = vec![
            out.to_str().unwrap().to_owned(),
            u32::from(grid).to_string(),
        ];
        for [x, y] in &locations {
            args.push(x.to_string());
            args.push(y.to_string());
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let output = common::run(&program, &args);
        let stdout = String::from_utf8_lossy(&output.stdout);
        let expected_drawn = takes && (!grid || takes_grid);
        if !expected_drawn {
            assert!(stdout.contains("sample locations: refused"), "{stdout}");
            continue;
        }
        assert!(stdout.contains("sample locations: drawn"), "{stdout}");
        let texels = std::fs::read(&out).unwrap();
        // NVN's 16, the given ones repeated; sample s of pixel (x, y) as NVN places it.
        let location = |x: u32, y: u32, sample: u32| {
            let within = if grid {
                ((y % 2) * 2 + (x % 2)) * SAMPLES + sample
            } else {
                sample
            } as usize;
            let [lx, ly] = locations[within % 16 % count];
            [f64::from(lx) / 16.0, f64::from(ly) / 16.0]
        };
        let model = coverage::covered_samples(SIDE_PX, SAMPLES, location);
        let mut compared = 0;
        for (pixel, covered) in model.iter().enumerate() {
            let Some(covered) = *covered else { continue };
            let expected = f64::from(covered) / f64::from(SAMPLES) * 255.0;
            let green = texels[pixel * 4 + 1];
            assert!(
                (f64::from(green) - expected).abs() <= 1.0,
                "pixel {pixel}: green {green}, {covered} of {SAMPLES} samples covered"
            );
            compared += 1;
        }
        assert!(compared >= 180, "only {compared} pixels compared");
    }
}
