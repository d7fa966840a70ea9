//! Fuzzing on stable Rust: grammar-shaped and mutated inputs through every front end, the
//! configuration reader and the trace reader, with outcome feedback (docs/src/fuzzing.md).
//!
//! - `corpus_and_regressions_replay` (every `cargo test`): each input kept in
//!   `fuzz/corpus/<target>/` and `fuzz/regressions/<target>/` runs clean.
//! - `campaign` (ignored): `GHOSTTAX_FUZZ_SECS` seconds (default 60) of generated and
//!   mutated inputs, round-robin over `GHOSTTAX_FUZZ_TARGETS` (default all). An input that
//!   reaches something new (a finding kind, a model shape, a note, an error) joins the
//!   corpus that later inputs are mutated from. A panic, a file over the time limit or an
//!   input whose memory is out of proportion fails the campaign; the input (a panic's
//!   minimised) is written to `target/fuzz-found/<target>/`. `GHOSTTAX_FUZZ_SAVE=DIR` writes
//!   small inputs that together reach what the campaign reached to `DIR/<target>/`;
//!   `GHOSTTAX_FUZZ_REPORT=FILE` the figures as JSON; `GHOSTTAX_FUZZ_SEED` picks the random
//!   sequence; `GHOSTTAX_FUZZ_MERGE=DIR:DIR` starts from the inputs an earlier campaign
//!   saved; `GHOSTTAX_FUZZ_BACKTRACE` prints each panic's backtrace; `GHOSTTAX_FUZZ_LAST=FILE`
//!   writes each input to FILE before it runs (an abort, such as a stack overflow, leaves it).
//! - `one_input` (ignored): `GHOSTTAX_FUZZ_INPUT` through `GHOSTTAX_FUZZ_TARGET`, with its
//!   time, memory and what it reached.

mod generate;
mod targets;

use std::alloc::{GlobalAlloc, Layout, System};
use std::collections::{BTreeMap, HashSet};
use std::panic::AssertUnwindSafe;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::{Mutex, Once};
use std::time::{Duration, Instant};

use generate::Gen;
use targets::{Input, Reached, Target, Worker, cpu_time};

// ---------------------------------------------------------------------------------------
// Memory: every allocation counted, the peak reset before each input.

struct Counting;

static CURRENT: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is forwarded to the system allocator unchanged; the counters only
// observe sizes.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract is the system allocator's.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let now = CURRENT.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(now, Ordering::Relaxed);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as above.
        unsafe { System.dealloc(ptr, layout) };
        CURRENT.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as above.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            if new_size >= layout.size() {
                let grow = new_size - layout.size();
                let now = CURRENT.fetch_add(grow, Ordering::Relaxed) + grow;
                PEAK.fetch_max(now, Ordering::Relaxed);
            } else {
                CURRENT.fetch_sub(layout.size() - new_size, Ordering::Relaxed);
            }
        }
        p
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// tree-sitter's allocations (its trees and parse stacks, most of a parse's memory) through
/// the counting allocator: each block carries its size in a 16-byte header.
mod tree_sitter_memory {
    use std::alloc::{Layout, alloc, alloc_zeroed, dealloc, realloc};
    use std::ffi::c_void;

    const HEADER: usize = 16;

    fn layout(size: usize) -> Option<Layout> {
        Layout::from_size_align(size.checked_add(HEADER)?, HEADER).ok()
    }

    /// SAFETY (every function): called by tree-sitter as malloc, calloc, realloc and free,
    /// on blocks these functions made.
    unsafe fn finish(p: *mut u8, size: usize) -> *mut c_void {
        if p.is_null() {
            return std::ptr::null_mut();
        }
        // SAFETY: `p` holds at least HEADER bytes, aligned for a usize.
        unsafe {
            p.cast::<usize>().write(size);
            p.add(HEADER).cast()
        }
    }

    unsafe fn block(ptr: *mut c_void) -> (*mut u8, usize) {
        // SAFETY: `ptr` came from `finish`: its header lies HEADER bytes before it.
        unsafe {
            let p = ptr.cast::<u8>().sub(HEADER);
            (p, p.cast::<usize>().read())
        }
    }

    unsafe extern "C" fn ts_malloc(size: usize) -> *mut c_void {
        let Some(l) = layout(size) else {
            return std::ptr::null_mut();
        };
        // SAFETY: a non-zero layout.
        unsafe { finish(alloc(l), size) }
    }

    unsafe extern "C" fn ts_calloc(n: usize, size: usize) -> *mut c_void {
        let Some(total) = n.checked_mul(size) else {
            return std::ptr::null_mut();
        };
        let Some(l) = layout(total) else {
            return std::ptr::null_mut();
        };
        // SAFETY: a non-zero layout.
        unsafe { finish(alloc_zeroed(l), total) }
    }

