//! The language-neutral model. Front ends produce it; rules read only it.
//!
//! Everything is addressed by byte offsets into the file's text; reporters turn
//! offsets into lines and columns.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

/// A source language, decided by file extension. Named in the rules' data by
/// [`Language::name`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Language {
    Python,
    C,
    Cpp,
    Cuda,
    Rust,
}

impl Language {
    pub fn name(self) -> &'static str {
        match self {
            Language::Python => "python",
            Language::C => "c",
            Language::Cpp => "cpp",
            Language::Cuda => "cuda",
            Language::Rust => "rust",
        }
    }

    pub fn from_name(name: &str) -> Option<Language> {
        Some(match name {
            "python" => Language::Python,
            "c" => Language::C,
            "cpp" => Language::Cpp,
            "cuda" => Language::Cuda,
            "rust" => Language::Rust,
            _ => return None,
        })
    }

    pub fn from_extension(ext: &str) -> Option<Language> {
        Some(match ext {
            "py" | "pyi" => Language::Python,
            "c" => Language::C,
            "cc" | "cpp" | "cxx" | "h" | "hh" | "hpp" | "hxx" | "inl" | "ipp" => Language::Cpp,
            // HIP sources are CUDA syntax with `hip` names (ROCm's samples, HIP ports).
            "cu" | "cuh" | "hip" => Language::Cuda,
            "rs" => Language::Rust,
            _ => return None,
        })
    }
}

pub type ApiId = usize;

/// What a call does to pinned memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ApiKind {
    /// Allocates new page-locked host memory.
    Alloc,
    /// Page-locks memory that already exists.
    Register,
    Unregister,
    Free,
    /// Copies an existing value into new page-locked memory (`x.pin_memory()`).
    PinCopy,
    /// Switches on pinning of every batch a data loader produces.
    Loader,
}

impl ApiKind {
    pub fn name(self) -> &'static str {
        match self {
            ApiKind::Alloc => "alloc",
            ApiKind::Register => "register",
            ApiKind::Unregister => "unregister",
            ApiKind::Free => "free",
            ApiKind::PinCopy => "pin-copy",
            ApiKind::Loader => "loader",
        }
    }

    /// Kinds that create a pinned buffer (and so cost VRAM under WDDM).
    pub fn pins(self) -> bool {
        matches!(self, ApiKind::Alloc | ApiKind::Register | ApiKind::PinCopy)
    }

    /// Kinds whose repetition the frequency analysis decides: the pins, and a loader that
    /// pins every batch in a thread of its own (built again, it starts that thread again).
    pub fn repeats_matter(self) -> bool {
        self.pins() || self == ApiKind::Loader
    }
}

/// A half-open byte range `[start, end)` in the file's text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub fn contains(&self, other: Span) -> bool {
        self.start <= other.start && other.end <= self.end
    }
}

pub type FuncId = usize;
pub type LoopId = usize;

/// Why a function exists; later rules (per-batch entry points, destructors) key on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FunctionKind {
    /// The file's top level (Python module body); always `functions[0]`.
    TopLevel,
    Function,
    Lambda,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Function {
    pub name: String,
    pub kind: FunctionKind,
    /// The enclosing class or struct (or the `Class::` qualifier), if any.
    pub class: Option<String>,
    /// The enclosing named namespace (C++), if any.
    pub namespace: Option<String>,
    pub span: Span,
    /// The name as written in the definition (for labels).
    pub name_span: Span,
    pub parent: Option<FuncId>,
    /// A lambda passed as a keyword argument (`collate_fn=lambda b: ..`): the keyword; a
    /// Python function a route or task decorator registers (`@app.post("/x")`): its key.
    pub passed_as: Option<String>,
    /// Called through dynamic dispatch, whose callers the code does not name: a C++
    /// `virtual`/`override`/`final` method, a Rust trait method implementation.
    pub dispatched: bool,
    /// Parameter names in order (Python's `self` included), each with its default when
    /// that is a constant: what a caller's literal arguments bind.
    pub params: Vec<(String, Option<Expr>)>,
    /// Locals read from the caller's keyword arguments with a false default
    /// (`pin = bool(kwargs.get("pin_memory", False))`): flags the caller sets, like
    /// parameters.
    pub requested: Vec<String>,
    /// Marked as a test by the language itself (Rust's `#[test]`, `#[bench]`, a
    /// `#[cfg(test)]` module); naming conventions are applied by the frequency analysis.
    pub test: bool,
    /// A function-like C macro read as a function (`frontend/macros.rs`): each invocation
    /// expands its body where it is written.
    pub macro_def: bool,
}

impl Function {
    /// Where parameter `param` stands among a call's arguments: its position, less
    /// Python's `self`/`cls`, which a method call does not pass.
    pub fn argument_position(&self, param: &str) -> Option<usize> {
        let k = self.params.iter().position(|(p, _)| p == param)?;
        let receiver = self
            .params
            .first()
            .is_some_and(|(p, _)| p == "self" || p == "cls");
        k.checked_sub(usize::from(receiver))
    }

    /// A Python `__init__`, or a C++ constructor (named as its class).
    pub fn is_constructor(&self) -> bool {
        self.class
            .as_deref()
            .is_some_and(|c| is_init(&self.name) || self.name == c)
    }
}

/// Python's initialisers: `__init__`, and a dataclass's `__post_init__`, which the
/// generated `__init__` calls: both run when the class's name is called.
pub fn is_init(name: &str) -> bool {
    matches!(name, "__init__" | "__post_init__")
}

/// A class and the last names of its bases (`nn.Module` → `Module`).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Class {
    pub name: String,
    pub bases: Vec<String>,
}

