//! Tests across the crate: a device on the test backend, recording every kind of
//! command and every error, and the recording format end to end.

mod addresses;
mod commands;
mod decoder_fuzz;
pub(crate) mod fixture;
mod objects;
mod player;
mod portability;
mod queue;
mod queue_binds;
mod recording;
mod state_short_ways;
mod virtual_pools;
