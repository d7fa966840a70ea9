//! Chain names: functions that pin (or call a function that does), with what a file
//! that calls them must mention. A file that mentions one may hold the loop at the top of
//! a call chain.
//!
//! Names are collected while the first pass runs, in the order found, so a file read after
//! a name was known is checked for it then; only files read before need a second look, and
//! only for the newer names. A name's "generation" is its position in that order.
//!
//! `chain`: a `ChainName` and its reach rules (who may call it, from which files); `sets`: the
//! run's name sets (`NameSet`, the `LiveNames` shared by a pass's threads, their snapshots, and
//! the lexical definition counts); `depth`: each name's distance from the pin, the callers
//! fixpoint and the names reached through bound objects.

mod chain;
mod depth;
mod sets;

pub use chain::ChainName;
pub use depth::{
    Depths, MAX_BOUND_CLASSES, MAX_NAME_DEPTH, bind_reach, callers, element_reach, merge,
    nearest_by_name, of_model, stored_reach,
};
pub use sets::{DefinitionBatch, LiveNames, NameSet, Snapshot};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Language;
    use crate::scan::idents::{Definitions, Idents, Scratch, key, module_names};

    fn idents(text: &str) -> Idents {
        Idents::of(
            text.as_bytes(),
            Language::Python,
            "x.py",
            &mut Scratch::default(),
        )
    }

    fn mentioned(set: &NameSet, text: &str, since: usize, upto: usize) -> bool {
        set.mentioned_in(text.as_bytes(), &idents(text), since, upto)
    }

    /// The reading threads hand their definition counts over in no fixed order: what the
    /// run keeps of them (capped lists of includers, prototypes, typed names, bases) is the
    /// same in every order.
    #[test]
    fn what_is_kept_of_definitions_does_not_depend_on_the_order_read() {
        let files: Vec<(String, String)> = (0..12)
            .map(|i| {
                (
                    format!("m{i}/user{i}.cpp"),
                    format!(
                        "#include \"common.hpp\"\n#include \"m{i}/api.hpp\"\nvoid stage(float* p, int n);\nPool pool{i};\n"
                    ),
                )
            })
            .collect();
        let kept = |order: &mut dyn Iterator<Item = &(String, String)>| {
            let live = LiveNames::default();
            for (path, text) in order {
                let mut batch = DefinitionBatch::default();
                let d = Definitions::of(text.as_bytes(), Language::Cpp);
                batch.add(&d, Language::Cpp, path);
                live.define(&mut batch);
            }
            let mut included: Vec<_> = live.take_included_by().into_iter().collect();
            included.sort();
            let mut declared: Vec<_> = live.take_declared().into_iter().collect();
            declared.sort();
            let mut typed: Vec<_> = live.take_typed().into_iter().collect();
            typed.sort();
            (included, declared, typed)
        };
        let forward = kept(&mut files.iter());
        let backward = kept(&mut files.iter().rev());
        assert_eq!(forward, backward);
        // (Capped: the least eight includers of `common`, by folder and stem.)
        let common = forward.0.iter().find(|(h, _)| &**h == "common");
        let least: Vec<Box<str>> = ["m0/user0", "m1/user1", "m10/user10", "m11/user11"]
            .into_iter()
            .chain(["m2/user2", "m3/user3", "m4/user4", "m5/user5"])
            .map(Into::into)
            .collect();
        assert_eq!(common.map(|(_, by)| by), Some(&least));
        // (And a header named with its folder is known by it.)
        let api = forward.0.iter().find(|(h, _)| &**h == "m3/api");
        assert_eq!(api.map(|(_, by)| by.len()), Some(1));
    }

    #[test]
    fn generations_grow_in_order_and_snapshots_cover_a_prefix() {
        let live = LiveNames::default();
        assert!(live.snapshot(0).is_none());
        let names = |ns: &[&str]| {
            ns.iter()
                .map(|n| ChainName::anywhere(n))
                .collect::<Vec<_>>()
        };
        live.add(0, names(&["stage", "pin_all"]), false);
        live.add(0, names(&["stage"]), false);
        assert_eq!(live.all(0).len(), 2);
        let snap = live.snapshot(0).expect("a snapshot");
        assert!(snap.may_mention_text(b"x = pin_all(b)"));
        assert!(!snap.may_mention_text(b"x = pin_al(b)"));
        let snap = &snap.names;
        assert_eq!(snap.len(), 2);
        assert!(mentioned(snap, "x = pin_all(b)", 0, 2));
        // `pin_all` is generation 1: not among names `0..1`, nor `2..`.
        assert!(!mentioned(snap, "x = pin_all(b)", 0, 1));
        assert!(!mentioned(snap, "x = pin_all(b)", 2, 2));
        assert!(snap.contains("stage", 1));
        assert!(!snap.contains("pin_all", 1));
        assert!(live.all(1).is_empty());
    }

    #[test]
    fn only_whole_identifiers_match() {
        let names = NameSet::from_names(&["__gt", "gt", "stage", "stage_batch"]);
        let n = names.len();
        assert!(!mentioned(&names, "__gthread_once(); x->gts;", 0, n));
        assert!(mentioned(&names, "__gthread_once(); __gt();", 0, n));
        let chain = NameSet::from_names(&["stage_batch"]);
        assert!(mentioned(&chain, "x = stage_batch(b)", 0, 1));
        assert!(!mentioned(&chain, "x = stage_batches(b)", 0, 1));
        assert!(!mentioned(&chain, "x = 2stage_batch", 0, 1));
        // Non-ASCII letters continue an identifier.
        let gr = NameSet::from_names(&["gr"]);
        assert!(!mentioned(&gr, "größe(x)", 0, 1));
        assert!(mentioned(&gr, "x = gr(größe)", 0, 1));
    }

    #[test]
    fn templates_match_by_their_name_and_other_names_never() {
        assert_eq!(key("foo<int>"), b"foo");
        assert_eq!(key("operator()"), b"");
        assert_eq!(key("~Buffer"), b"");
        assert_eq!(key("()"), b"");
        assert_eq!(key("#endif\nstatic int f"), b"");
        let set = NameSet::from_names(&["stage<int>", "()"]);
        assert!(mentioned(&set, "stage<int>(b);", 0, 2));
        assert!(!mentioned(&set, "(x)", 0, 2));
    }

    #[test]
    fn methods_and_other_modules_functions_are_looked_for_where_they_can_be_called() {
        let mut set = NameSet::default();
        set.push(ChainName {
            bases: Vec::new(),
            member_call: false,
            definition: false,
            class: None,
            via: Vec::new(),
            imported: false,
            free: None,
            name: "stage".into(),
            reach: vec!["Stager".into()],
            prototype: false,
        });
        set.push(ChainName {
            bases: Vec::new(),
            member_call: false,
            definition: false,
            class: None,
            via: Vec::new(),
            imported: true,
            free: Some("pkg/staging/rows.py".into()),
            name: "pin_rows".into(),
            reach: Vec::new(),
            prototype: false,
        });
        assert_eq!(module_names("pkg/staging/rows.py"), ["rows", "staging"]);
        assert_eq!(module_names("pkg/staging/__init__.py"), ["staging"]);
        assert!(!mentioned(&set, "y = x.stage(b)", 0, 2));
        assert!(mentioned(&set, "s: Stager = make()\ny = s.stage(b)", 0, 2));
        assert!(!mentioned(&set, "y = pin_rows(b)", 0, 2));
        assert!(mentioned(
            &set,
            "from pkg.staging.rows import pin_rows\npin_rows(b)",
            0,
            2
        ));
        assert!(mentioned(
            &set,
            "from pkg.staging import pin_rows\npin_rows(b)",
            0,
            2
        ));
        // Retired names are no longer looked for, nor added again.
        set.retire("stage");
        assert!(!mentioned(&set, "s: Stager = make()\ny = s.stage(b)", 0, 2));
        assert!(!set.push(ChainName::anywhere("stage")));
        assert!(!set.contains("stage", 2));
    }

    #[test]
    fn names_beyond_chain_depth_are_not_chain_names() {
        let text = "def pin(b):\n    return b.pin_memory()\n\ndef a(b):\n    return pin(b)\n\ndef c(b):\n    return a(b)\n\ndef d(b):\n    return c(b)\n\ndef e(b):\n    return d(b)\n\ndef f(b):\n    return e(b)\n";
        let catalog = crate::catalog::Catalog::builtin();
        let model = crate::frontend::Parsers::new()
            .build(Language::Python, text, &catalog)
            .expect("parses");
        let depths = of_model(&model, "m.py", Language::Python, &Idents::default());
        let mut found: Vec<(String, usize)> =
            depths.into_iter().map(|(c, d)| (c.name, d)).collect();
        found.sort_by_key(|(_, d)| *d);
        let expected: Vec<(String, usize)> = [("pin", 0), ("a", 1), ("c", 2), ("d", 3)]
            .iter()
            .map(|(n, d)| (n.to_string(), *d))
            .collect();
        assert_eq!(found, expected);
    }

    #[test]
    fn stored_identifiers_screen_for_newer_names() {
        let idents = idents("def step(b):\n    return stage(b)\n");
        let mut set = NameSet::from_names(&["other"]);
        assert!(!set.may_mention(&idents, 0));
        set.push(ChainName::anywhere("stage"));
        assert!(set.may_mention(&idents, 0));
        assert!(set.may_mention(&idents, 1));
        assert!(!set.may_mention(&idents, 2));
    }

    #[test]
    fn stored_identifiers_screen_for_what_a_call_needs() {
        // A method of `Cache` is reached only from a file that names `Cache`, a Python
        // function of `pkg/ops.py` only through an import or `ops.` (its reach).
        let mut set = NameSet::default();
        set.push(ChainName {
            reach: vec!["Cache".to_string()],
            ..ChainName::anywhere("refresh")
        });
        set.push(ChainName {
            free: Some("pkg/ops.py".to_string()),
            ..ChainName::anywhere("stage")
        });
        let plain = idents("def step(c, b):\n    c.refresh()\n    return stage(b)\n");
        assert!(!set.may_mention(&plain, 0));
        let with_class = idents("def step(c: Cache):\n    c.refresh()\n");
        assert!(set.may_mention(&with_class, 0));
        assert!(!set.may_mention(&with_class, 1));
        let imported = idents("from pkg.ops import stage\ndef step(b):\n    return stage(b)\n");
        assert!(set.may_mention(&imported, 1));
        let qualified = idents("from pkg import ops\ndef step(b):\n    return ops.stage(b)\n");
        assert!(set.may_mention(&qualified, 1));
    }

    fn defines(text: &str, lang: Language) -> Vec<String> {
        Definitions::of(text.as_bytes(), lang)
            .functions
            .iter()
            .map(|d| String::from_utf8_lossy(d).into_owned())
            .collect()
    }

    #[test]
    fn definitions_are_counted_lexically() {
        let py = "def stage(b):\n    return pin(b)\nasync def  fetch():\n    x = define(1)\n    y = undef(2)\nclass Slab(Base):\n    pass\n# the def keyword\n";
        assert_eq!(defines(py, Language::Python), ["stage", "fetch", "keyword"]);
        let bound = "self._ffn = partial(L._moe, self)\nself.b = functools.partial(f)\nx = partial(f)\nself.c == partial(f)\nself.d = mypartial(f)\n";
        assert_eq!(defines(bound, Language::Python), ["_ffn", "b"]);
        let d = Definitions::of(py.as_bytes(), Language::Python);
        assert_eq!(d.classes, [b"Slab"]);
        let rs = "fn stage() { pin() }\npub(crate) fn fetch<T>(x: T) {}\nlet f = stage();";
        assert_eq!(defines(rs, Language::Rust), ["stage", "fetch"]);
        let cpp = "
            void stage(int n) { if (ok(n)) { pin(n); } }
            Buffer::Buffer(size_t n) : size_{n}, data(alloc(n)) { }
            auto fetch(int a) const noexcept(true) -> std::vector<int> { return {}; }
            int declared(int a);
            TEST(Suite, Name) { for (auto x : range(3)) { go(x); } }
            x = c ? f(a) : g(b);
        ";
        assert_eq!(
            defines(cpp, Language::Cpp),
            ["stage", "Buffer", "fetch", "TEST"]
        );
    }

    /// A free function named `name`, as a front end records it.
    fn free_function(name: &str) -> crate::model::Function {
        crate::model::Function {
            name: name.into(),
            kind: crate::model::FunctionKind::Function,
            class: None,
            namespace: None,
            span: Default::default(),
            name_span: Default::default(),
            parent: None,
            passed_as: None,
            dispatched: false,
            params: Vec::new(),
            requested: Vec::new(),
            test: false,
            macro_def: false,
        }
    }

    #[test]
    fn a_python_module_function_is_reached_only_through_an_import_of_it_or_its_module() {
        let mut set = NameSet::default();
        set.push(ChainName::of(
            &free_function("pin_rows"),
            "proj/pkg/staging/rows.py",
            Language::Python,
        ));
        let reached = |path: &str, text: &str| {
            let ids = Idents::of(
                text.as_bytes(),
                Language::Python,
                path,
                &mut Scratch::default(),
            );
            set.mentioned_in(text.as_bytes(), &ids, 0, 1)
        };
        // Imports of it, of its module, of its package (a re-export), relative or not.
        assert!(reached(
            "a/b.py",
            "from pkg.staging.rows import pin_rows\npin_rows(x)"
        ));
        assert!(reached(
            "a/b.py",
            "from pkg.staging import (\n  other,\n  pin_rows,\n)\npin_rows(x)"
        ));
        assert!(reached(
            "a/b.py",
            "import pkg.staging.rows as r\nr.pin_rows(x)"
        ));
        assert!(reached(
            "a/b.py",
            "from pkg.staging.rows import *\npin_rows(x)"
        ));
        assert!(reached(
            "pkg/staging/up.py",
            "from .rows import pin_rows\npin_rows(x)"
        ));
        assert!(reached(
            "pkg/staging/up.py",
            "from . import rows\nrows.pin_rows(x)"
        ));
        assert!(reached(
            "pkg/staging/sub/up.py",
            "from ..rows import pin_rows\npin_rows(x)"
        ));
        assert!(reached(
            "pkg/staging/run.py",
            "import rows\nrows.pin_rows(x)"
        ));
        assert!(reached("a/b.py", "y = staging.pin_rows(x)"));
        // Another project's module of the same name, or the words outside an import.
        assert!(!reached(
            "a/b.py",
            "from other.rows import pin_rows\npin_rows(x)"
        ));
        assert!(!reached(
            "a/b.py",
            "from other.util import rows\nr.pin_rows(x)"
        ));
        assert!(!reached(
            "a/b.py",
            "import utils\nrows = staging = 1\npin_rows(x)"
        ));
        assert!(!reached(
            "a/b.py",
            "# from pkg.staging.rows import pin_rows\npin_rows(x)"
        ));
        assert!(!reached(
            "a/b.py",
            "from pkg.staging import rows_as\npin_rows(x)"
        ));
    }

    #[test]
    fn a_c_function_of_another_file_is_reached_where_its_header_is_included() {
        let mut set = NameSet::default();
        set.push(ChainName::of(
            &free_function("stage_copy"),
            "lib/ops/copy.cu",
            Language::Cuda,
        ));
        let reached = |text: &str| {
            let ids = Idents::of(
                text.as_bytes(),
                Language::Cuda,
                "x.cu",
                &mut Scratch::default(),
            );
            set.mentioned_in(text.as_bytes(), &ids, 0, 1)
        };
        assert!(reached(
            "#include \"ops/copy.h\"\nvoid f() { stage_copy(1); }"
        ));
        assert!(reached("# include <copy.cuh>\nvoid f() { stage_copy(1); }"));
        assert!(reached(
            "void stage_copy(int);\nvoid f() { stage_copy(1); }"
        ));
        assert!(!reached(
            "#include \"other.h\"\nvoid f(int copy) { stage_copy(copy); }"
        ));
    }

    #[test]
    fn c_prototypes_are_recorded_and_calls_are_not() {
        let scan = |t: &str| {
            Idents::of(
                t.as_bytes(),
                Language::Cuda,
                "x.cu",
                &mut Scratch::default(),
            )
        };
        assert!(scan("void* stage(size_t n);\nvoid run() { stage(1); }").declares("stage"));
        assert!(scan("#define PIN(p, n) cudaMallocHost(&p, n)\n").declares("PIN"));
        assert!(!scan("#define PIN cudaMallocHost(&p, 4)\n").declares("PIN"));
        assert!(!scan("void run() { stage(1); return stage(2); }").declares("stage"));
        assert!(!scan("void run() { x = stage(1); }").declares("stage"));
        let mut set = NameSet::default();
        set.push(ChainName {
            bases: Vec::new(),
            member_call: false,
            definition: false,
            class: None,
            via: Vec::new(),
            imported: false,
            free: None,
            name: "stage".into(),
            reach: module_names("src/helper.cu"),
            prototype: true,
        });
        let text = "void* stage(size_t n);\nvoid run() { stage(1); }";
        assert!(set.mentioned_in(text.as_bytes(), &scan(text), 0, 1));
        let text = "void run() { stage(1); }";
        assert!(!set.mentioned_in(text.as_bytes(), &scan(text), 0, 1));
        let text = "#include \"helper.h\"\nvoid run() { stage(1); }";
        assert!(set.mentioned_in(text.as_bytes(), &scan(text), 0, 1));
    }
}
