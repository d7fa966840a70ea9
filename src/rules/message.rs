//! How the rules say it: the finding built around an event, its verbs and the sentences
//! about size, cost and repetition that several rules share.

use super::meta::RuleInfo;
use crate::analysis::ownership::scope_words;
use crate::analysis::repetition::{estimate, is_bookkeeping, repetition};
use crate::analysis::view::Context;
use crate::catalog::{ApiKind, MatchKind};
use crate::finding::{Finding, Label};
use crate::model::{Event, Lifetime};
use crate::source::Position;
use crate::tax::{Estimate, format_bytes, format_percent};

/// The verbs for an event's kind: (`pins`, `frees`) or (`registers`, `unregisters`).
pub fn verbs(ctx: &Context, ev: &Event) -> (&'static str, &'static str) {
    if ctx.catalog.apis[ev.api].kind == ApiKind::Register {
        ("registers", "unregisters")
    } else {
        ("pins", "frees")
    }
}

/// A finding on `ev` with everything but the rule-specific words filled in.
pub fn finding(
    ctx: &Context,
    ev: &Event,
    rule: &RuleInfo,
    estimate: Estimate,
    message: String,
    labels: Vec<Label>,
    help: String,
) -> Finding {
    let mut message = message;
    if !estimate.from_caller.is_empty() {
        message.push_str(&format!(
            " (with {} for the call from `{}`)",
            estimate.from_caller.join(", "),
            estimate.caller.as_deref().unwrap_or("its caller")
        ));
    }
    if !estimate.assumed.is_empty() {
        message.push_str(&format!(" (assuming {})", estimate.assumed.join(", ")));
    }
    let mut estimate = estimate;
    estimate.share_card(ctx.settings.vram, ctx.settings.vram_share);
    if let (Some(vram), Some(tax)) = (ctx.settings.vram.filter(|v| *v > 0), estimate.tax_bytes) {
        let mark = if estimate.over_share {
            format!(
                ", at or over the {} mark",
                crate::tax::format_percent(ctx.settings.vram_share)
            )
        } else {
            String::new()
        };
        message.push_str(&format!(
            " [{} of {} of VRAM{mark}]",
            crate::tax::format_share(tax, vram),
            format_bytes(vram)
        ));
    }
    let notes = vec![
        tax_note(&estimate),
        "Linux/TCC pay no VRAM for pinned memory, but pinning is slow everywhere \
         (about 0.5 ms per MiB) and page-locked RAM is taken from the OS"
            .to_string(),
    ];
    Finding {
        rule: rule.code,
        severity: rule.severity,
        file: 0,
        path: String::new(),
        language: ctx.language,
        span: ev.span,
        start: Position { line: 0, column: 0 },
        end: Position { line: 0, column: 0 },
        message,
        label: match (estimate.tax_bytes, estimate.tax_bytes_per_event) {
            (Some(t), _) => format!("≈ {} of VRAM under WDDM", format_bytes(t)),
            (None, Some(p)) => format!("≈ {} of VRAM under WDDM each time", format_bytes(p)),
            _ => "size unknown".to_string(),
        },
        api: ctx.catalog.apis[ev.api].name.clone(),
        estimate,
        loop_line: None,
        labels,
        notes,
        help,
        function: ctx.model.functions[ctx.model.owner(ev.function)]
            .name
            .clone(),
        snippet: String::new(),
        small: false,
        broken: false,
        context: "",
        reason: String::new(),
        measured: None,
        reached: None,
        site: None,
    }
}

/// Move `finding` (on a pin inside a wrapper) to the wrapper's call `call`, keeping the pin
/// as the site whose context it reports in.
pub fn at_call(
    pc: &crate::analysis::view::ProjectContext,
    finding: &mut Finding,
    call: crate::analysis::index::CallRef,
) {
    let site = pc.index.call(call);
    let file = &pc.index.files[call.file];
    finding.site = Some((finding.file, finding.span.start));
    finding.file = call.file;
    finding.span = site.span;
    finding.language = file.language;
    finding.function = file.model.functions[file.model.owner(site.function)]
        .name
        .clone();
}

