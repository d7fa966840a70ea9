//! Python front end (tree-sitter-python).
//!
//! `walk`: the syntax walk (statements, scopes, loops, comprehensions, imports); `calls`:
//! calls and the events they make; `facts`: where values go and what guards a call (stores,
//! flows, bindings, cache hits); `exprs`: sizes, integer expressions and the file's constants.

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use tree_sitter::{Node, Tree};

use crate::frontend::fields::FieldChild;

use super::builder::Builder;
use crate::catalog::Catalog;
use crate::model::{Expr, FileModel, Language, LoopId, Receiver, Span};

mod calls;
mod dispatch;
mod elements;
mod exprs;
mod facts;
mod keys;
mod library;
mod registries;
mod views;
mod walk;

/// Methods that put their argument into a container that outlives the statement.
const CONTAINER_STORES: &[&str] = &[
    "append",
    "extend",
    "insert",
    "add",
    "appendleft",
    "put",
    "put_nowait",
    "setdefault",
    "push",
];

/// Of `CONTAINER_STORES`, those that hand the value to a consumer (a queue's).
const HANDOFFS: &[&str] = &["put", "put_nowait"];

/// The keyword a `kernel[grid](..)` launch passes its grid under (a grid function or
/// lambda runs once per launch when `rules/entry_points.toml` says so).
const LAUNCH_GRID: &str = "grid";

/// Arguments looked at for plain names handed over (`CallSite::name_args`).
const MAX_NAME_ARGS: usize = 8;

/// Calls that run a function handed to them (a thread, a pool, an executor), and the
/// position of that function among the arguments where it is not the first callable one
/// (`loop.run_in_executor(pool, f, ..)`).
const LAUNCHERS: &[(&str, Option<usize>)] = &[
    ("submit", None),
    ("map", None),
    ("starmap", None),
    ("imap", None),
    ("imap_unordered", None),
    ("apply_async", None),
    ("map_async", None),
    ("Thread", None),
    ("Process", None),
    ("run_in_executor", Some(1)),
    ("to_thread", None),
];

