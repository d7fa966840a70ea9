//! `ghosttax trace`'s Python recorder, without a GPU: a stand-in torch and cupyx
//! (tests/trace/standin: the entry-point names the recorder wraps, a caching host
//! allocator like torch's and its counters) and a program that pins through them
//! (tests/trace/pyrecorder.py). Every figure asserted is what the program does, counted by
//! hand; each pinning line carries a `SITE:name` marker. Skipped where python3 is absent.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use ghosttax::trace::{Site, Trace};

mod common;
use common::*;

fn source(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/trace")
        .join(name)
}

fn s(p: &Path) -> &str {
    p.to_str().expect("utf-8 path")
}

/// The line of `SITE:name` in `file`.
fn line_of(file: &str, marker: &str) -> u32 {
    let text = std::fs::read_to_string(source(file)).expect("read source");
    let tag = format!("SITE:{marker}");
    let at = text
        .lines()
        .position(|l| l.contains(&tag))
        .unwrap_or_else(|| panic!("no {tag} in {file}"));
    u32::try_from(at + 1).expect("line")
}

fn python() -> Option<&'static str> {
    let ok = Command::new("python3")
        .args(["-c", "import sys; assert sys.version_info >= (3, 8)"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        eprintln!("skipped: no python3 (3.8 or newer)");
    }
    ok.then_some("python3")
}

/// PYTHONPATH with the stand-in libraries.
fn standin() -> String {
    source("standin").display().to_string()
}

/// `ghosttax trace -o out.json -- ARGS` in a fresh folder.
fn trace(args: &[&str], env: &[(&str, &str)]) -> (Output, Option<Trace>, tempfile::TempDir) {
    let dir = tempfile::tempdir().expect("tempdir");
    let cache = dir.path().join("cache");
    let mut all = vec!["trace", "-o", "out.json", "--"];
    all.extend_from_slice(args);
    let mut env = env.to_vec();
    env.push(("XDG_CACHE_HOME", s(&cache)));
    let o = ghosttax_env(dir.path(), &all, &env);
    let t = ghosttax::trace::read(&dir.path().join("out.json")).ok();
    (o, t, dir)
}

fn at<'a>(t: &'a Trace, api: &str, marker: &str) -> &'a Site {
    let line = line_of("pyrecorder.py", marker);
    let found: Vec<&Site> = t
        .sites
        .iter()
        .filter(|s| {
            s.api == api
                && s.line == Some(line)
                && s.path
                    .as_deref()
                    .is_some_and(|p| p.ends_with("pyrecorder.py"))
        })
        .collect();
    assert_eq!(
        found.len(),
        1,
        "{api} at line {line} ({marker}): {:#?}",
        t.sites
    );
    found[0]
}

/// Calls, failures, bytes total/min/max.
fn figures(s: &Site) -> (u64, u64, u64, u64, u64) {
    (s.calls, s.failures, s.bytes_total, s.bytes_min, s.bytes_max)
}

const STDOUT: &str = "raised: cannot pin a negative size\nname: pin_memory empty\n\
imported: []\npyrecorder.py done\n";

