//! Baselines: adopt ghosttax on legacy code by recording today's findings and reporting only
//! new ones. A finding is remembered by its fingerprint (rule, path, enclosing function and
//! the flagged call's text), not its line, so edits elsewhere do not resurrect it.

use std::collections::HashMap;
use std::io::Write;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::finding::Finding;

#[derive(Debug, Serialize, Deserialize, PartialEq, Eq, PartialOrd, Ord)]
pub struct Entry {
    pub path: String,
    pub rule: String,
    pub function: String,
    pub call: String,
    pub fingerprint: String,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Baseline {
    pub version: u32,
    pub findings: Vec<Entry>,
}

impl Baseline {
    pub fn from_findings(findings: &[Finding]) -> Baseline {
        let mut entries: Vec<Entry> = findings
            .iter()
            .map(|f| Entry {
                path: f.path.trim_start_matches("./").to_string(),
                rule: f.rule.to_string(),
                function: f.function.clone(),
                call: f.snippet.clone(),
                fingerprint: f.fingerprint(),
            })
            .collect();
        entries.sort();
        Baseline {
            version: 1,
            findings: entries,
        }
    }

    pub fn load(path: &Path) -> Result<Baseline, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("{}: cannot read the baseline: {e}", path.display()))?;
        let b: Baseline = serde_json::from_str(&text).map_err(|e| {
            format!(
                "{}:{}:{}: not a ghosttax baseline: {e}",
                path.display(),
                e.line(),
                e.column()
            )
        })?;
        if b.version != 1 {
            return Err(format!(
                "{}: baseline version {} is not supported (expected 1)",
                path.display(),
                b.version
            ));
        }
        Ok(b)
    }

    /// Keep only findings the baseline does not account for. Fingerprints are counted, so
    /// a third copy of a call recorded twice is still reported.
    pub fn filter(&self, findings: Vec<Finding>) -> Vec<Finding> {
        let mut budget: HashMap<&str, usize> = HashMap::new();
        for e in &self.findings {
            *budget.entry(e.fingerprint.as_str()).or_default() += 1;
        }
        findings
            .into_iter()
            .filter(|f| {
                let fp = f.fingerprint();
                match budget.get_mut(fp.as_str()) {
                    Some(n) if *n > 0 => {
                        *n -= 1;
                        false
                    }
                    _ => true,
                }
            })
            .collect()
    }

    pub fn to_json(&self) -> String {
        let mut s = serde_json::to_string_pretty(self).unwrap_or_default();
        s.push('\n');
        s
    }
}

/// Write `text` to `path` atomically: a temporary file in the same directory, renamed over
/// the target, so a reader never sees half a file.
pub fn write_atomic(path: &Path, text: &str) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut tmp = tempfile::NamedTempFile::new_in(dir)?;
    tmp.write_all(text.as_bytes())?;
    tmp.flush()?;
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}