struct Py<'t, 'c> {
    b: Builder<'t>,
    catalog: &'c Catalog,
    lang: Language,
    /// `(name, offset, container)`: the variable `name` was stored into `container` at
    /// `offset`.
    stores: Vec<(&'t str, usize, &'t str)>,
    /// Where `stores` copy the value (a slice assignment) or hand it over (a queue's
    /// `put`) rather than keep it.
    not_kept: Vec<usize>,
    /// `stores` that store the value itself (`xs.append(v)`, `d[k] = (a, v)`), not an
    /// object built from it: (name, offset).
    direct: Vec<(&'t str, usize)>,
    /// Events made under an `if`: (event, guard condition, in its `else`).
    guarded: Vec<(usize, Span, bool)>,
    /// `import a.b as c` → `c` names module `b`; `from a import b` → `b` names module `b`.
    modules: HashMap<&'t str, &'t str>,
    /// Names a function declares `global` or `nonlocal`.
    shared_names: HashSet<(usize, &'t str)>,
    /// (function, name) → is every binding seen so far `True` (`pin_memory = True`, a
    /// parameter defaulting to `True`)? Then `pin_memory=name` pins.
    flags: HashMap<(usize, &'t str), bool>,
    /// The class whose body is being walked, for `expr`.
    class_now: std::cell::Cell<Option<&'t str>>,
    /// `self.x`/`cls.x` constants: the class that set each one.
    attr_owner: HashMap<String, String>,
    /// Where `self.x`/`cls.x` are read: (name, class).
    attr_uses: std::cell::RefCell<Vec<(String, Option<&'t str>)>>,
    /// Dataclasses and NamedTuples: their fields' values are defaults.
    record_classes: HashSet<&'t str>,
    /// Defaults stated twice with different values: none is kept.
    conflicting_defaults: HashSet<String>,
    /// (function, local) → the size of the tensor its one assignment made
    /// (`buf = torch.zeros(256, 1024)`); none when assigned again or not by a factory.
    made: HashMap<(usize, String), Option<Expr>>,
    /// `grid = lambda meta: ..`: (function, name) → the lambda, for `kernel[grid](..)`.
    named_lambdas: HashMap<(usize, &'t str), usize>,
    /// `chan = Channelizer(..)` in a function: (function, local) → the class, so that
    /// `chan(x)` calls `Channelizer.__call__`.
    instances: HashMap<(usize, &'t str), &'t str>,
    /// `self.recorder = Recorder()`: attribute → its class, `None` once the file binds it to
    /// two (`[self.recorder]` handed over is one of that class).
    attr_instances: HashMap<&'t str, Option<&'t str>>,
    /// (function, local) → the registry whose class the local holds (`cls = STAGES[n]`).
    class_sets: HashMap<(usize, &'t str), &'t str>,
    /// `step = lib.fast if on else lib.slow`, `seg: Segmenter` (a parameter): (function,
    /// local) → the functions calling the local calls (`Segmenter.__call__` for an
    /// object), by name and receiver.
    callables: HashMap<(usize, &'t str), Vec<(&'t str, Receiver)>>,
    /// `build = partial(DataLoader, bs=8, pin_memory=True)`: (function, local) → the
    /// function it binds (its last name) and whether the bound keywords pin; a call of
    /// the local is a call of that function (an API of the catalog, say).
    partials: HashMap<(usize, &'t str), (&'t str, bool)>,
    /// Names the file defines as `@property` getters: reading `self.name` calls one.
    properties: HashSet<&'t str>,
    /// Functions the file wraps in a memoising call (`self._load =
    /// functools.lru_cache(maxsize=None)(self._load_uncached)`): their bodies run once per
    /// key, as a decorated one's do.
    memo_wrapped: HashSet<&'t str>,
    /// The node (`Node::id`) of the callee or assignment target the walk is entering:
    /// an attribute there is not read.
    not_read: Option<usize>,
    /// `xs = [Decode(), Mix()]`, `out.append(Column(..))`: (function, local) → the classes
    /// of its elements (see `elements`).
    items_of: HashMap<(usize, &'t str), Vec<&'t str>>,
    /// Locals holding elements of a module's registry (`fns = [REWARDS[n] for n in
    /// names]`): (function, local) → the registry's element key.
    elements_from: HashMap<(usize, &'t str), String>,
    /// `for stage in self.stages`: (function, local) → the element key of the attribute
    /// (`stages[]`) the local walks.
    element_of: HashMap<(usize, &'t str), String>,
    /// The outermost loops (of their function) with a `yield` inside: a generator's
    /// stream.
    stream_loops: Vec<LoopId>,
    /// `CACHE[key] = v` at an offset: the subscript (`key`), for what a cache is keyed by.
    store_keys: HashMap<usize, &'t str>,
    /// The functions the file's text defines at its top level, read or not by the lazy
    /// parse (found once, when first asked).
    top_level_defs: std::cell::OnceCell<HashSet<&'t str>>,
}

pub fn build(
    parser: &mut tree_sitter::Parser,
    text: &str,
    lang: Language,
    catalog: &Catalog,
    extent: &mut super::extent::Extent,
) -> Result<FileModel, String> {
    let mut py = Py {
        b: Builder::new(text),
        catalog,
        lang,
        stores: Vec::new(),
        not_kept: Vec::new(),
        direct: Vec::new(),
        modules: HashMap::default(),
        shared_names: HashSet::default(),
        guarded: Vec::new(),
        flags: HashMap::default(),
        class_now: std::cell::Cell::new(None),
        attr_owner: HashMap::default(),
        attr_uses: std::cell::RefCell::new(Vec::new()),
        record_classes: HashSet::default(),
        conflicting_defaults: HashSet::default(),
        made: HashMap::default(),
        named_lambdas: HashMap::default(),
        instances: HashMap::default(),
        attr_instances: HashMap::default(),
        class_sets: HashMap::default(),
        callables: HashMap::default(),
        partials: HashMap::default(),
        properties: property_names(text),
        memo_wrapped: memo_wrapped(text, &catalog.context.memoising_decorators),
        not_read: None,
        items_of: HashMap::default(),
        elements_from: HashMap::default(),
        element_of: HashMap::default(),
        stream_loops: Vec::new(),
        store_keys: HashMap::default(),
        top_level_defs: std::cell::OnceCell::new(),
    };
    py.read_counters();
    super::extent::parse_into(parser, text, lang, extent, &mut py)?;
    py.resolve_stores();
    mark_reused_results(&mut py.b);
    py.drop_foreign_attributes();
    py.mark_stream_prologues();
    py.b.model.self_assigned = self_assigned(text, &py.b.model);
    // (Only the sizes some call's test compares are kept: see `FileModel::grow_calls`.)
    let model = &mut py.b.model;
    let compared: HashSet<&str> = model
        .grow_calls
        .iter()
        .flat_map(|(_, m)| m.iter().map(String::as_str))
        .collect();
    let kept: Vec<(usize, String)> = std::mem::take(&mut model.member_sets)
        .into_iter()
        .filter(|(_, a)| compared.contains(a.as_str()))
        .collect();
    model.member_sets = kept;
    Ok(py.b.finish())
}

impl super::extent::Walker for Py<'_, '_> {
    fn model(&self) -> &FileModel {
        &self.b.model
    }
}

impl super::extent::TreeWalker for Py<'_, '_> {
    fn walk_tree(&mut self, tree: &Tree) {
        let scope = self.b.root_scope();
        self.walk(tree.root_node(), scope, 0);
    }
}

fn field_text<'t, 'n>(b: &Builder<'t>, node: Node<'n>, field: &'static str) -> &'t str {
    node.field_child(field).map_or("", |n| b.text_of(n))
}

/// `torch.nn.Module` → `Module`.
fn last_dotted(text: &str) -> &str {
    text.rsplit('.').next().unwrap_or(text).trim()
}

fn compact(text: &str) -> String {
    text.split_whitespace().collect()
}

/// The positional arguments of a call (not `k=v`, `*xs`, `**kw`).
fn positional<'n>(args: &[Node<'n>]) -> Vec<Node<'n>> {
    args.iter()
        .copied()
        .filter(|a| {
            !matches!(
                a.kind(),
                "keyword_argument" | "list_splat" | "dictionary_splat"
            )
        })
        .collect()
}

/// The functions a file hands to a memoising call (`lru_cache(maxsize=None)(self._load)`,
/// `functools.cache(fetch)`), found lexically before the walk: the wrapper may come before
/// the definition.
fn memo_wrapped<'t>(text: &'t str, memoising: &[String]) -> HashSet<&'t str> {
    // The text inside the parentheses that open at `open` (a byte offset of `(`).
    let group = |open: usize| -> Option<(&'t str, usize)> {
        let mut depth = 0usize;
        for (i, c) in text[open..].char_indices() {
            match c {
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        return Some((&text[open + 1..open + i], open + i + 1));
                    }
                }
                '\n' if depth == 0 => return None,
                _ => {}
            }
        }
        None
    };
    let mut out = HashSet::default();
    for m in memoising {
        for (at, _) in text.match_indices(m.as_str()) {
            let open = at + m.len();
            if !text[open..].starts_with('(')
                || text[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_')
            {
                continue;
            }
            let Some((first, end)) = group(open) else {
                continue;
            };
            // `lru_cache(..)(f)`, or `cache(f)`.
            let arg = match text[end..].starts_with('(').then(|| group(end)).flatten() {
                Some((second, _)) => second,
                None => first,
            };
            let arg = arg.trim();
            let arg = arg.strip_prefix("self.").unwrap_or(arg);
            if !arg.is_empty() && arg.chars().all(|c| c.is_alphanumeric() || c == '_') {
                out.insert(arg);
            }
        }
    }
    out
}

/// The names a file defines under `@property` (`@property` then `def name(`), found
/// lexically before the walk: a read may come before the definition.
fn property_names(text: &str) -> HashSet<&str> {
    crate::scan::idents::property_getters(text.as_bytes())
        .into_iter()
        .filter_map(|n| std::str::from_utf8(n).ok())
        .collect()
}

impl Py<'_, '_> {
    /// A pin of a generator that no loop of its own repeats, before a loop that yields and
    /// refills or hands out the buffer (or a view made of it before the loop: `view =
    /// np.frombuffer(staging)`): the prologue runs once per stream, and the buffer serves
    /// every item. (A buffer the loop only reads, `u[i] < p`, is one call's scratch.)
    fn mark_stream_prologues(&mut self) {
        let text = self.b.text;
        let model = &mut self.b.model;
        for ev in model
            .events
            .iter_mut()
            .filter(|e| e.innermost_loop.is_none())
        {
            let Some(pointer) = ev.pointer.as_deref() else {
                continue;
            };
            ev.stream_prologue = self.stream_loops.iter().any(|&l| {
                let lp = &model.loops[l];
                if lp.function != ev.function || lp.span.start < ev.span.end {
                    return false;
                }
                let mut names = vec![pointer];
                for line in text[ev.span.end..lp.span.start].lines() {
                    if let Some((target, value)) = line.split_once('=')
                        && let target = target.trim()
                        && is_identifier(target)
                        && !value.starts_with('=')
                        && names.iter().any(|n| mentions(value, n))
                    {
                        names.push(target);
                    }
                }
                let body = &text[lp.span.start..lp.span.end];
                names.iter().any(|n| refills_or_yields(body, n))
            });
        }
    }
}

fn is_identifier(s: &str) -> bool {
    !s.is_empty()
        && !s.starts_with(|c: char| c.is_ascii_digit())
        && s.chars().all(|c| c.is_alphanumeric() || c == '_')
}

/// The offsets where `name` occurs in `text` as a whole name (not `x.name`, `name2`).
fn occurrences<'a>(text: &'a str, name: &'a str) -> impl Iterator<Item = usize> + 'a {
    let word = |c: char| c.is_alphanumeric() || c == '_';
    text.match_indices(name).map(|(i, _)| i).filter(move |&i| {
        !text[..i].ends_with(|c: char| word(c) || c == '.')
            && !text[i + name.len()..].starts_with(word)
    })
}

fn mentions(text: &str, name: &str) -> bool {
    occurrences(text, name).next().is_some()
}

/// Mark the calls whose value, bound to a plain local, a later loop of their function reads
/// again (`CallSite::result_reused`): in its body, or in the header of a loop inside another.
fn mark_reused_results(b: &mut crate::frontend::builder::Builder) {
    let text = b.text;
    let model = &mut b.model;
    let loops = &model.loops;
    for c in model.calls.iter_mut() {
        let Some(r) = c.result.as_deref() else {
            continue;
        };
        if r == crate::model::RETURNED || !is_identifier(r) {
            continue;
        }
        let read = |from: usize, to: usize| text.get(from..to).is_some_and(|t| mentions(t, r));
        c.result_reused = loops.iter().any(|l| {
            l.function == c.function
                && l.span.start >= c.span.end
                && (read(l.span.start, l.header.start)
                    || read(l.header.end, l.span.end)
                    || (l.parent.is_some() && read(l.header.start, l.header.end)))
        });
    }
}

/// Does a loop's text write into `name` (`name[a:b] = ..`, `name += ..`, an in-place
/// method `name.copy_(..)` / `name[:n].copy_(..)` / `name.fill(..)`, `np.copyto(name, ..)`,
/// `f(.., out=name)`, `fh.readinto(name)`) or yield it?
fn refills_or_yields(body: &str, name: &str) -> bool {
    let yields = body.lines().any(|l| {
        let l = l.trim_start();
        (l.starts_with("yield ") || l.contains("= yield ")) && mentions(l, name)
    });
    let code: String = body.split_whitespace().collect();
    let writes = occurrences(&code, name).any(|i| {
        let before = &code[..i];
        let mut rest = &code[i + name.len()..];
        if before.ends_with("copyto(") || before.ends_with("out=") || before.ends_with("readinto(")
        {
            return true;
        }
        // (Past a subscript: `name[a:b]`.)
        if rest.starts_with('[') {
            let mut depth = 0usize;
            let end = rest.char_indices().find_map(|(j, c)| {
                match c {
                    '[' => depth += 1,
                    ']' => {
                        depth -= 1;
                        if depth == 0 {
                            return Some(j + 1);
                        }
                    }
                    _ => {}
                }
                None
            });
            rest = &rest[end.unwrap_or(rest.len())..];
        }
        let assigned = rest.starts_with('=') && !rest.starts_with("==");
        let augmented = ["+=", "-=", "*=", "/=", "|=", "&="]
            .iter()
            .any(|op| rest.starts_with(op));
        let in_place = rest.strip_prefix('.').is_some_and(|m| {
            let method: String = m
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            m[method.len()..].starts_with('(')
                && (method.ends_with('_') && !method.starts_with('_') || method == "fill")
        });
        // (A plain `name = ..` rebinds the name: not a refill.)
        (assigned && code[i + name.len()..].starts_with('[')) || augmented || in_place
    });
    yields || writes
}

/// The callees of `self.name(..)` calls of `model` that `text` assigns a call's value as
/// an attribute (`self.name = make(..)`, `self.name: T = T(..)`) anywhere, read or not by
/// the lazy parse.
fn self_assigned(text: &str, model: &FileModel) -> Vec<String> {
    let word = |c: char| c.is_alphanumeric() || c == '_';
    // (One pass over the text: the attributes assigned a call's value.)
    let assigned: HashSet<&str> = text
        .match_indices("self.")
        .filter(|(at, _)| !text[..*at].ends_with(word))
        .filter_map(|(at, m)| {
            let rest = &text[at + m.len()..];
            let name = &rest[..rest.find(|c: char| !word(c)).unwrap_or(rest.len())];
            let after = rest[name.len()..].trim_start_matches([' ', '\t']);
            let value = match after.strip_prefix(':') {
                Some(annotated) => annotated
                    .lines()
                    .next()
                    .and_then(|l| l.split_once('='))
                    .map(|(_, v)| v),
                None => after.strip_prefix('='),
            }?;
            // (A call's value, as a binding of the parse would record: `= make_x(..)`,
            // `= Cls(..)`, not `= REGISTRY[name]`.)
            let v = value.trim_start();
            let callee = v.find(|c: char| !(word(c) || c == '.')).unwrap_or(v.len());
            (!name.is_empty() && callee > 0 && v[callee..].starts_with('(')).then_some(name)
        })
        .collect();
    let mut out: Vec<String> = Vec::new();
    for c in &model.calls {
        if c.receiver == Receiver::SelfRef
            && assigned.contains(c.callee.as_str())
            && !out.contains(&c.callee)
        {
            out.push(c.callee.clone());
        }
    }
    out
}