/// What a call is made on; name resolution for call chains narrows by it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Receiver {
    /// `f(..)`.
    None,
    /// `self.f(..)`, `this->f(..)`.
    SelfRef,
    /// `mod.f(..)` where `mod` is an imported module (its last name).
    Module(String),
    /// `Name.f(..)` or `Name::f(..)`: a class, namespace or variable named `Name`.
    Name(String),
    /// Any other receiver expression.
    Expr,
    /// `Chunk(..)`, `new Chunk(..)`, `std::make_unique<Chunk>(..)`: the constructor of the
    /// class named by the callee.
    New,
}

/// A symbolic integer expression: a size argument, a trip-count bound, a constant.
/// Front ends build it from syntax; the tax module evaluates it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Expr {
    Int(i128),
    /// An identifier, resolved through `FileModel::constants`.
    Name(String),
    /// `sizeof(T)` for a type spelled `T` (whitespace normalised).
    SizeOf(String),
    /// The element size of a tensor/array dtype spelled by its last name (`float16`, `int64`).
    DtypeSize(String),
    /// A value the program computes at run time, kept as the code spells it (`len(ids)`,
    /// `core->gpu_count()`, `numel(t)`): part of a size's formula, never folded.
    Term(String),
    Neg(Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    Unknown,
}

impl Expr {
    /// A run-time value spelled `text` (whitespace removed); too long a spelling says
    /// nothing a reader can use, and is unknown.
    pub fn term(text: &str) -> Expr {
        let t: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
        if t.is_empty() || t.chars().count() > MAX_TERM_CHARS {
            Expr::Unknown
        } else {
            Expr::Term(t)
        }
    }
}

/// `CHUNK_BYTES`, `kRowBytes`: how C, C++ and Python spell constants.
pub fn constant_style(name: &str) -> bool {
    let upper = name.chars().any(|c| c.is_ascii_uppercase())
        && !name.chars().any(|c| c.is_ascii_lowercase());
    let k = name.len() > 1
        && name.starts_with('k')
        && name[1..].starts_with(|c: char| c.is_ascii_uppercase());
    upper || k
}

/// The longest spelling kept as a `Term`.
const MAX_TERM_CHARS: usize = 48;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    /// Truncating integer division (C `/`, Python `//`).
    Div,
    /// Division that must be exact to be known (Python `/` yields a float).
    ExactDiv,
    Shl,
    Pow,
}

/// How many times a loop body runs, as far as syntax tells.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Trips {
    /// A counted loop: `start` stepping by `step` until it passes `end`.
    Counted {
        start: Expr,
        end: Expr,
        step: Expr,
        inclusive: bool,
    },
    /// Iteration over a literal collection of known length.
    Fixed(u64),
    Unknown,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LoopKind {
    For,
    RangeFor,
    While,
    DoWhile,
    Comprehension,
    /// A closure handed to an iterator adapter (`(0..n).for_each(|i| ..)`): its body runs
    /// once per element.
    IterClosure,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Loop {
    pub kind: LoopKind,
    /// The whole loop statement or comprehension.
    pub span: Span,
    /// What a reader sees as "the loop": `for (...)`, `while cond:`, the `for .. in ..` clause.
    pub header: Span,
    pub trips: Trips,
    pub function: FuncId,
    pub parent: Option<LoopId>,
    /// `for (auto* b : bufs)` / `for b in bufs`: the element variable and the collection's
    /// root name, so `b` inside the body can stand for `bufs[..]`.
    pub element: Option<(String, String)>,
    /// The element key (`model::element_key`) of the object's container the loop walks
    /// (`for name, fn in self.hooks.items()` → `hooks[]`), if it walks one.
    pub walks: Option<String>,
    /// The names a Python `for` binds on each iteration (`for _, leaf in walk()`: `_`,
    /// `leaf`): each iteration's objects.
    pub targets: Vec<String>,
    /// The loop runs until something inside ends it (`loop {`, `while True:`, `for (;;)`,
    /// `while (1)`): a service's loop over requests or messages, never a fixed set.
    #[serde(default)]
    pub endless: bool,
    /// The loop walks a collection read from the program's configuration: a job name in
    /// its header, which calls nothing (`for job in &cfg.jobs`, `for raw in cfg["part"]`:
    /// `job_names` in `rules/context.toml`), or the value a call named for one or a
    /// configuration parser returned (`run = load_config(path)` .. `for survey in
    /// run.surveys`; `doc = yaml.safe_load(fh)` .. `for entry in doc["samples"]`:
    /// `config_parsers`); or its header calls a function of the configuration's module
    /// (`for run in load_runs(p)` with `from .config import load_runs`).
    #[serde(default)]
    pub over_config: bool,
    /// The names that take a value no earlier iteration of one run of the loop had: a
    /// counted loop's variable (`for i in range(..)`, `for (int i = 0; ..; ++i)`, `for it
    /// in 0..n`) unless its count is a constant, the entries of a directory listing (`for
    /// p in root.glob(..)`: `distinct_sources` in `rules/context.toml`). A cache keyed by
    /// one misses on every iteration.
    #[serde(default)]
    pub distinct: Vec<String>,
    /// The identifiers in the header (iterable, bound, condition): `num_gpus`,
    /// `device_count`, ... decide whether a top-level loop is a setup loop.
    pub names: Vec<String>,
    /// The loop repeats only while these statuses are not success values
    /// (`while (err != cudaSuccess)`, `while (cudaGetLastError() != cudaSuccess)`, or such
    /// tests joined by `||` / `&&`): the variables, or the functions called in the condition.
    pub while_failing: Vec<String>,
}

/// An argument whose value changes from call to call (`CallSite::varying_args`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VaryingArg {
    /// Its keyword, if passed by one.
    pub keyword: Option<String>,
    /// Its position among the positional arguments.
    pub position: u8,
    /// The name it reads: a `Loop::distinct` name of a loop around the call, or a
    /// parameter of the calling function (a value the caller's own callers choose).
    pub name: String,
    pub from_loop: bool,
}

