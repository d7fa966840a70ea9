//! A chain name as one function defines it, and its reach: what a file that calls it must
//! mention (an import, an `#include`, a class), and whether a call can reach it.

use rustc_hash::FxHashMap;

use crate::model::{FileModel, Language, Receiver, snake_case};
use crate::scan::idents::{Idents, module_names, name_hash};

/// A chain name as one function defines it, and what a file that calls it must mention
/// (one of; none: any file can). A method is reached only from code that can see its
/// class (`self.f()` in the class, `C.f()`, a call on an object of a type named there); a
/// function in another file only through an import of its module or package (Python), or
/// an `#include` of its header (C family: `foo.h` declares what `foo.cu` defines) or of
/// its folder. Rust's modules are left open.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ChainName {
    pub name: String,
    pub reach: Vec<String>,
    /// `reach` names a module (or header, or folder): it counts only where an import
    /// statement names it (`from .ops import copy`, `#include "ops/copy.h"`), not wherever
    /// the word appears (a variable `ops`, another project's `ops` package).
    pub imported: bool,
    /// A Python module's function or class: the path of its file. A call reaches it where
    /// an import names it or its module, or when it is written `ops.f(` (`python_reach`).
    pub free: Option<String>,
    /// A file that declares it (a C prototype) can call it too.
    pub prototype: bool,
    /// A Python method's class: code reaches it also through names bound to an object
    /// of the class (`bind_reach`).
    pub class: Option<String>,
    /// Looked for only as a member call on any object (`x->f(`, `x.f(`): a C++ virtual
    /// method (see `all_of`).
    pub member_call: bool,
    /// A Python method's class's bases as its file names them: `self.f()` in one of them
    /// may dispatch to this override (see `dispatched`).
    pub bases: Vec<String>,
    /// Looked for only as a method called on one of these names (`g_ctx.f(`,
    /// `self.cache.f(`): names bound to an object of the method's class.
    pub via: Vec<String>,
    /// Looked for only where a Python class or function of the name is defined (`class
    /// Pipeline`, whose body keeps what its constructor is handed; `def register_stage`, a
    /// decorator that may fill a registry; see `element_reach`).
    pub definition: bool,
}

impl ChainName {
    /// The chain name of function `f` of a file at `path` in `lang`.
    pub fn of(f: &crate::model::Function, path: &str, lang: Language) -> ChainName {
        let constructor = f.class.as_ref().is_some_and(|c| *c == f.name);
        let reach = match &f.class {
            // A constructor is called by its class's name, where its module is imported
            // or its header included.
            Some(_) if constructor && lang != Language::Rust => module_names(path),
            // Python code also reaches a method through an attribute named after the
            // class (`ctx.params_manager.f()` for `ParamsManager.f`).
            Some(class) if lang == Language::Python => vec![class.clone(), snake_case(class)],
            // A Rust trait's method, also where the trait is named (`use crate::lend::Lend`):
            // `x.lend()` on a value of a type the file need not name.
            Some(class) if lang == Language::Rust && f.dispatched => std::iter::once(class)
                .chain(&f.namespace)
                .cloned()
                .collect(),
            // A C++ method, also through a member spelled like its class (`uploader_`,
            // `m_uploader` for an `Uploader`), declared in a header the caller includes.
            Some(class) if lang != Language::Rust => {
                let snake = snake_case(class);
                vec![class.clone(), format!("{snake}_"), format!("m_{snake}")]
            }
            Some(class) => vec![class.clone()],
            None if lang == Language::Rust => Vec::new(),
            None => module_names(path),
        };
        // A Python module's function or class is called where an import names it or its
        // module (`python_reach`), not wherever its module's words appear.
        let free = (lang == Language::Python && (constructor || f.class.is_none()))
            .then(|| path.to_string());
        let reach = if free.is_some() { Vec::new() } else { reach };
        ChainName {
            name: f.name.clone(),
            imported: lang != Language::Rust && (constructor || f.class.is_none()),
            free,
            prototype: f.class.is_none() && !matches!(lang, Language::Python | Language::Rust),
            reach,
            class: f
                .class
                .clone()
                .filter(|_| lang == Language::Python && !constructor),
            bases: Vec::new(),
            member_call: false,
            definition: false,
            via: Vec::new(),
        }
    }

    /// Can a call in the file at `path` (with identifiers `idents`), made on `receiver`,
    /// reach this definition, by the rule the lazy parse looks for it with? (A C-family
    /// module's function is left to the index: its own file need not include its header.)
    ///
    /// `reach` holds the hashes of `self.reach`'s words (`reach_hashes`), computed once
    /// for the many calls a name has.
    pub fn callable_from(
        &self,
        reach: &[u32],
        idents: &Idents,
        path: &str,
        call: &crate::model::CallSite,
    ) -> bool {
        let receiver = &call.receiver;
        // A call on an element of a container (`stage(x)` in `for stage in self.stages`):
        // the index decides it by what the container holds.
        if call
            .receiver_attr
            .as_deref()
            .is_some_and(crate::model::is_element_key)
        {
            return self.via.is_empty();
        }
        // Looked for only as a method called on given names (`g_ctx.f(`, `a.experts.f(`,
        // `self.f(`): the call must be made on one.
        if !self.via.is_empty() {
            let on = match receiver {
                Receiver::SelfRef => Some(SELF),
                Receiver::Name(n) | Receiver::Module(n) => Some(n.as_str()),
                Receiver::Expr => call.receiver_attr.as_deref(),
                _ => None,
            };
            if !on.is_some_and(|on| self.via.iter().any(|v| v == on)) {
                return false;
            }
        }
        let Some(def) = &self.free else {
            // A method: where its class is named.
            return self.imported || self.reach.is_empty() || reach.iter().any(|&h| idents.has(h));
        };
        def == path
            || idents.imports_free(def, &self.name)
            || match receiver {
                Receiver::Module(m) | Receiver::Name(m) => module_names(def).contains(m),
                _ => false,
            }
    }

