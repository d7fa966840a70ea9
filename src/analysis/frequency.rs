//! How often code runs, decided once for the whole run over the call graph of every parsed
//! file: test code, setup (constructors, init-like functions, `main`, and whatever only
//! they call), and the loops that repeat a function through its callers. Rules read the
//! answer (`Frequency`, `Site`); none derives it from the site outward on its own.

use std::cell::RefCell;
use std::collections::HashMap;
use std::path::Path;

use super::chains::{Chain, chains, display_name, passed_expr, reaches};
use super::context::{
    self, CALL_IN_LOOP, GUARDED_ONCE, HOT_LOOP, ONCE, PER_BATCH, RETRY, SETUP, TEST, VENDORED,
};
use super::lifetime::{self, Fate};
use super::repetition::repetition;
use super::view::ProjectContext;
use crate::analysis::index::{CallRef, FnRef};
use crate::catalog::{ContextNames, glob};
use crate::model::{FunctionKind, Language};

mod sites;

/// Caller levels followed to decide that a function only runs as setup.
const MAX_SETUP_DEPTH: usize = 4;
/// Nested questions "does a loop call the setup code that calls this?" asked at most.
const MAX_LOOP_DEPTH: usize = 16;
/// Callers followed up looking for one that asks for a pin (see `unasked_request`).
const MAX_ASK_DEPTH: usize = 6;
/// Functions visited looking for a caller outside tests.
const MAX_ROOT_SEARCH: usize = 64;
/// A function with more callers than this is used widely enough to be left undecided.
const MAX_SETUP_CALLERS: usize = 16;

/// Why a function runs a bounded number of times.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Once {
    pub kind: OnceKind,
    /// Known to run a bounded number of times per process: `main`, a module's top
    /// level, or code only they call (outside loops). A constructor alone is not: it runs
    /// once per object, and objects may be made per request.
    pub bounded: bool,
    pub evidence: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnceKind {
    /// Once per object or per configuration: a constructor, an init-like function, or a
    /// function only such code calls. Its loops build long-lived state.
    Setup,
    /// Once per process: `main`, a module's top level, or a function only they call. Its
    /// loops may still be a program's main loop.
    Process,
}

/// The loops that call a function, by what they are.
#[derive(Default)]
pub struct Callers {
    /// Loops of ordinary code: the function runs once per iteration.
    pub hot: Vec<Chain>,
    /// Loops in test or benchmark code only.
    pub test: Vec<Chain>,
    /// Loops of setup code (a constructor building one object per layer, device, ...).
    pub setup: Vec<Chain>,
}

pub struct Frequency<'p, 'a> {
    pc: &'p ProjectContext<'a>,
    /// Per indexed file: why it is test code, if it is.
    test_files: Vec<Option<String>>,
    /// Per indexed file: why it is a vendored copy of another project, if it is.
    vendored_files: Vec<Option<String>>,
    /// Each function's answer, with the caller depth it was decided at: an answer
    /// decided deeper (with fewer caller levels left to follow) does not stand for a
    /// question asked from nearer the site.
    once: RefCell<HashMap<FnRef, (usize, Option<Once>)>>,
    /// `once_for` of a site under a flag parameter, by (function, flag, value).
    once_flagged: RefCell<HashMap<(FnRef, String, bool), Option<Once>>>,
    /// `reached_outside_tests`, by function.
    outside_tests: RefCell<HashMap<FnRef, bool>>,
    callers: RefCell<HashMap<FnRef, std::rc::Rc<Callers>>>,
    /// Nesting of `loop_callers` (which asks itself about setup code's own callers).
    depth: std::cell::Cell<usize>,
    /// `per_batch::passed_functions`, made on first use.
    passed: std::cell::OnceCell<super::per_batch::Passed<'a>>,
    /// The Python functions registered as start-up hooks anywhere in the run
    /// (`app.on_startup.append(init)`), made on first use.
    startup: std::cell::OnceCell<rustc_hash::FxHashSet<&'a str>>,
}

