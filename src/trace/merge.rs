//! Fold the per-process records into one trace: symbolise each site's stack, pick the
//! frame a reader should look at, and merge sites that are the same place in different
//! processes (addresses differ between processes; file, line and module offset do not).

use std::collections::HashMap;

use super::python::{self, PyRecord};
use super::raw::{RawProcess, RawSite};
use super::symbols::{Native, Symbolizer};
use crate::tracefile::{Frame, Process, Site, kind_of};

/// Native frames kept per site after the interposer's and the runtime's own.
const NATIVE_KEPT: usize = 8;

/// Python frames that identify a site (innermost first).
const KEY_PYTHON: usize = 4;

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

/// An interposer site: its identity, the site, and the Python frames outside each of the
/// recorder's wrappers the call went through, outermost first (none when it went through
/// none).
fn site(
    p: &RawProcess,
    raw: &RawSite,
    sym: &mut Symbolizer,
) -> (Key, Site, Vec<Vec<(String, u32)>>) {
    let natives: Vec<Native> = raw
        .native
        .iter()
        .map(|&a| sym.resolve(&p.maps, a))
        .skip_while(|n| n.module.as_deref().is_some_and(is_runtime) || is_static_runtime(n))
        .take(NATIVE_KEPT)
        .collect();
    // The recorder's wrappers are not the program's: drop their frames, and keep the
    // frames outside each of them, outermost first (the recorder's site for the same call
    // starts its stack with the frames outside the wrapper that counted it; a wrapper
    // further out, such as the one around DataLoader's pin thread, counts nothing).
    let outside: Vec<Vec<(String, u32)>> = raw
        .python
        .iter()
        .enumerate()
        .rev()
        .filter(|(_, f)| python::is_recorder(&f.path))
        .map(|(i, _)| {
            raw.python[i + 1..]
                .iter()
                .filter(|f| !python::is_recorder(&f.path))
                .map(|f| (python::absolute(&f.path, &p.cwd), f.line))
                .collect()
        })
        .collect();
    let mut stack: Vec<Frame> = raw
        .python
        .iter()
        .filter(|f| !python::is_recorder(&f.path))
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
    // The innermost Python frames alone: the interposer keeps more of them so that the
    // recorder's wrapper is found from deep inside a library, not to split a line's
    // calls by callers further up.
    let key_frames: Vec<&Frame> = if python > 0 {
        stack[..python.min(KEY_PYTHON)]
            .iter()
            .chain(stack.get(python))
            .collect()
    } else {
        stack.iter().collect()
    };
    let key = Key {
        api: raw.api.clone(),
        frames: key_frames
            .into_iter()
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
        recorded_by: "interposer".into(),
        driver_calls: None,
        driver_bytes: None,
        driver_api: None,
        driver_from: None,
    };
    (key, s, outside)
}

/// Put an interposer site's driver figures under the recorder's site of the same calls.
fn attach(into: &mut Site, native: Site, first: bool) {
    if first {
        // The interposer counts the driver's calls exactly: it replaces torch's counters.
        into.driver_calls = Some(0);
        into.driver_bytes = Some(0);
        into.peak_live_bytes = 0;
        into.driver_from = Some("interposer".into());
        into.recorded_by = "both".into();
        into.driver_api = Some(native.api.clone());
        into.stack
            .extend(native.stack.iter().filter(|f| f.kind == "native").cloned());
    }
    into.driver_calls = Some(into.driver_calls.unwrap_or(0) + native.calls);
    into.driver_bytes = Some(
        into.driver_bytes
            .unwrap_or(0)
            .saturating_add(native.bytes_total),
    );
    into.peak_live_bytes = into.peak_live_bytes.saturating_add(native.peak_live_bytes);
    into.unreleased_bytes = into
        .unreleased_bytes
        .saturating_add(native.unreleased_bytes);
}

/// Merge the interposer's records and the Python recorder's: a Python-level site keeps its
/// calls and takes the driver's figures of the interposer sites whose calls went through
/// its wrapper from the same caller in the same process; the rest stay native sites.
pub fn merge(mut raws: Vec<RawProcess>, records: &[PyRecord]) -> (Vec<Process>, Vec<Site>) {
    raws.sort_by_key(|p| p.pid);
    let mut sym = Symbolizer::default();
    let mut order: Vec<Key> = Vec::new();
    let mut sites: HashMap<Key, Site> = HashMap::new();
    let mut processes = Vec::new();
    let mut python_sites: Vec<Site> = Vec::new();
    let mut used = vec![false; records.len()];
    for p in &raws {
        // The process's Python record (an exec'd image's record is the last with its pid).
        let rec = records
            .iter()
            .enumerate()
            .rfind(|(_, r)| r.pid == p.pid && p.end != "exec");
        let mut mine: Vec<(Site, (String, u32), bool)> = match rec {
            Some((i, r)) => {
                used[i] = true;
                python::sites_of(r)
                    .into_iter()
                    .map(|(s, c)| (s, c, false))
                    .collect()
            }
            None => Vec::new(),
        };
        for raw in &p.sites {
            let (key, s, outside) = site(p, raw, &mut sym);
            // The recorder's sites whose stack starts with the frames outside a wrapper
            // (the outermost wrapper that any site matches).
            let hits: Vec<usize> = outside
                .iter()
                .map(|outside| {
                    mine.iter()
                        .enumerate()
                        .filter(|(_, (site, _, _))| {
                            let k = outside.len().min(site.stack.len());
                            k > 0
                                && site.stack[..k]
                                    .iter()
                                    .zip(outside)
                                    .all(|(f, (path, line))| {
                                        f.path.as_deref() == Some(path.as_str())
                                            && f.line == Some(*line)
                                    })
                        })
                        .map(|(i, _)| i)
                        .collect::<Vec<usize>>()
                })
                .find(|hits| !hits.is_empty())
                .unwrap_or_default();
            // One place only: frames shared by two program lines cannot say which one a
            // block was for.
            let target = hits.first().copied().filter(|&h| {
                let place = |i: usize| (&mine[i].0.api, &mine[i].0.path, mine[i].0.line);
                hits.iter().all(|&i| place(i) == place(h))
            });
            if let Some(i) = target
                && s.kind == "pin"
            {
                let first = !mine[i].2;
                mine[i].2 = true;
                attach(&mut mine[i].0, s, first);
                continue;
            }
            match sites.get_mut(&key) {
                Some(into) => into.absorb(s),
                None => {
                    sites.insert(key.clone(), s);
                    order.push(key);
                }
            }
        }
        python_sites.extend(mine.into_iter().map(|(s, _, _)| s));
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
            imported: rec.map(|(_, r)| r.imported.clone()).unwrap_or_default(),
        });
    }
    // Processes the recorder saw and the interposer did not (the cache served them all).
    for (i, r) in records.iter().enumerate() {
        if !used[i] {
            processes.push(python::process_of(r));
            python_sites.extend(python::sites_of(r).into_iter().map(|(s, _)| s));
        }
    }
    processes.sort_by_key(|p| p.pid);
    let mut list: Vec<Site> = order.iter().filter_map(|k| sites.remove(k)).collect();
    list.extend(python::fold(python_sites));
    crate::tracefile::sort_sites(&mut list);
    (processes, list)
}
