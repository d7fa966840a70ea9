//! Helpers shared by the integration tests: run the real binary, write files.
#![allow(dead_code)] // each test crate uses a different subset

use std::path::Path;
use std::process::{Command, Output};

/// A loop that pins 8 MiB a hundred times and keeps every buffer (GT101).
pub const LOOP_CU: &str = "\
#define N (1 << 20)
__global__ void scale(float* x) {}
void run(float* d, std::vector<float*>& keep) {
    for (int i = 0; i < 100; ++i) {
        float* h;
        cudaMallocHost(&h, 8 * N);
        scale<<<1, 32>>>(d);
        keep.push_back(h);
    }
}
";

/// Run `ghosttax ARGS` in `dir`, without colour.
pub fn ghosttax(dir: &Path, args: &[&str]) -> Output {
    ghosttax_env(dir, args, &[])
}

/// As `ghosttax`, with extra environment variables.
pub fn ghosttax_env(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_ghosttax"));
    cmd.args(args).current_dir(dir).env("NO_COLOR", "1");
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.output().expect("run ghosttax")
}

/// Write `text` to `dir/name`, creating folders.
pub fn write(dir: &Path, name: &str, text: &str) {
    let path = dir.join(name);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).expect("mkdir");
    }
    std::fs::write(path, text).expect("write");
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}
