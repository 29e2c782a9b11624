//! The video forms a public reference defines (`vsetp`, `vmad`, word-wide `vmnmx`:
//! yuzu's reading, with envytools' field names), random encodings over every source
//! width and select each accepts, against a CPU model of yuzu's definitions. Every
//! encoding is checked with envydis.

use super::kernel::{self, Rng, FIRST_OUT, INPUTS, INVOCATIONS, PT_GUARD};

#[derive(Clone, Copy, Debug)]
struct Sources {
    /// A's raw bits 36-38 (width from 37-38, select from 36-37) and sign.
    a: u64,
    a_signed: bool,
    /// B: a register's raw bits 28-30 (0-6), or a 16-bit immediate.
    b: Result<u64, u32>,
    b_signed: bool,
}

#[derive(Clone, Copy, Debug)]
enum Video {
    Vsetp {
        src: Sources,
        test: u64,
        op: u64,
        dst: [u8; 2],
        combine: (u8, bool),
    },
    Vmad {
        src: Sources,
    },
    Vmnmx {
        src: Sources,
        max_first: bool,
        max_second: bool,
        signed_second: bool,
    },
}

impl Sources {
    fn bits(&self) -> u64 {
        let b = match self.b {
            Ok(raw) => 1 << 50 | raw << 28 | 9 << 20,
            Err(imm) => u64::from(imm) << 20,
        };
        self.a << 36 | u64::from(self.a_signed) << 48 | u64::from(self.b_signed) << 49 | b | 8 << 8
    }

    fn part(value: u32, width: u64, select: u64, signed: bool) -> u32 {
        let bits = match width {
            0 | 1 => 8,
            2 => 16,
            _ => return value,
        };
        let raw = value >> (bits * select) & ((1u32 << bits) - 1);
        if signed && raw >> (bits - 1) & 1 == 1 {
            raw | !((1u32 << bits) - 1)
        } else {
            raw
        }
    }

    /// (A, B) as the model reads them from r8 and r9.
    fn values(&self, r8: u32, r9: u32) -> (u32, u32) {
        let a = Self::part(r8, self.a >> 1, self.a & 3, self.a_signed);
        let b = match self.b {
            Ok(raw) => Self::part(r9, raw >> 1, raw & 3, self.b_signed),
            Err(imm) => Self::part(imm, 2, 0, self.b_signed),
        };
        (a, b)
    }

    fn random(rng: &mut Rng) -> Sources {
        Sources {
            a: rng.below(8),
            a_signed: rng.bit(),
            b: if rng.below(4) == 0 {
                Err(rng.below(0x1_0000) as u32)
            } else {
                Ok(rng.below(7))
            },
            b_signed: rng.bit(),
        }
    }
}

fn compare(a: u32, b: u32, signed: bool, test: u64) -> bool {
    let order = if signed {
        (a as i32).cmp(&(b as i32))
    } else {
        a.cmp(&b)
    };
    let (lt, eq, gt) = (test & 1 != 0, test & 2 != 0, test & 4 != 0);
    match order {
        std::cmp::Ordering::Less => lt,
        std::cmp::Ordering::Equal => eq,
        std::cmp::Ordering::Greater => gt,
    }
}

fn pick(a: u32, b: u32, max: bool, signed: bool) -> u32 {
    let less = if signed {
        (a as i32) < (b as i32)
    } else {
        a < b
    };
    if less == max {
        b
    } else {
        a
    }
}

impl Video {
    fn encode(&self, d: u8) -> Vec<u64> {
        let d64 = u64::from(d);
        match *self {
            Video::Vsetp {
                src,
                test,
                op,
                dst,
                combine,
            } => vec![
                0x50f0 << 48
                    | PT_GUARD
                    | src.bits()
                    | (test & 3) << 43
                    | (test >> 2) << 47
                    | op << 45
                    | u64::from(dst[0]) << 3
                    | u64::from(dst[1])
                    | u64::from(combine.0) << 39
                    | u64::from(combine.1) << 42,
                kernel::pred_to_reg(d, dst[0]),
            ],
            Video::Vmad { src } => {
                vec![0x5f00 << 48 | PT_GUARD | src.bits() | 10 << 39 | d64]
            }
            Video::Vmnmx {
                src,
                max_first,
                max_second,
                signed_second,
            } => vec![
                0x3a00 << 48
                    | PT_GUARD
                    | src.bits()
                    | (if max_second { 6 } else { 5 }) << 51
                    | u64::from(signed_second) << 54
                    | u64::from(max_first) << 56
                    | 10 << 39
                    | d64,
            ],
        }
    }

