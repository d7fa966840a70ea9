//! The pinned-memory API catalog: data in `rules/catalog.toml`, embedded at build time.

use std::collections::HashMap;

use serde::Deserialize;

pub use crate::model::{ApiId, ApiKind};
use crate::model::{Language, Lifetime};

const BUILTIN: &str = include_str!("../rules/catalog.toml");
const ENTRY_POINTS: &str = include_str!("../rules/entry_points.toml");
const CONTEXT: &str = include_str!("../rules/context.toml");
const OWNERSHIP: &str = include_str!("../rules/ownership.toml");

/// Names that decide a site's context (`rules/context.toml`).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ContextNames {
    #[serde(default)]
    pub setup_functions: Vec<String>,
    #[serde(default)]
    pub init_functions: Vec<String>,
    #[serde(default)]
    pub main_functions: Vec<String>,
    #[serde(default)]
    pub device_names: Vec<String>,
    /// Names in a loop header that mean "one configured job per iteration" (`cfg.jobs`).
    #[serde(default)]
    pub job_names: Vec<String>,
    /// Calls that parse a configuration file (`yaml.safe_load`, `tomllib.load`,
    /// `toml::from_str`): a collection they return holds the program's jobs.
    #[serde(default)]
    pub config_parsers: Vec<String>,
    /// Functions and methods whose result shares the memory of their first argument or
    /// receiver (`np.frombuffer(raw)`, `from_address(ptr.value)`, `t.view(..)`): a view of a
    /// pinned buffer returned or stored takes the buffer with it.
    #[serde(default)]
    pub view_functions: Vec<String>,
    /// Calls whose entries never repeat (`glob`, `iterdir`, `read_dir`): a loop over one
    /// gets a new entry each iteration (`Loop::distinct`).
    #[serde(default)]
    pub distinct_sources: Vec<String>,
    #[serde(default)]
    pub count_names: Vec<String>,
    #[serde(default)]
    pub last_error_functions: Vec<String>,
    #[serde(default)]
    pub success_values: Vec<String>,
    #[serde(default)]
    pub state_change_functions: Vec<String>,
    #[serde(default)]
    pub test_folders: Vec<String>,
    #[serde(default)]
    pub test_files: Vec<String>,
    #[serde(default)]
    pub test_functions: Vec<String>,
    #[serde(default)]
    pub assertion_macros: Vec<String>,
    /// Library checking macros that throw when their check fails (`TORCH_CHECK`).
    #[serde(default)]
    pub throwing_macros: Vec<String>,
    #[serde(default)]
    pub vendored_folders: Vec<String>,
    #[serde(default)]
    pub memoising_decorators: Vec<String>,
    /// Words that name a value new for every item or request (`timestamp`, `request_id`):
    /// a cache keyed by one never hits.
    #[serde(default)]
    pub fresh_keys: Vec<String>,
    #[serde(default)]
    pub thread_starters: Vec<String>,
    /// Python methods that run what they are an attribute of (Ray's `f.remote(x)`).
    #[serde(default)]
    pub deferred_calls: Vec<String>,
    /// Rust calls that run the closure they are handed once (`spawn_blocking(move || ..)`).
    #[serde(default)]
    pub closure_runners: Vec<String>,
    /// Python decorators registering a function run once at a server's start-up
    /// (`on_event:startup` for `@app.on_event("startup")`).
    #[serde(default)]
    pub startup_decorators: Vec<String>,
    /// Python attributes and keywords holding the functions a server runs once at
    /// start-up (`app.on_startup.append(f)`, `Starlette(on_startup=[f])`).
    #[serde(default)]
    pub startup_lists: Vec<String>,
}

/// Who owns a pinned buffer and what ends it (`rules/ownership.toml`).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OwnershipNames {
    #[serde(default)]
    pub owner_types: Vec<String>,
    #[serde(default)]
    pub host_free_functions: Vec<String>,
    #[serde(default)]
    pub owning_containers: Vec<String>,
    #[serde(default)]
    pub reallocating_methods: Vec<String>,
    #[serde(default)]
    pub release_methods: Vec<String>,
    #[serde(default)]
    pub out_pointer_wrappers: Vec<String>,
    /// Python calls that reinterpret a pointer (`ctypes.c_void_p(arr.ctypes.data)`,
    /// `ctypes.cast(p, T)`): the buffer is their first argument.
    #[serde(default)]
    pub pointer_casts: Vec<String>,
    /// Rust macros that return from the function with an error (`bail!`), by their last
    /// name.
    #[serde(default)]
    pub returning_macros: Vec<String>,
    /// Rust macros that return with an error when their first argument is false
    /// (`ensure!`).
    #[serde(default)]
    pub checking_macros: Vec<String>,
    /// Python calls that copy their argument into device memory and return the copy
    /// (`cuda.to_device(buf)`, `jax.device_put(buf)`): storing what they return keeps the
    /// copy, not the host buffer.
    #[serde(default)]
    pub device_copies: Vec<String>,
    /// libtorch calls that take pinned `TensorOptions` for memory they are given
    /// (`at::from_blob(p, shape, deleter, opts)`): they pin nothing.
    #[serde(default)]
    pub borrowing_factories: Vec<String>,
    #[serde(default, rename = "finalizer")]
    pub finalizers: Vec<Finalizer>,
}

