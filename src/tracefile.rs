//! The trace file `ghosttax trace` writes and `check --trace` reads: its schema (`Trace`,
//! `Process`, `Site`, `Frame`) and its reader. An input like a source file, so it sits low:
//! the analysis layer joins it to the static findings.

use std::path::Path;

use serde::{Deserialize, Serialize};

/// The trace file's schema version; [`read`] refuses newer ones. Version 2 added the
/// Python recorder's view: `native`, `libraries`, a process's `imported` and a site's
/// `recorded_by`, `driver_calls`, `driver_bytes`, `driver_api` and `driver_from`. A
/// version 1 file reads as a native-only trace.
pub const VERSION: u32 = 2;

fn yes() -> bool {
    true
}

fn interposer() -> String {
    "interposer".into()
}

/// A trace file: one run of one command and every process it started that pinned.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Trace {
    pub version: u32,
    /// The ghosttax that wrote it (`ghosttax 0.1.0`).
    pub tool: String,
    pub command: Vec<String>,
    /// COMMAND's exit status; a command killed by a signal is 128 + the signal's number.
    pub exit_status: i32,
    /// The signal that killed COMMAND, when one did.
    pub signal: Option<i32>,
    /// Wall-clock seconds COMMAND ran.
    pub seconds: f64,
    /// Whether the native interposer ran (Linux): `false` where the Python recorder ran
    /// alone (Windows, macOS), whose sites count Python-level calls only.
    #[serde(default = "yes")]
    pub native: bool,
    /// The CUDA or HIP runtimes and the Python pinning libraries the traced processes
    /// loaded (`libcudart.so.12`, `torch`), whether or not they pinned.
    #[serde(default)]
    pub libraries: Vec<String>,
    pub processes: Vec<Process>,
    /// Sorted by peak live bytes, then bytes pinned, then calls (largest first).
    pub sites: Vec<Site>,
}

/// One process that made at least one intercepted call.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Process {
    pub pid: u32,
    pub ppid: u32,
    /// Its executable, as `/proc/PID/exe` names it.
    pub exe: String,
    /// Its command line, arguments joined by spaces.
    pub command: String,
    /// How its record was written: `exit`, `_exit`, `exec` or `signal`.
    pub end: String,
    /// The signal it died of, when `end` is `signal`.
    pub signal: Option<i32>,
    /// The CPython it ran (`3.11`), if any.
    pub python: Option<String>,
    /// Whether Python frames were read (a CPython whose layout the interposer knows).
    pub python_frames: bool,
    pub calls: u64,
    pub peak_live_bytes: u64,
    pub unreleased_bytes: u64,
    /// Calls at sites beyond the interposer's fixed site table (counted, not attributed).
    pub dropped_sites: u64,
    /// Pins beyond its table of live pointers (their release cannot be paired).
    pub dropped_pointers: u64,
    /// Releases of a pointer it never saw pinned.
    pub unmatched_releases: u64,
    /// The Python pinning libraries it imported (`torch`, `cupy`, `numba`, `pycuda`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub imported: Vec<String>,
}

/// One call site of one API, merged over every process that reached it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Site {
    pub api: String,
    /// `pin` (allocations and registrations) or `release` (frees and unregistrations).
    pub kind: String,
    /// Where the call came from: the innermost Python frame when there is one, else the
    /// first native frame outside the runtime; a source file when debug information has
    /// it, else the module. Absolute, as the program saw it.
    pub path: Option<String>,
    pub line: Option<u32>,
    pub function: Option<String>,
    /// Python frames (innermost first), then native ones.
    pub stack: Vec<Frame>,
    pub calls: u64,
    /// Calls the runtime refused (they pinned nothing).
    pub failures: u64,
    /// Over successful calls: bytes pinned (or, for releases, bytes released).
    pub bytes_min: u64,
    pub bytes_max: u64,
    pub bytes_total: u64,
    /// Most bytes from this site pinned at once; summed over processes.
    pub peak_live_bytes: u64,
    /// Bytes from this site still pinned when each process ended.
    pub unreleased_bytes: u64,
    /// Time spent inside the calls.
    pub seconds: f64,
    /// Distinct threads that called it (summed over processes).
    pub threads: u64,
    pub pids: Vec<u32>,
    /// Who saw the calls: `interposer` (the driver's entry points; `calls` are driver
    /// calls), `python` (the Python recorder alone; `calls` are Python-level calls) or
    /// `both` (Python-level `calls`, the interposer's `driver_calls` beside them).
    #[serde(default = "interposer")]
    pub recorded_by: String,
    /// New pinned blocks the driver made for these calls (a caching allocator serves the
    /// rest), when known: from the interposer, else from torch's host allocator counters.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub driver_calls: Option<u64>,
    /// Bytes of those blocks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub driver_bytes: Option<u64>,
    /// The driver entry point the interposer saw under a Python-level site (`cudaHostAlloc`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub driver_api: Option<String>,
    /// Where `driver_calls` comes from: `interposer` or `host_memory_stats`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub driver_from: Option<String>,
}

