//! The context of every pinning site: what repeats it (its own loop, a caller's loop, a
//! request or a step), what makes it run once (setup, a guard, a cache), and what re-arms it.

use super::*;

impl<'a> Frequency<'_, 'a> {
    /// The context of every pinning site in the run.
    pub fn sites(&self) -> Contexts {
        let pc = self.pc;
        let passed = self.passed();

        // (C-family code runs per batch only through callbacks handed over by name.)
        let c_family_passed = passed.keys().any(|(python, _)| !python);
        let mut out = Contexts::new();
        for (file, f) in pc.index.files.iter().enumerate() {
            let ctx = pc.file_context(file);
            for ev in f.model.events.iter().filter(|e| e.kind.repeats_matter()) {
                let at = FnRef {
                    file,
                    func: ev.function,
                };
                let function = &f.model.functions[ev.function];
                let site = |context: &'static str, evidence: String| Site {
                    context,
                    bounded: false,
                    evidence,
                    rearmed: None,
                };
                let rep = repetition(&ctx, ev);
                let requested = (!rep.loops.is_empty())
                    .then(|| self.unasked_request(at, ev))
                    .flatten();
                // (A lambda is called only where it was handed over: `callers` knows where.)
                let loops = matches!(function.kind, FunctionKind::Function | FunctionKind::Lambda)
                    .then(|| self.loop_callers_of(at, ev));
                let test = (!pc.settings.tests_as_code)
                    .then(|| self.test(at))
                    .flatten();
                // Unless the project's own code repeats it: then the fix is the project's.
                let vendored = (!pc.settings.vendored_as_code)
                    .then(|| self.vendored_files[file].clone())
                    .flatten()
                    .filter(|_| {
                        loops.as_deref().is_none_or(|l| {
                            l.hot
                                .iter()
                                .all(|c| self.vendored_files[c[0].file].is_some())
                        })
                    });
                // `if self.buf is None: self.buf = pin(..)` fills the buffer once, unless a
                // function that runs again sets it back (`self.buf = None` on offload).
                // (Or by a key that is new on every call: `CACHE[(step, n)]` with `step` a
                // counter.)
                let rearmed = ev
                    .guarded_once
                    .then(|| self.guard_rearmed(at, ev))
                    .flatten();
                let s = if let Some(why) = vendored {
                    site(VENDORED, why)
                } else if let Some(why) = test {
                    site(TEST, why)
                } else if ev.guarded_once && rearmed.is_none() {
                    site(
                        GUARDED_ONCE,
                        "guarded: runs once per key or per process".into(),
                    )
                } else if ev.kind.pins() && ev.stream_prologue && !self.streams_remade(at, ev) {
                    site(
                        SETUP,
                        "setup: once per stream, in a generator's prologue: the loop after it \
                         yields every item with the buffer it pinned"
                            .into(),
                    )
                } else if !rep.loops.is_empty() && requested.is_none() {
                    // Once per object; or once per process for a function `main` (or the
                    // top level) calls, whose one loop makes no more than a small fixed set
                    // (a pool's slots): either way the loop's buffers are made once for what
                    // keeps them. (An outer loop makes the set again; `main`'s own loops:
                    // `context::is_setup`.)
                    let small =
                        rep.loops.len() == 1 && rep.events.is_none_or(|n| n <= context::SMALL_SET);
                    let setup_only = || {
                        self.once_for(at, ev).filter(|o| {
                            o.kind == OnceKind::Setup
                                || (small
                                    && function.kind == FunctionKind::Function
                                    && !pc.catalog.context.main_functions.contains(&function.name))
                        })
                    };
                    // (Or once per process, by its one loop: `main`, a module's top level,
                    // what only they call: the set it keeps, however long, is made once.)
                    let once_per_process = || {
                        self.once_for(at, ev)
                            .filter(|o| o.kind == OnceKind::Process && rep.loops.len() == 1)
                    };
                    let fate = lifetime::fate(&ctx, ev);
                    let repeated = || {
                        self.repeated_by(at, loops.as_deref(), passed, c_family_passed, Some(ev))
                    };
                    let kept = match &fate {
                        Fate::Kept(store, module) if rep.accumulates => Some((store, *module)),
                        _ => None,
                    };
                    // (A set kept on the object, `self.shadow = {..}`, built by a method that
                    // a loop calls once on each element of a container, `for cb in
                    // callbacks: cb.on_fit_start(..)`: each object builds its own set once.)
                    let per_object = kept.is_some_and(|(store, _)| store.contains("self."))
                        && loops.as_deref().is_some_and(|l| {
                            !l.hot.is_empty() && l.hot.iter().all(|c| self.on_each_element(c))
                        });
                    let repeated_kept = kept
                        .filter(|_| !per_object)
                        .and_then(|(store, _)| Some((store, repeated()?)));
                    // (At a module's top level every name is the module's: there the
                    // loop's own shape decides, as for `main`.)
                    let module_kept = kept
                        .filter(|(_, module)| *module && function.kind == FunctionKind::Function)
                        .map(|(s, _)| s);
                    // ... and when the function with that loop does not run again itself,
                    // each object's set is made once: set-up.
                    let per_object_once = per_object
                        .then(|| loops.as_deref()?.hot.first()?.first().copied())
                        .flatten()
                        .filter(|c| {
                            let head = FnRef {
                                file: c.file,
                                func: pc.index.call(*c).function,
                            };
                            let outer = self.loop_callers(head);
                            self.repeated_by(head, Some(&outer), passed, c_family_passed, None)
                                .is_none()
                        });
                    if let Some(c) = per_object_once {
                        let head =
                            &pc.index.files[c.file].model.functions[pc.index.call(c).function];
                        let caller = display_name(head, pc.index.files[c.file].language);
                        site(
                            SETUP,
                            format!(
                                "setup: `{caller}` calls it once on each element of a \
                                 container, and each object keeps its own set"
                            ),
                        )
                    } else if let Some((store, why)) = repeated_kept {
                        site(
                            HOT_LOOP,
                            format!(
                                "inside a loop of its own function, which runs again ({why}): \
                                 each call pins a fresh set for {store}"
                            ),
                        )
                    } else if let Some(store) = module_kept {
                        // Filling a module's own storage, and nothing repeats the function:
                        // set-up, whatever it is called.
                        site(
                            SETUP,
                            format!("setup: the loop keeps every buffer in {store}"),
                        )
                    } else if let Fate::Returned = fate {
                        // The caller's use decides; with no caller in view, the name. A
                        // function that runs again hands out a fresh set each time, whatever
                        // it is called.
                        // (A generator yielding from its loop hands out a stream, not a
                        // set: each iteration pins again, unless set-up code asks for it,
                        // `self.slots = list(make_slots(n))`.)
                        let generator = f.model.generators.contains(&ev.function);
                        if let Some(why) = repeated() {
                            site(
                                HOT_LOOP,
                                format!(
                                    "inside a loop of its own function, which runs again \
                                     ({why}) and hands every buffer to its caller: each call \
                                     pins a fresh set"
                                ),
                            )
                        } else if let Some(why) = (!generator
                            && function.kind == FunctionKind::Function)
                            .then(|| self.set_dies_with_callers(at))
                            .flatten()
                        {
                            site(HOT_LOOP, why)
                        } else if let Some(once) =
                            setup_only().filter(|o| !generator || o.kind == OnceKind::Setup)
                        {
                            Site {
                                context: SETUP,
                                bounded: once.bounded,
                                evidence: format!(
                                    "{}; the loop's buffers go to its caller",
                                    once.evidence
                                ),
                                rearmed: None,
                            }
                        } else if generator {
                            site(
                                HOT_LOOP,
                                "inside a loop of a generator, which yields a fresh buffer \
                                 on every iteration"
                                    .into(),
                            )
                        } else if pc.index.callers(at).is_empty()
                            && context::is_setup(&ctx, ev, &rep)
                        {
                            site(
                                SETUP,
                                "setup: a setup loop that hands every buffer to its caller \
                                 (no caller in view)"
                                    .into(),
                            )
                        } else {
                            site(
                                HOT_LOOP,
                                "inside a loop of its own function, which hands every \
                                 buffer to its caller: each call pins a fresh set"
                                    .into(),
                            )
                        }
                    } else if let Fate::Dies(holder) = &fate
                        && !context::is_retry(&ctx, ev)
                        && !(context::kept(&ctx, ev, &rep) && once_per_process().is_some())
                    {
                        site(
                            HOT_LOOP,
                            format!(
                                "inside a loop of its own function; each buffer dies with \
                                 the call ({holder} holds it last)"
                            ),
                        )
                    } else if context::is_setup(&ctx, ev, &rep) {
                        site(SETUP, "setup: a setup loop that keeps every buffer".into())
                    } else if context::kept(&ctx, ev, &rep)
                        && let Some(once) = setup_only().or_else(once_per_process)
                    {
                        // A persistent mirror: one buffer per parameter, built once.
                        Site {
                            context: SETUP,
                            bounded: once.bounded,
                            evidence: format!("{}; the loop keeps every buffer", once.evidence),
                            rearmed: None,
                        }
                    } else if context::is_retry(&ctx, ev) {
                        site(
                            RETRY,
                            "retry: the loop runs again only while the call fails".into(),
                        )
                    } else {
                        site(HOT_LOOP, "inside a loop of its own function".into())
                    }
                } else if let Some(reason) =
                    crate::analysis::per_batch::per_batch_reason(pc, at, passed)
                {
                    site(PER_BATCH, reason)
                } else if let Some(evidence) = self.repeated_by_callers(loops.as_deref()) {
                    site(CALL_IN_LOOP, evidence)
                } else if (f.language == Language::Python
                    || c_family_passed
                    || self.called_from_python(at))
                    // (A lambda too: kept by a callee, `handler_ = std::move(h)`, and called
                    // from a per-event function.)
                    && matches!(function.kind, FunctionKind::Function | FunctionKind::Lambda)
                    && let Some(chain) =
                        crate::analysis::per_batch::per_batch_chain(pc, passed, at, Some(ev))
                {
                    // A helper a per-batch function calls: what GT201 reports.
                    let head = chain[0];
                    let hf = &pc.index.files[head.file];
                    let caller = &hf.model.functions[pc.index.call(head).function];
                    site(
                        PER_BATCH,
                        format!("called from `{}`", display_name(caller, hf.language)),
                    )
                } else if let Some(loops) = loops.as_deref()
                    && (!loops.setup.is_empty()
                        || (!loops.test.is_empty() && !self.reached_outside_tests(at)))
                {
                    if loops.setup.is_empty() {
                        site(
                            TEST,
                            "test code: only tests and benchmarks call it in a loop".into(),
                        )
                    } else {
                        let chain = &loops.setup[0];
                        let head = chain[0];
                        let hf = &pc.index.files[head.file];
                        let caller = &hf.model.functions[pc.index.call(head).function];
                        let caller = display_name(caller, hf.language);
                        let thread = chain
                            .last()
                            .is_some_and(|&c| pc.index.call(c).starts_thread);
                        site(
                            SETUP,
                            if thread {
                                format!(
                                    "setup: once per worker thread (`{caller}` starts `{}` in \
                                     a loop; it pins before its own loop)",
                                    function.name
                                )
                            } else {
                                format!("setup: called in a loop only by setup code (`{caller}`)")
                            },
                        )
                    }
                } else if let Some(once) = self.once_for(at, ev) {
                    Site {
                        context: SETUP,
                        bounded: once.bounded,
                        evidence: once.evidence,
                        rearmed: None,
                    }
                } else {
                    site(ONCE, "no loop or caller repeats it".into())
                };
                let s = match rearmed {
                    Some(why) if matches!(s.context, PER_BATCH | CALL_IN_LOOP | HOT_LOOP) => Site {
                        evidence: format!(
                            "{}; its allocate-once guard is re-armed: {why}",
                            s.evidence
                        ),
                        rearmed: Some(why),
                        ..s
                    },
                    Some(why) => Site {
                        context: GUARDED_ONCE,
                        bounded: false,
                        evidence: format!("guarded: runs once until its guard is re-armed ({why})"),
                        rearmed: None,
                    },
                    None => s,
                };
                let s = match requested {
                    Some(flag) if matches!(s.context, ONCE | SETUP) => Site {
                        evidence: format!(
                            "pins only when its caller asks (`{flag}`), once per request: its \
                             loop splits one request into parts; {}",
                            s.evidence
                        ),
                        ..s
                    },
                    _ => s,
                };
                out.insert((file, ev.span.start), s);
            }
        }
        out
    }

    /// What re-arms `ev`'s allocate-once guard, if anything does: a function other than a
    /// constructor that sets its buffer back to empty (`self.buf = None`, `del self.buf`)
    /// and itself runs again (`repeated_by`): of its file, or for `self.buf`, a method of
    /// its class or of a subclass (an override of `reset` dropping the base's buffer).
    pub(super) fn rearmed_by(&self, at: FnRef, ev: &crate::model::Event) -> Option<String> {
        // (A flag's guard is re-armed by the flag, `ready_ = false`; a class's member then.)
        let pointer = ev.guard_flag.as_deref().or(ev.pointer.as_deref())?;
        let index = &self.pc.index;
        let model = &index.files[at.file].model;
        let home = model.functions[at.func].class.as_deref();
        let member = pointer.starts_with("self.") || (ev.guard_flag.is_some() && home.is_some());
        let subclasses = match home {
            Some(h) if member => index.descendants(h),
            _ => Default::default(),
        };
        let mut resets: Vec<FnRef> = Vec::new();
        for (file, f) in index.files.iter().enumerate() {
            if file != at.file
                && (subclasses.is_empty() || f.language != index.files[at.file].language)
            {
                continue;
            }
            for (func, name, offset) in &f.model.resets {
                let g = &f.model.functions[*func];
                let owner = g.class.as_deref();
                let same_owner = if member {
                    owner == home || owner.is_some_and(|k| subclasses.contains(k))
                } else {
                    file == at.file
                };
                // (In the pin's own function, only a reset after the pin re-arms it for the
                // next call: `self.buf = None` at the end, the buffer handed on. One before
                // it drops a buffer that is too small, `if self.buf.numel() < n: self.buf =
                // None`, and the guard then pins again only when the size grows.)
                let own = FnRef { file, func: *func } == at;
                // (`self.host.clear()` re-arms `self.host[name]`'s guard too.)
                let emptied = name == pointer
                    || pointer
                        .strip_prefix(name.as_str())
                        .is_some_and(|rest| rest.starts_with('['));
                if emptied && same_owner && g.name != "__init__" && (!own || *offset >= ev.span.end)
                {
                    resets.push(FnRef { file, func: *func });
                }
            }
        }
        if resets.is_empty() {
            return None;
        }
        resets.into_iter().find_map(|reset| {
            let why = self.why_repeats(reset)?;
            let g = index.function(reset);
            Some(format!(
                "`{}` sets `{pointer}` back and runs again ({why})",
                g.name
            ))
        })
    }

    /// Does `ev`'s once-per-key guard see a new key on every call: a key made of a counter
    /// of the file (`self.global_step`, stepped by `+= 1`), or of a parameter a caller
    /// passes one in? Then the cache never hits.
    pub(super) fn key_never_repeats(&self, at: FnRef, ev: &crate::model::Event) -> Option<String> {
        let index = &self.pc.index;
        let model = &index.files[at.file].model;
        let function = &model.functions[at.func];
        // (A parameter's name is the caller's to fill, whatever the file steps by it.)
        let param = |n: &str| function.params.iter().any(|(p, _)| p == n);
        if let Some(n) = ev
            .key_names
            .iter()
            .find(|n| !param(n) && model.counters.contains(n))
        {
            return Some(format!(
                "its key takes `{n}`, a counter the code steps: a new key every time, so \
                 the cache never hits"
            ));
        }
        // (Or a value its name says is new for every item: `timestamp_ns`. A short word
        // counts only as the name's first word: `ts_ns`, not `n_ts`.)
        let fresh = &self.pc.catalog.context.fresh_keys;
        let says_fresh = |n: &str| {
            let last = n.rsplit('.').next().unwrap_or(n);
            let first = last.split('_').next().unwrap_or(last);
            fresh.iter().any(|f| {
                last.eq_ignore_ascii_case(f)
                    || first.eq_ignore_ascii_case(f)
                    || (f.len() >= 4 && last.split('_').any(|w| w.eq_ignore_ascii_case(f)))
            })
        };
        if let Some(n) = ev.key_names.iter().find(|n| says_fresh(n)) {
            return Some(format!(
                "its key takes `{n}`, a value new for every item (`fresh_keys` in \
                 rules/context.toml): the cache never hits"
            ));
        }
        // (Or the variable of a loop around the pin that takes a new value each iteration,
        // `for i0 in range(lo, hi, tb)`, while that loop does not run again with the same
        // values: its function runs once, or the key also takes a value the caller passes.)
        if let Some(n) = model
            .loop_chain(ev.innermost_loop)
            .into_iter()
            .find_map(|l| {
                model.loops[l]
                    .distinct
                    .iter()
                    .find(|n| ev.key_names.contains(n))
            })
            && (ev.key_names.iter().any(|k| k != n && param(k)) || self.why_repeats(at).is_none())
        {
            return Some(format!(
                "its key takes `{n}`, the variable of a loop around it, new on every \
                 iteration: the cache never hits"
            ));
        }
        let skip = usize::from(
            function
                .params
                .first()
                .is_some_and(|(p, _)| p == "self" || p == "cls"),
        );
        let params: Vec<(usize, &str)> = function
            .params
            .iter()
            .enumerate()
            .filter(|(_, (p, _))| ev.key_names.contains(p))
            .map(|(k, (p, _))| (k, p.as_str()))
            .collect();
        if params.is_empty() {
            return None;
        }
        let passes = |arg_key: &Option<String>, pos: u8, k: usize, p: &str| match arg_key {
            Some(key) => key == p,
            None => k >= skip && usize::from(pos) == k - skip,
        };
        index.callers(at).into_iter().find_map(|c| {
            let site = index.call(c);
            let cf = &index.files[c.file];
            let caller = display_name(&cf.model.functions[site.function], cf.language);
            // (A loop variable that takes a new value each iteration passed for a key
            // parameter, while the caller's loop does not run again with the same values.)
            let fresh = params.iter().find_map(|&(k, p)| {
                site.varying_args
                    .iter()
                    .find(|a| a.from_loop && passes(&a.keyword, a.position, k, p))
                    .map(|a| (p, a.name.as_str()))
            });
            if let Some((param, var)) = fresh {
                let other = params.iter().any(|&(k, p)| {
                    p != param
                        && site.varying_args.iter().any(|a| {
                            !a.from_loop && a.name != var && passes(&a.keyword, a.position, k, p)
                        })
                });
                let from = FnRef {
                    file: c.file,
                    func: site.function,
                };
                if other || self.why_repeats(from).is_none() {
                    return Some(format!(
                        "its key takes `{param}`, which `{caller}` passes `{var}`, a loop \
                         variable with a new value every iteration: the cache never hits"
                    ));
                }
            }
            let (param, counter) = params.iter().find_map(|&(k, p)| {
                site.counter_args
                    .iter()
                    .find(|(key, pos, _)| match key {
                        Some(key) => key == p,
                        None => k >= skip && usize::from(*pos) == k - skip,
                    })
                    .map(|(_, _, counter)| (p, counter))
            })?;
            Some(format!(
                "its key takes `{param}`, which `{caller}` passes `{counter}`, a counter the \
                 code steps: a new key on every call, so the cache never hits"
            ))
        })
    }

    /// Why function `at` runs again and again, if it does (`repeated_by` with its loop
    /// callers and the run's handed-over functions).
    fn why_repeats(&self, at: FnRef) -> Option<String> {
        let passed = self.passed();
        let c_family_passed = passed.keys().any(|(python, _)| !python);
        let loops = self.loop_callers(at);
        self.repeated_by(at, Some(&loops), passed, c_family_passed, None)
    }

    /// Functions handed over to something that calls them per batch (made once a run).
    pub(super) fn passed(&self) -> &crate::analysis::per_batch::Passed<'a> {
        self.passed
            .get_or_init(|| crate::analysis::per_batch::passed_functions(self.pc))
    }

    /// Does `ev` run once whatever repeats its function: once per key or per process by
    /// its guard (`Event::guarded_once`) with nothing that runs again re-arming it
    /// (`rearmed_by`), or once per stream in a generator's prologue
    /// (`Event::stream_prologue`)? What the rules read.
    pub fn once_by_itself(&self, at: FnRef, ev: &crate::model::Event) -> bool {
        (ev.kind.pins() && ev.stream_prologue && !self.streams_remade(at, ev))
            || (ev.guarded_once && self.guard_rearmed(at, ev).is_none())
    }

    /// What makes `ev`'s once-guard pin again: a reset that runs again (`rearmed_by`) or
    /// a key that is new on every call (`key_never_repeats`).
    pub(super) fn guard_rearmed(&self, at: FnRef, ev: &crate::model::Event) -> Option<String> {
        self.rearmed_by(at, ev)
            .or_else(|| self.key_never_repeats(at, ev))
    }

    /// A loop filling a set its function returns, where every caller lets the set die
    /// in a local that nothing stores or reads again (`chunks = sampler.run(..)`, read
    /// once and dropped): each item pins its own buffer, used once.
    fn set_dies_with_callers(&self, at: FnRef) -> Option<String> {
        (crate::analysis::handover::returned_set_kept(self.pc, at, 2) == Some(false)).then(|| {
            "inside a loop of its own function, which hands every buffer to its caller; no \
             caller keeps the set or reads it again: each item pins its own buffer, used once"
                .into()
        })
    }

    /// Is the generator `at` made again and again, each stream dying with the call that
    /// walks it: by a loop whose own function runs again (`for g in demes: for pos in
    /// events(g)` in a `generation` that a time loop calls), or once per batch? Its
    /// prologue then pins once per stream, each time. (A loop that opens one stream per
    /// file, in a function that runs once, pins once per file's stream; a stream an object
    /// keeps, `self._src = batches(path)`, lives as long as the object.)
    fn streams_remade(&self, at: FnRef, ev: &crate::model::Event) -> bool {
        let index = self.pc.index;
        let remade = |ch: &Chain| {
            let (Some(&first), Some(&last)) = (ch.first(), ch.last()) else {
                return false;
            };
            let dies = index
                .call(last)
                .result
                .as_deref()
                .is_none_or(|r| !r.starts_with("self."));
            let head = FnRef {
                file: first.file,
                func: index.call(first).function,
            };
            dies && !self.not_repeated(head)
        };
        self.loop_callers_of(at, ev).hot.iter().any(remade)
            || crate::analysis::per_batch::per_batch_reason(self.pc, at, self.passed()).is_some()
    }

    /// Why function `at` runs again and again, if evidence says so: a loop of ordinary
    /// code calls it, it runs once per batch, or a per-batch function calls it (with
    /// `ev`, through a chain that can reach it).
    pub(super) fn repeated_by(
        &self,
        at: FnRef,
        loops: Option<&Callers>,
        passed: &crate::analysis::per_batch::Passed,
        c_family_passed: bool,
        ev: Option<&crate::model::Event>,
    ) -> Option<String> {
        let pc = self.pc;
        let f = &pc.index.files[at.file];
        if let Some(why) = self.repeated_by_callers(loops) {
            return Some(why);
        }
        if let Some(why) = crate::analysis::per_batch::per_batch_reason(pc, at, passed) {
            return Some(why);
        }
        let chain =
            (f.language == Language::Python || c_family_passed || self.called_from_python(at))
                .then(|| crate::analysis::per_batch::per_batch_chain(pc, passed, at, ev))
                .flatten()?;
        let head = chain[0];
        let hf = &pc.index.files[head.file];
        let caller = &hf.model.functions[pc.index.call(head).function];
        Some(format!(
            "called from `{}`, which runs once per batch",
            display_name(caller, hf.language)
        ))
    }

    /// The request flag of `ev` (see `requested_flag`) when no code in the run asks for
    /// the pin: no call passes `true` for it, or passes on a flag of its own that defaults
    /// to `true` or that its own callers ask for. A library primitive that pins on
    /// request; when the program itself asks, its own loop is a hot loop again.
    pub fn unasked_request<'e>(&self, at: FnRef, ev: &'e crate::model::Event) -> Option<&'e str> {
        let flag = requested_flag(self.pc, at, ev)?;
        (!self.asked(at, flag, 0)).then_some(flag)
    }

    /// Does a caller of `f` ask for `flag` (see `unasked_request`)?
    pub(super) fn asked(&self, f: FnRef, flag: &str, depth: usize) -> bool {
        if depth > MAX_ASK_DEPTH {
            return false;
        }
        let pc = self.pc;
        let function = pc.index.function(f);
        pc.index.callers(f).into_iter().any(|c| {
            let caller = FnRef {
                file: c.file,
                func: pc.index.call(c).function,
            };
            let Some(value) = passed_expr(pc, c, function, flag) else {
                return false;
            };
            let constants = &pc.index.files[c.file].model.constants;
            match crate::tax::Evaluator::new(constants).eval(value) {
                Some(v) => v != 0,
                None => match value {
                    crate::model::Expr::Name(n) => {
                        !is_request(pc, caller, n) || self.asked(caller, n, depth + 1)
                    }
                    _ => false,
                },
            }
        })
    }

    /// Does a loop of `ev`'s own function repeat it? Not when the loop splits one
    /// caller's request into parts (see `unasked_request`).
    pub fn own_loop_repeats(&self, at: FnRef, ev: &crate::model::Event) -> bool {
        ev.innermost_loop.is_some() && self.unasked_request(at, ev).is_none()
    }

    /// Does code other than tests reach `at`: a caller chain up from it ending in a
    /// function nothing calls (an API, `main`, a module's top level) that is not a test?
    /// Then tests calling it in a loop do not make it test code: how often the rest of the
    /// program calls it is unknown. (Undecided after `MAX_ROOT_SEARCH` functions: no.)
    pub(super) fn reached_outside_tests(&self, at: FnRef) -> bool {
        if let Some(&known) = self.outside_tests.borrow().get(&at) {
            return known;
        }
        let found = self.search_outside_tests(at);
        self.outside_tests.borrow_mut().insert(at, found);
        found
    }

    pub(super) fn search_outside_tests(&self, at: FnRef) -> bool {
        let index = self.pc.index;
        let mut seen = vec![at];
        let mut todo = vec![at];
        while let Some(f) = todo.pop() {
            if self.test(f).is_some() {
                continue;
            }
            let callers = index.callers(f);
            if callers.is_empty() || index.function(f).kind == FunctionKind::TopLevel {
                return true;
            }
            for c in callers {
                let g = FnRef {
                    file: c.file,
                    func: index.call(c).function,
                };
                if !seen.contains(&g) {
                    if seen.len() >= MAX_ROOT_SEARCH {
                        return false;
                    }
                    seen.push(g);
                    todo.push(g);
                }
            }
        }
        false
    }

    /// The loops that call the function of `ev` and can reach `ev` (see `reaches`).
    pub(super) fn loop_callers_reaching(
        &self,
        at: FnRef,
        ev: &crate::model::Event,
    ) -> std::rc::Rc<Callers> {
        let all = self.loop_callers(at);
        if self.flag_of(at, ev).is_none() {
            return all;
        }
        let requested = self.unasked_request(at, ev);
        let function = self.pc.index.function(at);
        let keep = |chains: &[Chain]| -> Vec<Chain> {
            chains
                .iter()
                .filter(|ch| ch.last().is_none_or(|&c| reaches(self.pc, c, ev, at.file)))
                .filter(|ch| requested.is_none_or(|f| !forwards_request(self.pc, ch, function, f)))
                .cloned()
                .collect()
        };
        std::rc::Rc::new(Callers {
            hot: keep(&all.hot),
            test: keep(&all.test),
            setup: keep(&all.setup),
        })
    }

    /// Is `ev` a worker's per-thread set-up: outside any loop of its function, which has
    /// a loop of its own after it (`buf = pin(..)` then `while True: item = q.get()`)? A
    /// thread started N times runs it N times, once per thread, not once per item.
    pub(super) fn per_thread_setup(&self, at: FnRef, ev: &crate::model::Event) -> bool {
        let model = &self.pc.index.files[at.file].model;
        ev.innermost_loop.is_none()
            && model
                .loops
                .iter()
                .any(|l| l.function == at.func && l.span.start > ev.span.end)
    }

    /// The loops that call `ev`'s function, with the chains that start a worker thread
    /// which sets up `ev` before its own loop (`per_thread_setup`, or a call to what pins
    /// before that loop) counted as setup.
    pub fn loop_callers_of(&self, at: FnRef, ev: &crate::model::Event) -> std::rc::Rc<Callers> {
        let loops = self.loop_callers_reaching(at, ev);
        let loops = self.dying_in_setup(at, ev, loops);
        let loops = self.kept_sets(at, ev, loops);
        let loops = self.kept_per_object(at, ev, loops);
        let started = |ch: &Chain| {
            ch.last()
                .is_some_and(|&c| self.pc.index.call(c).starts_thread)
        };
        // (The same one call further down: the worker calls what pins before its own
        // loop, `vad = VadKernel()` then `while True: ..`.)
        let index = self.pc.index;
        let before_worker_loop = |ch: &Chain| {
            ch.windows(2).any(|w| {
                let site = index.call(w[1]);
                let model = &index.files[w[1].file].model;
                index.call(w[0]).starts_thread
                    && site.innermost_loop.is_none()
                    && model
                        .loops
                        .iter()
                        .any(|l| l.function == site.function && l.span.start > site.span.end)
            })
        };
        let loops = moved(loops, true, true, before_worker_loop);
        if !self.per_thread_setup(at, ev) {
            return loops;
        }
        moved(loops, true, true, started)
    }

    /// `loops` with the chains that a set-up loop heads counted as hot when `ev`'s buffer
    /// dies on every iteration (`handover::dies_each_iteration`): set-up code that pins a
    /// temporary per iteration pays the pin each time, as a loop of `ev`'s own function
    /// does. (Not loops over devices or a configuration's jobs, each iteration once, nor
    /// calls reached on a state change.)
    pub(super) fn dying_in_setup(
        &self,
        at: FnRef,
        ev: &crate::model::Event,
        loops: std::rc::Rc<Callers>,
    ) -> std::rc::Rc<Callers> {
        let pc = self.pc;
        let dying = |ch: &Chain| {
            !self.over_devices(ch[0])
                && !self.over_jobs(ch[0])
                && !self.rare_branch(ch[0])
                && !ch[1..].iter().any(|&c| self.state_change_call(c))
                && crate::analysis::handover::dies_each_iteration(pc, at, ev, ch)
        };
        moved(loops, false, false, dying)
    }

    /// `loops` with the chains whose loop keeps every buffer the chain hands it counted as
    /// set-up: `ev`'s buffer goes back up every call of the chain to the loop's call, whose
    /// value the loop stores into a container (`dl = build(p); loaders.append(dl)`), and
    /// nothing repeats the loop's function. The loop builds a set once.
    pub(super) fn kept_sets(
        &self,
        at: FnRef,
        ev: &crate::model::Event,
        loops: std::rc::Rc<Callers>,
    ) -> std::rc::Rc<Callers> {
        let pc = self.pc;
        let handed = std::cell::OnceCell::new();
        // (A value stored as it is made, `out.append(self.post(batch))`, by a loop over
        // items of unknown number in a function nothing calls: the items flow through it,
        // each pinned as it passes, as often as it is called. Kept sets are a counted
        // loop's, `for _ in 0..4 { pool.push(alloc(..)?) }`, or a bounded function's.)
        let counted = |c: CallRef| {
            let model = &pc.index.files[c.file].model;
            pc.index
                .call(c)
                .innermost_loop
                .is_some_and(|l| model.loops[l].trips != crate::model::Trips::Unknown)
        };
        let kept = |ch: &Chain| {
            let head = pc.index.call(ch[0]);
            let caller = FnRef {
                file: ch[0].file,
                func: head.function,
            };
            head.result_kept
                && ch[1..]
                    .iter()
                    .all(|&c| crate::analysis::handover::call_handed_over(pc, c))
                && *handed.get_or_init(|| crate::analysis::handover::pin_handed_over(pc, at, ev))
                && self.not_repeated(caller)
                && (head.result.is_some() || counted(ch[0]) || self.once(caller).is_some())
        };
        moved(loops, true, false, kept)
    }

    /// Is `f` neither called in a hot loop nor a per-batch function: a loop in it runs
    /// once each time its (few) callers do?
    pub(super) fn not_repeated(&self, f: FnRef) -> bool {
        self.loop_callers(f).hot.is_empty()
            && crate::analysis::per_batch::per_batch_reason(self.pc, f, self.passed()).is_none()
    }

    /// `loops` with the chains whose loop calls `ev`'s method once on each object of a
    /// container (`for cb in self.callbacks: cb.on_fit_start(..)`), the method keeping the
    /// buffer in its own object (`self.host = pin(..)`), counted as set-up: each object
    /// pins once, for itself. (Unless the loop's function runs again.)
    pub(super) fn kept_per_object(
        &self,
        at: FnRef,
        ev: &crate::model::Event,
        loops: std::rc::Rc<Callers>,
    ) -> std::rc::Rc<Callers> {
        let pc = self.pc;
        let own_member = (ev.pointer_scope == crate::model::PtrScope::Member
            || ev
                .pointer
                .as_deref()
                .is_some_and(|p| p.starts_with("self.")))
            && pc.index.function(at).class.is_some();
        if !own_member {
            return loops;
        }
        let per_object = |ch: &Chain| {
            let [only] = ch[..] else {
                return false;
            };
            let head = pc.index.call(only);
            let model = &pc.index.files[only.file].model;
            let caller = FnRef {
                file: only.file,
                func: head.function,
            };
            // (`cb.f()` on the loop's element: by its name, or by the container's element
            // key when the front end knew what the container holds.)
            let over_objects = match (&head.receiver, head.innermost_loop) {
                (crate::model::Receiver::Name(var), Some(lp)) => model.loops[lp]
                    .element
                    .as_ref()
                    .is_some_and(|(element, _)| element == var),
                (crate::model::Receiver::Expr, Some(_)) => head
                    .receiver_attr
                    .as_deref()
                    .is_some_and(crate::model::is_element_key),
                _ => false,
            };
            // (Not inside another loop of the function: `for epoch ..: for cb in cbs:`.)
            let outermost = head
                .innermost_loop
                .is_some_and(|lp| model.loops[lp].parent.is_none());
            over_objects && outermost && self.not_repeated(caller)
        };
        moved(loops, true, false, per_object)
    }

    /// "called in a loop: `train` → `step`", when ordinary code calls `at` in a loop.
    /// Is `chain` one call, made on the element a loop walks (`cb.on_fit_start(..)` in `for
    /// cb in self.callbacks`), with no other loop around it in its function: a different
    /// object on each iteration, each once?
    fn on_each_element(&self, chain: &[CallRef]) -> bool {
        let [c] = chain else {
            return false;
        };
        let site = self.pc.index.call(*c);
        let model = &self.pc.index.files[c.file].model;
        let [l] = model.loop_chain(site.innermost_loop)[..] else {
            return false;
        };
        // (A call on a container's element carries its element key: `callbacks[]`.)
        if site
            .receiver_attr
            .as_deref()
            .is_some_and(crate::model::is_element_key)
        {
            return true;
        }
        let crate::model::Receiver::Name(object) = &site.receiver else {
            return false;
        };
        model.loops[l]
            .element
            .as_ref()
            .is_some_and(|(var, _)| var == object)
    }

    /// Does Python call `at` directly (`torch.ops.ns.op(..)`, a binding, ctypes)? A
    /// C-family function then runs as often as its Python callers: per batch where a
    /// collate function or a per-step hook calls it.
    fn called_from_python(&self, at: FnRef) -> bool {
        let index = &self.pc.index;
        index
            .callers(at)
            .iter()
            .any(|c| index.files[c.file].language == Language::Python)
    }

    pub(super) fn repeated_by_callers(&self, loops: Option<&Callers>) -> Option<String> {
        let chain = loops?.hot.first()?;
        let pc = self.pc;
        let head = chain[0];
        let hf = &pc.index.files[head.file];
        let mut route = vec![format!(
            "`{}`",
            display_name(
                &hf.model.functions[pc.index.call(head).function],
                hf.language
            )
        )];
        route.extend(
            chain
                .iter()
                .map(|c| format!("`{}`", pc.index.call(*c).callee)),
        );
        Some(format!("called in a loop: {}", route.join(" → ")))
    }
}