    unsafe extern "C" fn ts_realloc(ptr: *mut c_void, size: usize) -> *mut c_void {
        if ptr.is_null() {
            // SAFETY: as malloc.
            return unsafe { ts_malloc(size) };
        }
        // SAFETY: `ptr` is one of ours.
        let (p, old) = unsafe { block(ptr) };
        let (Some(from), Some(_)) = (layout(old), layout(size)) else {
            return std::ptr::null_mut();
        };
        // SAFETY: `p` was allocated with `from`; the new size is valid for its alignment.
        unsafe { finish(realloc(p, from, size + HEADER), size) }
    }

    unsafe extern "C" fn ts_free(ptr: *mut c_void) {
        if ptr.is_null() {
            return;
        }
        // SAFETY: `ptr` is one of ours, allocated with its header's size.
        unsafe {
            let (p, size) = block(ptr);
            if let Some(l) = layout(size) {
                dealloc(p, l);
            }
        }
    }

    /// Before any tree-sitter call of this process (every test calls it first).
    pub fn install() {
        static ONCE: std::sync::Once = std::sync::Once::new();
        ONCE.call_once(|| {
            // SAFETY: nothing in this process has called tree-sitter yet: every test
            // installs this first, and `Once` holds the others until it is done.
            unsafe {
                tree_sitter::set_allocator(Some(tree_sitter::Allocator {
                    malloc: ts_malloc,
                    calloc: ts_calloc,
                    realloc: ts_realloc,
                    free: ts_free,
                }));
            }
        });
    }
}

/// Peak resident memory of the process (`VmHWM`), in KiB.
fn peak_rss_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|v| v.parse().ok())
        })
        .unwrap_or(0)
}

// ---------------------------------------------------------------------------------------
// Limits

/// The most one file may take (CPU): 1 s in a release build; `GHOSTTAX_FUZZ_LIMIT_MS`
/// overrides (a debug build, whose tree-sitter is unoptimised, gets 10 s).
fn file_limit() -> Duration {
    let default = if cfg!(debug_assertions) {
        10_000
    } else {
        1_000
    };
    Duration::from_millis(env_u64("GHOSTTAX_FUZZ_LIMIT_MS").unwrap_or(default))
}

/// Memory an input may take beyond what was live before it: 256 MiB plus 2,000 bytes per
/// byte of input (models, trees and reports grow with the text, never faster).
fn memory_limit(input_bytes: usize) -> usize {
    (256 << 20) + 2_000 * input_bytes
}

fn env_u64(name: &str) -> Option<u64> {
    std::env::var(name).ok().and_then(|v| v.trim().parse().ok())
}

// ---------------------------------------------------------------------------------------
// The worker: one thread with a large stack (as the engine's pool has) runs the inputs;
// the campaign's thread waits with a deadline, so a hang is reported, not waited for.

struct Job {
    target: Target,
    input: Input,
    whole: bool,
}

struct Done {
    result: Result<Reached, String>,
    memory: usize,
    cpu: Duration,
    wall: Duration,
}

/// What the last panic said and where (the panic hook writes it; quiet while set).
static LAST_PANIC: Mutex<Option<String>> = Mutex::new(None);
static HOOK: Once = Once::new();

fn install_hook() {
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let on_worker = std::thread::current().name() == Some("fuzz-worker");
            if on_worker {
                let location = info
                    .location()
                    .map(|l| format!("{}:{}", l.file(), l.line()))
                    .unwrap_or_default();
                let message = info
                    .payload()
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| info.payload().downcast_ref::<String>().cloned())
                    .unwrap_or_default();
                if std::env::var_os("GHOSTTAX_FUZZ_BACKTRACE").is_some() {
                    eprintln!(
                        "{location}: {message}\n{}",
                        std::backtrace::Backtrace::force_capture()
                    );
                }
                *LAST_PANIC.lock().unwrap_or_else(|e| e.into_inner()) =
                    Some(format!("{location}: {message}"));
            } else {
                previous(info);
            }
        }));
    });
}

struct Runner {
    jobs: mpsc::Sender<Job>,
    done: mpsc::Receiver<Done>,
}

