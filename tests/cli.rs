//! The command line, through the real binary: formats, exit codes, discovery, flags.

use std::path::Path;
mod common;
use common::*;

use serde_json::Value;

const CLEAN_PY: &str = "import torch\nbuf = torch.empty(1 << 20, pin_memory=True)\nfor x in range(3):\n    buf.add_(x)\n";

#[test]
fn concise_is_one_line_per_finding_with_exact_position_and_tax() {
    let dir = tempfile::tempdir().expect("tempdir");
    write(dir.path(), "k.cu", LOOP_CU);
    let out = ghosttax(dir.path(), &["check", "--format", "concise", "k.cu"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stdout(&out),
        "k.cu:6:9: GT101 warning: `cudaMallocHost` pins host memory inside a loop: pins 8.00 MiB \
         on each of 100 iterations and never frees it inside the loop: ≈ 96.00 MiB of VRAM under \
         WDDM (ratio 0.12)\n\
         Found 1 warning in 1 file (1 file checked). Estimated VRAM tax under WDDM: ≈ 96.00 MiB \
         known.\n"
    );
}

#[test]
fn json_document_has_the_documented_fields() {
    let dir = tempfile::tempdir().expect("tempdir");
    write(dir.path(), "k.cu", LOOP_CU);
    write(dir.path(), "clean.py", CLEAN_PY);
    let out = ghosttax(dir.path(), &["check", "--format", "json"]);
    assert_eq!(out.status.code(), Some(1));
    let doc: Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(doc["version"], 1);
    let f = &doc["findings"][0];
    assert_eq!(f["rule"], "GT101");
    assert_eq!(f["severity"], "warning");
    assert_eq!(f["path"], "k.cu");
    assert_eq!(
        (f["line"].as_u64(), f["column"].as_u64()),
        (Some(6), Some(9))
    );
    assert_eq!(
        (f["end_line"].as_u64(), f["end_column"].as_u64()),
        (Some(6), Some(34))
    );
    assert_eq!(f["api"], "cudaMallocHost");
    assert_eq!(f["language"], "cuda");
    assert_eq!(f["size_bytes"], 8 << 20);
    assert_eq!(f["events"], 100);
    assert_eq!(f["accumulates"], true);
    assert_eq!(f["ratio"], 0.12);
    assert_eq!(f["tax_bytes"], 100_663_296u64);
    assert_eq!(f["tax_bytes_per_event"], 1_006_633);
    assert_eq!(f["loop_line"], 4);
    let s = &doc["summary"];
    assert_eq!(s["findings"], 1);
    assert_eq!(s["files_checked"], 2);
    assert_eq!(s["tax_bytes_total"], 100_663_296u64);
    assert_eq!(s["unknown_size"], 0);
}

#[test]
fn text_output_shows_the_call_the_loop_the_tax_and_the_fix() {
    let dir = tempfile::tempdir().expect("tempdir");
    write(dir.path(), "k.cu", LOOP_CU);
    let out = ghosttax(dir.path(), &["check", "k.cu"]);
    let text = stdout(&out);
    assert!(
        text.starts_with("warning[GT101]: `cudaMallocHost` pins host memory"),
        "{text}"
    );
    assert!(text.contains("┌─ k.cu:6:9"), "{text}");
    assert!(text.contains("repeats 100 times"), "{text}");
    assert!(text.contains("≈ 96.00 MiB of VRAM under WDDM"), "{text}");
    assert!(
        text.contains("= help: allocate one pinned buffer"),
        "{text}"
    );
    assert!(!text.contains('\u{1b}'), "no colour when NO_COLOR is set");
    assert!(
        text.ends_with(
            "Found 1 warning in 1 file (1 file checked). Estimated VRAM tax under WDDM: ≈ 96.00 MiB known.\n"
        ),
        "{text}"
    );
    let coloured = ghosttax(dir.path(), &["check", "--color", "always", "k.cu"]);
    assert!(stdout(&coloured).contains('\u{1b}'));
}

#[test]
fn clean_code_exits_zero_with_a_summary() {
    let dir = tempfile::tempdir().expect("tempdir");
    write(dir.path(), "clean.py", CLEAN_PY);
    let out = ghosttax(dir.path(), &["check"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "No pinned-memory problems found (1 file checked).\n"
    );
}

#[test]
fn missing_path_exits_2_and_the_others_are_still_checked() {
    let dir = tempfile::tempdir().expect("tempdir");
    write(dir.path(), "k.cu", LOOP_CU);
    let out = ghosttax(
        dir.path(),
        &["check", "--format", "concise", "nope.py", "k.cu"],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("error: nope.py: no such file or directory"),
        "{}",
        stderr(&out)
    );
    assert!(
        stdout(&out).starts_with("k.cu:6:9: GT101"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn ratios_are_configurable_and_validated() {
    let dir = tempfile::tempdir().expect("tempdir");
    write(dir.path(), "k.cu", LOOP_CU);
    let out = ghosttax(
        dir.path(),
        &["check", "--format", "json", "--tax-ratio", "0.118", "k.cu"],
    );
    let doc: Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(doc["findings"][0]["tax_bytes"], 98_985_574u64);
    assert_eq!(doc["findings"][0]["ratio"], 0.118);
    for bad in ["0", "1.5", "-0.1", "twelve"] {
        let out = ghosttax(dir.path(), &["check", "--tax-ratio", bad, "k.cu"]);
        assert_eq!(out.status.code(), Some(2), "--tax-ratio {bad}");
        let out = ghosttax(dir.path(), &["check", "--register-ratio", bad, "k.cu"]);
        assert_eq!(out.status.code(), Some(2), "--register-ratio {bad}");
    }
}

#[test]
fn register_ratio_prices_registrations() {
    let dir = tempfile::tempdir().expect("tempdir");
    write(
        dir.path(),
        "r.cpp",
        "void f(char* b) {\n  for (int i = 0; i < 10; i++) cudaHostRegister(b + i, 1000, 0);\n}\n",
    );
    let out = ghosttax(
        dir.path(),
        &[
            "check",
            "--format",
            "json",
            "--register-ratio",
            "0.5",
            "r.cpp",
        ],
    );
    let doc: Value = serde_json::from_slice(&out.stdout).expect("json");
    let f = &doc["findings"][0];
    assert_eq!(f["rule"], "GT102");
    assert_eq!(f["column"], 32);
    assert_eq!(f["tax_bytes"], 5000);
}

#[test]
fn walking_honours_gitignore_and_hidden_dirs_but_explicit_files_are_always_checked() {
    let dir = tempfile::tempdir().expect("tempdir");
    write(dir.path(), ".gitignore", "ignored.cu\n");
    write(dir.path(), "ignored.cu", LOOP_CU);
    write(dir.path(), ".hidden/k.cu", LOOP_CU);
    write(dir.path(), "notes.txt", "cudaMallocHost in a loop");
    let walked = ghosttax(dir.path(), &["check", "--format", "json"]);
    assert_eq!(walked.status.code(), Some(0), "{}", stdout(&walked));
    let explicit = ghosttax(
        dir.path(),
        &["check", "--format", "concise", "ignored.cu", "notes.txt"],
    );
    assert_eq!(explicit.status.code(), Some(1));
    assert!(stdout(&explicit).starts_with("ignored.cu:6:9: GT101"));
    assert_eq!(
        stdout(&explicit).lines().count(),
        2,
        "notes.txt is skipped silently"
    );
}

#[test]
fn output_is_identical_whatever_the_thread_count() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    let one = ghosttax(&root, &["check", "--format", "json", "--threads", "1"]);
    let many = ghosttax(&root, &["check", "--format", "json", "--threads", "8"]);
    assert_eq!(one.status.code(), Some(1));
    assert_eq!(stdout(&one), stdout(&many));
}

#[test]
fn binary_and_oversized_files_are_skipped_with_a_note() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("blob.cu"), b"cudaMallocHost\0\x01\x02").expect("write");
    write(dir.path(), "big.cu", LOOP_CU);
    let out = ghosttax(dir.path(), &["check", "--verbose", "--max-file-size", "64"]);
    assert_eq!(out.status.code(), Some(0));
    let err = stderr(&out);
    assert!(err.contains("note: blob.cu: skipped, binary file"), "{err}");
    assert!(
        err.contains("note: big.cu: skipped, larger than --max-file-size (64 bytes)"),
        "{err}"
    );
}

#[test]
fn invalid_utf8_is_checked_with_exact_positions() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut bytes = b"# caf\xe9\nfor i in range(4):\n\tx = t.pin_memory()\n".to_vec();
    bytes.extend_from_slice(b"# \xff\xfe\n");
    std::fs::write(dir.path().join("bad.py"), bytes).expect("write");
    let out = ghosttax(dir.path(), &["check", "--format", "concise"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout(&out).starts_with("bad.py:3:6: GT101 warning: `t.pin_memory()`"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn rules_and_explain() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = ghosttax(dir.path(), &["rules"]);
    assert!(stdout(&out).contains("GT101  pinned-alloc-in-loop"));
    assert!(stdout(&out).contains("GT102  host-register-in-loop"));
    let out = ghosttax(dir.path(), &["explain", "gt101"]);
    assert_eq!(out.status.code(), Some(0));
    let doc = stdout(&out);
    for section in [
        "## What it flags",
        "## Why it costs VRAM",
        "## Example",
        "## Use instead",
    ] {
        assert!(doc.contains(section), "{section}");
    }
    let out = ghosttax(dir.path(), &["explain", "GT999"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("lists: GT100 pinned-inventory, GT101 pinned-alloc-in-loop"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn select_and_ignore_take_codes_prefixes_and_all() {
    let dir = tempfile::tempdir().expect("tempdir");
    write(
        dir.path(),
        "t.py",
        "from torch.utils.data import DataLoader\n\
         loader = DataLoader(ds, pin_memory=True)\n\
         for i in range(2):\n    x = t.pin_memory()\n",
    );
    let codes = |args: &[&str]| -> (Option<i32>, Vec<String>) {
        let mut all = vec!["check", "--format", "json"];
        all.extend_from_slice(args);
        let out = ghosttax(dir.path(), &all);
        let doc: Value = serde_json::from_slice(&out.stdout).unwrap_or(Value::Null);
        let rules = doc["findings"]
            .as_array()
            .map(|a| {
                a.iter()
                    .map(|f| f["rule"].as_str().unwrap_or("").to_string())
                    .collect()
            })
            .unwrap_or_default();
        (out.status.code(), rules)
    };
    assert_eq!(codes(&[]), (Some(1), vec!["GT101".to_string()]));
    assert_eq!(
        codes(&["--select", "ALL"]),
        (
            Some(1),
            vec![
                "GT204".to_string(),
                "GT100".to_string(),
                "GT101".to_string()
            ]
        )
    );
    // An info finding alone does not fail the run.
    assert_eq!(
        codes(&["--select", "GT2"]),
        (Some(0), vec!["GT204".to_string()])
    );
    assert_eq!(
        codes(&["--select", "ALL", "--ignore", "GT1,gt204"]),
        (Some(0), vec![])
    );
    let out = ghosttax(dir.path(), &["check", "--select", "GT999"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("unknown rule code `GT999`; valid codes: GT100, GT101, GT102, GT201")
    );
}

/// A name defined more than 8 times in the files of a run is too ambiguous to follow,
/// whether or not the files that define it are parsed (they mention no API here): the
/// definitions are counted as each file is read.
#[test]
fn names_defined_more_than_eight_times_are_not_followed() {
    let run = |helpers: usize| {
        let dir = tempfile::tempdir().expect("tempdir");
        write(
            dir.path(),
            "pinning.py",
            "def stage(b):\n    return b.pin_memory()\n",
        );
        write(
            dir.path(),
            "train.py",
            "from pinning import stage\n\n\ndef train(loader):\n    for b in loader:\n        stage(b)\n",
        );
        for i in 0..helpers {
            write(
                dir.path(),
                &format!("helper{i}.py"),
                "def stage(x):\n    return x + 1\n",
            );
        }
        let out = ghosttax(
            dir.path(),
            &["check", "--format", "concise", "-q", "--select", "GT202"],
        );
        stdout(&out)
    };
    // 8 definitions: followed.
    assert_eq!(
        run(7),
        "train.py:6:9: GT202 warning: `stage` pins host memory for its caller on every call (`b.pin_memory()` in `stage`), and a loop calls it: `train` → `stage`; size `nbytes(b)` bytes, not static: each call costs 12% of its pinned bytes in VRAM under WDDM\n"
    );
    // 9: not.
    assert_eq!(run(8), "");
}

/// A call reaches a function of another file only where that file can see it: a Python
/// module or package it imports, a C header it includes or a prototype it declares, a
/// class it names. A same-named function elsewhere is not followed.
#[test]
fn calls_reach_only_functions_their_file_can_see() {
    let dir = tempfile::tempdir().expect("tempdir");
    write(
        dir.path(),
        "staging.py",
        "def stage(b):\n    return b.pin_memory()\n\n\nclass Pinner:\n    def pin(self, b):\n        return b.pin_memory()\n\n\n\
         class Slab:\n    def __init__(self, b):\n        self.b = b.pin_memory()\n",
    );
    let body = "def train(loader, p):\n    for b in loader:\n        stage(b)\n        p.pin(b)\n        Slab(b)\n";
    write(dir.path(), "blind.py", body);
    write(
        dir.path(),
        "seeing.py",
        &format!(
            "from staging import stage\n\n\n{}",
            body.replace("p):", "p: \"Pinner\"):")
        ),
    );
    write(
        dir.path(),
        "helper.cu",
        "void* stage_c(size_t n) {\n    void* p;\n    cudaMallocHost(&p, n);\n    return p;\n}\n",
    );
    let loop_c = "void run() {\n    for (int i = 0; i < 8; ++i) stage_c(1 << 20);\n}\n";
    write(dir.path(), "blind.cpp", loop_c);
    write(
        dir.path(),
        "seeing.cpp",
        &format!("#include \"helper.h\"\n{loop_c}"),
    );
    let out = ghosttax(
        dir.path(),
        &["check", "--format", "concise", "-q", "--select", "GT202"],
    );
    assert_eq!(
        stdout(&out),
        "seeing.cpp:3:33: GT202 warning: `stage_c` pins host memory for its caller on every call (`cudaMallocHost` in `stage_c`), and a loop calls it: `run` → `stage_c`; pins 1.00 MiB per call and never frees it: ≈ 122.88 KiB of VRAM per call under WDDM (ratio 0.12), adding up with every call (with n = 1048576 for the call from `run`)\n\
         seeing.py:6:9: GT202 warning: `stage` pins host memory for its caller on every call (`b.pin_memory()` in `stage`), and a loop calls it: `train` → `stage`; size `nbytes(b)` bytes, not static: each call costs 12% of its pinned bytes in VRAM under WDDM\n\
         seeing.py:7:9: GT202 warning: `p.pin` pins host memory for its caller on every call (`b.pin_memory()` in `Pinner.pin`), and a loop calls it: `train` → `p.pin`; size `nbytes(b)` bytes, not static: each call costs 12% of its pinned bytes in VRAM under WDDM\n\
         seeing.py:8:9: GT202 warning: `Slab` pins host memory for its caller on every call (`b.pin_memory()` in `Slab.__init__`), and a loop calls it: `train` → `Slab`; size `nbytes(b)` bytes, not static: each call costs 12% of its pinned bytes in VRAM under WDDM\n"
    );
    let out = ghosttax(
        dir.path(),
        &["check", "--format", "json", "-q", "--select", "GT202"],
    );
    let doc: Value = serde_json::from_slice(&out.stdout).expect("json");
    // Every chain starts in a file that can see the callee.
    for f in doc["findings"].as_array().expect("findings") {
        for r in f["related"].as_array().expect("related") {
            let path = r["path"].as_str().unwrap_or("");
            assert!(!path.starts_with("blind"), "{path}");
        }
    }
}

#[test]
fn call_chains_cross_files_and_languages() {
    let dir = tempfile::tempdir().expect("tempdir");
    write(
        dir.path(),
        "helper.cpp",
        "void* stage(size_t n) {\n    void* p;\n    cudaMallocHost(&p, n);\n    return p;\n}\n",
    );
    write(
        dir.path(),
        "kern.cu",
        "void* stage(size_t n);\n__global__ void k(float* x) {}\nvoid run(float* d) {\n    for (int i = 0; i < 8; ++i) {\n        stage(1 << 20);\n        k<<<1, 1>>>(d);\n    }\n}\n",
    );
    let out = ghosttax(dir.path(), &["check", "--format", "json"]);
    let doc: Value = serde_json::from_slice(&out.stdout).expect("json");
    let f = &doc["findings"][0];
    assert_eq!(f["rule"], "GT202");
    assert_eq!(
        (f["path"].as_str(), f["line"].as_u64(), f["column"].as_u64()),
        (Some("kern.cu"), Some(5), Some(9))
    );
    let related: Vec<(String, u64, String)> = f["related"]
        .as_array()
        .expect("related")
        .iter()
        .map(|r| {
            (
                r["path"].as_str().unwrap_or("").to_string(),
                r["line"].as_u64().unwrap_or(0),
                r["message"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect();
    assert_eq!(
        related,
        vec![
            ("kern.cu".to_string(), 4, "repeats 8 times".to_string()),
            (
                "kern.cu".to_string(),
                5,
                "calls `stage` on every iteration".to_string()
            ),
            (
                "helper.cpp".to_string(),
                3,
                "pins here, and hands the buffer to the caller".to_string()
            ),
        ]
    );
    // The text output shows both files: the call in the loop, and the pin it reaches.
    let text = stdout(&ghosttax(dir.path(), &["check"]));
    assert!(
        text.contains("┌─ kern.cu:5:9") && text.contains("┌─ helper.cpp:3:5"),
        "{text}"
    );
}

#[test]
fn a_site_reached_by_a_chain_is_gt202_not_also_gt201_unless_gt202_is_off() {
    let dir = tempfile::tempdir().expect("tempdir");
    write(
        dir.path(),
        "eval.py",
        "def eval_collate(samples):\n    return stack(samples).pin_memory()\n\n\
         def evaluate(chunks):\n    for chunk in chunks:\n        eval_collate(chunk)\n\n\
         def loader(ds):\n    return DataLoader(ds, collate_fn=eval_collate)\n",
    );
    let rules = |args: &[&str]| -> Vec<String> {
        let mut all = vec!["check", "--format", "concise", "-q"];
        all.extend_from_slice(args);
        stdout(&ghosttax(dir.path(), &all))
            .lines()
            .map(|l| l.split(' ').nth(1).unwrap_or("").to_string())
            .collect()
    };
    assert_eq!(rules(&[]), vec!["GT202"]);
    assert_eq!(rules(&["--ignore", "GT202"]), vec!["GT201"]);
}

#[test]
fn calibrate_without_a_driver_fails_cleanly() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = ghosttax(
        dir.path(),
        &["calibrate", "--sizes", "1MiB", "--repeat", "1"],
    );
    if out.status.code() == Some(2) {
        assert!(
            stderr(&out).starts_with(
                "error: no CUDA driver found: calibrate needs an NVIDIA GPU; the default ratio 0.12 stays in force"
            ),
            "{}",
            stderr(&out)
        );
        assert!(stdout(&out).is_empty());
    } else {
        // A machine with an NVIDIA driver measures instead.
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        assert!(stdout(&out).contains("fitted alloc"), "{}", stdout(&out));
    }
    let bad = ghosttax(dir.path(), &["calibrate", "--sizes", "lots"]);
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn a_calibrated_config_is_picked_up_by_check() {
    let dir = tempfile::tempdir().expect("tempdir");
    write(dir.path(), "k.cu", LOOP_CU);
    let config = dir.path().join("ghosttax.toml");
    std::fs::write(&config, "# ours\n[tax]\nvram = \"8GiB\"\n").expect("write");
    ghosttax::calibrate::write_config(&config, 0.2, 0.1).expect("write ratios");
    let out = ghosttax(dir.path(), &["check", "--format", "json", "k.cu"]);
    let doc: Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(doc["findings"][0]["ratio"], 0.2);
    assert_eq!(doc["findings"][0]["tax_bytes"], 167_772_160u64);
}

/// A trace that cannot be read stops `check` with exit 2 and says which file and why; the
/// thresholds need a trace and a count of at least one.
#[test]
fn a_bad_trace_is_an_error_that_names_it() {
    let dir = tempfile::tempdir().expect("tempdir");
    write(dir.path(), "t.py", "x = 1\n");
    write(dir.path(), "garbage.json", "not json\n");
    write(dir.path(), "newer.json", "{\"version\": 9}\n");
    write(dir.path(), "partial.json", "{\"version\": 1}\n");
    for (file, says) in [
        ("missing.json", "missing.json: cannot read the trace:"),
        (
            "garbage.json",
            "garbage.json: not a ghosttax trace (not JSON: expected ident at line 1 column 2); \
             write one with `ghosttax trace -- COMMAND`",
        ),
        (
            "newer.json",
            "newer.json: trace version 9 is newer than this ghosttax reads (2); upgrade ghosttax",
        ),
        (
            "partial.json",
            "partial.json: not a valid ghosttax trace: missing field `tool`",
        ),
    ] {
        let out = ghosttax(dir.path(), &["check", "--trace", file, "t.py"]);
        assert_eq!(out.status.code(), Some(2), "{file}");
        assert!(stdout(&out).is_empty(), "{file}");
        assert!(
            stderr(&out).starts_with(&format!("error: {says}")),
            "{file}: {}",
            stderr(&out)
        );
    }
    let out = ghosttax(dir.path(), &["check", "--trace-min-calls", "3", "t.py"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--trace <FILE>"), "{}", stderr(&out));
    write(
        dir.path(),
        "empty.json",
        "{\"version\":1,\"tool\":\"t\",\"command\":[],\"exit_status\":0,\"signal\":null,\"seconds\":0,\"processes\":[],\"sites\":[]}\n",
    );
    let out = ghosttax(
        dir.path(),
        &[
            "check",
            "--trace",
            "empty.json",
            "--trace-min-calls",
            "0",
            "t.py",
        ],
    );
    assert_eq!(out.status.code(), Some(2));
    let out = ghosttax(dir.path(), &["check", "--trace", "empty.json", "t.py"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

/// `[trace]` sets GT401's thresholds; a count below one is refused where it is written.
#[test]
fn the_trace_table_sets_gt401s_thresholds() {
    let dir = tempfile::tempdir().expect("tempdir");
    write(
        dir.path(),
        "t.py",
        "def f(b):\n    return getattr(b, 'pin_memory')()\n",
    );
    let site = "{\"api\":\"cudaHostAlloc\",\"kind\":\"pin\",\"path\":\"/opt/app/t.py\",\"line\":2,\
        \"function\":\"f\",\"stack\":[],\"calls\":10,\"failures\":0,\"bytes_min\":1024,\
        \"bytes_max\":1024,\"bytes_total\":10240,\"peak_live_bytes\":1024,\"unreleased_bytes\":0,\
        \"seconds\":0.5,\"threads\":1,\"pids\":[7]}";
    write(
        dir.path(),
        "trace.json",
        &format!(
            "{{\"version\":1,\"tool\":\"t\",\"command\":[],\"exit_status\":0,\"signal\":null,\
             \"seconds\":1,\"processes\":[],\"sites\":[{site}]}}\n"
        ),
    );
    let found = |config: &str| {
        write(dir.path(), "ghosttax.toml", config);
        let out = ghosttax(
            dir.path(),
            &[
                "check",
                "--format",
                "concise",
                "-q",
                "--trace",
                "trace.json",
                "t.py",
            ],
        );
        (out.status.code(), stdout(&out), stderr(&out))
    };
    let (code, out, _) = found("");
    assert_eq!(code, Some(1));
    assert_eq!(
        out,
        "t.py:2:5: GT401 warning: `cudaHostAlloc` pinned 10 times at run time: static analysis \
         did not flag it\n"
    );
    let (code, out, _) = found("[trace]\nmin-calls = 11\n");
    assert_eq!((code, out.as_str()), (Some(0), ""));
    let (code, _, err) = found("[trace]\nmin-calls = 0\n");
    assert_eq!(code, Some(2));
    assert!(err.contains("expected a count of at least 1"), "{err}");
    assert!(err.contains("ghosttax.toml:2:13"), "{err}");
}

#[test]
fn vendored_code_is_checked_like_own_code_unless_switched_off() {
    let dir = tempfile::tempdir().expect("tempdir");
    write(
        dir.path(),
        "third_party/fastcopy/stage.py",
        "import torch\n\n\ndef stage_all(ts):\n    for t in ts:\n        \
         t.pin_memory()\n",
    );
    let severity = |args: &[&str]| {
        let out = ghosttax(dir.path(), args);
        let doc: Value = serde_json::from_slice(&out.stdout).expect("json");
        let f = &doc["findings"][0];
        assert_eq!(f["rule"], "GT101");
        assert_eq!(f["line"], 6);
        assert_eq!(f["column"], 9);
        (f["severity"].clone(), f["context"].clone())
    };
    assert_eq!(
        severity(&["check", "--format", "json"]),
        ("warning".into(), "hot-loop".into())
    );
    assert_eq!(
        severity(&["check", "--format", "json", "--no-vendored-as-code"]),
        ("info".into(), "vendored".into())
    );
    write(dir.path(), "ghosttax.toml", "vendored-as-code = false\n");
    assert_eq!(
        severity(&["check", "--format", "json"]),
        ("info".into(), "vendored".into())
    );
}

/// A loop whose buffer static analysis sees released, and a run that left its bytes pinned:
/// a contradiction, said in a note, unless the driver made fewer blocks than the program
/// asked for (a pool in between keeps them: CuPy's pinned memory pool).
#[test]
fn a_measured_leak_contradicts_a_static_release_unless_a_pool_kept_the_blocks() {
    let dir = tempfile::tempdir().expect("tempdir");
    write(
        dir.path(),
        "loop.py",
        "import cupy\nimport cupyx\n\n\ndef run():\n    for i in range(20):\n        \
         a = cupyx.empty_pinned((1 << 18,), dtype=cupy.float32)\n        a.fill(i)\n",
    );
    let notes = |driver_calls: u64| {
        let site = format!(
            "{{\"api\":\"cupyx.empty_pinned\",\"kind\":\"pin\",\"path\":\"/opt/app/loop.py\",\
             \"line\":7,\"function\":\"run\",\"stack\":[],\"calls\":20,\"failures\":0,\
             \"bytes_min\":1048576,\"bytes_max\":1048576,\"bytes_total\":20971520,\
             \"peak_live_bytes\":2097152,\"unreleased_bytes\":2097152,\"seconds\":0.1,\
             \"threads\":1,\"pids\":[7],\"recorded_by\":\"both\",\"driver_calls\":{driver_calls},\
             \"driver_bytes\":{}}}",
            driver_calls * 1048576
        );
        write(
            dir.path(),
            "trace.json",
            &format!(
                "{{\"version\":2,\"tool\":\"t\",\"command\":[],\"exit_status\":0,\"signal\":null,\
                 \"seconds\":1,\"native\":true,\"libraries\":[\"cupy\"],\"processes\":[],\
                 \"sites\":[{site}]}}\n"
            ),
        );
        let out = ghosttax(dir.path(), &["check", "--trace", "trace.json", "loop.py"]);
        let text = stdout(&out);
        assert_eq!(text.matches("warning[GT101]").count(), 1, "{text}");
        assert!(text.contains("loop.py:7:13"), "{text}");
        assert!(
            text.contains("measured: `empty_pinned()` ran 20 times"),
            "{text}"
        );
        text.matches("the trace contradicts the static verdict")
            .count()
    };
    assert_eq!(notes(20), 1);
    assert_eq!(notes(2), 0);
}

/// One call, one finding: a tiny buffer pinned in a loop is GT101, with GT203's words as a
/// note, not two findings each with its own price; alone (`--select GT203`) GT203 stands.
#[test]
fn one_call_gives_one_finding_with_the_other_rules_as_notes() {
    let dir = tempfile::tempdir().expect("tempdir");
    write(
        dir.path(),
        "tiles.cu",
        "#include <cuda_runtime.h>\nvoid run(int n, const char* d) {\n    for (int i = 0; i < n; ++i) {\n        \
         char* h;\n        cudaMallocHost((void**)&h, 4096);\n        cudaMemcpy(h, d, 4096, \
         cudaMemcpyDeviceToHost);\n        cudaFreeHost(h);\n    }\n}\n",
    );
    let out = ghosttax(
        dir.path(),
        &["check", "--format", "concise", "-q", "tiles.cu"],
    );
    assert_eq!(
        stdout(&out),
        "tiles.cu:5:9: GT101 warning: `cudaMallocHost` pins host memory inside a loop: pins \
         4.00 KiB on every iteration of a loop with an unknown trip count and frees it inside \
         the loop: ≈ 492 B of VRAM under WDDM while each buffer lives (ratio 0.12), paid again \
         on every iteration\n"
    );
    let text = stdout(&ghosttax(dir.path(), &["check", "tiles.cu"]));
    assert!(
        text.contains("= also GT203 tiny-pinned-alloc: `cudaMallocHost` pins only 4.00 KiB"),
        "{text}"
    );
    let alone = ghosttax(
        dir.path(),
        &[
            "check", "--format", "concise", "-q", "--select", "GT203", "tiles.cu",
        ],
    );
    assert!(
        stdout(&alone).starts_with("tiles.cu:5:9: GT203 warning:"),
        "{}",
        stdout(&alone)
    );
}

/// A leak in a loop of unknown trip count is priced per iteration: the summary, Markdown,
/// JSON and `--statistics` say that, never "≈ 0 B known" or a known tax of 0 B.
#[test]
fn a_tax_known_only_per_iteration_is_not_zero() {
    let dir = tempfile::tempdir().expect("tempdir");
    write(
        dir.path(),
        "leak.cu",
        "#include <cuda_runtime.h>\nvoid fill(int n) {\n    for (int i = 0; i < n; ++i) {\n        \
         void* h;\n        cudaMallocHost(&h, 1 << 20);\n    }\n}\n",
    );
    let text = stdout(&ghosttax(dir.path(), &["check", "leak.cu"]));
    assert!(
        text.ends_with(
            "Found 1 warning in 1 file (1 file checked). Estimated VRAM tax under WDDM: ≈ \
             122.88 KiB per iteration at 1 site whose loop's trip count is unknown.\n"
        ),
        "{text}"
    );
    let md = stdout(&ghosttax(
        dir.path(),
        &["check", "--format", "markdown", "leak.cu"],
    ));
    assert!(
        md.contains("| GT101 | pinned-alloc-in-loop | 1 | unknown |"),
        "{md}"
    );
    assert!(!md.contains("0 B"), "{md}");
    let stats = stdout(&ghosttax(dir.path(), &["check", "--statistics", "leak.cu"]));
    assert!(
        stats
            .contains("GT101 pinned-alloc-in-loop         1       unknown             0         0"),
        "{stats}"
    );
    let out = ghosttax(dir.path(), &["check", "--format", "json", "leak.cu"]);
    let doc: Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(
        (
            &doc["summary"]["tax_bytes_total"],
            &doc["summary"]["per_iteration_sites"],
            &doc["summary"]["tax_bytes_per_iteration"]
        ),
        (&0.into(), &1.into(), &125829.into())
    );
}

/// `--assume batch=2MiB` prices `batch.pin_memory()` (its size is `nbytes(batch)`), and so
/// does `--assume 'nbytes(batch)=2MiB'`; anything else in parentheses is refused.
#[test]
fn an_assumption_prices_a_tensor_by_its_name() {
    let dir = tempfile::tempdir().expect("tempdir");
    write(
        dir.path(),
        "t.py",
        "def train(loader):\n    for batch in loader:\n        batch.pin_memory()\n",
    );
    for assume in ["batch=2MiB", "nbytes(batch)=2MiB"] {
        let out = ghosttax(
            dir.path(),
            &[
                "check",
                "--no-cache",
                "--format",
                "json",
                "--assume",
                assume,
            ],
        );
        let doc: Value = serde_json::from_slice(&out.stdout).expect("json");
        let f = &doc["findings"][0];
        assert_eq!(
            (&f["rule"], &f["size_bytes"], &f["tax_bytes"]),
            (&"GT101".into(), &2_097_152.into(), &251_658.into()),
            "{assume}: {f}"
        );
        assert_eq!(f["assumed"][0], "nbytes(batch) = 2097152", "{assume}");
    }
    let out = ghosttax(dir.path(), &["check", "--assume", "nbytes(a.b)=1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("`nbytes(a.b)` is not a name"));
}

/// JSON carries the notes: a wrapper that pins twice is one finding at its call, and the
/// second pin is a note of it.
#[test]
fn json_findings_carry_their_notes() {
    let dir = tempfile::tempdir().expect("tempdir");
    write(
        dir.path(),
        "t.py",
        "import torch\n\n\ndef pair(n):\n    a = torch.empty(n, pin_memory=True)\n    b = torch.empty(n, pin_memory=True)\n    return a, b\n\n\n\
         def train(loader):\n    for x in loader:\n        pair(len(x))\n",
    );
    let out = ghosttax(
        dir.path(),
        &[
            "check",
            "--no-cache",
            "--format",
            "json",
            "--select",
            "GT202",
        ],
    );
    let doc: Value = serde_json::from_slice(&out.stdout).expect("json");
    let all = doc["findings"].as_array().expect("findings");
    assert_eq!(all.len(), 1, "{all:?}");
    assert_eq!(
        (&all[0]["line"], &all[0]["column"]),
        (&12.into(), &9.into())
    );
    let notes: Vec<&str> = all[0]["notes"]
        .as_array()
        .expect("notes")
        .iter()
        .filter_map(|n| n.as_str())
        .collect();
    assert!(notes.contains(&"the call also pins at t.py:6"), "{notes:?}");
}

/// A loop served by PyTorch's pinned-memory cache holds one cached block: the label under
/// the call says so, as the message does, and never that the tax is paid again on every
/// iteration (a buffer freed in the loop without the cache is). JSON and SARIF agree.
#[test]
fn a_cached_churn_is_labelled_as_held_by_the_cache() {
    let dir = tempfile::tempdir().expect("tempdir");
    write(
        dir.path(),
        "run.py",
        "def run(loader):\n    for batch in loader:\n        b = batch.pin_memory()\n",
    );
    write(
        dir.path(),
        "tiles.cu",
        "#include <cuda_runtime.h>\nvoid run(int n) {\n    for (int i = 0; i < n; ++i) {\n        \
         char* h;\n        cudaMallocHost((void**)&h, 4096);\n        cudaFreeHost(h);\n    }\n}\n",
    );
    let args = ["check", "--assume", "batch=2MiB", "run.py", "tiles.cu"];
    let text = stdout(&ghosttax(dir.path(), &args));
    assert!(
        text.contains(
            "^^^^^^^^^^^^^^^^^^ ≈ 245.76 KiB of VRAM under WDDM, held by PyTorch's \
             pinned-memory cache\n"
        ),
        "{text}"
    );
    let cached = text
        .split("warning[")
        .find(|d| d.contains("run.py:3:13"))
        .unwrap_or_default();
    assert!(!cached.contains("paid again"), "{text}");
    assert!(
        text.contains("≈ 492 B of VRAM under WDDM, paid again on every iteration\n"),
        "{text}"
    );
    for format in ["json", "sarif"] {
        let mut with = args.to_vec();
        with.extend(["--format", format, "--select", "GT101"]);
        let out = stdout(&ghosttax(dir.path(), &with));
        let cached = out
            .split("\"message\"")
            .filter(|m| m.contains("pinned-memory cache serves every iteration"))
            .count();
        assert!(cached >= 1, "{out}");
        assert!(
            !out.lines()
                .any(|l| l.contains("pinned-memory cache") && l.contains("paid again")),
            "{out}"
        );
    }
}

/// Two projects named in one run are analysed apart: a call in one never means a function
/// of the same name in the other, and each finds what it finds alone. Folders of one
/// project (CMake subdirectories under the project's own `CMakeLists.txt`) stay one.
#[test]
fn projects_named_together_are_analysed_apart() {
    let dir = tempfile::tempdir().expect("tempdir");
    let stage = "#include <cuda_runtime.h>\n\
                 void stage_rows(const float* src, size_t n) {\n    \
                 float* host = nullptr;\n    \
                 cudaMallocHost(&host, n * sizeof(float));\n    \
                 for (size_t i = 0; i < n; ++i) host[i] = src[i];\n    \
                 cudaFreeHost(host);\n}\n";
    let main = "void stage_rows(const float* src, size_t n);\n\
                int main() {\n    \
                float v[256];\n    \
                for (int step = 0; step < 1000; ++step) {\n        \
                stage_rows(v, 256);\n    }\n    return 0;\n}\n";
    write(dir.path(), "a/CMakeLists.txt", "add_library(a stage.cu)\n");
    write(dir.path(), "a/stage.cu", stage);
    write(
        dir.path(),
        "b/CMakeLists.txt",
        "add_executable(b main.cu)\n",
    );
    write(dir.path(), "b/main.cu", main);
    let args = ["check", "a", "b", "--format", "concise", "--no-cache", "-q"];
    let apart = ghosttax(dir.path(), &args);
    assert_eq!(stdout(&apart), "");
    assert_eq!(apart.status.code(), Some(0));

    // The same folders as subdirectories of one project: the loop reaches the pin.
    write(
        dir.path(),
        "CMakeLists.txt",
        "add_subdirectory(a)\nadd_subdirectory(b)\n",
    );
    let together = ghosttax(dir.path(), &args);
    assert_eq!(together.status.code(), Some(1));
    assert_eq!(
        stdout(&together),
        "a/stage.cu:4:5: GT202 warning: `cudaMallocHost` pins host memory inside `stage_rows`, \
         which a loop calls: `main` → `stage_rows`; pins 1.00 KiB per call and frees it before \
         returning: ≈ 123 B of VRAM per call under WDDM (ratio 0.12) (with n = 256 for the call \
         from `main`)\n"
    );
}

/// A method called on an expression (`ENGINES["dense"].lookup(q)`) is named by its class in
/// the route a message shows, not bare like the route handler of the same name calling it.
#[test]
fn a_method_called_on_an_expression_is_named_by_its_class_in_the_route() {
    let dir = tempfile::tempdir().expect("tempdir");
    write(
        dir.path(),
        "engines.py",
        "import cupyx\n\n\nclass DenseProbe:\n    def lookup(self, q):\n        return cupyx.empty_pinned((len(q), 64))\n\n\nclass SparseProbe:\n    def lookup(self, q):\n        return len(q)\n\n\nENGINES = {\"dense\": DenseProbe, \"sparse\": SparseProbe}\n\n\ndef make_engine(kind):\n    return ENGINES[kind]()\n",
    );
    write(
        dir.path(),
        "server.py",
        "from flask import Flask, request\n\nfrom engines import make_engine\n\napp = Flask(__name__)\nSTATE = {}\n\n\n@app.post(\"/lookup\")\ndef lookup():\n    return {\"n\": STATE[\"engine\"].lookup(request.get_json()[\"q\"])}\n\n\ndef serve(kind):\n    STATE.update(engine=make_engine(kind))\n",
    );
    let out = ghosttax(dir.path(), &["check", "--format", "concise", "."]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert!(
        text.contains("per request through `lookup` → `DenseProbe.lookup`"),
        "{text}"
    );
}
