//! Control flow NVIDIA's compiler emits beyond uam's, against a CPU model of where
//! control goes (yuzu's reading, the only public one):
//! - `brx R off` (to the byte after itself plus R plus `off`) and `jmx R off` (to R plus
//!   `off` plus 8) through a jump table in constant buffer 1, loaded as yuzu tracks it:
//!   `imnmx` clamps the index, `shl` by 2 scales it, `ld b32` reads the entry;
//!   a switch of random cases (each ending in `sync` or falling into the next) inside
//!   an `ssy` region, guarded or not;
//! - `jmp`/`jcal` to an absolute byte offset in the code;
//! - `pexit`: an `exit` inside its region goes to its target.
//!
//! Exact. Tables whose words are not the program's own, and indirect branches outside
//! an `ssy` region, are refused by name.

use super::kernel::{self, body_offset_b, frame_constbuf1, Rng, INPUTS, INVOCATIONS, PT_GUARD};

/// The always-true flow test (bits 0-4).
const CC_T: u64 = 0xf;

/// A relative target field (bits 20-43) from body word `at` to byte `to_b`.
fn rel(at: usize, to_b: u64) -> u64 {
    (to_b.wrapping_sub(body_offset_b(at) + 8) & 0xff_ffff) << 20
}

/// `word` under `@[!]pP` instead of `PT`.
fn guarded(word: u64, p: u8, not: bool) -> u64 {
    word & !(0xf << 16) | (u64::from(p) | u64::from(not) << 3) << 16
}

fn ssy(at: usize, to_b: u64) -> u64 {
    0xe290 << 48 | rel(at, to_b)
}

fn sync() -> u64 {
    0xf0f8 << 48 | PT_GUARD | CC_T
}

fn bra(at: usize, to_b: u64) -> u64 {
    0xe240 << 48 | PT_GUARD | CC_T | rel(at, to_b)
}

fn exit() -> u64 {
    0xe300 << 48 | PT_GUARD | CC_T
}

/// `iadd32i rD rD k`.
fn add(d: u8, k: u32) -> u64 {
    0x1c00 << 48 | PT_GUARD | u64::from(k) << 20 | u64::from(d) << 8 | u64::from(d)
}

/// `lop32i xor rD rD m`.
fn xor(d: u8, m: u32) -> u64 {
    0x0400 << 48 | 2 << 53 | PT_GUARD | u64::from(m) << 20 | u64::from(d) << 8 | u64::from(d)
}

/// `r2p pr r9 0x1`: P0 is r9's bit 0.
const P0_FROM_R9: u64 = 0x38f0 << 48 | PT_GUARD | 9 << 8 | 1 << 20;
const MOV_R16_R10: u64 = 0x5c98_0780_0000_0000 | PT_GUARD | 10 << 20 | 16;
const MOV_R17_R11: u64 = 0x5c98_0780_0000_0000 | PT_GUARD | 11 << 20 | 17;

#[derive(Debug)]
struct Switch {
    absolute: bool,
    /// Each case's add to r16, xor into r17, and whether it ends in `sync`.
    cases: Vec<(u32, u32, bool)>,
    /// The case each table index sends control to, and whether that entry names the
    /// bundle's control word before it (the instruction after it is where it lands).
    table: Vec<(usize, bool)>,
    off: i64,
    /// `@P0` (false) or `@!P0` (true) on the branch.
    guard: Option<bool>,
}

/// The words before the first case.
const HEAD: usize = 9;

impl Switch {
    fn random(rng: &mut Rng) -> Switch {
        let count = 1 + rng.below(5) as usize;
        let mut cases: Vec<(u32, u32, bool)> = (0..count)
            .map(|_| {
                (
                    rng.next() as u32 & 0xffff,
                    rng.next() as u32 & 0xfffff,
                    rng.bit(),
                )
            })
            .collect();
        cases.last_mut().expect("a case").2 = true;
        let entries = 1 + rng.below(8) as usize;
        Switch {
            absolute: rng.bit(),
            table: (0..entries)
                .map(|_| (rng.below(count as u64) as usize, rng.below(4) == 0))
                .collect(),
            cases,
            off: rng.below(0x400) as i64 - 0x200,
            guard: [None, Some(false), Some(true)][rng.below(3) as usize],
        }
    }