/// A call that runs a function later with the arguments after it (`weakref.finalize`).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Finalizer {
    pub name: String,
    pub function_arg: usize,
}

impl OwnershipNames {
    /// Does a type spelled `text` own what it is given?
    pub fn is_owner_type(&self, text: &str) -> bool {
        self.owner_types.iter().any(|o| text.contains(o.as_str()))
    }

    /// Is `name` (a type's last name, `std::` dropped) a container owning its storage?
    pub fn is_owning_container(&self, name: &str) -> bool {
        self.owning_containers.iter().any(|c| c == name)
    }

    /// Does a method named `name` tear its object down (`~T` always does)?
    pub fn is_release_method(&self, name: &str) -> bool {
        name.starts_with('~') || any_glob(&self.release_methods, name)
    }

    /// Where a call named `name` takes the function it will run, if it is a finalizer.
    pub fn finalizer_arg(&self, name: &str) -> Option<usize> {
        self.finalizers
            .iter()
            .find(|f| f.name == name)
            .map(|f| f.function_arg)
    }
}

impl ContextNames {
    /// Is `name` where a program's one-time set-up runs (`main`, `<module>`)?
    pub fn is_main_name(&self, name: &str) -> bool {
        any_glob(&self.main_functions, name)
    }

    /// Does a decorator named `name` (its last name) memoise the function?
    pub fn is_memoising(&self, name: &str) -> bool {
        self.memoising_decorators.iter().any(|d| d == name)
    }

    /// Does a call named `name` start a thread or process that runs the function it is given?
    pub fn is_thread_starter(&self, name: &str) -> bool {
        self.thread_starters.iter().any(|d| d == name)
    }

    /// Does a decorator named `name`, called with `arg` as its first argument (a string's
    /// contents) or with none, register a start-up hook (`@app.on_event("startup")`)?
    pub fn is_startup_decorator(&self, name: &str, arg: Option<&str>) -> bool {
        self.startup_decorators
            .iter()
            .any(|d| match d.split_once(':') {
                Some((n, a)) => n == name && arg == Some(a),
                None => d == name,
            })
    }

    /// Does the attribute or keyword `name` hold start-up functions (`on_startup`)?
    pub fn is_startup_list(&self, name: &str) -> bool {
        self.startup_lists.iter().any(|d| d == name)
    }

    /// Does a Rust call named `name` run the closure it is handed once (`spawn_blocking`)?
    pub fn is_closure_runner(&self, name: &str) -> bool {
        self.closure_runners.iter().any(|d| d == name)
    }

    /// Does a method named `name` run what it is an attribute of (`f.remote(x)`)?
    pub fn is_deferred_call(&self, name: &str) -> bool {
        self.deferred_calls.iter().any(|d| d == name)
    }
}

impl ContextNames {
    /// Is `name` setup-like? Case-insensitively, so that C++'s `InitBuffers` and
    /// `CreateStore` match `init*` and `create*` like Python's `init_buffers`; a private
    /// helper's leading underscores do not count (`_load_ckpt` is `load*`).
    pub fn is_setup_name(&self, name: &str) -> bool {
        any_glob(&self.setup_functions, name) || any_glob(&self.setup_functions, private(name))
    }

    /// [`is_setup_name`](Self::is_setup_name) in `language`: C has no namespaces, so C,
    /// C++ and CUDA names often start with the project's (`flux_create_shm_list`,
    /// `ncclInitComm`); a name whose first word is such a prefix counts by the rest.
    pub fn is_setup_name_in(&self, name: &str, language: Language) -> bool {
        if self.is_setup_name(name) {
            return true;
        }
        if !matches!(language, Language::C | Language::Cpp | Language::Cuda) {
            return false;
        }
        let snake = crate::model::snake_case(private(name));
        snake.split_once('_').is_some_and(|(prefix, rest)| {
            is_prefix_word(prefix) && rest.contains('_') && self.is_setup_name(rest)
        })
    }

    /// Does `name` initialise one object (`init_plan`, `initialize`, `create_stream`)?
    pub fn is_init_name(&self, name: &str) -> bool {
        any_glob(&self.init_functions, name) || any_glob(&self.init_functions, private(name))
    }

    /// Is the identifier `name` a configuration or its jobs (`cfg`, `jobs`: `job_names`)?
    pub fn is_job_name(&self, name: &str) -> bool {
        self.job_names.iter().any(|j| j.eq_ignore_ascii_case(name))
    }

    /// Does the call of `callee` on `receiver` parse a configuration file (`yaml.safe_load`,
    /// `toml::from_str`: `config_parsers`)?
    pub fn parses_config(&self, callee: &str, receiver: &crate::model::Receiver) -> bool {
        use crate::model::Receiver;
        let (Receiver::Module(r) | Receiver::Name(r)) = receiver else {
            return false;
        };
        self.config_parsers.iter().any(|p| {
            p.rsplit_once(['.', ':'])
                .is_some_and(|(m, f)| f == callee && m.trim_end_matches(':') == r)
        })
    }

    /// Is one of the words of `name` (split at `_`, `::`, `.` and case changes) a job name:
    /// a call named for a configuration (`load_config`, `Config::load`, `readSettings`)?
    pub fn names_job(&self, name: &str) -> bool {
        name.split(|c: char| !c.is_ascii_alphanumeric())
            .flat_map(split_camel)
            .any(|w| self.is_job_name(w))
    }

