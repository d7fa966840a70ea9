//! Grammar-shaped inputs and byte-level mutations.
//!
//! Each front end gets statements of its own language, nested to a random depth, with the
//! catalog's pinning calls, the constructs the analyses look at (loops, classes, guards,
//! early exits, frees, suppressions, decorators, templates, kernels, `unsafe`, macros) and
//! noise: unbalanced brackets, odd Unicode, very long lines, deep nesting, unterminated
//! strings and comments. The config and trace generators write TOML and JSON of the
//! readers' schemas with odd values. The mutators work on bytes.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// A seeded random source with the few helpers the generators need.
pub struct Gen {
    rng: StdRng,
    /// Catalog names (every API the front ends match), drawn for calls.
    apis: Vec<String>,
}

impl Gen {
    pub fn new(seed: u64, apis: Vec<String>) -> Gen {
        Gen {
            rng: StdRng::seed_from_u64(seed),
            apis,
        }
    }

    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            self.rng.random_range(0..n)
        }
    }

    pub fn chance(&mut self, p: f64) -> bool {
        self.rng.random_bool(p.clamp(0.0, 1.0))
    }

    pub fn u64(&mut self) -> u64 {
        self.rng.random()
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    pub fn word(&mut self, items: &[&'static str]) -> &'static str {
        items[self.below(items.len())]
    }

    fn api(&mut self) -> String {
        if self.apis.is_empty() {
            return "cudaMallocHost".into();
        }
        let i = self.below(self.apis.len());
        self.apis[i].clone()
    }

    fn name(&mut self) -> String {
        let base = self.word(NAMES);
        if self.chance(0.2) {
            format!("{base}{}", self.below(4))
        } else {
            base.to_string()
        }
    }

    /// A number as code writes it: small, a power of two, a product, huge, negative, odd.
    fn number(&mut self) -> String {
        match self.below(14) {
            0 => "0".into(),
            1 => "1".into(),
            2 => format!("{}", self.below(100_000)),
            3 => format!("1 << {}", self.below(70)),
            4 => format!("{} * 1024 * 1024", self.below(64)),
            5 => format!("0x{:x}", self.u64()),
            6 => format!("{}", self.u64()),
            7 => "-1".into(),
            8 => "1e308".into(),
            9 => format!("{}", u128::MAX),
            10 => "sizeof(float)".into(),
            11 => "N".into(),
            12 => format!("(1 << {}) * (1 << {})", self.below(64), self.below(64)),
            _ => format!("{}.5", self.below(10)),
        }
    }

    /// A noise string: the things that break naive scanners.
    pub fn noise(&mut self) -> String {
        match self.below(16) {
            0 => self
                .word(&["(", ")", "[", "]", "{", "}", "<", ">"])
                .to_string(),
            1 => self.word(ODD_UNICODE).to_string(),
            2 => "\"unterminated".into(),
            3 => "'''never closed\n".into(),
            4 => "/* never closed".into(),
            5 => "\\\n".into(),
            6 => "\r".into(),
            7 => "\t".into(),
            8 => "\0".into(),
            9 => self.word(VOCABULARY).to_string(),
            10 => self.word(VOCABULARY).to_string(),
            11 => "# ghosttax: ignore[GT101]".into(),
            12 => "// ghosttax: ignore".into(),
            13 => "\u{feff}".into(),
            14 => "R\"x(".into(),
            _ => format!("{}(", self.api()),
        }
    }

    /// A pathological line: very long, or very deep.
    fn extreme(&mut self, lang: Lang) -> String {
        let n = match self.below(10) {
            0 => 50_000 + self.below(150_000),
            _ => 1 + self.below(5_000),
        };
        match self.below(6) {
            0 => format!("x = {}1{}\n", "(".repeat(n), ")".repeat(n)),
            1 => format!("y = {}\n", "a.".repeat(n) + "pin_memory()"),
            2 => format!("{}\n", "[".repeat(n)),
            3 => match lang {
                Lang::Python => format!("z = {}\n", vec!["1"; n].join(" + ")),
                _ => format!("int z = {};\n", vec!["1"; n].join(" * ")),
            },
            4 => format!("s = \"{}\"\n", "é".repeat(n)),
            _ => match lang {
                Lang::Python => format!("w = {}0\n", "lambda: ".repeat(n.min(3000))),
                Lang::Rust => format!("fn f() {{ {} }}\n", "loop {".repeat(n.min(3000))),
                Lang::C => format!("void f() {{ {} }}\n", "for (;;) {".repeat(n.min(3000))),
            },
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Lang {
    Python,
    C,
    Rust,
}

const NAMES: &[&str] = &[
    "buf",
    "x",
    "h",
    "p",
    "self.buf",
    "batch",
    "out",
    "pool",
    "stage",
    "step",
    "loader",
    "n",
    "N",
    "size",
    "batch_size",
    "i",
    "chunk",
    "staging",
    "cache",
    "ptr",
];

const ODD_UNICODE: &[&str] = &[
    "é",
    "漢字",
    "\u{200b}",
    "\u{202e}",
    "\u{2028}",
    "\u{85}",
    "\u{0301}",
    "🦀",
    "\u{fffd}",
    "\u{c}",
    "\u{b}",
    "ß",
    "İ",
    "\u{10ffff}",
];

/// Tokens that steer every front end into its interesting paths.
const VOCABULARY: &[&str] = &[
    "for",
    "while",
    "do",
    "loop",
    "if",
    "else",
    "return",
    "break",
    "continue",
    "goto",
    "throw",
    "raise",
    "def",
    "class",
    "fn",
    "impl",
    "try",
    "finally",
    "with",
    "yield",
    "lambda",
    "in",
    "range",
    "(",
    ")",
    "{",
    "}",
    "[",
    "]",
    "<<<",
    ">>>",
    ":",
    ";",
    ",",
    ".",
    "->",
    "::",
    "=",
    "+",
    "*",
    "<<",
    "<",
    "++",
    "&",
    "|",
    "?",
    "\"",
    "'",
    "#",
    "//",
    "#define",
    "\n",
    "    ",
    "0",
    "1 << 20",
    "sizeof(float)",
    "self",
    "this",
    "async",
    "await",
    "unsafe",
    "extern",
    "macro_rules!",
    "template",
    "typename",
    "__global__",
    "static",
    "const",
    "auto",
    "new",
    "delete",
    "free",
    "del",
    "None",
    "nullptr",
    "@",
    "pin_memory=True",
    ".pin_memory()",
    "torch.empty",
    "cudaMallocHost",
    "cudaFreeHost",
    "cudaHostRegister",
    "cudaHostUnregister",
    "hipHostMalloc",
    "collate_fn",
    "__getitem__",
    "DataLoader",
    "ghosttax: ignore",
    "global",
    "nonlocal",
    "match",
    "case",
    "struct",
];

// ---------------------------------------------------------------------------------------
// Python

pub fn python(g: &mut Gen) -> String {
    let mut out = String::new();
    if g.chance(0.7) {
        out.push_str(g.word(&[
            "import torch\n",
            "import torch\nimport numpy as np\n",
            "import cupy as cp\n",
            "from torch.utils.data import DataLoader\nimport torch\n",
            "import ctypes\nfrom cuda import cudart\n",
            "from numba import cuda\n",
            "from .pool import stage\n",
        ]));
    }
    let budget = 1 + g.below(12);
    for _ in 0..budget {
        py_stmt(g, &mut out, 0, 0);
    }
    if g.chance(0.03) {
        let line = g.extreme(Lang::Python);
        out.push_str(&line);
    }
    out
}

fn indent(out: &mut String, depth: usize) {
    for _ in 0..depth {
        out.push_str("    ");
    }
}

fn py_expr(g: &mut Gen, nest: usize) -> String {
    let n = g.number();
    let name = g.name();
    match g.below(if nest > 3 { 10 } else { 16 }) {
        0 => format!("torch.empty({n}, pin_memory=True)"),
        1 => format!(
            "torch.zeros(({n}, {}), dtype=torch.float16, pin_memory=True)",
            g.number()
        ),
        2 => format!("{name}.pin_memory()"),
        3 => format!("cp.cuda.alloc_pinned_memory({n})"),
        4 => format!("{}({n})", g.api()),
        5 => format!("{}({name}, {n})", g.api()),
        6 => n,
        7 => name,
        8 => format!("cuda.pinned_array(({n},), dtype=np.float32)"),
        9 => format!("DataLoader(ds, batch_size={n}, pin_memory=True, collate_fn={name})"),
        10 => format!("[{} for _ in range({n})]", py_expr(g, nest + 1)),
        11 => format!("({}, {})", py_expr(g, nest + 1), py_expr(g, nest + 1)),
        12 => format!("{} * {}", py_expr(g, nest + 1), py_expr(g, nest + 1)),
        13 => format!("lambda b: {}", py_expr(g, nest + 1)),
        14 => format!("stage({})", py_expr(g, nest + 1)),
        _ => format!("torch.tensor([{n}, 2.0]).pin_memory()"),
    }
}

fn py_stmt(g: &mut Gen, out: &mut String, depth: usize, nest: usize) {
    indent(out, depth);
    let deeper = nest < 6;
    let name = g.name();
    match g.below(if deeper { 30 } else { 14 }) {
        0 | 1 => out.push_str(&format!("{name} = {}\n", py_expr(g, 0))),
        2 => out.push_str(&format!("{}\n", py_expr(g, 0))),
        3 => out.push_str(&format!("{name}.append({})\n", py_expr(g, 0))),
        4 => out.push_str(&format!("return {}\n", py_expr(g, 0))),
        5 => out.push_str(g.word(&[
            "break\n",
            "continue\n",
            "pass\n",
            "raise RuntimeError('x')\n",
            "yield buf\n",
            "del self.buf\n",
            "self.buf = None\n",
            "global buf\n",
            "cudart.cudaFreeHost(p)\n",
            "cudart.cudaHostUnregister(p)\n",
        ])),
        6 => out.push_str(&format!(
            "{name} = {}  # ghosttax: ignore[GT{}]\n",
            py_expr(g, 0),
            g.word(&["101", "201", "202", "305", "999", "101,GT305", ""])
        )),
        7 => out.push_str(&format!(
            "parser.add_argument('--batch-size', type=int, default={})\n",
            g.number()
        )),
        8 => out.push_str(&format!("{name}: int = {}\n", g.number())),
        9 => out.push_str(&format!(
            "cudart.cudaHostRegister({name}.ctypes.data, {}, 0)\n",
            g.number()
        )),
        10 => out.push_str(&format!(
            "err = cuda.cuMemHostAlloc(ctypes.byref({name}), {}, 0)\n",
            g.number()
        )),
        11 => {
            let noise = g.noise();
            out.push_str(&format!("{noise}\n"));
        }
        12 => out.push_str(&format!("{name} = stage(b)\n")),
        13 => out.push_str(&format!("if {name} is None: {name} = {}\n", py_expr(g, 0))),
        14..=17 => {
            let header = match g.below(8) {
                0 => format!("for i in range({}):", g.number()),
                1 => "for batch in loader:".to_string(),
                2 => "for epoch in range(epochs):".to_string(),
                3 => "while True:".to_string(),
                4 => format!("while {name} < {}:", g.number()),
                5 => "for step, (x, y) in enumerate(loader):".to_string(),
                6 => "async for b in stream:".to_string(),
                _ => "for dev in range(torch.cuda.device_count()):".to_string(),
            };
            out.push_str(&header);
            out.push('\n');
            py_block(g, out, depth + 1, nest + 1);
            if g.chance(0.1) {
                indent(out, depth);
                out.push_str("else:\n");
                py_block(g, out, depth + 1, nest + 1);
            }
        }
        18..=20 => {
            if g.chance(0.4) {
                out.push_str(g.word(&[
                    "@staticmethod\n",
                    "@functools.lru_cache\n",
                    "@pin_output\n",
                    "@torch.no_grad()\n",
                    "@property\n",
                    "@dataclass\n",
                ]));
                indent(out, depth);
            }
            let fname = g.word(&[
                "stage",
                "__init__",
                "__getitem__",
                "collate",
                "train_step",
                "forward",
                "setup",
                "main",
                "wrapper",
                "_make_hook",
                "execute_model",
                "__del__",
                "__enter__",
            ]);
            let params = g.word(&[
                "self",
                "self, n",
                "b",
                "batch, service: CopyService",
                "n=64, *args, **kw",
                "",
                "self, x: torch.Tensor = None",
            ]);
            out.push_str(&format!("def {fname}({params}):\n"));
            py_block(g, out, depth + 1, nest + 1);
        }
        21 | 22 => {
            let base = g.word(&[
                "",
                "(Dataset)",
                "(torch.utils.data.Dataset)",
                "(object)",
                "(EnvBase)",
                "(nn.Module)",
            ]);
            out.push_str(&format!(
                "class {}{base}:\n",
                g.word(&["Pool", "Cache", "Staging", "DS"])
            ));
            py_block(g, out, depth + 1, nest + 1);
        }
        23 => {
            out.push_str(&format!("if {name}:\n"));
            py_block(g, out, depth + 1, nest + 1);
            if g.chance(0.5) {
                indent(out, depth);
                out.push_str("else:\n");
                py_block(g, out, depth + 1, nest + 1);
            }
        }
        24 => {
            out.push_str("try:\n");
            py_block(g, out, depth + 1, nest + 1);
            indent(out, depth);
            out.push_str(g.word(&["finally:\n", "except Exception:\n", "except:\n"]));
            py_block(g, out, depth + 1, nest + 1);
        }
        25 => {
            out.push_str(&format!("with torch.cuda.stream({name}):\n"));
            py_block(g, out, depth + 1, nest + 1);
        }
        26 => {
            out.push_str("if __name__ == '__main__':\n");
            py_block(g, out, depth + 1, nest + 1);
        }
        27 => {
            out.push_str(&format!("match {name}:\n"));
            indent(out, depth + 1);
            out.push_str("case 1:\n");
            py_block(g, out, depth + 2, nest + 1);
        }
        28 => {
            // Indentation that lies: a tab, or one space too many.
            out.push_str(g.word(&["\tx = 1\n", " y = 2\n", "\n\n\n"]));
        }
        _ => {
            let n = g.number();
            out.push_str(&format!(
                "{name} = [torch.empty({n}, pin_memory=True) for b in loader]\n"
            ));
        }
    }
}

fn py_block(g: &mut Gen, out: &mut String, depth: usize, nest: usize) {
    let n = 1 + g.below(4);
    for _ in 0..n {
        py_stmt(g, out, depth, nest);
    }
}

// ---------------------------------------------------------------------------------------
// C, C++, CUDA, HIP

pub fn cfamily(g: &mut Gen) -> String {
    let mut out = String::new();
    if g.chance(0.6) {
        out.push_str(g.word(&[
            "#include <cuda_runtime.h>\n",
            "#include <hip/hip_runtime.h>\n",
            "#include \"pool.h\"\n#include <vector>\n",
            "#include <torch/extension.h>\n",
        ]));
    }
    let n = 1 + g.below(8);
    for _ in 0..n {
        c_top(g, &mut out);
    }
    if g.chance(0.03) {
        let line = g.extreme(Lang::C);
        out.push_str(&line);
    }
    out
}

fn c_expr(g: &mut Gen) -> String {
    let n = g.number();
    let name = g.name().replace("self.", "this->");
    match g.below(12) {
        0 => format!("cudaMallocHost(&{name}, {n})"),
        1 => format!("cudaHostAlloc((void**)&{name}, {n}, cudaHostAllocDefault)"),
        2 => format!("cudaHostRegister({name}, {n}, 0)"),
        3 => format!("cudaHostUnregister({name})"),
        4 => format!("cudaFreeHost({name})"),
        5 => format!("hipHostMalloc(&{name}, {n}, 0)"),
        6 => format!("{}(&{name}, {n})", g.api()),
        7 => format!("CUDA_CHECK(cudaMallocHost(&{name}, {n}))"),
        8 => format!("stage({name})"),
        9 => format!("at::empty({{{n}}}, at::TensorOptions().pinned_memory(true))"),
        10 => format!("kernel<<<{n}, 256, 0, s>>>({name})"),
        _ => format!("free({name})"),
    }
}

fn c_stmt(g: &mut Gen, out: &mut String, nest: usize) {
    let name = g.name().replace("self.", "this->");
    match g.below(if nest < 6 { 22 } else { 9 }) {
        0..=2 => out.push_str(&format!("{};\n", c_expr(g))),
        3 => out.push_str(&format!("float* {name} = nullptr;\n")),
        4 => out.push_str(g.word(&[
            "return;\n",
            "break;\n",
            "continue;\n",
            "goto fail;\n",
            "fail:\n",
            "throw std::runtime_error(\"x\");\n",
            "delete[] p;\n",
            "return p;\n",
        ])),
        5 => out.push_str(&format!("if ({} != cudaSuccess) return;\n", c_expr(g))),
        6 => {
            let noise = g.noise();
            out.push_str(&format!("{noise}\n"));
        }
        7 => out.push_str(&format!(
            "std::vector<float, PinnedAlloc<float>> {name}({});\n",
            g.number()
        )),
        8 => out.push_str(&format!("Staging {name}({});\n", g.number())),
        9..=12 => {
            let header = match g.below(6) {
                0 => format!("for (int i = 0; i < {}; ++i)", g.number()),
                1 => "while (true)".to_string(),
                2 => "for (auto* b : bufs)".to_string(),
                3 => "do".to_string(),
                4 => "while (cudaGetLastError() != cudaSuccess)".to_string(),
                _ => "for (int d = 0; d < num_gpus; ++d)".to_string(),
            };
            out.push_str(&header);
            out.push_str(" {\n");
            c_block(g, out, nest + 1);
            out.push('}');
            if header == "do" {
                out.push_str(" while (0);");
            }
            out.push('\n');
        }
        13 | 14 => {
            out.push_str(&format!("if ({name}) {{\n"));
            c_block(g, out, nest + 1);
            out.push_str("} else {\n");
            c_block(g, out, nest + 1);
            out.push_str("}\n");
        }
        15 => {
            out.push_str("#ifdef USE_HIP\n");
            c_block(g, out, nest + 1);
            out.push_str("#else\n");
            c_block(g, out, nest + 1);
            out.push_str("#endif\n");
        }
        16 => {
            out.push_str("[&]() {\n");
            c_block(g, out, nest + 1);
            out.push_str("}();\n");
        }
        17 => out.push_str(&format!(
            "{name} = {}; // ghosttax: ignore[GT{}]\n",
            c_expr(g),
            g.word(&["101", "102", "305", "", "301"])
        )),
        18 => {
            out.push_str("try {\n");
            c_block(g, out, nest + 1);
            out.push_str("} catch (...) {\n}\n");
        }
        19 => out.push_str(&format!("{{ {}; }}\n", c_expr(g))),
        20 => out.push_str("std::thread t([&]{ stage(p); });\n"),
        _ => out.push_str(&format!("cudaLaunchHostFunc(s, on_done, {name});\n")),
    }
}

fn c_block(g: &mut Gen, out: &mut String, nest: usize) {
    let n = 1 + g.below(4);
    for _ in 0..n {
        c_stmt(g, out, nest);
    }
}

fn c_top(g: &mut Gen, out: &mut String) {
    match g.below(14) {
        0 => out.push_str(&format!("#define CHUNK {}\n", g.number())),
        1 => out.push_str(g.word(&[
            "#define CUDA_CHECK(x) do { if ((x) != cudaSuccess) return; } while (0)\n",
            "#define cudaHostRegister hipHostRegister\n",
            "#define PIN(p, n) cudaMallocHost(&p, n)\n",
            "#define LOOP for (;;) {\n",
            "#define X \\\n  cudaMallocHost(&p, 4); \\\n",
            "#if 0\n",
            "#endif\n",
            "#pragma once\n",
        ])),
        2 => out.push_str(&format!("constexpr size_t kBytes = {};\n", g.number())),
        3 => {
            out.push_str("template <typename T>\nstruct PinnedAlloc {\n  T* allocate(size_t n) {\n");
            c_block(g, out, 1);
            out.push_str("  }\n};\n");
        }
        4 => {
            out.push_str("__global__ void kernel(float* x) {\n");
            c_block(g, out, 1);
            out.push_str("}\n");
        }
        5 => {
            out.push_str("class Staging {\npublic:\n  Staging(size_t n) {\n");
            c_block(g, out, 1);
            out.push_str("  }\n  ~Staging() { cudaFreeHost(p); }\n  virtual void run() override {\n");
            c_block(g, out, 1);
            out.push_str("  }\n  float* p;\n};\n");
        }
        6 => {
            out.push_str("namespace ns {\n");
            c_top(g, out);
            out.push_str("}\n");
        }
        7 => {
            out.push_str("extern \"C\" {\n");
            c_top(g, out);
            out.push_str("}\n");
        }
        8 => out.push_str(
            "PYBIND11_MODULE(ext, m) { m.def(\"stage\", &stage); }\nTORCH_LIBRARY(ns, m) { m.impl(\"stage\", &stage); }\n",
        ),
        9 => {
            let noise = g.noise();
            out.push_str(&noise);
            out.push('\n');
        }
        _ => {
            let name = g.word(&["stage", "main", "train", "setup", "step", "run", "alloc"]);
            let ret = g.word(&["void", "float*", "static int", "cudaError_t", "auto", "template <int N> void"]);
            let params = g.word(&["", "float** out, size_t n", "int n", "std::vector<float*>& keep", "void* arg"]);
            out.push_str(&format!("{ret} {name}({params}) {{\n"));
            c_block(g, out, 1);
            out.push_str("}\n");
        }
    }
}

// ---------------------------------------------------------------------------------------
// Rust

pub fn rust(g: &mut Gen) -> String {
    let mut out = String::new();
    if g.chance(0.5) {
        out.push_str(g.word(&[
            "use cudarc::driver::CudaDevice;\n",
            "use cust::memory::*;\n",
            "use cuda_sys::cuda as sys;\n",
        ]));
    }
    let n = 1 + g.below(6);
    for _ in 0..n {
        rs_item(g, &mut out, 0);
    }
    if g.chance(0.03) {
        let line = g.extreme(Lang::Rust);
        out.push_str(&line);
    }
    out
}

fn rs_expr(g: &mut Gen) -> String {
    let n = g.number().replace("sizeof(float)", "4");
    let name = g.name();
    match g.below(11) {
        0 => format!("unsafe {{ sys::cuMemAllocHost_v2(&mut {name}, {n}) }}"),
        1 => format!("dev.alloc_pinned::<f32>({n})"),
        2 => format!("LockedBuffer::new(&0f32, {n})"),
        3 => format!("unsafe {{ cudaHostRegister({name}.as_mut_ptr() as _, {n}, 0) }}"),
        4 => format!("unsafe {{ sys::cuMemFreeHost({name}) }}"),
        5 => format!("{}({n})", g.api()),
        6 => format!("stage(&mut {name})"),
        7 => format!("(0..{n}).for_each(|i| {{ {}; }})", rs_expr(g)),
        8 => format!("vec![0u8; {n}]"),
        9 => format!("PinnedHostBuffer::<u8>::uninitialized({n})?"),
        _ => n,
    }
}

fn rs_stmt(g: &mut Gen, out: &mut String, nest: usize) {
    let name = g.name().replace("self.", "");
    match g.below(if nest < 6 { 16 } else { 6 }) {
        0..=2 => out.push_str(&format!("let {name} = {};\n", rs_expr(g))),
        3 => out.push_str(&format!("{};\n", rs_expr(g))),
        4 => out.push_str(g.word(&[
            "return;\n",
            "break;\n",
            "continue;\n",
            "drop(buf);\n",
            "return Err(e)?;\n",
            "panic!(\"x\");\n",
        ])),
        5 => {
            let noise = g.noise();
            out.push_str(&format!("{noise}\n"));
        }
        6..=8 => {
            let header = match g.below(4) {
                0 => format!("for i in 0..{}", g.number()),
                1 => "loop".to_string(),
                2 => "while let Some(b) = rx.recv()".to_string(),
                _ => "for b in batches.iter()".to_string(),
            };
            out.push_str(&format!("{header} {{\n"));
            rs_block(g, out, nest + 1);
            out.push_str("}\n");
        }
        9 => {
            out.push_str("unsafe {\n");
            rs_block(g, out, nest + 1);
            out.push_str("}\n");
        }
        10 => {
            out.push_str(&format!("if {name}.is_null() {{\n"));
            rs_block(g, out, nest + 1);
            out.push_str("}\n");
        }
        11 => out.push_str(&format!(
            "let {name} = {}; // ghosttax: ignore[GT{}]\n",
            rs_expr(g),
            g.word(&["101", "305", ""])
        )),
        12 => out.push_str("my_macro!(cuMemAllocHost_v2(&mut p, 4));\n"),
        13 => {
            out.push_str("let f = |x: usize| {\n");
            rs_block(g, out, nest + 1);
            out.push_str("};\n");
        }
        14 => out.push_str("std::thread::spawn(move || stage(&mut p));\n"),
        _ => {
            out.push_str(&format!("match {name} {{\n    Some(x) => {{\n"));
            rs_block(g, out, nest + 1);
            out.push_str("    }\n    None => {}\n}\n");
        }
    }
}

fn rs_block(g: &mut Gen, out: &mut String, nest: usize) {
    let n = 1 + g.below(4);
    for _ in 0..n {
        rs_stmt(g, out, nest);
    }
}

fn rs_item(g: &mut Gen, out: &mut String, nest: usize) {
    match g.below(if nest < 3 { 10 } else { 5 }) {
        0 => out.push_str(&format!("const N: usize = {};\n", g.number().replace("sizeof(float)", "4"))),
        1 => out.push_str(g.word(&[
            "extern \"C\" {\n    fn cuMemAllocHost_v2(p: *mut *mut c_void, n: usize) -> u32;\n}\n",
            "macro_rules! pin { ($n:expr) => { unsafe { sys::cuMemAllocHost_v2(&mut p, $n) } }; }\n",
            "#[derive(Debug)]\nstruct Pool { buf: *mut u8 }\n",
            "#![allow(unused)]\n",
            "/// doc\n#[cfg(test)]\n",
        ])),
        2 => {
            let noise = g.noise();
            out.push_str(&noise);
            out.push('\n');
        }
        3 | 4 => {
            let sig = g.word(&[
                "fn stage(p: &mut *mut u8)",
                "pub fn main()",
                "async fn train(loader: Loader) -> Result<(), E>",
                "unsafe fn alloc(n: usize) -> *mut u8",
                "fn setup<T: Copy>(n: usize) where T: Default",
                "pub(crate) fn step(&mut self)",
            ]);
            out.push_str(&format!("{sig} {{\n"));
            rs_block(g, out, 1);
            out.push_str("}\n");
        }
        5 | 6 => {
            out.push_str(g.word(&["impl Pool {\n", "impl Drop for Pool {\n", "impl<T> Loader for Pool<T> {\n", "mod inner {\n", "trait Stage {\n"]));
            rs_item(g, out, nest + 1);
            out.push_str("}\n");
        }
        _ => {
            out.push_str("fn drop(&mut self) {\n");
            rs_block(g, out, 1);
            out.push_str("}\n");
        }
    }
}

// ---------------------------------------------------------------------------------------
// Configuration (ghosttax.toml, pyproject.toml's [tool.ghosttax])

/// API names the config generator defines and the config target's project calls.
pub const CONFIG_APIS: &[&str] = &[
    "pin_it",
    "myPin",
    "cudaMallocHost",
    "Arena",
    "ns::grab",
    "",
    "*",
    "ü",
];

fn toml_value(g: &mut Gen) -> String {
    match g.below(14) {
        0 => format!(
            "\"{}\"",
            g.word(&[
                "64KiB",
                "10MiB",
                "8GiB",
                "1KB",
                "0",
                "-1",
                "18446744073709551616",
                "abc",
                "1.5GiB",
                "",
                "99999999999999999999GiB",
                "1 MiB"
            ])
        ),
        1 => format!("{}", g.u64() >> g.below(64)),
        2 => format!("-{}", g.below(1000)),
        3 => g
            .word(&[
                "0.5", "1.0", "0.0", "-0.1", "1e308", "nan", "inf", "-inf", "2.5",
            ])
            .to_string(),
        4 => g.word(&["true", "false"]).to_string(),
        5 => format!(
            "[\"{}\"]",
            g.word(&["GT101", "GT2", "ALL", "GT999", "", "gt101", "GT"])
        ),
        6 => "[]".into(),
        7 => "{}".into(),
        8 => format!(
            "[\"{}\", \"GT305\"]",
            g.word(&["GT100", "GT401", "GT900", "X"])
        ),
        9 => format!(
            "\"{}\"",
            g.word(&["warning", "error", "info", "note", "off", ""])
        ),
        10 => format!(
            "[\"{}\"]",
            g.word(&["**/tests/**", "[", "*.py", "{a,b", "", "vendor/"])
        ),
        11 => format!("\"{}\"", g.word(&["origin/main", "HEAD~1", "--foo", ""])),
        12 => format!("{}", g.below(100)),
        _ => format!("\"{}\"", g.noise().replace(['"', '\\'], "")),
    }
}

/// A value of the type a key wants (most of the time), else any value: the reader's
/// later stages are reached, and its type errors too.
fn typed(g: &mut Gen, kind: &str) -> String {
    if g.chance(0.12) {
        return toml_value(g);
    }
    let code = |g: &mut Gen| {
        g.word(&[
            "GT101", "GT1", "GT2", "ALL", "GT305", "GT100", "GT401", "GT900", "GT20", "GT999",
            "gt101",
        ])
    };
    match kind {
        "codes" => {
            let n = g.below(4);
            let list: Vec<String> = (0..n).map(|_| format!("\"{}\"", code(g))).collect();
            format!("[{}]", list.join(", "))
        }
        "code" => format!("\"{}\"", code(g)),
        "globs" => format!(
            "[\"{}\"]",
            g.word(&[
                "tests/**",
                "**/vendor/*",
                "*.cu",
                "src/[ab].py",
                "{a,b}/*",
                "[",
                "",
                "**"
            ])
        ),
        "bool" => g.word(&["true", "false"]).to_string(),
        "size" => match g.below(4) {
            0 => format!("{}", g.u64() >> g.below(64)),
            1 => format!("{}", g.below(1 << 20)),
            _ => format!(
                "\"{}{}\"",
                g.below(100_000),
                g.word(&["KiB", "MiB", "GiB", "KB", "MB", "GB", "B", "", "TiB", "kib"])
            ),
        },
        "ratio" => g
            .word(&[
                "0.5", "1.0", "0.0", "1", "0.25", "-0.1", "1e308", "nan", "inf", "2.5", "0.001",
            ])
            .to_string(),
        "count" => g
            .word(&["0", "1", "2", "100", "-1", "9223372036854775807"])
            .to_string(),
        "severity" => format!(
            "\"{}\"",
            g.word(&["error", "warning", "info", "info", "note"])
        ),
        "names" => format!(
            "[\"{}\", \"{}\"]",
            g.word(CONFIG_APIS),
            g.word(&[
                "stage", "step", "*_step", "collate", "[", "", "forward", "on_done"
            ])
        ),
        "string" => format!(
            "\"{}\"",
            g.word(&["origin/main", "HEAD~1", "r", "", "stage", "--x"])
        ),
        "language" => format!(
            "[{}]",
            g.word(&[
                "\"python\"",
                "\"cuda\", \"cpp\"",
                "\"rust\"",
                "\"c\", \"python\"",
                "\"python\", \"cpp\", \"cuda\", \"c\", \"rust\"",
                "\"cobol\"",
                ""
            ])
        ),
        "index" => format!("{}", g.pick(&[0u64, 0, 1, 1, 2, 3, 7, 1000, u64::MAX >> 1])),
        _ => toml_value(g),
    }
}

pub fn config(g: &mut Gen) -> String {
    let pyproject = g.chance(0.3);
    let prefix = if pyproject { "tool.ghosttax." } else { "" };
    let mut out = String::new();
    if pyproject {
        out.push_str("[project]\nname = \"x\"\n\n[tool.ghosttax]\n");
    }
    let top = [
        ("select", "codes"),
        ("ignore", "codes"),
        ("extend-select", "codes"),
        ("exclude", "globs"),
        ("force-exclude", "bool"),
        ("tests-as-code", "bool"),
        ("vendored-as-code", "bool"),
        ("max-file-size", "size"),
        ("tiny-alloc-threshold", "size"),
    ];
    for _ in 0..g.below(5) {
        let (key, kind) = *g.pick(&top);
        let v = typed(g, kind);
        out.push_str(&format!("{key} = {v}\n"));
    }
    if g.chance(0.03) {
        out.push_str("unknown-key = 1\n");
    }
    let sections = 1 + g.below(5);
    for _ in 0..sections {
        match g.below(12) {
            0 => {
                out.push_str(&format!("\n[{prefix}tax]\n"));
                for _ in 0..g.below(4) {
                    let (key, kind) = *g.pick(&[
                        ("ratio", "ratio"),
                        ("register_ratio", "ratio"),
                        ("vram", "size"),
                        ("vram_share", "ratio"),
                    ]);
                    let v = typed(g, kind);
                    out.push_str(&format!("{key} = {v}\n"));
                }
            }
            1 => {
                out.push_str(&format!("\n[{prefix}tax.assume]\n"));
                for _ in 0..g.below(4) {
                    let key =
                        g.word(&["batch_size", "n", "N", "\"odd key\"", "size", "num_workers"]);
                    let v = typed(g, "size");
                    out.push_str(&format!("{key} = {v}\n"));
                }
            }
            2 => {
                out.push_str(&format!("\n[{prefix}trace]\n"));
                if g.chance(0.7) {
                    let v = typed(g, "count");
                    out.push_str(&format!("min-calls = {v}\n"));
                }
                if g.chance(0.7) {
                    let v = typed(g, "size");
                    out.push_str(&format!("min-unreleased = {v}\n"));
                }
            }
            3 => {
                let v = typed(g, "string");
                out.push_str(&format!("\n[{prefix}ci]\ndiff-base = {v}\n"));
            }
            4 => {
                out.push_str(&format!("\n[{prefix}severity]\n"));
                for _ in 0..1 + g.below(3) {
                    let k = typed(g, "code");
                    let v = typed(g, "severity");
                    out.push_str(&format!("{k} = {v}\n"));
                }
            }
            5 => {
                out.push_str(&format!("\n[{prefix}per-file-ignores]\n"));
                let v = typed(g, "codes");
                out.push_str(&format!(
                    "\"{}\" = {v}\n",
                    g.word(&["tests/*", "[", "**", "", "a/**/b.py", "src/*.cu"])
                ));
            }
            6..=8 => {
                out.push_str(&format!("\n[[{prefix}api]]\n"));
                let name = g.word(CONFIG_APIS);
                if g.chance(0.8) {
                    out.push_str(&format!("name = \"{name}\"\n"));
                } else {
                    out.push_str(&format!(
                        "names = [\"{name}\", \"{}\"]\n",
                        g.word(CONFIG_APIS)
                    ));
                }
                let v = typed(g, "language");
                out.push_str(&format!("languages = {v}\n"));
                out.push_str(&format!(
                    "kind = \"{}\"\n",
                    g.word(&[
                        "alloc",
                        "alloc",
                        "register",
                        "unregister",
                        "free",
                        "pin-copy",
                        "other"
                    ])
                ));
                for _ in 0..g.below(5) {
                    let (key, kind) = *g.pick(&[
                        ("match", "match"),
                        ("size_arg", "index"),
                        ("size_kwarg", "string"),
                        ("shape_arg", "index"),
                        ("shape_kwarg", "string"),
                        ("shape_varargs", "bool"),
                        ("dtype_arg", "index"),
                        ("dtype_kwarg", "string"),
                        ("default_dtype", "dtype"),
                        ("count_arg", "index"),
                        ("data_arg", "index"),
                        ("pointer_arg", "index"),
                        ("out_pointer_arg", "index"),
                        ("out_size_arg", "index"),
                        ("released_by", "names"),
                        ("also_released_by", "names"),
                        ("pairs_only", "bool"),
                        ("caching", "bool"),
                        ("pin_values", "names"),
                        ("receiver_types", "names"),
                        ("namespaced", "bool"),
                        ("tax_class", "tax_class"),
                        ("summary", "string"),
                    ]);
                    let v = match kind {
                        "match" => format!(
                            "\"{}\"",
                            g.word(&["call", "method", "pin-kwarg", "type", "pin-arg", "bogus"])
                        ),
                        "tax_class" => format!("\"{}\"", g.word(&["alloc", "register", "x"])),
                        "dtype" => format!("\"{}\"", g.word(&["float32", "float16", "bogus", ""])),
                        _ => typed(g, kind),
                    };
                    out.push_str(&format!("{key} = {v}\n"));
                }
            }
            9 => {
                let table = g.word(&["entry", "keyword", "hook", "callback"]);
                out.push_str(&format!("\n[[{prefix}{table}]]\n"));
                match table {
                    "entry" => {
                        let names = typed(g, "names");
                        let patterns = typed(g, "names");
                        out.push_str(&format!("names = {names}\npatterns = {patterns}\nin_class = {}\nreason = \"r\"\n", g.word(&["true", "false"])));
                        if g.chance(0.3) {
                            let v = typed(g, "language");
                            out.push_str(&format!(
                                "languages = {v}\nuncalled = {}\n",
                                g.word(&["true", "false"])
                            ));
                        }
                    }
                    "callback" => {
                        let names = typed(g, "names");
                        out.push_str(&format!("names = {names}\nreason = \"r\"\n"));
                    }
                    _ => out.push_str(&format!(
                        "name = \"{}\"\nreason = \"{}\"\n",
                        g.word(&["collate_fn", "worker_init_fn", "", "pin_it"]),
                        g.word(&["r", ""])
                    )),
                }
            }
            10 => {
                out.push_str(&format!("\n[{prefix}context]\n"));
                let key = g.word(&[
                    "setup_functions",
                    "init_functions",
                    "main_functions",
                    "device_names",
                    "count_names",
                    "test_folders",
                    "test_files",
                    "vendored_folders",
                    "memoising_decorators",
                    "thread_starters",
                ]);
                let v = typed(g, "names");
                out.push_str(&format!("{key} = {v}\n"));
            }
            _ => {
                out.push_str(&format!("\n[{prefix}ownership]\n"));
                let key = g.word(&[
                    "owner_types",
                    "host_free_functions",
                    "release_methods",
                    "owning_containers",
                    "reallocating_methods",
                    "out_pointer_wrappers",
                    "borrowing_factories",
                ]);
                let v = typed(g, "names");
                out.push_str(&format!("{key} = {v}\n"));
            }
        }
    }
    out
}

// ---------------------------------------------------------------------------------------
// Trace files

/// Where the trace target's project lies; replaced by its real folder before parsing.
pub const DIR: &str = "@DIR@";

/// A count or byte figure: a valid `u64` nearly always (an invalid one now and then reaches
/// the reader's type errors).
fn json_num(g: &mut Gen) -> String {
    if g.chance(0.03) {
        return g
            .word(&[
                "-1",
                "1.5",
                "1e400",
                "null",
                "\"1\"",
                "18446744073709551616",
            ])
            .to_string();
    }
    match g.below(8) {
        0 => "0".into(),
        1 => "1".into(),
        2 => format!("{}", g.below(1000)),
        3 => format!("{}", u64::MAX),
        4 => format!("{}", g.u64()),
        5 => format!("{}", g.below(1 << 24)),
        _ => format!("{}", 1u64 << g.below(64)),
    }
}

/// A line: mostly one of the project's first lines (where its pins are).
fn json_line(g: &mut Gen) -> String {
    if g.chance(0.03) {
        return g.word(&["-1", "4294967296", "1.5", "\"3\""]).to_string();
    }
    match g.below(10) {
        0 => "null".into(),
        1 => "0".into(),
        2 => format!("{}", u32::MAX),
        _ => format!("{}", 1 + g.below(14)),
    }
}

fn json_str(g: &mut Gen, choices: &[&str]) -> String {
    if g.chance(0.1) {
        let noise = g.noise();
        return serde_json::Value::String(noise).to_string();
    }
    serde_json::Value::String(g.pick(choices).to_string()).to_string()
}

fn trace_path(g: &mut Gen) -> String {
    if g.chance(0.1) {
        return "null".into();
    }
    let p = g.word(&[
        "@DIR@/a.py",
        "@DIR@/b.cu",
        "@DIR@/c.rs",
        "@DIR@/tests/test_d.py",
        "@DIR@/sub/../a.py",
        "a.py",
        "/elsewhere/a.py",
        "b.cu",
        "",
        "/",
        "@DIR@",
        "<frozen importlib._bootstrap>",
        "@DIR@/a.py\u{0}",
        "/usr/lib/libcudart.so.12",
    ]);
    serde_json::Value::String(p.to_string()).to_string()
}

fn frame(g: &mut Gen) -> String {
    format!(
        "{{\"kind\": {}, \"path\": {}, \"line\": {}, \"function\": {}{}}}",
        json_str(g, &["python", "native", "other"]),
        trace_path(g),
        json_line(g),
        json_str(
            g,
            &["stage", "main", "<module>", "train_step", "wrapper", ""]
        ),
        if g.chance(0.3) {
            format!(
                ", \"module\": {}, \"offset\": {}",
                json_str(g, &["libx.so", "a.out"]),
                json_str(g, &["0x1a2b", "zz", "0x", ""])
            )
        } else {
            String::new()
        }
    )
}

fn site(g: &mut Gen) -> String {
    let mut fields = vec![
        format!(
            "\"api\": {}",
            json_str(
                g,
                &[
                    "cudaMallocHost",
                    "cudaHostAlloc",
                    "cudaFreeHost",
                    "cudaHostRegister",
                    "cudaHostUnregister",
                    "torch.empty",
                    "pin_memory",
                    "cuMemHostAlloc",
                    ""
                ]
            )
        ),
        format!("\"kind\": {}", json_str(g, &["pin", "release", "other"])),
        format!("\"path\": {}", trace_path(g)),
        format!("\"line\": {}", json_line(g)),
        format!(
            "\"function\": {}",
            json_str(g, &["stage", "main", "<module>", "f", ""])
        ),
    ];
    let frames: Vec<String> = (0..g.below(4)).map(|_| frame(g)).collect();
    fields.push(format!("\"stack\": [{}]", frames.join(", ")));
    for key in [
        "calls",
        "failures",
        "bytes_min",
        "bytes_max",
        "bytes_total",
        "peak_live_bytes",
        "unreleased_bytes",
        "threads",
    ] {
        let v = if g.chance(0.6) {
            format!("{}", g.below(1 << 24))
        } else {
            json_num(g)
        };
        fields.push(format!("\"{key}\": {v}"));
    }
    fields.push(format!(
        "\"seconds\": {}",
        g.word(&["0.5", "0", "1e300", "-1"])
    ));
    fields.push(format!(
        "\"pids\": [{}]",
        g.word(&["1", "1, 2", "", "4294967295"])
    ));
    if g.chance(0.5) {
        fields.push(format!(
            "\"recorded_by\": {}",
            json_str(g, &["interposer", "python", "both", "?"])
        ));
    }
    if g.chance(0.3) {
        fields.push(format!("\"driver_calls\": {}", json_num(g)));
        fields.push(format!("\"driver_bytes\": {}", json_num(g)));
        fields.push(format!(
            "\"driver_api\": {}",
            json_str(g, &["cudaHostAlloc", ""])
        ));
        fields.push(format!(
            "\"driver_from\": {}",
            json_str(g, &["interposer", "host_memory_stats", "x"])
        ));
    }
    // A field dropped or doubled now and then.
    if g.chance(0.05) {
        let i = g.below(fields.len());
        fields.remove(i);
    }
    if g.chance(0.05) {
        let i = g.below(fields.len());
        let dup = fields[i].clone();
        fields.push(dup);
    }
    format!("{{{}}}", fields.join(", "))
}

pub fn trace(g: &mut Gen) -> String {
    let processes: Vec<String> = (0..g.below(3))
        .map(|_| {
            format!(
                "{{\"pid\": {}, \"ppid\": 0, \"exe\": \"/usr/bin/python3\", \"command\": \"python3 a.py\", \"end\": {}, \"signal\": null, \"python\": \"3.11\", \"python_frames\": true, \"calls\": {}, \"peak_live_bytes\": {}, \"unreleased_bytes\": {}, \"dropped_sites\": 0, \"dropped_pointers\": 0, \"unmatched_releases\": {}, \"imported\": [\"torch\"]}}",
                g.below(70000),
                json_str(g, &["exit", "_exit", "exec", "signal", ""]),
                json_num(g),
                json_num(g),
                json_num(g),
                json_num(g)
            )
        })
        .collect();
    let sites: Vec<String> = (0..g.below(7)).map(|_| site(g)).collect();
    format!(
        "{{\"version\": {}, \"tool\": \"ghosttax 0.1.0\", \"command\": [\"python3\", \"a.py\"], \"exit_status\": {}, \"signal\": {}, \"seconds\": {}, \"native\": {}, \"libraries\": [\"libcudart.so.12\"], \"processes\": [{}], \"sites\": [{}]}}\n",
        g.word(&["2", "2", "2", "1", "0", "3", "\"2\""]),
        g.word(&["0", "1", "139", "-1"]),
        g.word(&["null", "9", "-1"]),
        g.word(&["1.0", "0", "1e308"]),
        g.word(&["true", "false"]),
        processes.join(", "),
        sites.join(", ")
    )
}

// ---------------------------------------------------------------------------------------
// Mutations

/// Mutate `bytes` in place a few times: bit flips, byte and chunk edits, splices from
/// `other`, a vocabulary token, a digit run made huge, a chunk repeated (deep nesting).
pub fn mutate(g: &mut Gen, bytes: &mut Vec<u8>, other: &[u8], max_len: usize) {
    let rounds = 1 + g.below(6);
    for _ in 0..rounds {
        let len = bytes.len();
        let at = g.below(len + 1);
        match g.below(12) {
            0 if len > 0 => {
                let i = g.below(len);
                bytes[i] ^= 1 << g.below(8);
            }
            1 if len > 0 => {
                let i = g.below(len);
                bytes[i] = (g.u64() & 0xff) as u8;
            }
            2 => bytes.insert(at, (g.u64() & 0xff) as u8),
            3 if len > 0 => {
                let end = (at + 1 + g.below(64)).min(len);
                bytes.drain(at.min(end)..end);
            }
            4 if !other.is_empty() => {
                let from = g.below(other.len());
                let end = (from + 1 + g.below(512)).min(other.len());
                let chunk = other[from..end].to_vec();
                bytes.splice(at..at, chunk);
            }
            5 => {
                let t = g.noise();
                bytes.splice(at..at, t.into_bytes());
            }
            6 => {
                let t = g.word(VOCABULARY);
                bytes.splice(at..at, t.bytes());
            }
            7 if len > 0 => {
                // A chunk repeated: nesting, long lines, many items.
                let from = g.below(len);
                let end = (from + 1 + g.below(32)).min(len);
                let chunk = bytes[from..end].to_vec();
                let most = if g.chance(0.1) { 2000 } else { 16 };
                let times = 1 + g.below(most);
                let mut rep = Vec::with_capacity(chunk.len() * times);
                for _ in 0..times {
                    rep.extend_from_slice(&chunk);
                }
                bytes.splice(end..end, rep);
            }
            8 => {
                // A digit run made huge or odd.
                if let Some(i) = (at..len).find(|&i| bytes[i].is_ascii_digit()) {
                    let big = g
                        .word(&[
                            "18446744073709551615",
                            "340282366920938463463374607431768211456",
                            "0",
                            "-1",
                            "1e999",
                        ])
                        .to_string();
                    bytes.splice(i..i + 1, big.into_bytes());
                }
            }
            9 => bytes.truncate(at),
            10 if len > 0 => {
                // Swap two lines' worth of bytes.
                let a = g.below(len);
                let b = g.below(len);
                bytes.swap(a, b);
            }
            _ => {
                let t = g
                    .word(&[
                        "\n",
                        "    ",
                        "\t",
                        "\r\n",
                        "{",
                        "}",
                        "(",
                        ")",
                        ":",
                        ";",
                        "\n    for i in range(3):\n        ",
                    ])
                    .to_string();
                bytes.splice(at..at, t.into_bytes());
            }
        }
        if bytes.len() > max_len {
            bytes.truncate(max_len);
        }
    }
}