    fn case_at(&self, case: usize) -> usize {
        HEAD + self.cases[..case]
            .iter()
            .map(|&(_, _, sync)| 2 + usize::from(sync))
            .sum::<usize>()
    }

    /// The body and the table (entry words).
    fn encode(&self, table_b: u64) -> (Vec<u64>, Vec<u32>) {
        let len = self.case_at(self.cases.len());
        let join_b = body_offset_b(len);
        let last = self.table.len() as u64 - 1;
        let branch = if self.absolute {
            0xe200 << 48 | (self.off as u64 & 0xffff_ffff) << 20
        } else {
            0xe250 << 48 | (self.off as u64 & 0xff_ffff) << 20
        } | PT_GUARD
            | 7 << 8
            | CC_T;
        let branch = match self.guard {
            Some(not) => guarded(branch, 0, not),
            None => branch,
        };
        let mut body = vec![
            MOV_R16_R10,
            MOV_R17_R11,
            P0_FROM_R9,
            ssy(3, join_b),
            0x0400 << 48 | PT_GUARD | 7 << 20 | 8 << 8 | 5, // lop32i and r5 r8 0x7
            0x3820 << 48 | PT_GUARD | 7 << 39 | last << 20 | 5 << 8 | 5, // imnmx u32 r5 r5 last
            0x3848 << 48 | PT_GUARD | 2 << 20 | 5 << 8 | 6, // shl r6 r5 0x2
            0xef94 << 48 | PT_GUARD | 1 << 36 | table_b << 20 | 6 << 8 | 7, // ld b32 r7 c1[r6+table]
            branch,
        ];
        assert_eq!(body.len(), HEAD);
        for &(k, m, ends) in &self.cases {
            body.extend([add(16, k), xor(17, m)]);
            if ends {
                body.push(sync());
            }
        }
        assert_eq!(body.len(), len);
        let from_b = body_offset_b(HEAD - 1) + 8;
        let words = self
            .table
            .iter()
            .map(|&(case, control_word)| {
                let mut to_b = body_offset_b(self.case_at(case));
                if control_word && to_b % 32 == 8 {
                    to_b -= 8;
                }
                let base = if self.absolute { 8 } else { from_b };
                to_b.wrapping_sub(base).wrapping_sub(self.off as u64) as u32
            })
            .collect();
        (body, words)
    }

    /// (r16, r17) over an invocation's inputs.
    fn model(&self, inputs: &[u32]) -> [u32; 2] {
        let index = (inputs[0] & 7).min(self.table.len() as u32 - 1) as usize;
        let p0 = inputs[1] & 1 == 1;
        let taken = self.guard.is_none_or(|not| p0 != not);
        let first = if taken { self.table[index].0 } else { 0 };
        let (mut r16, mut r17) = (inputs[2], inputs[3]);
        for &(k, m, ends) in &self.cases[first..] {
            r16 = r16.wrapping_add(k);
            r17 ^= m;
            if ends {
                break;
            }
        }
        [r16, r17]
    }
}

/// The frame's constant buffer 1 with `words` after it; where they start.
fn with_table(words: &[u32]) -> (Vec<u8>, u64) {
    let mut data = frame_constbuf1();
    data.resize(data.len().next_multiple_of(16), 0);
    let at_b = data.len() as u64;
    data.extend(words.iter().flat_map(|w| w.to_le_bytes()));
    (data, at_b)
}

fn inputs(rng: &mut Rng) -> Vec<u32> {
    (0..INPUTS * INVOCATIONS)
        .map(|_| rng.next() as u32)
        .collect()
}