/// How a pinned buffer is released.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Lifetime {
    /// Lives until an explicit free/unregister call (C APIs, raw pointers).
    Manual,
    /// Released when its last reference goes away (Python objects, RAII values).
    Scoped,
}

/// Where the buffer an event names lives; pairing searches that far for its release.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PtrScope {
    /// A local variable of the function.
    Local,
    /// A parameter: the caller's buffer.
    Param,
    /// A member (`this->p`, `p_` in a method, `self.p`): released anywhere in the class.
    Member,
    /// A file-level variable: released anywhere in the file.
    Global,
    /// A function-local `static`: one buffer for every call, kept for the life of the
    /// process by declaration (a pool's storage, not a leak); released anywhere in the file.
    Static,
}

/// A statement that leaves the normal flow of a function.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ExitKind {
    Return,
    /// `throw` / Python `raise`.
    Throw,
    Goto(String),
    /// `break` out of a `do { .. } while (0)` block: a jump to its end (the offset).
    BlockEnd(usize),
    Break,
    Continue,
    /// A call of a macro whose visible definition returns (`CUDA_CHECK`), in the file or
    /// in a header it includes.
    MacroReturn(String),
    /// A test assertion that leaves the test body when it fails (gtest's `ASSERT_*`,
    /// Catch2's and doctest's `REQUIRE*`: `rules/context.toml`'s `assertion_macros`).
    Assertion(String),
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Exit {
    pub kind: ExitKind,
    pub span: Span,
    pub function: FuncId,
    pub innermost_loop: Option<LoopId>,
    /// The condition of the innermost `if` around the exit, and the names in it: an exit
    /// taken only when a call failed (`if (cudaHostRegister(..) != cudaSuccess) return;`,
    /// `if err: raise`) leaves nothing to release.
    pub guard: Option<Span>,
    pub guard_names: Vec<String>,
    /// The names the guard tests for null or absence (`!p`, `p == nullptr`, `p is None`,
    /// `p != NULL`); `None` where the guard's text was not read (a
    /// macro's arguments). A guard that only uses a returned buffer (`if (!fread(p, ..))`)
    /// is not taken on its allocation's failure.
    #[serde(default)]
    pub null_tests: Option<Vec<String>>,
}

/// How a buffer leaves its function, so that not freeing it there is not a leak.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EscapeKind {
    Returned,
    /// Written through a pointer parameter: `*out = p`.
    OutParam,
    /// Stored into a field, a global, a container: `obj->buf = p`, `v.push_back(p)`.
    Stored,
    /// Used inside a lambda or closure defined in the function.
    Captured,
    /// Handed to an owning object (`std::unique_ptr<..>(p, deleter)`).
    Owner,
    /// Handed to an owner whose deleter is a release API
    /// (`std::unique_ptr<void, decltype(&cudaHostUnregister)>(p, &cudaHostUnregister)`).
    Guarded,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Escape {
    /// The buffer, normalised like `Event::pointer`.
    pub name: String,
    pub kind: EscapeKind,
    pub function: FuncId,
    pub span: Span,
    /// `Stored` by an assignment (C family): where, normalised like `Event::pointer`
    /// (`c->rows` for `c->rows = p`, `data_` for `this->data_ = p`).
    #[serde(default)]
    pub target: Option<String>,
}

/// A buffer added to a collection (`ptrs_.push_back(p)`, `self._ptrs.append(arr.ctypes.data)`,
/// `self.bufs.push(b)`): a loop over the collection later reaches it as an element
/// (`for p in self._ptrs: unregister(p)` releases it).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SlotStore {
    /// The buffer, normalised like `Event::pointer`.
    pub item: String,
    /// The collection, normalised like `Event::pointer` (`ptrs_`, `self._ptrs`).
    pub container: String,
    /// Where the collection lives: a member, a file-level name, a local.
    pub scope: PtrScope,
    pub function: FuncId,
    pub span: Span,
}

/// How host memory ends without a pinned-memory call.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DisposalKind {
    /// `delete p`, `delete[] p`.
    Delete,
    /// `free(p)`, `munmap(p, n)`: a host free function (`rules/ownership.toml`).
    Free,
    /// A container that owns the storage (`std::vector<char> v`) goes out of scope.
    ScopeEnd,
    /// Such a container is reassigned or may reallocate (`v = ..`, `v.resize(n)`).
    Reassigned,
}

impl DisposalKind {
    /// How a message says it.
    pub fn words(self) -> &'static str {
        match self {
            DisposalKind::Delete => "deleted",
            DisposalKind::Free => "freed",
            DisposalKind::ScopeEnd => "destroyed with its container",
            DisposalKind::Reassigned => "reallocated with its container",
        }
    }
}

/// Host memory ended: what a registration must be undone before.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Disposal {
    /// The buffer, normalised like `Event::pointer` (`v` for `v.data()`).
    pub name: String,
    pub kind: DisposalKind,
    pub function: FuncId,
    pub span: Span,
}

