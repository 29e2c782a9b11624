//! Names of the system registers `S2R` reads (as envydis spells them, so listings
//! compare); a number without a name prints as `$sN`.

const NAMES: &[(u8, &str)] = &[
    (0x00, "laneid"),
    (0x01, "clock"),
    (0x02, "virtcfg"),
    (0x03, "virtid"),
    (0x04, "pm0"),
    (0x05, "pm1"),
    (0x06, "pm2"),
    (0x07, "pm3"),
    (0x08, "pm4"),
    (0x09, "pm5"),
    (0x0a, "pm6"),
    (0x0b, "pm7"),
    (0x10, "prim_type"),
    (0x11, "invocation_id"),
    (0x12, "y_direction"),
    (0x13, "thread_kill"),
    (0x14, "shader_type"),
    (0x15, "directbewriteaddresslow"),
    (0x16, "directbewriteaddresshigh"),
    (0x17, "directbewriteenabled"),
    (0x18, "machine_id_0"),
    (0x19, "machine_id_1"),
    (0x1a, "machine_id_2"),
    (0x1b, "machine_id_3"),
    (0x1c, "affinity"),
    (0x1d, "invocation_info"),
    (0x1e, "wscalefactor_xy"),
    (0x1f, "wscalefactor_z"),
    (0x20, "tid"),
    (0x21, "tidx"),
    (0x22, "tidy"),
    (0x23, "tidz"),
    (0x24, "cta_param"),
    (0x25, "ctaidx"),
    (0x26, "ctaidy"),
    (0x27, "ctaidz"),
    (0x28, "ntid"),
    (0x29, "cirqueueincrminusone"),
    (0x2a, "nlatc"),
    (0x30, "swinlo"),
    (0x31, "swinsz"),
    (0x32, "smemsz"),
    (0x33, "smembanks"),
    (0x34, "lwinlo"),
    (0x35, "lwinsz"),
    (0x36, "lmemlosz"),
    (0x37, "lmemhioff"),
    (0x38, "eqmask"),
    (0x39, "ltmask"),
    (0x3a, "lemask"),
    (0x3b, "gtmask"),
    (0x3c, "gemask"),
    (0x3d, "regalloc"),
    (0x40, "globalerrorstatus"),
    (0x42, "warperrorstatus"),
    (0x43, "warperrorstatusclear"),
    (0x48, "pm_hi0"),
    (0x49, "pm_hi1"),
    (0x4a, "pm_hi2"),
    (0x4b, "pm_hi3"),
    (0x4c, "pm_hi4"),
    (0x4d, "pm_hi5"),
    (0x4e, "pm_hi6"),
    (0x4f, "pm_hi7"),
    (0x50, "clocklo"),
    (0x51, "clockhi"),
    (0x52, "globaltimerlo"),
    (0x53, "globaltimerhi"),
    (0x60, "hwtaskid"),
    (0x61, "circularqueueentryindex"),
    (0x62, "circularqueueentryaddresslow"),
    (0x63, "circularqueueentryaddresshigh"),
];

/// The name of system register `index`, if it has one.
pub fn name(index: u8) -> Option<&'static str> {
    NAMES
        .iter()
        .find(|(at, _)| *at == index)
        .map(|(_, name)| *name)
}

/// System registers the translator gives meaning to.
pub const LANE_ID: u8 = 0x00;
pub const INVOCATION_ID: u8 = 0x11;
pub const Y_DIRECTION: u8 = 0x12;
pub const INVOCATION_INFO: u8 = 0x1d;
pub const TID_X: u8 = 0x21;
pub const TID_Y: u8 = 0x22;
pub const TID_Z: u8 = 0x23;
pub const CTAID_X: u8 = 0x25;
pub const CTAID_Y: u8 = 0x26;
pub const CTAID_Z: u8 = 0x27;