    /// The hashes of the reach's words, as `Idents::mentions` looks them up (words that
    /// cannot be mentioned left out).
    pub fn reach_hashes(&self) -> Box<[u32]> {
        self.reach
            .iter()
            .map(|w| crate::scan::idents::key(w))
            .filter(|k| !k.is_empty())
            .map(crate::scan::idents::hash)
            .collect()
    }

    /// The ways function `f` of `model` (a file at `path`) is looked for: its chain name,
    /// and for a C++ virtual method also as a member call on any object (`x->f(`,
    /// `x.f(`): its callers hold a pointer to a base class, which they need not name.
    pub fn all_of(
        f: &crate::model::Function,
        path: &str,
        lang: Language,
        model: &FileModel,
    ) -> Vec<ChainName> {
        let mut chain = ChainName::of(f, path, lang).with_bases(model);
        // A `@property` getter is read as `obj.name` on objects of any origin (`for fv in
        // src.frames()`): looked for wherever the name is read.
        let getter = lang == Language::Python
            && model.decorated.iter().any(|(i, d)| {
                d == "property"
                    && model.functions[*i].name == f.name
                    && model.functions[*i].class == f.class
            });
        if getter {
            chain.reach.clear();
            chain.imported = false;
        }
        if lang != Language::Python && lang != Language::Rust && f.dispatched && f.class.is_some() {
            let member = ChainName {
                reach: Vec::new(),
                imported: false,
                prototype: false,
                member_call: true,
                ..chain.clone()
            };
            vec![chain, member]
        } else {
            vec![chain]
        }
    }

    /// With its class's bases (`bases`), for a Python method of `model`.
    pub fn with_bases(mut self, model: &FileModel) -> ChainName {
        if let Some(class) = &self.class {
            self.bases = model
                .classes
                .iter()
                .filter(|c| &c.name == class)
                .flat_map(|c| c.bases.iter().cloned())
                .collect();
            self.bases.sort_unstable();
            self.bases.dedup();
        }
        self
    }

    /// The same method, looked for only as `self.f(` in files that name one of its class's
    /// bases defined in the run (`known`): a base class calling a hook its subclasses
    /// override. None when no base is defined in the run.
    pub fn dispatched(self, known: &FxHashMap<u64, usize>) -> Option<ChainName> {
        let reach: Vec<String> = self
            .bases
            .iter()
            .filter(|b| known.contains_key(&name_hash(b.as_bytes())))
            .cloned()
            .collect();
        (!reach.is_empty()).then(|| ChainName {
            reach,
            imported: false,
            free: None,
            via: vec![SELF.to_string()],
            ..self
        })
    }

    /// Looked for only as a call on given names (`self.f(`, `g_ctx.f(`), or as a
    /// definition where its type is named (`Model::new`): kept when the name is too
    /// ambiguous otherwise.
    pub(super) fn is_narrow(&self) -> bool {
        !self.via.is_empty() || (self.definition && !self.reach.is_empty())
    }

    /// A class's own name, where code names the type to run its method: a Python
    /// constructor call, a C++ container naming its allocator.
    pub(super) fn type_name(class: &str, reach: Vec<String>, free: Option<String>) -> ChainName {
        ChainName {
            name: class.to_string(),
            reach,
            imported: true,
            free,
            prototype: false,
            class: None,
            bases: Vec::new(),
            member_call: false,
            definition: false,
            via: Vec::new(),
        }
    }

    /// An attribute read on the caller's object (`self.stages`): a method that walks
    /// what it holds (see `element_reach`).
    pub fn on_self(attr: &str) -> ChainName {
        ChainName {
            via: vec![SELF.to_string()],
            ..ChainName::anywhere(attr)
        }
    }

    /// The definition of a Python class or function (`class Pipeline(..):`, `def
    /// register_stage(..)`), not its uses.
    pub fn definition(name: &str) -> ChainName {
        ChainName {
            definition: true,
            ..ChainName::anywhere(name)
        }
    }

    /// A name any file may call.
    pub fn anywhere(name: &str) -> ChainName {
        ChainName {
            name: name.to_string(),
            reach: Vec::new(),
            imported: false,
            free: None,
            prototype: false,
            class: None,
            bases: Vec::new(),
            member_call: false,
            definition: false,
            via: Vec::new(),
        }
    }
}

/// The receiver of a call dispatched on the caller's own object.
pub(super) const SELF: &str = "self";
