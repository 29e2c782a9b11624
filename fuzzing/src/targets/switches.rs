//! Switch values: `NAME=VALUE` lines (names from `env_switches.tsv`, values anything),
//! parsed as the environment would be. Each is taken or refused with a typed error.

use std::collections::HashMap;

use gpu::switches::Switches;

use crate::{error_kind, outcome_of, Target};

pub struct SwitchValues;

impl Target for SwitchValues {
    fn name(&self) -> &'static str {
        "switches"
    }

    fn seeds(&self) -> Vec<Vec<u8>> {
        let table =
            std::fs::read_to_string(super::repo_file("env_switches.tsv")).unwrap_or_default();
        let mut seeds: Vec<Vec<u8>> = table
            .lines()
            .skip(1)
            .filter_map(|line| {
                let mut fields = line.split('\t');
                let name = fields.next()?;
                let default = fields.next()?;
                Some(format!("{name}={default}\n").into_bytes())
            })
            .collect();
        seeds.push(b"RX_VK_SIMULATE=/dev/zero\nRX_VK_VRAM_MB=18446744073709551615\n".to_vec());
        seeds.push(b"RX_VK_WATCH_DIM=4294967295x4294967295\n".to_vec());
        seeds
    }

    fn run(&self, input: &[u8]) -> Result<u64, String> {
        let text = String::from_utf8_lossy(input);
        let values: HashMap<String, String> = text
            .lines()
            .filter_map(|line| line.split_once('='))
            .map(|(name, value)| (name.to_owned(), value.to_owned()))
            .collect();
        match Switches::from_lookup(|name| values.get(name).cloned()) {
            Ok(switches) => Ok(outcome_of(&format!("taken {}", switches.entries().len()))),
            Err(error) => Ok(error_kind(&error)),
        }
    }
}
