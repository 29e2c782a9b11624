//! The one way Hookshot reads a file whole: never more than a limit the caller states,
//! so an endless or huge input (`/dev/zero`, `/dev/urandom`, a 4 GiB sparse file, a pipe,
//! a link to any of them) costs at most `limit + 1` bytes of reading and memory, and fails
//! with an error naming the file and the limit.
//!
//! A regular file's length is checked before a byte is read; anything else is read
//! through `Read::take(limit + 1)`, and one byte past the limit is the proof it is over.

use std::io::Read;
use std::path::{Path, PathBuf};

/// Why a file could not be read within its limit.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    #[error("cannot read {}: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("{} is larger than the {limit_b} bytes {what} may have", path.display())]
    TooLarge {
        path: PathBuf,
        what: &'static str,
        limit_b: u64,
    },
    #[error("{} is not UTF-8 text", path.display())]
    NotText { path: PathBuf },
}

impl ReadError {
    /// Whether the file is not there at all (a cache miss, not damage).
    pub fn is_not_found(&self) -> bool {
        matches!(self, ReadError::Io { source, .. } if source.kind() == std::io::ErrorKind::NotFound)
    }
}

/// All of `path`'s bytes, when there are at most `limit_b` of them; `what` names the kind
/// of file in the error ("a shader", "a device profile").
pub fn read_file(path: &Path, limit_b: u64, what: &'static str) -> Result<Vec<u8>, ReadError> {
    let (bytes, longer) = read_prefix(path, limit_b)?;
    if longer {
        return Err(ReadError::TooLarge {
            path: path.to_owned(),
            what,
            limit_b,
        });
    }
    Ok(bytes)
}

/// `read_file` for UTF-8 text.
pub fn read_text(path: &Path, limit_b: u64, what: &'static str) -> Result<String, ReadError> {
    String::from_utf8(read_file(path, limit_b, what)?).map_err(|_| ReadError::NotText {
        path: path.to_owned(),
    })
}

/// The first `len_b` bytes of `path` (fewer if it is shorter), and whether it holds more:
/// for inputs of which only a known length is used.
pub fn read_prefix(path: &Path, len_b: u64) -> Result<(Vec<u8>, bool), ReadError> {
    let io_error = |source| ReadError::Io {
        path: path.to_owned(),
        source,
    };
    let file = std::fs::File::open(path).map_err(io_error)?;
    let metadata = file.metadata().map_err(io_error)?;
    if metadata.is_dir() {
        return Err(io_error(std::io::Error::other("it is a folder")));
    }
    // A regular file says its length: past the limit, nothing is read. Other files
    // (devices, pipes) are read one byte past the limit at most.
    let expected_b = if metadata.is_file() {
        metadata.len().min(len_b)
    } else {
        0
    };
    let mut bytes = Vec::new();
    bytes
        .try_reserve_exact(usize::try_from(expected_b).unwrap_or(usize::MAX))
        .map_err(|_| io_error(std::io::Error::from(std::io::ErrorKind::OutOfMemory)))?;
    if metadata.is_file() && metadata.len() > len_b {
        file.take(len_b).read_to_end(&mut bytes).map_err(io_error)?;
        return Ok((bytes, true));
    }
    file.take(len_b.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(io_error)?;
    let longer = bytes.len() as u64 > len_b;
    bytes.truncate(usize::try_from(len_b).unwrap_or(usize::MAX));
    Ok((bytes, longer))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_within_its_limit_is_read_whole() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a");
        std::fs::write(&path, b"12345").unwrap();
        assert_eq!(read_file(&path, 5, "a test file").unwrap(), b"12345");
        assert_eq!(read_text(&path, 9, "a test file").unwrap(), "12345");
        assert_eq!(read_prefix(&path, 3).unwrap(), (b"123".to_vec(), true));
        let error = read_file(&path, 4, "a test file").unwrap_err();
        assert_eq!(
            error.to_string(),
            format!(
                "{} is larger than the 4 bytes a test file may have",
                path.display()
            )
        );
        assert!(read_file(&dir.path().join("none"), 4, "x")
            .unwrap_err()
            .is_not_found());
        std::fs::write(&path, [0xff, 0xfe]).unwrap();
        assert!(matches!(
            read_text(&path, 9, "a test file"),
            Err(ReadError::NotText { .. })
        ));
        assert!(read_file(dir.path(), 9, "a folder").is_err());
    }

    #[test]
    fn endless_and_sparse_files_stop_at_the_limit() {
        let error = read_file(Path::new("/dev/zero"), 1 << 20, "a shader").unwrap_err();
        assert!(matches!(error, ReadError::TooLarge { limit_b, .. } if limit_b == 1 << 20));
        let error = read_file(Path::new("/dev/urandom"), 1 << 10, "a shader").unwrap_err();
        assert!(matches!(error, ReadError::TooLarge { .. }));
        let dir = tempfile::tempdir().unwrap();
        let sparse = dir.path().join("sparse");
        std::fs::File::create(&sparse)
            .unwrap()
            .set_len(4 << 30)
            .unwrap();
        assert!(matches!(
            read_file(&sparse, 1 << 20, "a shader"),
            Err(ReadError::TooLarge { .. })
        ));
        #[cfg(unix)]
        {
            let link = dir.path().join("link");
            std::os::unix::fs::symlink("/dev/zero", &link).unwrap();
            assert!(matches!(
                read_file(&link, 1 << 20, "a cache entry"),
                Err(ReadError::TooLarge { .. })
            ));
        }
    }
}
