//! Files that mention an API are parsed only in the parts that matter (see
//! `frontend::items`). These cases put what a finding depends on in parts that are not
//! parsed at first: a caller in another file found later, a size constant far from its
//! use, a base class elsewhere in the file, a namespace around a chain. The findings must
//! be exact, and the same as when every file is parsed whole (`--whole-files`).

mod common;
use common::*;

const LOADER_PY: &str = "import torch\n\n\ndef stage(batch):\n    return batch.pin_memory()\n";

const POOL_CPP: &str = "\
#include <cuda_runtime.h>
#include <vector>

constexpr size_t kBytes = 16 << 20;

namespace gpu {

static int unrelated(int n) {
  int s = 0;
  for (int i = 0; i < n; ++i) s += i;
  return s;
}

float* pin_chunk() {
  float* p = nullptr;
  cudaMallocHost(&p, kBytes);
  return p;
}

void fill(std::vector<float*>& out) {
  for (int i = 0; i < 8; ++i) {
    out.push_back(pin_chunk());
  }
}

}  // namespace gpu
";

/// A training file: 40 unrelated helpers between the constant and its use, a loop that
/// calls `stage` (defined in loader.py), and an `nn.Module` subclass whose base class is
/// defined 30 methods earlier.
fn train_py() -> String {
    let helpers: String = (0..40)
        .map(|i| format!("def helper_{i}(x):\n    y = x + {i}\n    for k in range(3):\n        y = y * 2\n    return y\n\n\n"))
        .collect();
    let methods: String = (0..30)
        .map(|i| format!("    def m{i}(self, x):\n        return x * {i}\n\n"))
        .collect();
    format!(
        "import torch\nfrom loader import stage\n\nBYTES = 64 << 20\n\n\n{helpers}\
         def warm(bufs):\n    for _ in range(4):\n        bufs.append(torch.empty(BYTES, dtype=torch.uint8, pin_memory=True))\n\n\n\
         def train(loader):\n    for batch in loader:\n        stage(batch)\n\n\n\
         class Base(torch.nn.Module):\n    def __init__(self):\n        super().__init__()\n{methods}\n\
         class Net(Base):\n    def forward(self, x):\n        return x.pin_memory()\n"
    )
}

const EXPECTED: &str = "\
pool.cpp:22:19: GT202 warning: `pin_chunk` pins host memory for its caller on every call (`cudaMallocHost` in `pin_chunk`), and a loop calls it: `fill` → `pin_chunk`; pins 16.00 MiB per call and never frees it: ≈ 1.92 MiB of VRAM per call under WDDM (ratio 0.12), adding up with every call
train.py:289:21: GT101 warning: `torch.empty(.., pin_memory=True)` pins host memory inside a loop: pins 64.00 MiB on each of 4 iterations and keeps every buffer: each holds a 64.00 MiB block of PyTorch's pinned-memory cache, which stays pinned after the tensors die: ≈ 30.72 MiB of VRAM under WDDM (ratio 0.12)
train.py:294:9: GT202 warning: `stage` pins host memory for its caller on every call (`batch.pin_memory()` in `stage`), and a loop calls it: `train` → `stage`; size `nbytes(batch)` bytes, not static: each call costs 12% of its pinned bytes in VRAM under WDDM
train.py:393:16: GT201 warning: `x.pin_memory()` pins host memory per batch: `forward` runs once per batch (a forward pass); size `nbytes(x)` bytes, not static: each call costs 12% of its pinned bytes in VRAM under WDDM
";

