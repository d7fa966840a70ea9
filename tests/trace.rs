//! `ghosttax trace`, without a GPU: a fake CUDA runtime (tests/trace/fakecudart.c, pins
//! over malloc), a C program built with -g that links it (tests/trace/pinner.c) and a
//! Python script that reaches it through the global namespace (tests/trace/pinner.py).
//! Every figure asserted is what the programs do, counted by hand; each pinning line
//! carries a `SITE:name` marker that the tests look up.
#![cfg(target_os = "linux")]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

use ghosttax::trace::{Site, Trace};

mod common;
use common::*;

fn source(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/trace")
        .join(name)
}

/// The line of `SITE:name` in `file`.
fn line_of(file: &str, marker: &str) -> u32 {
    let text = std::fs::read_to_string(source(file)).expect("read source");
    let tag = format!("SITE:{marker}");
    let at = text
        .lines()
        .position(|l| l.contains(&tag) && !l.contains(&format!("{tag}-")))
        .unwrap_or_else(|| panic!("no {tag} in {file}"));
    u32::try_from(at + 1).expect("line")
}

struct Built {
    runtime: PathBuf,
    pinner: PathBuf,
    /// A driver that exports only cuGetProcAddress(_v2) (tests/trace/fakecuda.c).
    driver: PathBuf,
    /// A program that reaches the runtime through run-time lookups (lookup.c + staticrt.c).
    lookup: PathBuf,
}

fn c_compiler() -> Option<String> {
    let cc = std::env::var("CC").unwrap_or_else(|_| "gcc".into());
    Command::new(&cc)
        .arg("--version")
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|_| cc)
}

fn compile(cc: &str, args: &[&str]) {
    let o = Command::new(cc).args(args).output().expect("run cc");
    assert!(o.status.success(), "cc {args:?}: {}", stderr(&o));
}

/// The fake runtime and the C program, built once per test run; None (with the reason
/// printed) where there is no C compiler.
fn built() -> Option<&'static Built> {
    static BUILT: OnceLock<Option<Built>> = OnceLock::new();
    BUILT
        .get_or_init(|| {
            let Some(cc) = c_compiler() else {
                eprintln!("skipped: no C compiler (gcc or $CC) to build the fake CUDA runtime");
                return None;
            };
            let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("trace-fixtures");
            std::fs::create_dir_all(&dir).expect("mkdir");
            let runtime = dir.join("libfakecudart.so");
            let pinner = dir.join("pinner");
            let fake = source("fakecudart.c");
            let prog = source("pinner.c");
            compile(
                &cc,
                &["-shared", "-fPIC", "-O2", "-o", s(&runtime), s(&fake)],
            );
            let rpath = format!("-Wl,-rpath,{}", dir.display());
            let libdir = format!("-L{}", dir.display());
            compile(
                &cc,
                &[
                    "-g",
                    "-O0",
                    "-o",
                    s(&pinner),
                    s(&prog),
                    &libdir,
                    "-lfakecudart",
                    &rpath,
                    "-lpthread",
                ],
            );
            // The lookups: a driver reached only through cuGetProcAddress_v2, and a
            // miniature static runtime built into the program without debug information.
            let driver = dir.join("libfakecuda.so");
            let staticrt = dir.join("staticrt.o");
            let lookup = dir.join("lookup");
            compile(
                &cc,
                &[
                    "-shared",
                    "-fPIC",
                    "-O2",
                    "-o",
                    s(&driver),
                    s(&source("fakecuda.c")),
                ],
            );
            compile(
                &cc,
                &[
                    "-c",
                    "-fPIC",
                    "-O2",
                    "-o",
                    s(&staticrt),
                    s(&source("staticrt.c")),
                ],
            );
            compile(
                &cc,
                &[
                    "-g",
                    "-O0",
                    "-o",
                    s(&lookup),
                    s(&source("lookup.c")),
                    s(&staticrt),
                    "-ldl",
                ],
            );
            Some(Built {
                runtime,
                pinner,
                driver,
                lookup,
            })
        })
        .as_ref()
}

fn s(p: &Path) -> &str {
    p.to_str().expect("utf-8 path")
}