/// A `ghosttax: ignore[..]` comment.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Suppression {
    /// The comment.
    pub span: Span,
    /// Alone on its line: it applies to the next line; else to its own line.
    pub own_line: bool,
    /// `ghosttax: ignore-file`: the whole file.
    pub file_level: bool,
    /// The codes named; empty means every rule.
    pub codes: Vec<String>,
}

/// One call of a catalog API.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Event {
    pub api: ApiId,
    pub kind: ApiKind,
    /// The callee as written, whitespace removed (`th.empty`, `::cudaMallocHost`, `x.pin_memory`).
    pub callee: String,
    /// The whole call expression.
    pub span: Span,
    /// The pinned size in bytes, when the call states one.
    pub size: Option<Expr>,
    /// The buffer, normalised (casts, `&`, parentheses, `.data()` stripped) for pairing.
    pub pointer: Option<String>,
    pub pointer_scope: PtrScope,
    pub lifetime: Lifetime,
    /// Runs as clean-up: in a `finally:` block, a destructor / `__del__` / `__exit__`, or a
    /// lambda (a deleter, a scope guard).
    pub in_cleanup: bool,
    /// Runs once per key or once per process: inside a guard that tests the buffer's own
    /// destination is absent (`if k not in cache:`, `if (!p)`), or a function-local
    /// `static` initialiser.
    pub guarded_once: bool,
    /// Runs only when a size outgrows what the function set last (`if (n <= cap_) return;`
    /// .. `cap_ = n`): a grow-only buffer, pinned again whenever a larger size comes.
    #[serde(default)]
    pub grows_only: bool,
    /// Python: pins in a generator's prologue, before the loop that yields its items: once
    /// per stream, the buffer there for every item the loop yields.
    #[serde(default)]
    pub stream_prologue: bool,
    /// Python, for a pin run once per key (`guarded_once`): the names and attributes its
    /// key is made of (`CACHE[key]` after `key = (step, n)`: `step`, `n`; a memoised
    /// function's parameters). A key that changes on every call never hits.
    #[serde(default)]
    pub key_names: Vec<String>,
    /// C-family: the flag whose test makes the pin run once (`if (!ready_) { pin(..);
    /// ready_ = true; }`); what sets it back (`ready_ = false`, `FileModel::resets`)
    /// re-arms the guard.
    #[serde(default)]
    pub guard_flag: Option<String>,
    /// The variable the call's status is assigned to (`err = cudaHostRegister(..)`,
    /// `err, ptr = cudart.cudaMallocHost(n)`).
    pub status_var: Option<String>,
    /// For scoped lifetimes: the value is stored into a container inside its loop, so
    /// every iteration's buffer stays alive.
    pub stored_in_container: bool,
    /// Where the buffer goes after the call, as written (Python): the container or
    /// object it is put into (`self.bufs`, `CACHE`, `out`, a loop's element `w`), or
    /// [`RETURNED`] when the call's value is returned or yielded as it is. `None` when it
    /// is only bound to a name (see `FileModel::flows` for where that name goes) or its
    /// destination is not read. `analysis::lifetime` turns it into the buffer's fate.
    pub store: Option<String>,
    /// Runs only when the parameter named here is true (`true`) or false: the pin sits
    /// under `if flag:` / `else` of `if (is_tmp)`. A caller passing the other constant
    /// never reaches it.
    pub condition: Option<(String, bool)>,
    /// The `pin_memory=` value as written when it is a flag rather than `True`
    /// (`self.use_pin_memory`, `pin`).
    pub pin_flag: Option<String>,
    /// Pins only if the project function named here returns a pinned kind: `jax.device_put(x,
    /// host)` with `host = host_sharding()` (`FileModel::pin_value_functions`). Checked once
    /// the run's files are read; the event is dropped when no such function exists.
    #[serde(default)]
    pub pins_if: Option<String>,
    pub function: FuncId,
    /// The innermost enclosing loop of the same function.
    pub innermost_loop: Option<LoopId>,
}

impl Event {
    /// Does it pin only by a switch the user sets: `pin_memory=cfg.pin_memory`, or a
    /// parameter not defaulting to `True` (the pin runs only where callers turn it on)?
    pub fn pins_by_switch(&self) -> bool {
        self.pin_flag.as_deref().is_some_and(|f| {
            f.contains('.') || self.condition.as_ref().is_some_and(|(c, _)| c == f)
        })
    }
}

/// `Event::store` of a value returned or yielded as it is.
pub const RETURNED: &str = "<return>";

/// Where a local name's value goes at the end of a function (Python): returned, or
/// stored where it outlives the call. Read by `analysis::lifetime`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FlowTo {
    /// `return out`, `yield out`, `return a, out`.
    Returned,
    /// `self.x = out`, `self.d[k] = out`, `cls.x = out`.
    Member,
    /// Assigned to a module-level name (`POOL = out`, after `global POOL`).
    Module,
}

