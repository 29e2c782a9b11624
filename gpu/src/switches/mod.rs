//! The `RX_VK_*` switches: read once at start from the environment and the configuration
//! files (`config_file`), checked against `env_switches.tsv`, and exposed as typed values.

pub mod config_file;
pub mod hud_items;
pub mod nearest;
mod table;
mod unknown;

use std::path::PathBuf;

pub use config_file::ConfigFile;
pub use table::{parse_dimensions, parse_table, SwitchSpec, ValueForm, TABLE_TSV};
pub use unknown::UnknownSwitch;

#[derive(Debug, thiserror::Error)]
pub enum SwitchError {
    #[error("{name}={value:?} is not accepted; {name} takes {values}")]
    BadValue {
        name: String,
        value: String,
        values: String,
    },
    #[error("{name}={value:?} is not UTF-8 text (the bytes shown as U+FFFD are not); every switch takes text")]
    NotUtf8 { name: String, value: String },
    #[error("env_switches.tsv line {line}: {reason}")]
    Table { line: usize, reason: String },
    #[error("env_switches.tsv and the code disagree: {0}")]
    Mismatch(String),
    #[error("{path}:{line}: {reason}", path = path.display())]
    ConfigSyntax {
        path: PathBuf,
        line: usize,
        reason: String,
    },
    #[error("cannot read the configuration file {path}: {reason}", path = path.display())]
    ConfigRead { path: PathBuf, reason: String },
}

/// Where a switch's effective value came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    Default,
    Environment,
    /// A configuration file (`Entry::file` names it and the line).
    ConfigFile,
}

impl Source {
    pub fn as_str(self) -> &'static str {
        match self {
            Source::Default => "default",
            Source::Environment => "environment",
            Source::ConfigFile => "configuration file",
        }
    }
}

/// One switch with its effective value.
#[derive(Clone, Debug)]
pub struct Entry {
    pub spec: SwitchSpec,
    pub value: String,
    pub source: Source,
    /// The file and 1-based line the value came from, for `Source::ConfigFile`.
    pub file: Option<(PathBuf, usize)>,
}

impl Entry {
    /// Where the value came from, for `hookshot info`: `default`, `environment`, or the
    /// file and line.
    pub fn origin(&self) -> String {
        match &self.file {
            Some((path, line)) => format!("{}:{line}", path.display()),
            None => self.source.as_str().to_owned(),
        }
    }
}

/// `RX_VK_DEVICE`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeviceChoice {
    Auto,
    Index(usize),
    NameContains(String),
}

/// `RX_VK_SHADER_CACHE`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShaderCacheChoice {
    UserCacheDir,
    Off,
    Dir(PathBuf),
}

impl ShaderCacheChoice {
    /// Where the translator keeps its cache for this choice.
    pub fn location(&self) -> shader_translate::CacheLocation {
        match self {
            ShaderCacheChoice::UserCacheDir => shader_translate::CacheLocation::UserCacheDir,
            ShaderCacheChoice::Off => shader_translate::CacheLocation::Off,
            ShaderCacheChoice::Dir(path) => shader_translate::CacheLocation::Dir(path.clone()),
        }
    }
}

/// `RX_VK_PIPELINE_CACHE`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PipelineCacheChoice {
    UserCacheDir,
    Off,
    Dir(PathBuf),
}

/// `RX_VK_LOADER`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoaderChoice {
    /// The platform's names, in order.
    Auto,
    /// This library and nothing else.
    Path(PathBuf),
}

/// `RX_VK_SIMULATE`: a device profile the real device is masked down to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Simulate {
    Off,
    /// MoltenVK on an Apple M1 (`gpu/vk/profiles/moltenvk-m1.tsv`).
    MoltenVkM1,
    /// A profile file in the same format (one feature turned off, say).
    Profile(PathBuf),
}

/// `RX_VK_PASS_DEFER`: the deferred pass merge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PassDefer {
    Off,
    On,
    /// On and off in alternating phases of the demo (`RX_VK_AB`'s frames, or 100).
    Ab,
}