    /// Is `name` (a name, attribute or call: `core->get_global_gpu_count()`) a count of
    /// devices, streams or processes, by its last identifier?
    pub fn is_count(&self, name: &str) -> bool {
        let last = name
            .trim_end_matches("()")
            .rsplit(['.', '>', ':'])
            .next()
            .unwrap_or(name);
        !last.is_empty()
            && last.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
            && any_glob(&self.count_names, last)
    }

    /// Is `name` a test assertion that leaves the test when it fails (`ASSERT_EQ`)?
    pub fn is_assertion(&self, name: &str) -> bool {
        any_glob(&self.assertion_macros, name)
    }

    /// Is `name` a library checking macro that throws when its check fails?
    pub fn is_throwing_macro(&self, name: &str) -> bool {
        any_glob(&self.throwing_macros, name)
    }

    /// Is `name` what a long-running loop calls on a state change (`reset`, `reinit_*`)?
    pub fn is_state_change(&self, name: &str) -> bool {
        any_glob(&self.state_change_functions, name)
    }
}

/// A project or library prefix: a short lower-case word of letters (`flux`, `nccl`, `hip`).
fn is_prefix_word(word: &str) -> bool {
    (2..=6).contains(&word.len()) && word.bytes().all(|b| b.is_ascii_lowercase())
}

/// `name` without the leading underscores of a private helper (`_load_ckpt`); a dunder
/// name (`__init__`) stays as it is.
fn private(name: &str) -> &str {
    if name.ends_with("__") {
        name
    } else {
        name.trim_start_matches('_')
    }
}

/// Does any pattern match `name`, ignoring case, or its snake-case form (`InitBuffers` is
/// `init_buffers`)?
fn any_glob(patterns: &[String], name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    let snake = crate::model::snake_case(name);
    patterns.iter().any(|p| {
        let p = p.to_ascii_lowercase();
        glob(&p, &lower) || glob(&p, &snake)
    })
}

/// Which measured ratio prices an API.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TaxClass {
    Alloc,
    Register,
}

/// How a call is recognised in source.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MatchKind {
    /// A call whose callee's last name is the API name (`f(..)`, `ns::f(..)`, `m.f(..)`).
    #[default]
    Call,
    /// A method call `<expr>.name(..)` on any receiver.
    Method,
    /// A call of `name(..)` that passes `pin_memory=True`.
    PinKwarg,
    /// (C, C++, CUDA) An object declared or constructed with a type that names the API:
    /// the type itself (`HostMem m(rows, cols, t);`) or a template argument after the
    /// first (an allocator or memory space: `host_vector<float, pinned_allocator<float>>
    /// h(n);`). The first template argument is the element type of `count_arg`. An object
    /// constructed without arguments, or only with the type's own constants
    /// (`HostMem m(HostMem::SHARED)`), or without its `count_arg`, allocates nothing.
    Type,
    /// A call of `name(..)` one of whose arguments says one of `pin_values` (a pinned
    /// device or memory kind), directly or through a variable the file sets to it.
    PinArg,
}

/// One catalog entry as written in TOML (one or several names sharing a description).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawEntry {
    name: Option<String>,
    #[serde(default)]
    names: Vec<String>,
    languages: Vec<String>,
    kind: ApiKind,
    #[serde(default, rename = "match")]
    match_kind: MatchKind,
    tax_class: Option<TaxClass>,
    size_arg: Option<usize>,
    size_kwarg: Option<String>,
    shape_arg: Option<usize>,
    shape_kwarg: Option<String>,
    #[serde(default)]
    shape_varargs: bool,
    dtype_arg: Option<usize>,
    dtype_kwarg: Option<String>,
    default_dtype: Option<String>,
    /// 0-based index of an element count whose element type is the call's generic
    /// argument (`alloc_pinned::<f32>(n)`).
    count_arg: Option<usize>,
    /// 0-based index of the data a tensor is made from (`torch.tensor([1, 2, 3])`): a
    /// literal number or (nested) list sizes it.
    data_arg: Option<usize>,
    pointer_arg: Option<usize>,
    /// A ctypes-style call of the C function (`cuda.cuMemHostAlloc(ctypes.byref(p), n, 0)`):
    /// when this argument is an out-pointer wrapper, it holds the buffer ...
    out_pointer_arg: Option<usize>,
    /// ... and this one the byte count.
    out_size_arg: Option<usize>,
    #[serde(default)]
    released_by: Vec<String>,
    /// Releases that work on this memory but are not its documented pair (`hipFree` on
    /// `hipHostMalloc` memory): the buffer counts as released, and an info says so.
    #[serde(default)]
    also_released_by: Vec<String>,
    /// A release named only to pair with an allocation (`hipFree`): never by itself a
    /// reason to read a file.
    #[serde(default)]
    pairs_only: bool,
    /// The text a file must contain for the API to be looked for, where its name alone is
    /// a common word (`cuda.pinned` for Numba's `pinned`).
    #[serde(default)]
    needle: Option<String>,
    /// Served by PyTorch's caching host allocator (power-of-two blocks kept after free).
    #[serde(default)]
    caching: bool,
    #[serde(default)]
    summary: String,
    /// `match = "pin-arg"`: the words that make a call pin (`pinned_host`, `kDLCUDAHost`).
    #[serde(default)]
    pin_values: Vec<String>,
    /// `match = "pin-arg"`: the pinned value may also come from a project function that
    /// returns one (`jax.device_put(x, host_sharding())`; `Event::pins_if`).
    #[serde(default)]
    values_from_calls: bool,
    /// Only a call on an object of one of these types counts (`mr.allocate(n)` where `mr`
    /// is a `pinned_memory_resource`): the receiver spells the type (a temporary or a
    /// static call), or a statement of the file declares it with one.
    #[serde(default)]
    receiver_types: Vec<String>,
    /// A receiver whose declaring statement also names one of these is a pool that
    /// sub-allocates from a pinned upstream (`pool_memory_resource<pinned_memory_resource>`):
    /// its `allocate` pins nothing.
    #[serde(default)]
    receiver_pools: Vec<String>,
    /// `match = "type"`: a type whose template arguments also name one of these wraps
    /// memory it does not own and allocates nothing (Kokkos's
    /// `MemoryTraits<Kokkos::Unmanaged>`).
    #[serde(default)]
    unless_type_args: Vec<String>,
    /// The API lives in a namespace or class: a qualified call (`cv::cuda::f(..)`) is the
    /// API itself, not a project's wrapper of the same name.
    #[serde(default)]
    namespaced: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCatalog {
    api: Vec<RawEntry>,
}

