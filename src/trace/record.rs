//! Run COMMAND under the interposer (Linux) and the Python recorder (every platform), and
//! write the trace.

use std::io::Write;
use std::path::{Path, PathBuf};
#[cfg(unix)]
use std::sync::atomic::{AtomicI32, Ordering};
use std::time::Instant;

#[cfg(target_os = "linux")]
use sha2::{Digest, Sha256};

use super::python;
#[cfg(target_os = "linux")]
use super::{merge, raw};
use crate::tax::format_bytes;
use crate::tracefile::{Trace, VERSION};

/// The interposer, built by build.rs (empty when no C compiler was found, and off Linux).
#[cfg(target_os = "linux")]
static INTERPOSER: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/libghosttax_trace.so"));
#[cfg(target_os = "linux")]
const LIB_NAME: &str = "libghosttax_trace.so";

pub struct Options {
    pub command: Vec<String>,
    /// Where the trace goes; `-` is standard output.
    pub output: PathBuf,
    pub quiet: bool,
}

/// Where the interposer is written: a cache folder named by its hash (so versions never
/// clash), else a temporary folder for this run.
#[cfg(target_os = "linux")]
enum Installed {
    Cached(PathBuf),
    /// The folder is removed when the run ends.
    Temporary(#[allow(dead_code)] tempfile::TempDir, PathBuf),
}

#[cfg(target_os = "linux")]
impl Installed {
    fn path(&self) -> &Path {
        match self {
            Installed::Cached(p) | Installed::Temporary(_, p) => p,
        }
    }
}

/// LD_PRELOAD splits on spaces and colons: a folder holding either cannot be used.
#[cfg(target_os = "linux")]
fn preloadable(p: &Path) -> bool {
    p.to_str().is_some_and(|s| !s.contains([' ', ':']))
}

#[cfg(target_os = "linux")]
fn install() -> Result<Installed, String> {
    if INTERPOSER.is_empty() {
        return Err(
            "this ghosttax was built without its trace interposer (no working C compiler at \
             build time); rebuild it where `cc` or `gcc` runs"
                .into(),
        );
    }
    let hash: String = Sha256::digest(INTERPOSER)
        .iter()
        .take(8)
        .map(|b| format!("{b:02x}"))
        .collect();
    let cache = std::env::var_os("XDG_CACHE_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")));
    if let Some(base) = cache.filter(|b| b.is_absolute()) {
        let dir = base.join("ghosttax").join(&hash);
        let lib = dir.join(LIB_NAME);
        if preloadable(&lib) {
            if std::fs::read(&lib).is_ok_and(|b| b == INTERPOSER) {
                return Ok(Installed::Cached(lib));
            }
            if write_lib(&dir, &lib).is_ok() {
                return Ok(Installed::Cached(lib));
            }
        }
    }
    let dir = tempfile::Builder::new()
        .prefix("ghosttax-interposer-")
        .tempdir_in("/tmp")
        .or_else(|_| {
            tempfile::Builder::new()
                .prefix("ghosttax-interposer-")
                .tempdir()
        })
        .map_err(|e| format!("cannot create a folder for the interposer: {e}"))?;
    let lib = dir.path().join(LIB_NAME);
    if !preloadable(&lib) {
        return Err(format!(
            "the temporary folder {} has a space or colon, which LD_PRELOAD cannot hold; set \
             XDG_CACHE_HOME or TMPDIR to a plain path",
            dir.path().display()
        ));
    }
    write_lib(dir.path(), &lib).map_err(|e| format!("cannot write {}: {e}", lib.display()))?;
    Ok(Installed::Temporary(dir, lib))
}

#[cfg(target_os = "linux")]
fn write_lib(dir: &Path, lib: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let mut tmp = tempfile::NamedTempFile::new_in(dir)?;
    tmp.write_all(INTERPOSER)?;
    tmp.persist(lib).map_err(|e| e.error)?;
    Ok(())
}

/// The child's pid while it runs, for the forwarding signal handler.
#[cfg(unix)]
static CHILD: AtomicI32 = AtomicI32::new(0);