impl<'p, 'a> Frequency<'p, 'a> {
    pub fn new(pc: &'p ProjectContext<'a>) -> Frequency<'p, 'a> {
        let names = &pc.catalog.context;
        let test_files = pc
            .index
            .files
            .iter()
            .map(|f| test_path(names, &f.path, f.depth))
            .collect();
        let vendored_files = pc
            .index
            .files
            .iter()
            .map(|f| {
                let dir = folder_matching(&names.vendored_folders, &f.path, f.depth)?;
                Some(format!("vendored code: in a `{dir}/` folder"))
            })
            .collect();
        Frequency {
            pc,
            test_files,
            vendored_files,
            once: RefCell::new(HashMap::new()),
            once_flagged: RefCell::new(HashMap::new()),
            outside_tests: RefCell::new(HashMap::new()),
            callers: RefCell::new(HashMap::new()),
            depth: std::cell::Cell::new(0),
            passed: std::cell::OnceCell::new(),
            startup: std::cell::OnceCell::new(),
        }
    }

    /// Why `f` is test or benchmark code, if it is: its file's path, its own name or an
    /// enclosing function's (`TEST_F`, `test_*`), or the language's test markers.
    pub fn test(&self, f: FnRef) -> Option<String> {
        if let Some(why) = &self.test_files[f.file] {
            return Some(why.clone());
        }
        let model = &self.pc.index.files[f.file].model;
        let names = &self.pc.catalog.context.test_functions;
        let mut cur = Some(f.func);
        while let Some(id) = cur {
            let func = &model.functions[id];
            if func.test {
                return Some(format!("test code: `{}` is marked as a test", func.name));
            }
            if func.kind == FunctionKind::Function && names.iter().any(|p| glob(p, &func.name)) {
                return Some(format!("test code: `{}` is a test or benchmark", func.name));
            }
            cur = func.parent;
        }
        None
    }

    /// Why `f` runs a bounded number of times, if it does.
    pub fn once(&self, f: FnRef) -> Option<Once> {
        self.once_at(f, 0)
    }

    fn once_at(&self, f: FnRef, depth: usize) -> Option<Once> {
        if let Some((at, known)) = self.once.borrow().get(&f)
            && *at <= depth
        {
            return known.clone();
        }
        // A cycle is not evidence: undecided while it is being decided.
        self.once.borrow_mut().insert(f, (depth, None));
        let found = self.decide_once(f, depth, &|_| false);
        self.once.borrow_mut().insert(f, (depth, found.clone()));
        found
    }

    /// Why the function of `ev` runs a bounded number of times for `ev`: as `once`, but
    /// leaving out the calls that cannot reach `ev` (see `reaches`).
    pub fn once_for(&self, at: FnRef, ev: &crate::model::Event) -> Option<Once> {
        let Some((flag, want)) = self.flag_of(at, ev) else {
            return self.once(at);
        };
        let key = (at, flag.clone(), *want);
        if let Some(known) = self.once_flagged.borrow().get(&key) {
            return known.clone();
        }
        let found = self.decide_once(at, 0, &|c| !reaches(self.pc, c, ev, at.file));
        self.once_flagged.borrow_mut().insert(key, found.clone());
        found
    }

