//! What a probe answers: its question, a table for people and JSON for tools.

pub struct Report {
    pub probe: &'static str,
    pub question: &'static str,
    pub columns: Vec<&'static str>,
    pub rows: Vec<Vec<String>>,
    /// One-line findings printed under the table (also in the JSON, by the probe).
    pub findings: Vec<String>,
    /// The probe's answer, its fields documented in docs/probes.md.
    pub json: serde_json::Value,
}

impl Report {
    /// The question, the table with each column as wide as its widest cell, and the
    /// findings.
    pub fn table(&self) -> String {
        let mut widths: Vec<usize> = self.columns.iter().map(|c| c.len()).collect();
        for row in &self.rows {
            for (width, cell) in widths.iter_mut().zip(row) {
                *width = (*width).max(cell.chars().count());
            }
        }
        let line = |cells: &mut dyn Iterator<Item = &str>| {
            let padded: Vec<String> = cells
                .zip(&widths)
                .map(|(cell, width)| format!("{cell:<width$}"))
                .collect();
            format!("  {}\n", padded.join("  ").trim_end())
        };
        let mut out = format!("{}: {}\n", self.probe, self.question);
        out += &line(&mut self.columns.iter().copied());
        for row in &self.rows {
            out += &line(&mut row.iter().map(String::as_str));
        }
        for finding in &self.findings {
            out += &format!("  => {finding}\n");
        }
        out
    }
}
