//! The game's identity: its title id, name and version, as a port gives them to the device
//! builder. Vulkan's application info carries the name and version (drivers key their
//! per-application profiles by them); the title id names the game's configuration file
//! and its shader and pipeline cache folders (as yuzu and Ryujinx keep theirs per title).

/// Longest title id, name and version accepted, in bytes.
pub const MAX_ID_B: usize = 64;
pub const MAX_NAME_B: usize = 256;
pub const MAX_VERSION_B: usize = 64;

#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum TitleError {
    #[error(
        "title id {0:?} is not 1 to 64 of A-Z a-z 0-9 . _ - (and not . or ..); it names folders"
    )]
    BadId(String),
    #[error("title {what} is {length_b} bytes long; at most {max_b}")]
    TooLong {
        what: &'static str,
        length_b: usize,
        max_b: usize,
    },
    #[error("title {what} holds a control character")]
    ControlCharacter { what: &'static str },
}

/// A game's identity.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Title {
    /// A folder name: the console's 16-digit hexadecimal title id, or any id of
    /// `A-Z a-z 0-9 . _ -`.
    pub id: String,
    pub name: String,
    /// Free text; `vk_version` reads `MAJOR.MINOR.PATCH` from its start.
    pub version: String,
}

impl Title {
    pub fn new(id: &str, name: &str, version: &str) -> Result<Self, TitleError> {
        let id_ok = (1..=MAX_ID_B).contains(&id.len())
            && id != "."
            && id != ".."
            && id
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'));
        if !id_ok {
            return Err(TitleError::BadId(id.to_owned()));
        }
        for (what, text, max_b) in [
            ("name", name, MAX_NAME_B),
            ("version", version, MAX_VERSION_B),
        ] {
            if text.len() > max_b {
                return Err(TitleError::TooLong {
                    what,
                    length_b: text.len(),
                    max_b,
                });
            }
            if text.chars().any(char::is_control) {
                return Err(TitleError::ControlCharacter { what });
            }
        }
        Ok(Title {
            id: id.to_owned(),
            name: name.to_owned(),
            version: version.to_owned(),
        })
    }

    /// The version as Vulkan's `VK_MAKE_API_VERSION(0, major, minor, patch)`, from the
    /// leading `MAJOR[.MINOR[.PATCH]]` numbers of `version` (0 where there are none; each
    /// part clamped to its field: 7, 10 and 12 bits).
    pub fn vk_version(&self) -> u32 {
        let mut parts = self
            .version
            .split(|c: char| !c.is_ascii_digit())
            .take_while(|part| !part.is_empty())
            .map(|part| part.parse::<u32>().unwrap_or(u32::MAX));
        let major = parts.next().unwrap_or(0).min(0x7f);
        let minor = parts.next().unwrap_or(0).min(0x3ff);
        let patch = parts.next().unwrap_or(0).min(0xfff);
        (major << 22) | (minor << 12) | patch
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_folder_names() {
        assert!(Title::new("0100000000010000", "Game", "1.0.2").is_ok());
        for bad in ["", ".", "..", "a/b", "a\\b", "game id", &"x".repeat(65)] {
            assert!(
                matches!(Title::new(bad, "", ""), Err(TitleError::BadId(_))),
                "{bad:?}"
            );
        }
        assert!(matches!(
            Title::new("id", "line\nbreak", ""),
            Err(TitleError::ControlCharacter { what: "name" })
        ));
    }

    #[test]
    fn the_vulkan_version_is_read_from_the_leading_numbers() {
        let vk = |version: &str| Title::new("id", "", version).unwrap().vk_version();
        // VK_MAKE_API_VERSION(0, 1, 2, 3), by the specification's bit layout.
        assert_eq!(vk("1.2.3"), (1 << 22) | (2 << 12) | 3);
        assert_eq!(vk("1.2.3-beta"), (1 << 22) | (2 << 12) | 3);
        assert_eq!(vk("2"), 2 << 22);
        assert_eq!(vk("v1"), 0);
        assert_eq!(vk("999.0.0"), 0x7f << 22);
    }
}