    /// `ev`'s condition when it tests a parameter of its function (what callers set).
    fn flag_of<'e>(&self, at: FnRef, ev: &'e crate::model::Event) -> Option<&'e (String, bool)> {
        let params = &self.pc.index.function(at).params;
        ev.condition
            .as_ref()
            .filter(|(flag, _)| params.iter().any(|(p, _)| p == flag))
    }

    /// See `Frequency::startup`.
    fn startup_registered(&self) -> &rustc_hash::FxHashSet<&'a str> {
        self.startup.get_or_init(|| {
            self.pc
                .index
                .files
                .iter()
                .filter(|f| f.language == crate::model::Language::Python)
                .flat_map(|f| &f.model.passed_functions)
                .filter(|(k, _)| k == crate::model::STARTUP)
                .map(|(_, name)| name.as_str())
                .collect()
        })
    }

    fn decide_once(&self, f: FnRef, depth: usize, skip: &dyn Fn(CallRef) -> bool) -> Option<Once> {
        let names = &self.pc.catalog.context;
        let file = &self.pc.index.files[f.file];
        let func = &file.model.functions[f.func];
        let shown = display_name(func, file.language);
        let process = |evidence: String| Once {
            kind: OnceKind::Process,
            bounded: true,
            evidence,
        };
        match func.kind {
            FunctionKind::TopLevel => {
                return Some(process(
                    "runs once per process: a module's top level".into(),
                ));
            }
            FunctionKind::Lambda => return None,
            FunctionKind::Function => {}
        }
        if names.main_functions.contains(&func.name) {
            return Some(process(format!("runs once per process: `{shown}`")));
        }
        let registered = || {
            file.language == crate::model::Language::Python
                && self.startup_registered().contains(func.name.as_str())
        };
        if func.passed_as.as_deref() == Some(crate::model::STARTUP) || registered() {
            return Some(process(format!(
                "runs once per process: `{shown}` is a start-up hook"
            )));
        }
        let constructor =
            crate::model::is_init(&func.name) || func.class.as_deref() == Some(&func.name);
        // (A function that hands the one buffer it pins to its caller, `make_od_buffer`
        // returning its `HostMem`, runs as often as its callers, whatever its name. One
        // filling a set in a loop, `prepare_pinned_state_dict`, is left to its name.)
        let hands_over = || {
            file.model.events.iter().any(|ev| {
                ev.function == f.func
                    && ev.kind.pins()
                    && ev.innermost_loop.is_none()
                    && crate::analysis::handover::pin_handed_over(self.pc, f, ev)
            })
        };
        let setup_like =
            constructor || (names.is_setup_name_in(&func.name, file.language) && !hands_over());
        let own = if constructor {
            format!("setup: `{shown}` is a constructor")
        } else {
            format!("setup: `{shown}` is init-like")
        };
        let by_callers = (depth < MAX_SETUP_DEPTH)
            .then(|| self.bounded_callers(f, depth, skip))
            .flatten();
        // A name is the last resort: an init-like function that ordinary code calls in a
        // loop (`for batch in loader: prepare_batch(batch)`), or through a chain of calls
        // from one (`make_pinned` in a helper each batch calls), runs on every iteration.
        let setup_like = setup_like
            && (by_callers.is_some()
                || (!self.called_in_hot_loop(f) && self.loop_callers(f).hot.is_empty()));
        match (setup_like, by_callers) {
            (true, Some((_, true, by))) => Some(Once {
                kind: OnceKind::Setup,
                bounded: true,
                evidence: format!("{own}, only called from {by}"),
            }),
            (true, _) => Some(Once {
                kind: OnceKind::Setup,
                bounded: false,
                evidence: own,
            }),
            (false, Some((kind, bounded, by))) => Some(Once {
                kind,
                bounded,
                evidence: match kind {
                    OnceKind::Setup => format!("setup: only called from {by}"),
                    OnceKind::Process => format!("runs once per process: only called from {by}"),
                },
            }),
            (false, None) => None,
        }
    }

    /// When every caller of `f` is known (a test's single call left out, when others call
    /// it), none calls it in a loop (other than a setup loop) and each runs a bounded
    /// number of times itself: whether all of them are setup, whether all are bounded per
    /// process, and who they are (for the evidence).
    fn bounded_callers(
        &self,
        f: FnRef,
        depth: usize,
        skip: &dyn Fn(CallRef) -> bool,
    ) -> Option<(OnceKind, bool, String)> {
        let mut calls = self.pc.index.callers(f);
        let known = calls.len();
        calls.retain(|&c| !skip(c));
        if known > 0 && known <= MAX_SETUP_CALLERS && calls.is_empty() {
            // Every caller passes the flag that skips the site: none reaches it.
            return Some((
                OnceKind::Setup,
                true,
                "callers whose arguments skip it".to_string(),
            ));
        }
        // A test that calls it once says nothing of how often the program does; one that
        // calls it in a loop shows it is called repeatedly.
        if !self.pc.settings.tests_as_code {
            let once_in_test = |c: &CallRef| {
                let site = self.pc.index.call(*c);
                site.innermost_loop.is_none()
                    && self
                        .test(FnRef {
                            file: c.file,
                            func: site.function,
                        })
                        .is_some()
            };
            if calls.iter().any(|c| !once_in_test(c)) {
                calls.retain(|c| !once_in_test(c));
            }
        }
        if calls.is_empty() || calls.len() > MAX_SETUP_CALLERS {
            return None;
        }
        let mut all_setup = true;
        let mut all_bounded = true;
        for c in &calls {
            let site = self.pc.index.call(*c);
            let caller = FnRef {
                file: c.file,
                func: site.function,
            };
            // (`if self.sd is None: self.sd = make_set(..)`: a call made once, whatever
            // runs its function.)
            if site.guarded_once {
                continue;
            }
            if site.innermost_loop.is_some() && !self.setup_loop(*c) {
                return None;
            }
            let once = self.once_at(caller, depth + 1)?;
            all_setup &= once.kind == OnceKind::Setup;
            all_bounded &= once.bounded && site.innermost_loop.is_none();
        }
        let c = calls[0];
        let cf = &self.pc.index.files[c.file];
        let first = display_name(
            &cf.model.functions[self.pc.index.call(c).function],
            cf.language,
        );
        let more = if calls.len() > 1 {
            " (and its other callers)"
        } else {
            ""
        };
        let kind = if all_setup {
            OnceKind::Setup
        } else {
            OnceKind::Process
        };
        Some((kind, all_bounded, format!("`{first}`{more}")))
    }

    /// Does ordinary code (not tests, not setup) call `f` inside a loop of its own?
    fn called_in_hot_loop(&self, f: FnRef) -> bool {
        self.pc.index.callers(f).into_iter().any(|c| {
            let site = self.pc.index.call(c);
            let caller = FnRef {
                file: c.file,
                func: site.function,
            };
            site.innermost_loop.is_some()
                && !site.guarded_once
                && !self.pc.index.grows_only(c)
                && (self.pc.settings.tests_as_code || self.test(caller).is_none())
                && !self.setup_loop(c)
                && !self.rare_branch(c)
        })
    }

    /// Is the loop around call `c` a setup loop: in setup code, or, in once-per-process
    /// code, a loop over the devices or streams (one object per GPU) or one that calls an
    /// init-like function?
    pub fn setup_loop(&self, c: CallRef) -> bool {
        let site = self.pc.index.call(c);
        let Some(lp) = site.innermost_loop else {
            return false;
        };
        // (A loop that runs until something inside ends it serves requests or messages,
        // in set-up code too: `tokio::spawn(run(rx))` with `loop { rx.recv().await .. }`;
        // and so does a loop inside it, over each request a batch collected.)
        let model = &self.pc.index.files[c.file].model;
        if model
            .loop_chain(Some(lp))
            .iter()
            .any(|&l| model.loops[l].endless)
        {
            return false;
        }
        let caller = FnRef {
            file: c.file,
            func: site.function,
        };
        let over_devices = self.over_devices(c) || self.over_jobs(c);
        // In once-per-process code, a loop that initialises one object per element
        // (`for (i..nPlans) initPlan(&plan[i])`) builds a fixed set of them.
        // (Not one whose value a plain local takes on every iteration, `state =
        // init_state(batch)`: that re-creates one object per iteration.)
        // (Unless the loop then stores it into a container: `dl = build(p);
        // loaders.append(dl)` keeps every object it makes.)
        let rebinds = !site.result_kept
            && site
                .result
                .as_deref()
                .is_some_and(|r| r != crate::model::RETURNED && !r.contains(['.', '[', '-']));
        // (So does one that constructs an object per element and keeps them all: `actors
        // = [Actor(cfg) for _ in range(n)]`.)
        let constructs = site.result_kept && {
            let targets = self.pc.index.resolve(c);
            !targets.is_empty()
                && targets
                    .iter()
                    .all(|t| self.pc.index.function(*t).is_constructor())
        };
        let initialises =
            (self.pc.catalog.context.is_init_name(&site.callee) || constructs) && !rebinds;
        let setup = match self.once_at(caller, MAX_SETUP_DEPTH - 1) {
            Some(o) if o.kind == OnceKind::Setup => true,
            Some(o) => o.bounded && (over_devices || initialises),
            None => false,
        };
        // ..unless the setup code itself runs in a hot loop: a `load_batch` per step, a
        // constructor per request.
        setup && self.loop_callers(caller).hot.is_empty()
    }

    /// Is a loop around call `c` a loop over the devices or streams (one object per GPU)?
    fn over_devices(&self, c: CallRef) -> bool {
        let site = self.pc.index.call(c);
        let model = &self.pc.index.files[c.file].model;
        let devices = &self.pc.catalog.context.device_names;
        model.loop_chain(site.innermost_loop).iter().any(|&l| {
            model.loops[l]
                .names
                .iter()
                .any(|n| devices.iter().any(|d| d.eq_ignore_ascii_case(n)))
        })
    }

    /// Is the loop right around call `c` a program's walk over the jobs of its
    /// configuration (`for job in &cfg.jobs`, `for raw in cfg["part"]` in `main`: the
    /// outermost loop of a main function, over a collection, not a count, with a job name
    /// in its header)? Each iteration is a whole job: what the loop calls runs once per job.
    /// (Not a loop of the program's work that reads its items from the configuration,
    /// `for rcv in self.cfg["receivers"]` in `Simulation.run`.)
    fn over_jobs(&self, c: CallRef) -> bool {
        let site = self.pc.index.call(c);
        let model = &self.pc.index.files[c.file].model;
        let context = &self.pc.catalog.context;
        let f = &model.functions[site.function];
        let main = f.kind == crate::model::FunctionKind::TopLevel
            || context.main_functions.contains(&f.name);
        main && site.innermost_loop.is_some_and(|l| {
            let lp = &model.loops[l];
            lp.parent.is_none()
                && lp.over_config
                && !matches!(lp.trips, crate::model::Trips::Counted { .. })
        })
    }

    /// Is call `c` an init-like function called under a branch inside its loop
    /// (`while True: if state_changed: self.initialize_cache()`)? A long-running loop
    /// reaches it on a state change, not on every iteration.
    fn rare_branch(&self, c: CallRef) -> bool {
        let site = self.pc.index.call(c);
        let (Some(lp), Some(guard)) = (site.innermost_loop, site.guard) else {
            return false;
        };
        let body = self.pc.index.files[c.file].model.loops[lp].span;
        body.contains(guard) && self.state_change_call(c)
    }

    /// Is call `c`, further down a chain, a state-change function called under a branch
    /// (`if header == RESUME: self.resume()`, `if stale: self.reinit_buffers()`)? What it
    /// reaches runs when the state changes, not on every iteration of the loop above.
    fn state_change_call(&self, c: CallRef) -> bool {
        let site = self.pc.index.call(c);
        site.guard.is_some() && self.pc.catalog.context.is_state_change(&site.callee)
    }

    /// The loops that call `target` through up to `MAX_EDGES` calls, by kind.
    pub fn loop_callers(&self, target: FnRef) -> std::rc::Rc<Callers> {
        if let Some(known) = self.callers.borrow().get(&target) {
            return known.clone();
        }
        // Deciding may come back here through a cycle of calls (or go too deep): no loop
        // is known to call `target` meanwhile.
        if self.depth.get() > MAX_LOOP_DEPTH {
            return std::rc::Rc::new(Callers::default());
        }
        self.callers
            .borrow_mut()
            .insert(target, std::rc::Rc::new(Callers::default()));
        self.depth.set(self.depth.get() + 1);
        let mut out = Callers::default();
        for chain in chains(self.pc, target) {
            let head = chain[0];
            let caller = FnRef {
                file: head.file,
                func: self.pc.index.call(head).function,
            };
            if self.test(caller).is_some() && !self.pc.settings.tests_as_code {
                out.test.push(chain);
            } else if self.setup_loop(head)
                || self.rare_branch(head)
                || chain[1..].iter().any(|&c| self.state_change_call(c))
            {
                out.setup.push(chain);
            } else {
                out.hot.push(chain);
            }
        }
        self.depth.set(self.depth.get() - 1);
        let out = std::rc::Rc::new(out);
        self.callers.borrow_mut().insert(target, out.clone());
        out
    }
}

