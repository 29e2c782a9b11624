//! The switch table, read from `env_switches.tsv` (compiled in): the one source of every
//! `RX_VK_*` switch's name, default, accepted values and meaning.

use super::SwitchError;

/// The table as shipped with this build.
pub const TABLE_TSV: &str = include_str!("../../../env_switches.tsv");

/// One accepted form of a switch's value, from the `values` column (`a|<b>|c`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ValueForm {
    /// A literal token such as `auto` or `0`.
    Literal(String),
    /// An unsigned integer (`<index>`, `<MiB>`, any `<...>` not listed below).
    Unsigned(String),
    /// Two positive integers joined by `x` (`<WxH>`).
    Dimensions,
    /// Any non-empty text (`<name>`, `<path>`, `<filter>`).
    Text(String),
}

impl ValueForm {
    fn parse(form: &str) -> Self {
        match form.strip_prefix('<').and_then(|f| f.strip_suffix('>')) {
            None => ValueForm::Literal(form.to_owned()),
            Some("WxH") => ValueForm::Dimensions,
            Some(placeholder @ ("name" | "path" | "filter")) => {
                ValueForm::Text(placeholder.to_owned())
            }
            Some(placeholder) => ValueForm::Unsigned(placeholder.to_owned()),
        }
    }

    fn accepts(&self, value: &str) -> bool {
        match self {
            ValueForm::Literal(token) => value == token,
            ValueForm::Unsigned(_) => value.parse::<u64>().is_ok(),
            ValueForm::Dimensions => parse_dimensions(value).is_some(),
            ValueForm::Text(_) => !value.trim().is_empty(),
        }
    }
}

/// `WxH` with both sides positive.
pub fn parse_dimensions(value: &str) -> Option<(u32, u32)> {
    let (width, height) = value.split_once(['x', 'X'])?;
    let width: u32 = width.parse().ok()?;
    let height: u32 = height.parse().ok()?;
    (width > 0 && height > 0).then_some((width, height))
}

/// One row of the table.
#[derive(Clone, Debug)]
pub struct SwitchSpec {
    pub name: String,
    pub default: String,
    /// The `values` column as written, for messages.
    pub values: String,
    pub forms: Vec<ValueForm>,
    pub meaning: String,
}

impl SwitchSpec {
    /// Whether `value` is one of the accepted forms. Literals are tried before
    /// placeholders, so `0` in `0|<path>` is the literal.
    pub fn accepts(&self, value: &str) -> bool {
        self.forms.iter().any(|form| form.accepts(value))
    }
}

/// Parses the TSV: a header `name, default, values, meaning`, then one switch a line.
pub fn parse_table(tsv: &str) -> Result<Vec<SwitchSpec>, SwitchError> {
    let mut lines = tsv.lines().enumerate();
    let header = lines.next().map(|(_, line)| line).unwrap_or_default();
    if header.split('\t').collect::<Vec<_>>() != ["name", "default", "values", "meaning"] {
        return Err(SwitchError::Table {
            line: 1,
            reason: "header must be name, default, values, meaning".into(),
        });
    }
    let mut specs: Vec<SwitchSpec> = Vec::new();
    for (index, line) in lines {
        if line.trim().is_empty() {
            continue;
        }
        let line_number = index + 1;
        let columns: Vec<&str> = line.split('\t').collect();
        let [name, default, values, meaning] = columns[..] else {
            return Err(SwitchError::Table {
                line: line_number,
                reason: format!("expected 4 tab-separated columns, found {}", columns.len()),
            });
        };
        if !name.starts_with("RX_VK_") {
            return Err(SwitchError::Table {
                line: line_number,
                reason: format!("switch name {name:?} does not start with RX_VK_"),
            });
        }
        if specs.iter().any(|spec| spec.name == name) {
            return Err(SwitchError::Table {
                line: line_number,
                reason: format!("{name} is listed twice"),
            });
        }
        let spec = SwitchSpec {
            name: name.to_owned(),
            default: default.to_owned(),
            values: values.to_owned(),
            forms: values.split('|').map(ValueForm::parse).collect(),
            meaning: meaning.to_owned(),
        };
        if !spec.accepts(default) {
            return Err(SwitchError::Table {
                line: line_number,
                reason: format!("default {default:?} of {name} is not one of {values}"),
            });
        }
        specs.push(spec);
    }
    Ok(specs)
}
