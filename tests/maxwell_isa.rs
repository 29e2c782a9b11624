//! Instruction families uam never emits, hand-assembled into a compute kernel (each
//! encoding checked with envydis), translated and run on the real driver (lavapipe,
//! validation on) over random inputs and modifiers, against a CPU model of each family
//! written from the public references (yuzu's and Ryujinx's recompilers, envytools).

mod common;

#[path = "maxwell_isa/double.rs"]
mod double;
#[path = "maxwell_isa/flags.rs"]
mod flags;
#[path = "maxwell_isa/flow.rs"]
mod flow;
#[path = "maxwell_isa/half.rs"]
mod half;
#[path = "maxwell_isa/half_cases.rs"]
mod half_cases;
#[path = "maxwell_isa/integer.rs"]
mod integer;
#[path = "maxwell_isa/kernel.rs"]
mod kernel;
#[path = "maxwell_isa/predicates.rs"]
mod predicates;
#[path = "maxwell_isa/refusals.rs"]
mod refusals;
#[path = "maxwell_isa/saturate.rs"]
mod saturate;
#[path = "maxwell_isa/texture_half.rs"]
mod texture_half;
#[path = "maxwell_isa/video.rs"]
mod video;
#[path = "maxwell_isa/waits.rs"]
mod waits;
