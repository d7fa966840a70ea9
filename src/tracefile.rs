//! The trace file `ghosttax trace` writes and `check --trace` reads: its schema (`Trace`,
//! `Process`, `Site`, `Frame`) and its reader. An input like a source file, so it sits low:
//! the analysis layer joins it to the static findings.

use std::path::Path;

use serde::{Deserialize, Serialize};

/// The trace file's schema version; [`read`] refuses newer ones.
pub const VERSION: u32 = 1;

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
    if api.contains("Free") || api.contains("Unregister") {
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
