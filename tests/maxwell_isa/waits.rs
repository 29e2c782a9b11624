//! `depbar` (a wait on the scoreboard's dependency counters before a long-latency result
//! is read) has nothing to translate: a kernel loading its inputs, waiting with each form
//! envydis names, and moving them out gives the inputs.

use super::kernel::{self, Rng, FIRST_OUT, INPUTS, INVOCATIONS, PT_GUARD};

#[test]
fn depbar_waits_translate_to_nothing() {
    let depbar = |le: bool, counter: u64, count: u64, mask: u64| {
        0xf0f0 << 48 | PT_GUARD | u64::from(le) << 29 | counter << 26 | count << 20 | mask
    };
    let waits = [
        depbar(true, 0, 5, 0x3),
        depbar(false, 0, 0, 0x3f),
        depbar(true, 2, 0, 0),
    ];
    assert_eq!(
        kernel::envydis(&waits),
        [
            "depbar le 0x0 0x5 0x3",
            "depbar 0x0 0x0 0x3f",
            "depbar le 0x2 0x0 0x0"
        ]
    );
    let mut body = waits.to_vec();
    body.extend((0..INPUTS as u8).map(|k| kernel::mov(FIRST_OUT + k, 8 + k)));
    let mut rng = Rng(0xdeba);
    let inputs: Vec<u32> = (0..INPUTS * INVOCATIONS)
        .map(|_| rng.next() as u32)
        .collect();
    let results = kernel::run(&body, INPUTS, &inputs, [0; 4]);
    for (invocation, got) in results.iter().enumerate() {
        assert_eq!(
            got[..],
            inputs[INPUTS * invocation..INPUTS * (invocation + 1)],
            "invocation {invocation}"
        );
    }
}
