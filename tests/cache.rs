//! The persistent cache, through the real binary: whatever changed between two runs (a file
//! edited, added, removed or renamed, the configuration, `--select`, `--assume`, the
//! catalog, the build), a run with the cache prints byte for byte what a run with
//! `--no-cache` prints, in every format; a damaged cache, a folder that cannot be written
//! and two runs at once change nothing either.

use std::path::Path;
mod common;
use common::*;

/// A pinning helper in one file, called in a loop in another: a call chain across files.
const HELPERS_PY: &str = "\
import torch

def stage(n):
    return torch.empty(n, pin_memory=True)
";

const TRAIN_PY: &str = "\
from helpers import stage

def train(loader, batch_size):
    for batch in loader:
        buf = stage(batch_size * 4096)
        buf.copy_(batch)
";

const FORMATS: &[&str] = &["text", "concise", "json", "sarif", "markdown", "github"];

/// A small project: the chain above and a C++ loop.
fn project() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    write(dir.path(), "helpers.py", HELPERS_PY);
    write(dir.path(), "train.py", TRAIN_PY);
    write(dir.path(), "k.cu", LOOP_CU);
    dir
}

/// `check` with the cache (in the default place) and `args`: stdout and stderr.
fn cached(dir: &Path, args: &[&str]) -> (String, String) {
    let mut all = vec!["check", "-v"];
    all.extend_from_slice(args);
    let out = ghosttax(dir, &all);
    assert!(out.status.code().is_some_and(|c| c < 2), "{}", stderr(&out));
    (stdout(&out), stderr(&out))
}

/// `check --no-cache` with `args`: stdout.
fn cold(dir: &Path, args: &[&str]) -> String {
    let mut all = vec!["check", "--no-cache"];
    all.extend_from_slice(args);
    let out = ghosttax(dir, &all);
    assert!(out.status.code().is_some_and(|c| c < 2), "{}", stderr(&out));
    stdout(&out)
}

/// Run every format with the cache and check it against `--no-cache`; the JSON report.
fn agrees(dir: &Path, args: &[&str]) -> String {
    let mut json = String::new();
    for format in FORMATS {
        let mut with = vec!["--format", format];
        with.extend_from_slice(args);
        let (out, err) = cached(dir, &with);
        assert_eq!(out, cold(dir, &with), "--format {format} {args:?}; {err}");
        if *format == "json" {
            json = out;
        }
    }
    json
}

/// Warm the cache with `args`, apply `change`, and check the next cached run against
/// `--no-cache` in every format; the change must show in the findings (else the test
/// could not catch a stale cache).
fn after_change(args: &[&str], change: impl FnOnce(&Path)) -> tempfile::TempDir {
    let dir = project();
    let before = agrees(dir.path(), args);
    // Twice: the second run is answered whole from the cache.
    let (again, err) = cached(dir.path(), &[&["--format", "json"], args].concat());
    assert_eq!(again, before);
    assert!(err.contains("nothing changed since the last run"), "{err}");
    change(dir.path());
    let after = agrees(dir.path(), args);
    assert_ne!(before, after, "the change must change the findings");
    dir
}

fn cache_files(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(dir.join(".ghosttax_cache"))
        .expect("cache folder")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "bin"))
        .collect();
    files.sort();
    files
}

#[test]
fn an_edited_file_is_analysed_again() {
    let dir = after_change(&[], |d| {
        write(
            d,
            "helpers.py",
            "import torch\n\ndef stage(n):\n    return torch.empty(n * 2, pin_memory=True)\n",
        )
    });
    // The file that did not change is still read from the cache.
    let (_, err) = cached(dir.path(), &["--format", "json", "--select", "ALL"]);
    assert!(err.contains("parses from"), "{err}");
}

#[test]
fn an_added_file_joins_the_chains() {
    after_change(&[], |d| {
        write(
            d,
            "eval.py",
            "from helpers import stage\n\ndef evaluate(data):\n    for x in data:\n        stage(1 << 20)\n",
        )
    });
}

