//! Hostile trees and inputs, through the binary: no crash, no hang, no lie.

use std::path::Path;
use std::process::{Command, Output};

mod common;
use common::*;
use std::time::{Duration, Instant};

use serde_json::Value;

fn json(o: &Output) -> Value {
    serde_json::from_slice(&o.stdout).expect("valid JSON")
}

/// (line, column) of every finding in a JSON report.
fn positions(doc: &Value) -> Vec<(u64, u64)> {
    doc["findings"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|f| {
                    (
                        f["line"].as_u64().unwrap_or(0),
                        f["column"].as_u64().unwrap_or(0),
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn line_endings_bom_tabs_and_wide_characters_keep_positions_exact() {
    let dir = tempfile::tempdir().expect("tempdir");
    let body = |nl: &str| {
        format!("import torch{nl}for i in range(2):{nl}\tx = \"漢字\"; y = t.pin_memory(){nl}")
    };
    std::fs::write(dir.path().join("crlf.py"), body("\r\n")).expect("write");
    std::fs::write(dir.path().join("cr.py"), body("\r")).expect("write");
    std::fs::write(dir.path().join("bom.py"), format!("\u{feff}{}", body("\n"))).expect("write");
    for name in ["crlf.py", "cr.py", "bom.py"] {
        let o = ghosttax(dir.path(), &["check", "--format", "json", name]);
        assert_eq!(positions(&json(&o)), vec![(3, 16)], "{name}");
        let github = stdout(&ghosttax(
            dir.path(),
            &["check", "--format", "github", name],
        ));
        assert!(github.contains("line=3,col=16,"), "{name}: {github}");
        let sarif: Value = json(&ghosttax(dir.path(), &["check", "--format", "sarif", name]));
        let region = &sarif["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"];
        assert_eq!(
            (region["startLine"].as_u64(), region["startColumn"].as_u64()),
            (Some(3), Some(16))
        );
        let concise = stdout(&ghosttax(
            dir.path(),
            &["check", "--format", "concise", name],
        ));
        assert!(
            concise.starts_with(&format!("{name}:3:16: GT101")),
            "{concise}"
        );
        // The terminal report renders too (no panic on odd line endings).
        let text = ghosttax(dir.path(), &["check", name]);
        assert_eq!(text.status.code(), Some(1), "{name}: {}", stderr(&text));
    }
}

#[test]
fn deep_nesting_never_overflows_the_stack() {
    let dir = tempfile::tempdir().expect("tempdir");
    let parens = format!(
        "x = {}1{}\nfor i in range(2):\n    y = t.pin_memory()\n",
        "(".repeat(100_000),
        ")".repeat(100_000)
    );
    std::fs::write(dir.path().join("parens.py"), parens).expect("write");
    // 10,000 nested comprehension loops (indented blocks would need 50 MB of spaces).
    let loops = format!(
        "def f():\n    x = {}t.pin_memory(){}\n",
        "[".repeat(10_000),
        " for a in b]".repeat(10_000)
    );
    std::fs::write(dir.path().join("loops.py"), loops).expect("write");
    // A size set from 100,000 terms, a registry read through 10,000 `list(..)`s and 10,000
    // `spawn_blocking` closures: the facts read from an assignment's right side and a
    // closure's body are depth-limited too.
    let members = format!(
        "REG = {{}}\nclass A:\n    def f(self, a):\n        self.cap = {}a\n        self.fns = {}REG.values(){}\n        t.pin_memory()\n",
        "a + ".repeat(100_000),
        "list(".repeat(10_000),
        ")".repeat(10_000)
    );
    std::fs::write(dir.path().join("members.py"), members).expect("write");
    let c = format!(
        "void f() {{ {} cudaMallocHost(&p, 4); {} }}\nvoid g() {{ x = {}1{}; }}\n",
        "for (;;) {".repeat(10_000),
        "}".repeat(10_000),
        "(".repeat(100_000),
        ")".repeat(100_000)
    );
    std::fs::write(dir.path().join("deep.cpp"), &c).expect("write");
    std::fs::write(dir.path().join("deep.cu"), &c).expect("write");
    let rs = format!(
        "fn f() {{ {} sys::cuMemAllocHost_v2(&mut p, 4); {} }}\n",
        "loop {".repeat(10_000),
        "}".repeat(10_000)
    );
    std::fs::write(dir.path().join("deep.rs"), rs).expect("write");
    let closures = format!(
        "fn g() {{ {} sys::cuMemAllocHost_v2(&mut p, 4) {} }}\n",
        "spawn_blocking(move || ".repeat(10_000),
        ")".repeat(10_000)
    );
    std::fs::write(dir.path().join("closures.rs"), closures).expect("write");
    let started = Instant::now();
    let o = ghosttax(dir.path(), &["check", "--format", "json", "--verbose"]);
    assert!(
        started.elapsed() < Duration::from_secs(60),
        "took {:?}",
        started.elapsed()
    );
    assert!(matches!(o.status.code(), Some(0 | 1)), "{}", stderr(&o));
    let doc = json(&o);
    let parens_found = doc["findings"]
        .as_array()
        .expect("array")
        .iter()
        .any(|f| f["path"] == "parens.py" && f["line"] == 3);
    assert!(
        parens_found,
        "the rest of a deeply nested file is still checked"
    );
    let e = stderr(&o);
    for name in ["loops.py", "deep.cpp", "deep.cu", "deep.rs"] {
        assert!(
            e.contains(&format!("note: {name}: nesting too deep")),
            "{name}: {e}"
        );
    }
}

#[test]
fn size_arithmetic_overflow_is_unknown_never_wrong() {
    let dir = tempfile::tempdir().expect("tempdir");
    let terms = vec!["1"; 100_000].join(" + ");
    std::fs::write(
        dir.path().join("big.cu"),
        format!(
            "#define HUGE (1 << 200)\n#define WIDE ((1LL << 62) * 16)\nconst long SUM = {terms};\n\
             void f() {{ for (int i = 0; i < 2; ++i) {{ cudaMallocHost(&a, HUGE); cudaMallocHost(&b, WIDE); cudaMallocHost(&c, SUM); }} }}\n"
        ),
    )
    .expect("write");
    let started = Instant::now();
    let o = ghosttax(
        dir.path(),
        &["check", "--format", "json", "--select", "GT101"],
    );
    assert!(started.elapsed() < Duration::from_secs(20));
    let doc = json(&o);
    let sizes: Vec<&Value> = doc["findings"]
        .as_array()
        .expect("array")
        .iter()
        .map(|f| &f["size_bytes"])
        .collect();
    assert_eq!(sizes, vec![&Value::Null, &Value::Null, &Value::Null]);
    let taxes: Vec<&Value> = doc["findings"]
        .as_array()
        .expect("array")
        .iter()
        .map(|f| &f["tax_bytes"])
        .collect();
    assert_eq!(taxes, vec![&Value::Null, &Value::Null, &Value::Null]);
}

#[test]
fn huge_files_are_skipped_and_long_lines_finish() {
    let dir = tempfile::tempdir().expect("tempdir");
    // 200 MiB, sparse: no need to write it.
    let f = std::fs::File::create(dir.path().join("huge.py")).expect("create");
    f.set_len(200 << 20).expect("set_len");
    let line = format!(
        "x = [{}]; y = [t.pin_memory().sum() for t in ts]\n",
        "1, ".repeat(2 << 20)
    );
    assert!(line.len() > 5 << 20);
    std::fs::write(dir.path().join("long.py"), line).expect("write");
    let started = Instant::now();
    let o = ghosttax(dir.path(), &["check", "--format", "concise", "--verbose"]);
    assert!(started.elapsed() < Duration::from_secs(60));
    assert!(
        stderr(&o).contains("note: huge.py: skipped, larger than --max-file-size (10485760 bytes)"),
        "{}",
        stderr(&o)
    );
    assert!(stdout(&o).starts_with("long.py:1:"), "{}", stdout(&o));
    assert_eq!(o.status.code(), Some(1));
}

#[cfg(unix)]
#[test]
fn special_files_symlinks_and_odd_paths() {
    use std::os::unix::fs::symlink;
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path();
    std::fs::write(
        d.join("ok.py"),
        "for i in range(2):\n    x = t.pin_memory()\n",
    )
    .expect("write");
    // A symlink loop, a link to /dev/zero, a dangling link, a FIFO, a directory named x.py.
    symlink(d.join("loop"), d.join("loop")).expect("symlink");
    symlink("/dev/zero", d.join("zero.py")).expect("symlink");
    symlink(d.join("gone.py"), d.join("dangling.py")).expect("symlink");
    let fifo = d.join("pipe.py");
    let made = Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success());
    std::fs::create_dir(d.join("x.py")).expect("mkdir");
    std::fs::write(
        d.join("x.py/inner.py"),
        "while True:\n    y = t.pin_memory()\n",
    )
    .expect("write");

    // Walking: special entries are skipped, every real file is checked, nothing hangs.
    let started = Instant::now();
    let o = ghosttax(d, &["check", "--format", "concise", "-q"]);
    assert!(started.elapsed() < Duration::from_secs(20));
    assert_eq!(
        stdout(&o),
        "ok.py:2:9: GT101 warning: `t.pin_memory()` pins host memory inside a loop: size `nbytes(t)` bytes, not static: each iteration costs 12% of its pinned bytes in VRAM under WDDM (2 iterations)\nx.py/inner.py:2:9: GT101 warning: `t.pin_memory()` pins host memory inside a loop: size `nbytes(t)` bytes, not static: each iteration costs 12% of its pinned bytes in VRAM under WDDM\n"
    );
    assert_eq!(o.status.code(), Some(1));

    // Named explicitly: one clear message each, exit 2, the others still checked.
    let mut args = vec![
        "check",
        "--format",
        "concise",
        "-q",
        "loop",
        "zero.py",
        "dangling.py",
        "missing.py",
        "ok.py",
    ];
    if made {
        args.push("pipe.py");
    }
    let o = ghosttax(d, &args);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(e.contains("error: loop: "), "{e}");
    assert!(e.contains("error: zero.py: not a regular file"), "{e}");
    assert!(
        e.contains("error: dangling.py: no such file or directory"),
        "{e}"
    );
    assert!(
        e.contains("error: missing.py: no such file or directory"),
        "{e}"
    );
    if made {
        assert!(e.contains("error: pipe.py: not a regular file"), "{e}");
    }
    assert!(stdout(&o).starts_with("ok.py:2:9: GT101"), "{}", stdout(&o));
}

#[cfg(unix)]
#[test]
fn unreadable_files_are_reported_and_the_rest_is_checked() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path();
    std::fs::write(
        d.join("ok.py"),
        "for i in range(2):\n    x = t.pin_memory()\n",
    )
    .expect("write");
    std::fs::write(d.join("secret.py"), "x = t.pin_memory()\n").expect("write");
    std::fs::set_permissions(d.join("secret.py"), std::fs::Permissions::from_mode(0o000))
        .expect("chmod");
    if std::fs::read(d.join("secret.py")).is_ok() {
        println!("skipped: running as root, permissions cannot make a file unreadable");
        return;
    }
    let o = ghosttax(
        d,
        &["check", "--format", "concise", "-q", "secret.py", "ok.py"],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("error: secret.py: permission denied"),
        "{}",
        stderr(&o)
    );
    assert!(stdout(&o).starts_with("ok.py:2:9: GT101"));
}

#[test]
fn a_panic_in_one_file_is_contained() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("boom.py"), "x = t.pin_memory()\n").expect("write");
    std::fs::write(
        dir.path().join("ok.py"),
        "for i in range(2):\n    x = t.pin_memory()\n",
    )
    .expect("write");
    let o = ghosttax_env(
        dir.path(),
        &["check", "--format", "concise", "-q"],
        &[("GHOSTTAX_TEST_PANIC_ON", "boom.py")],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("error: boom.py: internal error, please report"),
        "{}",
        stderr(&o)
    );
    assert!(stdout(&o).starts_with("ok.py:2:9: GT101"), "{}", stdout(&o));
}

