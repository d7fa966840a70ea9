//! Shared by the loop rules (GT101, GT102, GT303): a finding on a pinning call inside the
//! loop of a function-like macro (`#define PIN_CHUNKS(p, n) { for (..) cudaHostRegister(..); }`)
//! is about every place the macro is invoked, since each invocation expands the loop where
//! it is written. It moves there, one finding per invocation, with the macro's loop and
//! call as its evidence (and the loops around the invocation). A macro invoked nowhere in
//! the run keeps its finding on its body.

use super::message::times;
use crate::analysis::chains::display_name;
use crate::analysis::context::TEST;
use crate::analysis::frequency::Frequency;
use crate::analysis::index::{CallRef, FnRef};
use crate::analysis::view::ProjectContext;
use crate::catalog::ApiKind;
use crate::finding::{Finding, Label};
use crate::model::{Event, FileModel};
use crate::source::Position;
use crate::tax::format_bytes;

/// The rules whose findings are about the loop around the call.
const LOOP_RULES: &[&str] = &["GT101", "GT102", "GT303"];

/// Move the loop rules' findings on macro bodies to the macros' invocations.
pub fn relocate(pc: &ProjectContext, findings: &mut Vec<Finding>) {
    let freq = Frequency::new(pc);
    let moved: Vec<(usize, Vec<Finding>)> = findings
        .iter()
        .enumerate()
        .filter(|(_, f)| LOOP_RULES.contains(&f.rule))
        .filter_map(|(i, f)| {
            let model = &pc.index.files.get(f.file)?.model;
            let ev = model
                .events
                .iter()
                .find(|e| e.span == f.span && e.innermost_loop.is_some())?;
            let func = model.functions.get(ev.function)?;
            if !func.macro_def {
                return None;
            }
            let at = FnRef {
                file: f.file,
                func: ev.function,
            };
            let invocations: Vec<CallRef> = pc
                .index
                .callers(at)
                .into_iter()
                .filter(|c| {
                    let call = pc.index.call(*c);
                    !(c.file == at.file && call.function == at.func)
                })
                .collect();
            (!invocations.is_empty()).then_some((i, invocations, at, ev))
        })
        .collect::<Vec<_>>()
        .into_iter()
        .map(|(i, invocations, at, ev)| {
            let out = invocations
                .into_iter()
                .map(|c| at_call(pc, &freq, &findings[i], at, ev, c))
                .collect();
            (i, out)
        })
        .collect();
    // Replace each body finding with its invocations' (in reverse, so indices hold).
    for (i, out) in moved.into_iter().rev() {
        findings.splice(i..=i, out);
    }
}

/// The finding `f` on the macro body `at` as seen at one invocation `c`.
fn at_call(
    pc: &ProjectContext,
    freq: &Frequency,
    f: &Finding,
    at: FnRef,
    ev: &Event,
    c: CallRef,
) -> Finding {
    let index = pc.index;
    let call = index.call(c);
    let caller_file = &index.files[c.file];
    let caller = &caller_file.model.functions[call.function];
    let name = &index.function(at).name;
    let mut g = f.clone();
    g.file = c.file;
    g.span = call.span;
    g.start = Position { line: 0, column: 0 };
    g.end = g.start;
    g.snippet = String::new();
    g.function = display_name(caller, caller_file.language);
    // The body's evidence (its loops, located already) stays in the macro's file.
    for l in &mut g.labels {
        if l.file.is_none() {
            l.file = Some(at.file);
        }
    }
    g.labels.push(Label::new(
        Some(at.file),
        ev.span,
        format!("`{name}` expands to this call inside its loop"),
        false,
    ));
    for l in caller_file.model.loop_chain(call.innermost_loop) {
        let header = caller_file.model.loops[l].header;
        let trips = pc
            .file_context(c.file)
            .eval_in(call.function)
            .trips(&caller_file.model.loops[l].trips);
        let message = match trips {
            Some(n) => format!(
                "`{name}` is invoked inside a loop that repeats {n} {}",
                times(n)
            ),
            None => {
                format!("`{name}` is invoked inside a loop that repeats an unknown number of times")
            }
        };
        g.labels
            .push(Label::new(Some(c.file), header, message, true));
    }
    g.message = format!("`{name}` expands to a loop here: {}", f.message);
    if f.rule == "GT303"
        && let Some((base, release)) = base_release(pc, at, ev, c)
    {
        g.message = chunked_message(pc, f, ev, name, &base, &release.0);
        g.labels.push(Label::new(
            Some(c.file),
            release.1,
            format!("unregisters `{base}` once: only the first chunk"),
            false,
        ));
    }
    let test = (!pc.settings.tests_as_code)
        .then(|| {
            freq.test(FnRef {
                file: c.file,
                func: call.function,
            })
        })
        .flatten();
    if let Some(why) = test {
        g.context = TEST;
        g.reason = why;
    }
    g
}

/// The caller's release of the buffer the macro registers in chunks: the argument its
/// pointer starts from (`PIN_CHUNKS(buf, n)`, `(char*)(p) + off` → `buf`), released once
/// after the invocation in the caller (`cudaHostUnregister(buf)`). With the release's
/// API name and span.
fn base_release(
    pc: &ProjectContext,
    at: FnRef,
    ev: &Event,
    c: CallRef,
) -> Option<(String, (String, crate::model::Span))> {
    let macro_fn = pc.index.function(at);
    let pointer = ev.pointer.as_deref()?;
    let param = pointer
        .split(|ch: char| !(ch.is_ascii_alphanumeric() || ch == '_'))
        .filter(|w| !w.is_empty())
        .find_map(|w| macro_fn.params.iter().position(|(p, _)| p == w))?;
    let call = pc.index.call(c);
    let base = call.arg_roots.get(param).filter(|b| !b.is_empty())?;
    let model: &FileModel = &pc.index.files[c.file].model;
    let releases = &pc.catalog.apis[ev.api].released_by;
    model
        .events
        .iter()
        .filter(|r| {
            r.kind == ApiKind::Unregister
                && r.function == call.function
                && r.span.start >= call.span.end
                && releases.contains(&pc.catalog.apis[r.api].name)
                && r.pointer.as_deref() == Some(base.as_str())
        })
        .min_by_key(|r| r.span.start)
        .map(|r| (base.clone(), (pc.catalog.apis[r.api].name.clone(), r.span)))
}

/// GT303's message when the caller releases the base pointer once.
fn chunked_message(
    pc: &ProjectContext,
    f: &Finding,
    ev: &Event,
    name: &str,
    base: &str,
    release: &str,
) -> String {
    let e = &f.estimate;
    let cost = match (e.size_bytes, e.tax_bytes_per_event) {
        (Some(size), Some(per)) => format!(
            "every chunk but the first ({}) stays registered: ≈ {} of VRAM under WDDM each (ratio {})",
            format_bytes(size),
            format_bytes(per),
            e.ratio
        ),
        _ => format!(
            "every chunk but the first stays registered ({})",
            super::message::unknown_size(e)
        ),
    };
    format!(
        "`{name}` registers `{base}` in chunks, one `{}` per iteration of its loop, but \
         `{release}({base})` runs once, on the base pointer, and releases only the first \
         chunk: {cost}",
        pc.catalog.apis[ev.api].name
    )
}