/// `ghosttax trace -o OUT -- ARGS` in a fresh folder: the output and the trace read back
/// with the library's reader.
fn trace(args: &[&str], env: &[(&str, &str)]) -> (Output, Option<Trace>, tempfile::TempDir) {
    let dir = tempfile::tempdir().expect("tempdir");
    let cache = dir.path().join("cache");
    let cache = cache.to_str().expect("utf-8");
    let mut all = vec!["trace", "-o", "out.json", "--"];
    all.extend_from_slice(args);
    let mut env = env.to_vec();
    if !env.iter().any(|(k, _)| *k == "XDG_CACHE_HOME") {
        env.push(("XDG_CACHE_HOME", cache));
    }
    let o = ghosttax_env(dir.path(), &all, &env);
    let t = ghosttax::trace::read(&dir.path().join("out.json")).ok();
    (o, t, dir)
}

fn at<'a>(t: &'a Trace, api: &str, file: &str, marker: &str) -> &'a Site {
    let line = line_of(file, marker);
    let found: Vec<&Site> = t
        .sites
        .iter()
        .filter(|s| {
            s.api == api
                && s.line == Some(line)
                && s.path.as_deref().is_some_and(|p| p.ends_with(file))
        })
        .collect();
    assert_eq!(
        found.len(),
        1,
        "{api} at {file}:{line} ({marker}): {:#?}",
        t.sites
    );
    found[0]
}

/// Calls, bytes total/min/max, peak live, unreleased.
fn figures(s: &Site) -> (u64, u64, u64, u64, u64, u64) {
    (
        s.calls,
        s.bytes_total,
        s.bytes_min,
        s.bytes_max,
        s.peak_live_bytes,
        s.unreleased_bytes,
    )
}

#[test]
fn a_c_program_is_measured_site_by_site() {
    let Some(b) = built() else { return };
    let (o, t, _dir) = trace(&[s(&b.pinner)], &[]);
    // COMMAND's output and exit status pass through.
    assert_eq!(stdout(&o), "pinner done\n");
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    let t = t.expect("trace written");
    assert_eq!((t.exit_status, t.signal), (3, None));
    assert_eq!(t.command, vec![s(&b.pinner).to_string()]);

    let f = "pinner.c";
    let lp = at(&t, "cudaHostAlloc", f, "loop");
    assert_eq!(figures(lp), (10, 225_280, 4096, 40_960, 225_280, 0));
    assert_eq!(lp.function.as_deref(), Some("main"));
    assert_eq!(lp.kind, "pin");
    assert_eq!(lp.stack[0].kind, "native");
    assert!(
        lp.stack[0]
            .module
            .as_deref()
            .is_some_and(|m| m.ends_with("/pinner"))
    );
    let freed = at(&t, "cudaFreeHost", f, "loop-free");
    assert_eq!(
        (freed.kind.as_str(), freed.calls, freed.bytes_total),
        ("release", 10, 225_280)
    );
    assert_eq!((freed.peak_live_bytes, freed.unreleased_bytes), (0, 0));
    // Pinned and freed each time: 5 MiB pinned, never more than 1 MiB at once.
    let churn = at(&t, "cudaMallocHost", f, "churn");
    assert_eq!(figures(churn), (5, 5 << 20, 1 << 20, 1 << 20, 1 << 20, 0));
    assert_eq!(at(&t, "cudaFreeHost", f, "churn-free").calls, 5);
    // A registration never unregistered, a driver allocation never freed.
    let reg = at(&t, "cudaHostRegister", f, "register");
    assert_eq!(figures(reg), (1, 65_536, 65_536, 65_536, 65_536, 65_536));
    let drv = at(&t, "cuMemHostAlloc", f, "driver");
    assert_eq!(figures(drv), (1, 8192, 8192, 8192, 8192, 8192));
    let hip = at(&t, "hipHostMalloc", f, "hip");
    assert_eq!(figures(hip), (1, 1000, 1000, 1000, 1000, 0));
    let fails = at(&t, "cudaHostAlloc", f, "fails");
    assert_eq!((fails.calls, fails.failures, fails.bytes_total), (1, 1, 0));
    // Two threads through one helper: one site, two threads.
    let worker = at(&t, "cudaHostAlloc", f, "worker");
    assert_eq!(figures(worker), (2, 512, 256, 256, 512, 512));
    assert_eq!(worker.threads, 2);
    assert_eq!(worker.function.as_deref(), Some("pin_for_worker"));

    // The forked child's records are its own.
    assert_eq!(t.processes.len(), 2, "{:#?}", t.processes);
    let parent = t
        .processes
        .iter()
        .find(|p| p.end == "exit")
        .expect("parent");
    let child = t
        .processes
        .iter()
        .find(|p| p.end == "_exit")
        .expect("child");
    assert_eq!(child.ppid, parent.pid);
    let kid = at(&t, "cudaHostAlloc", f, "child");
    assert_eq!(figures(kid), (3, 1536, 512, 512, 1536, 1536));
    assert_eq!(kid.pids, vec![child.pid]);
    assert_eq!(
        (child.calls, child.unreleased_bytes, child.peak_live_bytes),
        (3, 1536, 1536)
    );
    // 64 KiB registered + 8 KiB driver + 2 × 256 B from the threads.
    assert_eq!(parent.unreleased_bytes, 65_536 + 8192 + 512);
    assert_eq!(parent.peak_live_bytes, 1 << 20);
    assert_eq!(
        (parent.python.as_deref(), parent.unmatched_releases),
        (None, 0)
    );
    // The runtime's own call into the driver (cudaHostAlloc → cuMemHostAlloc) is not a
    // second record: 11 sites (10 in the parent), 37 calls in the parent.
    assert_eq!(t.sites.len(), 11, "{:#?}", t.sites);
    assert_eq!(parent.calls, 10 + 10 + 5 + 5 + 1 + 1 + 1 + 1 + 1 + 2);
    assert!(stderr(&o).contains("wrote out.json"), "{}", stderr(&o));
}

