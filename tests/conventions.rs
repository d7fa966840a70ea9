//! What a new user trips over (issue 40): messages that mislead and conventions a ruff user
//! expects: exact outputs, exit codes and file modes.

mod common;
use common::*;

use serde_json::Value;

/// The summary line of one GT101 finding in `k.cu` (LOOP_CU).
const LOOP_SUMMARY: &str = "Found 1 warning in 1 file (1 file checked). Estimated VRAM tax under WDDM: ≈ 96.00 MiB known.\n";

/// A helper that pins, and a loop in another file that calls it (GT202 across files).
fn staged_project(root: &std::path::Path) {
    write(
        root,
        "lib/stage.py",
        "def stage_batch(b):\n    return b.pin_memory()\n",
    );
    write(
        root,
        "train.py",
        "from lib.stage import stage_batch\n\ndef train(loader):\n    for b in loader:\n        stage_batch(b)\n",
    );
}

fn json(o: &std::process::Output) -> Value {
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("{e}: {}", stdout(o)))
}

#[test]
fn a_missing_named_path_prints_no_success_line() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = ghosttax(dir.path(), &["check", "nosuch.py"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stdout(&out), "");
    assert_eq!(
        stderr(&out),
        "error: nosuch.py: no such file or directory\n"
    );
    // The other formats' documents still come, and the summary of findings stays.
    write(dir.path(), "k.cu", LOOP_CU);
    let out = ghosttax(dir.path(), &["check", "nosuch.py", "k.cu"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stdout(&out).ends_with(LOOP_SUMMARY), "{}", stdout(&out));
}

#[test]
fn an_unused_suppression_says_where_the_finding_it_meant_is() {
    let dir = tempfile::tempdir().expect("tempdir");
    write(
        dir.path(),
        "leak.cu",
        "void f(float* d, int n, bool bad) {\n    cudaHostRegister(d, n, 0);\n    if (bad) {\n        return; // ghosttax: ignore[GT304]\n    }\n    cudaHostUnregister(d);\n}\n",
    );
    let out = ghosttax(dir.path(), &["check", "--format", "json", "leak.cu"]);
    assert_eq!(out.status.code(), Some(1));
    let doc = json(&out);
    let found: Vec<(&str, u64)> = doc["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .map(|f| {
            (
                f["rule"].as_str().unwrap_or(""),
                f["line"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    assert_eq!(found, [("GT304", 2), ("GT900", 4)]);
    assert_eq!(
        doc["findings"][1]["message"],
        "unused suppression: no GT304 finding on line 4; GT304 is reported at line 2, on \
         the `cudaHostRegister` call: put the comment there"
    );
    assert_eq!(
        doc["findings"][1]["help"],
        "move the comment to line 2 (or remove it)"
    );
    // Nothing of that code nearby: the message stays short.
    write(
        dir.path(),
        "alone.cu",
        "void g() {\n    return; // ghosttax: ignore[GT304]\n}\n",
    );
    let out = ghosttax(dir.path(), &["check", "--format", "json", "alone.cu"]);
    assert_eq!(
        json(&out)["findings"][0]["message"],
        "unused suppression: no GT304 finding here"
    );
}

#[test]
fn a_named_file_outside_git_gets_its_projects_cross_file_context() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("proj");
    staged_project(&root);
    write(&root, "pyproject.toml", "[project]\nname = \"proj\"\n");
    // From the project's folder and from outside it: the same finding, as `check .` has.
    for (cwd, named) in [
        (root.clone(), "train.py"),
        (dir.path().to_path_buf(), "proj/train.py"),
    ] {
        let out = ghosttax(&cwd, &["check", "--format", "json", named]);
        assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
        assert_eq!(stderr(&out), "");
        let doc = json(&out);
        assert_eq!(doc["findings"].as_array().map(Vec::len), Some(1));
        assert_eq!(doc["findings"][0]["rule"], "GT202");
        assert_eq!(doc["findings"][0]["related"][0]["path"], named);
    }
    // No project root at all: said once, and the file is checked alone.
    let bare = tempfile::tempdir().expect("tempdir");
    staged_project(bare.path());
    let out = ghosttax(bare.path(), &["check", "train.py", "lib/stage.py"]);
    assert_eq!(
        stderr(&out),
        "note: no project root above the named files (no git work tree, ghosttax.toml or \
         pyproject.toml): each is checked without the rest of its folder; `--context DIR` \
         names one\n"
    );
}

#[test]
fn configuration_is_found_from_the_checked_path() {
    let dir = tempfile::tempdir().expect("tempdir");
    write(dir.path(), "proj/ghosttax.toml", "ignore = [\"GT101\"]\n");
    write(dir.path(), "proj/k.cu", LOOP_CU);
    for path in ["proj/k.cu", "proj"] {
        let out = ghosttax(dir.path(), &["check", path]);
        assert_eq!(out.status.code(), Some(0), "{path}: {}", stdout(&out));
        assert_eq!(
            stdout(&out),
            "No pinned-memory problems found (1 file checked).\n"
        );
    }
    // pyproject.toml's table too.
    write(
        dir.path(),
        "py/pyproject.toml",
        "[tool.ghosttax]\nignore = [\"GT101\"]\n",
    );
    write(dir.path(), "py/k.cu", LOOP_CU);
    let out = ghosttax(dir.path(), &["check", "py/k.cu"]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    // Two projects in one run: the first one's configuration, and a warning that says so.
    let out = ghosttax(dir.path(), &["check", "proj/k.cu", "py/k.cu"]);
    let err = stderr(&out);
    assert!(
        err.starts_with(
            "warning: the checked paths belong to different configuration files; all are \
             checked with "
        ) && err.ends_with(
            "proj/ghosttax.toml (check each project on its own, or name one with --config)\n"
        ),
        "{err}"
    );
}

#[test]
fn statistics_in_json_are_json() {
    let dir = tempfile::tempdir().expect("tempdir");
    write(dir.path(), "k.cu", LOOP_CU);
    let out = ghosttax(
        dir.path(),
        &["check", "--statistics", "--format", "json", "k.cu"],
    );
    assert_eq!(out.status.code(), Some(1));
    let doc = json(&out);
    let row = serde_json::json!([{
        "findings": 1, "tax_bytes": 100_663_296u64, "unknown_size": 0, "formula": 0,
    }]);
    let with = |key: &str, value: &str| {
        let mut r = row.clone();
        r[0][key] = value.into();
        r
    };
    let mut rule = with("rule", "GT101");
    rule[0]["name"] = "pinned-alloc-in-loop".into();
    assert_eq!(doc["version"], 1);
    assert_eq!(doc["rules"], rule);
    assert_eq!(doc["directories"], with("directory", "./"));
    assert_eq!(doc["contexts"], with("context", "hot-loop"));
    assert_eq!(doc["summary"]["findings"], 1);
    assert_eq!(doc["summary"]["tax_bytes_total"], 100_663_296u64);
}

#[test]
fn explain_takes_rule_names_and_codes_in_any_case() {
    let dir = tempfile::tempdir().expect("tempdir");
    let by_code = ghosttax(dir.path(), &["explain", "GT101"]);
    assert_eq!(by_code.status.code(), Some(0));
    assert!(stdout(&by_code).starts_with("# GT101 pinned-alloc-in-loop"));
    for name in ["pinned-alloc-in-loop", "Pinned-Alloc-In-Loop", "gt101"] {
        let out = ghosttax(dir.path(), &["explain", name]);
        assert_eq!(out.status.code(), Some(0), "{name}: {}", stderr(&out));
        assert_eq!(stdout(&out), stdout(&by_code), "{name}");
    }
    let out = ghosttax(dir.path(), &["explain", "pinned"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).starts_with(
            "error: unknown rule `pinned`; give a code or a name that `ghosttax rules` lists: \
             GT100 pinned-inventory, GT101 pinned-alloc-in-loop, "
        ),
        "{}",
        stderr(&out)
    );
}

#[cfg(unix)]
#[test]
fn written_files_honour_the_umask() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().expect("tempdir");
    write(dir.path(), "k.cu", LOOP_CU);
    let bin = env!("CARGO_BIN_EXE_ghosttax");
    let run = |mask: &str, args: &str| {
        let o = std::process::Command::new("sh")
            .arg("-c")
            .arg(format!("umask {mask}; exec \"$0\" {args}"))
            .arg(bin)
            .current_dir(dir.path())
            .env("NO_COLOR", "1")
            .output()
            .expect("sh");
        assert!(o.status.code().is_some_and(|c| c < 2), "{}", stderr(&o));
    };
    let mode = |name: &str| {
        std::fs::metadata(dir.path().join(name))
            .expect("written")
            .permissions()
            .mode()
            & 0o777
    };
    run("022", "check -o report.json --format json k.cu");
    run("022", "check --write-baseline baseline.json k.cu");
    run("022", "trace -q -o trace.json -- true");
    assert_eq!(
        [
            mode("report.json"),
            mode("baseline.json"),
            mode("trace.json")
        ],
        [0o644; 3]
    );
    run("077", "check -o private.json --format json k.cu");
    assert_eq!(mode("private.json"), 0o600);
    // A file that is already there keeps its mode.
    std::fs::set_permissions(
        dir.path().join("report.json"),
        std::fs::Permissions::from_mode(0o640),
    )
    .expect("chmod");
    run("022", "check -o report.json --format json k.cu");
    assert_eq!(mode("report.json"), 0o640);
}

#[test]
fn every_format_shows_the_same_relative_path() {
    let dir = tempfile::tempdir().expect("tempdir");
    write(dir.path(), "k.cu", LOOP_CU);
    for format in ["text", "concise", "json", "sarif", "github", "markdown"] {
        for args in [vec!["."], vec!["./k.cu"], vec![]] {
            let mut all = vec!["check", "--format", format];
            all.extend(&args);
            let out = ghosttax(dir.path(), &all);
            let text = stdout(&out);
            assert!(text.contains("k.cu"), "{format} {args:?}: {text}");
            assert!(!text.contains("./k.cu"), "{format} {args:?}: {text}");
        }
    }
    let out = ghosttax(dir.path(), &["check", "--format", "json", "."]);
    assert_eq!(json(&out)["findings"][0]["path"], "k.cu");
}

#[test]
fn concise_has_the_severity_and_its_summary_where_text_has_it() {
    let dir = tempfile::tempdir().expect("tempdir");
    write(dir.path(), "k.cu", LOOP_CU);
    let line = "k.cu:6:9: GT101 warning: `cudaMallocHost` pins host memory inside a loop: pins \
                8.00 MiB on each of 100 iterations and never frees it inside the loop: ≈ 96.00 \
                MiB of VRAM under WDDM (ratio 0.12)\n";
    // (A project file, so that no note about the missing project root comes on stderr.)
    write(dir.path(), "pyproject.toml", "[project]\nname = \"k\"\n");
    let out = ghosttax(dir.path(), &["check", "--format", "concise", "k.cu"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), format!("{line}{LOOP_SUMMARY}"));
    assert_eq!(stderr(&out), "");
    let text = ghosttax(dir.path(), &["check", "k.cu"]);
    assert!(stdout(&text).ends_with(LOOP_SUMMARY));
    let quiet = ghosttax(dir.path(), &["check", "--format", "concise", "-q", "k.cu"]);
    assert_eq!(stdout(&quiet), line);
    assert_eq!(stderr(&quiet), "");
}

#[test]
fn rules_columns_are_aligned() {
    let dir = tempfile::tempdir().expect("tempdir");
    let listed = json(&ghosttax(dir.path(), &["rules", "--format", "json"]));
    let out = stdout(&ghosttax(dir.path(), &["rules"]));
    let lines: Vec<&str> = out.lines().collect();
    let rules = listed.as_array().expect("rules");
    assert_eq!(lines.len(), rules.len());
    // Where each column starts, in characters, on every line.
    let mut starts = std::collections::BTreeSet::new();
    for (line, r) in lines.iter().zip(rules) {
        let languages = r["languages"]
            .as_array()
            .expect("languages")
            .iter()
            .filter_map(Value::as_str)
            .collect::<Vec<_>>()
            .join(", ");
        let column = |text: &str| {
            let at = line
                .find(text)
                .unwrap_or_else(|| panic!("{text} in {line}"));
            line[..at].chars().count()
        };
        let name = r["name"].as_str().unwrap_or("");
        let summary = r["summary"].as_str().unwrap_or("");
        starts.insert((column(name), column(&languages), column(summary)));
        // At least two spaces between columns.
        assert!(
            line[..line.find(summary).unwrap_or(0)].ends_with("  "),
            "{line}"
        );
    }
    assert_eq!(starts.len(), 1, "{out}");
}

#[test]
fn help_names_every_language() {
    let dir = tempfile::tempdir().expect("tempdir");
    for flag in ["-h", "--help"] {
        let out = ghosttax(dir.path(), &[flag]);
        let flat = stdout(&out)
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        assert!(
            flat.contains("Python, C, C++, CUDA, HIP and Rust"),
            "{flag}: {flat}"
        );
    }
}

#[test]
fn writing_into_a_missing_folder_names_the_file_and_the_folder() {
    let dir = tempfile::tempdir().expect("tempdir");
    write(dir.path(), "k.cu", LOOP_CU);
    for (flag, file) in [
        ("--output-file", "nodir/report.json"),
        ("--write-baseline", "nodir/baseline.json"),
    ] {
        let out = ghosttax(dir.path(), &["check", "-q", flag, file, "k.cu"]);
        assert_eq!(out.status.code(), Some(2));
        assert_eq!(
            stderr(&out),
            format!(
                "error: cannot write {file}: the folder `nodir` does not exist (create it \
                 first)\n"
            )
        );
    }
}
