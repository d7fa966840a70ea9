//! Installing without Rust: the wheel (`pyproject.toml`, maturin `bindings = "bin"`), the
//! GitHub Action (`action.yml`) and `--version`. The wheel test builds ghosttax with
//! maturin in a fresh virtual environment, so `cargo test` skips it; `.ci/run` runs it.

use std::path::Path;
use std::process::{Command, Output};

mod common;
use common::*;

fn text(o: &Output) -> String {
    format!("{}{}", stdout(o), stderr(o))
}

fn run(dir: &Path, program: &str, args: &[&str]) -> Output {
    Command::new(program)
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .unwrap_or_else(|e| panic!("cannot run {program}: {e}"))
}

const LOOP_PY: &str = "import torch\nfor batch in loader:\n    x = batch.pin_memory()\n";

#[test]
fn version_is_the_crates() {
    let dir = tempfile::tempdir().expect("tempdir");
    let o = ghosttax(dir.path(), &["--version"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        stdout(&o),
        format!("ghosttax {}\n", env!("CARGO_PKG_VERSION"))
    );
}

/// The `run:` block of the step with `id: <id>` in action.yml.
fn action_script(id: &str) -> String {
    let yaml = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("action.yml"))
        .expect("action.yml");
    let lines: Vec<&str> = yaml.lines().collect();
    let step = lines
        .iter()
        .position(|l| l.trim() == format!("id: {id}"))
        .expect("step");
    let run = step
        + lines[step..]
            .iter()
            .position(|l| l.trim() == "run: |")
            .expect("run block");
    let indent = lines[run + 1].len() - lines[run + 1].trim_start().len();
    lines[run + 1..]
        .iter()
        .take_while(|l| l.trim().is_empty() || l.len() - l.trim_start().len() >= indent)
        .map(|l| l.get(indent..).unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_actions_check_step_annotates_writes_sarif_and_summary_and_fails_on_findings() {
    let dir = tempfile::tempdir().expect("tempdir");
    write(dir.path(), "bad.py", LOOP_PY);
    let bin = Path::new(env!("CARGO_BIN_EXE_ghosttax"));
    let path = format!(
        "{}:{}",
        bin.parent().expect("bin dir").display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let script = action_script("check");
    let step = |args: &str, sarif: &str| {
        let output = dir.path().join("github_output");
        let summary = dir.path().join("summary.md");
        let _ = std::fs::remove_file(&output);
        let _ = std::fs::remove_file(&summary);
        let o = Command::new("bash")
            .args(["-c", &script])
            .current_dir(dir.path())
            .env("PATH", &path)
            .env("NO_COLOR", "1")
            .env("ARGS", args)
            .env("SARIF", sarif)
            .env("SUMMARY", "true")
            .env("DIFF_BASE", "")
            .env("PR_BASE", "")
            .env("GITHUB_OUTPUT", &output)
            .env("GITHUB_STEP_SUMMARY", &summary)
            .output()
            .expect("bash");
        let outputs = std::fs::read_to_string(&output).unwrap_or_default();
        let summary = std::fs::read_to_string(&summary).unwrap_or_default();
        (o, outputs, summary)
    };
    let (o, outputs, summary) = step("check .", "out.sarif");
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(
        stdout(&o)
            .starts_with("::warning file=bad.py,line=3,col=9,endLine=3,endColumn=27,title=GT101"),
        "{}",
        text(&o)
    );
    assert_eq!(outputs, "exit-code=1\n");
    assert!(summary.contains("GT101"), "{summary}");
    let sarif: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(dir.path().join("out.sarif")).expect("sarif written"),
    )
    .expect("valid JSON");
    assert_eq!(sarif["runs"][0]["results"][0]["ruleId"], "GT101");
    // Clean code: the step passes.
    write(dir.path(), "bad.py", "import torch\n");
    let (o, outputs, _) = step("check .", "");
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert_eq!(outputs, "exit-code=0\n");
    // A usage error is exit 2, and fails the step.
    let (o, outputs, _) = step("check --select NOPE .", "");
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert_eq!(outputs, "exit-code=2\n");
}

/// The release workflow's smoke test (`.github/release/smoke`, run on every platform's
/// wheel), here against this build, so its expectations stay true between releases.
#[cfg(unix)]
#[test]
fn the_release_smoke_test_passes_against_this_build() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let o = Command::new("sh")
        .arg(".github/release/smoke")
        .current_dir(repo)
        .env("GHOSTTAX", env!("CARGO_BIN_EXE_ghosttax"))
        .env("NO_COLOR", "1")
        .output()
        .expect("sh");
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    // `trace` runs on every platform; its Python recorder is checked where a python is.
    let python = ["python3", "python"].iter().any(|py| {
        Command::new(py)
            .args(["-c", "import sys; assert sys.version_info >= (3, 8)"])
            .output()
            .is_ok_and(|o| o.status.success())
    });
    let traced = if python {
        "trace ran, Python calls recorded"
    } else {
        "trace ran"
    };
    assert_eq!(
        stdout(&o),
        format!(
            "smoke: ghosttax {} ok (5 findings, baseline matched, SARIF URIs with /, {traced})\n",
            env!("CARGO_PKG_VERSION")
        )
    );
}

/// The smoke test fails loudly when what it expects is not there.
#[cfg(unix)]
#[test]
fn the_release_smoke_test_fails_on_a_binary_that_finds_nothing() {
    let dir = tempfile::tempdir().expect("tempdir");
    // A stand-in that prints the right version and finds nothing.
    let fake = dir.path().join("ghosttax");
    write(
        dir.path(),
        "ghosttax",
        &format!(
            "#!/bin/sh\n[ \"$1\" = --version ] && echo 'ghosttax {}'\nexit 0\n",
            env!("CARGO_PKG_VERSION")
        ),
    );
    let o = run(dir.path(), "chmod", &["+x", &fake.to_string_lossy()]);
    assert!(o.status.success());
    let o = Command::new("sh")
        .arg(".github/release/smoke")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("GHOSTTAX", &fake)
        .output()
        .expect("sh");
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert_eq!(
        stderr(&o),
        "smoke: check fixtures/GT101/positive.cu exited 0, expected 1\n"
    );
}

#[test]
#[ignore = "builds the wheel with maturin from PyPI (a release build); .ci/run runs it"]
fn the_wheel_installs_a_working_ghosttax_into_a_fresh_environment() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let venv = |name: &str| {
        let dir = tmp.path().join(name);
        let o = run(
            tmp.path(),
            "python3",
            &["-m", "venv", &dir.to_string_lossy()],
        );
        assert!(o.status.success(), "venv: {}", text(&o));
        dir.join("bin")
    };
    let build = venv("build");
    let pip = build.join("pip").to_string_lossy().into_owned();
    let repo = env!("CARGO_MANIFEST_DIR");
    let dist = tmp.path().join("dist").to_string_lossy().into_owned();
    let o = run(
        tmp.path(),
        &pip,
        &["wheel", "--quiet", "--no-deps", "--wheel-dir", &dist, repo],
    );
    assert!(o.status.success(), "pip wheel: {}", text(&o));
    let wheels: Vec<_> = std::fs::read_dir(&dist)
        .expect("dist")
        .flatten()
        .map(|e| e.path())
        .collect();
    assert_eq!(wheels.len(), 1, "{wheels:?}");
    let name = wheels[0]
        .file_name()
        .unwrap_or_default()
        .to_string_lossy()
        .into_owned();
    assert!(
        name.starts_with(&format!("ghosttax-{}-py3-none-", env!("CARGO_PKG_VERSION"))),
        "{name}"
    );
    // The wheel carries both license files of "MIT OR Apache-2.0" in its .dist-info (maturin
    // takes the project root's LICENSE*), byte for byte.
    const ENTRY: &str = "import sys, zipfile\n\
        z = zipfile.ZipFile(sys.argv[1])\n\
        names = [n for n in z.namelist() if n.split('/')[0].endswith('.dist-info') and n.rsplit('/', 1)[-1] == sys.argv[2]]\n\
        assert len(names) == 1, (sys.argv[2], z.namelist())\n\
        sys.stdout.buffer.write(z.read(names[0]))\n";
    for license in ["LICENSE-MIT", "LICENSE-APACHE"] {
        let o = run(
            tmp.path(),
            "python3",
            &["-c", ENTRY, &wheels[0].to_string_lossy(), license],
        );
        assert!(o.status.success(), "{license} in the wheel: {}", text(&o));
        assert!(
            o.stdout == std::fs::read(Path::new(repo).join(license)).expect(license),
            "the wheel's {license} differs from the repository's"
        );
    }

    let user = venv("user");
    let o = run(
        tmp.path(),
        &user.join("pip").to_string_lossy(),
        &["install", "--quiet", &wheels[0].to_string_lossy()],
    );
    assert!(o.status.success(), "pip install: {}", text(&o));
    let exe = user.join("ghosttax").to_string_lossy().into_owned();
    let o = run(tmp.path(), &exe, &["--version"]);
    assert_eq!(
        stdout(&o),
        format!("ghosttax {}\n", env!("CARGO_PKG_VERSION"))
    );
    write(tmp.path(), "work/bad.py", LOOP_PY);
    let o = run(
        &tmp.path().join("work"),
        &exe,
        &["check", "--format", "concise", "-q", "bad.py"],
    );
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(stdout(&o).starts_with("bad.py:3:9: GT101"), "{}", text(&o));

    // The release workflow's steps on this wheel: the smoke test, then the archive of the
    // binary it carries, with a checksum `sha256sum -c` accepts.
    let o = Command::new("sh")
        .arg(".github/release/smoke")
        .current_dir(repo)
        .env("GHOSTTAX", &exe)
        .output()
        .expect("sh");
    assert_eq!(o.status.code(), Some(0), "smoke: {}", text(&o));
    let archives = tmp.path().join("archives");
    let o = run(
        Path::new(repo),
        "python3",
        &[
            ".github/release/archive.py",
            &wheels[0].to_string_lossy(),
            "x86_64-unknown-linux-gnu",
            &archives.to_string_lossy(),
        ],
    );
    assert!(o.status.success(), "archive.py: {}", text(&o));
    let stem = format!(
        "ghosttax-{}-x86_64-unknown-linux-gnu",
        env!("CARGO_PKG_VERSION")
    );
    let o = run(
        &archives,
        "sha256sum",
        &["--check", &format!("{stem}.tar.gz.sha256")],
    );
    assert_eq!(stdout(&o), format!("{stem}.tar.gz: OK\n"), "{}", text(&o));
    let o = run(&archives, "tar", &["xzf", &format!("{stem}.tar.gz")]);
    assert!(o.status.success(), "tar: {}", text(&o));
    // Beside the binary: the README, the changelog and both license files, as in the repository.
    for doc in ["README.md", "CHANGELOG.md", "LICENSE-MIT", "LICENSE-APACHE"] {
        assert!(
            std::fs::read(archives.join(&stem).join(doc)).expect(doc)
                == std::fs::read(Path::new(repo).join(doc)).expect(doc),
            "the archive's {doc} differs from the repository's"
        );
    }
    let packed = archives.join(&stem).join("ghosttax");
    // The very binary pip installed from the wheel.
    assert!(
        std::fs::read(&packed).expect("archived binary")
            == std::fs::read(user.join("ghosttax")).expect("installed binary"),
        "the archive's binary differs from the wheel's"
    );
    let o = run(&archives, &packed.to_string_lossy(), &["--version"]);
    assert_eq!(
        stdout(&o),
        format!("ghosttax {}\n", env!("CARGO_PKG_VERSION"))
    );

    // The wheel's binary carries the trace interposer (Linux).
    if cfg!(target_os = "linux") {
        let o = run(
            &tmp.path().join("work"),
            &exe,
            &["trace", "-q", "--", "true"],
        );
        assert_eq!(o.status.code(), Some(0), "{}", text(&o));
        assert!(tmp.path().join("work/ghosttax-trace.json").is_file());
    }
}