/// A call of a non-catalog function: what call chains are made of.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CallSite {
    pub callee: String,
    pub receiver: Receiver,
    pub span: Span,
    /// Its arguments that are constants (`true`, `0`, `64`): (keyword or none, position
    /// among the positional ones, value). Empty when none is.
    pub args: Vec<(Option<String>, usize, Expr)>,
    /// How many positional arguments it passes (saturating): the parameters after them
    /// take their defaults.
    pub positional: u8,
    pub function: FuncId,
    pub innermost_loop: Option<LoopId>,
    /// The names its first positional arguments start from (`p + off` → `p`; empty when
    /// none), for callees spelled like macros only (`PIN_CHUNKS(buf, n)`): what a macro's
    /// parameters stand for at this invocation.
    pub arg_roots: Vec<String>,
    /// Runs once per key or per process, like `Event::guarded_once`: the call fills
    /// what its guard finds missing (`if (ret == 0) alloc((void**)&ret, ..)`), or it
    /// initialises a function-local `static`. What it reaches is not repeated by loops.
    pub guarded_once: bool,
    /// The condition of the innermost `if` around the call, if any.
    pub guard: Option<Span>,
    /// `a.b.params_manager.f()`: the receiver's last attribute (`params_manager`), which
    /// by Python's naming convention holds a `ParamsManager`.
    pub receiver_attr: Option<String>,
    /// The call starts a thread or process that runs the callee (`Thread(target=worker)`,
    /// `std::thread t(worker)`): `rules/context.toml`'s `thread_starters`.
    pub starts_thread: bool,
    /// Its positional arguments that are plain names (`spawn(worker, 0)`, `&worker`):
    /// (position, name). A function handed over this way runs where the callee calls
    /// the parameter (`pthread_create(&t, 0, fn, arg)` in `spawn`).
    pub name_args: Vec<(u8, String)>,
    /// Constructs a local object that the end of its block destroys (`Staging s;`, `Slab
    /// s(n);`): what its constructor pins, its destructor gives back.
    pub scoped: bool,
    /// Where the call's value goes: [`RETURNED`] when it is returned as it is, else the
    /// plain name or member it is assigned to (`h = make(n)`, `self.buf = make(n)`);
    /// `None` otherwise. `analysis::handover` reads whether the caller hands it on.
    pub result: Option<String>,
    /// `result` is a plain local that the same loop body (or, outside loops, the same
    /// function) then stores into a container (`dl = build(p); loaders.append(dl)`): the
    /// loop keeps every value it makes.
    pub result_kept: bool,
    /// `result` is a plain local that a later loop of the same function reads on every
    /// iteration: in its body, or walked by a loop inside another (`pool = make_pool(4);
    /// for b in batches: step(b, pool)`). What the call made is used again and again.
    #[serde(default)]
    pub result_reused: bool,
    /// Arguments that are counters of the file (`FileModel::counters`): (keyword, or
    /// position among the positional ones; the counter), e.g. `dose_grid(self.step, n)`.
    #[serde(default)]
    pub counter_args: Vec<(Option<String>, u8, String)>,
    /// Inside a loop with `Loop::distinct` names, where an argument reads one: the
    /// arguments that read such a name or a parameter of the calling function (`put(chrom,
    /// i0 - lo, ..)` in `for i0 in range(lo, hi, tb)`). Empty when none reads a loop's.
    #[serde(default)]
    pub varying_args: Vec<VaryingArg>,
    /// Its arguments that are objects of a known class (Python: a local bound to
    /// `Cache(..)`, a parameter annotated `Cache`), or containers of them (`[Decode(),
    /// Mix()]`). The callee's parameter then holds one, or such elements.
    pub typed_args: Vec<TypedArg>,
    /// Its arguments that are lambdas: (position among the positional ones, the lambda's
    /// function). A callee that stores the parameter (`FileModel::param_elements`) runs
    /// the lambda where the container's elements are called.
    pub lambda_args: Vec<(u8, FuncId)>,
    /// Its arguments that are calls of a function (`add_sink(make_raim_sink(t))`, Rust):
    /// (position, the function). A callee that stores the parameter runs the closures the
    /// function returns (`FileModel::returned_functions`) where the elements are called.
    #[serde(default)]
    pub factory_args: Vec<(u8, String)>,
    /// Python: functions named in a list or tuple handed over as an argument
    /// (`Probes([stage_joints, partial(log, ..)])`): (position, function). A callee that
    /// keeps the parameter runs them where the container's elements are called.
    #[serde(default)]
    pub listed_args: Vec<(u8, String)>,
    /// Python: an attribute read, not a call (`st.staging`), that calls the attribute's
    /// getter where it is a `@property`; resolved to such getters only.
    #[serde(default)]
    pub property_read: bool,
}

/// `Class.method`: how a method handed over as an object's own call (`register_forward_hook(
/// self)`) is named among `FileModel::passed_functions`, apart from every other `__call__`.
pub fn qualified(class: &str, method: &str) -> String {
    format!("{class}.{method}")
}

/// The name an attribute's elements are bound under (`stages` → `stages[]`): Python
/// `self.stages = [Decode(), Mix()]` binds `stages[]` to both classes, and a call on the
/// variable of `for stage in self.stages` has it as its `receiver_attr`.
pub fn element_key(attr: &str) -> String {
    format!("{attr}{ELEMENTS}")
}

/// `Function::passed_as` of a Python function a start-up decorator registers
/// (`@app.on_event("startup")`): it runs once per process.
pub const STARTUP: &str = "@startup";

/// The suffix of an element key (see [`element_key`]).
pub const ELEMENTS: &str = "[]";

/// Is `attr` an element key (a call on a container's element: `stage(x)` in `for stage in
/// self.stages`)?
pub fn is_element_key(attr: &str) -> bool {
    attr.ends_with(ELEMENTS)
}

/// The element key of the container whose element `call` calls, if it does (`loops`: its
/// file's): Python `fn(t)` in `for name, fn in self.hooks.items()` (a `__call__` keyed
/// `hooks[]`); C and C++ `fn(t)` in `for (auto& [name, fn] : hooks_)` (`hooks_[]`).
pub fn element_called(loops: &[Loop], call: &CallSite, language: Language) -> Option<String> {
    match call.receiver_attr.as_deref() {
        Some(k) if call.callee == "__call__" && is_element_key(k) => Some(k.to_string()),
        // (Rust: `hook(&s)` in `for hook in &self.hooks`, the field's key.)
        _ if call.receiver == Receiver::None && language != Language::Python => {
            let l = loops
                .iter()
                .filter(|l| l.function == call.function)
                .find(|l| {
                    l.element
                        .as_ref()
                        .is_some_and(|(var, _)| *var == call.callee)
                })?;
            match language {
                Language::Rust => l.walks.clone(),
                _ => l.element.as_ref().map(|(_, c)| element_key(c)),
            }
        }
        _ => None,
    }
}

