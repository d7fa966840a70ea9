//! A deterministic tree of realistic Python, C++ and CUDA sources for benchmarks.
//!
//! `gentree generate --files 100000 --seed 1 DIR` writes the tree and `DIR/expected.json`
//! (every finding a default `ghosttax check` must report); `gentree verify DIR REPORT.json`
//! compares a JSON report with it; `gentree regex` prints the catalog's names as one regex
//! (what `rg` is timed with).

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use clap::{Parser, Subcommand};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

#[derive(Parser)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    Generate {
        #[arg(long)]
        files: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Share of files that contain pinned-memory calls.
        #[arg(long, default_value_t = 0.01)]
        pinned_share: f64,
        dir: PathBuf,
    },
    Verify {
        dir: PathBuf,
        report: PathBuf,
    },
    Regex,
}

/// One expected finding: (path, line, rule).
type Expected = BTreeSet<(String, usize, String)>;

struct Writer {
    text: String,
    lines: usize,
}

impl Writer {
    fn new() -> Writer {
        Writer {
            text: String::new(),
            lines: 0,
        }
    }
    /// Append a line; returns its 1-based number.
    fn line(&mut self, s: &str) -> usize {
        self.text.push_str(s);
        self.text.push('\n');
        self.lines += 1;
        self.lines
    }
}

const WORDS: &[&str] = &[
    "batch", "tensor", "grad", "weight", "layer", "stream", "queue", "cache", "index", "shard",
    "token", "block", "tile", "chunk", "frame", "sample", "score", "state", "model", "buffer",
];

fn name(rng: &mut StdRng) -> String {
    format!(
        "{}_{}{}",
        WORDS[rng.random_range(0..WORDS.len())],
        WORDS[rng.random_range(0..WORDS.len())],
        rng.random_range(0..1000)
    )
}

fn python_filler(rng: &mut StdRng, w: &mut Writer, target: usize) {
    w.line("import math");
    w.line("import numpy as np");
    w.line("from collections import defaultdict");
    w.line("");
    while w.text.len() < target {
        let f = name(rng);
        match rng.random_range(0..3) {
            0 => {
                w.line(&format!("class {}:", f.to_uppercase()));
                w.line(&format!("    \"\"\"Keeps {f} statistics.\"\"\""));
                w.line("    def __init__(self, n):");
                w.line("        self.n = n");
                w.line("        self.values = [0.0] * n");
                w.line("");
                w.line("    def update(self, xs):");
                w.line("        for i, x in enumerate(xs):");
                w.line("            self.values[i % self.n] += math.sqrt(abs(x))");
                w.line("        return sum(self.values) / max(1, self.n)");
            }
            1 => {
                w.line(&format!("def {f}(items, scale=1.0):"));
                w.line("    # normalise and bucket the items");
                w.line("    out = defaultdict(list)");
                w.line("    for k, v in items:");
                w.line("        while v > scale:");
                w.line("            v /= 2");
                w.line("        out[k].append(v)");
                w.line("    return {k: np.mean(v) for k, v in out.items()}");
            }
            _ => {
                w.line(&format!("def {f}(a, b):"));
                w.line("    total = 0");
                w.line("    for i in range(len(a)):");
                w.line("        total += a[i] * b[i]");
                w.line("    return total");
            }
        }
        w.line("");
    }
}

fn c_filler(rng: &mut StdRng, w: &mut Writer, target: usize, cuda: bool) {
    w.line("#include <cstddef>");
    w.line("#include <vector>");
    w.line("");
    while w.text.len() < target {
        let f = name(rng);
        match rng.random_range(0..3) {
            0 if cuda => {
                w.line(&format!(
                    "__global__ void {f}(float* x, const float* y, int n) {{"
                ));
                w.line("  int i = blockIdx.x * blockDim.x + threadIdx.x;");
                w.line("  if (i < n) x[i] += 2.0f * y[i];");
                w.line("}");
                w.line(&format!(
                    "void launch_{f}(float* x, const float* y, int n, cudaStream_t s) {{"
                ));
                w.line(&format!("  {f}<<<(n + 255) / 256, 256, 0, s>>>(x, y, n);"));
                w.line("}");
            }
            1 => {
                w.line(&format!("struct {} {{", f.to_uppercase()));
                w.line("  std::vector<float> values;");
                w.line("  // accumulate with a running mean");
                w.line("  float update(const float* xs, std::size_t n) {");
                w.line("    float acc = 0;");
                w.line("    for (std::size_t i = 0; i < n; ++i) { acc += xs[i]; values.push_back(xs[i]); }");
                w.line("    return acc / (n ? n : 1);");
                w.line("  }");
                w.line("};");
            }
            _ => {
                w.line(&format!("static int {f}(const int* a, int n) {{"));
                w.line("  int best = 0;");
                w.line("  for (int i = 0; i < n; ++i) {");
                w.line("    while (a[i] > best) best += 1;");
                w.line("  }");
                w.line("  return best;");
                w.line("}");
            }
        }
        w.line("");
    }
}

/// Sizes from 1 KiB to 200 KiB, most of them small (log-uniform).
fn size(rng: &mut StdRng) -> usize {
    let lo = (1024f64).ln();
    let hi = (200.0 * 1024.0f64).ln();
    rng.random_range(lo..hi).exp() as usize
}