    fn name(&self) -> &'static str {
        match self {
            Video::Vsetp { .. } => "vsetp",
            Video::Vmad { .. } => "vmad",
            Video::Vmnmx { .. } => "vmnmx",
        }
    }

    fn model(&self, own: &[u32], preds: &mut [bool; 8]) -> u32 {
        let pred = |preds: &[bool; 8], (p, not): (u8, bool)| (p == 7 || preds[p as usize]) != not;
        match *self {
            Video::Vsetp {
                src,
                test,
                op,
                dst,
                combine,
            } => {
                let (a, b) = src.values(own[0], own[1]);
                let result = compare(a, b, src.b_signed, test);
                let c = pred(preds, combine);
                let logic = |x: bool| match op {
                    0 => x && c,
                    1 => x || c,
                    _ => x != c,
                };
                let (first, second) = (logic(result), logic(!result));
                if dst[0] != 7 {
                    preds[dst[0] as usize] = first;
                }
                if dst[1] != 7 {
                    preds[dst[1] as usize] = second;
                }
                u32::from(dst[0] == 7 || preds[dst[0] as usize])
            }
            Video::Vmad { src } => {
                let (a, b) = src.values(own[0], own[1]);
                a.wrapping_mul(b).wrapping_add(own[2])
            }
            Video::Vmnmx {
                src,
                max_first,
                max_second,
                signed_second,
            } => {
                let (a, b) = src.values(own[0], own[1]);
                let first = pick(a, b, max_first, src.b_signed);
                pick(first, own[2], max_second, signed_second)
            }
        }
    }
}

fn input(rng: &mut Rng) -> u32 {
    match rng.below(5) {
        0 => [0, 1, u32::MAX, 0x8000_0000, 0x7fff_ffff, 0x0080_ff7f][rng.below(6) as usize],
        _ => rng.next() as u32,
    }
}

#[test]
fn video_forms_compute_as_a_cpu_model_of_them() {
    let mut rng = Rng(0x71de0);
    let mut checked = 0usize;
    for _round in 0..3 {
        let forms: Vec<Video> = (0..kernel::MAX_OUTPUTS)
            .map(|_| match rng.below(3) {
                0 => Video::Vsetp {
                    src: Sources::random(&mut rng),
                    test: rng.below(8),
                    op: rng.below(3),
                    dst: [rng.below(7) as u8, rng.below(8) as u8],
                    combine: (rng.below(8) as u8, rng.bit()),
                },
                1 => Video::Vmad {
                    src: Sources::random(&mut rng),
                },
                _ => {
                    let mut src = Sources::random(&mut rng);
                    // Word-wide A (bits 37-38 set) and a word-wide register B.
                    src.a = 6 | (src.a & 1);
                    src.b = Ok(6);
                    Video::Vmnmx {
                        src,
                        max_first: rng.bit(),
                        max_second: rng.bit(),
                        signed_second: rng.bit(),
                    }
                }
            })
            .collect();
        // P0-P6 start as r11's low bits.
        let mut body = vec![0x38f0_0000_0000_0000 | PT_GUARD | 11 << 8 | 0x7f << 20];
        let mut main_words = Vec::new();
        for (k, form) in forms.iter().enumerate() {
            let words = form.encode(FIRST_OUT + k as u8);
            main_words.push(words[0]);
            body.extend(words);
        }
        for (form, line) in forms.iter().zip(kernel::envydis(&main_words)) {
            assert!(
                line.split_whitespace().next() == Some(form.name()) && !line.contains("???"),
                "{form:?} encodes as `{line}`"
            );
        }
        let inputs: Vec<u32> = (0..INPUTS * INVOCATIONS).map(|_| input(&mut rng)).collect();
        let got = kernel::run(&body, forms.len(), &inputs, [0; 4]);
        for (invocation, got) in got.iter().enumerate() {
            let own = &inputs[INPUTS * invocation..INPUTS * (invocation + 1)];
            let mut preds = [false; 8];
            for (index, pred) in preds.iter_mut().enumerate().take(7) {
                *pred = own[3] >> index & 1 == 1;
            }
            for (k, form) in forms.iter().enumerate() {
                let want = form.model(own, &mut preds);
                assert_eq!(
                    got[k], want,
                    "{form:?} (word {:#018x}), invocation {invocation} over {own:08x?}",
                    main_words[k]
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 10000, "{checked} words checked");
}