/// An argument of a known class (see `CallSite::typed_args`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TypedArg {
    /// `k=v`: the keyword; else none, and `position` counts the positional arguments.
    pub keyword: Option<String>,
    pub position: u8,
    pub class: String,
    /// The argument is a container whose elements are of `class`.
    pub elements: bool,
    /// The argument is the class itself (`cache_cls=SpillCache`), which the callee calls
    /// to make its object (`FileModel::param_factories`).
    #[serde(default)]
    pub factory: bool,
}

/// Everything the rules know about one file.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct FileModel {
    pub functions: Vec<Function>,
    /// C-family parameters declared with a class (`void update_wind(WindField& w)`):
    /// (function, parameter, the class's last name), for calls on them (`w.update()`).
    #[serde(default)]
    pub param_classes: Vec<(FuncId, String, String)>,
    pub loops: Vec<Loop>,
    pub events: Vec<Event>,
    pub calls: Vec<CallSite>,
    pub classes: Vec<Class>,
    pub exits: Vec<Exit>,
    pub escapes: Vec<Escape>,
    #[serde(default)]
    pub slot_stores: Vec<SlotStore>,
    /// Host memory freed or destroyed (`delete[] p`, `free(p)`, a vector's end).
    pub disposals: Vec<Disposal>,
    pub suppressions: Vec<Suppression>,
    /// `#define cudaHostRegister hipHostRegister`: API names made one for pairing.
    pub api_aliases: Vec<(String, String)>,
    /// `goto` targets: (label, byte offset, function).
    pub goto_labels: Vec<(String, usize, FuncId)>,
    /// C++ `try` blocks: (the block, each `catch` handler after it). An exit in a handler
    /// runs only when something in the block threw.
    #[serde(default)]
    pub try_blocks: Vec<(Span, Vec<Span>)>,
    /// Functions passed by name as keyword arguments: `(keyword, last name)`,
    /// e.g. `("collate_fn", "pad_batch")`; to a hook or a C-family callback registration:
    /// `(call name, function)`, e.g. `("cudaLaunchHostFunc", "on_done")`.
    pub passed_functions: Vec<(String, String)>,
    /// Python: functions a call's value hands over as a keyword argument (`collate_fn=
    /// make_collate(cfg)`): `(keyword, factory)`. What the factory returns by name (`return
    /// partial(collate_windows, ..)`) is handed over by that keyword.
    #[serde(default)]
    pub passed_made: Vec<(String, String)>,
    /// Parameters passed on as keyword arguments (`make_loader(ds, collate)` writing
    /// `DataLoader(ds, collate_fn=collate)`): (keyword, function, parameter). What the
    /// function's callers hand over in it is handed over by that keyword.
    #[serde(default)]
    pub passed_params: Vec<(String, FuncId, String)>,
    /// Callbacks made by a call (`m.register_forward_hook(self._make_hook(name))`): (the
    /// call they are handed to, the factory whose returned nested functions they are).
    pub passed_factories: Vec<(String, String)>,
    /// Python `@pin_output def sample(..)`: (the decorated function, the decorator's last
    /// name). A call of `sample` runs the function the decorator returns.
    pub decorated: Vec<(FuncId, String)>,
    /// `def pin_output(f): def wrapper(..): ..; return wrapper`: (the outer function, the
    /// nested function it returns).
    pub returned_functions: Vec<(FuncId, FuncId)>,
    /// Python generators: the functions with a `yield` (each once). A buffer yielded from
    /// inside a loop is a new one on every iteration, whoever asks for the generator.
    #[serde(default)]
    pub generators: Vec<FuncId>,
    /// Python functions that hand back project functions by name (`return [print_pose,
    /// partial(record_pose, log=log)]`): (function, the name handed back). A call of it
    /// handed to a callee that keeps the parameter (`CallSite::factory_args`) hands
    /// those over.
    #[serde(default)]
    pub returned_refs: Vec<(FuncId, String)>,
    /// Python `from a.b import f`: (`f`, `a.b`), leading dots of a relative import
    /// dropped. Name resolution prefers the `f` that module defines.
    pub imported: Vec<(String, String)>,
    /// Python `x = Cache(..)`, `self.cache = Cache(..)`, `x: Cache = ..`: (`x` or `cache`,
    /// `Cache`, whether the target was an attribute). Calls on the name are resolved to
    /// the class's methods (`self.cache.pin()` → `Cache.pin`).
    pub bindings: Vec<(String, String, bool)>,
    /// Python parameters annotated with a class (`def run(plan, service: CopyService)`):
    /// (`service`, `CopyService`). A call on one may reach the class's method or any
    /// subclass's override.
    pub typed_params: Vec<(String, String)>,
    /// Python registries of classes: a module-level dict, list or tuple of them (`OPS =
    /// {"cloud": CloudMask, "ndvi": Ndvi}`) or a class stored into a module-level name's
    /// slot (`OPS["x"] = XOp`): (registry, class). The index expands a registry's name,
    /// bound or constructed (`OPS[name](cfg)`), into its classes.
    pub registries: Vec<(String, String)>,
    /// Python functions that store what they are given into a registry's slot (`def
    /// register_stage(name): def deco(cls): STAGES[name] = cls`): (function, registry), for
    /// the function and those around it. A class decorated with one joins the registry.
    pub registering: Vec<(String, String)>,
    /// Python class decorators: (class, the decorator's last name), `@register_stage("x")
    /// class Detect` → (`Detect`, `register_stage`).
    pub class_decorators: Vec<(String, String)>,
    /// Python functions that return an object they make: (function, what makes it), a
    /// class (`return Pipeline(stages)`), a registry (`return OPS[name](cfg)`, `cls =
    /// STAGES[n]; return cls(cfg)`) or a project factory (`return make_op(cfg)`), by name;
    /// the index expands registries and factories into classes.
    pub returns: Vec<(FuncId, String)>,
    /// C family: the branches taken when a status compares unequal to success, as (the
    /// condition, the branch): `if (cudaHostRegister(p, ..) != cudaSuccess) { free(p); }`
    /// frees what never got registered; a call in the condition failed there.
    #[serde(default)]
    pub failure_branches: Vec<(Span, Span)>,
    /// C++ `T name(p)` in a function, with a type `T` the file does not know to own
    /// (`target` names it): `p` is handed to an owner if a header the file includes makes
    /// `T` an alias of one (see `frontend::owners_from_headers`); moved into `escapes` then.
    #[serde(default)]
    pub owner_candidates: Vec<Escape>,
    /// Python: the attributes called on `self` (`self.update(..)`) that the file's text
    /// assigns a call's value somewhere (`self.update = make_updater(..)`), whether or not the lazy parse
    /// read that item yet: such a call is the stored object's `__call__`.
    #[serde(default)]
    pub self_assigned: Vec<String>,
    /// Python `self.cache = cache` from a parameter: (function, parameter, attribute).
    /// A caller passing a `Cache` there binds the attribute to `Cache`.
    pub param_attrs: Vec<(FuncId, String, String)>,
    /// Python `self.cache = cache_cls(..)` calling a parameter: (function, parameter,
    /// attribute). A caller passing the class `SpillCache` there binds the attribute to it.
    pub param_factories: Vec<(FuncId, String, String)>,
    /// A parameter stored into a container the object or module keeps (`self.hooks[name] =
    /// fn`, `monitors_.push_back(std::move(fn))`): (function, parameter, the container's
    /// element key, `model::element_key`). The functions and lambdas callers pass there run
    /// where the container's elements are called (`for (auto& [n, fn] : hooks_) fn(t)`).
    pub param_elements: Vec<(FuncId, String, String)>,
    /// A lambda stored straight into such a container (`sinks_["preview"] = [this](..) {
    /// .. }`, `self.hooks["x"] = lambda f: ..`): (the lambda, the container's element key).
    pub lambda_elements: Vec<(FuncId, String)>,
    /// Rust: a factory's result pushed into a field's container (`b.hooks.push(
    /// hooks::bucket_histogram(bits))`): (the factory's name, the field's element key). The
    /// closures the factory returns (`returned_functions`) run where the elements are called.
    #[serde(default)]
    pub factory_elements: Vec<(String, String)>,
    /// Python functions named in a module's registry (`REWARDS = {"math": math_reward}`,
    /// `REWARDS["code"] = code_reward`): (the registry's element key, the function's
    /// name). With the functions a registering decorator keeps (`@verifier("code") def
    /// code_reward`, `FileModel::registering`), they run where the registry's elements are
    /// called (`REWARDS[name](x)`, `for fn in REWARDS.values(): fn(x)`).
    #[serde(default)]
    pub registered_functions: Vec<(String, String)>,
    /// Rust: functions an `extern` block declares (`extern "C" { fn sb_verify(..); }`),
    /// defined by the run's C, C++ or CUDA code with C linkage (`FileModel::exports`).
    #[serde(default)]
    pub foreign_functions: Vec<String>,
    /// Python functions decorated by a call (`@verifier("code") def code_reward`):
    /// (function, the called decorator's last name). A decorator that registers what it
    /// is given (`FileModel::registering`) keeps the function in its registry.
    #[serde(default)]
    pub decorator_calls: Vec<(FuncId, String)>,
    /// Python calls under a test that a size outgrew what an object holds (`if n >
    /// self.max_len or b > self.batch: self._reinitialize(n, b)`): (the call's span, the
    /// attributes compared). A callee that sets one of them again
    /// (`FileModel::member_sets`) grows the object: the call repeats only when a size
    /// beyond every earlier one comes.
    #[serde(default)]
    pub grow_calls: Vec<(Span, Vec<String>)>,
    /// Python attributes a method sets to a size (`self.max_len = max(self.max_len, n)`,
    /// `self.cap = need`): (function, attribute).
    #[serde(default)]
    pub member_sets: Vec<(FuncId, String)>,
    /// Python elements of a container handed to a hook registration: `_POOL.map(fn, xs)` in
    /// `for fn in fns` with `fns = [REWARDS[n] for n in names]`: (the registration's key,
    /// the container's element key). Each function kept there is passed.
    #[serde(default)]
    pub passed_elements: Vec<(String, String)>,
    /// Python containers holding another container's elements (`self.hooks = [HOOKS[n]
    /// for n in names]`, `self.steps = list(STEPS.values())`): (element key of the one
    /// filled, element key of the one read).
    #[serde(default)]
    pub element_aliases: Vec<(String, String)>,
    /// Python attributes holding one element of a container (`self.transform =
    /// TRANSFORMS[name]`): (class, attribute, the container's element key). A call
    /// `self.transform(x)` in a method of the class calls that element.
    #[serde(default)]
    pub element_attrs: Vec<(String, String, String)>,
    /// Functions whose return value says a catalog `pin_values` word (`return
    /// SingleDeviceSharding(dev, memory_kind="pinned_host")`): see `Event::pins_if`.
    pub pin_value_functions: Vec<String>,
    /// Integral constants visible file-wide: `#define`, `constexpr`/`const`, Python module constants.
    pub constants: HashMap<String, Expr>,
    /// Where local names go (Python): (function, name, destination).
    pub flows: Vec<(FuncId, String, FlowTo)>,
    /// Locals put into other locals (`both = (out, other)`, `alias = out`): (function,
    /// name, the local it goes into).
    pub aliases: Vec<(FuncId, String, String)>,
    /// Names and attributes a function sets back to empty (`self.buf = None`, `del
    /// self.buf`, Python), and where: what re-arms an allocate-once guard that tests them.
    pub resets: Vec<(FuncId, String, usize)>,
    /// Python: names and attributes the file steps by a constant (`self.global_step += 1`,
    /// `step += 1`): a value that differs on every pass, from the file's text.
    #[serde(default)]
    pub counters: Vec<String>,
    /// Names bound at a Python module's top level (or declared `global` in a function):
    /// what they hold outlives every call.
    pub module_names: Vec<String>,
    /// Defaults the file states for values a caller or a command line may override, by
    /// name: argparse's `add_argument("--batch-size", default=64)` (`batch_size`), a
    /// dataclass's or NamedTuple's `batch_size: int = 64`. With where each comes from
    /// (`--batch-size`, `TrainConfig.batch_size`).
    pub defaults: HashMap<String, (Expr, String)>,
    /// Functions this C-family file makes callable from Python, as (the name Python calls,
    /// the function's name): pybind11's `m.def("name", &fn)`, PyTorch's `m.impl("name",
    /// &fn)` (`torch.ops.ns.name(..)`), an `extern "C"` function (ctypes, cffi).
    pub exports: Vec<(String, String)>,
    /// Things the front end could not fully analyse, said to the user in `--verbose`.
    pub notes: Vec<String>,
}

