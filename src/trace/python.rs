//! The Python recorder (`python/_ghosttax_recorder.py`, started by the `sitecustomize`
//! beside it): its files, how `trace` installs them, and its per-process records
//! (`PID-TOKEN.pyrec`, JSON) turned into trace sites. Every platform.

use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::tracefile::{Frame, Process, Site};

/// The bootstrap Python finds first on PYTHONPATH, and the recorder it starts.
pub const FILES: [(&str, &str); 2] = [
    ("sitecustomize.py", include_str!("python/sitecustomize.py")),
    (RECORDER, include_str!("python/_ghosttax_recorder.py")),
];

/// The recorder's file name: its frames (the wrappers) are not the program's.
pub const RECORDER: &str = "_ghosttax_recorder.py";

/// The record format this ghosttax reads.
const FORMAT: &str = "ghosttax-python 1";

/// Write the bootstrap and the recorder into `dir`.
pub fn install(dir: &Path) -> std::io::Result<()> {
    for (name, text) in FILES {
        std::fs::write(dir.join(name), text)?;
    }
    Ok(())
}

/// PYTHONPATH with `dir` first, keeping what was there.
pub fn python_path(dir: &Path) -> Result<std::ffi::OsString, String> {
    let mut paths = vec![dir.to_path_buf()];
    if let Some(old) = std::env::var_os("PYTHONPATH").filter(|v| !v.is_empty()) {
        paths.extend(std::env::split_paths(&old));
    }
    std::env::join_paths(paths).map_err(|e| {
        format!(
            "cannot put {} on PYTHONPATH: {e}; set TMPDIR to a plain path",
            dir.display()
        )
    })
}

/// One process's record.
#[derive(Debug, Default, Clone, Deserialize)]
#[serde(default)]
pub struct PyRecord {
    pub format: String,
    pub pid: u32,
    pub ppid: u32,
    pub python: String,
    pub executable: String,
    pub argv: Vec<String>,
    pub cwd: String,
    /// Whether the interposer ran beside it (the recorder then reads no counters).
    pub native: bool,
    /// Whether it read torch's host allocator counters around each call.
    pub counters: bool,
    pub imported: Vec<String>,
    /// Entry points it could not wrap.
    pub errors: Vec<String>,
    pub sites: Vec<PySite>,
}

/// One call site of one Python entry point.
#[derive(Debug, Default, Clone, Deserialize)]
#[serde(default)]
pub struct PySite {
    pub api: String,
    /// The first frame outside the recorder and the library (the program's line).
    pub path: String,
    pub line: u32,
    pub function: String,
    /// The frame that called the entry point (a library's, for a pin the library makes).
    pub caller: (String, u32),
    /// Frames outward from the caller: (path, line, function).
    pub stack: Vec<(String, u32, String)>,
    pub calls: u64,
    pub failures: u64,
    pub bytes_total: u64,
    pub bytes_min: u64,
    pub bytes_max: u64,
    pub nanos: u64,
    pub threads: u64,
    pub driver_calls: Option<u64>,
    pub driver_bytes: Option<u64>,
}

/// Parse one record.
pub fn parse(text: &str) -> Result<PyRecord, String> {
    let r: PyRecord =
        serde_json::from_str(text).map_err(|e| format!("not a Python recorder record: {e}"))?;
    if r.format != FORMAT {
        return Err(format!(
            "a record of another version (`{}`): the recorder and ghosttax differ",
            r.format
        ));
    }
    Ok(r)
}

pub fn absolute(path: &str, cwd: &str) -> String {
    let windows_absolute = path.as_bytes().get(1) == Some(&b':') || path.starts_with('\\');
    if path.starts_with('/') || path.starts_with('<') || windows_absolute || cwd.is_empty() {
        path.to_string()
    } else {
        let sep = if cwd.contains('\\') && !cwd.contains('/') {
            '\\'
        } else {
            '/'
        };
        format!("{}{sep}{}", cwd.trim_end_matches(['/', '\\']), path)
    }
}

/// Whether a frame's file is the recorder's (a wrapper).
pub fn is_recorder(path: &str) -> bool {
    path.rsplit(['/', '\\']).next() == Some(RECORDER)
}

/// A record's process, as the trace lists it.
pub fn process_of(r: &PyRecord) -> Process {
    let calls: u64 = r.sites.iter().map(|s| s.calls).sum();
    let driver: u64 = r.sites.iter().filter_map(|s| s.driver_bytes).sum();
    Process {
        pid: r.pid,
        ppid: r.ppid,
        exe: r.executable.clone(),
        command: r.argv.join(" "),
        end: "exit".into(),
        signal: None,
        python: (!r.python.is_empty()).then(|| r.python.clone()),
        python_frames: true,
        calls,
        peak_live_bytes: driver,
        unreleased_bytes: 0,
        dropped_sites: 0,
        dropped_pointers: 0,
        unmatched_releases: 0,
        imported: r.imported.clone(),
    }
}