impl Runner {
    fn new(binary: Option<PathBuf>) -> Runner {
        tree_sitter_memory::install();
        install_hook();
        let (jobs, job_rx) = mpsc::channel::<Job>();
        let (done_tx, done) = mpsc::channel::<Done>();
        std::thread::Builder::new()
            .name("fuzz-worker".into())
            .stack_size(256 << 20)
            .spawn(move || {
                let mut worker = Worker::new(binary.clone());
                for job in job_rx {
                    let base = CURRENT.load(Ordering::Relaxed);
                    PEAK.store(base, Ordering::Relaxed);
                    let cpu = cpu_time();
                    let wall = Instant::now();
                    let result = std::panic::catch_unwind(AssertUnwindSafe(|| {
                        worker.run(job.target, &job.input, job.whole)
                    }));
                    let wall = wall.elapsed();
                    let cpu = cpu_time().saturating_sub(cpu);
                    let memory = PEAK.load(Ordering::Relaxed).saturating_sub(base);
                    let result = result.map_err(|_| {
                        // A parser left mid-parse is not reused.
                        worker = Worker::new(binary.clone());
                        LAST_PANIC
                            .lock()
                            .unwrap_or_else(|e| e.into_inner())
                            .take()
                            .unwrap_or_else(|| "panic".into())
                    });
                    let _ = done_tx.send(Done {
                        result,
                        memory,
                        cpu,
                        wall,
                    });
                }
            })
            .expect("spawn the fuzz worker");
        Runner { jobs, done }
    }

    /// Run one input; `None` when it has not finished within `hard` (a hang: the worker is
    /// lost, the caller stops).
    fn run(&self, target: Target, input: &Input, whole: bool, hard: Duration) -> Option<Done> {
        // A stack overflow aborts the process before anything can be saved: with
        // `GHOSTTAX_FUZZ_LAST=FILE` each input is written first, so the culprit is left.
        if let Some(path) = std::env::var_os("GHOSTTAX_FUZZ_LAST") {
            let _ = std::fs::write(path, targets::encode(target, input));
        }
        self.jobs
            .send(Job {
                target,
                input: input.clone(),
                whole,
            })
            .ok()?;
        self.done.recv_timeout(hard).ok()
    }
}

// ---------------------------------------------------------------------------------------
// Inputs kept in the repository

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn binary() -> Option<PathBuf> {
    Some(PathBuf::from(env!("CARGO_BIN_EXE_ghosttax")))
}

fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            files_under(&p, out);
        } else {
            out.push(p);
        }
    }
}

/// The stored inputs of a target: `fuzz/corpus/<target>/` and `fuzz/regressions/<target>/`.
fn stored(target: Target) -> Vec<(PathBuf, Vec<u8>)> {
    let mut paths = Vec::new();
    for kind in ["corpus", "regressions"] {
        files_under(
            &repo().join("fuzz").join(kind).join(target.name()),
            &mut paths,
        );
    }
    paths
        .into_iter()
        .filter_map(|p| std::fs::read(&p).ok().map(|b| (p, b)))
        .collect()
}

/// Seeds from the repository: fixtures of the target's languages, the manual's TOML
/// examples, the project's own configuration, the trace tests' files.
fn seeds(target: Target) -> Vec<Vec<u8>> {
    let mut paths = Vec::new();
    files_under(&repo().join("fixtures"), &mut paths);
    let ext = |p: &Path| {
        p.extension()
            .and_then(|e| e.to_str())
            .unwrap_or("")
            .to_string()
    };
    let wanted: &[&str] = match target {
        Target::Python => &["py", "pyi"],
        Target::CFamily => &["c", "cc", "cpp", "cu", "h", "hpp", "hip", "cuh"],
        Target::Rust => &["rs"],
        Target::Config | Target::Trace => &[],
    };
    let mut out: Vec<Vec<u8>> = paths
        .iter()
        .filter(|p| wanted.contains(&ext(p).as_str()))
        .filter_map(|p| {
            let bytes = std::fs::read(p).ok()?;
            // The fixture's own name keeps its language (and test/vendored context).
            let name = p.file_name()?.to_string_lossy().into_owned();
            let input = vec![(name, bytes)];
            Some(targets::encode(target, &input))
        })
        .collect();
    match target {
        Target::Config => {
            let mut docs = Vec::new();
            files_under(&repo().join("docs/src"), &mut docs);
            docs.push(repo().join("README.md"));
            for p in docs.iter().filter(|p| ext(p) == "md") {
                let Ok(text) = std::fs::read_to_string(p) else {
                    continue;
                };
                for block in text.split("```toml\n").skip(1) {
                    if let Some((toml, _)) = block.split_once("```") {
                        out.push(toml.as_bytes().to_vec());
                    }
                }
            }
            if let Ok(py) = std::fs::read(repo().join("pyproject.toml")) {
                out.push(targets::encode(
                    target,
                    &vec![("pyproject.toml".to_string(), py)],
                ));
            }
        }
        Target::Trace => {
            files_under(&repo().join("tests/trace"), &mut paths);
            for p in paths.iter().filter(|p| ext(p) == "json") {
                if let Ok(b) = std::fs::read(p) {
                    out.push(b);
                }
            }
        }
        _ => {}
    }
    out
}