fn names(words: &[u64]) -> Vec<String> {
    kernel::envydis(words)
        .into_iter()
        .map(|line| {
            assert!(
                !line.contains("???") && !line.contains("unknown"),
                "`{line}`"
            );
            line.split_whitespace()
                // envydis marks some lines with a capital letter before the mnemonic.
                .find(|part| {
                    *part != "not"
                        && !part.starts_with('$')
                        && !part.chars().all(|c| c.is_ascii_uppercase())
                })
                .unwrap_or_default()
                .to_string()
        })
        .collect()
}

#[test]
fn jump_tables_go_where_a_cpu_model_of_them_goes() {
    let mut rng = Rng(0x6272_7800);
    let mut checked = 0;
    for _ in 0..6 {
        let switch = Switch::random(&mut rng);
        let (_, table_b) = with_table(&[]);
        let (body, words) = switch.encode(table_b);
        let (constbuf1, at_b) = with_table(&words);
        assert_eq!(at_b, table_b);
        let listed = kernel::envydis(&body[..HEAD]);
        let want = ["mov", "mov", "r2p", "ssy", "lop32i", "imnmx", "shl", "ld"];
        for (line, name) in listed.iter().zip(want) {
            assert!(line.starts_with(name), "`{line}` is not `{name}`");
        }
        let branch = if switch.absolute { "jmx" } else { "brx" };
        assert!(
            listed[HEAD - 1].contains(branch) && !listed[HEAD - 1].contains("unknown"),
            "`{}` is not `{branch}`",
            listed[HEAD - 1]
        );
        let inputs = inputs(&mut rng);
        let got = kernel::run_with(&body, 2, &inputs, [0; 4], Some(&constbuf1));
        for (invocation, got) in got.iter().enumerate() {
            let own = &inputs[INPUTS * invocation..INPUTS * (invocation + 1)];
            assert_eq!(
                got,
                &switch.model(own),
                "invocation {invocation} over {own:08x?} in {switch:?}"
            );
            checked += 1;
        }
    }
    assert_eq!(checked, 6 * INVOCATIONS);
}

#[test]
fn absolute_jumps_and_calls_go_where_a_cpu_model_of_them_goes() {
    let mut rng = Rng(0x6a6d_7000);
    for _ in 0..3 {
        let (k1, k2, m) = (
            rng.next() as u32 & 0xffff,
            rng.next() as u32 & 0xffff,
            rng.next() as u32 & 0xfffff,
        );
        let not = rng.bit();
        // `@[!]P0 jmp L; add k1; L: xor m; jcal S; add k2; bra E; S: xor m; ret; E:`
        let body = vec![
            MOV_R16_R10,
            P0_FROM_R9,
            guarded(0xe210 << 48 | CC_T | body_offset_b(4) << 20, 0, not),
            add(16, k1),
            xor(16, m),
            0xe220 << 48 | PT_GUARD | body_offset_b(8) << 20,
            add(16, k2),
            bra(7, body_offset_b(10)),
            xor(16, m >> 1),
            0xe320 << 48 | PT_GUARD | CC_T,
        ];
        let want = [
            "mov", "r2p", "jmp", "iadd32i", "lop32i", "jcal", "iadd32i", "bra", "lop32i", "ret",
        ];
        assert_eq!(names(&body), want);
        let inputs = inputs(&mut rng);
        let got = kernel::run(&body, 1, &inputs, [0; 4]);
        for (invocation, got) in got.iter().enumerate() {
            let own = &inputs[INPUTS * invocation..INPUTS * (invocation + 1)];
            let jumped = (own[1] & 1 == 1) != not;
            let mut r16 = own[2];
            if !jumped {
                r16 = r16.wrapping_add(k1);
            }
            r16 = ((r16 ^ m) ^ (m >> 1)).wrapping_add(k2);
            assert_eq!(got, &[r16], "invocation {invocation} over {own:08x?}");
        }
    }
}