#[cfg(unix)]
extern "C" fn forward(sig: libc::c_int) {
    let pid = CHILD.load(Ordering::Relaxed);
    if pid > 0 {
        // SAFETY: kill is async-signal-safe.
        unsafe {
            libc::kill(pid, sig);
        }
    }
}

/// While COMMAND runs, ghosttax stays alive to write the trace: a terminal's Ctrl-C and
/// Ctrl-\ reach COMMAND directly (same process group) and are ignored here; SIGTERM and
/// SIGHUP sent to ghosttax alone are passed on.
#[cfg(unix)]
struct Signals {
    saved: Vec<(libc::c_int, libc::sighandler_t)>,
}

#[cfg(unix)]
impl Signals {
    fn hold(child: u32) -> Signals {
        CHILD.store(i32::try_from(child).unwrap_or(0), Ordering::Relaxed);
        let forward_ptr = forward as extern "C" fn(libc::c_int) as libc::sighandler_t;
        let plan = [
            (libc::SIGINT, libc::SIG_IGN),
            (libc::SIGQUIT, libc::SIG_IGN),
            (libc::SIGTERM, forward_ptr),
            (libc::SIGHUP, forward_ptr),
        ];
        let mut saved = Vec::new();
        for (sig, handler) in plan {
            // SAFETY: installs a handler that only calls kill, or SIG_IGN.
            let old = unsafe { libc::signal(sig, handler) };
            saved.push((sig, old));
        }
        Signals { saved }
    }
}

#[cfg(unix)]
impl Drop for Signals {
    fn drop(&mut self) {
        for &(sig, old) in &self.saved {
            // SAFETY: restores what was there before.
            unsafe {
                libc::signal(sig, old);
            }
        }
        CHILD.store(0, Ordering::Relaxed);
    }
}

/// An error before COMMAND ran (exit 2), or COMMAND not found (127) or not runnable (126).
fn fail(code: u8, message: &str) -> u8 {
    eprintln!("error: {}", crate::report::sanitize(message));
    code
}