#[test]
fn a_removed_file_leaves_no_finding_behind() {
    after_change(&[], |d| {
        std::fs::remove_file(d.join("train.py")).expect("remove")
    });
}

#[test]
fn a_renamed_file_is_reported_under_its_new_name() {
    after_change(&[], |d| {
        std::fs::rename(d.join("train.py"), d.join("trainer.py")).expect("rename")
    });
}

#[test]
fn a_removed_callee_ends_the_chain() {
    after_change(&[], |d| {
        write(d, "helpers.py", "def stage(n):\n    return bytearray(n)\n")
    });
}

#[test]
fn a_changed_ghosttax_toml_counts() {
    after_change(&[], |d| {
        write(d, "ghosttax.toml", "[tax]\nratio = 0.5\nvram = \"8GiB\"\n")
    });
}

#[test]
fn a_changed_pyproject_section_counts() {
    let dir = after_change(&[], |d| {
        write(
            d,
            "pyproject.toml",
            "[project]\nname = \"x\"\n\n[tool.ghosttax]\nignore = [\"GT101\"]\n",
        )
    });
    after(dir.path(), |d| {
        write(
            d,
            "pyproject.toml",
            "[project]\nname = \"x\"\n\n[tool.ghosttax]\nextend-select = [\"GT100\"]\n",
        )
    });
}

/// As `after_change`, on a project already there.
fn after(dir: &Path, change: impl FnOnce(&Path)) {
    let before = agrees(dir, &[]);
    change(dir);
    assert_ne!(before, agrees(dir, &[]));
}

#[test]
fn select_and_ignore_have_caches_of_their_own() {
    let dir = project();
    let all = agrees(dir.path(), &[]);
    let only = agrees(dir.path(), &["--select", "GT100"]);
    assert_ne!(all, only);
    let ignored = agrees(dir.path(), &["--ignore", "GT202"]);
    assert_ne!(all, ignored);
    assert_eq!(agrees(dir.path(), &[]), all);
}

#[test]
fn an_assumption_changes_the_price() {
    let dir = project();
    let free = agrees(dir.path(), &[]);
    let assumed = agrees(dir.path(), &["--assume", "n=64"]);
    assert_ne!(free, assumed);
    let other = agrees(dir.path(), &["--assume", "n=128"]);
    assert_ne!(assumed, other);
    // An assumption used is not reported unused when the run comes from the cache.
    for _ in 0..2 {
        let out = ghosttax(
            dir.path(),
            &["check", "--format", "json", "--assume", "n=128,nothing=1"],
        );
        let err = stderr(&out);
        assert!(!err.contains("`n` binds no name"), "{err}");
        assert!(err.contains("`nothing` binds no name"), "{err}");
    }
}

#[test]
fn a_catalog_extension_is_part_of_the_key() {
    after_change(&[], |d| {
        write(
            d,
            "wrap.cu",
            "void fill(float* d) {\n    for (int i = 0; i < 10; ++i) {\n        float* h;\n        my_pinned_alloc(&h, 1 << 20);\n    }\n}\n",
        );
        // Nothing to find until the catalog knows the wrapper: the file alone cannot
        // tell the cache the catalog changed.
        assert_eq!(
            cold(d, &["--format", "json"]),
            cached(d, &["--format", "json"]).0
        );
        write(
            d,
            "ghosttax.toml",
            "[[api]]\nname = \"my_pinned_alloc\"\nlanguages = [\"c\", \"cpp\", \"cuda\"]\nkind = \"alloc\"\npointer_arg = 0\nsize_arg = 1\n",
        )
    });
}

/// Overwrite the build id in every cache file, as another build of ghosttax would have
/// written it.
fn as_if_another_build(dir: &Path) {
    for path in cache_files(dir) {
        let mut bytes = std::fs::read(&path).expect("read");
        // After the 8-byte magic: the build id, `VERSION-DIGEST`.
        let at = 8
            + bytes[8..]
                .iter()
                .position(|&b| b == b'-')
                .expect("build id")
            + 1;
        bytes[at] = if bytes[at] == b'0' { b'1' } else { b'0' };
        std::fs::write(&path, bytes).expect("write");
    }
}