/// `loops` with the chains `pick` chooses moved from hot to setup (`to_setup`) or from
/// setup to hot, placed before the chains already there (`first`) or after them; `loops`
/// itself when it chooses none.
fn moved(
    loops: std::rc::Rc<Callers>,
    to_setup: bool,
    first: bool,
    pick: impl Fn(&Chain) -> bool,
) -> std::rc::Rc<Callers> {
    let (from, to) = if to_setup {
        (&loops.hot, &loops.setup)
    } else {
        (&loops.setup, &loops.hot)
    };
    if !from.iter().any(&pick) {
        return loops;
    }
    let (picked, stay): (Vec<Chain>, Vec<Chain>) = from.iter().cloned().partition(|c| pick(c));
    let grown: Vec<Chain> = if first {
        picked.into_iter().chain(to.iter().cloned()).collect()
    } else {
        to.iter().cloned().chain(picked).collect()
    };
    let (hot, setup) = if to_setup {
        (stay, grown)
    } else {
        (grown, stay)
    };
    std::rc::Rc::new(Callers {
        hot,
        test: loops.test.clone(),
        setup,
    })
}

fn requested_flag<'e>(
    pc: &ProjectContext,
    at: FnRef,
    ev: &'e crate::model::Event,
) -> Option<&'e str> {
    context::requested_flag(&pc.index.files[at.file].model, ev)
}

