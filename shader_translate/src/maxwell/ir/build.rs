//! SSA values from a decoded program of one basic block (what Hookshot translates so
//! far): each register and predicate write makes a new value, a guarded instruction
//! selects between its result and the old value, and what the program leaves in the
//! attribute space (and, for fragment programs, in the registers at `exit`) is its output.
//! Anything else is [`Unsupported`], named with its offset, never guessed.

mod add3;
mod attribute;
mod convert;
mod covered;
mod double;
mod facts;
mod flags;
mod funnel;
mod geometry;
mod half;
mod indirect;
mod interpolate;
mod leave;
mod logic3;
mod memory;
mod multiply;
mod permute;
mod pixel;
mod pointer;
mod predicates;
mod saturate;
mod surface;
mod tessellation;
mod video;
pub(crate) use tessellation::PATCH_GENERIC_B;
mod quad;
mod select;
mod subgroup;
mod texture;
mod texture_half;
mod texture_handle;
mod warp;

use std::collections::{BTreeMap, BTreeSet, HashMap};

pub use interpolate::InterpolateAt;
use memory::{AccessCondition, AddressHalf};

use super::{
    flow_test, jump_tables, leaves_straight_line, split_blocks_with, target_of, Binary, Block,
    Compare, FloatUnary, IntUnary, JumpTable, Logic, LoopExit, Op, Scratch, SubgroupNeed,
    Terminator, Value, Var,
};
use crate::maxwell::decode::{Guard, Instruction, Operand, PT, RZ};
use crate::maxwell::dksh::{ComputeInfo, ProgramType};
use crate::maxwell::program::Program;
use crate::maxwell::slots::SlotMap;

/// What Hookshot cannot translate yet, by name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Unsupported {
    #[error("`{name}` at byte {offset_b:#x}: {what} is not translated yet")]
    Instruction {
        name: &'static str,
        offset_b: u32,
        what: String,
    },
    #[error("control flow ({blocks} reachable blocks; the first ends at byte {offset_b:#x} with {how}) is not translated yet")]
    ControlFlow {
        blocks: usize,
        offset_b: u32,
        how: String,
    },
    #[error("{0} programs are not translated yet")]
    Stage(&'static str),
    /// An image access that the format its slot holds (`SlotMap::image_formats`) does
    /// not allow, or an atomic whose slot the formats leave ambiguous.
    #[error("`{name}` at byte {offset_b:#x} on image slot {slot} ({format}): {what}")]
    ImageFormat {
        name: &'static str,
        offset_b: u32,
        slot: u32,
        format: String,
        what: String,
    },
    #[error("the SPH's {field} is {value}; Hookshot takes {allowed}")]
    Header {
        field: &'static str,
        value: u32,
        allowed: &'static str,
    },
    #[error("a geometry program's input primitive is the draw's topology, which neither the SPH nor the DKSH says: translate it for an input class (points, lines, lines_adjacency, triangles, triangles_adjacency)")]
    NoGeometryInput,
    #[error("a {0} program takes no geometry input class")]
    GeometryInputForStage(&'static str),
}

/// How a fragment program's `ipa` reads an attribute.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ipa {
    /// The attribute as interpolated, not divided by w (`ipa pass`: screen-linear
    /// inputs, and `a[0x7c]`, which is gl_FragCoord.w).
    Pass,
    /// Perspective: the hardware gives interpolate(attribute / w) times `multiplier`;
    /// uam passes 1 / interpolate(1 / w), which makes it the perspective-correct value.
    Multiply { multiplier: Value },
    /// Flat.
    Constant,
}

/// A word of the attribute space read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AttrRead {
    pub addr_b: u32,
    /// `None` in vertex, tessellation and geometry programs.
    pub ipa: Option<Ipa>,
}

/// A translated program's SSA form.
#[derive(Clone, Debug)]
pub struct Function {
    pub ops: Vec<Op>,
    /// The last value stored at each attribute address (`st a[]`).
    pub attr_stores: BTreeMap<u32, Value>,
    /// Fragment: every general register's value at `exit`.
    pub exit_regs: BTreeMap<u8, Value>,
    /// What each early [`Op::Exit`] writes.
    pub exits: Vec<Outputs>,
    /// Fragment: the generic input locations read at the centroid (`ipa centroid`).
    pub centroid_locations: BTreeSet<u32>,
    /// Graphics stages: the first instruction (name, byte offset) needing each class of
    /// the device's subgroup operations.
    pub subgroup_origins: BTreeMap<SubgroupNeed, (&'static str, u32)>,
}

/// The outputs at one `exit`: the attribute stores so far and (fragment) the registers.
#[derive(Clone, Debug, PartialEq)]
pub struct Outputs {
    pub attr_stores: BTreeMap<u32, Value>,
    pub regs: BTreeMap<u8, Value>,
}

struct Builder<'a> {
    ops: Vec<Op>,
    slots: &'a SlotMap,
    kind: ProgramType,
    /// The condition of the branch arm being translated (`None`: always).
    region: Option<Value>,
    regs: BTreeMap<u8, Value>,
    preds: BTreeMap<u8, Value>,
    attr_stores: BTreeMap<u32, Value>,
    instruction: &'a Instruction,
    fragment: bool,
    /// Every register and predicate the program names: what a loop keeps in variables.
    tracked: Vec<Var>,
    /// The loops (and `pret` regions) the walk is inside, innermost last.
    loops: Vec<LoopFrame>,
    /// The break target of the last `pbk`, for the loop whose header comes next.
    pending_break: Option<usize>,
    /// The loop header just entered (so the walk does not enter it again).
    entered: Option<usize>,
    exits: Vec<Outputs>,
    /// Values that are (halves of) storage buffer addresses.
    addresses: HashMap<Value, AddressHalf>,
    /// Values uam makes for one instruction alone, which a loop does not carry (see
    /// [`Self::without_carried_leftovers`]).
    single_use: BTreeSet<Value>,
    /// Fragment `shfl bfly` results: the value of the quad's neighbour across x (axis 0)
    /// or y (axis 1), of the source value.
    quad_neighbours: HashMap<Value, (u8, Value)>,
    /// The conditions (`Not`, `Logic`) made since the last loop boundary, reused so that
    /// two instructions under one guard in one arm share one condition value.
    conditions: HashMap<(u8, Value, Value), Value>,
    /// The condition an address made under one holds under.
    address_conditions: HashMap<Value, AccessCondition>,
    /// Compute: the workgroup size and shared memory.
    compute: Option<ComputeInfo>,
    /// The subroutines (`cal` targets) being inlined, outermost first.
    calls: Vec<usize>,
    /// Fragment programs: the generic input words the header says are read (the
    /// candidates of an indexed `ipa`).
    read_inputs: Vec<u32>,
    /// Fragment: each generic input location read so far, and whether at the centroid.
    sample_points: BTreeMap<u32, bool>,
    /// See [`Function::subgroup_origins`].
    subgroup_origins: BTreeMap<SubgroupNeed, (&'static str, u32)>,
}

/// How deep `cal`s may nest before the program is refused.
const MAX_CALL_DEPTH: usize = 16;
/// How deep the selects of a register's value are followed when a storage address word
/// is left out of what a loop carries: an if/else inside a `switch` arm leaves the word
/// three selects down (`tests/maxwell_fuzz_cases/vert_address_under_switch_arms`).
const CARRIED_SELECT_DEPTH: u32 = 8;

/// A loop being translated.
#[derive(Clone, Copy)]
struct LoopFrame {
    /// The header block (`None`: a `pret` region, which runs once).
    header: Option<usize>,
    /// The block a `brk` (or `ret`) goes to.
    break_block: Option<usize>,
    /// A `pret` region left by a `ret` from inside a loop nested in it ([`Var::Leave`]).
    left_from_inside: bool,
    /// A `pexit` region: an `exit` inside goes to its target.
    exits: bool,
}

impl Builder<'_> {
    fn push(&mut self, op: Op) -> Value {
        let key = match op {
            Op::Not(a) => Some((0, a, a)),
            Op::Logic(Logic::And, a, b) => Some((1, a.min(b), a.max(b))),
            Op::Logic(Logic::Or, a, b) => Some((2, a.min(b), a.max(b))),
            Op::Logic(Logic::Xor, a, b) => Some((3, a.min(b), a.max(b))),
            // A value made inside a loop is not seen after it: start again at each edge.
            Op::LoopBegin | Op::LoopEnd { .. } | Op::LoopLeave { .. } => {
                self.conditions.clear();
                None
            }
            _ => None,
        };
        if let Some(&made) = key.as_ref().and_then(|key| self.conditions.get(key)) {
            return made;
        }
        self.ops.push(op);
        let value = Value(self.ops.len() as u32 - 1);
        if let Some(key) = key {
            self.conditions.insert(key, value);
        }
        value
    }

    fn constant(&mut self, bits: u32) -> Value {
        self.push(Op::Const(bits))
    }

    fn unsupported(&self, what: impl Into<String>) -> Unsupported {
        Unsupported::Instruction {
            name: self.instruction.name,
            offset_b: self.instruction.offset_b,
            what: what.into(),
        }
    }

    /// Register `index` as the current instruction reads it: where the instruction takes
    /// effect only under a condition, a value written under that same condition is what
    /// was written (the select's other side is never seen).
    fn reg(&mut self, index: u8) -> Value {
        let held = self.held(index);
        let held = self.covered_under_guard(held);
        let held = self.where_guarded(held);
        self.lane_dropped_under_guard(held)
    }

    /// Register `index`'s value in every invocation.
    fn held(&mut self, index: u8) -> Value {
        if index == RZ {
            return self.constant(0);
        }
        match self.regs.get(&index) {
            Some(&value) => value,
            // Registers start undefined; uam never reads one before writing it. Zero
            // keeps a translation deterministic.
            None => self.constant(0),
        }
    }