#[test]
fn a_cache_of_another_build_is_not_read() {
    let dir = project();
    let before = agrees(dir.path(), &[]);
    as_if_another_build(dir.path());
    let (out, err) = cached(dir.path(), &["--format", "json"]);
    assert_eq!(out, before);
    assert!(
        err.contains("written by another build of ghosttax"),
        "{err}"
    );
    assert!(err.contains("cache: 0 of"), "{err}");
    // Written again for this build: the next run is answered whole.
    let (again, err) = cached(dir.path(), &["--format", "json"]);
    assert_eq!(again, before);
    assert!(err.contains("nothing changed since the last run"), "{err}");
}

#[test]
fn a_damaged_or_truncated_cache_is_ignored_and_written_again() {
    let dir = project();
    let json = agrees(dir.path(), &["--select", "ALL"]);
    let args = ["--format", "json", "--select", "ALL"];
    type Damage = dyn Fn(&mut Vec<u8>);
    let damage: [&Damage; 4] = [
        &|b| b.truncate(b.len() / 2),
        &|b| b.truncate(5),
        &|b| {
            let n = b.len();
            b[n - 3] ^= 0x40;
        },
        &|b| b.clear(),
    ];
    for (i, hurt) in damage.iter().enumerate() {
        for path in cache_files(dir.path()) {
            let mut bytes = std::fs::read(&path).expect("read");
            hurt(&mut bytes);
            std::fs::write(&path, bytes).expect("write");
        }
        let (out, err) = cached(dir.path(), &args);
        assert_eq!(out, json, "damage {i}");
        assert!(!err.contains("panicked"), "{err}");
        if i != 3 {
            assert!(err.contains("damaged or truncated"), "damage {i}: {err}");
        }
        let (out, err) = cached(dir.path(), &args);
        assert_eq!(out, json);
        assert!(err.contains("nothing changed since the last run"), "{err}");
    }
    // Garbage where the folder's files go.
    std::fs::write(
        dir.path().join(".ghosttax_cache/.tmp-stray"),
        b"not a cache file",
    )
    .expect("write");
    assert_eq!(cached(dir.path(), &args).0, json);
}

#[test]
fn a_cache_folder_that_cannot_be_written_means_no_cache() {
    let dir = project();
    let json = cold(dir.path(), &["--format", "json"]);
    // A folder made read-only (root may still write there: then a path under a file).
    let ro = dir.path().join("ro");
    std::fs::create_dir(&ro).expect("mkdir");
    set_mode(&ro, 0o555);
    let writable_anyway = std::fs::write(ro.join("probe"), b"").is_ok();
    let cache_dir = if writable_anyway {
        write(dir.path(), "plain-file", "");
        dir.path().join("plain-file").join("cache")
    } else {
        ro.join("cache")
    };
    let cache_dir = cache_dir.to_string_lossy().into_owned();
    for verbose in [true, false] {
        let mut args = vec!["check", "--format", "json", "--cache-dir", &cache_dir];
        if verbose {
            args.push("-v");
        }
        let out = ghosttax(dir.path(), &args);
        assert_eq!(stdout(&out), json);
        let err = stderr(&out);
        let said = err.matches("cannot be written").count();
        assert_eq!(said, usize::from(verbose), "{err}");
        assert!(
            err.contains("checked without the cache") == verbose,
            "{err}"
        );
    }
    assert!(!Path::new(&cache_dir).exists());
    set_mode(&ro, 0o755);
}

#[cfg(unix)]
fn set_mode(path: &Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).expect("chmod");
}

#[cfg(not(unix))]
fn set_mode(_: &Path, _: u32) {}