fn is_request(pc: &ProjectContext, f: FnRef, name: &str) -> bool {
    context::is_request(&pc.index.files[f.file].model, pc.index.function(f), name)
}

/// Does every call of `chain` (outermost first, the last one calling `function`) pass
/// `flag` on from a request flag of its own caller? Then the loop at the chain's head
/// serves one request of its caller's: it does not repeat requests.
fn forwards_request(
    pc: &ProjectContext,
    chain: &[CallRef],
    function: &crate::model::Function,
    flag: &str,
) -> bool {
    let mut function = function;
    let mut param = flag.to_string();
    for &c in chain.iter().rev() {
        let caller = FnRef {
            file: c.file,
            func: pc.index.call(c).function,
        };
        match passed_expr(pc, c, function, &param) {
            Some(crate::model::Expr::Name(n)) if is_request(pc, caller, n) => {
                param = n.clone();
                function = pc.index.function(caller);
            }
            _ => return false,
        }
    }
    !chain.is_empty()
}

/// Why the file at `path` is test or benchmark code, if it is: a test folder among the
/// last `depth - 1` folders of its path, or a test file name.
pub fn test_path(names: &ContextNames, path: &str, depth: usize) -> Option<String> {
    if let Some(dir) = folder_matching(&names.test_folders, path, depth) {
        return Some(format!("test code: in a `{dir}/` folder"));
    }
    let p = Path::new(path.trim_start_matches("./"));
    let stem = p.file_stem()?.to_string_lossy();
    let name = p.file_name()?.to_string_lossy();
    names
        .test_files
        .iter()
        .any(|g| glob(g, &stem))
        .then(|| format!("test code: `{name}` is a test file"))
}