/// A registration or allocation that nothing releases: priced once, held for the life of
/// the process.
pub fn leak(ctx: &Context, ev: &crate::model::Event, rule: &RuleInfo, pointer: &str) -> Finding {
    let rep = repetition(ctx, ev);
    let base = estimate(ctx, ev, &rep);
    let estimate = base.reshaped(base.events, true, Some(1));
    let (verb, frees) = verbs(ctx, ev);
    let release = documented_release(ctx, ev);
    let cost = match (estimate.size_bytes, estimate.tax_bytes) {
        (Some(size), Some(tax)) => format!(
            "{verb} {} for the life of the process: ≈ {} of VRAM under WDDM (ratio {})",
            format_bytes(size),
            format_bytes(tax),
            estimate.ratio
        ),
        _ => format!(
            "{}: its VRAM tax under WDDM is held for the life of the process",
            unknown_size(&estimate)
        ),
    };
    let message = format!(
        "`{}` {verb} `{pointer}` but nothing {frees} it {} ({release} is never called on it): {cost}",
        call_text(ev, &ctx.catalog.apis[ev.api]),
        scope_words(ctx, ev),
    );
    let help = format!(
        "call `{release}({pointer})` when the buffer is no longer needed: in the same function, \
         a destructor / `close()` / `__exit__`, a `finally:` block, or an RAII guard"
    );
    let mut finding = finding(ctx, ev, rule, estimate, message, Vec::new(), help);
    finding.small = ev
        .size
        .as_ref()
        .is_some_and(|s| is_bookkeeping(ctx, ev.function, s));
    finding.label = if frees == "unregisters" {
        "never unregistered".to_string()
    } else {
        "never freed".to_string()
    };
    finding
}

/// The documented release of `ev`'s API (`cudaFreeHost`), as messages name it.
fn documented_release(ctx: &Context, ev: &crate::model::Event) -> String {
    ctx.catalog.apis[ev.api]
        .released_by
        .first()
        .cloned()
        .unwrap_or_else(|| "the matching release".into())
}

/// A finding for broken ownership (reported in every context): the tax of one buffer held
/// for good, with an optional secondary label.
fn ownership_bug(
    ctx: &Context,
    ev: &crate::model::Event,
    rule: &RuleInfo,
    (message, help): (String, String),
    secondary: Option<(crate::model::Span, String)>,
    label: &str,
) -> Finding {
    let rep = repetition(ctx, ev);
    let base = estimate(ctx, ev, &rep);
    let estimate = base.reshaped(base.events, true, Some(1));
    let labels = secondary
        .into_iter()
        .map(|(span, message)| Label {
            file: None,
            span,
            message,
            is_loop: false,
            path: String::new(),
            start: Position { line: 0, column: 0 },
        })
        .collect();
    let mut f = finding(ctx, ev, rule, estimate, message, labels, help);
    f.broken = true;
    f.label = label.to_string();
    f
}

/// A pinned allocation stored over a block its store already held, which nothing releases
/// first: the old block leaks each time the function runs.
pub fn overwrites(
    ctx: &Context,
    ev: &crate::model::Event,
    rule: &RuleInfo,
    pointer: &str,
    store: &str,
    at: crate::model::Span,
) -> Finding {
    let release = documented_release(ctx, ev);
    let home = crate::analysis::ownership::owner(ctx, ev.function);
    let function = crate::analysis::chains::display_name(&ctx.model.functions[home], ctx.language);
    let call = call_text(ev, &ctx.catalog.apis[ev.api]);
    let message = if ev.grows_only && pointer == store {
        // (`cudaHostAlloc(&side_, n)` under `if (n <= cap_) return;`: the last block.)
        format!(
            "`{call}` pins a larger block into `{store}` whenever the size grows, over the \
             block `{store}` already holds, which is never released first: each growth in \
             `{function}` leaks the old block and its VRAM tax under WDDM"
        )
    } else {
        format!(
            "`{call}` pins `{pointer}` and stores it in `{store}` over the pinned block \
             `{store}` already held, which is never released first: each call of \
             `{function}` leaks the old block and its VRAM tax under WDDM"
        )
    };
    let help = format!(
        "call `{release}({store})` before `{store}` is given the new block (after copying \
         what it held)"
    );
    let secondary = (at != ev.span).then(|| {
        (
            at,
            format!("`{store}` overwritten here without `{release}`"),
        )
    });
    ownership_bug(
        ctx,
        ev,
        rule,
        (message, help),
        secondary,
        "overwrites a block it never frees",
    )
}

/// A pinned allocation released with a host release (`free(p)`, `delete[] p`), which
/// does not unpin it: a bug wherever it runs.
pub fn wrong_release(
    ctx: &Context,
    ev: &crate::model::Event,
    rule: &RuleInfo,
    pointer: &str,
    d: &crate::model::Disposal,
) -> Finding {
    let release = documented_release(ctx, ev);
    let message = format!(
        "`{}` pins `{pointer}`, which is then {} like ordinary host memory ({release} is \
         never called on it): the pages stay page-locked and their VRAM tax under WDDM stays \
         reserved, and a host release of pinned memory is undefined behaviour",
        call_text(ev, &ctx.catalog.apis[ev.api]),
        d.kind.words(),
    );
    let help = format!("release it with `{release}({pointer})` instead");
    let secondary = (
        d.span,
        format!("{} here, not with {release}", d.kind.words()),
    );
    ownership_bug(
        ctx,
        ev,
        rule,
        (message, help),
        Some(secondary),
        "released with the wrong function",
    )
}

