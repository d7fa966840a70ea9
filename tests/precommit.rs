//! The real pre-commit hook (`ghosttax`, `language: python`): installs pre-commit from PyPI
//! into a temporary virtualenv, runs `pre-commit try-repo` against this repository on a
//! temporary git repository (pre-commit installs the package, building its wheel), and
//! checks that the hook fails on a pinned allocation in a loop and passes once it is fixed.
//! Slow (the wheel is a release build), so `cargo test` skips it; `.ci/run` runs it.

use std::path::Path;
use std::process::{Command, Output};

fn run(dir: &Path, program: &str, args: &[&str]) -> Output {
    Command::new(program)
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {program}: {e}"))
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

#[test]
#[ignore = "installs pre-commit and maturin from PyPI and builds ghosttax in release; .ci/run runs it"]
fn pre_commit_hook_fails_on_bad_code_and_passes_once_fixed() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let venv = tmp.path().join("venv");
    let venv_str = venv.to_string_lossy().into_owned();
    let o = run(tmp.path(), "python3", &["-m", "venv", &venv_str]);
    assert!(o.status.success(), "venv: {}", text(&o));
    let pip = venv.join("bin/pip").to_string_lossy().into_owned();
    let o = run(tmp.path(), &pip, &["install", "--quiet", "pre-commit"]);
    assert!(o.status.success(), "pip install pre-commit: {}", text(&o));
    let pre_commit = venv.join("bin/pre-commit").to_string_lossy().into_owned();

    let repo = tmp.path().join("repo");
    std::fs::create_dir_all(&repo).expect("mkdir");
    std::fs::write(
        repo.join("bad.py"),
        "import torch\nfor batch in loader:\n    x = batch.pin_memory()\n",
    )
    .expect("write");
    std::fs::write(repo.join("good.cu"), "void f() {}\n").expect("write");
    std::fs::write(
        repo.join("helper.py"),
        "def stage(batch):\n    return batch.pin_memory()\n",
    )
    .expect("write");
    let git = |args: &[&str]| {
        let o = run(&repo, "git", args);
        assert!(o.status.success(), "git {args:?}: {}", text(&o));
    };
    let commit = |message: &str| {
        git(&["add", "."]);
        git(&[
            "-c",
            "user.email=ci@example.com",
            "-c",
            "user.name=ci",
            "commit",
            "-qm",
            message,
        ]);
    };
    git(&["init", "-q"]);
    commit("init");

    let this_repo = env!("CARGO_MANIFEST_DIR");
    let home = tmp.path().join("pre-commit-home");
    let try_repo_with = |all: bool| {
        let mut args = vec!["try-repo", this_repo, "ghosttax"];
        if all {
            args.push("--all-files");
        }
        Command::new(&pre_commit)
            .args(&args)
            .current_dir(&repo)
            .env("PRE_COMMIT_HOME", &home)
            .env("NO_COLOR", "1")
            .output()
            .expect("run pre-commit")
    };
    let try_repo = || try_repo_with(true);
    let failed = try_repo();
    let out = text(&failed);
    assert_eq!(failed.status.code(), Some(1), "{out}");
    assert!(out.contains("warning[GT101]"), "{out}");
    assert!(out.contains("bad.py:3:9"), "{out}");

    std::fs::write(
        repo.join("bad.py"),
        "import torch\nstaging = torch.empty(1 << 20, pin_memory=True)\nfor batch in loader:\n    staging.copy_(batch)\n",
    )
    .expect("write");
    let passed = try_repo();
    assert_eq!(passed.status.code(), Some(0), "{}", text(&passed));

    // Only the staged file is passed, but the rest of the repository is its context: a new
    // loop calling the unchanged helper that pins is reported, with the chain.
    commit("fixed");
    std::fs::write(
        repo.join("loop.py"),
        "from helper import stage\n\nfor batch in loader:\n    stage(batch)\n",
    )
    .expect("write");
    git(&["add", "loop.py"]);
    let staged = try_repo_with(false);
    let out = text(&staged);
    assert_eq!(staged.status.code(), Some(1), "{out}");
    assert!(out.contains("warning[GT202]"), "{out}");
    assert!(out.contains("helper.py:2:12"), "{out}");
    assert!(out.contains("`<module>` → `stage`"), "{out}");
}
