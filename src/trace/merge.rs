//! Fold the per-process records into one trace: symbolise each site's stack, pick the
//! frame a reader should look at, and merge sites that are the same place in different
//! processes (addresses differ between processes; file, line and module offset do not).

use std::collections::HashMap;

use super::raw::{RawProcess, RawSite};
use super::symbols::{Native, Symbolizer};
use crate::tracefile::{Frame, Process, Site, kind_of};

/// Native frames kept per site after the interposer's and the runtime's own.
const NATIVE_KEPT: usize = 8;

/// The interposer and the runtimes it wraps: their frames say nothing about the caller.
fn is_runtime(module: &str) -> bool {
    let name = module.rsplit('/').next().unwrap_or(module);
    [
        "libghosttax_trace",
        "libcudart",
        "libcuda.",
        "libamdhip64",
        "libhsa-runtime",
    ]
    .iter()
    .any(|p| name.starts_with(p))
}

/// A frame of a CUDA runtime linked into the caller's own module (nvcc's default
/// `-cudart static`, CuPy's extension modules): no source line, and a name of the
/// runtime's (`cudaHostAlloc`, `libcudart_static_<hash>` in CUDA 13, `cudart::…`,
/// `__cudart…`). The module is the caller's, so only the name tells it apart.
fn is_static_runtime(n: &Native) -> bool {
    if n.line.is_some() {
        return false;
    }
    let Some(function) = n.function.as_deref() else {
        return false;
    };
    let name = function.split('+').next().unwrap_or(function);
    name.starts_with("libcudart_static_")
        || name.starts_with("cudart::")
        || name.starts_with("__cudart")
        || name
            .strip_prefix("cuda")
            .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_uppercase()))
}

fn absolute(path: &str, cwd: &str) -> String {
    if path.starts_with('/') || path.starts_with('<') || cwd.is_empty() {
        path.to_string()
    } else {
        format!("{}/{}", cwd.trim_end_matches('/'), path)
    }
}

fn native_frame(n: &Native) -> Frame {
    Frame {
        kind: "native".into(),
        path: n.path.clone(),
        line: n.line,
        function: n.function.clone(),
        module: n.module.clone(),
        offset: n.offset.map(|o| format!("{o:#x}")),
    }
}

/// One frame of a site's identity: path, line, function, module or offset.
type Place = (Option<String>, Option<u32>, Option<String>, Option<String>);

/// A site's identity across processes.
#[derive(Clone, Hash, PartialEq, Eq)]
struct Key {
    api: String,
    frames: Vec<Place>,
}

fn site(p: &RawProcess, raw: &RawSite, sym: &mut Symbolizer) -> (Key, Site) {
    let natives: Vec<Native> = raw
        .native
        .iter()
        .map(|&a| sym.resolve(&p.maps, a))
        .skip_while(|n| n.module.as_deref().is_some_and(is_runtime) || is_static_runtime(n))
        .take(NATIVE_KEPT)
        .collect();
    let mut stack: Vec<Frame> = raw
        .python
        .iter()
        .map(|f| Frame {
            kind: "python".into(),
            path: Some(absolute(&f.path, &p.cwd)),
            line: (f.line > 0).then_some(f.line),
            function: (!f.function.is_empty()).then(|| f.function.clone()),
            module: None,
            offset: None,
        })
        .collect();
    let python = stack.len();
    stack.extend(natives.iter().map(native_frame));
    // The same Python statement reached through a different interpreter path (a
    // specialised call, the first call) is the same site: Python frames and the native
    // caller's function identify it. Native-only sites keep their whole stack.
    let key_frames = if python > 0 {
        &stack[..(python + 1).min(stack.len())]
    } else {
        &stack[..]
    };
    let key = Key {
        api: raw.api.clone(),
        frames: key_frames
            .iter()
            .map(|f| {
                if f.kind == "python" {
                    (f.path.clone(), f.line, f.function.clone(), None)
                } else if python > 0 {
                    (None, None, f.function.clone(), f.module.clone())
                } else {
                    (f.path.clone(), f.line, f.function.clone(), f.offset.clone())
                }
            })
            .collect(),
    };
    let top = stack.first();
    let path = top.and_then(|f| f.path.clone().or_else(|| f.module.clone()));
    let s = Site {
        api: raw.api.clone(),
        kind: kind_of(&raw.api).into(),
        path,
        line: top.and_then(|f| f.line),
        function: top.and_then(|f| f.function.clone()),
        stack,
        calls: raw.calls,
        failures: raw.failures,
        bytes_min: raw.bytes_min,
        bytes_max: raw.bytes_max,
        bytes_total: raw.bytes_total,
        peak_live_bytes: raw.peak,
        unreleased_bytes: raw.live,
        seconds: raw.nanos as f64 / 1e9,
        threads: raw.threads,
        pids: vec![p.pid],
    };
    (key, s)
}

fn add(into: &mut Site, s: Site) {
    let succeeded = |s: &Site| s.calls > s.failures;
    if succeeded(&s) {
        into.bytes_min = if succeeded(into) {
            into.bytes_min.min(s.bytes_min)
        } else {
            s.bytes_min
        };
        into.bytes_max = into.bytes_max.max(s.bytes_max);
    }
    if s.calls > into.calls {
        into.stack = s.stack;
    }
    into.calls += s.calls;
    into.failures += s.failures;
    into.bytes_total = into.bytes_total.saturating_add(s.bytes_total);
    into.peak_live_bytes = into.peak_live_bytes.saturating_add(s.peak_live_bytes);
    into.unreleased_bytes = into.unreleased_bytes.saturating_add(s.unreleased_bytes);
    into.seconds += s.seconds;
    into.threads += s.threads;
    for pid in s.pids {
        if !into.pids.contains(&pid) {
            into.pids.push(pid);
        }
    }
}

pub fn merge(mut raws: Vec<RawProcess>) -> (Vec<Process>, Vec<Site>) {
    raws.sort_by_key(|p| p.pid);
    let mut sym = Symbolizer::default();
    let mut order: Vec<Key> = Vec::new();
    let mut sites: HashMap<Key, Site> = HashMap::new();
    let mut processes = Vec::new();
    for p in &raws {
        for raw in &p.sites {
            let (key, s) = site(p, raw, &mut sym);
            match sites.get_mut(&key) {
                Some(into) => add(into, s),
                None => {
                    sites.insert(key.clone(), s);
                    order.push(key);
                }
            }
        }
        processes.push(Process {
            pid: p.pid,
            ppid: p.ppid,
            exe: p.exe.clone(),
            command: p.cmdline.clone(),
            end: p.end.clone(),
            signal: p.signal,
            python: p.python.map(|(a, b)| format!("{a}.{b}")),
            python_frames: p.python_frames,
            calls: p.calls,
            peak_live_bytes: p.peak_live,
            unreleased_bytes: p.live,
            dropped_sites: p.dropped_sites,
            dropped_pointers: p.dropped_pointers,
            unmatched_releases: p.unmatched,
        });
    }
    let mut list: Vec<Site> = order.iter().filter_map(|k| sites.remove(k)).collect();
    for s in &mut list {
        s.pids.sort_unstable();
    }
    list.sort_by(|a, b| {
        (b.peak_live_bytes, b.bytes_total, b.calls)
            .cmp(&(a.peak_live_bytes, a.bytes_total, a.calls))
            .then_with(|| (&a.path, a.line, &a.api).cmp(&(&b.path, b.line, &b.api)))
    });
    (processes, list)
}