#[test]
fn pins_found_through_run_time_lookups_are_measured() {
    let Some(b) = built() else { return };
    let (o, t, _dir) = trace(&[s(&b.lookup), s(&b.runtime), s(&b.driver)], &[]);
    // dlsym(RTLD_NEXT, ..) still answers relative to its caller under the trace.
    assert_eq!(
        stdout(&o),
        "lookup done, RTLD_NEXT relative to the caller\n"
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let t = t.expect("trace written");
    let f = "lookup.c";
    // dlsym on a handle opened RTLD_LOCAL: 5 × 4 KiB, each freed before the next.
    let handle = at(&t, "cudaMallocHost", f, "handle-pin");
    assert_eq!(figures(handle), (5, 20_480, 4096, 4096, 4096, 0));
    assert_eq!(handle.function.as_deref(), Some("main"));
    let freed = at(&t, "cudaFreeHost", f, "handle-free");
    assert_eq!((freed.calls, freed.bytes_total), (5, 20_480));
    // The static runtime's driver calls through cuGetProcAddress_v2: 6 × 8 KiB, every
    // other one freed, so 3 left; its own frames (`__cudart_*`, no line) are skipped.
    let stat = at(&t, "cuMemHostAlloc", f, "static-pin");
    assert_eq!(figures(stat), (6, 49_152, 8192, 8192, 32_768, 24_576));
    assert_eq!(stat.stack[0].function.as_deref(), Some("main"));
    assert_eq!(at(&t, "cuMemFreeHost", f, "static-free").calls, 3);
    let reg = at(&t, "cuMemHostRegister_v2", f, "static-register");
    assert_eq!(figures(reg), (1, 65_536, 65_536, 65_536, 65_536, 65_536));
    assert_eq!(t.sites.len(), 5, "{:#?}", t.sites);
    assert_eq!(t.processes[0].unreleased_bytes, 24_576 + 65_536);
}

#[test]
fn python_pins_through_a_library_handle_are_measured() {
    let Some(b) = built() else { return };
    for python in pythons() {
        let script = source("handle.py");
        let (o, t, _dir) = trace(&[&python, s(&script), s(&b.runtime)], &[]);
        assert_eq!(stdout(&o), "handle.py done\n", "{python}: {}", stderr(&o));
        let t = t.expect("trace written");
        let site = at(&t, "cudaHostAlloc", "handle.py", "handle-py");
        assert_eq!(figures(site), (3, 4608, 1536, 1536, 1536, 0), "{python}");
        assert_eq!(site.stack[0].kind, "python", "{python}");
    }
}

#[test]
fn the_program_behaves_the_same_with_and_without_the_trace() {
    let Some(b) = built() else { return };
    let plain = Command::new(&b.pinner).output().expect("run pinner");
    let (traced, _, _dir) = trace(&[s(&b.pinner)], &[]);
    assert_eq!(plain.stdout, traced.stdout);
    assert_eq!(plain.status.code(), traced.status.code());
}

#[test]
fn a_crashing_command_still_leaves_a_trace() {
    let Some(b) = built() else { return };
    let (o, t, _dir) = trace(&[s(&b.pinner), "abort"], &[]);
    assert_eq!(o.status.code(), Some(128 + 6), "{}", stderr(&o));
    let t = t.expect("trace written");
    assert_eq!((t.exit_status, t.signal), (134, Some(6)));
    let site = at(&t, "cudaHostAlloc", "pinner.c", "abort");
    assert_eq!(figures(site), (2, 4096, 2048, 2048, 4096, 4096));
    assert_eq!(t.processes[0].end, "signal");
    assert_eq!(t.processes[0].signal, Some(6));
}

#[test]
fn an_exec_writes_the_old_image_record_first() {
    let Some(b) = built() else { return };
    let (o, t, _dir) = trace(&[s(&b.pinner), "exec"], &[]);
    assert_eq!(o.status.code(), Some(134), "{}", stderr(&o));
    let t = t.expect("trace written");
    let before = at(&t, "cudaHostAlloc", "pinner.c", "before-exec");
    assert_eq!(figures(before), (1, 128, 128, 128, 128, 128));
    let after = at(&t, "cudaHostAlloc", "pinner.c", "abort");
    assert_eq!(after.calls, 2);
    // One pid, two images: the first ended in exec, the second of SIGABRT.
    assert_eq!(t.processes.len(), 2);
    assert_eq!(t.processes[0].pid, t.processes[1].pid);
    let mut ends: Vec<&str> = t.processes.iter().map(|p| p.end.as_str()).collect();
    ends.sort_unstable();
    assert_eq!(ends, ["exec", "signal"]);
}

#[test]
fn one_place_in_two_processes_is_one_site() {
    let Some(b) = built() else { return };
    let twice = format!("'{0}' abort; '{0}' abort", s(&b.pinner));
    let (o, t, _dir) = trace(&["sh", "-c", &twice], &[]);
    assert_eq!(o.status.code(), Some(134), "{}", stderr(&o));
    let t = t.expect("trace written");
    let site = at(&t, "cudaHostAlloc", "pinner.c", "abort");
    // Peak and unreleased bytes add up over the processes.
    assert_eq!(figures(site), (4, 8192, 2048, 2048, 8192, 8192));
    assert_eq!((site.pids.len(), site.threads), (2, 2));
    assert_eq!(t.sites.len(), 1);
}

#[test]
fn exit_statuses_pass_through() {
    let Some(_) = built() else { return };
    let (o, t, _dir) = trace(&["sh", "-c", "exit 7"], &[]);
    assert_eq!(o.status.code(), Some(7));
    let t = t.expect("trace written");
    assert_eq!((t.exit_status, t.processes.len(), t.sites.len()), (7, 0, 0));
    let (o, t, _dir) = trace(&["sh", "-c", "kill -TERM $$"], &[]);
    assert_eq!(o.status.code(), Some(128 + 15));
    assert_eq!(t.expect("trace").signal, Some(15));
    let (o, t, _dir) = trace(&["no-such-command-ghosttax"], &[]);
    assert_eq!(o.status.code(), Some(127));
    assert!(stderr(&o).contains("no-such-command-ghosttax: command not found"));
    assert!(t.is_none());
}

#[test]
fn the_preload_keeps_what_was_there_and_children_inherit_it() {
    let Some(b) = built() else { return };
    let existing = s(&b.runtime);
    let (o, _, dir) = trace(
        &[
            "sh",
            "-c",
            "echo \"$LD_PRELOAD\"; echo \"$GHOSTTAX_TRACE_DIR\"",
        ],
        &[("LD_PRELOAD", existing)],
    );
    let out = stdout(&o);
    let mut lines = out.lines();
    let preload = lines.next().expect("LD_PRELOAD");
    let (ours, rest) = preload.split_once(':').expect("two entries");
    assert!(ours.ends_with("/libghosttax_trace.so"), "{preload}");
    assert_eq!(rest, existing);
    // Written into the cache folder, named by its hash.
    assert!(
        ours.starts_with(s(&dir.path().join("cache").join("ghosttax"))),
        "{ours}"
    );
    assert!(!lines.next().unwrap_or("").is_empty());
}

#[test]
fn a_cache_folder_ld_preload_cannot_hold_falls_back_to_a_temporary_one() {
    let Some(b) = built() else { return };
    let odd = tempfile::tempdir().expect("tempdir");
    let cache = odd.path().join("my cache");
    let (o, t, _dir) = trace(&[s(&b.pinner), "abort"], &[("XDG_CACHE_HOME", s(&cache))]);
    assert_eq!(o.status.code(), Some(134), "{}", stderr(&o));
    assert_eq!(t.expect("trace").sites.len(), 1);
    assert!(!cache.exists());
}

/// The interpreters to check: python3, and any listed in GHOSTTAX_TEST_PYTHONS
/// (colon-separated paths, e.g. one per supported CPython version).
fn pythons() -> Vec<String> {
    let mut list = vec!["python3".to_string()];
    if let Ok(more) = std::env::var("GHOSTTAX_TEST_PYTHONS") {
        list.extend(
            more.split(':')
                .filter(|p| !p.is_empty())
                .map(str::to_string),
        );
    }
    list
}

#[test]
fn python_callers_are_their_python_lines() {
    let Some(b) = built() else { return };
    for python in pythons() {
        if Command::new(&python).arg("-c").arg("1").output().is_err() {
            eprintln!("skipped {python}: not found");
            continue;
        }
        let script = source("pinner.py");
        let (o, t, _dir) = trace(&[&python, s(&script), s(&b.runtime)], &[]);
        assert_eq!(o.status.code(), Some(0), "{python}: {}", stderr(&o));
        assert_eq!(stdout(&o), "pinner.py done\n");
        let t = t.expect("trace written");
        let f = "pinner.py";
        let pin = line_of(f, "py-pin");
        let script_path = s(&script).to_string();
        // pin() called from a list comprehension: 7 × 1 KiB, all freed.
        let from = |marker: &str| -> &Site {
            let caller = line_of(f, marker);
            let found: Vec<&Site> = t
                .sites
                .iter()
                .filter(|s| {
                    s.api == "cudaHostAlloc" && s.stack.get(1).and_then(|f| f.line) == Some(caller)
                })
                .collect();
            assert_eq!(
                found.len(),
                1,
                "{python}: pin from {marker}: {:#?}",
                t.sites
            );
            found[0]
        };
        let listed = from("py-caller");
        assert_eq!(
            listed.path.as_deref(),
            Some(script_path.as_str()),
            "{python}"
        );
        assert_eq!(
            (listed.line, listed.function.as_deref()),
            (Some(pin), Some("pin"))
        );
        assert_eq!(listed.stack[0].kind, "python");
        assert_eq!(figures(listed), (7, 7168, 1024, 1024, 7168, 0), "{python}");
        // Through __getitem__: 4 × 2 KiB kept.
        let item = from("py-getitem");
        assert_eq!(figures(item), (4, 8192, 2048, 2048, 8192, 8192), "{python}");
        assert!(
            item.stack[1]
                .function
                .as_deref()
                .is_some_and(|n| n.ends_with("__getitem__")),
            "{python}: {:?}",
            item.stack[1]
        );
        let freed = at(&t, "cudaFreeHost", f, "py-free");
        assert_eq!((freed.calls, freed.bytes_total), (7, 7168));
        // The forked child ends with os._exit: its record is written all the same.
        let child = from("py-child");
        assert_eq!(figures(child), (1, 300, 300, 300, 300, 300));
        let parent = t
            .processes
            .iter()
            .find(|p| p.end == "exit")
            .expect("parent");
        let kid = t
            .processes
            .iter()
            .find(|p| p.end == "_exit")
            .expect("child");
        assert_eq!(child.pids, vec![kid.pid]);
        assert_eq!(kid.ppid, parent.pid);
        assert!(
            parent
                .python
                .as_deref()
                .is_some_and(|v| v.starts_with("3."))
        );
        assert!(parent.python_frames, "{python}: {:?}", parent.python);
        assert_eq!(t.sites.len(), 4, "{python}: {:#?}", t.sites);
    }
}

#[test]
fn the_reader_explains_what_is_wrong() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("t.json");
    let e = ghosttax::trace::read(&path).unwrap_err();
    assert!(e.contains("t.json") && e.contains("cannot read"), "{e}");
    std::fs::write(&path, "hello").expect("write");
    let e = ghosttax::trace::read(&path).unwrap_err();
    assert!(e.contains("not a ghosttax trace"), "{e}");
    std::fs::write(&path, "{\"version\": 99}").expect("write");
    let e = ghosttax::trace::read(&path).unwrap_err();
    assert!(e.contains("newer"), "{e}");
    std::fs::write(&path, "{\"version\": 1, \"sites\": 3}").expect("write");
    let e = ghosttax::trace::read(&path).unwrap_err();
    assert!(e.contains("not a valid ghosttax trace"), "{e}");
}