// ---------------------------------------------------------------------------------------
// The campaign

/// What went wrong with one input.
#[derive(Debug)]
struct Failure {
    target: Target,
    kind: &'static str,
    what: String,
    saved: PathBuf,
    /// How often it happened again.
    again: u64,
}

#[derive(Default)]
struct Figures {
    execs: u64,
    generated: u64,
    mutated: u64,
    kept: usize,
    features: HashSet<String>,
    /// The slowest stage per file (CPU).
    max_file_cpu: Duration,
    /// All stages per file (wall).
    max_file_wall: Duration,
    max_memory: usize,
    /// The largest memory-to-input ratio among inputs over 4 KiB.
    max_ratio: f64,
    bytes: u64,
}

struct Pool {
    target: Target,
    /// Inputs kept (encoded), each with what it reached first.
    corpus: Vec<(Vec<u8>, Vec<String>)>,
    seeds: Vec<Vec<u8>>,
    figures: Figures,
}

const MAX_INPUT: usize = 1 << 20;

fn found_dir(target: Target) -> PathBuf {
    repo().join("target/fuzz-found").join(target.name())
}

/// Shrink a failing input while it fails the same way: whole files dropped, then runs of
/// lines, then runs of bytes, for at most `budget`.
fn minimise(
    runner: &Runner,
    target: Target,
    input: &Input,
    whole: bool,
    fails: &dyn Fn(&Done) -> bool,
    budget: Duration,
) -> Input {
    let started = Instant::now();
    let hard = file_limit() * 20;
    let mut best = input.clone();
    let still = |candidate: &Input| -> bool {
        runner
            .run(target, candidate, whole, hard)
            .is_some_and(|d| fails(&d))
    };
    // Files.
    let mut i = 0;
    while best.len() > 1 && i < best.len() {
        let mut c = best.clone();
        c.remove(i);
        if still(&c) { best = c } else { i += 1 }
    }
    for unit_lines in [true, false] {
        for f in 0..best.len() {
            let mut chunk = best[f].1.len().max(1);
            while chunk >= 1 && started.elapsed() < budget {
                let bytes = best[f].1.clone();
                let units: Vec<&[u8]> = if unit_lines {
                    bytes.split_inclusive(|&b| b == b'\n').collect()
                } else {
                    bytes.chunks(1).collect()
                };
                let size = chunk.min(units.len()).max(1);
                let mut at = 0;
                let mut removed_any = false;
                let mut current = units.iter().map(|u| u.to_vec()).collect::<Vec<_>>();
                while at < current.len() && started.elapsed() < budget {
                    let end = (at + size).min(current.len());
                    let mut c = best.clone();
                    c[f].1 = current[..at]
                        .iter()
                        .chain(&current[end..])
                        .flatten()
                        .copied()
                        .collect();
                    if still(&c) {
                        best = c;
                        current.drain(at..end);
                        removed_any = true;
                    } else {
                        at = end;
                    }
                }
                if size == 1 && !removed_any {
                    break;
                }
                if !removed_any || size > 1 {
                    chunk = size / 2;
                }
                if chunk == 0 {
                    break;
                }
            }
        }
    }
    best
}

fn save_failure(target: Target, kind: &str, input: &Input) -> PathBuf {
    let dir = found_dir(target);
    let _ = std::fs::create_dir_all(&dir);
    let bytes = targets::encode(target, input);
    let path = dir.join(format!("{kind}-{:016x}", targets::fnv(&bytes)));
    let _ = std::fs::write(&path, bytes);
    path
}

