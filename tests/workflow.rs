//! CI and pre-commit integration through the binary: configuration, suppressions,
//! baselines, machine formats, exit codes.

use std::path::{Path, PathBuf};
use std::process::Output;

mod common;
use common::*;

use serde_json::Value;

/// `rule:line:col` of every finding, from concise output (not its summary line).
fn sites(o: &Output) -> Vec<String> {
    stdout(o)
        .lines()
        .filter(|l| {
            l.split(':')
                .nth(1)
                .is_some_and(|n| n.parse::<usize>().is_ok())
        })
        .map(|l| {
            let mut parts = l.splitn(4, ':');
            let _path = parts.next();
            let line = parts.next().unwrap_or("");
            let col = parts.next().unwrap_or("");
            let rule = parts
                .next()
                .unwrap_or("")
                .split_whitespace()
                .next()
                .unwrap_or("");
            format!("{rule}:{line}:{col}")
        })
        .collect()
}

// A loop that pins ten buffers into the list its caller passes: with no caller in view,
// nothing says it runs once (a module's top level keeping them would be set-up).
const LOOP_PY: &str = "import torch\ndef fill(bufs):\n  for i in range(10):\n    bufs.append(torch.empty(1 << 20, pin_memory=True))\n";

#[test]
fn configuration_is_discovered_upward_and_flags_override_it() {
    let dir = tempfile::tempdir().expect("tempdir");
    write(dir.path(), "sub/deep/a.py", LOOP_PY);
    // A pyproject.toml nearer than ghosttax.toml loses: ghosttax.toml files are searched first.
    write(dir.path(), "ghosttax.toml", "[tax]\nratio = 0.25\n");
    write(
        dir.path(),
        "sub/pyproject.toml",
        "[tool.ghosttax.tax]\nratio = 0.5\n",
    );
    let deep = dir.path().join("sub/deep");
    let tax = |args: &[&str]| -> Value {
        let mut all = vec!["check", "--format", "json", "a.py"];
        all.extend_from_slice(args);
        let o = ghosttax(&deep, &all);
        let doc: Value = serde_json::from_slice(&o.stdout).unwrap_or(Value::Null);
        doc["findings"][0]["tax_bytes"].clone()
    };
    assert_eq!(tax(&[]), 10_485_760, "ghosttax.toml: 4 MiB × 0.25 × 10");
    assert_eq!(tax(&["--tax-ratio", "0.1"]), 4_194_304, "the flag wins");
    assert_eq!(tax(&["--isolated"]), 5_033_165, "defaults: × 0.12");
    std::fs::remove_file(dir.path().join("ghosttax.toml")).expect("rm");
    assert_eq!(
        tax(&[]),
        20_971_520,
        "[tool.ghosttax] in the nearest pyproject.toml"
    );
    write(dir.path(), "other.toml", "[tax]\nratio = 0.01\n");
    let other = dir.path().join("other.toml");
    assert_eq!(
        tax(&["--config", other.to_str().unwrap_or_default()]),
        419_430,
        "--config wins"
    );
}

#[test]
fn configuration_errors_name_file_line_and_column() {
    let dir = tempfile::tempdir().expect("tempdir");
    write(dir.path(), "a.py", LOOP_PY);
    let cases = [
        ("[tax\nratio = 1\n", "ghosttax.toml:1:5", "unclosed table"),
        (
            "[tax]\nratoi = 1\n",
            "ghosttax.toml:2:1",
            "unknown field `ratoi`",
        ),
        (
            "[tax]\nratio = \"high\"\n",
            "ghosttax.toml:2:9",
            "invalid type",
        ),
        (
            "[tax]\nratio = 0.0\n",
            "ghosttax.toml:2:9",
            "ratio 0 is outside (0, 1]",
        ),
        (
            "select = [\"GT1\", \"GT777\"]\n",
            "ghosttax.toml:1:18",
            "unknown rule code `GT777`",
        ),
        (
            "[severity]\nGT101 = \"fatal\"\n",
            "ghosttax.toml:2:9",
            "unknown severity `fatal`",
        ),
        (
            "max-file-size = \"ten\"\n",
            "ghosttax.toml:1:17",
            "`ten` is not a size",
        ),
        (
            "colour = true\n",
            "ghosttax.toml:1:1",
            "unknown field `colour`",
        ),
    ];
    for (text, at, what) in cases {
        write(dir.path(), "ghosttax.toml", text);
        let o = ghosttax(dir.path(), &["check"]);
        assert_eq!(o.status.code(), Some(2), "{text}");
        let e = stderr(&o);
        assert!(e.contains(at) && e.contains(what), "{text}: {e}");
    }
}