#[test]
fn trace_needs_a_command() {
    let dir = tempfile::tempdir().expect("tempdir");
    let o = ghosttax(dir.path(), &["trace"]);
    assert_eq!(o.status.code(), Some(2));
}

/// The traces recorded on the GPU (examples/trace/*.h200.trace.json, quoted in
/// docs/src/trace/gpu.md) read back with the library's reader, with the figures the docs give.
#[test]
fn the_recorded_gpu_traces_read_back() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/trace");
    let t = ghosttax::trace::read(&dir.join("torch_pins.h200.trace.json")).expect("torch trace");
    assert_eq!((t.exit_status, t.processes.len(), t.sites.len()), (0, 3, 6));
    let line = |n: u32| -> &Site {
        t.sites
            .iter()
            .find(|s| s.line == Some(n))
            .unwrap_or_else(|| panic!("no site at line {n}"))
    };
    let by_name = line(60);
    assert_eq!((by_name.calls, by_name.bytes_total), (8, 264 << 20));
    assert_eq!(line(39).calls, 2);
    assert_eq!((line(40).calls, line(40).bytes_total), (1, 4));
    assert_eq!(line(23).pids.len(), 2);
    assert_eq!(line(53).unreleased_bytes, 16 << 20);
    assert!(
        t.processes
            .iter()
            .all(|p| p.python.as_deref() == Some("3.12") && p.python_frames)
    );
    // CuPy's statically linked runtime reaches the driver through cuGetProcAddress: its
    // five 4 MiB arrays are seen, under the Python line that asked for them.
    let c = ghosttax::trace::read(&dir.join("cupy_pins.h200.trace.json")).expect("cupy trace");
    assert_eq!(c.sites.len(), 3);
    assert!(c.sites.iter().all(|s| s.api.starts_with("cuMem")));
    let arrays = c
        .sites
        .iter()
        .find(|s| s.calls == 5)
        .expect("the CuPy arrays");
    assert_eq!(
        (arrays.bytes_min, arrays.unreleased_bytes),
        (4 << 20, 20 << 20)
    );
    assert!(arrays.stack.iter().any(|f| f.path.as_deref()
        == Some("examples/trace/cupy_pins.py")
        && f.line == Some(12)));
    // nvcc's default static runtime: the per-step staging buffer at its source line.
    let n = ghosttax::trace::read(&dir.join("staging.h200.trace.json")).expect("staging trace");
    let step = n
        .sites
        .iter()
        .find(|s| s.line == Some(28))
        .expect("the per-step pin");
    assert_eq!(
        (
            step.api.as_str(),
            step.calls,
            step.bytes_total,
            step.peak_live_bytes
        ),
        ("cuMemHostAlloc", 10, 80 << 20, 8 << 20)
    );
    assert_eq!(step.function.as_deref(), Some("per_step"));
}