/// Each Python-level call at its line: calls, bytes, failures, threads, the DataLoader's
/// pin thread at the loop that started it, forked and spawned workers; and torch's
/// counters read around each call say how many new blocks the calls cost.
#[test]
fn python_level_calls_are_counted_at_their_lines() {
    let Some(py) = python() else { return };
    let script = source("pyrecorder.py");
    let path = standin();
    let (o, t, _dir) = trace(
        &[py, s(&script), "spawn"],
        &[("PYTHONPATH", &path), ("GHOSTTAX_TRACE_COUNTERS", "1")],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), STDOUT);
    let t = t.expect("a trace");
    assert_eq!(t.version, 2);
    assert_eq!(t.native, cfg!(target_os = "linux"));
    assert_eq!(t.libraries, ["cupy", "torch"]);

    // 60 pins of 3,000 bytes, each dropped before the next: one 4 KiB block, 59 served
    // from the cache.
    let step = at(&t, "torch.Tensor.pin_memory", "step");
    assert_eq!(figures(step), (60, 0, 180_000, 3000, 3000));
    assert_eq!(
        (step.driver_calls, step.driver_bytes),
        (Some(1), Some(4096))
    );
    assert_eq!(step.driver_from.as_deref(), Some("host_memory_stats"));
    assert_eq!(step.recorded_by, "python");
    assert_eq!(step.function.as_deref(), Some("step"));
    assert_eq!(step.threads, 1);
    // The caller's line is the next frame out.
    assert_eq!(
        step.stack[1].line,
        Some(line_of("pyrecorder.py", "step") + 12)
    );
    // Three kept 256-float tensors: a new 1 KiB block each. Five unpinned ones: nothing.
    let factory = at(&t, "torch.empty", "factory");
    assert_eq!(figures(factory), (3, 0, 3072, 1024, 1024));
    assert_eq!(factory.driver_calls, Some(3));
    let register = at(&t, "torch.cuda.cudart().cudaHostRegister", "register");
    assert_eq!(figures(register), (1, 0, 8192, 8192, 8192));
    assert_eq!(register.driver_calls, None);
    // The exception passed through (stdout says so) and the call counts as a failure.
    let raises = at(&t, "torch.Tensor.pin_memory", "raises");
    assert_eq!(figures(raises), (1, 1, 0, 0, 0));
    // Two threads, ten pins of 100 bytes each.
    let thread = at(&t, "torch.Tensor.pin_memory", "thread");
    assert_eq!(figures(thread), (20, 0, 2000, 100, 100));
    assert_eq!(thread.threads, 2);
    // DataLoader without workers pins in the loop's own thread; with workers, in the pin
    // thread it starts: both at the `for` line of the program.
    let loader = at(&t, "torch.Tensor.pin_memory", "loader");
    assert_eq!(figures(loader), (4, 0, 2000, 500, 500));
    let workers = at(&t, "torch.Tensor.pin_memory", "workers");
    assert_eq!(figures(workers), (5, 0, 3500, 700, 700));
    assert!(
        workers.stack.iter().any(|f| f
            .path
            .as_deref()
            .is_some_and(|p| p.ends_with("pin_memory.py"))),
        "{:#?}",
        workers.stack
    );
    let cupyx = at(&t, "cupyx.empty_pinned", "cupyx");
    assert_eq!(figures(cupyx), (5, 0, 2560, 512, 512));
    // A spawned worker's pin, in its own process.
    let main_pid = step.pids[0];
    let spawned = at(&t, "torch.Tensor.pin_memory", "spawned");
    assert_eq!(figures(spawned), (1, 0, 900, 900, 900));
    assert_ne!(spawned.pids, [main_pid]);
    if cfg!(unix) {
        let child = at(&t, "torch.Tensor.pin_memory", "child");
        assert_eq!(figures(child), (1, 0, 50, 50, 50));
        assert_eq!(child.driver_calls, Some(1));
        assert_ne!(child.pids, [main_pid]);
    }
    let expected = if cfg!(unix) { 10 } else { 9 };
    assert_eq!(t.sites.len(), expected, "{:#?}", t.sites);
    assert!(
        t.processes
            .iter()
            .any(|p| p.pid == main_pid && p.imported == ["torch", "cupy"]),
        "{:#?}",
        t.processes
    );
}

/// The program's output and exit status are its own, traced or not.
#[test]
fn the_program_behaves_the_same_with_and_without_the_trace() {
    let Some(py) = python() else { return };
    let script = source("pyrecorder.py");
    let path = standin();
    let alone = Command::new(py)
        .arg(&script)
        .env("PYTHONPATH", &path)
        .output()
        .expect("run python");
    let (traced, _, _dir) = trace(&[py, s(&script)], &[("PYTHONPATH", &path)]);
    assert_eq!(alone.status.code(), traced.status.code());
    assert_eq!(stdout(&alone), stdout(&traced));
    assert_eq!(stdout(&alone), STDOUT);
    let (o, _, _dir) = trace(&[py, "-c", "import sys; sys.exit(5)"], &[]);
    assert_eq!(o.status.code(), Some(5));
}

/// The recorder imports nothing the program did not, and a `sitecustomize` already on the
/// path still runs (once).
#[test]
fn the_recorder_imports_nothing_and_chains_to_the_sitecustomize_it_hides() {
    let Some(py) = python() else { return };
    let dir = tempfile::tempdir().expect("tempdir");
    write(
        dir.path(),
        "sitecustomize.py",
        "import sys\nsys.stdout.write('own sitecustomize\\n')\n",
    );
    let path =
        std::env::join_paths([dir.path().to_path_buf(), source("standin")]).expect("join paths");
    let path = path.to_str().expect("utf-8");
    let program = "import sys, sitecustomize\n\
        print(sorted(m for m in ('torch', 'cupy', 'cupyx', 'numba', 'pycuda') if m in sys.modules))\n\
        print(sitecustomize.__file__.endswith('sitecustomize.py'), any('ghosttax' in p for p in sys.path))";
    let (o, t, _d) = trace(&[py, "-c", program], &[("PYTHONPATH", path)]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "own sitecustomize\n[]\nTrue False\n");
    let t = t.expect("a trace");
    assert!(t.processes.is_empty() && t.sites.is_empty());
}

/// A program that loads no runtime and no pinning library is told so in one line.
#[test]
fn a_program_that_loads_nothing_to_measure_is_told_so() {
    let Some(py) = python() else { return };
    let (o, t, _d) = trace(&[py, "-c", "print('hello')"], &[]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), "hello\n");
    assert_eq!(
        stderr(&o),
        format!(
            "ghosttax trace: {}\nwrote out.json\n",
            ghosttax::trace::NOTHING_LOADED
        )
    );
    let t = t.expect("a trace");
    assert!(t.libraries.is_empty());
}

