//! Logging: `tracing` to stderr, filtered by `RX_VK_LOG`; the `log` records of ash's
//! neighbours (gpu-allocator, naga) are bridged in.