#[test]
fn findings_in_parts_parsed_late_are_exact_and_match_whole_parses() {
    let dir = tempfile::tempdir().expect("tempdir");
    write(dir.path(), "loader.py", LOADER_PY);
    write(dir.path(), "train.py", &train_py());
    write(dir.path(), "pool.cpp", POOL_CPP);
    let args = [
        "check",
        "--format",
        "concise",
        "-q",
        "--select",
        "GT101,GT201,GT202",
    ];
    // Named in both orders: the caller's file may be read before or after `stage` is
    // known to pin; either way the same findings.
    for files in [
        ["loader.py", "train.py", "pool.cpp"],
        ["pool.cpp", "train.py", "loader.py"],
    ] {
        for whole in [false, true] {
            let mut a: Vec<&str> = args.to_vec();
            a.extend(files);
            if whole {
                a.push("--whole-files");
            }
            let out = ghosttax(dir.path(), &a);
            assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
            assert_eq!(stdout(&out), EXPECTED, "files {files:?}, whole {whole}");
        }
    }
}

/// `pool.cpp` is parsed in two parts: first what pins and its callers, then, two call-chain
/// passes later, `drain` (it calls `mid`, known to reach a pinning call only once `mid.cpp`
/// is parsed). The namespace line is parsed with both parts, and so is the comment above
/// it: it is still one unused suppression, and the other part's suppression still holds.
#[test]
fn suppressions_hold_across_the_parts_of_a_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    write(
        dir.path(),
        "pool.cpp",
        "// ghosttax: ignore[GT101]\nnamespace gpu {\n\nfloat* pin_one() {\n  float* p = nullptr;\n  \
         cudaMallocHost(&p, 1 << 20);  // ghosttax: ignore[GT202]\n  return p;\n}\n\n\
         void fill(float** out) {\n  for (int i = 0; i < 4; ++i) out[i] = pin_one();\n}\n\n\
         void mid();\n\nvoid drain() {\n  for (int i = 0; i < 4; ++i) mid();\n}\n\n}  // namespace gpu\n",
    );
    write(
        dir.path(),
        "other.cpp",
        "void other_pin() {\n  float* p = nullptr;\n  cudaMallocHost(&p, 2 << 20);\n}\n",
    );
    write(
        dir.path(),
        "mid.cpp",
        "#include \"other.h\"\nvoid mid() { other_pin(); }\n",
    );
    let expected = "\
other.cpp:3:3: GT202 warning: `cudaMallocHost` pins host memory inside `other_pin`, which a loop calls: `drain` → `mid` → `other_pin`; pins 2.00 MiB per call and never frees it: ≈ 245.76 KiB of VRAM per call under WDDM (ratio 0.12), adding up with every call
pool.cpp:1:1: GT900 warning: unused suppression: no GT101 finding here
";
    for whole in [false, true] {
        let mut args = vec!["check", "--format", "concise", "-q"];
        args.extend(["--select", "GT101,GT202,GT900"]);
        if whole {
            args.push("--whole-files");
        }
        let out = ghosttax(dir.path(), &args);
        assert_eq!(stdout(&out), expected, "whole {whole}");
    }
}