/// A record's sites, each with the (absolute) frame that called the entry point (the first
/// of its stack, which the interposer's stack of the same call shows right outside the
/// recorder's wrapper).
pub fn sites_of(r: &PyRecord) -> Vec<(Site, (String, u32))> {
    r.sites
        .iter()
        .filter(|s| !s.api.is_empty())
        .map(|s| {
            let stack = s
                .stack
                .iter()
                .map(|(path, line, function)| Frame {
                    kind: "python".into(),
                    path: Some(absolute(path, &r.cwd)),
                    line: (*line > 0).then_some(*line),
                    function: (!function.is_empty()).then(|| function.clone()),
                    module: None,
                    offset: None,
                })
                .collect();
            let succeeded = s.calls > s.failures;
            let site = Site {
                api: s.api.clone(),
                kind: crate::tracefile::kind_of(&s.api).into(),
                path: (!s.path.is_empty()).then(|| absolute(&s.path, &r.cwd)),
                line: (s.line > 0).then_some(s.line),
                function: (!s.function.is_empty()).then(|| s.function.clone()),
                stack,
                calls: s.calls,
                failures: s.failures,
                bytes_min: if succeeded { s.bytes_min } else { 0 },
                bytes_max: s.bytes_max,
                bytes_total: s.bytes_total,
                // The driver's new blocks where torch's counters said; else the largest
                // request (a lower bound: at least it was pinned at once).
                peak_live_bytes: s.driver_bytes.unwrap_or(s.bytes_max),
                unreleased_bytes: 0,
                seconds: s.nanos as f64 / 1e9,
                threads: s.threads,
                pids: vec![r.pid],
                recorded_by: "python".into(),
                driver_calls: s.driver_calls,
                driver_bytes: s.driver_bytes,
                driver_api: None,
                driver_from: s.driver_calls.map(|_| "host_memory_stats".into()),
            };
            (site, (absolute(&s.caller.0, &r.cwd), s.caller.1))
        })
        .collect()
}

/// Fold sites that are one place (API, file and line) across processes and callers.
pub fn fold(sites: Vec<Site>) -> Vec<Site> {
    let mut order: Vec<(String, Option<String>, Option<u32>)> = Vec::new();
    let mut by: std::collections::HashMap<(String, Option<String>, Option<u32>), Site> =
        std::collections::HashMap::new();
    for s in sites {
        let key = (s.api.clone(), s.path.clone(), s.line);
        match by.get_mut(&key) {
            Some(into) => into.absorb(s),
            None => {
                by.insert(key.clone(), s);
                order.push(key);
            }
        }
    }
    order.iter().filter_map(|k| by.remove(k)).collect()
}

/// Every complete Python record in `dir`, and a message for each damaged one.
pub fn collect(dir: &Path) -> (Vec<PyRecord>, Vec<String>) {
    let mut records = Vec::new();
    let mut damaged = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return (records, damaged);
    };
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "pyrec"))
        .collect();
    paths.sort();
    for path in paths {
        match std::fs::read_to_string(&path) {
            Ok(text) => match parse(&text) {
                Ok(r) => records.push(r),
                Err(e) => damaged.push(format!(
                    "skipped the damaged Python record {}: {e}",
                    path.file_name()
                        .map(|n| n.to_string_lossy().into_owned())
                        .unwrap_or_default()
                )),
            },
            Err(e) => damaged.push(format!("cannot read a Python record: {e}")),
        }
    }
    (records, damaged)
}

/// The processes and sites of the Python records alone (no interposer).
pub fn alone(records: &[PyRecord]) -> (Vec<Process>, Vec<Site>) {
    let mut processes: Vec<Process> = records.iter().map(process_of).collect();
    processes.sort_by_key(|p| p.pid);
    let sites = records
        .iter()
        .flat_map(|r| sites_of(r).into_iter().map(|(s, _)| s))
        .collect();
    let mut sites = fold(sites);
    crate::tracefile::sort_sites(&mut sites);
    (processes, sites)
}

#[cfg(test)]
mod tests {
    use super::*;

    const RECORD: &str = r#"{"format": "ghosttax-python 1", "pid": 7, "ppid": 1,
        "python": "3.11", "executable": "/usr/bin/python3", "argv": ["python3", "t.py"],
        "cwd": "/w", "native": false, "counters": true, "imported": ["torch"],
        "sites": [{"api": "torch.Tensor.pin_memory", "path": "t.py", "line": 4,
          "function": "step", "caller": ["t.py", 4], "stack": [["t.py", 4, "step"]],
          "calls": 60, "failures": 0, "bytes_total": 180000, "bytes_min": 3000,
          "bytes_max": 3000, "nanos": 1000, "threads": 1, "driver_calls": 1,
          "driver_bytes": 4096}]}"#;

    #[test]
    fn a_record_reads_into_sites() {
        let r = parse(RECORD).expect("parses");
        let (processes, sites) = alone(&[r.clone(), r]);
        assert_eq!(processes.len(), 2);
        assert_eq!(sites.len(), 1);
        let s = &sites[0];
        assert_eq!(s.path.as_deref(), Some("/w/t.py"));
        assert_eq!(
            (s.calls, s.bytes_total, s.driver_calls, s.driver_bytes),
            (120, 360_000, Some(2), Some(8192))
        );
        assert_eq!(s.peak_live_bytes, 8192);
        assert_eq!(s.driver_from.as_deref(), Some("host_memory_stats"));
        assert!(s.python_level());
    }

    #[test]
    fn damaged_records_are_refused() {
        assert!(parse("{").is_err());
        assert!(parse(r#"{"format": "ghosttax-python 9"}"#).is_err());
        assert!(
            parse(&RECORD.replace("\"calls\": 60", "\"calls\": -1")).is_err(),
            "a negative count"
        );
    }

    #[test]
    fn paths_are_made_absolute_on_either_system() {
        assert_eq!(absolute("a.py", "/w/"), "/w/a.py");
        assert_eq!(absolute("a.py", "C:\\w"), "C:\\w\\a.py");
        assert_eq!(absolute("C:\\x\\a.py", "C:\\w"), "C:\\x\\a.py");
        assert_eq!(absolute("<stdin>", "/w"), "<stdin>");
        assert!(is_recorder("/tmp/x/_ghosttax_recorder.py"));
        assert!(is_recorder("C:\\t\\_ghosttax_recorder.py"));
    }
}
