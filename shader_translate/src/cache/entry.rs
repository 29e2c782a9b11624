//! One cache file: a header that lets a damaged entry be told apart from a good one, then
//! the SPIR-V words and the key, reflection and Metal check as JSON. An entry is a cache,
//! never an authority: it names its own key, the translator that wrote it and the hash of
//! the source it is a translation of, and the hash of its module bound to that source;
//! each is checked against the source being translated. Its SPIR-V is validated again,
//! its entry point must be the stage asked for, and its reflection is made again from
//! the words and must equal the one it claims. Anything else is rebuilt.
//!
//! ```text
//! 0..8    magic "HKSHDR03"
//! 8..16   payload length in bytes, u64 little-endian
//! 16..48  SHA-256 of the payload
//! 48..    payload: SPIR-V word count (u32 LE), the words (LE), then JSON
//!         {"key", "translator", "source_sha256", "module_sha256", "reflection", "metal"}
//! ```
//!
//! `source_sha256` is `key::source_hash_of` of the source; `module_sha256` is the SHA-256 of
//! `source_sha256`'s text followed by the words' bytes (little-endian).

use sha2::{Digest, Sha256};

use crate::{MetalCheck, Reflection};

// 02: the JSON names the entry's key. 03: and its translator, source and module hashes.
const MAGIC: &[u8; 8] = b"HKSHDR03";
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
    translator: String,
    source_sha256: String,
    module_sha256: String,
    reflection: Reflection,
    metal: MetalCheck,
}

/// What an entry must be a translation of: its key, the source's hash and the stage.
pub(crate) struct Claim<'a> {
    pub key: &'a str,
    pub source_sha256: &'a str,
    pub stage: crate::Stage,
}

/// The module's hash, bound to the source it was made from.
fn module_hash(source_sha256: &str, spirv: &[u32]) -> String {
    let mut hasher = Sha256::new();
    hasher.update(source_sha256.as_bytes());
    for word in spirv {
        hasher.update(word.to_le_bytes());
    }
    hasher
        .finalize()
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
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
    #[error("the entry was written by translator {found}, not this one")]
    OtherTranslator { found: String },
    #[error("the entry is a translation of another source")]
    OtherSource,
    #[error("the entry's module is not the one made from its source")]
    OtherModule,
    #[error("the entry's module has no {0} entry point")]
    WrongStage(crate::Stage),
    #[error("the entry's reflection is not its module's: {0}")]
    WrongInterface(String),
}

pub(crate) fn encode(claim: &Claim, entry: &Entry) -> Vec<u8> {
    let metadata = Metadata {
        key: claim.key.to_owned(),
        translator: super::TRANSLATOR_VERSION.to_owned(),
        source_sha256: claim.source_sha256.to_owned(),
        module_sha256: module_hash(claim.source_sha256, &entry.spirv),
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

/// The entry in `bytes`, which must be what `claim` asks for.
pub(crate) fn decode(claim: &Claim, bytes: &[u8]) -> Result<Entry, Damage> {
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
    let spirv_end_b = word_count
        .checked_mul(4)
        .and_then(|words_b| words_b.checked_add(4))
        .ok_or(Damage::BadSpirv)?;
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
    if metadata.key != claim.key {
        return Err(Damage::WrongKey {
            found: metadata.key,
        });
    }
    if metadata.translator != super::TRANSLATOR_VERSION {
        return Err(Damage::OtherTranslator {
            found: metadata.translator,
        });
    }
    if metadata.source_sha256 != claim.source_sha256 {
        return Err(Damage::OtherSource);
    }
    if metadata.module_sha256 != module_hash(claim.source_sha256, &spirv) {
        return Err(Damage::OtherModule);
    }
    crate::validate::validate_spirv(&spirv).map_err(Damage::InvalidSpirv)?;
    let module = crate::spirv::Module::parse(&spirv).map_err(|_| Damage::BadSpirv)?;
    if !crate::validate::has_entry_point(&module, claim.stage) {
        return Err(Damage::WrongStage(claim.stage));
    }
    let reflection =
        crate::reflect::reflect(&module, claim.stage).map_err(Damage::WrongInterface)?;
    if reflection != metadata.reflection {
        return Err(Damage::WrongInterface(
            "its inputs, outputs or resources differ".into(),
        ));
    }
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
        let spirv = crate::validate::tests::empty_compute();
        let module = crate::spirv::Module::parse(&spirv).unwrap();
        Entry {
            reflection: crate::reflect::reflect(&module, Stage::Compute).unwrap(),
            spirv,
            metal: MetalCheck {
                gaps: Vec::new(),
                naga: Opinion::CannotRead("why".into()),
                msl: Some("kernel void main0() {}".into()),
            },
        }
    }

    const CLAIM: Claim = Claim {
        key: "k",
        source_sha256: "s",
        stage: Stage::Compute,
    };

    #[test]
    fn round_trip() {
        let entry = sample();
        assert_eq!(decode(&CLAIM, &encode(&CLAIM, &entry)), Ok(entry));
    }

    #[test]
    fn every_kind_of_damage_is_caught() {
        let bytes = encode(&CLAIM, &sample());
        assert_eq!(decode(&CLAIM, &bytes[..10]), Err(Damage::TooShort(10)));
        assert!(matches!(
            decode(&CLAIM, &bytes[..bytes.len() - 1]),
            Err(Damage::LengthMismatch { .. })
        ));
        let mut flipped = bytes.clone();
        let last = flipped.len() - 2;
        flipped[last] ^= 0x20;
        assert_eq!(decode(&CLAIM, &flipped), Err(Damage::ChecksumMismatch));
        let mut magic = bytes.clone();
        magic[0] = b'X';
        assert_eq!(decode(&CLAIM, &magic), Err(Damage::BadMagic));
        // A good entry under another key's name.
        let other_key = Claim {
            key: "other",
            ..CLAIM
        };
        assert_eq!(
            decode(&other_key, &bytes),
            Err(Damage::WrongKey { found: "k".into() })
        );
        // The same key claimed for another source.
        let other_source = Claim {
            source_sha256: "t",
            ..CLAIM
        };
        assert_eq!(decode(&other_source, &bytes), Err(Damage::OtherSource));
        // Another stage's entry point.
        let vertex = Claim {
            stage: Stage::Vertex,
            ..CLAIM
        };
        assert_eq!(
            decode(&vertex, &encode(&vertex, &sample())),
            Err(Damage::WrongStage(Stage::Vertex))
        );
        // A checksummed entry whose SPIR-V does not validate.
        let mut invalid = sample();
        invalid.spirv.truncate(20);
        assert!(matches!(
            decode(&CLAIM, &encode(&CLAIM, &invalid)),
            Err(Damage::InvalidSpirv(_))
        ));
        // A reflection that is not the module's.
        let mut lying = sample();
        lying.reflection.workgroup_size = Some([3, 5, 7]);
        assert!(matches!(
            decode(&CLAIM, &encode(&CLAIM, &lying)),
            Err(Damage::WrongInterface(_))
        ));
        // A word count far past the payload.
        let mut counted = bytes.clone();
        counted[48..52].copy_from_slice(&u32::MAX.to_le_bytes());
        let payload = counted[HEADER_B..].to_vec();
        counted[16..48].copy_from_slice(&Sha256::digest(&payload));
        assert_eq!(decode(&CLAIM, &counted), Err(Damage::BadSpirv));
    }
}
