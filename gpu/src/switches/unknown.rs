//! Names given as switches that are none: a misspelled `RX_VK_*` in the environment, or
//! any unknown name in a configuration file. Each is a warning naming the nearest switch,
//! never silently ignored and never fatal (a newer file may name a newer switch).

use super::config_file::ConfigFile;
use super::nearest::nearest;
use super::SwitchSpec;

/// One name that is no switch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownSwitch {
    pub name: String,
    /// `environment`, or the file and line.
    pub origin: String,
    /// The known switch nearest to `name` (edit distance).
    pub nearest: String,
}

impl std::fmt::Display for UnknownSwitch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} ({}) is no switch and is ignored; did you mean {}? (env_switches.tsv lists them)",
            self.name, self.origin, self.nearest
        )
    }
}

/// The unknown names of the environment (`env_names`) and of `files`.
pub(super) fn find(
    specs: &[SwitchSpec],
    files: &[ConfigFile],
    env_names: &[String],
) -> Vec<UnknownSwitch> {
    let known = |name: &str| specs.iter().any(|spec| spec.name == name);
    let nearest_to = |name: &str| {
        nearest(name, specs.iter().map(|spec| spec.name.as_str()))
            .map(|(found, _)| found.to_owned())
            .unwrap_or_default()
    };
    let mut unknown = Vec::new();
    for name in env_names.iter().filter(|name| !known(name)) {
        unknown.push(UnknownSwitch {
            name: name.clone(),
            origin: "environment".into(),
            nearest: nearest_to(name),
        });
    }
    for file in files {
        for value in file.values.iter().filter(|value| !known(&value.name)) {
            unknown.push(UnknownSwitch {
                name: value.name.clone(),
                origin: format!("{}:{}", file.path.display(), value.line),
                nearest: nearest_to(&value.name),
            });
        }
    }
    unknown
}