/// Every switch, parsed and checked.
#[derive(Clone, Debug)]
pub struct Switches {
    entries: Vec<Entry>,
    /// Names that are no switch, from the environment or a file (`warn_unknown`).
    unknown: Vec<UnknownSwitch>,
    pub device: DeviceChoice,
    pub validation: bool,
    pub log_filter: String,
    /// `RX_VK_LOG_PATH`: the folder of this process's log file; `None`: stderr.
    pub log_path: Option<PathBuf>,
    /// `None`: take the budget from the driver.
    pub vram_mb: Option<u64>,
    pub keep_finalized_mb: u64,
    pub gpu_storage: bool,
    /// `RX_VK_STORE_HOT`: levels drawn frame after frame wait for quiet frames.
    pub store_hot: bool,
    /// `RX_VK_SWIZZLE_KERNEL`: how the write-back and GPU upload are recorded
    /// (`per-region`, `batched` or `bounce`; the table's values).
    pub swizzle_kernel: String,
    /// `RX_VK_RT_RECLAIM`: render-target textures whose storage other textures' full
    /// passes have overwritten give their host images to a free list.
    pub rt_reclaim: bool,
    /// `RX_VK_VIRTUAL_SPARSE`: virtual pools by sparse binding where the device has it
    /// with strict residency (`1`), also without it (`relaxed`), or never (`0`:
    /// copy-on-map everywhere).
    pub virtual_sparse: crate::address::SparseSwitch,
    /// `RX_VK_PIPELINE_LIBRARY`: graphics pipelines linked from stage libraries where
    /// the device offers `VK_EXT_graphics_pipeline_library`.
    pub pipeline_library: bool,
    pub watch_dim: Option<(u32, u32)>,
    pub portability: bool,
    pub shader_cache: ShaderCacheChoice,
    pub pipeline_cache: PipelineCacheChoice,
    pub spirv_opt: bool,
    /// `RX_VK_DESCRIPTOR_INDEXING`: draws' textures through a bindless table where the
    /// driver can.
    pub descriptor_indexing: bool,
    /// `RX_VK_AB`: frames per phase of the demo's write-back A/B benchmark; `None` off.
    pub ab_frames: Option<u64>,
    /// `RX_VK_WRITE_TRACKING`: how pools find the CPU's writes through their pointers.
    pub write_tracking: crate::mem::WriteTracking,
    /// `RX_VK_LOADER`: where the Vulkan loader is loaded from.
    pub loader: LoaderChoice,
    /// `RX_VK_SIMULATE`: a device profile to mask the real device down to.
    pub simulate: Simulate,
    /// `RX_VK_PASS_DEFER`: merge deferrable draws into a later pass of the same targets.
    pub pass_defer: PassDefer,
    /// `RX_VK_PASS_DEFER_BINDLESS`: a deferred draw may read through the bindless table.
    pub pass_defer_bindless: bool,
    /// `RX_VK_RECORD`: record every device's work to this file (`hookshot replay`,
    /// `hookshot warm`); `None`: no recording unless the program asks.
    pub record: Option<PathBuf>,
    /// `RX_VK_HUD`: the figures drawn over presented images, in order; empty: none.
    pub hud: Vec<hud_items::HudItem>,
    /// `RX_VK_CACHE_MB`: the cap on the disk caches under the platform's cache folder; 0
    /// is none.
    pub cache_mb: u64,
    /// The game's identity (`for_title`): Vulkan's application info, the configuration
    /// file and the cache folders are its.
    pub title: Option<crate::title::Title>,
}

impl Switches {
    /// Reads every switch from the process environment and `hookshot.conf` beside the
    /// executable.
    pub fn from_env() -> Result<Self, SwitchError> {
        Self::from_env_for_title(None)
    }

    /// Reads every switch from the process environment over the configuration files of
    /// `title` (`config_file::search_paths`), for its run (`for_title`).
    pub fn from_env_for_title(title: Option<crate::title::Title>) -> Result<Self, SwitchError> {
        Self::check_env_text()?;
        let title_id = title.as_ref().map(|title| title.id.as_str());
        let files = config_file::read_all(&config_file::search_paths(title_id))?;
        Ok(
            Self::from_sources(|name| std::env::var(name).ok(), &files, env_switch_names())?
                .for_title(title),
        )
    }

    /// A value that is not text is an error, never taken as unset.
    fn check_env_text() -> Result<(), SwitchError> {
        // A value that is not text is an error, never taken as unset.
        for (name, value) in std::env::vars_os() {
            let Some(name) = name.to_str().filter(|name| name.starts_with("RX_VK_")) else {
                continue;
            };
            if value.to_str().is_none() {
                return Err(SwitchError::NotUtf8 {
                    name: name.to_owned(),
                    value: value.to_string_lossy().into_owned(),
                });
            }
        }
        Ok(())
    }

    /// Reads every switch through `lookup` (the environment, or a test's map).
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Self, SwitchError> {
        Self::from_sources(lookup, &[], Vec::new())
    }