impl FileModel {
    /// Drop the calls that can reach no function of the run: keep a call of a name
    /// `defined` says the run defines, and a call of what the run hands over or keeps (a
    /// parameter, `fn(arg)`; a container's element, `fn(t)` in `for fn in self.hooks`; an
    /// attribute holding a registry's element, `self.transform(x)` with `self.transform =
    /// TRANSFORMS[name]`).
    pub fn retain_reachable_calls(&mut self, language: Language, defined: impl Fn(&str) -> bool) {
        let element_attrs: std::collections::HashSet<&str> = self
            .element_attrs
            .iter()
            .map(|(_, a, _)| a.as_str())
            .collect();
        let (functions, loops) = (&self.functions, &self.loops);
        self.calls.retain(|c| {
            defined(&c.callee)
                || (c.receiver == Receiver::SelfRef && element_attrs.contains(c.callee.as_str()))
                || element_called(loops, c, language).is_some()
                || functions
                    .get(c.function)
                    .is_some_and(|f| f.params.iter().any(|(n, _)| *n == c.callee))
        });
    }

    /// The function that owns `f`'s code: a lambda belongs to the function it is written
    /// in (its calls resolve and its findings are named as that function's).
    pub fn owner(&self, f: FuncId) -> FuncId {
        let mut f = f;
        while let (FunctionKind::Lambda, Some(p)) =
            (self.functions[f].kind, self.functions[f].parent)
        {
            f = p;
        }
        f
    }

