//! One cache file: a header that lets a damaged entry be told apart from a good one, then
//! the SPIR-V words and the key, reflection and Metal check as JSON. An entry names its
//! own key, so a file under another key's name (swapped, copied) is rebuilt, never used,
//! and its SPIR-V is validated again before it is handed out.
//!
//! ```text
//! 0..8    magic "HKSHDR02"
//! 8..16   payload length in bytes, u64 little-endian
//! 16..48  SHA-256 of the payload
//! 48..    payload: SPIR-V word count (u32 LE), the words (LE), then JSON
//!         {"key": ..., "reflection": ..., "metal": ...}
//! ```

use sha2::{Digest, Sha256};

use crate::{MetalCheck, Reflection};

// 02: the JSON names the entry's key.
const MAGIC: &[u8; 8] = b"HKSHDR02";
const HEADER_B: usize = 48;

/// What a cache entry holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    pub spirv: Vec<u32>,
    pub reflection: Reflection,
    pub metal: MetalCheck,
}

#[derive(serde::Serialize, serde::Deserialize)]
struct Metadata {
    key: String,
    reflection: Reflection,
    metal: MetalCheck,
}

/// Why an entry cannot be used.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub(crate) enum Damage {
    #[error("{0} bytes is shorter than the header")]
    TooShort(usize),
    #[error("the header's magic number is wrong")]
    BadMagic,
    #[error("the header promises {expected_b} payload bytes, the file has {found_b}")]
    LengthMismatch { expected_b: u64, found_b: u64 },
    #[error("the payload's checksum does not match")]
    ChecksumMismatch,
    #[error("the payload's SPIR-V is cut short or not SPIR-V")]
    BadSpirv,
    #[error("the payload's metadata cannot be read: {0}")]
    BadMetadata(String),
    #[error("the entry was written for key {found}, not this one")]
    WrongKey { found: String },
    #[error("the payload's SPIR-V does not validate: {0}")]
    InvalidSpirv(String),
}

pub(crate) fn encode(key: &str, entry: &Entry) -> Vec<u8> {
    let metadata = Metadata {
        key: key.to_owned(),
        reflection: entry.reflection.clone(),
        metal: entry.metal.clone(),
    };
    let json = serde_json::to_vec(&metadata).expect("reflection serialises");
    let mut payload = Vec::with_capacity(4 + entry.spirv.len() * 4 + json.len());
    payload.extend_from_slice(&(entry.spirv.len() as u32).to_le_bytes());
    payload.extend(entry.spirv.iter().flat_map(|word| word.to_le_bytes()));
    payload.extend_from_slice(&json);

    let mut file = Vec::with_capacity(HEADER_B + payload.len());
    file.extend_from_slice(MAGIC);
    file.extend_from_slice(&(payload.len() as u64).to_le_bytes());
    file.extend_from_slice(&Sha256::digest(&payload));
    file.extend_from_slice(&payload);
    file
}

/// The entry in `bytes`, which must have been written for `key`.
pub(crate) fn decode(key: &str, bytes: &[u8]) -> Result<Entry, Damage> {
    if bytes.len() < HEADER_B {
        return Err(Damage::TooShort(bytes.len()));
    }
    if &bytes[..8] != MAGIC {
        return Err(Damage::BadMagic);
    }
    let expected_b = u64::from_le_bytes(bytes[8..16].try_into().expect("eight bytes"));
    let payload = &bytes[HEADER_B..];
    if payload.len() as u64 != expected_b {
        return Err(Damage::LengthMismatch {
            expected_b,
            found_b: payload.len() as u64,
        });
    }
    if Sha256::digest(payload).as_slice() != &bytes[16..48] {
        return Err(Damage::ChecksumMismatch);
    }
    let word_count = payload
        .get(..4)
        .map(|count| u32::from_le_bytes(count.try_into().expect("four bytes")) as usize)
        .ok_or(Damage::BadSpirv)?;
    let spirv_end_b = 4 + word_count * 4;
    let spirv: Vec<u32> = payload
        .get(4..spirv_end_b)
        .ok_or(Damage::BadSpirv)?
        .chunks_exact(4)
        .map(|word| u32::from_le_bytes(word.try_into().expect("four bytes")))
        .collect();
    if spirv.first() != Some(&crate::spirv::ops::MAGIC) {
        return Err(Damage::BadSpirv);
    }
    let metadata: Metadata = serde_json::from_slice(&payload[spirv_end_b..])
        .map_err(|error| Damage::BadMetadata(error.to_string()))?;
    if metadata.key != key {
        return Err(Damage::WrongKey {
            found: metadata.key,
        });
    }
    crate::validate::validate_spirv(&spirv).map_err(Damage::InvalidSpirv)?;
    Ok(Entry {
        spirv,
        reflection: metadata.reflection,
        metal: metadata.metal,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Opinion, Stage};

    fn sample() -> Entry {
        Entry {
            spirv: crate::validate::tests::empty_compute(),
            reflection: Reflection {
                stage: Stage::Compute,
                entry_point: "main".into(),
                resources: Vec::new(),
                push_constants: None,
                workgroup_size: Some([8, 8, 1]),
                inputs: Vec::new(),
                outputs: Vec::new(),
            },
            metal: MetalCheck {
                gaps: Vec::new(),
                naga: Opinion::CannotRead("why".into()),
                msl: Some("kernel void main0() {}".into()),
            },
        }
    }

    #[test]
    fn round_trip() {
        let entry = sample();
        assert_eq!(decode("k", &encode("k", &entry)), Ok(entry));
    }

    #[test]
    fn every_kind_of_damage_is_caught() {
        let bytes = encode("k", &sample());
        assert_eq!(decode("k", &bytes[..10]), Err(Damage::TooShort(10)));
        assert!(matches!(
            decode("k", &bytes[..bytes.len() - 1]),
            Err(Damage::LengthMismatch { .. })
        ));
        let mut flipped = bytes.clone();
        let last = flipped.len() - 2;
        flipped[last] ^= 0x20;
        assert_eq!(decode("k", &flipped), Err(Damage::ChecksumMismatch));
        let mut magic = bytes.clone();
        magic[0] = b'X';
        assert_eq!(decode("k", &magic), Err(Damage::BadMagic));
        // A good entry under another key's name.
        assert_eq!(
            decode("other", &bytes),
            Err(Damage::WrongKey { found: "k".into() })
        );
        // A checksummed entry whose SPIR-V does not validate.
        let mut invalid = sample();
        invalid.spirv.truncate(20);
        assert!(matches!(
            decode("k", &encode("k", &invalid)),
            Err(Damage::InvalidSpirv(_))
        ));
    }
}