/// Run one input and judge it; kept inputs reach something new.
fn judge(
    runner: &Runner,
    pool: &mut Pool,
    input: Input,
    whole: bool,
    failures: &mut Vec<Failure>,
) -> bool {
    let target = pool.target;
    let limit = file_limit();
    let hard = (limit * 30).max(Duration::from_secs(30));
    let bytes: usize = input.iter().map(|(_, b)| b.len()).sum();
    let files = input.len().max(1) as u32;
    let Some(done) = runner.run(target, &input, whole, hard) else {
        // The worker is lost: the campaign stops here, its figures and corpus written.
        let saved = save_failure(target, "hang", &input);
        eprintln!(
            "fuzz {}: HANG past {hard:?}: {}",
            target.name(),
            saved.display()
        );
        failures.push(Failure {
            target,
            kind: "hang",
            what: format!("ran past {hard:?}"),
            saved,
            again: 0,
        });
        return false;
    };
    let f = &mut pool.figures;
    f.execs += 1;
    f.bytes += bytes as u64;
    f.max_memory = f.max_memory.max(done.memory);
    if bytes > 4096 {
        f.max_ratio = f.max_ratio.max(done.memory as f64 / bytes as f64);
    }
    f.max_file_wall = f.max_file_wall.max(done.wall / files);
    let reached = match done.result {
        Err(message) => {
            let key = message.split(": ").next().unwrap_or("").to_string();
            eprintln!("fuzz {}: PANIC {message}", target.name());
            // The same panic again: counted, not minimised again.
            if let Some(known) = failures
                .iter_mut()
                .find(|f| f.kind == "panic" && f.what.split(": ").next() == Some(key.as_str()))
            {
                known.again += 1;
                return false;
            }
            let same = |d: &Done| matches!(&d.result, Err(m) if m.split(": ").next() == Some(key.as_str()));
            let small = minimise(
                runner,
                target,
                &input,
                whole,
                &same,
                Duration::from_secs(120),
            );
            let saved = save_failure(target, "crash", &small);
            eprintln!("fuzz {}: minimised to {}", target.name(), saved.display());
            failures.push(Failure {
                target,
                kind: "panic",
                what: message,
                saved,
                again: 0,
            });
            return false;
        }
        Ok(r) => r,
    };
    pool.figures.max_file_cpu = pool.figures.max_file_cpu.max(reached.slowest_per_file());
    // Slow: one stage (a front end, a lazy parse, the engine) over the limit per file, in
    // CPU time (a loaded machine stretches wall time, not CPU time); confirmed by a rerun.
    if reached.slowest_per_file() > limit {
        let again = runner.run(target, &input, whole, hard);
        let confirmed = again.is_some_and(|d| d.result.is_ok_and(|r| r.slowest_per_file() > limit));
        if confirmed {
            let saved = save_failure(target, "slow", &input);
            failures.push(Failure {
                target,
                kind: "slow",
                what: format!("{:?}", reached.slowest),
                saved,
                again: 0,
            });
            return false;
        }
    }
    if done.memory > memory_limit(bytes) {
        let saved = save_failure(target, "memory", &input);
        failures.push(Failure {
            target,
            kind: "memory",
            what: format!("{} MiB for {bytes} bytes", done.memory >> 20),
            saved,
            again: 0,
        });
        return false;
    }
    if reached
        .features
        .iter()
        .all(|x| pool.figures.features.contains(x))
    {
        return false;
    }
    let all: Vec<String> = reached.features.into_iter().collect();
    pool.figures.features.extend(all.iter().cloned());
    pool.corpus.push((targets::encode(target, &input), all));
    pool.figures.kept += 1;
    true
}

/// Has an input hung the worker (so that nothing more can run)?
fn hung(failures: &[Failure]) -> bool {
    failures.iter().any(|f| f.kind == "hang")
}

/// A new input for `pool`: generated, or a stored, kept or seed input mutated.
fn next_input(g: &mut Gen, pool: &mut Pool) -> Input {
    let target = pool.target;
    let choice = g.below(10);
    if choice < 3 || (pool.corpus.is_empty() && pool.seeds.is_empty()) {
        pool.figures.generated += 1;
        return target.generate(g);
    }
    pool.figures.mutated += 1;
    let from_seeds = (choice < 5 || pool.corpus.is_empty()) && !pool.seeds.is_empty();
    let base = if from_seeds {
        g.pick(&pool.seeds).clone()
    } else {
        g.pick(&pool.corpus).0.clone()
    };
    let other = if !pool.corpus.is_empty() && g.chance(0.5) {
        g.pick(&pool.corpus).0.clone()
    } else if !pool.seeds.is_empty() {
        g.pick(&pool.seeds).clone()
    } else {
        Vec::new()
    };
    let mut input = targets::decode(target, &base);
    // Mutate one file of the input (the marker lines stay intact, so names survive).
    let i = g.below(input.len());
    generate::mutate(g, &mut input[i].1, &other, MAX_INPUT);
    if g.chance(0.1) {
        // A second language file from the grammar beside it: cross-file call chains.
        if matches!(target, Target::Python | Target::CFamily | Target::Rust) && input.len() < 4 {
            let extra = target.generate(g);
            let (_, text) = extra.into_iter().next().unwrap_or_default();
            let name = g.word(&target.file_names()[1..]).to_string();
            if !input.iter().any(|(n, _)| *n == name) {
                input.push((name, text));
            }
        }
    }
    input
}

/// The most bytes of one kept input, and of all kept inputs of a target, that `cover`
/// writes: the repository's corpus stays small.
const COVER_INPUT: usize = 8 << 10;
const COVER_TARGET: usize = 48 << 10;