/// `b.py` is first parsed in a call-chain pass (`stage` is bound from C++, a chain name
/// only once the first pass is done), with every Python chain name found so far as the
/// seed, `a.py`'s own pinning `spawn` among them. The lazy parse of `b.py` must still
/// follow `spawn(stage_item, b)` to its own `spawn`, which starts the function it is handed:
/// a name of the seed that the file cannot call (`a.py`'s `spawn`) does not stop it. (In the
/// first pass the seed is whatever other files were parsed by the time a file is read: that
/// made `fixtures/GT202/spawn_wrapper.py`'s finding come and go from run to run, and the
/// persistent cache kept whichever outcome its last run had.)
#[test]
fn a_seed_name_the_file_cannot_call_does_not_hide_its_own_function() {
    let dir = tempfile::tempdir().expect("tempdir");
    write(
        dir.path(),
        "ext.cpp",
        "#include <cuda_runtime.h>\n#include <pybind11/pybind11.h>\n\n\
         void stage_native(size_t n) {\n    void* p = nullptr;\n    cudaMallocHost(&p, n);\n    \
         cudaFreeHost(p);\n}\n\n\
         PYBIND11_MODULE(ext, m) { m.def(\"stage\", &stage_native); }\n",
    );
    write(
        dir.path(),
        "a.py",
        "import threading\n\n\ndef pin_into(x, out):\n    out.append(x.pin_memory())\n\n\n\
         def spawn(xs):\n    out = []\n    for x in xs:\n        \
         threading.Thread(target=pin_into, args=(x, out)).start()\n    return out\n",
    );
    write(
        dir.path(),
        "b.py",
        "import threading\n\nimport ext\n\n\ndef stage_item(batch):\n    \
         return ext.stage(batch.nbytes)\n\n\n\
         def spawn(fn, arg):\n    threading.Thread(target=fn, args=(arg,)).start()\n\n\n\
         def serve(batches):\n    for b in batches:\n        spawn(stage_item, b)\n",
    );
    let expected = "\
a.py:5:16: GT202 warning: `x.pin_memory()` pins host memory inside `pin_into`, which a loop calls: `spawn` → `pin_into`; size `nbytes(x)` bytes, not static: each call costs 12% of its pinned bytes in VRAM under WDDM
ext.cpp:6:5: GT202 warning: `cudaMallocHost` pins host memory inside `stage_native`, which a loop calls: `serve` → `spawn` → `fn` → `stage`; size `n` bytes, not static: each call costs 12% of its pinned bytes in VRAM under WDDM
";
    let cache_dir = tempfile::tempdir().expect("tempdir");
    let cache = cache_dir.path().to_str().expect("utf-8 path");
    // Lazy and whole, without the cache; then twice with it (the second run is answered
    // from the run memo).
    for extra in [
        &["--no-cache"][..],
        &["--no-cache", "--whole-files"],
        &["--cache-dir", cache],
        &["--cache-dir", cache],
    ] {
        let mut args = vec!["check", "--format", "concise", "-q", "--select", "GT202"];
        args.extend(extra);
        args.push(".");
        let out = ghosttax(dir.path(), &args);
        assert_eq!(stdout(&out), expected, "{extra:?}\n{}", stderr(&out));
    }
}

/// A header is followed through the files that can include it: eight folders each hold a
/// `host_alloc.hpp` of their own with an includer, and the pinned allocator's
/// `host_alloc.hpp` in `flow/` reaches `stages.cpp` two includes away (`kernels.hpp` →
/// `solver.hpp` → `host_alloc.hpp`). Which includers of the stem were kept once depended on
/// which reading thread counted its files first; the finding is exact on every run, and
/// with one thread or many.
#[test]
fn a_header_of_a_common_stem_reaches_its_own_includers_on_every_run() {
    let dir = tempfile::tempdir().expect("tempdir");
    let chain = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/GT202/include_chain");
    for name in [
        "host_alloc.hpp",
        "kernels.hpp",
        "solver.hpp",
        "solver.cpp",
        "stages.cpp",
    ] {
        let text = std::fs::read_to_string(format!("{chain}/{name}")).expect("fixture");
        write(dir.path(), &format!("flow/{name}"), &text);
    }
    for i in 0..8 {
        write(
            dir.path(),
            &format!("m{i}/host_alloc.hpp"),
            &format!(
                "#pragma once\n#include <vector>\nnamespace m{i} {{ using Bytes = std::vector<char>; }}\n"
            ),
        );
        write(
            dir.path(),
            &format!("m{i}/a{i}.cpp"),
            &format!(
                "#include \"host_alloc.hpp\"\nint size_of(m{i}::Bytes& b) {{ return (int)b.size(); }}\n"
            ),
        );
    }
    for threads in ["1", "4", "4", "4", "4", "4"] {
        let out = ghosttax(
            dir.path(),
            &[
                "check",
                ".",
                "--no-cache",
                "--threads",
                threads,
                "--select",
                "GT202",
                "--format",
                "concise",
                "-q",
            ],
        );
        assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
        let found: Vec<String> = stdout(&out)
            .lines()
            .map(|l| l.split(" warning").next().unwrap_or(l).to_string())
            .collect();
        assert_eq!(found, ["flow/stages.cpp:11:26: GT202"], "threads {threads}");
    }
}
