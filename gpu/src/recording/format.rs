//! The file layout. A 16-byte header, then frames:
//!
//! ```text
//! header: magic "HKSHTREC" (8) | version u16 | reserved u16 = 0 | crc32 of the 12 bytes before (4)
//! frame:  kind u16 | payload length u32 | payload | crc32 of kind, length and payload (4)
//! ```
//!
//! All integers little-endian. The last frame is an `End` record counting the records
//! before it; a file that stops before it was cut short.

pub const MAGIC: [u8; 8] = *b"HKSHTREC";
/// 2: shader modules carry their per-input-class geometry translations.
/// 3: pools carry the GPU address they got (NVN's address model).
/// 4: virtual pools keep their mapping changes (`MapVirtual` records).
/// 5: shader modules carry their source, when made from one (`hookshot warm`).
/// 6: a module's source may be a compiled Maxwell program and its slot map.
pub const VERSION: u16 = 6;
pub const HEADER_B: usize = 16;
/// Kind and length before the payload.
pub const FRAME_HEAD_B: usize = 6;
pub const FRAME_CHECKSUM_B: usize = 4;
/// The largest payload a writer produces; a reader refuses larger lengths. Pool
/// writes above it are split into several records.
pub const MAX_PAYLOAD_B: u32 = 64 << 20;

pub fn header() -> [u8; HEADER_B] {
    let mut header = [0u8; HEADER_B];
    header[..8].copy_from_slice(&MAGIC);
    header[8..10].copy_from_slice(&VERSION.to_le_bytes());
    let checksum = crc32fast::hash(&header[..12]);
    header[12..].copy_from_slice(&checksum.to_le_bytes());
    header
}

/// A whole frame around an encoded payload.
pub fn frame(kind_code: u16, payload: &[u8], out: &mut Vec<u8>) {
    let start = out.len();
    out.extend_from_slice(&kind_code.to_le_bytes());
    out.extend_from_slice(&(payload.len() as u32).to_le_bytes());
    out.extend_from_slice(payload);
    let checksum = crc32fast::hash(&out[start..]);
    out.extend_from_slice(&checksum.to_le_bytes());
}