/// The first of the last `depth - 1` folders of `path` (those inside the scanned
/// directory) that a pattern matches.
fn folder_matching(patterns: &[String], path: &str, depth: usize) -> Option<String> {
    let p = Path::new(path.trim_start_matches("./"));
    let folders: Vec<_> = p
        .parent()
        .into_iter()
        .flat_map(|d| d.components())
        .filter(|c| matches!(c, std::path::Component::Normal(_)))
        .collect();
    let inside = depth.saturating_sub(1).min(folders.len());
    folders[folders.len() - inside..]
        .iter()
        .map(|c| c.as_os_str().to_string_lossy())
        .find(|dir| patterns.iter().any(|g| glob(g, dir)))
        .map(|dir| dir.into_owned())
}

/// A pinning site's context and the evidence that decided it.
#[derive(Clone, Debug)]
pub struct Site {
    pub context: &'static str,
    /// Runs a bounded number of times per process (see `Once::bounded`).
    pub bounded: bool,
    /// "setup: only called from `Pool::init`", "test code: in a `tests/` folder", ...
    pub evidence: String,
    /// Why an allocate-once guard around a repeated site does not hold (a reset that runs
    /// again, a key new on every call): the findings say it in a note.
    pub rearmed: Option<String>,
}

/// (file, call start) → the site's context.
pub type Contexts = HashMap<(usize, usize), Site>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;

    #[test]
    fn test_paths_follow_the_conventions_inside_the_scanned_directory() {
        let names = Catalog::builtin().context;
        let p = |path: &str, depth: usize| test_path(&names, path, depth);
        assert_eq!(
            p("repo/tests/unit/cache.py", 3),
            Some("test code: in a `tests/` folder".into())
        );
        assert_eq!(
            p("repo/pkg/test_cache.py", 2),
            Some("test code: `test_cache.py` is a test file".into())
        );
        assert!(p("repo/pkg/cache_test.cc", 2).is_some());
        assert!(p("repo/pkg/conftest.py", 2).is_some());
        assert!(p("repo/benchmarks/bench_copy.py", 2).is_some());
        assert!(p("repo/src/test_utils/gen.py", 3).is_some());
        // Samples and examples are the code people copy: not tests.
        assert_eq!(p("repo/examples/train.py", 2), None);
        assert_eq!(p("repo/samples/pinned/main.cu", 3), None);
        // A project checked out under `~/tests/`: only folders inside the scanned one count.
        assert_eq!(p("/home/u/tests/proj/src/loader.py", 2), None);
        assert!(p("/home/u/tests/proj/src/loader.py", 4).is_some());
        // A file named on the command line: its whole path.
        assert!(p("tests/loader.py", usize::MAX).is_some());
        assert_eq!(p("latest/protest.py", usize::MAX), None);
    }

    #[test]
    fn vendored_folders_count_inside_the_scanned_directory() {
        let names = Catalog::builtin().context;
        let v = |path: &str, depth: usize| folder_matching(&names.vendored_folders, path, depth);
        assert_eq!(
            v("repo/third_party/torch/utils.py", 4),
            Some("third_party".into())
        );
        assert_eq!(v("repo/src/vendor/lib.rs", 4), Some("vendor".into()));
        assert_eq!(v("repo/src/vendors.py", 3), None);
        // A checkout under `~/vendor/`: only folders inside the scanned one count.
        assert_eq!(v("/home/vendor/proj/src/a.py", 2), None);
    }

    #[test]
    fn setup_and_state_change_names_ignore_case() {
        let names = Catalog::builtin().context;
        assert!(names.is_setup_name("init_buffers"));
        assert!(names.is_setup_name("InitBuffers"));
        assert!(names.is_setup_name("CreateKeyValueStore"));
        assert!(!names.is_setup_name("forward"));
        // A C-family project prefix does not hide an init-like name; Python's names stand
        // as they are, and a two-word name is not a prefix and a word.
        assert!(names.is_setup_name_in("flux_create_shm_list", Language::Cpp));
        assert!(names.is_setup_name_in("ncclInitComm", Language::Cuda));
        assert!(!names.is_setup_name_in("flux_create_shm_list", Language::Python));
        assert!(!names.is_setup_name_in("run_init", Language::Cpp));
        assert!(!names.is_setup_name_in("flux_forward_step", Language::Cpp));
        assert!(names.is_state_change("reset_cache"));
        assert!(names.is_state_change("Reinitialize"));
        assert!(!names.is_state_change("allocate_buffer"));
    }
}