/// Small inputs that together reach most of what the pool reached: greedy, the input that
/// adds the most features per byte first, within `COVER_INPUT` and `COVER_TARGET`.
fn cover(pool: &Pool) -> Vec<Vec<u8>> {
    let mut left: Vec<&(Vec<u8>, Vec<String>)> = pool
        .corpus
        .iter()
        .filter(|(b, _)| b.len() <= COVER_INPUT)
        .collect();
    let mut seen: HashSet<&str> = HashSet::new();
    let mut out = Vec::new();
    let mut total = 0;
    loop {
        let gain = |(b, f): &(Vec<u8>, Vec<String>)| {
            let new = f.iter().filter(|x| !seen.contains(x.as_str())).count();
            new as f64 / (b.len() + 64) as f64
        };
        let best = left
            .iter()
            .enumerate()
            .filter(|(_, e)| total + e.0.len() <= COVER_TARGET)
            .map(|(i, e)| (i, gain(e)))
            .filter(|&(_, g)| g > 0.0)
            .max_by(|a, b| a.1.total_cmp(&b.1));
        let Some((i, _)) = best else { break };
        let (bytes, features) = left.swap_remove(i);
        seen.extend(features.iter().map(String::as_str));
        total += bytes.len();
        out.push(bytes.clone());
    }
    out
}

fn category(feature: &str) -> &str {
    let first = feature.split(' ').next().unwrap_or("");
    match first {
        "finding" | "note" | "file" | "outcome" => first,
        "shape" | "event" | "loop" | "exit" | "escape" | "disposal" | "function" => "model",
        _ => "other",
    }
}