/// `check --trace` over the examples with the GPU traces: the unknown size of the
/// per-step staging buffer is priced from the measured peak, and CuPy's arrays, which
/// static analysis takes for a setup loop, are GT401.
#[test]
fn the_gpu_traces_price_the_examples() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let report = |trace: &str| -> serde_json::Value {
        let o = ghosttax(
            root,
            &[
                "check",
                "--format",
                "json",
                "--trace",
                trace,
                "examples/trace",
            ],
        );
        assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
        serde_json::from_slice(&o.stdout).expect("json")
    };
    let doc = report("examples/trace/staging.h200.trace.json");
    let step = finding(&doc, "GT101", "staging.cu", 28);
    assert_eq!(step["tax_source"], "measured");
    assert_eq!(step["tax_bytes"], 1_006_633); // 8 MiB live at peak × 0.12, rounded
    assert_eq!(step["measured"]["calls"], 10);
    let doc = report("examples/trace/cupy_pins.h200.trace.json");
    let arrays = finding(&doc, "GT401", "cupy_pins.py", 12);
    assert_eq!(arrays["measured"]["unreleased_bytes"], 20 << 20);
    assert_eq!(arrays["tax_source"], "measured");
}

/// The finding at `file:line` of `rule` in a JSON report.
fn finding<'a>(
    doc: &'a serde_json::Value,
    rule: &str,
    file: &str,
    line: u32,
) -> &'a serde_json::Value {
    let all = doc["findings"].as_array().expect("findings");
    let found: Vec<&serde_json::Value> = all
        .iter()
        .filter(|f| {
            f["rule"] == rule
                && f["line"] == line
                && f["path"].as_str().is_some_and(|p| p.ends_with(file))
        })
        .collect();
    assert_eq!(found.len(), 1, "{rule} at {file}:{line}: {all:#?}");
    found[0]
}