/// Where a call's pinned size comes from.
#[derive(Clone, Debug, PartialEq)]
pub enum SizeSpec {
    None,
    /// A byte count, positional and/or keyword.
    Bytes {
        arg: Option<usize>,
        kwarg: Option<String>,
    },
    /// An element count times the size of the call's generic type argument.
    Count {
        arg: usize,
        /// The count is the product of every positional argument from `arg` on
        /// (`View<double**, S> v("v", rows, cols)`).
        varargs: bool,
    },
    /// The data literal at `arg` (a number or a nested list of numbers): its element
    /// count times the dtype's size (`dtype=`, else float32 if any number is a float, else
    /// int64).
    Data {
        arg: usize,
        dtype_kwarg: String,
    },
    /// An array shape times the dtype's element size.
    Shape {
        arg: Option<usize>,
        kwarg: Option<String>,
        /// Shape given as separate positional ints from `arg` on (`torch.empty(2, 3)`).
        varargs: bool,
        dtype_arg: Option<usize>,
        dtype_kwarg: String,
        default_dtype: Option<String>,
    },
}

/// One API, resolved.
#[derive(Clone, Debug)]
pub struct Api {
    pub name: String,
    pub languages: Vec<Language>,
    pub kind: ApiKind,
    pub match_kind: MatchKind,
    pub tax_class: TaxClass,
    pub size: SizeSpec,
    pub pointer_arg: Option<usize>,
    /// A ctypes-style call (`f(ctypes.byref(p), n)`): the out-pointer's and the size's positions.
    pub out_pointer: Option<(usize, Option<usize>)>,
    pub released_by: Vec<String>,
    /// Releases that work but are not the documented pair.
    pub also_released_by: Vec<String>,
    /// A release that only pairs: not a needle of the prefilter.
    pub pairs_only: bool,
    /// What the prefilter looks for instead of the name (`needle` in the catalog).
    pub needle: Option<String>,
    /// Served by PyTorch's caching host allocator: requests round up to a power of two
    /// and freed blocks stay pinned in the cache.
    pub caching: bool,
    pub summary: String,
    /// `match = "pin-arg"`: the words that make a call pin.
    pub pin_values: Vec<String>,
    /// ... or a project function returning one of them, called among its arguments.
    pub values_from_calls: bool,
    /// Only calls on objects of these types count.
    pub receiver_types: Vec<String>,
    /// ... unless the receiver is declared as one of these pools over such an object.
    pub receiver_pools: Vec<String>,
    /// A type whose template arguments name one of these allocates nothing.
    pub unless_type_args: Vec<String>,
    /// A qualified call is the API itself.
    pub namespaced: bool,
}

impl Api {
    /// An API with a release call hands out raw memory that lives until that call;
    /// the others return objects (tensors, arrays) freed with their last reference.
    pub fn lifetime(&self) -> Lifetime {
        if self.released_by.is_empty() {
            Lifetime::Scoped
        } else {
            Lifetime::Manual
        }
    }
}

/// Functions that run once per sample or batch (GT201), from `rules/entry_points.toml`.
/// How a front end records a function a route decorator registers
/// (`passed_functions` key `@post` for `@app.post("/tts")`).
pub const ROUTE_PREFIX: &str = "@";

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EntryPoints {
    pub module_bases: Vec<String>,
    #[serde(default, rename = "entry")]
    pub entries: Vec<Entry>,
    #[serde(default, rename = "keyword")]
    pub keywords: Vec<KeywordEntry>,
    /// Calls that register the functions passed to them positionally as callbacks
    /// (`t.register_hook(f)`, `saved_tensors_hooks(pack, unpack)`).
    #[serde(default, rename = "hook")]
    pub hooks: Vec<KeywordEntry>,
    /// C, C++, CUDA and HIP calls that register the functions named among their arguments
    /// as callbacks run once per event (`cudaLaunchHostFunc(s, fn, data)`,
    /// `PoolAllocatorNew(alloc_fn, release_fn)`).
    #[serde(default, rename = "callback")]
    pub callbacks: Vec<CallbackEntry>,
    /// Python decorators that register the function as a web route handler when called
    /// with a path (`@app.post("/tts")`, `@routes.get("/v1")`, `@bp.route("/x")`).
    #[serde(default, rename = "route")]
    pub routes: Vec<CallbackEntry>,
    /// Python decorators that hand the function to a framework that runs it once per
    /// message or task (Celery's `@app.task`, `@shared_task`), with or without arguments.
    #[serde(default, rename = "decorator")]
    pub decorators: Vec<DecoratorEntry>,
}