    /// Reads every switch: `lookup` (the environment) first, then `files` in order (most
    /// specific first), then the table's default. `lookup_names` are the `RX_VK_*` names
    /// the environment holds, checked for ones that are no switch.
    pub fn from_sources(
        lookup: impl Fn(&str) -> Option<String>,
        files: &[ConfigFile],
        lookup_names: Vec<String>,
    ) -> Result<Self, SwitchError> {
        let specs = parse_table(TABLE_TSV)?;
        let unknown = unknown::find(&specs, files, &lookup_names);
        let mut entries = Vec::with_capacity(specs.len());
        for spec in specs {
            let from_file = || {
                files.iter().find_map(|file| {
                    file.get(&spec.name)
                        .map(|value| (value.value.clone(), (file.path.clone(), value.line)))
                })
            };
            let (value, source, file) = match (lookup(&spec.name), from_file()) {
                (Some(value), _) => (value, Source::Environment, None),
                (None, Some((value, at))) => (value, Source::ConfigFile, Some(at)),
                (None, None) => (spec.default.clone(), Source::Default, None),
            };
            if !spec.accepts(&value) {
                let name = match &file {
                    Some((path, line)) => format!("{} ({}:{line})", spec.name, path.display()),
                    None => spec.name.clone(),
                };
                return Err(SwitchError::BadValue {
                    name,
                    value,
                    values: spec.values.clone(),
                });
            }
            entries.push(Entry {
                spec,
                value,
                source,
                file,
            });
        }
        let mut reader = Reader {
            entries: &entries,
            read: vec![false; entries.len()],
        };
        let device = match reader.get("RX_VK_DEVICE")? {
            "auto" => DeviceChoice::Auto,
            value => match value.parse::<usize>() {
                Ok(index) => DeviceChoice::Index(index),
                Err(_) => DeviceChoice::NameContains(value.to_owned()),
            },
        };
        let validation = reader.flag("RX_VK_VALIDATION")?;
        let log_filter = reader.get("RX_VK_LOG")?.to_owned();
        let log_path = match reader.get("RX_VK_LOG_PATH")? {
            "0" => None,
            folder => Some(PathBuf::from(folder)),
        };
        let vram_mb = match reader.get("RX_VK_VRAM_MB")? {
            "auto" => None,
            value => Some(reader.unsigned("RX_VK_VRAM_MB", value)?),
        };
        let keep_finalized_mb = {
            let value = reader.get("RX_VK_KEEP_FINALIZED_MB")?;
            reader.unsigned("RX_VK_KEEP_FINALIZED_MB", value)?
        };
        let gpu_storage = reader.flag("RX_VK_GPU_STORAGE")?;
        let store_hot = reader.flag("RX_VK_STORE_HOT")?;
        let swizzle_kernel = reader.get("RX_VK_SWIZZLE_KERNEL")?.to_owned();
        let rt_reclaim = reader.flag("RX_VK_RT_RECLAIM")?;
        let virtual_sparse = {
            let value = reader.get("RX_VK_VIRTUAL_SPARSE")?;
            crate::address::SparseSwitch::from_value(value).ok_or_else(|| {
                SwitchError::Mismatch(format!(
                    "the table takes RX_VK_VIRTUAL_SPARSE={value}, the code does not"
                ))
            })?
        };
        let pipeline_library = reader.flag("RX_VK_PIPELINE_LIBRARY")?;
        let watch_dim = match reader.get("RX_VK_WATCH_DIM")? {
            "0" => None,
            value => parse_dimensions(value),
        };
        let portability = reader.flag("RX_VK_PORTABILITY")?;
        let shader_cache = match reader.get("RX_VK_SHADER_CACHE")? {
            "auto" => ShaderCacheChoice::UserCacheDir,
            "0" => ShaderCacheChoice::Off,
            path => ShaderCacheChoice::Dir(PathBuf::from(path)),
        };
        let pipeline_cache = match reader.get("RX_VK_PIPELINE_CACHE")? {
            "auto" => PipelineCacheChoice::UserCacheDir,
            "0" => PipelineCacheChoice::Off,
            path => PipelineCacheChoice::Dir(PathBuf::from(path)),
        };
        let descriptor_indexing = reader.flag("RX_VK_DESCRIPTOR_INDEXING")?;
        let spirv_opt = reader.flag("RX_VK_SPIRV_OPT")?;
        let ab_frames = match reader.get("RX_VK_AB")? {
            "0" => None,
            value => Some(reader.unsigned("RX_VK_AB", value)?),
        };
        let write_tracking =
            crate::mem::WriteTracking::from_name(reader.get("RX_VK_WRITE_TRACKING")?)
                .expect("the table allows protect and explicit only");
        let loader = match reader.get("RX_VK_LOADER")? {
            "auto" => LoaderChoice::Auto,
            path => LoaderChoice::Path(PathBuf::from(path)),
        };
        let simulate = match reader.get("RX_VK_SIMULATE")? {
            "off" => Simulate::Off,
            "moltenvk-m1" => Simulate::MoltenVkM1,
            path => Simulate::Profile(PathBuf::from(path)),
        };
        let pass_defer = match reader.get("RX_VK_PASS_DEFER")? {
            "1" => PassDefer::On,
            "ab" => PassDefer::Ab,
            _ => PassDefer::Off,
        };
        let pass_defer_bindless = reader.flag("RX_VK_PASS_DEFER_BINDLESS")?;
        let record = match reader.get("RX_VK_RECORD")? {
            "0" => None,
            path => Some(PathBuf::from(path)),
        };
        let hud = {
            let value = reader.get("RX_VK_HUD")?;
            hud_items::parse_items(value).map_err(|reason| SwitchError::BadValue {
                name: "RX_VK_HUD".into(),
                value: value.to_owned(),
                values: reason,
            })?
        };
        let cache_mb = {
            let value = reader.get("RX_VK_CACHE_MB")?;
            reader.unsigned("RX_VK_CACHE_MB", value)?
        };
        reader.all_read()?;
        Ok(Switches {
            entries,
            unknown,
            device,
            validation,
            log_filter,
            log_path,
            vram_mb,
            keep_finalized_mb,
            gpu_storage,
            store_hot,
            swizzle_kernel,
            rt_reclaim,
            virtual_sparse,
            pipeline_library,
            watch_dim,
            portability,
            shader_cache,
            pipeline_cache,
            spirv_opt,
            descriptor_indexing,
            ab_frames,
            write_tracking,
            loader,
            simulate,
            pass_defer,
            pass_defer_bindless,
            record,
            hud,
            cache_mb,
            title: None,
        })
    }