    /// Does `inner` run only in the failure branch of the status check around `call`
    /// (`if (alloc(&p, ..) != cudaSuccess) { ..inner.. }`)?
    pub fn on_failure_of(&self, call: Span, inner: Span) -> bool {
        self.failure_branches
            .iter()
            .any(|(cond, branch)| cond.contains(call) && branch.contains(inner))
    }

    /// The enclosing loops of a loop or event, innermost first.
    pub fn loop_chain(&self, innermost: Option<LoopId>) -> Vec<LoopId> {
        let mut chain = Vec::new();
        let mut cur = innermost;
        while let Some(id) = cur {
            chain.push(id);
            cur = self.loops[id].parent;
        }
        chain
    }
}

/// `ReqParamsManager` → `req_params_manager`.
pub fn snake_case(class: &str) -> String {
    let mut out = String::with_capacity(class.len() + 4);
    let chars: Vec<char> = class.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        if c.is_ascii_uppercase() {
            let after_lower = i > 0 && chars[i - 1].is_ascii_lowercase();
            let before_lower = i > 0 && chars.get(i + 1).is_some_and(|n| n.is_ascii_lowercase());
            if after_lower || (before_lower && chars[i - 1].is_ascii_uppercase()) {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// The variable a normalised pointer starts from: `bufs[i]` → `bufs`, `s.buf` → `s`.
pub fn root_name(pointer: &str) -> &str {
    let end = pointer
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(pointer.len());
    &pointer[..end]
}

#[cfg(test)]
mod snake_case_tests {
    #[test]
    fn class_names_become_attribute_names() {
        assert_eq!(
            super::snake_case("ReqSamplingParamsManager"),
            "req_sampling_params_manager"
        );
        assert_eq!(super::snake_case("HTTPServer"), "http_server");
        assert_eq!(super::snake_case("KVCache"), "kv_cache");
        assert_eq!(super::snake_case("pool"), "pool");
    }
}