#[test]
fn the_cache_folder_can_be_named_and_ignores_itself() {
    let dir = project();
    let elsewhere = tempfile::tempdir().expect("tempdir");
    let named = elsewhere.path().join("c");
    let named_str = named.to_string_lossy().into_owned();
    let json = cold(dir.path(), &["--format", "json"]);
    let out = ghosttax(
        dir.path(),
        &["check", "--format", "json", "--cache-dir", &named_str],
    );
    assert_eq!(stdout(&out), json);
    let env_dir = elsewhere.path().join("e");
    let out = ghosttax_env(
        dir.path(),
        &["check", "--format", "json"],
        &[("GHOSTTAX_CACHE_DIR", &env_dir.to_string_lossy())],
    );
    assert_eq!(stdout(&out), json);
    for d in [&named, &env_dir] {
        assert_eq!(
            std::fs::read_to_string(d.join(".gitignore"))
                .expect("gitignore")
                .lines()
                .last(),
            Some("*")
        );
    }
    assert!(!dir.path().join(".ghosttax_cache").exists());
    // --no-cache neither reads nor writes.
    let out = ghosttax(dir.path(), &["check", "--format", "json", "--no-cache"]);
    assert_eq!(stdout(&out), json);
    assert!(!dir.path().join(".ghosttax_cache").exists());
}

#[test]
fn two_runs_at_once_leave_a_whole_cache() {
    let dir = project();
    for _ in 0..3 {
        let json = cold(dir.path(), &["--format", "json", "--select", "ALL"]);
        let runs: Vec<std::process::Child> = (0..4)
            .map(|_| {
                std::process::Command::new(env!("CARGO_BIN_EXE_ghosttax"))
                    .args(["check", "--format", "json", "--select", "ALL"])
                    .current_dir(dir.path())
                    .stdout(std::process::Stdio::piped())
                    .stderr(std::process::Stdio::piped())
                    .spawn()
                    .expect("spawn")
            })
            .collect();
        for run in runs {
            let out = run.wait_with_output().expect("wait");
            assert_eq!(stdout(&out), json, "{}", stderr(&out));
        }
        // Touch a file: the next round misses and writes again, all at once.
        write(dir.path(), "note.py", &format!("x = {}\n", rand_number()));
    }
    let (out, _) = cached(dir.path(), &["--format", "json", "--select", "ALL"]);
    assert_eq!(
        out,
        cold(dir.path(), &["--format", "json", "--select", "ALL"])
    );
    let stray: Vec<_> = std::fs::read_dir(dir.path().join(".ghosttax_cache"))
        .expect("cache")
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().starts_with(".tmp-"))
        .collect();
    assert!(stray.is_empty(), "{stray:?}");
}

fn rand_number() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

#[test]
fn an_edited_header_is_read_again() {
    // A macro in a header hides an early return between the pin and the release (GT304).
    let dir = tempfile::tempdir().expect("tempdir");
    write(
        dir.path(),
        "check.h",
        "#define CHECK(x) do { if ((x) != 0) return; } while (0)\n",
    );
    write(
        dir.path(),
        "copy.cu",
        "#include \"check.h\"\nvoid copy(int n) {\n    float* h;\n    cudaMallocHost(&h, 1 << 20);\n    CHECK(cudaMemcpy(0, h, n, cudaMemcpyHostToDevice));\n    cudaFreeHost(h);\n}\n",
    );
    let before = agrees(dir.path(), &[]);
    write(dir.path(), "check.h", "#define CHECK(x) (x)\n");
    let after = agrees(dir.path(), &[]);
    assert_ne!(before, after);
}

#[test]
fn clean_removes_the_cache_and_says_what() {
    let dir = project();
    cached(dir.path(), &["--format", "json"]);
    assert!(dir.path().join(".ghosttax_cache").is_dir());
    let out = ghosttax(dir.path(), &["clean"]);
    assert_eq!(out.status.code(), Some(0));
    let said = stdout(&out);
    assert!(
        said.starts_with("Removed .ghosttax_cache (") && said.contains("files"),
        "{said}"
    );
    assert!(!dir.path().join(".ghosttax_cache").exists());
    let out = ghosttax(dir.path(), &["clean"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out),
        "No cache at .ghosttax_cache: nothing to remove.\n"
    );
    // A folder ghosttax did not make is left alone.
    std::fs::create_dir(dir.path().join("mine")).expect("mkdir");
    let out = ghosttax(dir.path(), &["clean", "--cache-dir", "mine"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(dir.path().join("mine").is_dir());
}