/// Run COMMAND under the interposer (Linux) and the Python recorder, write the trace, and
/// return COMMAND's exit status (128 + signal number when a signal ended it). Returns 2
/// when ghosttax itself failed.
pub fn run(opts: &Options) -> u8 {
    let Some((program, args)) = opts.command.split_first() else {
        return fail(
            2,
            "give a command to trace: ghosttax trace -- COMMAND [ARGS..]",
        );
    };
    let raw_dir = match tempfile::Builder::new().prefix("ghosttax-trace-").tempdir() {
        Ok(d) => d,
        Err(e) => return fail(2, &format!("cannot create a folder for the records: {e}")),
    };
    let py_dir = raw_dir.path().join("python");
    if let Err(e) = std::fs::create_dir(&py_dir).and_then(|_| python::install(&py_dir)) {
        return fail(2, &format!("cannot write the Python recorder: {e}"));
    }
    let python_path = match python::python_path(&py_dir) {
        Ok(p) => p,
        Err(e) => return fail(2, &e),
    };
    let mut command = std::process::Command::new(program);
    command
        .args(args)
        .env("PYTHONPATH", python_path)
        .env("GHOSTTAX_TRACE_DIR", raw_dir.path());
    #[cfg(target_os = "linux")]
    let _lib = match install() {
        Ok(lib) => {
            let preload = match std::env::var("LD_PRELOAD") {
                Ok(old) if !old.trim().is_empty() => format!("{}:{old}", lib.path().display()),
                _ => lib.path().display().to_string(),
            };
            command
                .env("LD_PRELOAD", preload)
                .env("GHOSTTAX_TRACE_NATIVE", "1");
            Some(lib)
        }
        Err(e) => {
            eprintln!(
                "warning: {}; only Python-level calls are recorded",
                crate::report::sanitize(&e)
            );
            None
        }
    };
    let started = Instant::now();
    let mut child = match command.spawn() {
        Ok(c) => c,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return fail(127, &format!("{program}: command not found"));
        }
        Err(e) if e.kind() == std::io::ErrorKind::PermissionDenied => {
            return fail(126, &format!("{program}: cannot run it: {e}"));
        }
        Err(e) => return fail(2, &format!("{program}: cannot run it: {e}")),
    };
    let status = {
        #[cfg(unix)]
        let _held = Signals::hold(child.id());
        child.wait()
    };
    let seconds = started.elapsed().as_secs_f64();
    let status = match status {
        Ok(s) => s,
        Err(e) => return fail(2, &format!("cannot wait for {program}: {e}")),
    };
    #[cfg(unix)]
    let signal = {
        use std::os::unix::process::ExitStatusExt;
        status.signal()
    };
    #[cfg(not(unix))]
    let signal: Option<i32> = None;
    let exit_status = match (status.code(), signal) {
        (Some(c), _) => c,
        (None, Some(s)) => 128 + s,
        (None, None) => 1,
    };
    let code = u8::try_from(exit_status & 0xff).unwrap_or(1);

    let (records, damaged) = python::collect(raw_dir.path());
    for d in &damaged {
        eprintln!("warning: {}", crate::report::sanitize(d));
    }
    let mut libraries: Vec<String> = Vec::new();
    for r in &records {
        for e in &r.errors {
            eprintln!("warning: process {}: {}", r.pid, crate::report::sanitize(e));
        }
        libraries.extend(r.imported.iter().cloned());
    }
    #[cfg(target_os = "linux")]
    let (native, processes, sites) = {
        let (raws, damaged) = collect(raw_dir.path());
        for d in &damaged {
            eprintln!("warning: {}", crate::report::sanitize(d));
        }
        libraries.extend(runtimes(raw_dir.path(), &raws));
        let (processes, sites) = merge::merge(raws, &records);
        (_lib.is_some(), processes, sites)
    };
    #[cfg(not(target_os = "linux"))]
    let (native, processes, sites) = {
        let (processes, sites) = python::alone(&records);
        (false, processes, sites)
    };
    libraries.sort();
    libraries.dedup();
    let trace = Trace {
        version: VERSION,
        tool: format!("ghosttax {}", env!("CARGO_PKG_VERSION")),
        command: opts.command.clone(),
        exit_status,
        signal,
        seconds,
        native,
        libraries,
        processes,
        sites,
    };
    let json = match serde_json::to_string_pretty(&trace) {
        Ok(j) => j + "\n",
        Err(e) => return fail(2, &format!("cannot encode the trace: {e}")),
    };
    let written = if opts.output.as_os_str() == "-" {
        let mut out = std::io::stdout().lock();
        out.write_all(json.as_bytes()).and_then(|_| out.flush())
    } else {
        crate::baseline::write_atomic(&opts.output, &json)
    };
    if let Err(e) = written {
        return fail(
            2,
            &format!("cannot write the trace to {}: {e}", opts.output.display()),
        );
    }
    if !opts.quiet {
        eprint!("{}", summary(&trace, &opts.output));
    }
    code
}

/// The CUDA and HIP runtimes the processes loaded: from the interposer's records of the
/// processes that pinned (their mappings) and its `.seen` notes of those that did not.
#[cfg(target_os = "linux")]
fn runtimes(dir: &Path, raws: &[raw::RawProcess]) -> Vec<String> {
    let mut found: Vec<String> = raws
        .iter()
        .flat_map(|p| p.maps.iter().map(|m| m.path.as_str()))
        .filter_map(runtime_name)
        .collect();
    if let Ok(entries) = std::fs::read_dir(dir) {
        for e in entries.flatten() {
            if e.path().extension().is_some_and(|x| x == "seen")
                && let Ok(text) = std::fs::read_to_string(e.path())
            {
                found.extend(text.lines().filter_map(runtime_name));
            }
        }
    }
    found.sort();
    found.dedup();
    found
}

/// `libcudart.so.12` for a loaded CUDA or HIP runtime's path.
#[cfg(target_os = "linux")]
fn runtime_name(path: &str) -> Option<String> {
    let name = path.rsplit('/').next()?.trim();
    ["libcudart", "libcuda.so", "libamdhip64"]
        .iter()
        .any(|p| name.starts_with(p))
        .then(|| name.to_string())
}

