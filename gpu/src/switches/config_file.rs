//! `hookshot.conf`: switches in a file, one `NAME = value` a line.
//!
//! The format (docs/configuration.md): blank lines and lines whose first non-blank
//! character is `#` are ignored; every other line is a switch's full name, `=`, and its
//! value, with the blanks round both trimmed (a value may hold `#` and `=`). A name given
//! twice in one file is an error naming both lines. The file is read whole, up to
//! `MAX_FILE_B`.

use std::io::Read;
use std::path::{Path, PathBuf};

use super::SwitchError;

/// A configuration file is a few dozen lines; anything past this is not one.
pub const MAX_FILE_B: u64 = 64 << 10;

/// The file's name, beside the executable and in a title's configuration folder.
pub const FILE_NAME: &str = "hookshot.conf";

/// One `NAME = value` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileValue {
    pub name: String,
    pub value: String,
    /// 1-based.
    pub line: usize,
}

/// A parsed configuration file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigFile {
    pub path: PathBuf,
    pub values: Vec<FileValue>,
}

impl ConfigFile {
    /// Parses `text`, the contents of `path` (named in errors).
    pub fn parse(path: &Path, text: &str) -> Result<Self, SwitchError> {
        let syntax = |line: usize, reason: String| SwitchError::ConfigSyntax {
            path: path.to_owned(),
            line,
            reason,
        };
        let mut values: Vec<FileValue> = Vec::new();
        for (index, raw) in text.lines().enumerate() {
            let line = index + 1;
            let trimmed = raw.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            let Some((name, value)) = trimmed.split_once('=') else {
                return Err(syntax(
                    line,
                    format!("{trimmed:?} is no `NAME = value` line"),
                ));
            };
            let name = name.trim();
            let valid_name =
                !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
            if !valid_name {
                return Err(syntax(
                    line,
                    format!("{name:?} is no switch name (letters, digits and _)"),
                ));
            }
            if let Some(earlier) = values.iter().find(|value| value.name == name) {
                return Err(syntax(
                    line,
                    format!("{name} is set again (first on line {})", earlier.line),
                ));
            }
            values.push(FileValue {
                name: name.to_owned(),
                value: value.trim().to_owned(),
                line,
            });
        }
        Ok(ConfigFile {
            path: path.to_owned(),
            values,
        })
    }

    /// Reads and parses `path`; `None` when there is no file there.
    pub fn read(path: &Path) -> Result<Option<Self>, SwitchError> {
        let io_error = |error: std::io::Error| SwitchError::ConfigRead {
            path: path.to_owned(),
            reason: error.to_string(),
        };
        let file = match std::fs::File::open(path) {
            Ok(file) => file,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(error) => return Err(io_error(error)),
        };
        let mut bytes = Vec::new();
        file.take(MAX_FILE_B + 1)
            .read_to_end(&mut bytes)
            .map_err(io_error)?;
        if bytes.len() as u64 > MAX_FILE_B {
            return Err(SwitchError::ConfigRead {
                path: path.to_owned(),
                reason: format!("larger than {MAX_FILE_B} bytes"),
            });
        }
        let text = String::from_utf8(bytes).map_err(|error| SwitchError::ConfigRead {
            path: path.to_owned(),
            reason: format!("not UTF-8 text (byte {})", error.utf8_error().valid_up_to()),
        })?;
        Self::parse(path, &text).map(Some)
    }

    /// The value this file gives `name`, with its line.
    pub fn get(&self, name: &str) -> Option<&FileValue> {
        self.values.iter().find(|value| value.name == name)
    }
}

/// Where configuration files are looked for, most specific first: the title's file in
/// the user's configuration folder (`<config>/hookshot/<title id>/hookshot.conf`), then
/// `hookshot.conf` beside the executable.
pub fn search_paths(title_id: Option<&str>) -> Vec<PathBuf> {
    let mut paths = Vec::new();
    if let (Some(title_id), Some(config)) = (title_id, shader_translate::platform_config_dir()) {
        paths.push(config.join("hookshot").join(title_id).join(FILE_NAME));
    }
    if let Some(exe_dir) = std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(Path::to_path_buf))
    {
        paths.push(exe_dir.join(FILE_NAME));
    }
    paths
}

/// Reads the files of `search_paths` that exist, in the same order.
pub fn read_all(paths: &[PathBuf]) -> Result<Vec<ConfigFile>, SwitchError> {
    let mut files = Vec::new();
    for path in paths {
        if let Some(file) = ConfigFile::read(path)? {
            files.push(file);
        }
    }
    Ok(files)
}
