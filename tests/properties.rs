//! Property tests (the stable-Rust stand-in for `cargo fuzz`): arbitrary input never panics
//! any front end, rule, the size evaluator or configuration parsing. `PROPTEST_CASES`
//! raises the number of cases for a longer run.

use std::collections::HashMap;

use proptest::prelude::*;

use ghosttax::analysis::index::{IndexedFile, ProjectIndex};
use ghosttax::analysis::names::NameSet;
use ghosttax::analysis::view::{Context, ProjectContext, Settings};
use ghosttax::catalog::Catalog;
use ghosttax::frontend::Seed;
use ghosttax::frontend::items::Plan;
use ghosttax::frontend::{Extent, Lazy, Parsers, Wanted};
use ghosttax::model::{BinOp, Expr, Language};
use ghosttax::rules;
use ghosttax::scan::idents::{Idents, Scratch};
use ghosttax::scan::prefilter::Prefilter;
use ghosttax::source::LineIndex;
use ghosttax::tax::Evaluator;

const LANGUAGES: [Language; 5] = [
    Language::Python,
    Language::C,
    Language::Cpp,
    Language::Cuda,
    Language::Rust,
];

/// Tokens that steer the front ends into their interesting paths.
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
    "<=",
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
    "\t",
    " ",
    "0",
    "1",
    "100",
    "1 << 20",
    "0x10",
    "sizeof(float)",
    "N",
    "p",
    "self",
    "this",
    "i",
    "cudaMallocHost",
    "cudaHostRegister",
    "cudaHostUnregister",
    "cudaFreeHost",
    "CUDA_CHECK",
    "pin_memory",
    "pin_memory=True",
    "torch.empty",
    "alloc_pinned",
    "sys::cuMemAllocHost_v2",
    "collate_fn",
    "__getitem__",
    "ghosttax: ignore",
    "unsafe",
    "macro_rules!",
    "|x|",
    "for_each",
    "\n",
    "    ",
    "namespace a {\n",
    "extern \"C\" {\n",
    "}\n",
    "#define X {\n",
    "#if A\n",
    "#endif\n",
    "\"",
    "'",
    "'''",
    "\\\n",
    "@dec\n",
    "import torch\n",
    "R\"x(",
    ")x\"",
    "/*",
    "*/",
    "//",
    "#",
    "pin_memory()",
    "cudaMallocHost(&p, n)",
    "stage(b)",
];

/// The items of a file tile it exactly, each starting at a line start; a lazy parse of
/// them never panics either.
fn check_lazy(text: &str, language: Language, catalog: &Catalog) {
    let plan = Plan::new(text, language);
    let mut at = 0;
    for item in &plan.items {
        assert_eq!(item.start, at);
        assert!(item.end > item.start);
        assert!(item.start == 0 || text.as_bytes()[item.start - 1] == b'\n');
        at = item.end;
    }
    assert_eq!(at, text.len());
    let prefilter = Prefilter::new(catalog);
    let seed = NameSet::from_names(&["stage"]);
    let idents = Idents::of(text.as_bytes(), language, "x", &mut Scratch::default());
    let mut extent = Extent::Lazy(Lazy {
        plan,
        hot: Wanted::Apis(&prefilter),
        seed: Seed::new(&seed, 1),
        idents: &idents,
        parsed_any: false,
        by_value: None,
    });
    let _ = Parsers::new().build_extent(language, text, catalog, &mut extent);
}

fn check(text: &str, language: Language) {
    let catalog = Catalog::builtin();
    check_lazy(text, language, &catalog);
    let mut parsers = Parsers::new();
    let Ok(model) = parsers.build(language, text, &catalog) else {
        return;
    };
    for ev in &model.events {
        assert!(ev.span.start <= ev.span.end && ev.span.end <= text.len());
    }
    let settings = Settings::default();
    let ctx = Context::new(&model, &catalog, &settings, language);
    let findings = rules::check(&ctx);
    let lines = LineIndex::new(text);
    for f in &findings {
        let p = lines.position(text, f.span.start);
        assert!(p.line >= 1 && p.column >= 1);
    }
    let index = ProjectIndex::new(
        vec![IndexedFile {
            path: "x".into(),
            real_path: "x".into(),
            language,
            depth: 1,
            model,
            stem: "x".into(),
            idents: Default::default(),
        }],
        Default::default(),
        Default::default(),
        Default::default(),
        Default::default(),
        Default::default(),
        Default::default(),
    );
    let selected = rules::ALL.iter().map(|r| r.code).collect();
    let _ = rules::check_project(&ProjectContext {
        index: &index,
        catalog: &catalog,
        settings: &settings,
        selected: &selected,
    });
}

fn soup() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(VOCABULARY), 0..200).prop_map(|t| t.join(""))
}

fn expr() -> impl Strategy<Value = Expr> {
    let leaf = prop_oneof![
        any::<i64>().prop_map(|v| Expr::Int(i128::from(v))),
        Just(Expr::Name("N".into())),
        Just(Expr::SizeOf("float".into())),
        Just(Expr::DtypeSize("float16".into())),
        Just(Expr::Unknown),
    ];
    leaf.prop_recursive(8, 64, 2, |inner| {
        prop_oneof![
            inner.clone().prop_map(|e| Expr::Neg(Box::new(e))),
            (
                prop::sample::select(vec![
                    BinOp::Add,
                    BinOp::Sub,
                    BinOp::Mul,
                    BinOp::Div,
                    BinOp::ExactDiv,
                    BinOp::Shl,
                    BinOp::Pow
                ]),
                inner.clone(),
                inner
            )
                .prop_map(|(op, l, r)| Expr::Binary(op, Box::new(l), Box::new(r))),
        ]
    })
}

proptest! {
    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..2000), lang in 0usize..5) {
        let text = String::from_utf8_lossy(&bytes);
        check(&text, LANGUAGES[lang]);
    }

    #[test]
    fn token_soup_never_panics(text in soup(), lang in 0usize..5) {
        check(&text, LANGUAGES[lang]);
    }

    #[test]
    fn size_evaluation_never_panics(e in expr(), n in expr()) {
        let mut constants = HashMap::new();
        constants.insert("N".to_string(), n);
        let ev = Evaluator::new(&constants);
        let _ = ev.eval(&e);
        let _ = ev.bytes(&e);
    }

    #[test]
    fn configuration_parsing_never_panics(text in "[a-z_\\-\\[\\]=\" .0-9\n{}]{0,200}") {
        let _ = toml::from_str::<ghosttax::config::FileConfig>(&text);
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("ghosttax.toml");
        std::fs::write(&path, &text).expect("write");
        let _ = ghosttax::config::load(&path);
    }
}