/// A registered buffer ended (`delete[]`, `free`, its vector's end) before it is
/// unregistered: a bug wherever it runs.
pub fn freed_while_registered(
    ctx: &Context,
    ev: &crate::model::Event,
    rule: &RuleInfo,
    pointer: &str,
    d: &crate::model::Disposal,
) -> Finding {
    let release = documented_release(ctx, ev);
    let message = format!(
        "`{}` registers `{pointer}`, which is {} while still registered ({release} is not \
         called on it first): the driver's registration outlives the memory, so a later \
         registration of those pages fails and the late unregistration is an error",
        call_text(ev, &ctx.catalog.apis[ev.api]),
        d.kind.words(),
    );
    let help = format!(
        "call `{release}({pointer})` before the memory is freed (before `delete`/`free`, \
         or before the container owning it goes away or is reassigned)"
    );
    let secondary = (
        d.span,
        format!("{} here while still registered", d.kind.words()),
    );
    ownership_bug(
        ctx,
        ev,
        rule,
        (message, help),
        Some(secondary),
        "freed while still registered",
    )
}

/// A member its class's tear-down forgets while releasing the others: `leak`'s finding,
/// saying so, reported in every context.
pub fn forgotten_member(
    ctx: &Context,
    ev: &crate::model::Event,
    rule: &RuleInfo,
    pointer: &str,
    method: &str,
    released: &crate::model::Event,
) -> Finding {
    let mut f = leak(ctx, ev, rule, pointer);
    let (_, frees) = verbs(ctx, ev);
    f.message.push_str(&format!(
        "; `{method}` {frees} `{}` but forgets this one",
        released.pointer.as_deref().unwrap_or("another member")
    ));
    f.labels.push(Label {
        file: None,
        span: released.span,
        message: format!("`{method}` {frees} another member here"),
        is_loop: false,
        path: String::new(),
        start: Position { line: 0, column: 0 },
    });
    f.broken = true;
    f
}

/// What one call costs when it is not repeated by a loop of its own function: the
/// per-batch and call-chain rules. Always says what is known.
pub fn per_call_detail(
    e: &Estimate,
    lifetime: Lifetime,
    verb: &str,
    (frees, when): (&str, &str),
    per: &str,
) -> String {
    let pct = format_percent(e.ratio);
    let Some(size) = e.size_bytes else {
        return format!(
            "{}: each call costs {pct} of its pinned bytes in VRAM under WDDM",
            unknown_size(e)
        );
    };
    let size = format_bytes(size);
    let each = e.tax_bytes_per_event.map_or("?".into(), format_bytes);
    if e.cached && !e.accumulates {
        let block = e.block_bytes.map_or("?".into(), format_bytes);
        return format!(
            "{verb} {size} {per}; PyTorch's pinned-memory cache serves each call after the \
             first from a cached {block} block, so what repeats is the copy, and the cache \
             holds ≈ {each} of VRAM under WDDM (ratio {}) for the life of the process",
            e.ratio
        );
    }
    let kept = match (e.accumulates, lifetime) {
        (false, Lifetime::Manual) => format!(" and {frees} it {when}"),
        (false, Lifetime::Scoped) => String::new(),
        (true, Lifetime::Manual) => format!(" and never {frees} it"),
        (true, Lifetime::Scoped) => " and keeps it in a container".to_string(),
    };
    let total = if e.accumulates {
        ", adding up with every call"
    } else {
        ""
    };
    format!(
        "{verb} {size} {per}{kept}: ≈ {each} of VRAM {per} under WDDM (ratio {}){total}",
        e.ratio
    )
}

/// What is known of a size that is not static: "size unknown", or its formula
/// ("size `(rows + 1) × 4` bytes, not static").
pub fn unknown_size(e: &Estimate) -> String {
    match &e.size_expr {
        Some(f) => format!("size `{f}` bytes, not static"),
        None => "size unknown".to_string(),
    }
}

/// The call as the user wrote it, shortened: `th.empty(.., pin_memory=True)`, `x.pin_memory()`.
pub fn call_text(ev: &Event, api: &crate::catalog::Api) -> String {
    let callee = if ev.callee.chars().count() > 48 {
        let tail: String = ev
            .callee
            .rsplit(['.', ':'])
            .next()
            .unwrap_or("")
            .to_string();
        format!("..{tail}")
    } else {
        ev.callee.clone()
    };
    match api.match_kind {
        // libtorch's factories pin through their options.
        MatchKind::PinKwarg if !api.languages.contains(&crate::model::Language::Python) => {
            format!("{callee}(.., opts.pinned_memory(true))")
        }
        MatchKind::PinKwarg => format!(
            "{callee}(.., pin_memory={})",
            ev.pin_flag.as_deref().unwrap_or("True")
        ),
        MatchKind::Method => format!("{callee}()"),
        MatchKind::Call | MatchKind::Type | MatchKind::PinArg => callee,
    }
}