#[cfg(unix)]
#[test]
fn control_characters_in_file_names_cannot_repaint_the_terminal() {
    let dir = tempfile::tempdir().expect("tempdir");
    let name = "evil\u{1b}[2J\u{7}.py";
    std::fs::write(
        dir.path().join(name),
        "for i in range(2):\n    x = t.pin_memory()\n",
    )
    .expect("write");
    for format in ["text", "concise"] {
        let o = ghosttax(dir.path(), &["check", "--format", format]);
        let text = stdout(&o);
        assert!(
            !text.contains('\u{1b}') && !text.contains('\u{7}'),
            "{format}: {text:?}"
        );
        assert!(text.contains("evil\\u{1b}[2J\\u{7}.py"), "{format}: {text}");
    }
    for format in ["json", "sarif"] {
        let o = ghosttax(dir.path(), &["check", "--format", format]);
        let _: Value = serde_json::from_slice(&o.stdout).expect("valid JSON for any file name");
    }
}

#[test]
fn the_scanned_tree_is_never_written_but_for_the_cache_folder() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(
        dir.path().join("a.py"),
        "for i in range(2):\n    x = t.pin_memory()\n",
    )
    .expect("write");
    let listing = |d: &Path| {
        let mut names: Vec<String> = std::fs::read_dir(d)
            .expect("read_dir")
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    };
    let before = listing(dir.path());
    for format in ["text", "json", "sarif", "github", "markdown", "concise"] {
        ghosttax(dir.path(), &["check", "--format", format, "--no-cache"]);
    }
    assert_eq!(listing(dir.path()), before);
    // With the cache (on by default), its own folder at the project's root is all that is
    // added, and it ignores itself.
    for format in ["text", "json", "sarif", "github", "markdown", "concise"] {
        ghosttax(dir.path(), &["check", "--format", format]);
    }
    let mut with_cache = before.clone();
    with_cache.push(".ghosttax_cache".to_string());
    with_cache.sort();
    assert_eq!(listing(dir.path()), with_cache);
    let ignore = std::fs::read_to_string(dir.path().join(".ghosttax_cache/.gitignore"))
        .expect("the cache folder's .gitignore");
    assert_eq!(ignore.lines().last(), Some("*"));
    assert_eq!(
        std::fs::read(dir.path().join("a.py")).expect("read"),
        b"for i in range(2):\n    x = t.pin_memory()\n"
    );
}
