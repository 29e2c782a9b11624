//! `examples/pipeline_stats.c`: `hsDeviceGetPipelineStats` counts the graphics pipelines
//! each frame makes and the time spent: a frame drawing with a program new to the device
//! compiles, a frame that only changes state every device takes dynamically (culling,
//! front face, depth and stencil tests) does not. Pipelines are fast-linked from
//! libraries all or none (none where libraries are switched off).

mod common;

#[derive(Debug, PartialEq)]
struct Frame {
    made: u64,
    ns: u64,
    total: u64,
    frames_waited: u64,
    worst_ns: u64,
    fast_linked: u64,
    optimised: u64,
}

fn parse(line: &str) -> Frame {
    let words: Vec<&str> = line.split_whitespace().collect();
    let value = |name: &str| -> u64 {
        let at = words.iter().position(|word| *word == name).expect(name);
        words[at + 1].parse().expect(name)
    };
    Frame {
        made: value("made"),
        ns: value("ns"),
        total: value("total"),
        frames_waited: value("frames_waited"),
        worst_ns: value("worst_ns"),
        fast_linked: value("fast_linked"),
        optimised: value("optimised"),
    }
}

#[test]
fn each_frames_compiles_are_counted_and_dynamic_state_compiles_nothing() {
    let program = common::build("pipeline_stats");
    let output = common::run(&program, &[]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let frames: Vec<Frame> = stdout
        .lines()
        .filter(|line| line.starts_with("frame "))
        .map(parse)
        .collect();
    assert_eq!(frames.len(), 4, "{stdout}");
    // New programs at frames 1 and 3 compile one pipeline each, in measurable time.
    for new in [&frames[0], &frames[2]] {
        assert_eq!(new.made, 1, "{stdout}");
        assert!(new.ns > 0, "{stdout}");
    }
    // Frames 2 and 4 change only dynamic state.
    for same in [&frames[1], &frames[3]] {
        assert_eq!((same.made, same.ns), (0, 0), "{stdout}");
    }
    assert_eq!(frames[3].total, 2, "{stdout}");
    assert_eq!(frames[3].frames_waited, 2, "{stdout}");
    assert_eq!(
        frames[3].worst_ns,
        frames[0].ns.max(frames[2].ns),
        "{stdout}"
    );
    // Every pipeline fast-linked where the device links from libraries, none elsewhere;
    // optimised ones replace at most those.
    let last = &frames[3];
    let off = std::env::var("RX_VK_PIPELINE_LIBRARY").as_deref() == Ok("0")
        || std::env::var("RX_VK_SIMULATE").is_ok_and(|profile| profile != "off");
    let expected: &[u64] = if off { &[0] } else { &[0, last.total] };
    assert!(expected.contains(&last.fast_linked), "{stdout}");
    assert!(last.optimised <= last.fast_linked, "{stdout}");
}