impl Site {
    /// Whether `calls` counts Python-level calls (the recorder saw the site).
    pub fn python_level(&self) -> bool {
        self.recorded_by != "interposer"
    }

    /// Fold the same place's figures from another process in.
    pub fn absorb(&mut self, s: Site) {
        let succeeded = |s: &Site| s.calls > s.failures;
        if succeeded(&s) {
            self.bytes_min = if succeeded(self) {
                self.bytes_min.min(s.bytes_min)
            } else {
                s.bytes_min
            };
            self.bytes_max = self.bytes_max.max(s.bytes_max);
        }
        let sum = |a: Option<u64>, b: Option<u64>| match (a, b) {
            (None, None) => None,
            (a, b) => Some(a.unwrap_or(0).saturating_add(b.unwrap_or(0))),
        };
        self.driver_calls = sum(self.driver_calls, s.driver_calls);
        self.driver_bytes = sum(self.driver_bytes, s.driver_bytes);
        if self.driver_api.is_none() {
            self.driver_api = s.driver_api.clone();
        }
        if self.driver_from.is_none() || s.driver_from.as_deref() == Some("interposer") {
            self.driver_from = s.driver_from.clone();
        }
        if s.recorded_by != self.recorded_by && s.recorded_by == "both" {
            self.recorded_by = s.recorded_by.clone();
        }
        if s.calls > self.calls {
            self.stack = s.stack;
        }
        self.calls += s.calls;
        self.failures += s.failures;
        self.bytes_total = self.bytes_total.saturating_add(s.bytes_total);
        self.peak_live_bytes = self.peak_live_bytes.saturating_add(s.peak_live_bytes);
        self.unreleased_bytes = self.unreleased_bytes.saturating_add(s.unreleased_bytes);
        self.seconds += s.seconds;
        self.threads += s.threads;
        for pid in s.pids {
            if !self.pids.contains(&pid) {
                self.pids.push(pid);
            }
        }
    }
}

/// Sort sites as a trace lists them: largest peak first, then bytes, then calls.
pub fn sort_sites(list: &mut [Site]) {
    for s in list.iter_mut() {
        s.pids.sort_unstable();
    }
    list.sort_by(|a, b| {
        (b.peak_live_bytes, b.bytes_total, b.calls)
            .cmp(&(a.peak_live_bytes, a.bytes_total, a.calls))
            .then_with(|| (&a.path, a.line, &a.api).cmp(&(&b.path, b.line, &b.api)))
    });
}

/// One frame of a site's stack.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Frame {
    /// `python` or `native`.
    pub kind: String,
    pub path: Option<String>,
    pub line: Option<u32>,
    pub function: Option<String>,
    /// A native frame's module (shared library or executable).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub module: Option<String>,
    /// A native frame's return address inside its module (`0x1a2b`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offset: Option<String>,
}

/// Whether an intercepted API pins or releases.
pub fn kind_of(api: &str) -> &'static str {
    if api.contains("Free") || api.contains("Unregister") || api.contains("unregister") {
        "release"
    } else {
        "pin"
    }
}

/// Read a trace file written by `ghosttax trace`.
pub fn read(path: &Path) -> Result<Trace, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("{}: cannot read the trace: {e}", path.display()))?;
    parse(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Parse a trace file's text.
pub fn parse(text: &str) -> Result<Trace, String> {
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| {
        format!("not a ghosttax trace (not JSON: {e}); write one with `ghosttax trace -- COMMAND`")
    })?;
    let version = value
        .get("version")
        .and_then(|v| v.as_u64())
        .ok_or("not a ghosttax trace (no `version`); write one with `ghosttax trace -- COMMAND`")?;
    if version > u64::from(VERSION) {
        return Err(format!(
            "trace version {version} is newer than this ghosttax reads ({VERSION}); upgrade ghosttax"
        ));
    }
    serde_json::from_value(value).map_err(|e| format!("not a valid ghosttax trace: {e}"))
}
