//! Logging for a whole process, the program's and a port's alike: `tracing` events through
//! `RX_VK_LOG`'s filter (`filter`: a bare level is Hookshot's, third-party crates stay at
//! warnings unless named), to stderr, or to a file of this process's own in the folder
//! `RX_VK_LOG_PATH` names.

pub mod filter;

use std::path::{Path, PathBuf};

use crate::switches::Switches;

#[derive(Debug, thiserror::Error)]
pub enum LogError {
    #[error("RX_VK_LOG={spec:?} is not a log filter ({reason}); examples: info, gpu_vk=debug")]
    Filter { spec: String, reason: String },
    #[error("RX_VK_LOG_PATH: cannot make the log file {path}: {reason}", path = path.display())]
    File { path: PathBuf, reason: String },
}

/// Where the log went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LogDestination {
    Stderr,
    File(PathBuf),
    /// The process had set up `tracing` itself; its subscriber was kept.
    AlreadySet,
}

/// This process's file in `folder`: `<program>-<process id>.log`.
pub fn file_in(folder: &Path) -> PathBuf {
    let program = std::env::current_exe()
        .ok()
        .and_then(|exe| {
            exe.file_stem()
                .map(|stem| stem.to_string_lossy().into_owned())
        })
        .unwrap_or_else(|| "hookshot".into());
    folder.join(format!("{program}-{}.log", std::process::id()))
}

/// Sets up the process's `tracing` subscriber from the switches, unless one is set.
pub fn init(switches: &Switches) -> Result<LogDestination, LogError> {
    use std::io::IsTerminal;
    let spec = filter::effective(&switches.log_filter);
    let env_filter =
        tracing_subscriber::EnvFilter::try_new(&spec).map_err(|error| LogError::Filter {
            spec: switches.log_filter.clone(),
            reason: error.to_string(),
        })?;
    let builder = tracing_subscriber::fmt().with_env_filter(env_filter);
    let (result, destination) = match &switches.log_path {
        None => (
            builder
                .with_writer(std::io::stderr)
                .with_ansi(std::io::stderr().is_terminal())
                .try_init(),
            LogDestination::Stderr,
        ),
        Some(folder) => {
            let path = file_in(folder);
            let file = std::fs::create_dir_all(folder)
                .and_then(|()| std::fs::File::create(&path))
                .map_err(|error| LogError::File {
                    path: path.clone(),
                    reason: error.to_string(),
                })?;
            (
                builder
                    .with_writer(std::sync::Mutex::new(file))
                    .with_ansi(false)
                    .try_init(),
                LogDestination::File(path),
            )
        }
    };
    // A second call (tests, or a port that set tracing up) keeps the first subscriber.
    Ok(if result.is_ok() {
        destination
    } else {
        LogDestination::AlreadySet
    })
}