    fn pred(&mut self, index: u8) -> Value {
        if index == PT {
            return self.push(Op::BoolConst(true));
        }
        match self.preds.get(&index) {
            Some(&value) => value,
            None => self.push(Op::BoolConst(false)),
        }
    }

    /// An operand's value: registers, immediates (as their low 32 bits) and constant
    /// buffer words.
    fn value(&mut self, operand: Operand) -> Result<Value, Unsupported> {
        Ok(match operand {
            Operand::Reg(index) => self.reg(index),
            Operand::Sys(index) => self.system_register(index)?,
            Operand::Imm { value, .. } => self.constant(value as u32),
            Operand::Cbuf {
                index,
                base,
                offset,
            } => {
                let offset_b = self.constant(offset as u32);
                let offset_b = match base {
                    Some(base) => {
                        let base = self.reg(base);
                        self.push(Op::Binary(Binary::IAdd, base, offset_b))
                    }
                    None => offset_b,
                };
                let value = self.push(Op::Cbuf {
                    index: index as u8,
                    offset_b,
                });
                if index == u64::from(self.slots.driver_cbuf) && base.is_none() {
                    self.driver_constant(offset, value)
                } else {
                    value
                }
            }
            other => return Err(self.unsupported(format!("the operand {other:?}"))),
        })
    }

    /// A float source with its `neg`/`abs` modifiers applied.
    fn float(&mut self, mods: &[&str], operand: Operand) -> Result<Value, Unsupported> {
        let mut value = self.value(operand)?;
        if mods.contains(&"abs") {
            value = self.push(Op::FloatUnary(FloatUnary::Abs, value));
        }
        if mods.contains(&"neg") {
            value = self.push(Op::FloatUnary(FloatUnary::Neg, value));
        }
        Ok(value)
    }

    fn int(&mut self, mods: &[&str], operand: Operand) -> Result<Value, Unsupported> {
        let value = self.value(operand)?;
        if mods.contains(&"inv") {
            let ones = self.constant(u32::MAX);
            return Ok(self.push(Op::Binary(Binary::Xor, value, ones)));
        }
        if mods.contains(&"neg") {
            return Ok(self.negate_int(value));
        }
        Ok(value)
    }

    /// The two's-complement negation of `value` (`!value + 1`).
    fn negate_int(&mut self, value: Value) -> Value {
        let ones = self.constant(u32::MAX);
        let inverted = self.push(Op::Binary(Binary::Xor, value, ones));
        let one = self.constant(1);
        self.push(Op::Binary(Binary::IAdd, inverted, one))
    }