impl EntryPoints {
    /// Why a function passed under `key` (a keyword, or a hook-registering call's name)
    /// runs per batch, if it does.
    pub fn passed_reason(&self, key: &str, language: Language) -> Option<String> {
        if let Some(method) = key.strip_prefix(ROUTE_PREFIX) {
            return self
                .routes
                .iter()
                .find(|r| {
                    r.applies_to(language, Language::Python) && r.names.iter().any(|n| n == method)
                })
                .map(|r| r.reason.replace("{call}", method))
                .or_else(|| {
                    self.decorators
                        .iter()
                        .find(|d| d.names.iter().any(|n| n == method))
                        .map(|d| d.reason.clone())
                });
        }
        self.keywords
            .iter()
            .chain(&self.hooks)
            .find(|k| k.name == key)
            .map(|k| k.reason.clone())
    }

    /// Is `name` a `[[keyword]]` entry's (`collate_fn`, `on_message`)?
    pub fn is_keyword(&self, name: &str) -> bool {
        self.keywords.iter().any(|k| k.name == name)
    }

    /// Is a Python decorator named `name` (its last name; `attribute`: written as
    /// `@app.task`, not `@task`) one whose function a framework runs per message or task?
    pub fn is_task_decorator(&self, name: &str, attribute: bool) -> bool {
        self.decorators.iter().any(|d| {
            d.languages.is_empty()
                && (attribute || !d.attribute)
                && d.names.iter().any(|n| n == name)
        })
    }

    /// Is `path` (`tonic::async_trait`) an attribute that hands the methods of the Rust
    /// `impl` block it marks to a framework that runs each once per request?
    pub fn is_impl_decorator(&self, path: &str) -> bool {
        self.decorators
            .iter()
            .any(|d| d.languages.contains(&Language::Rust) && d.names.iter().any(|n| n == path))
    }

    /// Is `method` a route decorator's (or, in Rust, a route attribute's) name for
    /// `language` (`post` of `@app.post("/tts")`, of `#[post("/encode")]`)?
    pub fn is_route(&self, method: &str, language: Language) -> bool {
        self.routes.iter().any(|r| {
            r.applies_to(language, Language::Python) && r.names.iter().any(|n| n == method)
        })
    }

    /// The first `[[callback]]` entry for `language` whose names or patterns match `call`.
    fn callback(&self, call: &str, language: Language) -> Option<&CallbackEntry> {
        self.callbacks.iter().find(|c| {
            c.applies_to(language, Language::C)
                && (c.names.iter().any(|n| n == call) || c.patterns.iter().any(|p| glob(p, call)))
        })
    }

    /// Does a call of `call` in `language` register the functions named among its
    /// arguments as callbacks (`cudaLaunchHostFunc(s, fn, data)`, axum's `post(h)`)?
    pub fn is_callback(&self, call: &str, language: Language) -> bool {
        self.callback(call, language).is_some()
    }

    /// Why a function named among the arguments of a call of `call` runs per event, if it
    /// does: the matching entry's reason, its `{call}` replaced by the call's name.
    pub fn callback_reason(&self, call: &str, language: Language) -> Option<String> {
        self.callback(call, language)
            .map(|c| c.reason.replace("{call}", call))
    }

    pub fn is_hook(&self, call: &str) -> bool {
        self.hooks.iter().any(|h| h.name == call)
    }

    /// Is a call of `call` (a method call when `method`) a hook's?
    pub fn is_hook_call(&self, call: &str, method: bool) -> bool {
        self.hooks
            .iter()
            .any(|h| h.name == call && (method || !h.method))
    }
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    #[serde(default)]
    pub names: Vec<String>,
    #[serde(default)]
    pub patterns: Vec<String>,
    #[serde(default)]
    pub in_class: bool,
    #[serde(default)]
    pub module_method: bool,
    /// Only methods of a class deriving (in its file, at any depth) from a base whose
    /// name one of these matches (`*Transform`, `EnvBase`).
    #[serde(default)]
    pub bases: Vec<String>,
    /// Only methods of a class whose own name one of these matches (`*MetadataBuilder`).
    #[serde(default)]
    pub classes: Vec<String>,
    /// Only where nothing in the run calls the function (an engine drives it by name, or
    /// from code outside the tree): a visible caller decides otherwise.
    #[serde(default)]
    pub uncalled: bool,
    /// The languages whose functions the entry names; none given: Python.
    #[serde(default)]
    pub languages: Vec<Language>,
    pub reason: String,
}

impl Entry {
    pub fn matches_name(&self, name: &str) -> bool {
        self.names.iter().any(|n| n == name) || self.patterns.iter().any(|p| glob(p, name))
    }