/// Wrapped entry points keep their name, docstring and `__wrapped__`, and an argument
/// error is the original's.
#[test]
fn wrappers_keep_what_the_program_sees() {
    let Some(py) = python() else { return };
    let path = standin();
    let program = "import torch, inspect\n\
        f = torch.Tensor.pin_memory\n\
        print(f.__name__, f.__doc__, f.__wrapped__.__name__)\n\
        print(inspect.signature(f))\n\
        try:\n    torch.Tensor(4).pin_memory(1, 2, 3)\nexcept TypeError as e:\n    print('TypeError')\n\
        print(torch.empty(2, pin_memory=True).nbytes)";
    let (o, t, _d) = trace(&[py, "-c", program], &[("PYTHONPATH", &path)]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "pin_memory Copy into a pinned tensor (one Python frame, as torch's C method has none). \
         pin_memory\n(self, device=None)\nTypeError\n8\n"
    );
    let t = t.expect("a trace");
    let empty = t
        .sites
        .iter()
        .find(|s| s.api == "torch.empty")
        .expect("torch.empty");
    assert_eq!(
        (empty.calls, empty.bytes_total, empty.line),
        (1, 8, Some(9))
    );
    assert!(
        empty
            .path
            .as_deref()
            .is_some_and(|p| p.contains("<string>"))
    );
}

/// Version 1 files (the interposer alone) still read, as native-only traces.
#[test]
fn a_version_1_trace_reads_as_native_only() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/trace");
    let t = ghosttax::trace::read(&dir.join("staging.h200.trace.json")).expect("v1 trace");
    assert_eq!(t.version, 1);
    assert!(t.native);
    assert!(t.libraries.is_empty());
    assert!(
        t.sites
            .iter()
            .all(|s| !s.python_level() && s.driver_calls.is_none())
    );
    let e = ghosttax::trace::parse("{\"version\": 3}").unwrap_err();
    assert!(e.contains("newer"), "{e}");
}

/// `check --trace` speaks both numbers: Python-level calls beside the new blocks.
#[test]
fn check_says_how_often_a_line_pinned_and_how_many_blocks_it_cost() {
    let Some(py) = python() else { return };
    let script = source("pyrecorder.py");
    let path = standin();
    let (o, t, dir) = trace(
        &[py, s(&script)],
        &[("PYTHONPATH", &path), ("GHOSTTAX_TRACE_COUNTERS", "1")],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(t.is_some());
    let tree = dir.path().join("checkout/src");
    std::fs::create_dir_all(&tree).expect("mkdir");
    std::fs::copy(&script, tree.join("pyrecorder.py")).expect("copy");
    let o = ghosttax(
        dir.path(),
        &[
            "check", "--format", "json", "--trace", "out.json", "checkout",
        ],
    );
    let doc: serde_json::Value = serde_json::from_slice(&o.stdout).expect("json");
    // (Reported where the loop calls `step`, which pins for its caller.)
    let line = line_of("pyrecorder.py", "step-call");
    let found: Vec<&serde_json::Value> = doc["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .filter(|f| f["line"] == line)
        .collect();
    assert_eq!(found.len(), 1, "{doc:#}");
    let m = &found[0]["measured"];
    assert_eq!(
        (
            &m["calls"],
            &m["driver_calls"],
            &m["driver_bytes"],
            &m["entry"]
        ),
        (
            &60.into(),
            &1.into(),
            &4096.into(),
            &"torch.Tensor.pin_memory".into()
        )
    );
    // 4 KiB × the default ratio 0.12 = 491.52 B.
    assert_eq!(found[0]["tax_bytes"], 492);
    let o = ghosttax(
        dir.path(),
        &[
            "check", "--format", "github", "--trace", "out.json", "checkout",
        ],
    );
    assert!(
        stdout(&o).contains(
            "(measured: `pin_memory()` ran 60 times, 1 new pinned block of 4.00 KiB (torch's \
             cache served 59): ≈ 492 B of VRAM under WDDM)"
        ),
        "{}",
        stdout(&o)
    );
    // A configured ratio prices it.
    let o = ghosttax(
        dir.path(),
        &[
            "check",
            "--format",
            "github",
            "--tax-ratio",
            "0.25",
            "--trace",
            "out.json",
            "checkout",
        ],
    );
    assert!(
        stdout(&o).contains(
            "1 new pinned block of 4.00 KiB (torch's cache served 59): ≈ 1.00 KiB of VRAM"
        ),
        "{}",
        stdout(&o)
    );
}

/// A torch without `host_memory_stats` (older releases): calls and bytes still count, the
/// new blocks are unknown (not zero).
#[test]
fn a_torch_without_host_memory_stats_is_tolerated() {
    let Some(py) = python() else { return };
    let path = standin();
    let program =
        "import torch\nx = torch.Tensor(10)\nfor _ in range(4):\n    x.pin_memory()\nprint('ok')";
    let (o, t, _d) = trace(
        &[py, "-c", program],
        &[
            ("PYTHONPATH", &path),
            ("GHOSTTAX_TRACE_COUNTERS", "1"),
            ("STANDIN_NO_STATS", "1"),
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "ok\n");
    let t = t.expect("a trace");
    assert_eq!(t.sites.len(), 1, "{:#?}", t.sites);
    let s = &t.sites[0];
    assert_eq!((s.calls, s.bytes_total, s.line), (4, 40, Some(4)));
    assert_eq!((s.driver_calls, s.driver_from.as_deref()), (None, None));
}