    /// A predicate source operand, with its `not`.
    fn pred_source(
        &mut self,
        (mods, operand): &(Vec<&'static str>, Operand),
    ) -> Result<Value, Unsupported> {
        let Operand::Pred(index) = *operand else {
            return Err(self.unsupported("its predicate source"));
        };
        let value = self.pred(index);
        Ok(if mods.contains(&"not") {
            self.push(Op::Not(value))
        } else {
            value
        })
    }

    /// The instruction's own guard.
    fn own_guard(&mut self) -> Option<Value> {
        match self.instruction.guard {
            Guard::Always | Guard::Never => None,
            Guard::Pred { index, not } => {
                let pred = self.pred(index);
                Some(if not { self.push(Op::Not(pred)) } else { pred })
            }
        }
    }

    /// When the instruction takes effect: its guard and the guard of the branch arm it is
    /// in (arms of an if/else are both run, each under its condition).
    fn guard(&mut self) -> Option<Value> {
        let own = self.own_guard();
        self.both(own, self.region)
    }

    fn both(&mut self, a: Option<Value>, b: Option<Value>) -> Option<Value> {
        match (a, b) {
            (Some(a), Some(b)) => Some(self.push(Op::Logic(Logic::And, a, b))),
            (a, b) => a.or(b),
        }
    }

    /// `value` where the instruction's guard holds, `old` elsewhere.
    fn guarded(&mut self, value: Value, old: impl FnOnce(&mut Self) -> Value) -> Value {
        match self.guard() {
            Some(cond) => {
                let mut old = old(self);
                // Written before under this condition, the earlier write is never seen;
                // under its negation, it is what is seen where this one does not apply.
                if let Op::Select {
                    cond: earlier,
                    a: earlier_value,
                    b,
                } = self.ops[old.0 as usize]
                {
                    let negation = |x: Value, y: Value| self.ops[x.0 as usize] == Op::Not(y);
                    if earlier == cond {
                        old = b;
                    } else if negation(earlier, cond) || negation(cond, earlier) {
                        old = earlier_value;
                    } else if let Some(w) = self.unchosen_in_arm(cond, earlier, earlier_value) {
                        // Written before in this arm by the `@p`/`@!p` pair: where this
                        // write does not apply inside the arm, the other of the pair.
                        old = self.push(Op::Select {
                            cond: earlier,
                            a: w,
                            b,
                        });
                    } else if let Some((shared, own)) = self.split_pair(cond, earlier) {
                        // `@p` and `@!p` writes in one arm (`shared`): the arm's value
                        // is one of the two, and outside it the register is what it
                        // was before the arm, whatever it held only inside the arm.
                        let inside = self.push(Op::Select {
                            cond: own,
                            a: value,
                            b: earlier_value,
                        });
                        // Reduced by `shared` failing: a select on the arm (or its
                        // negation) gives its other side, and a value the earlier arm
                        // left only on paths that run the pair's arm drops out
                        // (tests/maxwell_fuzz_cases/frag_address_beside_pair_in_else).
                        let outside = self.where_not(shared, b);
                        return self.push(Op::Select {
                            cond: shared,
                            a: inside,
                            b: outside,
                        });
                    }
                }
                let old = self.where_not(cond, old);
                self.push(Op::Select {
                    cond,
                    a: value,
                    b: old,
                })
            }
            None => value,
        }
    }

    /// With `cond` = `own & shared` and `arm_value` a choice on `own` made in the arm
    /// `shared` (`earlier`): that choice's other side.
    fn unchosen_in_arm(&self, cond: Value, earlier: Value, arm_value: Value) -> Option<Value> {
        let &Op::Logic(Logic::And, x, y) = &self.ops[cond.0 as usize] else {
            return None;
        };
        let own = if y == earlier {
            x
        } else if x == earlier {
            y
        } else {
            return None;
        };
        match self.ops[arm_value.0 as usize] {
            Op::Select { cond: made, b, .. } if made == own => Some(b),
            _ => None,
        }
    }

    /// Whether `x` and `y` are each other's negation.
    fn negations(&self, x: Value, y: Value) -> bool {
        self.ops[x.0 as usize] == Op::Not(y) || self.ops[y.0 as usize] == Op::Not(x)
    }

    /// `cond` and `earlier` as `own & shared` and `other & shared` with `own` and `other`
    /// each other's negation: `(shared, own)`.
    fn split_pair(&self, cond: Value, earlier: Value) -> Option<(Value, Value)> {
        let (&Op::Logic(Logic::And, a, b), &Op::Logic(Logic::And, c, d)) =
            (&self.ops[cond.0 as usize], &self.ops[earlier.0 as usize])
        else {
            return None;
        };
        [(a, b), (b, a)].into_iter().find_map(|(own, shared)| {
            [(c, d), (d, c)]
                .into_iter()
                .any(|(other, also)| also == shared && self.negations(own, other))
                .then_some((shared, own))
        })
    }

    fn set_reg(&mut self, index: u8, value: Value) {
        if index != RZ {
            let held = self.guarded(value, |b| b.held(index));
            if held != value {
                if let Some(&half) = self.addresses.get(&value) {
                    // An address only where the write took effect: an access under the
                    // same condition may use it.
                    self.addresses.insert(held, half);
                    let condition = self.condition();
                    self.address_conditions.entry(held).or_insert(condition);
                }
            }
            self.regs.insert(index, held);
        }
    }

    fn set_pred(&mut self, index: u8, value: Value) {
        if index != PT {
            let value = self.guarded(value, |b| b.pred(index));
            self.preds.insert(index, value);
        }
    }

    fn saturate_if(&mut self, saturate: bool, value: Value) -> Value {
        if saturate {
            self.push(Op::FloatUnary(FloatUnary::Saturate, value))
        } else {
            value
        }
    }

    fn words(&self, size: &str) -> Option<u32> {
        Some(match size {
            "b32" => 1,
            "b64" => 2,
            "b96" => 3,
            "b128" => 4,
            _ => return None,
        })
    }

    fn translate(&mut self) -> Result<(), Unsupported> {
        let i = self.instruction;
        if i.guard == Guard::Never || i.name == "nop" {
            return Ok(());
        }
        let ops = i.operands_with_mods();
        let dst = match ops.first() {
            Some((_, Operand::Reg(reg))) => Ok(*reg),
            _ => Err(self.unsupported("its destination")),
        };
        let sat = i.has_mod("sat");
        match i.name {
            "mov" | "mov32i" => {
                let value = self.value(ops[1].1)?;
                self.set_reg(dst.clone()?, value);
            }
            "ld" | "st" => self.memory(&ops)?,
            "isberd" => self.isberd(&ops)?,
            "out" => self.geometry_out(&ops)?,
            "ipa" => self.ipa(&ops)?,
            "mufu" if i.has_mod("rcp64h") => self.double_mufu(&ops, FloatUnary::Rcp)?,
            "mufu" if i.has_mod("rsq64h") => self.double_mufu(&ops, FloatUnary::Rsq)?,
            "mufu" => {
                let function = match i.mods().next() {
                    Some("rcp") => FloatUnary::Rcp,
                    Some("rsq") => FloatUnary::Rsq,
                    Some("sqrt") => FloatUnary::Sqrt,
                    Some("sin") => FloatUnary::Sin,
                    Some("cos") => FloatUnary::Cos,
                    Some("ex2") => FloatUnary::Ex2,
                    Some("lg2") => FloatUnary::Lg2,
                    other => return Err(self.unsupported(format!("function {other:?}"))),
                };
                let source = self.float(&ops[1].0, ops[1].1)?;
                let value = self.push(Op::FloatUnary(function, source));
                let value = self.saturate_if(sat, value);
                self.set_reg(dst.clone()?, value);
            }
            // The argument reduction before `mufu sin/cos/ex2`: Hookshot's sin/cos/ex2
            // take the plain argument, so it passes through.
            "rro" => {
                let value = self.float(&ops[1].0, ops[1].1)?;
                self.set_reg(dst.clone()?, value);
            }
            "fadd" | "fadd32i" | "fmul" | "fmul32i" => {
                // FMUL's result scale: a power of two, so multiplying by it is exact.
                let scale = i.mods().find_map(|m| match m {
                    "d2" => Some(0.5f32),
                    "d4" => Some(0.25),
                    "d8" => Some(0.125),
                    "m2" => Some(2.0),
                    "m4" => Some(4.0),
                    "m8" => Some(8.0),
                    _ => None,
                });
                let a = self.float(&ops[1].0, ops[1].1)?;
                let b = self.float(&ops[2].0, ops[2].1)?;
                let op = if i.name.starts_with("fadd") {
                    Binary::FAdd
                } else {
                    Binary::FMul
                };
                let mut value = self.push(Op::Binary(op, a, b));
                if let Some(scale) = scale {
                    let factor = self.constant(scale.to_bits());
                    value = self.push(Op::Binary(Binary::FMul, value, factor));
                }
                let value = self.saturate_if(sat, value);
                self.set_reg(dst.clone()?, value);
            }
            "ffma" | "ffma32i" => {
                let a = self.float(&ops[1].0, ops[1].1)?;
                let b = self.float(&ops[2].0, ops[2].1)?;
                let c = self.float(&ops[3].0, ops[3].1)?;
                let value = self.push(Op::Ffma(a, b, c));
                let value = self.saturate_if(sat, value);
                self.set_reg(dst.clone()?, value);
            }
            "imnmx" => {
                if ops[0]
                    .0
                    .iter()
                    .any(|m| matches!(*m, "xlo" | "xmed" | "xhi" | "cc"))
                {
                    return Err(self.unsupported("an extended mode"));
                }
                let a = self.value(ops[1].1)?;
                let b = self.value(ops[2].1)?;
                let choose_min = self.pred_source(&ops[3])?;
                let signed = !ops[0].0.contains(&"u32");
                let less = self.push(Op::Compare(
                    Compare::Int {
                        signed,
                        lt: true,
                        eq: false,
                        gt: false,
                    },
                    a,
                    b,
                ));
                let min = self.push(Op::Select { cond: less, a, b });
                let max = self.push(Op::Select {
                    cond: less,
                    a: b,
                    b: a,
                });
                let value = self.push(Op::Select {
                    cond: choose_min,
                    a: min,
                    b: max,
                });
                self.set_reg(dst.clone()?, value);
            }
            "fmnmx" => {
                let a = self.float(&ops[1].0, ops[1].1)?;
                let b = self.float(&ops[2].0, ops[2].1)?;
                let choose_min = self.pred_source(&ops[3])?;
                let min = self.push(Op::Binary(Binary::FMin, a, b));
                let max = self.push(Op::Binary(Binary::FMax, a, b));
                let value = self.push(Op::Select {
                    cond: choose_min,
                    a: min,
                    b: max,
                });
                self.set_reg(dst.clone()?, value);
            }
            // Forms sharing a translated mnemonic whose meaning differs: the population
            // count add, the vertex-stream vote, the global load that writes a predicate
            // too, the directly addressed surface atomic.
            "iadd32i" if i.has_mod("po") => return Err(self.unsupported("`iadd32i po`")),
            "vote" if i.has_mod("vtg") => return Err(self.unsupported("`vote vtg`")),
            "ldg"
                if ops
                    .iter()
                    .any(|(_, operand)| matches!(operand, Operand::Pred(_))) =>
            {
                return Err(self.unsupported("`ldg` with a predicate result"))
            }
            "suatom" if matches!((i.word >> 48) & 0xffc0, 0xea00 | 0xea80) => {
                return Err(self.unsupported("`suatom d` with its descriptor in the word"))
            }
            "iadd" | "iadd32i" if i.has_mod("cc") || i.has_mod("x") => self.address_add(&ops)?,
            "iscadd" | "iscadd32i" if i.has_mod("cc") => self.scaled_add_with_flags(&ops)?,
            "cset" | "csetp" => self.condition_set(&ops)?,
            "lop" | "lop32i" => self.logic_two(&ops)?,
            "shl" | "shr" | "iadd" | "iadd32i" | "iscadd" | "iscadd32i" => self.integer(&ops)?,
            "ldg" | "stg" => self.global(&ops)?,
            "red" | "atom" | "atoms" => self.atomic(&ops)?,
            "bar" => self.barrier(&ops)?,
            "vote" => self.vote(&ops)?,
            "pixld" => self.pixel_load(&ops)?,
            "shfl" if self.fragment => self.quad_shuffle(&ops)?,
            "shfl" => self.shuffle(&ops)?,
            "fswzadd" => self.swizzle_add(&ops)?,
            "flo" => self.find_leading_one(&ops)?,
            "pset" => self.predicate_to_register(&ops)?,
            // uam's L1 invalidate after a global atomic: the SPIR-V's storage accesses
            // see the atomic's result without it (the atomic goes to memory, and this
            // invocation's later accesses are ordered after it).
            "cctl" if i.has_mod("iv") => {}
            // A wait on the scoreboard's dependency counters (loads, texture reads) before
            // their registers are read: the SPIR-V's values are ready where they are used.
            "depbar" => {}
            "xmad" => self.xmad(&ops)?,
            "bfe" => self.bitfield_extract(&ops)?,
            "bfi" => self.bitfield_insert(&ops)?,
            "popc" => {
                if i.has_mod("cc") {
                    return Err(self.unsupported("a condition-code write"));
                }
                let mut value = self.value(ops[1].1)?;
                if i.has_mod("inv") {
                    let ones = self.constant(u32::MAX);
                    value = self.push(Op::Binary(Binary::Xor, value, ones));
                }
                let value = self.push(Op::IntUnary(IntUnary::PopCount, value));
                self.set_reg(dst.clone()?, value);
            }
            "imul" | "imul32i" | "imad" | "imad32i" => self.multiply(&ops)?,
            "iadd3" => self.add_three(&ops)?,
            "lea" => self.load_effective_address(&ops)?,
            "lop3" => self.logic_three(&ops)?,
            "psetp" => self.predicate_logic(&ops)?,
            "shf" => self.funnel_shift(&ops)?,
            "prmt" => self.permute(&ops)?,
            "vsetp" => self.video_set_predicate(&ops)?,
            "vmad" => self.video_multiply_add(&ops)?,
            "vmnmx" => self.video_min_max(&ops)?,
            "f2f" | "f2i" | "i2f" if Self::converts_wide(&ops) => self.double_convert(&ops)?,
            "dadd" | "dmul" | "dfma" | "dmnmx" | "dsetp" | "dset" => {
                self.double_arithmetic(&ops)?
            }
            "i2f" => self.int_to_float(&ops)?,
            "f2f" => self.half_to_float(&ops)?,
            "f2i" => self.float_to_int(&ops)?,
            "fsetp" | "isetp" => self.set_predicate(&ops)?,
            "fset" | "iset" => self.set_register(&ops)?,
            "icmp" | "fcmp" => self.compare_select(&ops)?,
            "hadd2" | "hadd2_32i" | "hmul2" | "hmul2_32i" | "hfma2" | "hfma2_32i" => {
                self.half_arithmetic(&ops)?
            }
            "hset2" | "hsetp2" => self.half_compare(&ops)?,
            "p2r" => self.predicates_to_register(&ops)?,
            "al2p" if self.fragment => self.attribute_address(&ops)?,
            "idp" => {
                return Err(self.unsupported(
                    "an SM 6.0 (Pascal) dot product; the Tegra X1 (SM 5.3) has no `idp`",
                ))
            }
            "r2p" => self.register_to_predicates(&ops)?,
            "membar" => self.memory_barrier()?,
            "texs" | "tlds" => self.texture_short()?,
            "tex" | "tld" | "tld4" | "tmml" | "txd" => self.texture_long()?,
            "tld4s" => self.gather_short()?,
            "txq" => self.texture_query()?,
            "i2i" => self.int_to_int(&ops)?,
            "suld" | "sust" | "suatom" | "sured" => self.surface()?,
            "kil" => {
                if !self.fragment {
                    return Err(self.unsupported("kil outside a fragment program"));
                }
                if i.mods().next().is_some() {
                    return Err(self.unsupported("a condition-code test"));
                }
                let cond = match self.guard() {
                    Some(cond) => cond,
                    None => self.push(Op::BoolConst(true)),
                };
                self.push(Op::Kill { cond });
            }
            "sel" => {
                let a = self.value(ops[1].1)?;
                let b = self.value(ops[2].1)?;
                let cond = self.pred_source(&ops[3])?;
                let value = self.push(Op::Select { cond, a, b });
                self.set_reg(dst.clone()?, value);
            }
            other => return Err(self.unsupported(format!("the instruction `{other}`"))),
        }
        Ok(())
    }

    fn memory(&mut self, ops: &[(Vec<&'static str>, Operand)]) -> Result<(), Unsupported> {
        let i = self.instruction;
        let size = i
            .mods()
            .find_map(|m| self.words(m))
            .ok_or_else(|| self.unsupported("its size"))?;
        if self.tess_attribute(ops, size)? {
            return Ok(());
        }
        if i.has_mod("o") || i.has_mod("p") {
            return Err(self.unsupported("output or patch attribute access"));
        }
        let (reg, memory) = if i.name == "ld" {
            (ops[0].1, ops[1].1)
        } else {
            (ops[1].1, ops[0].1)
        };
        let Operand::Reg(reg) = reg else {
            return Err(self.unsupported("its register"));
        };
        match memory {
            Operand::Mem {
                space: "s",
                base,
                offset,
            } => self.scratch(Scratch::Shared, reg, (base, offset), size)?,
            Operand::Mem {
                space: "l",
                base,
                offset,
            } => self.scratch(Scratch::Local, reg, (base, offset), size)?,
            Operand::Mem {
                space: "g",
                base,
                offset,
            } => self.generic_global(ops, reg, (base, offset), size)?,
            Operand::Mem {
                space: "a",
                base: None,
                offset,
            } => {
                // A geometry program's store names the output vertex's handle.
                let handle = self.kind == ProgramType::Geometry && i.name == "st";
                if let Some((_, Operand::Reg(vertex))) = ops.get(2) {
                    if *vertex != RZ && !handle {
                        return Err(self.unsupported("a per-vertex attribute index"));
                    }
                }
                let addr_b = offset.unwrap_or(0) as u32;
                for word in 0..size {
                    let at = addr_b + 4 * word;
                    let reg = reg.wrapping_add(word as u8);
                    if i.name == "ld" {
                        let value = self.push(Op::Attr(AttrRead {
                            addr_b: at,
                            ipa: None,
                        }));
                        self.set_reg(reg, value);
                    } else {
                        let value = self.reg(reg);
                        let value = self.guarded(value, |b| match b.attr_stores.get(&at) {
                            Some(&old) => old,
                            None => b.constant(0),
                        });
                        self.attr_stores.insert(at, value);
                    }
                }
            }
            Operand::Cbuf {
                index,
                base,
                offset,
            } if i.name == "ld" && !i.mods().any(|m| matches!(m, "il" | "is" | "isl")) => {
                for word in 0..size {
                    let value = self.value(Operand::Cbuf {
                        index,
                        base,
                        offset: offset.wrapping_add(4 * u64::from(word)),
                    })?;
                    self.set_reg(reg.wrapping_add(word as u8), value);
                }
            }
            other => return Err(self.unsupported(format!("the memory operand {other:?}"))),
        }
        Ok(())
    }

    fn ipa(&mut self, ops: &[(Vec<&'static str>, Operand)]) -> Result<(), Unsupported> {
        let i = self.instruction;
        if !self.fragment {
            return Err(self.unsupported("ipa outside a fragment program"));
        }
        if i.has_mod("sc") {
            return Err(self.unsupported(
                "the `sc` mode (nouveau's mode for the legacy colour inputs a[0x280..0x2c0], \
                 interpolated as GL's shade model says: NVN has no shade model and GLSL 4.6 \
                 no gl_Color)",
            ));
        }
        if i.has_mod("offset") {
            if i.has_mod("idx") {
                return Err(self.unsupported("an `ipa offset` of an indexed attribute"));
            }
            return self.ipa_at_offset(ops);
        }
        if i.has_mod("idx") {
            let ipa = if i.has_mod("pass") {
                Ipa::Pass
            } else if i.has_mod("constant") {
                Ipa::Constant
            } else {
                let multiplier = self.value(ops[2].1)?;
                Ipa::Multiply { multiplier }
            };
            return self.indexed_ipa(ops, ipa);
        }
        let Operand::Mem {
            space: "a",
            base: None,
            offset,
        } = ops[1].1
        else {
            return Err(self.unsupported("an indexed attribute"));
        };
        let ipa = if i.has_mod("pass") {
            Ipa::Pass
        } else if i.has_mod("constant") {
            Ipa::Constant
        } else {
            let multiplier = self.value(ops[2].1)?;
            Ipa::Multiply { multiplier }
        };
        self.note_sample_point(offset.unwrap_or(0) as u32)?;
        let value = self.push(Op::Attr(AttrRead {
            addr_b: offset.unwrap_or(0) as u32,
            ipa: Some(ipa),
        }));
        let value = self.saturate_if(i.has_mod("sat"), value);
        let Operand::Reg(reg) = ops[0].1 else {
            return Err(self.unsupported("its destination"));
        };
        self.set_reg(reg, value);
        Ok(())
    }

    fn integer(&mut self, ops: &[(Vec<&'static str>, Operand)]) -> Result<(), Unsupported> {
        let i = self.instruction;
        if i.has_mod("sat") && matches!(i.name, "iadd" | "iadd32i") && !i.has_mod("x") {
            return self.saturating_add(ops);
        }
        if i.mods().any(|m| matches!(m, "x" | "cc" | "sat")) {
            return Err(self.unsupported("a carry or saturation mode"));
        }
        let Operand::Reg(reg) = ops[0].1 else {
            return Err(self.unsupported("its destination"));
        };
        let value = match i.name {
            // Ryujinx: `brev` reverses the source's bits first, `w` masks the count to
            // 0-31; a count of 32 or more otherwise gives 0 (the sign for `shr` signed).
            "shl" | "shr" => {
                let mut a = self.value(ops[1].1)?;
                if i.has_mod("brev") {
                    a = self.push(Op::IntUnary(IntUnary::BitReverse, a));
                }
                let mut b = self.value(ops[2].1)?;
                if i.has_mod("w") {
                    let mask = self.constant(31);
                    b = self.push(Op::Binary(Binary::And, b, mask));
                }
                let op = match (i.name, i.has_mod("u32")) {
                    ("shl", _) => Binary::Shl,
                    (_, true) => Binary::Shr,
                    (_, false) => Binary::Sar,
                };
                self.push(Op::Binary(op, a, b))
            }
            "iadd" | "iadd32i" | "iscadd" | "iscadd32i" => {
                // Both negation bits of `iadd` / `iscadd` together are `.po`: the sum
                // plus one, neither operand negated (yuzu's translation of both).
                let plus_one =
                    matches!(i.name, "iadd" | "iscadd") && flags::plus_one(&ops[1].0, &ops[2].0);
                let mut a = self.int(&flags::without_neg(&ops[1].0, plus_one), ops[1].1)?;
                let b = self.int(&flags::without_neg(&ops[2].0, plus_one), ops[2].1)?;
                if i.name.starts_with("iscadd") {
                    let shift = self.value(ops[3].1)?;
                    a = self.push(Op::Binary(Binary::Shl, a, shift));
                }
                let sum = self.push(Op::Binary(Binary::IAdd, a, b));
                if plus_one {
                    let one = self.constant(1);
                    self.push(Op::Binary(Binary::IAdd, sum, one))
                } else {
                    sum
                }
            }
            other => return Err(self.unsupported(format!("the instruction `{other}`"))),
        };
        self.set_reg(reg, value);
        Ok(())
    }

    /// BFE: the field of `ops[2]` (position in bits 0..8, width in bits 8..16, an
    /// immediate or a register) taken from the source (bit-reversed first with `brev`),
    /// as PTX's `bfe` defines it: zero-extended for `u32`; for `s32` the field's top bit
    /// (bit 31 where the field reaches past it) fills the bits above; a zero width
    /// gives 0.
    fn bitfield_extract(
        &mut self,
        ops: &[(Vec<&'static str>, Operand)],
    ) -> Result<(), Unsupported> {
        let i = self.instruction;
        let Some((_, Operand::Reg(dst))) = ops.first() else {
            return Err(self.unsupported("its destination"));
        };
        let signed = !i.has_mod("u32");
        let mut a = self.value(ops[1].1)?;
        if i.has_mod("brev") {
            a = self.push(Op::IntUnary(IntUnary::BitReverse, a));
        }
        let value = match ops[2].1 {
            Operand::Imm { value: field, .. } => {
                let (position, width) = ((field & 0xff) as u32, ((field >> 8) & 0xff) as u32);
                let shift = self.constant(position);
                if !signed {
                    let shifted = self.push(Op::Binary(Binary::Shr, a, shift));
                    let mask = self.constant(match width {
                        0 => 0,
                        1..=31 => (1 << width) - 1,
                        _ => u32::MAX,
                    });
                    self.push(Op::Binary(Binary::And, shifted, mask))
                } else if width == 0 {
                    self.constant(0)
                } else {
                    let shifted = self.push(Op::Binary(Binary::Sar, a, shift));
                    if position + width >= 32 {
                        shifted
                    } else {
                        let up = self.constant(32 - width);
                        let high = self.push(Op::Binary(Binary::Shl, shifted, up));
                        self.push(Op::Binary(Binary::Sar, high, up))
                    }
                }
            }
            operand => {
                let field = self.value(operand)?;
                let byte = self.constant(0xff);
                let position = self.push(Op::Binary(Binary::And, field, byte));
                let eight = self.constant(8);
                let above = self.push(Op::Binary(Binary::Shr, field, eight));
                let width = self.push(Op::Binary(Binary::And, above, byte));
                self.field_extract(a, position, width, signed)
            }
        };
        self.set_reg(*dst, value);
        if i.has_mod("cc") {
            self.set_result_flags(value);
        }
        Ok(())
    }

    /// BFI: the low bits of `ops[1]` put into `ops[3]` at the field of `ops[2]` (position
    /// in bits 0..8, width in 8..16), as PTX's `bfi`: the bits that would land past bit
    /// 31 are dropped; a zero width leaves the base as it is.
    fn bitfield_insert(&mut self, ops: &[(Vec<&'static str>, Operand)]) -> Result<(), Unsupported> {
        let [(_, Operand::Reg(dst)), (_, insert), (_, field), (_, base)] = ops else {
            return Err(self.unsupported("its operands"));
        };
        let insert = self.value(*insert)?;
        let field = self.value(*field)?;
        let base = self.value(*base)?;
        let byte = self.constant(0xff);
        let position = self.push(Op::Binary(Binary::And, field, byte));
        let eight = self.constant(8);
        let above = self.push(Op::Binary(Binary::Shr, field, eight));
        let width = self.push(Op::Binary(Binary::And, above, byte));
        // Shifts clamp at 32: a width of 32 or more masks every bit, a position of 32 or
        // more none.
        let ones = self.constant(u32::MAX);
        let cleared = self.push(Op::Binary(Binary::Shl, ones, width));
        let low_mask = self.push(Op::Binary(Binary::Xor, cleared, ones));
        let mask = self.push(Op::Binary(Binary::Shl, low_mask, position));
        let placed = self.push(Op::Binary(Binary::Shl, insert, position));
        let placed = self.push(Op::Binary(Binary::And, placed, mask));
        let keep = self.push(Op::Binary(Binary::Xor, mask, ones));
        let kept = self.push(Op::Binary(Binary::And, base, keep));
        let value = self.push(Op::Binary(Binary::Or, kept, placed));
        self.set_reg(*dst, value);
        if self.instruction.has_mod("cc") {
            self.set_result_flags(value);
        }
        Ok(())
    }

    /// The `width`-bit field of `a` at `position` (both values), extended as
    /// [`Self::bitfield_extract`] says.
    fn field_extract(&mut self, a: Value, position: Value, width: Value, signed: bool) -> Value {
        let zero = self.constant(0);
        if !signed {
            // Shifts clamp at 32: a width of 32 or more keeps every bit above the position.
            let ones = self.constant(u32::MAX);
            let cleared = self.push(Op::Binary(Binary::Shl, ones, width));
            let mask = self.push(Op::Binary(Binary::Xor, cleared, ones));
            let shifted = self.push(Op::Binary(Binary::Shr, a, position));
            return self.push(Op::Binary(Binary::And, shifted, mask));
        }
        let shifted = self.push(Op::Binary(Binary::Sar, a, position));
        let minus_width = self.negate_int(width);
        let thirty_two = self.constant(32);
        let up = self.push(Op::Binary(Binary::IAdd, minus_width, thirty_two));
        let high = self.push(Op::Binary(Binary::Shl, shifted, up));
        let extended = self.push(Op::Binary(Binary::Sar, high, up));
        let end = self.push(Op::Binary(Binary::IAdd, position, width));
        let at_least = Compare::Int {
            signed: false,
            lt: false,
            eq: true,
            gt: true,
        };
        let reaches_top = self.push(Op::Compare(at_least, end, thirty_two));
        let value = self.push(Op::Select {
            cond: reaches_top,
            a: shifted,
            b: extended,
        });
        let equal = Compare::Int {
            signed: false,
            lt: false,
            eq: true,
            gt: false,
        };
        let empty = self.push(Op::Compare(equal, width, zero));
        self.push(Op::Select {
            cond: empty,
            a: zero,
            b: value,
        })
    }

    /// XMAD, the 16-bit multiply-add (yuzu's and Ryujinx's reading): A and B are halves
    /// of their registers (`h1`: the high half), sign-extended where their type is `s16`;
    /// `psl` shifts the product left 16; `clo`/`chi` take C's low or high half, `cbcc`
    /// adds B's register shifted left 16 to C, `csfu` (Ryujinx) subtracts each signed
    /// half's sign bit shifted to bit 16; `mrg` keeps the low half of the result and puts
    /// B's register's low half above it. `cc` sets the flags of the product + C add
    /// (Ryujinx). The `x` form is refused by name: yuzu leaves it undefined and Ryujinx's
    /// drops C.
    fn xmad(&mut self, ops: &[(Vec<&'static str>, Operand)]) -> Result<(), Unsupported> {
        let i = self.instruction;
        if i.has_mod("x") {
            return Err(self.unsupported("the extended (`x`) form (no reference settles it)"));
        }
        let Operand::Reg(reg) = ops[0].1 else {
            return Err(self.unsupported("its destination"));
        };
        let signed_a = ops[0].0.first() == Some(&"s16");
        let signed_b = ops[0].0.get(1) == Some(&"s16");
        let half = |b: &mut Self, mods: &[&str], value: Value, signed: bool| {
            let sixteen = b.constant(16);
            match (mods.contains(&"h1"), signed) {
                (true, false) => b.push(Op::Binary(Binary::Shr, value, sixteen)),
                (true, true) => b.push(Op::Binary(Binary::Sar, value, sixteen)),
                (false, false) => {
                    let low = b.constant(0xffff);
                    b.push(Op::Binary(Binary::And, value, low))
                }
                (false, true) => {
                    let up = b.push(Op::Binary(Binary::Shl, value, sixteen));
                    b.push(Op::Binary(Binary::Sar, up, sixteen))
                }
            }
        };
        let a_register = self.value(ops[1].1)?;
        let a = half(self, &ops[1].0, a_register, signed_a);
        let b_register = self.value(ops[2].1)?;
        let b = half(self, &ops[2].0, b_register, signed_b);
        let c = self.value(ops[3].1)?;
        let mut product = self.push(Op::Binary(Binary::IMul, a, b));
        let sixteen = self.constant(16);
        if i.has_mod("psl") {
            product = self.push(Op::Binary(Binary::Shl, product, sixteen));
        }
        let b_shifted = self.push(Op::Binary(Binary::Shl, b_register, sixteen));
        let c = if i.has_mod("clo") {
            let low = self.constant(0xffff);
            self.push(Op::Binary(Binary::And, c, low))
        } else if i.has_mod("chi") {
            self.push(Op::Binary(Binary::Shr, c, sixteen))
        } else if i.has_mod("cbcc") {
            self.push(Op::Binary(Binary::IAdd, c, b_shifted))
        } else if i.has_mod("csfu") {
            let thirty_one = self.constant(31);
            let sign_a = self.push(Op::Binary(Binary::Shr, a, thirty_one));
            let sign_b = self.push(Op::Binary(Binary::Shr, b, thirty_one));
            let signs = self.push(Op::Binary(Binary::IAdd, sign_a, sign_b));
            let adjust = self.push(Op::Binary(Binary::Shl, signs, sixteen));
            let minus = self.negate_int(adjust);
            self.push(Op::Binary(Binary::IAdd, c, minus))
        } else {
            c
        };
        let mut value = self.flagged_add(product, c, false, i.has_mod("cc"));
        if i.has_mod("mrg") {
            let low = self.constant(0xffff);
            let kept = self.push(Op::Binary(Binary::And, value, low));
            value = self.push(Op::Binary(Binary::Or, kept, b_shifted));
        }
        self.set_reg(reg, value);
        Ok(())
    }

    /// The comparison `fsetp`/`fset` (floats) or `isetp`/`iset` (integers) make: the
    /// first of the instruction's modifiers that names one (`fset` writes `bf` first).
    fn comparison(&self, float: bool) -> Compare {
        let mods: Vec<&str> = self.instruction.mods().collect();
        const TESTS: [&str; 16] = [
            "f", "lt", "eq", "le", "gt", "ne", "ge", "num", "nan", "ltu", "equ", "leu", "gtu",
            "neu", "geu", "t",
        ];
        let test = mods
            .iter()
            .copied()
            .find(|m| TESTS.contains(m))
            .unwrap_or("t");
        if float {
            let (lt, eq, gt, unordered) = match test {
                "f" => (false, false, false, false),
                "lt" => (true, false, false, false),
                "eq" => (false, true, false, false),
                "le" => (true, true, false, false),
                "gt" => (false, false, true, false),
                "ne" => (true, false, true, false),
                "ge" => (false, true, true, false),
                "num" => (true, true, true, false),
                "nan" => (false, false, false, true),
                "ltu" => (true, false, false, true),
                "equ" => (false, true, false, true),
                "leu" => (true, true, false, true),
                "gtu" => (false, false, true, true),
                "neu" => (true, false, true, true),
                "geu" => (false, true, true, true),
                _ => (true, true, true, true),
            };
            Compare::Float {
                lt,
                eq,
                gt,
                unordered,
            }
        } else {
            let (lt, eq, gt) = match test {
                "f" => (false, false, false),
                "lt" => (true, false, false),
                "eq" => (false, true, false),
                "le" => (true, true, false),
                "gt" => (false, false, true),
                "ne" => (true, false, true),
                "ge" => (false, true, true),
                _ => (true, true, true),
            };
            Compare::Int {
                signed: !mods.contains(&"u32"),
                lt,
                eq,
                gt,
            }
        }
    }

    /// How a set instruction combines its comparison with its predicate source.
    fn combining(&self) -> Logic {
        if self.instruction.has_mod("or") {
            Logic::Or
        } else if self.instruction.has_mod("xor") {
            Logic::Xor
        } else {
            Logic::And
        }
    }

    /// The two compared operands at `ops[at]`, `ops[at + 1]` (floats with their abs/neg).
    fn compared(
        &mut self,
        ops: &[(Vec<&'static str>, Operand)],
        at: usize,
        float: bool,
    ) -> Result<(Value, Value), Unsupported> {
        Ok(if float {
            (
                self.float(&ops[at].0, ops[at].1)?,
                self.float(&ops[at + 1].0, ops[at + 1].1)?,
            )
        } else {
            (self.value(ops[at].1)?, self.value(ops[at + 1].1)?)
        })
    }

    fn set_predicate(&mut self, ops: &[(Vec<&'static str>, Operand)]) -> Result<(), Unsupported> {
        let i = self.instruction;
        let float = i.name == "fsetp";
        let compare = self.comparison(float);
        let (a, b) = self.compared(ops, 2, float)?;
        let result = if i.has_mod("x") {
            self.extended_compare(compare, a, b)
        } else {
            self.push(Op::Compare(compare, a, b))
        };
        self.set_predicates_from(ops, result)
    }

    /// The tail of the `*setp` family: `result` and its negation, each combined with the
    /// predicate at `ops[4]`, written to the predicates at `ops[0]` and `ops[1]`.
    fn set_predicates_from(
        &mut self,
        ops: &[(Vec<&'static str>, Operand)],
        result: Value,
    ) -> Result<(), Unsupported> {
        let (Operand::Pred(first), Operand::Pred(second)) = (ops[0].1, ops[1].1) else {
            return Err(self.unsupported("its predicate destinations"));
        };
        let logic = self.combining();
        let combine = self.pred_source(&ops[4])?;
        let inverse = self.push(Op::Not(result));
        let first_value = self.push(Op::Logic(logic, result, combine));
        let second_value = self.push(Op::Logic(logic, inverse, combine));
        self.set_pred(first, first_value);
        self.set_pred(second, second_value);
        Ok(())
    }

    /// `fset`/`iset`: the comparison combined with a predicate, written to a register as
    /// 1.0 (`bf`) or all ones where it holds, 0 where not.
    fn set_register(&mut self, ops: &[(Vec<&'static str>, Operand)]) -> Result<(), Unsupported> {
        let i = self.instruction;
        if i.has_mod("x") && i.has_mod("cc") {
            return Err(self.unsupported(
                "an extended comparison with a condition-code write (no reference defines it)",
            ));
        }
        let float = i.name == "fset";
        let compare = self.comparison(float);
        let (a, b) = self.compared(ops, 1, float)?;
        let result = if i.has_mod("x") {
            self.extended_compare(compare, a, b)
        } else {
            self.push(Op::Compare(compare, a, b))
        };
        self.set_register_from(ops, result)
    }

    /// The tail of the `*set` family: `result` combined with the predicate at `ops[3]`,
    /// written to the register at `ops[0]` as 1.0 (`bf`) or all ones where it holds, 0
    /// where not.
    fn set_register_from(
        &mut self,
        ops: &[(Vec<&'static str>, Operand)],
        result: Value,
    ) -> Result<(), Unsupported> {
        let Operand::Reg(dst) = ops[0].1 else {
            return Err(self.unsupported("its destination"));
        };
        let logic = self.combining();
        let combine = self.pred_source(&ops[3])?;
        let holds = self.push(Op::Logic(logic, result, combine));
        let true_bits = if self.instruction.has_mod("bf") {
            1.0f32.to_bits()
        } else {
            u32::MAX
        };
        let (yes, no) = (self.constant(true_bits), self.constant(0));
        let value = self.push(Op::Select {
            cond: holds,
            a: yes,
            b: no,
        });
        self.set_reg(dst, value);
        if self.instruction.has_mod("cc") {
            self.set_result_flags(value);
        }
        Ok(())
    }
}

/// How a structured region ended.
enum End {
    Exit,
    /// At a `sync` (or a branch to the reconvergence point): back to the `ssy` target.
    Sync,
    /// An arm whose invocations all left it (`brk`, `cont`, `ret` or `exit` under the
    /// arm's condition): nothing of it reaches the `sync`.
    Left,
    /// The end of a loop body: back to the header when `repeat`, else out; `next` is
    /// where a conditional back edge falls through to.
    LoopTail {
        repeat: bool,
        next: Option<usize>,
    },
}

/// The blocks of a program and where each instruction offset starts one.
struct Walk<'p> {
    program: &'p Program,
    blocks: Vec<Block>,
    /// Loop headers: the targets of `pcnt` and of backward branches.
    headers: BTreeSet<usize>,
    /// Each indirect branch's jump table (by the branch's byte offset), or why it is not
    /// known.
    tables: BTreeMap<u32, Result<JumpTable, String>>,
}

impl<'p> Walk<'p> {
    fn block_at(&self, offset_b: u64) -> Option<usize> {
        self.blocks.iter().position(|block| {
            u64::from(self.program.instructions[block.first].offset_b) == offset_b
        })
    }

    /// Where the arms of a guarded `bra` from before block `next` to block `target` meet
    /// when they form an if/else without its own `ssy`: the block before `target` ends
    /// in a `bra` to a block `merge` after `target` (and before `join`, the enclosing
    /// region's reconvergence point, if any), and no `sync` of the enclosing region lies
    /// between (one inside a nested `ssy` is that region's).
    fn diamond_merge(&self, next: usize, target: usize, join: Option<usize>) -> Option<usize> {
        if target <= next {
            return None;
        }
        let Terminator::Branch { target: merge } = self.blocks.get(target - 1)?.terminator else {
            return None;
        };
        if merge <= target || join.is_some_and(|join| merge >= join) {
            return None;
        }
        let (first, end) = (self.blocks[next].first, self.blocks[merge].first);
        let names = || self.program.instructions[first..end].iter().map(|i| i.name);
        let nested = names().any(|name| name == "ssy");
        (nested || !names().any(|name| name == "sync")).then_some(merge)
    }

    fn target_block(&self, instruction: &Instruction) -> Option<usize> {
        target_of(instruction).and_then(|target_b| self.block_at(target_b))
    }

    fn new(program: &'p Program) -> Walk<'p> {
        let tables = jump_tables(&program.instructions, &program.constbuf1);
        let indirect = tables
            .iter()
            .filter_map(|(&at, table)| {
                let table = table.as_ref().ok()?;
                Some((
                    at,
                    table.entries.iter().map(|&(_, target)| target).collect(),
                ))
            })
            .collect();
        let mut walk = Walk {
            program,
            blocks: split_blocks_with(&program.instructions, &indirect),
            headers: BTreeSet::new(),
            tables,
        };
        for block in 0..walk.blocks.len() {
            let last = &program.instructions[walk.blocks[block].end - 1];
            let Some(target) = walk.target_block(last) else {
                continue;
            };
            if last.name == "pcnt" || (matches!(last.name, "bra" | "jmp") && target <= block) {
                walk.headers.insert(target);
            }
        }
        walk
    }
}

impl<'a> Builder<'a> {
    fn control_flow(&self, walk: &Walk<'_>, instruction: &Instruction, how: &str) -> Unsupported {
        Unsupported::ControlFlow {
            blocks: walk.blocks.len(),
            offset_b: instruction.offset_b,
            how: format!(
                "`{}` ({how})",
                crate::maxwell::decode::print_instruction(instruction)
            ),
        }
    }

    /// Stores every register and predicate in its variable (before control leaves or
    /// re-enters a loop).
    fn flush(&mut self) {
        for var in self.tracked.clone() {
            let value = match var {
                // A storage buffer's address word is not carried through a loop's
                // variables: it is a binding's base, which only an access reads (as the
                // binding), and the variables' uses are not told apart by where they
                // are; an access after the loop through it is refused as an address not
                // made from a binding. Nor is a value uam made for one instruction
                // alone (see [`Self::without_carried_leftovers`]).
                Var::Reg(index) => {
                    let held = self.held(index);
                    self.without_carried_leftovers(held, CARRIED_SELECT_DEPTH)
                }
                Var::Pred(index) | Var::Leave(index) => self.pred(index),
                Var::Attr(addr_b) => match self.attr_stores.get(&addr_b) {
                    Some(&value) => value,
                    None => self.constant(0),
                },
            };
            self.push(Op::Store { var, value });
        }
    }

    /// `value` with every storage address word and every single-use value in it
    /// (itself, or a side of the selects guarded writes made, `depth` deep) a constant
    /// 0: see [`Self::flush`]. uam makes two values afresh for one instruction each, and
    /// their register is free again after it: the lane id (`mov Rn $laneid`) a tess-eval
    /// program's gl_TessCoord read takes as its index, and the 1 / w (`ipa pass offset
    /// a[0x7c]`, `mufu rcp`) a perspective `ipa offset` takes as its multiplier. A loop
    /// carrying either carries no value a later instruction reads as it (the
    /// register's other values are carried as they are:
    /// `tests/maxwell_fuzz_cases/tese_lane_carried_past_cont`,
    /// `tese_lane_carried_past_brk`, `frag_offset_w_carried`). Neither has a value in the
    /// module but there; one no such instruction took stays, and is refused where the
    /// module needs it.
    fn without_carried_leftovers(&mut self, value: Value, depth: u32) -> Value {
        if self.addresses.contains_key(&value) || self.single_use.contains(&value) {
            return self.constant(0);
        }
        match self.ops[value.0 as usize] {
            Op::Select { cond, a, b } if depth > 0 => {
                let (kept_a, kept_b) = (
                    self.without_carried_leftovers(a, depth - 1),
                    self.without_carried_leftovers(b, depth - 1),
                );
                if (kept_a, kept_b) == (a, b) {
                    value
                } else {
                    self.push(Op::Select {
                        cond,
                        a: kept_a,
                        b: kept_b,
                    })
                }
            }
            _ => value,
        }
    }

    /// Reads every register and predicate back from its variable (at a loop's header and
    /// after it).
    fn reload(&mut self) {
        for var in self.tracked.clone() {
            let value = self.push(Op::Load(var));
            match var {
                Var::Reg(index) => self.regs.insert(index, value),
                Var::Pred(index) | Var::Leave(index) => self.preds.insert(index, value),
                Var::Attr(addr_b) => self.attr_stores.insert(addr_b, value),
            };
        }
    }

    /// Opens a loop (or a `pret` region) whose body starts at `first`; entered under
    /// `region`, the invocations outside it leave at once, so the body runs unguarded.
    /// Returns where the walk goes on after it (`None`: the loop never ends normally).
    fn run_loop(
        &mut self,
        walk: &Walk<'a>,
        first: usize,
        frame: LoopFrame,
        region: Option<Value>,
    ) -> Result<Option<usize>, Unsupported> {
        if frame.header.is_none() {
            let clear = self.push(Op::BoolConst(false));
            self.push(Op::Store {
                var: Var::Leave(self.loops.len() as u8),
                value: clear,
            });
        }
        self.flush();
        self.push(Op::LoopBegin);
        self.reload();
        if let Some(region) = region {
            let outside = self.push(Op::Not(region));
            self.push(Op::LoopLeave {
                cond: outside,
                to: LoopExit::Break,
            });
        }
        self.loops.push(frame);
        self.entered = frame.header;
        let end = self.run(walk, first, None, None)?;
        self.loops.pop();
        let (repeat, next) = match end {
            End::LoopTail { repeat, next } => (repeat, next),
            _ => (false, None),
        };
        self.flush();
        self.push(Op::LoopEnd { repeat });
        self.reload();
        // A `ret` inside the loop that ended leaves the enclosing loops up to its region.
        for depth in 0..self.loops.len() {
            if self.loops[depth].left_from_inside {
                let flag = self.push(Op::Load(Var::Leave(depth as u8)));
                self.push(Op::LoopLeave {
                    cond: flag,
                    to: LoopExit::Break,
                });
            }
        }
        match (frame.break_block, next) {
            (Some(a), Some(b)) if a != b => Err(Unsupported::ControlFlow {
                blocks: walk.blocks.len(),
                offset_b: walk.program.instructions[walk.blocks[first].first].offset_b,
                how: "a loop that leaves to two places".into(),
            }),
            (a, b) => Ok(a.or(b)),
        }
    }

    /// Control leaves for the loop's break (or continue) target where `cond` holds:
    /// unguarded at a loop body's top level that ends the body; in an arm, the arm.
    fn leave(
        &mut self,
        cond: Option<Value>,
        to: LoopExit,
        fallthrough: Option<usize>,
    ) -> Result<Option<End>, Unsupported> {
        let Some(cond) = cond else {
            return Ok(Some(End::LoopTail {
                repeat: to == LoopExit::Continue,
                next: None,
            }));
        };
        self.flush();
        self.push(Op::LoopLeave { cond, to });
        self.assume_not(cond);
        Ok(match (self.own_guard_is_some(), fallthrough) {
            (true, Some(_)) => None,
            _ => Some(End::Left),
        })
    }

    /// Whether the instruction is conditional: guarded, or in an arm.
    fn guard_or_region(&self, region: Option<Value>) -> bool {
        self.own_guard_is_some() || region.is_some()
    }

    fn own_guard_is_some(&self) -> bool {
        !matches!(self.instruction.guard, Guard::Always)
    }

    /// The program ends where `cond` holds (`None`: everywhere here), writing what it has
    /// output so far.
    fn exit_where(&mut self, cond: Option<Value>) {
        let cond = cond.unwrap_or_else(|| self.push(Op::BoolConst(true)));
        let outputs = Outputs {
            attr_stores: self.attr_stores.clone(),
            regs: if self.fragment {
                self.regs.clone()
            } else {
                BTreeMap::new()
            },
        };
        self.exits.push(outputs);
        self.push(Op::Exit {
            cond,
            outputs: self.exits.len() - 1,
        });
        self.assume_not(cond);
    }

    /// After control left where `cond` holds (a guarded `brk`, `cont` or `exit`), the
    /// rest runs where it does not: a register or predicate written under `cond` (or
    /// under its negation) holds the value it would have where `cond` is false. So
    /// `@p mov $r0 $laneid` `@p brk` leaves no lane id in `$r0` for the code after.
    fn assume_not(&mut self, cond: Value) {
        let ops = &self.ops;
        let unless = |value: Value| match ops[value.0 as usize] {
            Op::Select { cond: c, b, .. } if c == cond => b,
            Op::Select { cond: c, a, .. } if ops[c.0 as usize] == Op::Not(cond) => a,
            _ => value,
        };
        for value in self.regs.values_mut().chain(self.preds.values_mut()) {
            *value = unless(*value);
        }
    }

    /// Translates from `block` on under `region`, inside the `ssy` whose target is `join`,
    /// until the program exits, the region reaches its `sync`, or a loop body its end.
    /// An if/else (`ssy J`, a guarded `bra E`, the fall-through arm to a `sync`, the arm
    /// at E to a `sync`, J) is if-converted: both arms run, each under its condition,
    /// and writes select. Loops (a `pcnt` or backward-branch target, with the break target
    /// of the `pbk` before it) and `pret` regions are structured loops.
    fn run(
        &mut self,
        walk: &Walk<'a>,
        mut block: usize,
        mut region: Option<Value>,
        join: Option<usize>,
    ) -> Result<End, Unsupported> {
        loop {
            if let Some(frame) = self.loops.last().copied() {
                if frame.break_block == Some(block) {
                    // Walked into the break target: the body is done.
                    if region.is_some() || join.is_some() {
                        return Err(Unsupported::ControlFlow {
                            blocks: walk.blocks.len(),
                            offset_b: 0,
                            how: "an arm that falls out of its loop".into(),
                        });
                    }
                    return Ok(End::LoopTail {
                        repeat: false,
                        next: None,
                    });
                }
            }
            if join == Some(block) {
                // Fell into the reconvergence point.
                return Ok(End::Sync);
            }
            if walk.headers.contains(&block) && self.entered.take() != Some(block) {
                let frame = LoopFrame {
                    header: Some(block),
                    break_block: self.pending_break.take(),
                    left_from_inside: false,
                    exits: false,
                };
                match self.run_loop(walk, block, frame, region)? {
                    Some(next) => {
                        block = next;
                        continue;
                    }
                    None => return Ok(End::Exit),
                }
            }
            let b = walk
                .blocks
                .get(block)
                .cloned()
                .ok_or_else(|| Unsupported::ControlFlow {
                    blocks: walk.blocks.len(),
                    offset_b: 0,
                    how: "a path that runs off the code".into(),
                })?;
            let instructions = &walk.program.instructions;
            let last: &'a Instruction = &instructions[b.end - 1];
            let body_end = if leaves_straight_line(last) {
                b.end - 1
            } else {
                b.end
            };
            self.region = region;
            for instruction in &instructions[b.first..body_end] {
                self.instruction = instruction;
                self.translate()?;
            }
            self.instruction = last;
            let next = instructions
                .get(b.end)
                .and_then(|i| walk.block_at(u64::from(i.offset_b)));
            // A flow test of the flags on a flow instruction is a condition besides its
            // guard, which the structuring does not take yet.
            if let Some(test) = flow_test(last) {
                return Err(self.control_flow(
                    walk,
                    last,
                    &format!("a flow test (`{test}`) of the condition codes"),
                ));
            }
            if last.name == "kil" {
                // `discard` where its guard holds; the program goes on for the others.
                self.translate()?;
                block =
                    next.ok_or_else(|| self.control_flow(walk, last, "the last instruction"))?;
                continue;
            }
            let frame = self.loops.last().copied();
            let real_loop = frame.filter(|f| f.header.is_some() && f.break_block.is_some());
            match last.name {
                // Inside a `pexit` region an `exit` goes to the region's target (yuzu: an
                // unguarded `exit` with a PEXIT token pending; a guarded one it refuses).
                "exit" if last.guard != Guard::Never && self.loops.iter().any(|f| f.exits) => {
                    if self.own_guard_is_some() {
                        return Err(self.control_flow(
                            walk,
                            last,
                            "a guarded exit in a pexit region",
                        ));
                    }
                    match self.leave_region(walk, last, region, next, true)? {
                        Some(end) => return Ok(end),
                        None => {
                            block = next.expect("checked by leave");
                            continue;
                        }
                    }
                }
                "ret" if last.guard != Guard::Never => {
                    match self.leave_region(walk, last, region, next, false)? {
                        Some(end) => return Ok(end),
                        None => {
                            block = next.expect("checked by leave");
                            continue;
                        }
                    }
                }
                "brk" | "cont" if last.guard != Guard::Never => {
                    let fits = match last.name {
                        "brk" => real_loop.is_some(),
                        _ => frame.is_some_and(|f| f.header.is_some()),
                    };
                    if !fits {
                        return Err(self.control_flow(walk, last, "not inside its loop"));
                    }
                    let to = if last.name == "cont" {
                        LoopExit::Continue
                    } else {
                        LoopExit::Break
                    };
                    let cond = self.guard();
                    match self.leave(cond, to, next)? {
                        Some(end) => return Ok(end),
                        None => {
                            block = next.expect("checked by leave");
                            continue;
                        }
                    }
                }
                "exit"
                    if last.guard != Guard::Never
                        && (region.is_some()
                            || last.guard != Guard::Always
                            || !self.loops.is_empty()) =>
                {
                    let cond = self.guard();
                    self.exit_where(cond);
                    if last.guard != Guard::Always {
                        block = next
                            .ok_or_else(|| self.control_flow(walk, last, "the last instruction"))?;
                        continue;
                    }
                    if region.is_some() {
                        return Ok(End::Left);
                    }
                    return Ok(End::LoopTail {
                        repeat: false,
                        next: None,
                    });
                }
                // `@p sync` inside an `ssy` region: where p holds, control goes on at
                // the join; the rest of the region runs under the narrowed condition.
                "sync" if last.guard != Guard::Always && join.is_some() => {
                    self.region = None;
                    if let Some(leaving) = self.own_guard() {
                        let staying = self.push(Op::Not(leaving));
                        region = self.both(Some(staying), region);
                    }
                    block =
                        next.ok_or_else(|| self.control_flow(walk, last, "the last instruction"))?;
                    continue;
                }
                "brx" | "jmx" if last.guard != Guard::Never => {
                    return self.indirect_branch(walk, last, region, join, next)
                }
                "jmp" | "jcal" if last.mods().next().is_some() => {
                    let modifier = last.mods().next().unwrap_or_default();
                    return Err(self.control_flow(
                        walk,
                        last,
                        &format!("an absolute jump with `{modifier}`"),
                    ));
                }
                // A subroutine call is inlined: its body runs as a `pret` region whose
                // return target is the instruction after the `cal` (the return address
                // `cal` pushes), so its `ret`s, guarded or from inside loops, come back
                // there as a `pret` region's do.
                "cal" | "jcal" => {
                    let target = walk.target_block(last).ok_or_else(|| {
                        self.control_flow(
                            walk,
                            last,
                            "a call through a constant buffer, or to a target outside the code",
                        )
                    })?;
                    let next =
                        next.ok_or_else(|| self.control_flow(walk, last, "the last instruction"))?;
                    if self.calls.contains(&target) {
                        return Err(self.control_flow(walk, last, "a recursive call"));
                    }
                    if self.calls.len() >= MAX_CALL_DEPTH {
                        return Err(self.control_flow(
                            walk,
                            last,
                            &format!("calls nested deeper than {MAX_CALL_DEPTH}"),
                        ));
                    }
                    self.calls.push(target);
                    let frame = LoopFrame {
                        header: None,
                        break_block: Some(next),
                        left_from_inside: false,
                        exits: false,
                    };
                    let after = self.run_loop(walk, target, frame, region);
                    self.calls.pop();
                    match after? {
                        Some(after) => block = after,
                        None => return Ok(End::Exit),
                    }
                    continue;
                }
                "pbk" | "pret" | "pcnt" | "pexit" if last.guard == Guard::Always => {
                    let target = walk.target_block(last).ok_or_else(|| {
                        self.control_flow(walk, last, "a target outside the reachable code")
                    })?;
                    let next =
                        next.ok_or_else(|| self.control_flow(walk, last, "the last instruction"))?;
                    match last.name {
                        "pbk" => {
                            self.pending_break = Some(target);
                            block = next;
                        }
                        "pcnt" if frame.and_then(|f| f.header) == Some(target) => block = next,
                        "pcnt" => {
                            return Err(self.control_flow(
                                walk,
                                last,
                                "a continue target that is not its loop's header",
                            ))
                        }
                        _ => {
                            let frame = LoopFrame {
                                header: None,
                                break_block: Some(target),
                                left_from_inside: false,
                                exits: last.name == "pexit",
                            };
                            match self.run_loop(walk, next, frame, region)? {
                                Some(after) => block = after,
                                None => return Ok(End::Exit),
                            }
                        }
                    }
                    continue;
                }
                _ => {}
            }
            if leaves_straight_line(last)
                && !matches!(last.name, "bra" | "jmp")
                && last.guard != Guard::Always
            {
                return Err(self.control_flow(walk, last, "a guarded flow instruction"));
            }
            let header = frame.and_then(|f| f.header);
            // A forward jump stays inside the innermost loop or region (up to its break
            // target, which ends it); one past it would leave several at once.
            let within = |target: usize| {
                frame
                    .and_then(|f| f.break_block)
                    .is_none_or(|end| target <= end)
            };
            match b.terminator {
                Terminator::Exit if region.is_none() => return Ok(End::Exit),
                Terminator::Exit => {
                    return Err(self.control_flow(walk, last, "an exit inside a branch"))
                }
                Terminator::Fallthrough { next } => block = next,
                // The back edge, and a branch to the break target.
                Terminator::Branch { target }
                    if Some(target) == header
                        || (real_loop.is_some()
                            && frame.and_then(|f| f.break_block) == Some(target)) =>
                {
                    let to = if Some(target) == header {
                        LoopExit::Continue
                    } else {
                        LoopExit::Break
                    };
                    return Ok(self.leave(region, to, None)?.unwrap_or(End::Left));
                }
                Terminator::CondBranch { target, next }
                    if Some(target) == header && region.is_none() && join.is_none() =>
                {
                    // `do { } while (p)`: round again where p holds, else out to `next`.
                    self.region = None;
                    let taken = self.own_guard().expect("a guarded bra");
                    let out = self.push(Op::Not(taken));
                    self.flush();
                    self.push(Op::LoopLeave {
                        cond: out,
                        to: LoopExit::Break,
                    });
                    return Ok(End::LoopTail {
                        repeat: true,
                        next: Some(next),
                    });
                }
                Terminator::Structured { name: "ssy", .. } => {
                    let target = walk.target_block(last).ok_or_else(|| {
                        self.control_flow(walk, last, "a target outside the reachable code")
                    })?;
                    match self.run(walk, block + 1, region, Some(target))? {
                        End::Sync | End::Left => block = target,
                        End::Exit => return Ok(End::Exit),
                        tail @ End::LoopTail { .. } => return Ok(tail),
                    }
                }
                Terminator::Structured { name: "sync", .. } if join.is_some() => {
                    return Ok(End::Sync)
                }
                Terminator::Branch { target } if Some(target) == join => return Ok(End::Sync),
                // A forward jump at the top level (to a `pret` region's target, say).
                Terminator::Branch { target }
                    if region.is_none() && join.is_none() && target > block && within(target) =>
                {
                    block = target
                }
                // ... and from an arm, to the innermost region's or loop's break target.
                Terminator::Branch { target }
                    if frame.and_then(|f| f.break_block) == Some(target) =>
                {
                    return Ok(self
                        .leave(region, LoopExit::Break, None)?
                        .unwrap_or(End::Left));
                }
                // An if/else without its own `ssy`: the first arm ends in a `bra` past the
                // second, which falls into that point (uam's `if (c) { A } else { B }`
                // inside a region whose join is further on).
                Terminator::CondBranch { target, next }
                    if walk.diamond_merge(next, target, join).is_some_and(&within) =>
                {
                    let merge = walk.diamond_merge(next, target, join).expect("matched");
                    self.region = None;
                    let taken = self.own_guard().expect("a guarded bra");
                    let not_taken = self.push(Op::Not(taken));
                    let taken = self.both(Some(taken), region);
                    let not_taken = self.both(Some(not_taken), region);
                    for (arm, condition) in [(next, not_taken), (target, taken)] {
                        match self.run(walk, arm, condition, Some(merge))? {
                            End::Sync | End::Left => {}
                            _ => return Err(self.control_flow(walk, last, "an arm that exits")),
                        }
                    }
                    block = merge;
                }
                Terminator::CondBranch { target, next } if join.is_some() => {
                    self.region = None;
                    let taken = self.own_guard().expect("a guarded bra");
                    let not_taken = self.push(Op::Not(taken));
                    let taken = self.both(Some(taken), region);
                    let not_taken = self.both(Some(not_taken), region);
                    for (arm, condition) in [(next, not_taken), (target, taken)] {
                        if Some(arm) == join {
                            continue;
                        }
                        match self.run(walk, arm, condition, join)? {
                            End::Sync | End::Left => {}
                            _ => return Err(self.control_flow(walk, last, "an arm that exits")),
                        }
                    }
                    return Ok(End::Sync);
                }
                // `if (c) { A }` without `ssy`: a guarded forward `bra` over A, which falls
                // into the target or leaves (uam's `if (c) { ...; return; }`).
                Terminator::CondBranch { target, next } if target > block && within(target) => {
                    self.region = None;
                    let taken = self.own_guard().expect("a guarded bra");
                    let not_taken = self.push(Op::Not(taken));
                    let arm = self.both(Some(not_taken), region);
                    match self.run(walk, next, arm, Some(target))? {
                        End::Sync | End::Left => block = target,
                        _ => return Err(self.control_flow(walk, last, "an arm that exits")),
                    }
                }
                _ => return Err(self.control_flow(walk, last, "not an if/else inside ssy/sync")),
            }
        }
    }
}

/// Builds the SSA form of `program`: straight-line code and
/// if/else regions (if-converted), ending in `exit`.
pub fn build(program: &Program, slots: &SlotMap) -> Result<Function, Unsupported> {
    let fragment = match program.kind {
        ProgramType::Vertex
        | ProgramType::Compute
        | ProgramType::TessEval
        | ProgramType::TessControl
        | ProgramType::Geometry => false,
        ProgramType::Fragment => true,
    };
    let walk = Walk::new(program);
    let mut named = BTreeSet::new();
    for instruction in &program.instructions {
        if let Guard::Pred { index, .. } = instruction.guard {
            named.insert(Var::Pred(index));
        }
        if flags::touches_flags(instruction) {
            named.extend(flags::FLAGS.map(Var::Pred));
        }
        let words = instruction
            .mods()
            .find_map(|m| ["b32", "b64", "b96", "b128"].iter().position(|&w| w == m))
            .map_or(1, |index| index as u32 + 1);
        for operand in instruction.operands() {
            match operand {
                // Attribute stores cross loops too: the outputs at the end are what the
                // last iteration (or a `ret`) left. A patch store (`st p`) is made where
                // it is, and is no output at the end.
                Operand::Mem {
                    space: "a",
                    base: None,
                    offset,
                } if instruction.name == "st" && !instruction.mods().any(|m| m == "p") => {
                    for word in 0..words {
                        named.insert(Var::Attr(offset.unwrap_or(0) as u32 + 4 * word));
                    }
                    true
                }
                Operand::Reg(index) if index != RZ => named.insert(Var::Reg(index)),
                Operand::Pred(index) if index != PT => named.insert(Var::Pred(index)),
                _ => false,
            };
        }
    }
    let mut state = Builder {
        ops: Vec::new(),
        slots,
        kind: program.kind,
        region: None,
        regs: BTreeMap::new(),
        preds: BTreeMap::new(),
        attr_stores: BTreeMap::new(),
        instruction: &program.instructions[0],
        fragment,
        tracked: named.into_iter().collect(),
        loops: Vec::new(),
        pending_break: None,
        entered: None,
        exits: Vec::new(),
        addresses: HashMap::new(),
        single_use: BTreeSet::new(),
        conditions: HashMap::new(),
        quad_neighbours: HashMap::new(),
        address_conditions: HashMap::new(),
        compute: program.header.compute(),
        calls: Vec::new(),
        read_inputs: attribute::read_inputs(program),
        sample_points: BTreeMap::new(),
        subgroup_origins: BTreeMap::new(),
    };
    state.run(&walk, 0, None, None)?;
    let exit_regs = if fragment {
        state.regs.clone()
    } else {
        BTreeMap::new()
    };
    Ok(Function {
        ops: state.ops,
        attr_stores: state.attr_stores,
        exit_regs,
        exits: state.exits,
        centroid_locations: state
            .sample_points
            .iter()
            .filter(|(_, &centroid)| centroid)
            .map(|(&location, _)| location)
            .collect(),
        subgroup_origins: state.subgroup_origins,
    })
}