#[test]
fn exits_in_a_pexit_region_go_to_its_target() {
    let mut rng = Rng(0x7065_7800);
    for _ in 0..3 {
        let [k1, k2, k3, k4] = [0; 4].map(|_: u32| rng.next() as u32 & 0xffff);
        let m = rng.next() as u32 & 0xfffff;
        let not = rng.bit();
        // `pexit L; add k1; ssy J; @[!]P0 bra X; add k2; sync; X: exit; J: add k3; exit;
        // add k4; L: xor m`
        let body = vec![
            MOV_R16_R10,
            P0_FROM_R9,
            0xe230 << 48 | PT_GUARD | rel(2, body_offset_b(12)),
            add(16, k1),
            ssy(4, body_offset_b(9)),
            guarded(bra(5, body_offset_b(8)), 0, not),
            add(16, k2),
            sync(),
            exit(),
            add(16, k3),
            exit(),
            add(16, k4),
            xor(16, m),
        ];
        let want = [
            "mov", "r2p", "pexit", "iadd32i", "ssy", "bra", "iadd32i", "sync", "exit", "iadd32i",
            "exit", "iadd32i", "lop32i",
        ];
        assert_eq!(names(&body), want);
        let inputs = inputs(&mut rng);
        let got = kernel::run(&body, 1, &inputs, [0; 4]);
        for (invocation, got) in got.iter().enumerate() {
            let own = &inputs[INPUTS * invocation..INPUTS * (invocation + 1)];
            let branched = (own[1] & 1 == 1) != not;
            let mut r16 = own[2].wrapping_add(k1);
            if !branched {
                r16 = r16.wrapping_add(k2).wrapping_add(k3);
            }
            assert_eq!(got, &[r16 ^ m], "invocation {invocation} over {own:08x?}");
        }
    }
}

#[test]
fn indirect_branches_without_a_known_table_are_refused_by_name() {
    let switch = Switch {
        absolute: false,
        cases: vec![(1, 2, true), (3, 4, true)],
        table: vec![(0, false), (1, false)],
        off: 0,
        guard: None,
    };
    let (_, table_b) = with_table(&[]);
    let (body, words) = switch.encode(table_b);
    let (constbuf1, _) = with_table(&words);
    // The table in c2 (a uniform block: its words are the program's input).
    let mut in_c2 = body.clone();
    in_c2[HEAD - 2] = in_c2[HEAD - 2] & !(0x1f << 36) | 2 << 36;
    // No `ssy` around it.
    let mut no_ssy = body.clone();
    no_ssy[3] = 0x50b0_0000_0007_0f00;
    // The index not clamped.
    let mut unclamped = body.clone();
    unclamped[5] = MOV_R16_R10 & !0xff | 5 | 0xff << 20;
    for (case, body, says) in [
        ("c2", in_c2, "c2"),
        ("no ssy", no_ssy, "outside an `ssy` region"),
        ("unclamped", unclamped, "not clamped"),
    ] {
        let error = match kernel::translate_with(&body, 2, Some(&constbuf1)) {
            Ok(_) => panic!("{case}: translates"),
            Err(error) => error.to_string(),
        };
        assert!(
            error.contains("`brx") && error.contains(says),
            "{case}: {error}"
        );
    }
}

#[test]
fn flow_tests_of_the_condition_codes_on_branches_are_refused_by_name() {
    // `bra lt` over an add, and `exit ne`: a condition besides the guard.
    for (name, body) in [
        (
            "bra",
            vec![
                MOV_R16_R10,
                bra(1, body_offset_b(3)) & !0x1f | 1,
                add(16, 1),
            ],
        ),
        ("exit", vec![MOV_R16_R10, exit() & !0x1f | 5, add(16, 1)]),
    ] {
        let line = &kernel::envydis(&body)[1];
        assert!(line.starts_with(name) && !line.contains("???"), "`{line}`");
        let error = match kernel::translate(&body, 1) {
            Ok(_) => panic!("`{line}` translates"),
            Err(error) => error.to_string(),
        };
        assert!(
            error.contains(&format!("`{name}")) && error.contains("flow test"),
            "{error}"
        );
    }
}