/// `check --trace` over the sources the trace was taken from, from another folder (the
/// paths differ, their suffixes join): measured figures on what the run reached, a price
/// for the size the code leaves open, "not reached" on the branch it skipped, and GT401 for
/// the `getattr` dispatch static analysis cannot see.
#[test]
fn check_joins_a_recorded_trace_to_the_findings() {
    let Some(b) = built() else { return };
    let (o, t, dir) = trace(&[s(&b.pinner)], &[]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(t.is_some());
    // The same sources, copied elsewhere: a checkout other than the one traced.
    let tree = dir.path().join("checkout/src/trace");
    std::fs::create_dir_all(&tree).expect("mkdir");
    for name in ["pinner.c", "dispatch.py"] {
        std::fs::copy(source(name), tree.join(name)).expect("copy");
    }
    let report_with = |trace: &str, select: &[&str]| {
        let mut args = vec!["check", "--format", "json", "--trace", trace, "checkout"];
        args.extend_from_slice(select);
        let o = ghosttax(dir.path(), &args);
        assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
        let doc: serde_json::Value = serde_json::from_slice(&o.stdout).expect("json");
        doc
    };
    let report = |trace: &str| report_with(trace, &[]);
    let doc = report("out.json");
    let inventory = report_with("out.json", &["--extend-select", "GT100"]);

    // Ten pins of 4096 × (i + 1) bytes: a size the code leaves open, priced from the peak.
    // (`main` keeps all ten and runs once: a set made once, in the inventory.)
    let lp = finding(&inventory, "GT100", "pinner.c", line_of("pinner.c", "loop"));
    assert_eq!(lp["context"], "setup");
    assert_eq!(lp["tax_source"], "measured");
    assert_eq!(lp["tax_bytes"], 27_034); // 225,280 live at peak × 0.12
    assert_eq!(lp["reached_in_trace"], true);
    let m = &lp["measured"];
    assert_eq!(
        (
            &m["calls"],
            &m["bytes_min"],
            &m["bytes_max"],
            &m["bytes_total"]
        ),
        (&10.into(), &4096.into(), &40_960.into(), &225_280.into())
    );
    assert_eq!(
        (&m["peak_live_bytes"], &m["unreleased_bytes"]),
        (&225_280.into(), &0.into())
    );
    // A static size stays static; the measurement is carried beside it.
    let churn = finding(&doc, "GT101", "pinner.c", line_of("pinner.c", "churn"));
    assert_eq!(churn["tax_source"], "static");
    assert_eq!(churn["measured"]["calls"], 5);
    // The forked child's pins are the child's site.
    let child = finding(&doc, "GT101", "pinner.c", line_of("pinner.c", "child"));
    assert_eq!(child["measured"]["calls"], 3);
    // The `abort` branch did not run.
    let skipped = finding(&doc, "GT101", "pinner.c", line_of("pinner.c", "abort"));
    assert_eq!(skipped["reached_in_trace"], false);
    assert!(skipped.get("measured").is_none());
    // Two threads' 256-byte pins that pile up: a count the code leaves open, priced too.
    // (At the call of the wrapper that pins for the thread: the trace's stack passes it.)
    let worker = finding(
        &doc,
        "GT202",
        "pinner.c",
        line_of("pinner.c", "worker-call"),
    );
    assert_eq!(
        (&worker["measured"]["calls"], &worker["tax_bytes"]),
        (&2.into(), &61.into())
    );
    assert_eq!(doc["summary"]["measured_tax_bytes"], 27_034 + 61);

    // Python through a name looked up at run time: nothing static, twelve pins.
    let (o, t, pydir) = trace(&["python3", s(&source("dispatch.py")), s(&b.runtime)], &[]);
    if o.status.code() != Some(0) || t.is_none() {
        eprintln!(
            "skipped the Python half: python3 did not run: {}",
            stderr(&o)
        );
        return;
    }
    let py_trace = pydir.path().join("out.json");
    let doc = report(s(&py_trace));
    let line = line_of("dispatch.py", "dispatch");
    let gt401 = finding(&doc, "GT401", "dispatch.py", line);
    assert_eq!(gt401["column"], 5);
    assert_eq!(gt401["severity"], "warning");
    assert_eq!(gt401["tax_source"], "measured");
    assert_eq!(gt401["tax_bytes"], 492); // 4,096 live at peak × 0.12
    assert_eq!(gt401["measured"]["calls"], 12);
    assert_eq!(gt401["measured"]["bytes_total"], 49_152);
    assert_eq!(
        gt401["message"],
        "`cudaHostAlloc` pinned 12 times at run time: static analysis did not flag it"
    );
    // The formats without notes carry the measurement in the message.
    let o = ghosttax(
        dir.path(),
        &[
            "check",
            "--format",
            "github",
            "--trace",
            s(&py_trace),
            "checkout",
        ],
    );
    assert!(
        stdout(&o).contains(&format!(
            "file=checkout/src/trace/dispatch.py,line={line},col=5,endLine={line},endColumn=80,\
             title=GT401::`cudaHostAlloc` pinned 12 times at run time: static analysis did not \
             flag it (measured: 12 calls of 4.00 KiB, 4.00 KiB live at peak: ≈ 492 B of VRAM \
             under WDDM)\n"
        )),
        "{}",
        stdout(&o)
    );
    // Raised past its count, the threshold keeps it quiet.
    let o = ghosttax(
        dir.path(),
        &[
            "check",
            "--format",
            "json",
            "--trace",
            s(&py_trace),
            "--trace-min-calls",
            "13",
            "checkout",
        ],
    );
    let doc: serde_json::Value = serde_json::from_slice(&o.stdout).expect("json");
    assert!(
        !doc["findings"]
            .as_array()
            .expect("findings")
            .iter()
            .any(|f| f["rule"] == "GT401"),
        "{doc:#}"
    );
}

/// On Linux the interposer and the Python recorder run together: each Python-level site
/// keeps its calls and takes the driver calls the interposer saw under it (the stand-in
/// torch pins a new block with the fake runtime's `cudaHostAlloc`, as libtorch_cuda
/// calls libcudart); no driver call is left without its Python line.
#[test]
fn python_level_and_driver_calls_merge_per_site() {
    let Some(b) = built() else { return };
    if Command::new("python3").arg("-c").arg("1").output().is_err() {
        eprintln!("skipped: no python3");
        return;
    }
    let standin = source("standin");
    let (o, t, _dir) = trace(
        &["python3", s(&source("pyrecorder.py"))],
        &[
            ("PYTHONPATH", s(&standin)),
            ("STANDIN_CUDART", s(&b.runtime)),
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let t = t.expect("a trace");
    assert!(t.native);
    let site = |api: &str, marker: &str| -> &Site { at(&t, api, "pyrecorder.py", marker) };
    let step = site("torch.Tensor.pin_memory", "step");
    assert_eq!(
        (
            step.recorded_by.as_str(),
            step.calls,
            step.driver_calls,
            step.driver_bytes,
            step.driver_api.as_deref(),
            step.driver_from.as_deref()
        ),
        (
            "both",
            60,
            Some(1),
            Some(4096),
            Some("cudaHostAlloc"),
            Some("interposer")
        )
    );
    // The driver's view: one 4 KiB block, never freed (the cache keeps it).
    assert_eq!((step.peak_live_bytes, step.unreleased_bytes), (4096, 4096));
    assert!(step.stack.iter().any(|f| f.kind == "native"));
    assert!(
        !step.stack.iter().any(|f| f
            .path
            .as_deref()
            .is_some_and(|p| p.ends_with("_ghosttax_recorder.py"))),
        "{:#?}",
        step.stack
    );
    let factory = site("torch.empty", "factory");
    assert_eq!((factory.calls, factory.driver_calls), (3, Some(3)));
    let child = site("torch.Tensor.pin_memory", "child");
    assert_eq!(
        (child.recorded_by.as_str(), child.driver_calls),
        ("both", Some(1))
    );
    // The pin thread's blocks and the loop's: each under its own `for` line.
    for marker in ["loader", "workers", "thread"] {
        assert_eq!(site("torch.Tensor.pin_memory", marker).recorded_by, "both");
    }
    // Entry points that reach no native call here stay Python-level only.
    assert_eq!(site("cupyx.empty_pinned", "cupyx").recorded_by, "python");
    assert!(
        t.sites.iter().all(|s| s.recorded_by != "interposer"),
        "{:#?}",
        t.sites
    );
}

/// A process that loads a CUDA runtime and pins nothing is not "nothing loaded".
#[test]
fn a_runtime_loaded_without_pins_is_recorded() {
    let Some(b) = built() else { return };
    let dir = tempfile::tempdir().expect("tempdir");
    let lib = dir.path().join("libcudart.so.99");
    std::os::unix::fs::symlink(&b.runtime, &lib).expect("symlink");
    let program = format!("import ctypes; ctypes.CDLL({:?})", s(&lib));
    let (o, t, _d) = trace(&["python3", "-c", &program], &[]);
    if o.status.code() != Some(0) {
        eprintln!("skipped: python3 did not run: {}", stderr(&o));
        return;
    }
    let t = t.expect("a trace");
    assert_eq!(t.libraries, ["libcudart.so.99"]);
    assert!(
        !stderr(&o).contains(ghosttax::trace::NOTHING_LOADED),
        "{}",
        stderr(&o)
    );
}
