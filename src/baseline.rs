//! Baselines: adopt ghosttax on legacy code by recording today's findings and reporting only
//! new ones. A finding is remembered by its fingerprint (rule, path, enclosing function and
//! the flagged call's text), not its line, so edits elsewhere do not resurrect it. Paths
//! are recorded and hashed with `/` (`crate::platform::portable`), so a baseline written on
//! one platform matches on the others.

use std::collections::HashMap;
use std::io::Write;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::finding::{Finding, fingerprint};

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
                path: crate::platform::portable(&f.path).into_owned(),
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
        let mut budget = self.budget();
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

    /// How many findings of each fingerprint the baseline accounts for. Each entry's
    /// fingerprint is computed again from its fields rather than read: an entry whose path
    /// holds `\` (a Windows build before paths were made portable, or a hand edit) or
    /// whose fingerprint hashed a leading `./` still matches the finding it records.
    fn budget(&self) -> HashMap<String, usize> {
        let mut budget: HashMap<String, usize> = HashMap::new();
        for e in &self.findings {
            *budget
                .entry(fingerprint(&e.rule, &e.path, &e.function, &e.call))
                .or_default() += 1;
        }
        budget
    }

    pub fn to_json(&self) -> String {
        let mut s = serde_json::to_string_pretty(self).unwrap_or_default();
        s.push('\n');
        s
    }
}

/// Write `text` to `path` atomically: a temporary file in the same directory, renamed over
/// the target, so a reader never sees half a file. A new file gets the mode any program
/// would create it with (0666 less the umask: 0644 under umask 022); a file that is
/// already there keeps its own. Errors say what went wrong without the temporary file's
/// name (the caller names `path`).
pub fn write_atomic(path: &Path, text: &str) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    if !dir.is_dir() {
        let why = if dir.exists() {
            format!("`{}` is not a folder", dir.display())
        } else {
            format!(
                "the folder `{}` does not exist (create it first)",
                dir.display()
            )
        };
        return Err(std::io::Error::new(std::io::ErrorKind::NotFound, why));
    }
    let existing = std::fs::metadata(path)
        .ok()
        .filter(|m| m.is_file())
        .map(|m| m.permissions());
    let mut builder = tempfile::Builder::new();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let mut tmp = builder.tempfile_in(dir).map_err(plain)?;
    if let Some(p) = existing {
        tmp.as_file().set_permissions(p).map_err(plain)?;
    }
    tmp.write_all(text.as_bytes()).map_err(plain)?;
    tmp.flush().map_err(plain)?;
    tmp.persist(path).map_err(|e| plain(e.error))?;
    Ok(())
}

/// An I/O error without the temporary file's path that `tempfile` attaches.
fn plain(e: std::io::Error) -> std::io::Error {
    let why = match e.kind() {
        std::io::ErrorKind::NotFound | std::io::ErrorKind::PermissionDenied => {
            crate::discover::io_reason(&e)
        }
        kind => std::io::Error::from(kind).to_string(),
    };
    std::io::Error::new(e.kind(), why)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// sha256("GT101\0src/gpu/a.py\0stage\0x.pin_memory()\0"), first 8 bytes.
    const SLASHED: &str = "b364b011d3661657";
    /// The same with `src\gpu\a.py`: what a Windows build hashed before paths were portable.
    const BACKSLASHED: &str = "42ca00ef815a9ec1";

    fn baseline(path: &str, fingerprint: &str) -> Baseline {
        let text = serde_json::json!({
            "version": 1,
            "findings": [{
                "path": path,
                "rule": "GT101",
                "function": "stage",
                "call": "x.pin_memory()",
                "fingerprint": fingerprint,
            }],
        })
        .to_string();
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"))
    }

    #[test]
    fn a_fingerprint_hashes_the_path_with_slashes_and_no_dot() {
        let f = |path| fingerprint("GT101", path, "stage", "x.pin_memory()");
        assert_eq!(f("src/gpu/a.py"), SLASHED);
        assert_eq!(f(r"src\gpu\a.py"), SLASHED);
        assert_eq!(f("./src/gpu/a.py"), SLASHED);
        assert_eq!(f(r".\src\gpu\a.py"), SLASHED);
        assert_eq!(f("src/gpu/b.py"), "0b90491201d4441f");
    }

    #[test]
    fn a_baseline_written_with_backslashes_matches_findings_with_slashes() {
        // Written on Windows before paths were made portable: `\` and the hash of `\`.
        let b = baseline(r"src\gpu\a.py", BACKSLASHED);
        assert_eq!(b.budget(), HashMap::from([(SLASHED.to_string(), 1)]));
    }

    #[test]
    fn a_baseline_written_with_slashes_matches_findings_with_backslashes() {
        // Written on Linux; a finding on Windows is shown as `src\gpu\a.py`.
        let b = baseline("src/gpu/a.py", SLASHED);
        let windows = fingerprint("GT101", r"src\gpu\a.py", "stage", "x.pin_memory()");
        assert_eq!(b.budget().get(&windows), Some(&1));
    }
}
