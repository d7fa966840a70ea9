//! Front end + rules throughput on 1 MiB of Python, C++ and CUDA (MB/s), so regressions
//! show in review: `cargo bench --bench frontends`. Three ways per language: tree-sitter's
//! parse alone (the ceiling), the whole file through the front end and rules, and what
//! `check` does with a file that mentions an API (only the items that matter parsed).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

use ghosttax::analysis::view::{Context, Settings};
use ghosttax::catalog::Catalog;
use ghosttax::frontend::Seed;
use ghosttax::frontend::items::Plan;
use ghosttax::frontend::{Extent, Lazy, Parsers, Wanted};
use ghosttax::model::Language;
use ghosttax::rules;
use ghosttax::scan::idents::{Idents, Scratch};
use ghosttax::scan::prefilter::Prefilter;

/// About 1 MiB of `unit` repeated, with a pinned call in a loop every tenth copy.
fn source(unit: &str, pinned: &str) -> String {
    let mut s = String::new();
    let mut i = 0;
    while s.len() < 1 << 20 {
        s.push_str(&unit.replace("NAME", &format!("f{i}")));
        if i % 10 == 0 {
            s.push_str(&pinned.replace("NAME", &format!("p{i}")));
        }
        i += 1;
    }
    s
}

fn bench(c: &mut Criterion) {
    let catalog = Catalog::builtin();
    let python = source(
        "def NAME(items, scale=1.0):\n    out = {}\n    for k, v in items:\n        while v > scale:\n            v /= 2\n        out[k] = v\n    return out\n\n",
        "def NAME(batches):\n    kept = []\n    for b in range(64):\n        kept.append(torch.empty(1 << 20, pin_memory=True))\n    return kept\n\n",
    );
    let cpp = source(
        "static int NAME(const int* a, int n) {\n  int best = 0;\n  for (int i = 0; i < n; ++i) {\n    while (a[i] > best) best += 1;\n  }\n  return best;\n}\n\n",
        "void NAME(std::vector<float*>& keep) {\n  for (int i = 0; i < 16; ++i) {\n    float* h;\n    cudaMallocHost(&h, 8 << 20);\n    keep.push_back(h);\n  }\n}\n\n",
    );
    let cuda = source(
        "__global__ void NAME(float* x, const float* y, int n) {\n  int i = blockIdx.x * blockDim.x + threadIdx.x;\n  if (i < n) x[i] += 2.0f * y[i];\n}\nvoid launch_NAME(float* x, const float* y, int n, cudaStream_t s) {\n  NAME<<<(n + 255) / 256, 256, 0, s>>>(x, y, n);\n}\n\n",
        "void NAME(char* chunk) {\n  for (int i = 0; i < 16; ++i) {\n    cudaHostRegister(chunk, 1 << 20, 0);\n    cudaHostUnregister(chunk);\n  }\n}\n\n",
    );
    let prefilter = Prefilter::new(&catalog);
    let mut group = c.benchmark_group("front end + rules");
    for (name, lang, text) in [
        ("python", Language::Python, &python),
        ("cpp", Language::Cpp, &cpp),
        ("cuda", Language::Cuda, &cuda),
    ] {
        group.throughput(Throughput::Bytes(text.len() as u64));
        let grammar: tree_sitter::Language = match lang {
            Language::Python => tree_sitter_python::LANGUAGE.into(),
            Language::Cuda => tree_sitter_cuda::LANGUAGE.into(),
            _ => tree_sitter_cpp::LANGUAGE.into(),
        };
        let mut parser = tree_sitter::Parser::new();
        if parser.set_language(&grammar).is_ok() {
            group.bench_function(format!("{name}/tree-sitter parse only"), |b| {
                b.iter(|| {
                    parser
                        .parse(text.as_str(), None)
                        .map(|t| t.root_node().child_count())
                })
            });
        }
        let mut parsers = Parsers::new();
        let settings = Settings::default();
        group.bench_function(format!("{name}/whole file"), |b| {
            b.iter(|| {
                let model = parsers.build(lang, text, &catalog).unwrap_or_default();
                let ctx = Context::new(&model, &catalog, &settings, lang);
                rules::check(&ctx).len()
            })
        });
        let idents = Idents::of(text.as_bytes(), lang, name, &mut Scratch::default());
        group.bench_function(format!("{name}/items that matter"), |b| {
            b.iter(|| {
                let mut extent = Extent::Lazy(Lazy {
                    plan: Plan::new(text, lang),
                    hot: Wanted::Apis(&prefilter),
                    seed: Seed::NONE,
                    idents: &idents,
                    parsed_any: false,
                    by_value: None,
                });
                let model = parsers
                    .build_extent(lang, text, &catalog, &mut extent)
                    .unwrap_or_default();
                let ctx = Context::new(&model, &catalog, &settings, lang);
                rules::check(&ctx).len()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