#[test]
fn configuration_keys_take_effect() {
    let dir = tempfile::tempdir().expect("tempdir");
    write(dir.path(), "src/a.py", LOOP_PY);
    write(dir.path(), "vendor/b.py", LOOP_PY);
    write(dir.path(), "tests/c.py", LOOP_PY);
    write(
        dir.path(),
        "src/wrap.cpp",
        "void f() { for (int i = 0; i < 4; ++i) my_pinned_alloc(&p, 1 << 20); }\n",
    );
    write(
        dir.path(),
        ".ghosttax.toml",
        "exclude = [\"vendor/**\"]\nextend-select = [\"GT204\"]\n\
         [severity]\nGT101 = \"error\"\n[per-file-ignores]\n\"tests/**\" = [\"GT1\"]\n\
         [tax]\nvram = \"8GiB\"\n\
         [[api]]\nname = \"my_pinned_alloc\"\nlanguages = [\"cpp\"]\nkind = \"alloc\"\n\
         pointer_arg = 0\nsize_arg = 1\nreleased_by = [\"my_pinned_free\"]\n",
    );
    let o = ghosttax(dir.path(), &["check", "--format", "json"]);
    let doc: Value = serde_json::from_slice(&o.stdout).expect("json");
    let found: Vec<(String, String, String)> = doc["findings"]
        .as_array()
        .expect("array")
        .iter()
        .map(|f| {
            (
                f["path"].as_str().unwrap_or("").to_string(),
                f["rule"].as_str().unwrap_or("").to_string(),
                f["severity"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect();
    let want = |p: &str, r: &str, s: &str| (p.to_string(), r.to_string(), s.to_string());
    assert_eq!(
        found,
        vec![
            want("src/a.py", "GT101", "error"),
            // (The wrapper's missing release is a note of its GT101: one call, one finding.)
            want("src/wrap.cpp", "GT101", "error"),
        ]
    );
    let msg = doc["findings"][0]["message"].as_str().unwrap_or("");
    assert!(msg.ends_with("[0.06% of 8.00 GiB of VRAM]"), "{msg}");
    assert_eq!(doc["findings"][1]["size_bytes"], 1 << 20);
}

#[test]
fn suppressions_on_the_line_above_the_file_and_unused_ones() {
    let dir = tempfile::tempdir().expect("tempdir");
    write(
        dir.path(),
        "s.py",
        "import torch\n\
         for i in range(3):\n\
         \x20   a = t.pin_memory()  # ghosttax: ignore[GT101]\n\
         \x20   # ghosttax: ignore\n\
         \x20   b = t.pin_memory()\n\
         \x20   c = t.pin_memory()  # ghosttax: ignore[GT102, GT999]\n\
         d = torch.empty(1 << 20, pin_memory=True)  # ghosttax: ignore[GT101]\n",
    );
    let o = ghosttax(dir.path(), &["check", "--format", "concise", "-q"]);
    assert_eq!(
        sites(&o),
        vec!["GT101:6:9", "GT900:6:25", "GT900:6:25", "GT900:7:44"],
        "{}",
        stdout(&o)
    );
    assert!(stdout(&o).contains("unused suppression: no GT102 finding here"));
    assert!(stdout(&o).contains("suppression names `GT999`, which is not a ghosttax rule"));
    // A file-level suppression in the first 10 lines.
    write(
        dir.path(),
        "f.cu",
        "// ghosttax: ignore-file[GT101]\nvoid f(){ for(;;) cudaMallocHost(&p, 1<<20); }\n",
    );
    let o = ghosttax(dir.path(), &["check", "--format", "concise", "-q", "f.cu"]);
    assert_eq!(sites(&o), vec!["GT305:2:19"], "{}", stdout(&o));
}

#[test]
fn baseline_round_trip_survives_a_line_shift() {
    let dir = tempfile::tempdir().expect("tempdir");
    write(dir.path(), "a.py", LOOP_PY);
    let o = ghosttax(dir.path(), &["check", "--write-baseline", "base.json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = std::fs::read_to_string(dir.path().join("base.json")).expect("baseline");
    let doc: Value = serde_json::from_str(&text).expect("json");
    assert_eq!(doc["version"], 1);
    assert_eq!(doc["findings"][0]["rule"], "GT101");
    assert_eq!(doc["findings"][0]["function"], "fill");
    let again = ghosttax(dir.path(), &["check", "--write-baseline", "base2.json"]);
    assert_eq!(again.status.code(), Some(0));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("base2.json")).expect("second"),
        text,
        "stable across runs"
    );
    // Lines added above: the old finding stays quiet; a new one is reported.
    write(
        dir.path(),
        "a.py",
        &format!("# a comment\n\n{LOOP_PY}while True:\n    x = t.pin_memory()\n"),
    );
    let o = ghosttax(
        dir.path(),
        &[
            "check",
            "--format",
            "concise",
            "-q",
            "--baseline",
            "base.json",
        ],
    );
    assert_eq!(sites(&o), vec!["GT101:8:9"], "{}", stdout(&o));
    assert_eq!(o.status.code(), Some(1));
    let o = ghosttax(dir.path(), &["check", "--baseline", "missing.json"]);
    assert_eq!(o.status.code(), Some(2));
}

/// The first 8 bytes of sha256 over the parts, each followed by a NUL, in hex: a baseline
/// fingerprint computed here independently of the crate.
fn sha_prefix(parts: &[&str]) -> String {
    use sha2::{Digest, Sha256};
    let mut h = Sha256::new();
    for p in parts {
        h.update(p.as_bytes());
        h.update([0u8]);
    }
    h.finalize()[..8]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[test]
fn a_baseline_matches_whichever_way_its_paths_were_written() {
    let dir = tempfile::tempdir().expect("tempdir");
    write(dir.path(), "src/gpu/a.py", LOOP_PY);
    const CALL: &str = "torch.empty(1<<20,pin_memory=True)";
    // `check` and `check .` record the same portable path and fingerprint.
    for (args, file) in [(vec![], "b1.json"), (vec!["."], "b2.json")] {
        let mut full = vec!["check", "--write-baseline", file];
        full.extend(args);
        let o = ghosttax(dir.path(), &full);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    }
    let text = std::fs::read_to_string(dir.path().join("b1.json")).expect("baseline");
    assert_eq!(
        std::fs::read_to_string(dir.path().join("b2.json")).expect("baseline"),
        text
    );
    let doc: Value = serde_json::from_str(&text).expect("json");
    let entry = &doc["findings"][0];
    assert_eq!(doc["findings"].as_array().map(Vec::len), Some(1));
    assert_eq!(entry["path"], "src/gpu/a.py");
    assert_eq!(entry["call"], CALL);
    assert_eq!(
        entry["fingerprint"],
        sha_prefix(&["GT101", "src/gpu/a.py", "fill", CALL]).as_str()
    );
    // The same entry as a Windows build wrote it before paths were portable: `\` in the
    // path and in what its fingerprint hashed. It still matches, with and without `./`.
    let windows = text.replace("src/gpu/a.py", r"src\\gpu\\a.py").replace(
        entry["fingerprint"].as_str().unwrap_or_default(),
        &sha_prefix(&["GT101", r"src\gpu\a.py", "fill", CALL]),
    );
    assert!(windows.contains(r#""path": "src\\gpu\\a.py""#), "{windows}");
    write(dir.path(), "windows.json", &windows);
    for args in [vec![], vec!["."]] {
        let mut full = vec!["check", "--baseline", "windows.json"];
        full.extend(args);
        let o = ghosttax(dir.path(), &full);
        assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
        assert_eq!(
            stdout(&o),
            "No pinned-memory problems found (1 file checked).\n"
        );
    }
    // The baseline still reports what it does not record.
    let o = ghosttax(
        dir.path(),
        &[
            "check",
            "--format",
            "concise",
            "-q",
            "--baseline",
            "windows.json",
            "--select",
            "GT100",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(sites(&o), vec!["GT100:4:17"], "{}", stdout(&o));
}

#[test]
fn a_crlf_checkout_writes_the_same_baseline_as_an_lf_one() {
    // git on Windows checks text out with CRLF by default; a call split over lines must
    // fingerprint the same there.
    let body = "import torch\nfor i in range(3):\n    x = torch.empty(\n        1 << 20, pin_memory=True\n    )\n";
    let lf = tempfile::tempdir().expect("tempdir");
    let crlf = tempfile::tempdir().expect("tempdir");
    write(lf.path(), "a.py", body);
    write(crlf.path(), "a.py", &body.replace('\n', "\r\n"));
    for dir in [&lf, &crlf] {
        let o = ghosttax(dir.path(), &["check", "--write-baseline", "base.json"]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    }
    let read = |d: &Path| std::fs::read_to_string(d.join("base.json")).expect("baseline");
    let text = read(lf.path());
    assert_eq!(read(crlf.path()), text);
    let doc: Value = serde_json::from_str(&text).expect("json");
    assert_eq!(
        doc["findings"][0]["call"],
        "torch.empty(1<<20,pin_memory=True)"
    );
    // A baseline written from an LF checkout silences the CRLF checkout's finding.
    std::fs::copy(lf.path().join("base.json"), crlf.path().join("lf.json")).expect("copy");
    let o = ghosttax(crlf.path(), &["check", "--baseline", "lf.json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
}

/// The official SARIF 2.1.0 schema, from the shared folder beside the repository.
fn sarif_schema() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("GHOSTTAX_SARIF_SCHEMA") {
        return Some(PathBuf::from(p));
    }
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .map(|a| a.join("shared/schemas/sarif-schema-2.1.0.json"))
        .find(|p| p.is_file())
}

#[test]
fn sarif_is_valid_against_the_official_schema() {
    let dir = tempfile::tempdir().expect("tempdir");
    write(dir.path(), "a b/x,y.py", LOOP_PY);
    write(
        dir.path(),
        "helper.cpp",
        "void* stage(size_t n) { void* p; cudaMallocHost(&p, n); return p; }\n",
    );
    write(
        dir.path(),
        "k.cu",
        "void* stage(size_t n);\nvoid run() { for (int i = 0; i < 8; ++i) stage(64); }\n",
    );
    let o = ghosttax(dir.path(), &["check", "--format", "sarif"]);
    assert_eq!(o.status.code(), Some(1));
    let doc: Value = serde_json::from_slice(&o.stdout).expect("json");
    let run = &doc["runs"][0];
    assert_eq!(run["tool"]["driver"]["name"], "ghosttax");
    let result = &run["results"][0];
    assert_eq!(result["ruleId"], "GT101");
    let loc = &result["locations"][0]["physicalLocation"];
    assert_eq!(loc["artifactLocation"]["uri"], "a%20b/x%2Cy.py");
    assert_eq!(loc["artifactLocation"]["uriBaseId"], "%SRCROOT%");
    assert_eq!(loc["region"]["startLine"], 4);
    assert_eq!(loc["region"]["startColumn"], 17);
    let rules = run["tool"]["driver"]["rules"].as_array().expect("rules");
    let index = result["ruleIndex"].as_u64().unwrap_or(99) as usize;
    assert_eq!(rules[index]["id"], "GT101");
    assert!(result["partialFingerprints"]["ghosttax/v1"].is_string());
    assert!(result["partialFingerprints"]["primaryLocationLineHash"].is_null());
    let chain = run["results"]
        .as_array()
        .expect("results")
        .iter()
        .find(|r| r["ruleId"] == "GT202")
        .expect("a GT202 result");
    assert_eq!(
        chain["relatedLocations"][1]["physicalLocation"]["artifactLocation"]["uri"],
        "k.cu"
    );
    let Some(schema_path) = sarif_schema() else {
        println!("skipped: the SARIF schema (shared/schemas/sarif-schema-2.1.0.json) is absent");
        return;
    };
    let schema: Value =
        serde_json::from_str(&std::fs::read_to_string(schema_path).expect("schema"))
            .expect("schema json");
    let validator = jsonschema::validator_for(&schema).expect("a valid schema");
    let errors: Vec<String> = validator
        .iter_errors(&doc)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

#[test]
fn github_annotations_escape_hostile_file_names() {
    let dir = tempfile::tempdir().expect("tempdir");
    let name = "a,b:c%d.py";
    write(dir.path(), name, LOOP_PY);
    let o = ghosttax(dir.path(), &["check", "--format", "github"]);
    assert_eq!(
        stdout(&o),
        "::warning file=a%2Cb%3Ac%25d.py,line=4,col=17,endLine=4,endColumn=54,title=GT101::\
         `torch.empty(.., pin_memory=True)` pins host memory inside a loop: pins 4.00 MiB on \
         each of 10 iterations and keeps every buffer: each holds a 4.00 MiB block of PyTorch's \
         pinned-memory cache, which stays pinned after the tensors die: ≈ 4.80 MiB of VRAM under \
         WDDM (ratio 0.12)\n"
    );
    if cfg!(unix) {
        let nasty = "x\ny.py";
        write(dir.path(), nasty, LOOP_PY);
        let o = ghosttax(dir.path(), &["check", "--format", "github", nasty]);
        assert!(
            stdout(&o).starts_with("::warning file=x%0Ay.py,line=4,"),
            "{}",
            stdout(&o)
        );
        assert_eq!(stdout(&o).lines().count(), 1);
    }
}

#[test]
fn markdown_report() {
    let dir = tempfile::tempdir().expect("tempdir");
    write(dir.path(), "a.py", LOOP_PY);
    write(
        dir.path(),
        "b.cu",
        "void f() { for (int i = 0; i < 2; ++i) { cudaHostRegister(p, 1 << 20, 0); cudaHostUnregister(p); } }\n",
    );
    let o = ghosttax(dir.path(), &["check", "--format", "markdown"]);
    assert_eq!(
        stdout(&o),
        "## ghosttax\n\n\
         **2 findings** in 2 files (2 files checked). Estimated VRAM tax under WDDM: **≈ 4.85 MiB** known.\n\n\
         | rule | name | findings | known tax |\n|---|---|---:|---:|\n\
         | GT101 | pinned-alloc-in-loop | 1 | 4.80 MiB |\n\
         | GT102 | host-register-in-loop | 1 | 51.20 KiB |\n\n\
         ### GT101 pinned-alloc-in-loop\n\n| location | message | VRAM tax |\n|---|---|---:|\n\
         | [a.py:4](a.py#L4) | `torch.empty(.., pin_memory=True)` pins host memory inside a loop: pins 4.00 MiB on each of 10 iterations and keeps every buffer: each holds a 4.00 MiB block of PyTorch's pinned-memory cache, which stays pinned after the tensors die: ≈ 4.80 MiB of VRAM under WDDM (ratio 0.12) | 4.80 MiB |\n\n\
         ### GT102 host-register-in-loop\n\n| location | message | VRAM tax |\n|---|---|---:|\n\
         | [b.cu:1](b.cu#L1) | `cudaHostRegister` page-locks host memory inside a loop: registers 1.00 MiB on each of 2 iterations and unregisters it inside the loop: ≈ 51.20 KiB of VRAM under WDDM while each buffer lives (ratio 0.05), paid again on every iteration | 51.20 KiB |\n\n\
         ### Top sites by VRAM tax\n\n| location | rule | VRAM tax |\n|---|---|---:|\n\
         | [a.py:4](a.py#L4) | GT101 | 4.80 MiB |\n\
         | [b.cu:1](b.cu#L1) | GT102 | 51.20 KiB |\n\n\
         **Total estimated VRAM tax under WDDM: ≈ 4.85 MiB**\n"
    );
}

#[test]
fn statistics_exit_codes_and_output_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    write(dir.path(), "src/a.py", LOOP_PY);
    write(
        dir.path(),
        "tools/b.py",
        "from torch.utils.data import DataLoader\nl = DataLoader(d, pin_memory=True)\n",
    );
    let o = ghosttax(dir.path(), &["check", "--statistics", "--select", "ALL"]);
    let text = stdout(&o);
    assert!(
        text.starts_with(
            "rule                         findings     known tax  unknown size   formula\n\
             GT100 pinned-inventory              1      4.80 MiB             0         0\n\
             GT101 pinned-alloc-in-loop          1      4.80 MiB             0         0\n"
        ),
        "{text}"
    );
    assert!(
        text.contains("src/              1      4.80 MiB             0         0"),
        "{text}"
    );
    assert_eq!(
        ghosttax(dir.path(), &["check", "--exit-zero"])
            .status
            .code(),
        Some(0)
    );
    assert_eq!(
        ghosttax(dir.path(), &["check", "--fail-on", "error"])
            .status
            .code(),
        Some(0)
    );
    assert_eq!(
        ghosttax(
            dir.path(),
            &["check", "--select", "GT204", "--fail-on", "info"]
        )
        .status
        .code(),
        Some(1)
    );
    assert_eq!(
        ghosttax(dir.path(), &["check", "--select", "GT204"])
            .status
            .code(),
        Some(0)
    );
    let o = ghosttax(
        dir.path(),
        &["check", "--format", "json", "--output-file", "report.json"],
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).is_empty());
    let doc: Value = serde_json::from_str(
        &std::fs::read_to_string(dir.path().join("report.json")).expect("report"),
    )
    .expect("json");
    assert_eq!(doc["summary"]["findings"], 1);
}

#[test]
fn rules_lists_every_rule_with_languages() {
    let dir = tempfile::tempdir().expect("tempdir");
    let o = ghosttax(dir.path(), &["rules", "--format", "json"]);
    let doc: Value = serde_json::from_slice(&o.stdout).expect("json");
    let codes: Vec<&str> = doc
        .as_array()
        .expect("array")
        .iter()
        .filter_map(|r| r["code"].as_str())
        .collect();
    assert_eq!(
        codes,
        [
            "GT100", "GT101", "GT102", "GT201", "GT202", "GT203", "GT204", "GT205", "GT206",
            "GT301", "GT302", "GT303", "GT304", "GT305", "GT401", "GT900"
        ]
    );
    assert_eq!(
        doc[3]["languages"],
        serde_json::json!(["python", "c", "cpp", "cuda", "rust"])
    );
    assert_eq!(doc[6]["default_enabled"], false);
    for code in codes {
        let o = ghosttax(dir.path(), &["explain", code]);
        assert!(stdout(&o).starts_with(&format!("# {code} ")), "{code}");
        assert!(stdout(&o).contains("## Use instead"), "{code}");
    }
}

/// `git` in `dir`, failing the test on error.
fn git(dir: &Path, args: &[&str]) {
    let o = std::process::Command::new("git")
        .args(["-c", "user.email=ci@example.com", "-c", "user.name=ci"])
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run git");
    assert!(o.status.success(), "git {args:?}: {}", stderr(&o));
}

#[test]
fn named_files_are_checked_with_the_rest_of_the_repository_around_them() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    write(
        root,
        "lib/stage.py",
        "def stage_batch(b):\n    return b.pin_memory()\n",
    );
    write(
        root,
        "train.py",
        "from lib.stage import stage_batch\n\ndef train(loader):\n    for b in loader:\n        pass\n",
    );
    write(
        root,
        "other.py",
        "import torch\nfor i in range(4):\n    torch.empty(1, pin_memory=True)\n",
    );
    git(root, &["init", "-q"]);
    git(root, &["add", "."]);
    git(root, &["commit", "-qm", "init"]);
    // The change a pre-commit hook sees: the loop now calls the unchanged pinning helper.
    write(
        root,
        "train.py",
        "from lib.stage import stage_batch\n\ndef train(loader):\n    for b in loader:\n        stage_batch(b)\n",
    );
    let o = ghosttax(root, &["check", "--format", "concise", "-q", "train.py"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "train.py:5:9: GT202 warning: `stage_batch` pins host memory for its caller on every call (`b.pin_memory()` in `stage_batch`), and a loop calls it: `train` → `stage_batch`; size `nbytes(b)` bytes, not static: each call costs 12% of its pinned bytes in VRAM under WDDM\n"
    );
    let json = ghosttax(root, &["check", "--format", "json", "train.py"]);
    let doc: Value = serde_json::from_slice(&json.stdout).expect("json");
    let related: Vec<String> = doc["findings"][0]["related"]
        .as_array()
        .expect("related")
        .iter()
        .map(|r| format!("{}:{}", r["path"].as_str().unwrap_or(""), r["line"]))
        .collect();
    assert_eq!(related, ["train.py:4", "train.py:5", "lib/stage.py:2"]);
    // From a subdirectory, with a name given relative to it: the same finding, named as given.
    let o = ghosttax(
        &root.join("lib"),
        &["check", "--format", "concise", "-q", "../train.py"],
    );
    assert_eq!(sites(&o), ["GT202:5:9"]);
    // Without the context: the named file alone, and nothing to report.
    let o = ghosttax(
        root,
        &[
            "check",
            "--format",
            "concise",
            "-q",
            "--no-context",
            "train.py",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    // A finding in a file nobody named (other.py) is not reported.
    let o = ghosttax(
        root,
        &["check", "--format", "concise", "-q", "lib/stage.py"],
    );
    assert_eq!(sites(&o), ["GT202:5:9"]);
    // An explicit context directory outside git works the same.
    let plain = tempfile::tempdir().expect("tempdir");
    write(
        plain.path(),
        "lib/stage.py",
        "def stage_batch(b):\n    return b.pin_memory()\n",
    );
    write(
        plain.path(),
        "train.py",
        "from lib.stage import stage_batch\n\ndef train(loader):\n    for b in loader:\n        stage_batch(b)\n",
    );
    let o = ghosttax(
        plain.path(),
        &["check", "--format", "concise", "-q", "train.py"],
    );
    assert_eq!(
        o.status.code(),
        Some(0),
        "no git, no --context: the file alone"
    );
    let o = ghosttax(
        plain.path(),
        &[
            "check",
            "--format",
            "concise",
            "-q",
            "--context",
            ".",
            "train.py",
        ],
    );
    assert_eq!(sites(&o), ["GT202:5:9"]);
}

#[test]
fn diff_base_reports_only_what_the_branch_introduced() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    let base = "import torch\n\ndef old(loader):\n    for b in loader:\n        b.pin_memory()\n\ndef keep(x):\n    return x\n\ndef keep2(x):\n    return x\n";
    write(root, "a.py", base);
    write(
        root,
        "lib.py",
        "def stage(b):\n    return b.pin_memory()\n\ndef unused():\n    return 0\n",
    );
    git(root, &["init", "-q", "-b", "main"]);
    git(root, &["add", "."]);
    git(root, &["commit", "-qm", "base"]);
    git(root, &["checkout", "-qb", "feature"]);
    // Renamed (git follows it), a function moved above the old one, and one new pin.
    git(root, &["mv", "a.py", "renamed.py"]);
    write(
        root,
        "renamed.py",
        "import torch\n\ndef keep(x):\n    return x\n\ndef old(loader):\n    for b in loader:\n        b.pin_memory()\n\ndef keep2(x):\n    return x\n\ndef new(loader):\n    for b in loader:\n        torch.empty(1 << 20, pin_memory=True)\n",
    );
    // A loop added in another file that now calls an unchanged pinning helper.
    write(
        root,
        "train.py",
        "from lib import stage\n\ndef train(loader):\n    for b in loader:\n        stage(b)\n",
    );
    git(root, &["add", "."]);
    git(root, &["commit", "-qm", "feature"]);

    let o = ghosttax(
        root,
        &["check", "--format", "concise", "--diff-base", "main"],
    );
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert_eq!(sites(&o), ["GT101:15:9", "GT202:5:9"]);
    assert!(
        stdout(&o).contains("\ntrain.py:5:9: GT202"),
        "{}",
        stdout(&o)
    );
    assert!(
        stdout(&o).contains("\n2 findings new since `main` (1 pre-existing not shown)."),
        "{}",
        stdout(&o)
    );
    let json = ghosttax(root, &["check", "--format", "json", "--diff-base", "main"]);
    let doc: Value = serde_json::from_slice(&json.stdout).expect("json");
    assert_eq!(doc["findings"][0]["baseline_state"], "new");
    assert_eq!(doc["summary"]["diff_base"], "main");
    assert_eq!(doc["summary"]["pre_existing"], 1);
    let sarif = ghosttax(root, &["check", "--format", "sarif", "--diff-base", "main"]);
    let doc: Value = serde_json::from_slice(&sarif.stdout).expect("sarif");
    assert_eq!(doc["runs"][0]["results"][1]["baselineState"], "new");
    // The same from the configuration; the repository was not touched.
    write(root, "ghosttax.toml", "[ci]\ndiff-base = \"main\"\n");
    let o = ghosttax(root, &["check", "--format", "concise"]);
    assert_eq!(sites(&o), ["GT101:15:9", "GT202:5:9"]);
    let status = std::process::Command::new("git")
        .args(["status", "--porcelain"])
        .current_dir(root)
        .output()
        .expect("git status");
    assert_eq!(stdout(&status), "?? ghosttax.toml\n");
    // A revision that does not exist is a usage error.
    let o = ghosttax(root, &["check", "--isolated", "--diff-base", "nope"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("`nope` is not a revision"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn sizes_that_are_not_static_are_formulas_and_assumptions_price_them() {
    let dir = tempfile::tempdir().expect("tempdir");
    write(
        dir.path(),
        "c.cu",
        "#include <cuda_runtime.h>\nvoid f(int num_rows, float** out) {\n  for (int i = 0; i < 8; ++i) {\n    cudaMallocHost((void**)&out[i], (num_rows + 1) * sizeof(int));\n  }\n}\n",
    );
    write(
        dir.path(),
        "s.py",
        "import torch\n\nclass Stager:\n    def run(self, loader):\n        for b in loader:\n            buf = torch.empty(self.max_batch * 1024, dtype=torch.float16, pin_memory=True)\n",
    );
    let findings = |args: &[&str]| -> Vec<Value> {
        let mut all = vec!["check", "--format", "json", "--select", "GT101"];
        all.extend_from_slice(args);
        let o = ghosttax(dir.path(), &all);
        let doc: Value = serde_json::from_slice(&o.stdout).expect("json");
        doc["findings"].as_array().cloned().unwrap_or_default()
    };
    let symbolic = findings(&[]);
    assert_eq!(symbolic[0]["size_expr"], "(num_rows + 1) × 4");
    assert_eq!(symbolic[0]["size_bytes"], Value::Null);
    assert!(
        symbolic[0]["message"]
            .as_str()
            .unwrap_or("")
            .contains("size `(num_rows + 1) × 4` bytes, not static"),
        "{}",
        symbolic[0]["message"]
    );
    assert_eq!(symbolic[1]["size_expr"], "self.max_batch × 1024 × 2");
    // Named on the command line (matched on the last component: `self.max_batch`).
    let assumed = findings(&["--assume", "max_batch=64,num_rows=1023"]);
    assert_eq!(assumed[0]["size_bytes"], 4096);
    assert_eq!(assumed[0]["tax_bytes"], 3932);
    assert_eq!(
        assumed[0]["assumed"],
        serde_json::json!(["num_rows = 1023"])
    );
    assert_eq!(assumed[0]["size_expr"], Value::Null);
    assert_eq!(assumed[1]["size_bytes"], 131072);
    assert!(
        assumed[1]["message"]
            .as_str()
            .unwrap_or("")
            .ends_with("(assuming max_batch = 64)"),
        "{}",
        assumed[1]["message"]
    );
    // In the configuration, with units; one that binds nothing is said.
    write(
        dir.path(),
        "ghosttax.toml",
        "[tax.assume]\nmax_batch = \"1KiB\"\nseq_len = 4096\n",
    );
    let o = ghosttax(
        dir.path(),
        &["check", "--format", "json", "--select", "GT101"],
    );
    let doc: Value = serde_json::from_slice(&o.stdout).expect("json");
    assert_eq!(doc["findings"][1]["size_bytes"], 1024 * 1024 * 2);
    assert!(
        stderr(&o).contains("warning: the assumption `seq_len` binds no name in the checked code"),
        "{}",
        stderr(&o)
    );
    // A malformed assumption is a usage error.
    let o = ghosttax(dir.path(), &["check", "--assume", "max batch=4"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn every_form_of_size_has_a_formula_or_a_figure() {
    let dir = tempfile::tempdir().expect("tempdir");
    write(
        dir.path(),
        "forms.py",
        "import torch\n\
         \n\
         def stage(logits, ids, req, rank, size, x):\n\
         \x20   a = torch.tensor([rank, 2 * size - rank - 1], device=\"cpu\", pin_memory=True)\n\
         \x20   b = torch.tensor(ids, dtype=torch.int32, device=\"cpu\", pin_memory=True)\n\
         \x20   c = torch.empty_like(logits, device=\"cpu\", pin_memory=True)\n\
         \x20   d = torch.from_numpy(req.shm_req.get_prompt_ids_of_request()).pin_memory()\n\
         \x20   e = x.pin_memory()\n\
         \x20   f = torch.tensor([rank, size], dtype=torch.int64, pin_memory=True)\n\
         \x20   g = torch.empty(logits.shape, dtype=logits.dtype, pin_memory=True)\n\
         \x20   h = torch.tensor([r.idx for r in req.items], dtype=torch.int32, pin_memory=True)\n\
         \x20   i = torch.empty(len(ids), 1024, pin_memory=True)\n",
    );
    write(
        dir.path(),
        "sizes.cu",
        "#include <cuda_runtime.h>\n\
         void init(Core* core, int num_procs, void** a, void** b) {\n\
         \x20 cudaMallocHost(a, core->get_global_gpu_count() * sizeof(offset_t));\n\
         \x20 cudaMallocHost(b, sizeof(size_t) * num_procs);\n\
         }\n",
    );
    let o = ghosttax(
        dir.path(),
        &[
            "check",
            "--format",
            "json",
            "--select",
            "GT100",
            "--no-context",
        ],
    );
    let doc: Value = serde_json::from_slice(&o.stdout).expect("json");
    let findings = doc["findings"].as_array().cloned().unwrap_or_default();
    let got: Vec<(String, u64, Value, Value)> = findings
        .iter()
        .map(|f| {
            (
                f["path"].as_str().unwrap_or("").to_string(),
                f["line"].as_u64().unwrap_or(0),
                f["size_expr"].clone(),
                f["size_bytes"].clone(),
            )
        })
        .collect();
    let s = |t: &str| Value::String(t.to_string());
    assert_eq!(
        got,
        vec![
            (
                "forms.py".into(),
                4,
                s("2 × itemsize(element)"),
                Value::Null
            ),
            ("forms.py".into(), 5, s("numel(ids) × 4"), Value::Null),
            ("forms.py".into(), 6, s("nbytes(logits)"), Value::Null),
            (
                "forms.py".into(),
                7,
                s("nbytes(torch.from_numpy(..))"),
                Value::Null
            ),
            ("forms.py".into(), 8, s("nbytes(x)"), Value::Null),
            ("forms.py".into(), 9, Value::Null, Value::from(16)),
            (
                "forms.py".into(),
                10,
                s("numel(logits) × itemsize(logits.dtype)"),
                Value::Null
            ),
            ("forms.py".into(), 11, s("len(req.items) × 4"), Value::Null),
            // (A call is one dimension among several, not the whole shape.)
            ("forms.py".into(), 12, s("1024 × len(ids) × 4"), Value::Null),
            (
                "sizes.cu".into(),
                3,
                s("core->get_global_gpu_count() × sizeof(offset_t)"),
                Value::Null
            ),
            ("sizes.cu".into(), 4, s("8 × num_procs"), Value::Null),
        ]
    );
    let b = &findings[1];
    assert_eq!(b["tax_expr"], "numel(ids) × 4 × 0.12");
    assert_eq!(b["free_names"], serde_json::json!(["numel(ids)"]));
    assert_eq!(
        b["message"],
        "`torch.tensor(.., pin_memory=True)` pins `numel(ids) × 4` bytes (once): ≈ `numel(ids) × 4 × 0.12` bytes of VRAM under WDDM per buffer"
    );
    assert_eq!(doc["summary"]["unknown_size"], 10);
    assert_eq!(doc["summary"]["symbolic_size"], 10);
    // The text summary counts them apart.
    let o = ghosttax(dir.path(), &["check", "--select", "GT100", "--no-context"]);
    let all = format!("{}{}", stdout(&o), stderr(&o));
    assert!(
        all.contains("≈ 2 B known; 10 sites of unknown size, 10 of them as a formula."),
        "{all}"
    );
}

#[test]
fn vram_share_marks_the_sites_that_take_a_set_share_of_the_card() {
    let dir = tempfile::tempdir().expect("tempdir");
    write(dir.path(), "loop.cu", LOOP_CU);
    // 100 kept buffers of 8 MiB: 96 MiB of VRAM, 9.375% of a 1 GiB card.
    let run = |args: &[&str]| -> (Value, String) {
        let mut all = vec!["check", "--format", "json", "--select", "GT101"];
        all.extend_from_slice(args);
        let o = ghosttax(dir.path(), &all);
        let doc: Value =
            serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("{e}: {}", stderr(&o)));
        let text = ghosttax(
            dir.path(),
            &[&["check", "--select", "GT101"], args].concat(),
        );
        (doc["findings"][0].clone(), stdout(&text))
    };
    let (f, _) = run(&["--vram", "1GiB"]);
    assert_eq!(f["card_share"], 0.09375);
    assert_eq!(f["over_vram_share"], false);
    let msg = f["message"].as_str().unwrap_or("");
    assert!(msg.ends_with("[9.38% of 1.00 GiB of VRAM]"), "{msg}");

    let (f, text) = run(&["--vram", "1GiB", "--vram-share", "9%"]);
    assert_eq!(f["over_vram_share"], true);
    let msg = f["message"].as_str().unwrap_or("");
    assert!(
        msg.ends_with("[9.38% of 1.00 GiB of VRAM, at or over the 9% mark]"),
        "{msg}"
    );
    assert!(
        text.contains("≈ 96.00 MiB (9.38% of 1.00 GiB; 1 site at or over the 9% mark) known"),
        "{text}"
    );

    // The configuration's keys; the flag needs `--vram`.
    write(
        dir.path(),
        ".ghosttax.toml",
        "[tax]\nvram = \"512MiB\"\nvram_share = 0.2\n",
    );
    let (f, _) = run(&[]);
    assert_eq!(
        (f["card_share"].clone(), f["over_vram_share"].clone()),
        (0.1875.into(), false.into())
    );
    let (f, _) = run(&["--vram-share", "0.15"]);
    assert_eq!(f["over_vram_share"], true, "the flag overrides the file");
    std::fs::remove_file(dir.path().join(".ghosttax.toml")).expect("rm");
    let o = ghosttax(dir.path(), &["check", "--vram-share", "10%"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("--vram"), "{}", stderr(&o));
}

#[test]
fn stated_defaults_price_sizes_and_the_users_assumptions_override_them() {
    let dir = tempfile::tempdir().expect("tempdir");
    write(
        dir.path(),
        "train.py",
        "import argparse\nimport torch\n\
         p = argparse.ArgumentParser()\n\
         p.add_argument(\"--hidden-size\", type=int, default=1024)\n\
         args = p.parse_args()\n\
         for i in range(4):\n\
         \x20   torch.empty(args.hidden_size, pin_memory=True)\n",
    );
    let first = |args: &[&str]| -> Value {
        let mut all = vec!["check", "--format", "json"];
        all.extend_from_slice(args);
        let o = ghosttax(dir.path(), &all);
        let doc: Value = serde_json::from_slice(&o.stdout).expect("json");
        doc["findings"][0].clone()
    };
    let f = first(&[]);
    assert_eq!(f["size_bytes"], 4096);
    assert_eq!(
        f["assumed"],
        serde_json::json!(["hidden_size = 1024 (default of `--hidden-size`)"])
    );
    let msg = f["message"].as_str().unwrap_or("");
    assert!(
        msg.ends_with("(assuming hidden_size = 1024 (default of `--hidden-size`))"),
        "{msg}"
    );
    let f = first(&["--assume", "hidden_size=2048"]);
    assert_eq!(f["size_bytes"], 8192);
    assert_eq!(f["assumed"], serde_json::json!(["hidden_size = 2048"]));
}
