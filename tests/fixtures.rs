//! Runs the real binary over each rule's directory in `fixtures/` (`fixtures/GT101` with
//! `--select GT101`, ...) and compares every finding with the `expect:` comments written
//! beside the lines they belong to:
//!
//! ```text
//! cudaMallocHost(&p, 8 << 20);  // expect: GT101 col=5 tax=100663296 size=8388608 events=100
//! ```
//!
//! `col` and `tax` (an integer or `null`) are required; `size`, `events`, `accumulates` and
//! `related` are checked when given. `related` lists the secondary locations (loop headers,
//! calls on a chain) as `path:line` joined by `,` in the order the finding gives them, e.g.
//! `related=train.py:6,train.py:7,data.py:8`. Any missing, extra or different finding fails.
//!
//! A directory with a `trace.json` is checked with `--trace trace.json` (GT401), and its
//! expectations may also give `source=` (the tax's source: `static`, `assumed`,
//! `measured`) and `calls=` (the calls the trace measured at the finding).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

const EXTENSIONS: &[&str] = &[
    "py", "pyi", "c", "cc", "cpp", "cxx", "h", "hh", "hpp", "hxx", "inl", "ipp", "cu", "cuh",
    "hip", "rs",
];

type Key = (String, u64, u64, String);

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            sources(&path, out);
        } else if path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| EXTENSIONS.contains(&e))
        {
            out.push(path);
        }
    }
}

/// `(path, line, column, rule)` → the other `key=value` pairs, for `rule` only.
fn expectations(root: &Path, only: &str) -> BTreeMap<Key, BTreeMap<String, String>> {
    let mut files = Vec::new();
    sources(root, &mut files);
    let mut out = BTreeMap::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap_or_default();
        let rel = file
            .strip_prefix(root)
            .unwrap_or(&file)
            .to_string_lossy()
            .replace('\\', "/");
        for (i, line) in text.lines().enumerate() {
            for part in line.split("expect:").skip(1) {
                let mut words = part.split_whitespace();
                let rule = words.next().unwrap_or_default().to_string();
                if rule != only {
                    continue;
                }
                let mut attrs = BTreeMap::new();
                for w in words {
                    if let Some((k, v)) = w.split_once('=') {
                        attrs.insert(k.to_string(), v.trim_end_matches([',', ';']).to_string());
                    }
                }
                let col: u64 = attrs
                    .remove("col")
                    .and_then(|c| c.parse().ok())
                    .unwrap_or_else(|| panic!("{rel}:{}: expect needs col=N", i + 1));
                assert!(
                    attrs.contains_key("tax"),
                    "{rel}:{}: expect needs tax=",
                    i + 1
                );
                out.insert((rel.clone(), i as u64 + 1, col, rule), attrs);
            }
        }
    }
    out
}

fn json_value(v: &Value) -> String {
    match v {
        Value::Null => "null".into(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// Check one rule's fixture directory; returns the problems found.
fn check_rule_dir(dir: &Path, rule: &str) -> Vec<String> {
    let mut args = vec!["check", "--format", "json", "--select", rule];
    if dir.join("trace.json").is_file() {
        args.extend(["--trace", "trace.json"]);
    }
    args.push(".");
    let output = Command::new(env!("CARGO_BIN_EXE_ghosttax"))
        .args(&args)
        .current_dir(dir)
        .output()
        .expect("run ghosttax");
    let doc: Value = serde_json::from_slice(&output.stdout).expect("valid JSON on stdout");
    let mut expected = expectations(dir, rule);
    let mut problems = Vec::new();
    if expected.is_empty() {
        problems.push(format!(
            "{rule}: no `expect: {rule}` comments in its fixtures"
        ));
    }
    for f in doc["findings"].as_array().expect("findings array") {
        let path = f["path"]
            .as_str()
            .unwrap_or_default()
            .trim_start_matches("./");
        let key: Key = (
            path.to_string(),
            f["line"].as_u64().unwrap_or(0),
            f["column"].as_u64().unwrap_or(0),
            f["rule"].as_str().unwrap_or_default().to_string(),
        );
        let Some(attrs) = expected.remove(&key) else {
            problems.push(format!(
                "unexpected {} at {rule}/{}:{}:{}: {}",
                key.3, key.0, key.1, key.2, f["message"]
            ));
            continue;
        };
        for (k, want) in attrs {
            let field = match k.as_str() {
                "tax" => "tax_bytes",
                "size" => "size_bytes",
                "source" => "tax_source",
                other => other,
            };
            let got = if k == "related" {
                f["related"]
                    .as_array()
                    .map(|r| {
                        r.iter()
                            .map(|l| {
                                let p = l["path"].as_str().unwrap_or_default();
                                format!("{}:{}", p.trim_start_matches("./"), l["line"])
                            })
                            .collect::<Vec<_>>()
                            .join(",")
                    })
                    .unwrap_or_default()
            } else if k == "calls" {
                json_value(&f["measured"]["calls"])
            } else {
                json_value(&f[field])
            };
            if got != want {
                problems.push(format!(
                    "{} at {rule}/{}:{}:{}: {k} is {got}, expected {want} ({})",
                    key.3, key.0, key.1, key.2, f["message"]
                ));
            }
        }
    }
    for (path, line, col, r) in expected.keys() {
        problems.push(format!("missing {r} at {rule}/{path}:{line}:{col}"));
    }
    problems
}

#[test]
fn every_fixture_finding_is_expected_and_every_expectation_is_found() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(&root)
        .expect("fixtures/")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    assert!(dirs.len() >= 2, "one fixture directory per rule");
    let mut problems = Vec::new();
    for dir in &dirs {
        let rule = dir.file_name().and_then(|n| n.to_str()).unwrap_or_default();
        problems.extend(check_rule_dir(dir, rule));
    }
    assert!(
        problems.is_empty(),
        "{} problem(s):\n{}",
        problems.len(),
        problems.join("\n")
    );
}