fn generate(files: usize, seed: u64, share: f64, dir: &Path) -> std::io::Result<()> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut expected = Expected::new();
    for i in 0..files {
        let sub = format!("pkg{:03}/mod{:02}", i % 997, (i / 997) % 50);
        let kind = rng.random_range(0..10);
        let ext = match kind {
            0..=5 => "py",
            6..=8 => "cpp",
            _ => "cu",
        };
        let rel = format!("{sub}/file{i}.{ext}");
        let pinned = rng.random_bool(share);
        let target = size(&mut rng);
        let mut w = Writer::new();
        let mut expect = |line: usize, rule: &str| {
            expected.insert((rel.clone(), line, rule.to_string()));
        };
        match ext {
            "py" => {
                if pinned {
                    w.line("import torch");
                    match rng.random_range(0..2) {
                        0 => {
                            w.line("def stage(batches):");
                            w.line("    kept = []");
                            w.line("    for b in range(64):");
                            let l = w
                                .line("        kept.append(torch.empty(1 << 20, pin_memory=True))");
                            expect(l, "GT101");
                            w.line("    return kept");
                        }
                        _ => {
                            w.line("class Frames(torch.utils.data.Dataset):");
                            w.line("    def __getitem__(self, i):");
                            let l = w.line("        return self.load(i).pin_memory()");
                            expect(l, "GT201");
                        }
                    }
                }
                python_filler(&mut rng, &mut w, target);
            }
            _ => {
                if pinned {
                    match rng.random_range(0..2) {
                        0 => {
                            w.line("void stage_all(std::vector<float*>& keep) {");
                            w.line("  for (int i = 0; i < 16; ++i) {");
                            w.line("    float* h;");
                            let l = w.line("    cudaMallocHost(&h, 8 << 20);");
                            expect(l, "GT101");
                            w.line("    keep.push_back(h);");
                            w.line("  }");
                            w.line("}");
                        }
                        _ => {
                            w.line("void pin_once(void* buf, size_t n) {");
                            let l = w.line("  cudaHostRegister(buf, 1 << 20, 0);");
                            expect(l, "GT301");
                            w.line("}");
                        }
                    }
                }
                c_filler(&mut rng, &mut w, target, ext == "cu");
            }
        }
        let path = dir.join(&rel);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)?;
        }
        std::fs::write(path, w.text)?;
    }
    let list: Vec<serde_json::Value> = expected
        .iter()
        .map(|(p, l, r)| serde_json::json!({"path": p, "line": l, "rule": r}))
        .collect();
    std::fs::write(
        dir.join("expected.json"),
        serde_json::to_string_pretty(&list).unwrap_or_default(),
    )?;
    eprintln!(
        "wrote {files} files, {} expected findings, to {}",
        expected.len(),
        dir.display()
    );
    Ok(())
}

fn verify(dir: &Path, report: &Path) -> Result<(), String> {
    let read = |p: &Path| -> Result<serde_json::Value, String> {
        let text = std::fs::read_to_string(p).map_err(|e| format!("{}: {e}", p.display()))?;
        serde_json::from_str(&text).map_err(|e| format!("{}: {e}", p.display()))
    };
    let expected: Expected = read(&dir.join("expected.json"))?
        .as_array()
        .map(|a| {
            a.iter()
                .map(|f| {
                    (
                        f["path"].as_str().unwrap_or("").to_string(),
                        f["line"].as_u64().unwrap_or(0) as usize,
                        f["rule"].as_str().unwrap_or("").to_string(),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    let prefix = format!("{}/", dir.display());
    let got: Expected = read(report)?["findings"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|f| {
                    let p = f["path"].as_str().unwrap_or("");
                    (
                        p.strip_prefix(&prefix).unwrap_or(p).to_string(),
                        f["line"].as_u64().unwrap_or(0) as usize,
                        f["rule"].as_str().unwrap_or("").to_string(),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    let missing: Vec<_> = expected.difference(&got).collect();
    let extra: Vec<_> = got.difference(&expected).collect();
    if missing.is_empty() && extra.is_empty() {
        println!("verified: {} findings, exactly as expected", got.len());
        Ok(())
    } else {
        let mut msg = String::new();
        let _ = writeln!(msg, "{} missing, {} unexpected", missing.len(), extra.len());
        for m in missing.iter().take(10) {
            let _ = writeln!(msg, "missing {m:?}");
        }
        for x in extra.iter().take(10) {
            let _ = writeln!(msg, "unexpected {x:?}");
        }
        Err(msg)
    }
}

fn main() -> std::process::ExitCode {
    let result = match Cli::parse().command {
        Command::Generate {
            files,
            seed,
            pinned_share,
            dir,
        } => generate(files, seed, pinned_share, &dir).map_err(|e| e.to_string()),
        Command::Verify { dir, report } => verify(&dir, &report),
        Command::Regex => {
            let names = ghosttax::catalog::Catalog::builtin().needles();
            println!("{}", names.join("|"));
            Ok(())
        }
    };
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::ExitCode::from(1)
        }
    }
}