pub fn times(n: u64) -> &'static str {
    if n == 1 { "time" } else { "times" }
}

fn tax_note(e: &Estimate) -> String {
    let pct = format_percent(e.ratio);
    if let (true, Some(block)) = (e.cached, e.block_bytes) {
        let live = if e.accumulates { e.live } else { Some(1) };
        return match (live, e.tax_bytes) {
            (Some(n), Some(tax)) => format!(
                "VRAM tax under WDDM: {n} × a {} block (the request rounded up to a power of \
                 two) × {pct} ≈ {}, held by PyTorch's pinned-memory cache until \
                 `torch._C._host_emptyCache()`",
                format_bytes(block),
                format_bytes(tax)
            ),
            _ => format!(
                "VRAM tax under WDDM: {pct} of a {} block per live buffer, held by PyTorch's \
                 pinned-memory cache until `torch._C._host_emptyCache()`",
                format_bytes(block)
            ),
        };
    }
    match (e.size_bytes, e.tax_bytes) {
        (Some(size), Some(tax)) if e.accumulates => format!(
            "VRAM tax under WDDM: {} × {pct} × {} live buffers ≈ {}",
            format_bytes(size),
            e.live.unwrap_or(1),
            format_bytes(tax)
        ),
        (Some(size), Some(tax)) => format!(
            "VRAM tax under WDDM: {} × {pct} ≈ {} at a time",
            format_bytes(size),
            format_bytes(tax)
        ),
        (Some(size), None) => format!(
            "VRAM tax under WDDM: {} × {pct} ≈ {} per iteration; the total depends on the trip count",
            format_bytes(size),
            e.tax_bytes_per_event.map_or("?".into(), format_bytes)
        ),
        _ => format!(
            "VRAM tax under WDDM: {pct} of the pinned bytes per buffer; the size is not static"
        ),
    }
}

/// `1,204`: a count as a person reads it.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// What a trace measured at a call, in one line: "measured: 1,204 calls of 588.00 KiB,
/// 48.00 MiB live at peak: ≈ 5.76 MiB of VRAM under WDDM". Where the Python recorder saw
/// the calls and the driver's blocks are known, both numbers: "measured: `pin_memory()` ran
/// 60 times, 1 new pinned block of 2.00 MiB (torch's cache served 59): ≈ 245.76 KiB of VRAM
/// under WDDM".
pub fn measured_note(m: &crate::finding::Measured, ratio: f64) -> String {
    let tax = crate::tax::measured_tax(m.peak_live_bytes, ratio)
        .map(|t| format!(": ≈ {} of VRAM under WDDM", format_bytes(t)))
        .unwrap_or_default();
    let unreleased = if m.unreleased_bytes > 0 {
        format!(
            "; {} still pinned at exit",
            format_bytes(m.unreleased_bytes)
        )
    } else {
        String::new()
    };
    if let (Some(entry), Some(blocks)) = (&m.entry, m.driver_calls) {
        let name = entry.rsplit('.').next().unwrap_or(entry);
        let name = name.strip_suffix("()").unwrap_or(name);
        let times = if m.calls == 1 {
            "once".to_string()
        } else {
            format!("{} times", thousands(m.calls))
        };
        let of = match m.driver_bytes {
            Some(b) if blocks == 1 => format!(" of {}", format_bytes(b)),
            Some(b) if blocks > 1 => format!(" ({} in all)", format_bytes(b)),
            _ => String::new(),
        };
        let served = m.calls.saturating_sub(blocks);
        let cache = if entry.starts_with("torch.") && served > 0 {
            format!(" (torch's cache served {})", thousands(served))
        } else {
            String::new()
        };
        return format!(
            "measured: `{name}()` ran {times}, {} new pinned {}{of}{cache}{tax}{unreleased}",
            thousands(blocks),
            if blocks == 1 { "block" } else { "blocks" },
        );
    }
    let each = if m.bytes_min == m.bytes_max {
        format_bytes(m.bytes_max)
    } else {
        format!(
            "{}–{}",
            format_bytes(m.bytes_min),
            format_bytes(m.bytes_max)
        )
    };
    let calls = if m.calls == 1 {
        "1 call".to_string()
    } else {
        format!("{} calls", thousands(m.calls))
    };
    let level = if m.entry.is_some() {
        " (Python-level)"
    } else {
        ""
    };
    format!(
        "measured: {calls}{level} of {each}, {} live at peak{tax}{unreleased}",
        format_bytes(m.peak_live_bytes)
    )
}

/// The note on a pinning finding that a trace was given for and never reached.
pub const NOT_REACHED: &str =
    "not reached in the trace; one run is one workload, so the finding stands";