    /// These switches for `title`'s run: the title is kept, and the caches at their
    /// default place (`auto`) resolve to the title's folders under the platform's cache
    /// folder (`disk_caches`). Call once, after reading.
    pub fn for_title(mut self, title: Option<crate::title::Title>) -> Self {
        let title_ref = title.as_ref();
        if self.shader_cache == ShaderCacheChoice::UserCacheDir {
            if let Some(dir) = crate::disk_caches::shader_dir(title_ref) {
                self.shader_cache = ShaderCacheChoice::Dir(dir);
            }
        }
        if self.pipeline_cache == PipelineCacheChoice::UserCacheDir {
            if let Some(dir) = crate::disk_caches::pipeline_dir(title_ref) {
                self.pipeline_cache = PipelineCacheChoice::Dir(dir);
            }
        }
        self.title = title;
        self
    }

    /// Every switch with its effective value, in table order.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The names given that are no switch, each with the nearest one that is.
    pub fn unknown(&self) -> &[UnknownSwitch] {
        &self.unknown
    }

    /// Logs a warning for each name given that is no switch (once logging is set up).
    pub fn warn_unknown(&self) {
        for unknown in &self.unknown {
            tracing::warn!(target: "gpu::switches", "{unknown}");
        }
    }
}

/// The `RX_VK_*` names the process environment holds.
pub fn env_switch_names() -> Vec<String> {
    std::env::vars_os()
        .filter_map(|(name, _)| name.into_string().ok())
        .filter(|name| name.starts_with("RX_VK_"))
        .collect()
}

/// Reads values by name and remembers which rows were read, so a row the code does not
/// use (or a name the table lacks) is an error rather than a silently ignored switch.
struct Reader<'a> {
    entries: &'a [Entry],
    read: Vec<bool>,
}

impl<'a> Reader<'a> {
    fn get(&mut self, name: &str) -> Result<&'a str, SwitchError> {
        let index = self
            .entries
            .iter()
            .position(|entry| entry.spec.name == name)
            .ok_or_else(|| {
                SwitchError::Mismatch(format!("the code reads {name}, the table lacks it"))
            })?;
        self.read[index] = true;
        Ok(&self.entries[index].value)
    }

    fn flag(&mut self, name: &str) -> Result<bool, SwitchError> {
        Ok(self.get(name)? == "1")
    }

    fn unsigned(&self, name: &str, value: &str) -> Result<u64, SwitchError> {
        value.parse().map_err(|_| {
            let entry = self.entries.iter().find(|entry| entry.spec.name == name);
            SwitchError::BadValue {
                name: name.to_owned(),
                value: value.to_owned(),
                values: entry
                    .map(|entry| entry.spec.values.clone())
                    .unwrap_or_default(),
            }
        })
    }

    fn all_read(&self) -> Result<(), SwitchError> {
        match self.read.iter().position(|read| !read) {
            Some(index) => Err(SwitchError::Mismatch(format!(
                "the table lists {}, the code never reads it",
                self.entries[index].spec.name
            ))),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod config_tests;
#[cfg(test)]
mod tests;
