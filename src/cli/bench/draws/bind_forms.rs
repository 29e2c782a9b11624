//! `hookshot bench draws --api c --binds both`: the C ABI's frame with NVN's address
//! binds against the same frame with buffer-object binds, on one rig (one device, one
//! executor), frames interleaved with the order alternating, medians. With
//! `--record-only`, recording alone (nothing submitted).

use std::sync::Arc;
use std::time::Duration;

use gpu_vk::Device;

use super::c_abi::CAbiRig;
use super::{median, ms, print_table, Args};

pub(super) fn compare(device: &Arc<Device>, rig: &mut CAbiRig, args: &Args) -> anyhow::Result<()> {
    println!(
        "device: {} ({}); {} draws a frame, {} frames each (interleaved, after 2 warm-up), \
         medians; C ABI binds by address against by buffer object{}",
        device.info.name,
        device.info.driver_info,
        args.draws,
        args.frames,
        if args.record_only {
            ", recording alone"
        } else {
            ""
        }
    );
    let frame = |rig: &mut CAbiRig, by_address: bool| {
        rig.by_address = by_address;
        if args.record_only {
            rig.record_only().map(|recorded| (None, recorded))
        } else {
            rig.frame().map(|(times, recorded)| (Some(times), recorded))
        }
    };
    for _ in 0..2 {
        frame(rig, true)?;
        frame(rig, false)?;
    }
    let (mut address_times, mut object_times) = (Vec::new(), Vec::new());
    let (mut address_recording, mut object_recording): (Vec<Duration>, Vec<Duration>) =
        (Vec::new(), Vec::new());
    for index in 0..args.frames {
        for turn in 0..2 {
            let by_address = (index + turn) % 2 == 0;
            let (times, recorded) = frame(rig, by_address)?;
            let (all, recording) = match by_address {
                true => (&mut address_times, &mut address_recording),
                false => (&mut object_times, &mut object_recording),
            };
            all.extend(times);
            recording.push(recorded);
        }
    }
    if !args.record_only {
        print_table(
            args.draws,
            [
                ("address binds", &address_times),
                ("object binds", &object_times),
            ],
            "ratio address/object",
        );
    }
    let (address_ms, object_ms) = (ms(median(address_recording)), ms(median(object_recording)));
    let per_draw_ns = |total_ms: f64| total_ms * 1e6 / f64::from(args.draws);
    println!(
        "recording: address binds {address_ms:.3} ms ({:.1} ns a draw), object binds \
         {object_ms:.3} ms ({:.1} ns a draw), ratio address/object {:.3}",
        per_draw_ns(address_ms),
        per_draw_ns(object_ms),
        address_ms / object_ms
    );
    Ok(())
}