#[cfg(target_os = "linux")]
fn collect(dir: &Path) -> (Vec<raw::RawProcess>, Vec<String>) {
    let mut raws = Vec::new();
    let mut damaged = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return (raws, damaged);
    };
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "raw"))
        .collect();
    paths.sort();
    for path in paths {
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
        match std::fs::read(&path) {
            Ok(bytes) => match raw::parse(&String::from_utf8_lossy(&bytes)) {
                Ok(p) => raws.push(p),
                Err(e) => damaged.push(format!(
                    "skipped the damaged record of process {}: {e}",
                    name.unwrap_or_default()
                )),
            },
            Err(e) => damaged.push(format!("cannot read a process record: {e}")),
        }
    }
    (raws, damaged)
}

/// What a traced program that loaded nothing to measure is told.
pub const NOTHING_LOADED: &str = "no CUDA or HIP runtime and no pinning library (torch, \
    CuPy, Numba, PyCUDA) was loaded: nothing to measure";

/// What ghosttax prints on standard error after the run.
fn summary(t: &Trace, output: &Path) -> String {
    if t.processes.is_empty() && t.libraries.is_empty() {
        let mut s = format!("ghosttax trace: {NOTHING_LOADED}\n");
        if output.as_os_str() != "-" {
            s.push_str(&format!("wrote {}\n", output.display()));
        }
        return s;
    }
    let pins = t.sites.iter().filter(|s| s.kind == "pin");
    let calls: u64 = pins.clone().map(|s| s.calls).sum();
    let peak: u64 = t.processes.iter().map(|p| p.peak_live_bytes).sum();
    let left: u64 = t.processes.iter().map(|p| p.unreleased_bytes).sum();
    let mut s = format!(
        "ghosttax trace: {} with pins, {} pin {} at {}; {} live at peak, {} still pinned at exit\n",
        crate::report::plural(t.processes.len(), "process", "processes"),
        calls,
        if calls == 1 { "call" } else { "calls" },
        crate::report::plural(pins.clone().count(), "site", "sites"),
        format_bytes(peak),
        format_bytes(left),
    );
    for site in pins.take(5) {
        let place = match (&site.path, site.line) {
            (Some(p), Some(l)) => format!("{p}:{l}"),
            (Some(p), None) => p.clone(),
            _ => "?".into(),
        };
        let blocks = match site.driver_calls {
            Some(1) => format!(
                ", 1 new pinned block of {}",
                format_bytes(site.driver_bytes.unwrap_or(0))
            ),
            Some(n) => format!(
                ", {n} new pinned blocks ({} in all)",
                format_bytes(site.driver_bytes.unwrap_or(0))
            ),
            None => String::new(),
        };
        s.push_str(&format!(
            "  {:>7} × {:<18} {} ({} pinned, {} live at peak{blocks})\n",
            site.calls,
            site.api,
            crate::report::sanitize(&place),
            format_bytes(site.bytes_total),
            format_bytes(site.peak_live_bytes)
        ));
    }
    if !t.native {
        s.push_str(
            "note: Python-level calls only: the native interposer runs on Linux; torch's \
             sites count new pinned blocks from its allocator's counters\n",
        );
    }
    if output.as_os_str() != "-" {
        s.push_str(&format!("wrote {}\n", output.display()));
    }
    for p in &t.processes {
        if p.python.is_some() && !p.python_frames {
            s.push_str(&format!(
                "note: process {} runs Python {}, whose frames ghosttax cannot read: its sites \
                 show native frames only\n",
                p.pid,
                p.python.as_deref().unwrap_or("?")
            ));
        }
        if p.dropped_sites + p.dropped_pointers > 0 {
            s.push_str(&format!(
                "note: process {} outgrew the interposer's tables ({} calls at untracked sites, \
                 {} pins unpaired)\n",
                p.pid, p.dropped_sites, p.dropped_pointers
            ));
        }
    }
    s
}