#[test]
#[ignore = "a fuzz campaign: GHOSTTAX_FUZZ_SECS seconds (60 by default); .ci/run runs it"]
fn campaign() {
    let secs = env_u64("GHOSTTAX_FUZZ_SECS").unwrap_or(60);
    let seed = env_u64("GHOSTTAX_FUZZ_SEED").unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs())
    });
    let chosen: Vec<Target> = match std::env::var("GHOSTTAX_FUZZ_TARGETS") {
        Ok(list) if !list.trim().is_empty() => list
            .split(',')
            .map(|n| Target::from_name(n.trim()).unwrap_or_else(|| panic!("no fuzz target {n}")))
            .collect(),
        _ => targets::ALL.to_vec(),
    };
    eprintln!(
        "fuzz: {secs} s over {}, seed {seed}, {:?} per file",
        chosen
            .iter()
            .map(|t| t.name())
            .collect::<Vec<_>>()
            .join(","),
        file_limit()
    );
    let runner = Runner::new(binary());
    let apis = Worker::new(None).api_names();
    let mut g = Gen::new(seed, apis);
    let mut pools: Vec<Pool> = chosen
        .iter()
        .map(|&target| Pool {
            target,
            corpus: Vec::new(),
            seeds: seeds(target),
            figures: Figures::default(),
        })
        .collect();
    let mut failures = Vec::new();
    let started = Instant::now();
    // The stored corpus first, and the inputs of earlier campaigns to merge: what they
    // reach is the baseline.
    let merge = std::env::var("GHOSTTAX_FUZZ_MERGE").unwrap_or_default();
    for pool in &mut pools {
        let mut inputs: Vec<Vec<u8>> = stored(pool.target).into_iter().map(|(_, b)| b).collect();
        for dir in merge.split(':').filter(|d| !d.is_empty()) {
            let mut paths = Vec::new();
            files_under(&Path::new(dir).join(pool.target.name()), &mut paths);
            inputs.extend(paths.iter().filter_map(|p| std::fs::read(p).ok()));
        }
        for bytes in inputs {
            if hung(&failures) {
                break;
            }
            let input = targets::decode(pool.target, &bytes);
            judge(&runner, pool, input, false, &mut failures);
        }
    }
    let replayed = started.elapsed();
    eprintln!(
        "fuzz: {} stored and merged inputs replayed in {:.1} s",
        pools.iter().map(|p| p.figures.execs).sum::<u64>(),
        replayed.as_secs_f64()
    );
    // The fuzzing time starts after the replay.
    let started = Instant::now();
    let deadline = started + Duration::from_secs(secs);
    let mut turn = 0usize;
    let mut last_status = Instant::now();
    while Instant::now() < deadline && !hung(&failures) {
        let pool = &mut pools[turn % chosen.len()];
        turn += 1;
        let input = next_input(&mut g, pool);
        let whole = g.chance(0.2);
        judge(&runner, pool, input, whole, &mut failures);
        if last_status.elapsed() > Duration::from_secs(60) {
            last_status = Instant::now();
            let line: Vec<String> = pools
                .iter()
                .map(|p| {
                    format!(
                        "{} {}/{}",
                        p.target.name(),
                        p.figures.execs,
                        p.figures.features.len()
                    )
                })
                .collect();
            eprintln!(
                "fuzz: {:>5} s  execs/features: {}  failures: {}",
                started.elapsed().as_secs(),
                line.join("  "),
                failures.len()
            );
        }
    }
    let elapsed = started.elapsed();

    // Figures.
    let mut report = BTreeMap::new();
    eprintln!(
        "\nfuzz: {:.1} min, seed {seed}, peak RSS {} MiB",
        elapsed.as_secs_f64() / 60.0,
        peak_rss_kib() >> 10
    );
    eprintln!(
        "{:<8} {:>8} {:>9} {:>7} {:>6} {:>6} {:>6} {:>6} {:>9} {:>9} {:>8} {:>9}",
        "target",
        "execs",
        "generated",
        "mutated",
        "kept",
        "feat",
        "model",
        "finds",
        "stage/file",
        "all/file",
        "max MiB",
        "max B/B"
    );
    for p in &pools {
        let f = &p.figures;
        let count = |c: &str| f.features.iter().filter(|x| category(x) == c).count();
        let findings = f
            .features
            .iter()
            .filter(|x| x.starts_with("finding ") && !x.contains(" labels "))
            .count();
        eprintln!(
            "{:<8} {:>8} {:>9} {:>7} {:>6} {:>6} {:>6} {:>6} {:>7}ms {:>7}ms {:>8} {:>9.0}",
            p.target.name(),
            f.execs,
            f.generated,
            f.mutated,
            f.kept,
            f.features.len(),
            count("model"),
            findings,
            f.max_file_cpu.as_millis(),
            f.max_file_wall.as_millis(),
            f.max_memory >> 20,
            f.max_ratio
        );
        let rules: BTreeMap<&str, usize> = f
            .features
            .iter()
            .filter_map(|x| x.strip_prefix("finding ").and_then(|r| r.split(' ').next()))
            .fold(BTreeMap::new(), |mut m, r| {
                *m.entry(r).or_insert(0) += 1;
                m
            });
        report.insert(
            p.target.name().to_string(),
            serde_json::json!({
                "execs": f.execs,
                "generated": f.generated,
                "mutated": f.mutated,
                "bytes": f.bytes,
                "kept": f.kept,
                "features": f.features.len(),
                "model_features": count("model"),
                "model_shapes": f.features.iter().filter(|x| x.starts_with("shape ")).count(),
                "finding_kinds": findings,
                "rules_reached": rules,
                "note_kinds": count("note") + count("outcome"),
                "max_file_cpu_ms": f.max_file_cpu.as_millis() as u64,
                "max_file_wall_ms": f.max_file_wall.as_millis() as u64,
                "max_memory_bytes": f.max_memory,
                "max_memory_per_input_byte": f.max_ratio,
            }),
        );
    }
    if let Ok(path) = std::env::var("GHOSTTAX_FUZZ_REPORT") {
        let doc = serde_json::json!({
            "seconds": elapsed.as_secs_f64(),
            "replay_seconds": replayed.as_secs_f64(),
            "seed": seed,
            "limit_ms_per_file": file_limit().as_millis() as u64,
            "peak_rss_kib": peak_rss_kib(),
            "failures": failures.iter().map(|f| format!("{} {} {} {}", f.target.name(), f.kind, f.what, f.saved.display())).collect::<Vec<_>>(),
            "targets": report,
        });
        std::fs::write(&path, serde_json::to_string_pretty(&doc).expect("json"))
            .expect("write the report");
    }
    if let Ok(dir) = std::env::var("GHOSTTAX_FUZZ_SAVE") {
        for p in &pools {
            let out = Path::new(&dir).join(p.target.name());
            std::fs::create_dir_all(&out).expect("save folder");
            for bytes in cover(p) {
                std::fs::write(out.join(format!("{:016x}", targets::fnv(&bytes))), &bytes)
                    .expect("save");
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures: {failures:#?}",
        failures.len()
    );
}

/// Every stored input runs clean, each stage within the limit per file (with the binary
/// where the config target asks for it).
#[test]
fn corpus_and_regressions_replay() {
    let runner = Runner::new(binary());
    let hard = file_limit() * 30;
    let mut failed = Vec::new();
    let mut count = 0;
    for target in targets::ALL {
        for (path, bytes) in stored(target) {
            count += 1;
            let input = targets::decode(target, &bytes);
            let bytes: usize = input.iter().map(|(_, b)| b.len()).sum();
            match runner.run(target, &input, false, hard) {
                Some(Done { result: Ok(r), .. }) if r.slowest_per_file() > file_limit() => {
                    failed.push(format!("{}: slow: {:?}", path.display(), r.slowest));
                }
                Some(Done { memory, .. }) if memory > memory_limit(bytes) => {
                    failed.push(format!("{}: {} MiB", path.display(), memory >> 20));
                }
                Some(Done { result: Ok(_), .. }) => {}
                Some(Done { result: Err(m), .. }) => {
                    failed.push(format!("{}: {m}", path.display()))
                }
                None => panic!("{}: ran past {hard:?}", path.display()),
            }
        }
    }
    assert!(failed.is_empty(), "{failed:#?}");
    assert!(count > 0, "no stored fuzz inputs");
}

/// Stored inputs survive a round trip through the file format, whatever their names.
#[test]
fn inputs_round_trip() {
    for target in targets::ALL {
        let input: Input = target
            .file_names()
            .iter()
            .take(3)
            .map(|n| {
                (
                    n.to_string(),
                    format!("x = 1\n@@fuzz-file\n{n}").into_bytes(),
                )
            })
            .collect();
        assert_eq!(
            targets::decode(target, &targets::encode(target, &input)),
            input
        );
    }
}

/// One stored input, its time and what it reached: `GHOSTTAX_FUZZ_INPUT=FILE
/// GHOSTTAX_FUZZ_TARGET=NAME cargo test --release --test fuzz -- --ignored one_input`.
#[test]
#[ignore = "replays GHOSTTAX_FUZZ_INPUT through GHOSTTAX_FUZZ_TARGET"]
fn one_input() {
    let (Ok(path), Ok(name)) = (
        std::env::var("GHOSTTAX_FUZZ_INPUT"),
        std::env::var("GHOSTTAX_FUZZ_TARGET"),
    ) else {
        panic!("set GHOSTTAX_FUZZ_INPUT and GHOSTTAX_FUZZ_TARGET");
    };
    let target = Target::from_name(&name).unwrap_or_else(|| panic!("no fuzz target {name}"));
    let input = targets::decode(target, &std::fs::read(&path).expect("read the input"));
    let runner = Runner::new(binary());
    let done = runner
        .run(target, &input, false, Duration::from_secs(600))
        .expect("finished");
    eprintln!(
        "cpu {:?}, wall {:?}, memory {} KiB",
        done.cpu,
        done.wall,
        done.memory >> 10
    );
    match done.result {
        Ok(r) => {
            eprintln!("slowest: {:?}", r.slowest);
            let mut features: Vec<_> = r.features.into_iter().collect();
            features.sort();
            for f in features {
                eprintln!("  {f}");
            }
        }
        Err(m) => panic!("{m}"),
    }
}

/// Found by fuzzing (cfamily): a 36 KB line of `]), kPage * 851615` inside a call drove
/// tree-sitter's error recovery quadratic (2 s for 36 KB, 9 s for 72 KB, half an hour for
/// 1 MB). The parse is cancelled past its budget: an error for that file, the rest checked.
#[test]
fn malformed_code_that_drives_error_recovery_quadratic_is_cancelled() {
    tree_sitter_memory::install();
    let line = "]), kPage * 851615".repeat(2_000);
    let text =
        format!("void f() {{\n    cudaMallocHost(reinterpret_cast<void**>(&pages[1{line}\n}}\n");
    let catalog = ghosttax::catalog::Catalog::builtin();
    let mut parsers = ghosttax::frontend::Parsers::new();
    let built = parsers.build(ghosttax::model::Language::Cpp, &text, &catalog);
    assert!(
        built
            .as_ref()
            .is_err_and(|e| e.starts_with("too costly to parse")),
        "{:?}",
        built.map(|m| m.events.len())
    );
    // The parser is reset: the next file parses from its start.
    let next = parsers
        .build(
            ghosttax::model::Language::Cpp,
            "void g() { for (;;) { cudaMallocHost(&p, 4); } }\n",
            &catalog,
        )
        .expect("parsed");
    assert_eq!(next.events.len(), 1);
}

/// Found by fuzzing (python): a module-level sum of 167,000 terms (`z = 1 + 1 + ..`)
/// overflowed the 256 MiB stack of a debug build, one frame per operator in the search
/// for the classes a list expression makes. Every recursion over expressions is bounded:
/// here 40,000 terms on a 16 MiB stack.
#[test]
fn a_long_sum_does_not_overflow_the_stack() {
    tree_sitter_memory::install();
    let terms = vec!["[Stage()]"; 40_000].join(" + ");
    let text = format!("import torch\nstages = {terms}\nbuf = torch.empty(4, pin_memory=True)\n");
    let events = std::thread::Builder::new()
        .stack_size(16 << 20)
        .spawn(move || {
            let catalog = ghosttax::catalog::Catalog::builtin();
            let mut parsers = ghosttax::frontend::Parsers::new();
            parsers
                .build(ghosttax::model::Language::Python, &text, &catalog)
                .map(|m| m.events.len())
        })
        .expect("spawn")
        .join()
        .expect("no panic");
    assert_eq!(events, Ok(1));
}