    pub fn applies_to(&self, language: Language) -> bool {
        if self.languages.is_empty() {
            language == Language::Python
        } else {
            self.languages.contains(&language)
        }
    }
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CallbackEntry {
    #[serde(default)]
    pub names: Vec<String>,
    #[serde(default)]
    pub patterns: Vec<String>,
    /// The languages whose calls (or attributes) it names; none given: the C family for a
    /// `[[callback]]`, Python for a `[[route]]`.
    #[serde(default)]
    pub languages: Vec<Language>,
    pub reason: String,
}

impl CallbackEntry {
    /// Does the entry apply to `language`? `default` stands for the table's own default
    /// (`Language::C` for the whole C family).
    fn applies_to(&self, language: Language, default: Language) -> bool {
        if !self.languages.is_empty() {
            return self.languages.contains(&language);
        }
        match default {
            Language::C => matches!(language, Language::C | Language::Cpp | Language::Cuda),
            other => language == other,
        }
    }
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DecoratorEntry {
    pub names: Vec<String>,
    /// Only written on an object (`@app.task`, `@celery.task(bind=True)`): a bare `@task`
    /// is another library's (invoke's command-line tasks run once).
    #[serde(default)]
    pub attribute: bool,
    /// None: Python decorators. `rust`: attributes of an `impl` block, by their path as
    /// written (`tonic::async_trait`), whose methods the framework runs.
    #[serde(default)]
    pub languages: Vec<Language>,
    pub reason: String,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KeywordEntry {
    pub name: String,
    pub reason: String,
    /// A hook only as a method call (`pool.map(f, xs)`), not as a free function of the
    /// name (the builtin `map`).
    #[serde(default)]
    pub method: bool,
}

/// Shell-style wildcards (`*_collate`); an invalid pattern matches nothing. Compiled
/// patterns are cached per thread: rules ask about the same few patterns for every site.
pub fn glob(pattern: &str, name: &str) -> bool {
    if !pattern.contains(['*', '?', '[']) {
        return pattern == name;
    }
    thread_local! {
        static CACHE: std::cell::RefCell<HashMap<String, Option<globset::GlobMatcher>>> =
            std::cell::RefCell::new(HashMap::new());
    }
    CACHE.with(|cache| {
        let mut cache = cache.borrow_mut();
        let matcher = cache.entry(pattern.to_string()).or_insert_with(|| {
            globset::Glob::new(pattern)
                .ok()
                .map(|g| g.compile_matcher())
        });
        matcher.as_ref().is_some_and(|m| m.is_match(name))
    })
}

#[derive(Clone, Debug, Default)]
pub struct Catalog {
    pub apis: Vec<Api>,
    pub entry_points: EntryPoints,
    pub context: ContextNames,
    pub ownership: OwnershipNames,
    /// name → the (language, match kind) pairs it is known under.
    index: HashMap<String, Vec<(Language, MatchKind, ApiId)>>,
}

impl Catalog {
    /// The catalog shipped in the binary. It is checked by the test suite, so a failure
    /// here is a build defect, not user input.
    pub fn builtin() -> Catalog {
        let mut catalog = match Catalog::parse(BUILTIN) {
            Ok(c) => c,
            Err(e) => panic!("built-in rules/catalog.toml is invalid: {e}"),
        };
        catalog.entry_points = match toml::from_str(ENTRY_POINTS) {
            Ok(e) => e,
            Err(e) => panic!("built-in rules/entry_points.toml is invalid: {e}"),
        };
        catalog.context = match toml::from_str(CONTEXT) {
            Ok(c) => c,
            Err(e) => panic!("built-in rules/context.toml is invalid: {e}"),
        };
        catalog.ownership = match toml::from_str(OWNERSHIP) {
            Ok(c) => c,
            Err(e) => panic!("built-in rules/ownership.toml is invalid: {e}"),
        };
        catalog
    }

    pub fn parse(text: &str) -> Result<Catalog, String> {
        let raw: RawCatalog = toml::from_str(text).map_err(|e| e.to_string())?;
        let mut catalog = Catalog::default();
        for entry in raw.api {
            catalog.add(entry)?;
        }
        Ok(catalog)
    }

    pub fn add(&mut self, e: RawEntry) -> Result<(), String> {
        let mut names = e.names.clone();
        names.extend(e.name.clone());
        if names.is_empty() {
            return Err("an [[api]] entry needs `name` or `names`".into());
        }
        let languages = e
            .languages
            .iter()
            .map(|l| {
                Language::from_name(l).ok_or_else(|| {
                    format!("unknown language `{l}` (expected python, c, cpp, cuda or rust)")
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let tax_class = e.tax_class.unwrap_or(match e.kind {
            ApiKind::Register | ApiKind::Unregister => TaxClass::Register,
            _ => TaxClass::Alloc,
        });
        let size = if let Some(arg) = e.count_arg {
            SizeSpec::Count {
                arg,
                varargs: e.shape_varargs,
            }
        } else if let Some(arg) = e.data_arg {
            SizeSpec::Data {
                arg,
                dtype_kwarg: e.dtype_kwarg.clone().unwrap_or_else(|| "dtype".into()),
            }
        } else if e.shape_arg.is_some() || e.shape_kwarg.is_some() {
            SizeSpec::Shape {
                arg: e.shape_arg,
                kwarg: e.shape_kwarg.clone(),
                varargs: e.shape_varargs,
                dtype_arg: e.dtype_arg,
                dtype_kwarg: e.dtype_kwarg.clone().unwrap_or_else(|| "dtype".into()),
                default_dtype: e.default_dtype.clone(),
            }
        } else if e.size_arg.is_some() || e.size_kwarg.is_some() {
            SizeSpec::Bytes {
                arg: e.size_arg,
                kwarg: e.size_kwarg.clone(),
            }
        } else {
            SizeSpec::None
        };
        for name in names {
            let id = self.apis.len();
            let slots = self.index.entry(name.clone()).or_default();
            for &lang in &languages {
                // A later entry (a user's) overrides an earlier one for the same call shape.
                slots.retain(|&(l, m, _)| (l, m) != (lang, e.match_kind));
                slots.push((lang, e.match_kind, id));
            }
            self.apis.push(Api {
                name,
                languages: languages.clone(),
                kind: e.kind,
                match_kind: e.match_kind,
                tax_class,
                size: size.clone(),
                pointer_arg: e.pointer_arg,
                out_pointer: e.out_pointer_arg.map(|p| (p, e.out_size_arg)),
                released_by: e.released_by.clone(),
                also_released_by: e.also_released_by.clone(),
                pairs_only: e.pairs_only,
                needle: e.needle.clone(),
                caching: e.caching,
                summary: e.summary.clone(),
                pin_values: e.pin_values.clone(),
                values_from_calls: e.values_from_calls,
                receiver_types: e.receiver_types.clone(),
                receiver_pools: e.receiver_pools.clone(),
                unless_type_args: e.unless_type_args.clone(),
                namespaced: e.namespaced,
            });
        }
        Ok(())
    }

    /// The factory a project's own one stands for when given pinned options (libtorch's
    /// `empty_uninitialized(shape, opts)`): the language's first `pin-kwarg` allocation
    /// sized by a shape in its first argument (`at::empty`).
    pub fn shaped_factory(&self, lang: Language) -> Option<ApiId> {
        self.apis.iter().position(|a| {
            a.match_kind == MatchKind::PinKwarg
                && a.kind == ApiKind::Alloc
                && a.languages.contains(&lang)
                && matches!(a.size, SizeSpec::Shape { arg: Some(0), .. })
        })
    }

    pub fn lookup(&self, lang: Language, how: MatchKind, name: &str) -> Option<ApiId> {
        self.index
            .get(name)?
            .iter()
            .find(|&&(l, m, _)| l == lang && m == how)
            .map(|&(_, _, id)| id)
    }

    /// Every literal that can reveal a catalog call; the prefilter scans for these.
    pub fn needles(&self) -> Vec<String> {
        let mut out: Vec<String> = self
            .apis
            .iter()
            // A call that pins only when given a pinned device, or only on a pinned
            // resource, is revealed by those words.
            .flat_map(|a| a.pin_values.iter().chain(&a.receiver_types).cloned())
            .collect();
        out.extend(
            self.apis
                .iter()
                .filter(|a| a.pin_values.is_empty() && a.receiver_types.is_empty() && !a.pairs_only)
                .map(|a| match (&a.needle, a.match_kind) {
                    (Some(needle), _) => needle.clone(),
                    // Factories only pin through the keyword (Python) or the options (libtorch),
                    // which are rarer than their names.
                    (_, MatchKind::PinKwarg) if a.languages.contains(&Language::Python) => {
                        "pin_memory".to_string()
                    }
                    (_, MatchKind::PinKwarg) => "pinned_memory".to_string(),
                    // `LockedBuffer::new` may be written `LockedBuffer::<f32>::new`.
                    _ => a.name.split("::").next().unwrap_or(&a.name).to_string(),
                }),
        );
        // Suppression comments are parsed too, so stale ones can be reported (GT900).
        out.push("ghosttax:".to_string());
        out.sort();
        out.dedup();
        out
    }

    /// Does releasing with `release` undo `api`?
    pub fn releases(&self, api: ApiId, release: ApiId) -> bool {
        let a = &self.apis[api];
        let name = &self.apis[release].name;
        a.released_by
            .iter()
            .chain(&a.also_released_by)
            .any(|n| n == name)
    }
}

/// `loadConfig` → `load`, `Config`; `JobSpec` → `Job`, `Spec`.
fn split_camel(word: &str) -> impl Iterator<Item = &str> {
    let mut cuts: Vec<usize> = word
        .char_indices()
        .filter(|&(i, c)| i > 0 && c.is_ascii_uppercase())
        .map(|(i, _)| i)
        .collect();
    cuts.push(word.len());
    let mut start = 0;
    cuts.into_iter().map(move |end| {
        let w = &word[start..end];
        start = end;
        w
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_of_devices_and_processes_match_on_the_last_identifier() {
        let names = Catalog::builtin().context;
        assert!(names.is_count("num_procs"));
        assert!(names.is_count("cfg.num_procs"));
        assert!(names.is_count("core->get_global_gpu_count()"));
        assert!(names.is_count("world_size"));
        assert!(!names.is_count("num_procs_per_slot * 2"));
        assert!(!names.is_count("batch_size"));
        assert!(!names.is_count("sizeof(offset_t)"));
    }

    #[test]
    fn builtin_catalog_parses_and_names_the_issue_apis() {
        let c = Catalog::builtin();
        for name in [
            "cudaMallocHost",
            "cudaHostAlloc",
            "cudaFreeHost",
            "cudaHostRegister",
            "cudaHostUnregister",
            "cuMemAllocHost",
            "cuMemAllocHost_v2",
            "cuMemHostAlloc",
            "cuMemFreeHost",
            "cuMemHostRegister",
            "cuMemHostRegister_v2",
            "cuMemHostUnregister",
            "hipHostMalloc",
            "hipHostFree",
            "hipHostRegister",
            "hipHostUnregister",
        ] {
            assert!(
                c.lookup(Language::Cuda, MatchKind::Call, name).is_some(),
                "{name}"
            );
            assert!(
                c.lookup(Language::Cpp, MatchKind::Call, name).is_some(),
                "{name}"
            );
        }
        let pin = c.lookup(Language::Python, MatchKind::Method, "pin_memory");
        assert_eq!(pin.map(|id| c.apis[id].kind), Some(ApiKind::PinCopy));
        let reg = c.lookup(Language::Cuda, MatchKind::Call, "cudaHostRegister");
        let unreg = c.lookup(Language::Cuda, MatchKind::Call, "cudaHostUnregister");
        assert!(c.releases(reg.unwrap_or(0), unreg.unwrap_or(0)));
    }

    #[test]
    fn library_types_pin_args_and_pinned_receivers_are_catalogued() {
        let c = Catalog::builtin();
        for name in [
            "HostMem",
            "pinned_allocator",
            "universal_host_pinned_vector",
            "CudaHostPinnedSpace",
            "HIPHostPinnedSpace",
            "SharedHostPinnedSpace",
        ] {
            assert!(
                c.lookup(Language::Cpp, MatchKind::Type, name).is_some(),
                "{name}"
            );
        }
        let kokkos = c.lookup(Language::Cpp, MatchKind::Type, "CudaHostPinnedSpace");
        assert_eq!(
            kokkos.map(|id| c.apis[id].size.clone()),
            Some(SizeSpec::Count {
                arg: 1,
                varargs: true
            })
        );
        let put = c.lookup(Language::Python, MatchKind::PinArg, "device_put");
        assert_eq!(
            put.map(|id| c.apis[id].pin_values.clone()),
            Some(vec!["pinned_host".to_string()])
        );
        let alloc = c
            .lookup(Language::Cpp, MatchKind::Method, "allocate")
            .expect("allocate");
        let free = c
            .lookup(Language::Cpp, MatchKind::Method, "deallocate")
            .expect("deallocate");
        assert!(
            c.apis[alloc]
                .receiver_types
                .iter()
                .any(|t| t == "pinned_memory_resource")
        );
        assert!(c.releases(alloc, free));
        let reg = c
            .lookup(Language::Cpp, MatchKind::Call, "registerPageLocked")
            .expect("reg");
        let unreg = c
            .lookup(Language::Cpp, MatchKind::Call, "unregisterPageLocked")
            .expect("unreg");
        assert!(c.apis[reg].namespaced && c.releases(reg, unreg));
        assert_eq!(c.apis[reg].tax_class, TaxClass::Register);
        // Calls that pin only with a pinned value, or on a pinned resource, are found by
        // those words, not by their common names.
        let needles = c.needles();
        assert!(needles.iter().any(|n| n == "pinned_host"));
        assert!(needles.iter().any(|n| n == "pinned_host_memory_resource"));
        assert!(!needles.iter().any(|n| n == "allocate" || n == "device_put"));
    }

    #[test]
    fn globs_and_entry_points() {
        assert!(glob("*_collate", "pad_collate"));
        assert!(glob("collate_*", "collate_fn"));
        assert!(!glob("collate_*", "my_collate"));
        assert!(glob("a*b*c", "aXbYc"));
        assert!(!glob("ab*ba", "aba"));
        let c = Catalog::builtin();
        assert!(
            c.entry_points
                .entries
                .iter()
                .any(|e| e.matches_name("__getitem__"))
        );
        assert_eq!(c.entry_points.keywords[0].name, "collate_fn");
    }

    #[test]
    fn an_entry_applies_to_python_unless_it_names_its_languages() {
        let parse = |t: &str| toml::from_str::<Entry>(t);
        let python = parse("names = ['step']\nreason = 'r'").expect("entry");
        assert!(python.applies_to(Language::Python));
        assert!(!python.applies_to(Language::Cpp));
        let cpp =
            parse("names = ['forward']\nlanguages = ['cpp', 'cuda']\nreason = 'r'").expect("entry");
        assert!(cpp.applies_to(Language::Cuda));
        assert!(!cpp.applies_to(Language::Python));
        let err =
            parse("names = ['f']\nlanguages = ['go']\nreason = 'r'").expect_err("unknown language");
        assert!(err.to_string().contains("unknown variant `go`"), "{err}");
    }

    #[test]
    fn unknown_fields_and_languages_are_errors() {
        assert!(
            Catalog::parse("[[api]]\nname='f'\nlanguages=['c']\nkind='alloc'\nsize=1\n").is_err()
        );
        assert!(Catalog::parse("[[api]]\nname='f'\nlanguages=['go']\nkind='alloc'\n").is_err());
        assert!(Catalog::parse("[[api]]\nlanguages=['c']\nkind='alloc'\n").is_err());
    }
}
