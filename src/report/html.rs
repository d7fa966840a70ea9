//! `--format html`: one self-contained page for an incident review: what was scanned, summary
//! cards, bar charts drawn as inline SVG, and a table of every finding that a few lines of
//! inline script sort and filter (and that reads as a plain table with scripting off).
//!
//! Nothing on the page is fetched: the style and script are inline and pinned by hash in a
//! Content-Security-Policy, so even text that escaped escaping could not run or load anything.
//! Every string that comes from the scanned tree (paths, messages, code) goes through `esc`.
//! Output is byte-for-byte deterministic for the same input; only the date line varies, and
//! `SOURCE_DATE_EPOCH` fixes it.

mod chart;
mod snippet;

use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::fmt::Write as _;
use std::path::PathBuf;

use super::summary::{plural, totals};
use crate::engine::Outcome;
use crate::finding::{Finding, Severity};
use crate::rules;
use crate::tax::{Ratios, format_bytes, format_percent, format_share};

const STYLE: &str = include_str!("html/report.css");
const SCRIPT: &str = include_str!("html/report.js");

/// What the page says about the run itself (the engine's `Outcome` holds only results).
#[derive(Clone, Debug, Default)]
pub struct Scan {
    /// The paths as the user gave them (`.` when none were).
    pub paths: Vec<String>,
    /// The ratios the taxes were priced with; `None` leaves them off the header.
    pub ratios: Option<Ratios>,
    /// The rules that ran, sorted.
    pub rules: Vec<String>,
    /// "2026-12-01 14:03 UTC"; `None` leaves the line out.
    pub date: Option<String>,
}

impl Scan {
    /// The header of a run over `paths` with these settings, dated now (or at
    /// `SOURCE_DATE_EPOCH`, for reproducible reports).
    pub fn new(paths: &[PathBuf], ratios: Ratios, selected: &HashSet<&'static str>) -> Scan {
        let mut rules: Vec<String> = selected.iter().map(|c| c.to_string()).collect();
        rules.sort();
        let paths = if paths.is_empty() {
            vec![".".to_string()]
        } else {
            paths
                .iter()
                .map(|p| p.to_string_lossy().into_owned())
                .collect()
        };
        Scan {
            paths,
            ratios: Some(ratios),
            rules,
            date: report_date(),
        }
    }
}

/// The report's date: `SOURCE_DATE_EPOCH` when set (the reproducible-builds convention; an
/// unparsable value leaves the date out rather than lying), else the clock.
fn report_date() -> Option<String> {
    let secs = match std::env::var("SOURCE_DATE_EPOCH") {
        Ok(v) => v.trim().parse::<i64>().ok()?,
        Err(_) => std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .ok()
            .and_then(|d| i64::try_from(d.as_secs()).ok())?,
    };
    Some(utc_date(secs))
}

/// Seconds since 1970 as `YYYY-MM-DD HH:MM UTC` (Howard Hinnant's days-to-civil algorithm:
/// no date crate needed for one line).
fn utc_date(secs: i64) -> String {
    let days = secs.div_euclid(86_400);
    let rem = secs.rem_euclid(86_400);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02} UTC",
        rem / 3600,
        rem % 3600 / 60
    )
}

/// Escape text for element content and quoted attribute values. Control characters and
/// bidirectional overrides are shown as `\u{..}`: a hostile file name can neither break the
/// markup nor reorder what the reader sees.
fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + s.len() / 8);
    for c in s.chars() {
        push_escaped(&mut out, c, false);
    }
    out
}

/// As `esc`, for one line of code: tabs stay tabs.
fn esc_code(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + s.len() / 8);
    for c in s.chars() {
        push_escaped(&mut out, c, true);
    }
    out
}

fn push_escaped(out: &mut String, c: char, code: bool) {
    match c {
        '&' => out.push_str("&amp;"),
        '<' => out.push_str("&lt;"),
        '>' => out.push_str("&gt;"),
        '"' => out.push_str("&quot;"),
        '\'' => out.push_str("&#39;"),
        '\t' if code => out.push('\t'),
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        '\t' => out.push_str("\\t"),
        c if c.is_control() || is_bidi_control(c) => {
            let _ = write!(out, "\\u{{{:x}}}", c as u32);
        }
        c => out.push(c),
    }
}

/// The characters "Trojan Source" uses to make displayed text differ from its logical order.
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{200e}' | '\u{200f}' | '\u{061c}')
}

/// Standard base64, for the CSP hashes (one 32-byte digest each; no crate for that).
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for (i, shift) in [18u32, 12, 6, 0].into_iter().enumerate() {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[(n >> shift) as usize & 63]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// A CSP source expression pinning one inline block: `'sha256-…'`.
fn csp_hash(text: &str) -> String {
    use sha2::{Digest, Sha256};
    format!("'sha256-{}'", base64(&Sha256::digest(text.as_bytes())[..]))
}

/// What one finding's tax cell says: the total, the tax per event when the count is
/// unknown, or `unknown`; the same words as the Markdown report.
fn tax_text(f: &Finding) -> String {
    match (f.estimate.tax_bytes, f.estimate.tax_bytes_per_event) {
        (Some(t), _) if f.estimate.measured => format!("≈ {} measured", format_bytes(t)),
        (Some(t), _) => format!("≈ {}", format_bytes(t)),
        (None, Some(p)) => format!("{} each", format_bytes(p)),
        _ if f.api.is_empty() => "–".into(),
        _ => "unknown".into(),
    }
}

/// The number a tax column sorts by: the total, else the known tax of one event (a lower
/// bound); none when nothing is known, so unknown sizes never sort as zero.
fn tax_sort_value(f: &Finding) -> Option<u64> {
    f.estimate.tax_bytes.or(f.estimate.tax_bytes_per_event)
}

/// Render the page. `scan` describes the run (a default one leaves paths and ratios out).
pub fn render(outcome: &Outcome, scan: &Scan) -> String {
    let mut body = String::with_capacity(64 * 1024 + outcome.findings.len() * 2048);
    header(&mut body, outcome, scan);
    cards(&mut body, outcome);
    chart::section(&mut body, outcome);
    let page = Page::new(outcome);
    table(&mut body, &page);
    rule_list(&mut body, &page);
    body.push_str(
        "<footer><p>Estimates assume Windows' WDDM driver model, which reserves VRAM for \
         pinned host memory; Linux and TCC pay none, though pinning is slow everywhere. \
         Generated by ghosttax; this page loads nothing from the network.</p></footer>\n",
    );

    let mut out = String::with_capacity(body.len() + STYLE.len() + SCRIPT.len() + 1024);
    out.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    out.push_str(
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"color-scheme\" content=\"light dark\">\n",
    );
    // No source but the two inline blocks below: nothing on the page can reach the network.
    let _ = writeln!(
        out,
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; \
         style-src {}; script-src {}; base-uri 'none'; form-action 'none'\">",
        csp_hash(STYLE),
        csp_hash(SCRIPT)
    );
    let title = match scan.paths.as_slice() {
        [] => "ghosttax report".to_string(),
        paths => format!("ghosttax report: {}", esc(&paths.join(" "))),
    };
    let _ = writeln!(out, "<title>{title}</title>");
    let _ = writeln!(out, "<style>{STYLE}</style>\n</head>\n<body>");
    out.push_str(&body);
    let _ = writeln!(out, "<script>{SCRIPT}</script>\n</body>\n</html>");
    out
}

fn header(out: &mut String, outcome: &Outcome, scan: &Scan) {
    out.push_str("<header>\n<h1>ghosttax: pinned host memory and its VRAM tax</h1>\n");
    out.push_str("<dl class=\"scan\">\n");
    if !scan.paths.is_empty() {
        let paths: Vec<String> = scan
            .paths
            .iter()
            .map(|p| format!("<code>{}</code>", esc(p)))
            .collect();
        let _ = writeln!(out, "<dt>Scanned</dt><dd>{}</dd>", paths.join(" "));
    }
    let _ = writeln!(
        out,
        "<dt>Files checked</dt><dd id=\"files-checked\">{}</dd>",
        outcome.files_checked
    );
    if let Some(date) = &scan.date {
        let _ = writeln!(out, "<dt>Date</dt><dd id=\"date\">{}</dd>", esc(date));
    }
    let _ = writeln!(
        out,
        "<dt>ghosttax</dt><dd>{}</dd>",
        esc(env!("CARGO_PKG_VERSION"))
    );
    if let Some(r) = scan.ratios {
        let _ = writeln!(
            out,
            "<dt>Ratios</dt><dd>allocations {} and registrations {} of the pinned bytes</dd>",
            format_percent(r.alloc),
            format_percent(r.register)
        );
    }
    if let Some(vram) = outcome.vram {
        let _ = writeln!(
            out,
            "<dt>Card</dt><dd>{} (<code>--vram</code>)</dd>",
            format_bytes(vram)
        );
    }
    if !scan.rules.is_empty() {
        let _ = writeln!(
            out,
            "<dt>Rules</dt><dd>{}</dd>",
            esc(&scan.rules.join(", "))
        );
    }
    if let Some(c) = &outcome.compared {
        let _ = writeln!(
            out,
            "<dt>Compared with</dt><dd><code>{}</code>: new findings only ({} pre-existing not shown)</dd>",
            esc(&c.rev),
            c.hidden
        );
    }
    out.push_str("</dl>\n");
    let problems = outcome.errors.len() + outcome.skipped.len();
    if problems > 0 {
        let _ = writeln!(
            out,
            "<details class=\"problems\"><summary>{} not checked</summary><ul>",
            plural(problems, "path", "paths")
        );
        for e in &outcome.errors {
            let _ = writeln!(out, "<li>{}</li>", esc(&e.message));
        }
        for s in &outcome.skipped {
            let _ = writeln!(out, "<li>{}</li>", esc(s));
        }
        out.push_str("</ul></details>\n");
    }
    out.push_str("</header>\n");
}

fn cards(out: &mut String, outcome: &Outcome) {
    let t = totals(outcome);
    out.push_str("<section class=\"cards\" aria-label=\"Summary\">\n");
    let mut severities = Vec::new();
    for (n, sev) in [
        (t.errors, Severity::Error),
        (t.warnings, Severity::Warning),
        (t.infos, Severity::Info),
    ] {
        // Only counts above zero are coloured: "0 errors" is no alarm.
        severities.push(format!(
            "<span class=\"sev{}\">{}</span>",
            if n > 0 {
                format!(" sev-{}", sev.name())
            } else {
                String::new()
            },
            plural(
                n,
                sev.name(),
                match sev {
                    Severity::Error => "errors",
                    Severity::Warning => "warnings",
                    Severity::Info => "infos",
                }
            )
        ));
    }
    let _ = writeln!(
        out,
        "<div class=\"card\" id=\"card-findings\"><h2>Findings</h2><p class=\"figure\">{}</p>\
         <p>{}</p><p>in {}</p></div>",
        t.findings,
        severities.join(" · "),
        plural(t.files_with_findings, "file", "files")
    );
    let _ = writeln!(
        out,
        "<div class=\"card\" id=\"card-tax\"><h2>Known VRAM tax</h2><p class=\"figure\">≈ {}</p>\
         <p>under WDDM, each site counted once</p></div>",
        format_bytes(t.tax_bytes_total)
    );
    let repeats = chart::unknown_repeats(outcome);
    let repeats = if repeats.sites > 0 {
        format!(
            "<p>and {} of known size {} an unknown number of times: at least {} more</p>",
            plural(repeats.sites, "site", "sites"),
            if repeats.sites == 1 {
                "repeats"
            } else {
                "repeat"
            },
            format_bytes(repeats.at_least)
        )
    } else {
        String::new()
    };
    let _ = writeln!(
        out,
        "<div class=\"card\" id=\"card-unknown\"><h2>Sites of unknown size</h2>\
         <p class=\"figure\">{}</p><p>not in the total, never counted as zero</p>{repeats}</div>",
        t.unknown_size
    );
    if let Some(vram) = outcome.vram.filter(|v| *v > 0) {
        let _ = writeln!(
            out,
            "<div class=\"card\" id=\"card-share\"><h2>Share of the card</h2>\
             <p class=\"figure\">{}</p><p>of {} known to be at stake</p>{}</div>",
            format_share(t.tax_bytes_total, vram),
            format_bytes(vram),
            chart::meter(t.tax_bytes_total, vram)
        );
    }
    out.push_str("</section>\n");
}

/// The order rows are printed in: highest tax first (unknown last), then by location. The
/// script sorts the same way, so the first click on "tax" reverses exactly this.
fn default_order(findings: &[Finding]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..findings.len()).collect();
    order.sort_by(|&a, &b| {
        let (ka, kb) = (tax_sort_value(&findings[a]), tax_sort_value(&findings[b]));
        match (ka, kb) {
            (Some(x), Some(y)) => y.cmp(&x),
            (Some(_), None) => std::cmp::Ordering::Less,
            (None, Some(_)) => std::cmp::Ordering::Greater,
            (None, None) => std::cmp::Ordering::Equal,
        }
        .then(a.cmp(&b))
    });
    order
}

/// What the table's rows share.
struct Page<'a> {
    outcome: &'a Outcome,
    sources: snippet::Sources<'a>,
    /// Notes that many findings carry word for word ("Linux/TCC pay no VRAM ..."): said
    /// once below the table rather than in every row, which keeps large reports small.
    common_notes: BTreeSet<&'a str>,
}

/// A note carried by more findings than this is common.
const COMMON_NOTE: usize = 4;

impl<'a> Page<'a> {
    fn new(outcome: &'a Outcome) -> Page<'a> {
        let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
        for f in &outcome.findings {
            for n in &f.notes {
                *counts.entry(n.as_str()).or_default() += 1;
            }
        }
        Page {
            outcome,
            sources: snippet::Sources::new(outcome),
            common_notes: counts
                .into_iter()
                .filter(|(_, n)| *n > COMMON_NOTE)
                .map(|(note, _)| note)
                .collect(),
        }
    }
}

fn table(out: &mut String, page: &Page) {
    let outcome = page.outcome;
    let findings = &outcome.findings;
    out.push_str("<section id=\"findings\">\n<h2>Findings</h2>\n");
    if findings.is_empty() {
        let _ = writeln!(
            out,
            "<p class=\"none\">{}</p>\n</section>",
            esc(&super::summary::nothing_found(outcome))
        );
        return;
    }
    // Filters: hidden until the script shows them (they do nothing without it).
    let rules: BTreeSet<&str> = findings.iter().map(|f| f.rule).collect();
    let contexts: BTreeSet<&str> = findings.iter().map(|f| context_name(f)).collect();
    out.push_str("<form id=\"controls\" class=\"controls\" hidden>\n");
    out.push_str("<label>Rule <select id=\"filter-rule\"><option value=\"\">all</option>");
    for r in &rules {
        let _ = write!(out, "<option>{}</option>", esc(r));
    }
    out.push_str("</select></label>\n");
    out.push_str("<label>Context <select id=\"filter-context\"><option value=\"\">all</option>");
    for c in &contexts {
        let _ = write!(out, "<option>{}</option>", esc(c));
    }
    out.push_str("</select></label>\n");
    out.push_str(
        "<label>Path <input id=\"filter-path\" type=\"search\" placeholder=\"part of a path\"></label>\n\
         <output id=\"shown\"></output>\n</form>\n",
    );
    out.push_str(
        "<noscript><p>Sorting and filtering need scripting; rows are listed by tax, \
         highest first. Open a message to see the code.</p></noscript>\n",
    );
    out.push_str("<table id=\"findings-table\" data-sort=\"-tax\">\n<thead><tr>");
    for (key, label, kind) in [
        ("rule", "Rule", "text"),
        ("severity", "Severity", "num"),
        ("location", "Location", "num"),
        ("context", "Context", "text"),
        ("size", "Size", "num"),
        ("events", "Events", "num"),
        ("tax", "VRAM tax", "num"),
        ("message", "Message", "text"),
    ] {
        let sorted = if key == "tax" {
            " aria-sort=\"descending\""
        } else {
            ""
        };
        let _ = write!(
            out,
            "<th scope=\"col\" class=\"col-{key}\"{sorted}><button type=\"button\" \
             data-key=\"{key}\" data-type=\"{kind}\">{label}</button></th>"
        );
    }
    out.push_str("</tr></thead>\n");
    for i in default_order(findings) {
        row(out, page, i);
    }
    out.push_str("</table>\n</section>\n");
}

fn context_name(f: &Finding) -> &'static str {
    if f.context.is_empty() { "-" } else { f.context }
}

fn severity_rank(s: Severity) -> u8 {
    match s {
        Severity::Info => 0,
        Severity::Warning => 1,
        Severity::Error => 2,
    }
}

fn row(out: &mut String, page: &Page, i: usize) {
    let outcome = page.outcome;
    let f = &outcome.findings[i];
    let e = &f.estimate;
    let path = esc(&f.path);
    let context = context_name(f);
    // One `<tbody>` per finding: its row of cells, and a full-width row with the code that
    // the `<details>` in the message cell opens (by CSS, so it works with scripting off).
    // Filters read the rule and context from the `<tbody>`, the path from the location cell.
    let _ = write!(
        out,
        "<tbody class=\"finding sev-{sev}\" data-i=\"{i}\" data-rule=\"{rule}\" \
         data-context=\"{ctx}\"><tr><td class=\"rule\">{rule}</td>",
        sev = f.severity.name(),
        rule = esc(f.rule),
        ctx = esc(context),
    );
    let _ = write!(
        out,
        "<td class=\"sev\" data-v=\"{}\">{}</td>",
        severity_rank(f.severity),
        f.severity.name()
    );
    let _ = write!(
        out,
        "<td class=\"location\"><code>{}:{}</code></td>",
        // Long paths wrap after a slash first (inside a name only when one is too long).
        path.replace('/', "/<wbr>"),
        f.start.line
    );
    let _ = write!(out, "<td class=\"context\">{}</td>", esc(context));
    let size = match (e.size_bytes, &e.size_expr) {
        (Some(s), _) => format!("<td class=\"size\" data-v=\"{s}\">{}</td>", format_bytes(s)),
        (None, Some(expr)) => format!(
            "<td class=\"size unknown\" data-v=\"\" title=\"a size that is not static, in bytes\">\
             <code>{}</code></td>",
            esc(expr)
        ),
        (None, _) if f.measured.is_some() => {
            let m = f.measured.as_ref().map_or(0, |m| m.bytes_max);
            format!(
                "<td class=\"size\" data-v=\"{m}\" title=\"the largest request the trace \
                 measured\">≤ {}</td>",
                format_bytes(m)
            )
        }
        (None, None) if f.api.is_empty() => "<td class=\"size\" data-v=\"\">–</td>".to_string(),
        (None, None) => "<td class=\"size unknown\" data-v=\"\">unknown</td>".to_string(),
    };
    out.push_str(&size);
    let events = match (e.events, &f.measured) {
        (_, Some(m)) => format!(
            "<td class=\"events\" data-v=\"{0}\" title=\"calls the trace measured\">{0}</td>",
            m.calls
        ),
        (Some(n), None) => format!("<td class=\"events\" data-v=\"{n}\">{n}</td>"),
        (None, None) if f.api.is_empty() => "<td class=\"events\" data-v=\"\">–</td>".to_string(),
        (None, None) => "<td class=\"events unknown\" data-v=\"\">?</td>".to_string(),
    };
    out.push_str(&events);
    let share = match (outcome.vram.filter(|v| *v > 0), e.tax_bytes) {
        (Some(vram), Some(t)) => format!(
            " title=\"{} of {}\"",
            format_share(t, vram),
            format_bytes(vram)
        ),
        _ => String::new(),
    };
    let unknown = if e.tax_bytes.is_none() && !f.api.is_empty() {
        " unknown"
    } else {
        ""
    };
    let _ = write!(
        out,
        "<td class=\"tax{unknown}\" data-v=\"{}\"{share}>{}</td>",
        tax_sort_value(f).map_or(String::new(), |v| v.to_string()),
        esc(&tax_text(f))
    );
    let _ = write!(
        out,
        "<td class=\"message\"><details><summary>{}</summary></details></td></tr>\n\
         <tr class=\"more\"><td colspan=\"8\">",
        esc(&f.message)
    );
    details(out, page, f);
    out.push_str("</td></tr></tbody>\n");
}

/// What a row expands to: the evidence, the code with the loop header, the call chain.
fn details(out: &mut String, page: &Page, f: &Finding) {
    let e = &f.estimate;
    out.push_str("<div class=\"more\">");
    let mut facts: Vec<String> = Vec::new();
    if !f.reason.is_empty() {
        facts.push(format!(
            "<b>context</b> {}: {}",
            esc(f.context),
            esc(&f.reason)
        ));
    }
    if !f.api.is_empty() {
        facts.push(format!(
            "<b>API</b> <code>{}</code> ({})",
            esc(&f.api),
            f.language.name()
        ));
        let mut sizing = Vec::new();
        if let Some(expr) = &e.size_expr {
            sizing.push(format!("size <code>{}</code> bytes", esc(expr)));
        }
        if let Some(block) = e.block_bytes {
            sizing.push(format!(
                "held as a {} block of PyTorch's pinned-memory cache",
                format_bytes(block)
            ));
        }
        if e.accumulates {
            sizing.push(match e.live {
                Some(n) => format!("buffers pile up ({n} alive at once)"),
                None => "buffers pile up".to_string(),
            });
        }
        sizing.push(format!("ratio {}", format_percent(e.ratio)));
        facts.push(format!("<b>tax</b> {}", sizing.join("; ")));
        if !e.assumed.is_empty() {
            facts.push(format!(
                "<b>assumed</b> <code>{}</code>",
                esc(&e.assumed.join(", "))
            ));
        }
    }
    for note in f
        .notes
        .iter()
        .filter(|n| !page.common_notes.contains(n.as_str()))
    {
        facts.push(format!("<b>note</b> {}", esc(note)));
    }
    if !f.help.is_empty() {
        facts.push(format!("<b>fix</b> {}", esc(&f.help)));
    }
    if !facts.is_empty() {
        out.push_str("<ul class=\"facts\">");
        for fact in facts {
            let _ = write!(out, "<li>{fact}</li>");
        }
        out.push_str("</ul>");
    }
    snippet::render(out, &page.sources, f);
    out.push_str("</div>");
}

/// The rules that appear, with their one-line summaries (`ghosttax explain CODE` has more).
fn rule_list(out: &mut String, page: &Page) {
    let outcome = page.outcome;
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for f in &outcome.findings {
        *counts.entry(f.rule).or_default() += 1;
    }
    if counts.is_empty() {
        return;
    }
    out.push_str("<section id=\"rules\">\n<h2>Rules</h2>\n<dl class=\"rules\">\n");
    for (code, n) in counts {
        let (name, summary) = rules::find(code).map_or(("", ""), |r| (r.name, r.summary));
        let _ = writeln!(
            out,
            "<dt><code>{}</code> {} ({n})</dt><dd>{} (<code>ghosttax explain {}</code>)</dd>",
            esc(code),
            esc(name),
            esc(summary),
            esc(code)
        );
    }
    out.push_str("</dl>\n");
    if !page.common_notes.is_empty() {
        out.push_str("<h3>Notes on many findings</h3>\n<ul class=\"notes\">\n");
        for note in &page.common_notes {
            let _ = writeln!(out, "<li>{}</li>", esc(note));
        }
        out.push_str("</ul>\n");
    }
    out.push_str("</section>\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup_quotes_controls_and_bidi_overrides() {
        assert_eq!(
            esc("<img src=x onerror='a(1)'>&\"</script>"),
            "&lt;img src=x onerror=&#39;a(1)&#39;&gt;&amp;&quot;&lt;/script&gt;"
        );
        assert_eq!(esc("a\u{1b}[31m\nb\u{202e}c"), "a\\u{1b}[31m\\nb\\u{202e}c");
        assert_eq!(esc_code("\tx\u{0}"), "\tx\\u{0}");
    }

    #[test]
    fn base64_matches_the_standard_alphabet_and_padding() {
        assert_eq!(base64(b""), "");
        assert_eq!(base64(b"f"), "Zg==");
        assert_eq!(base64(b"fo"), "Zm8=");
        assert_eq!(base64(b"foo"), "Zm9v");
        assert_eq!(base64(b"foobar"), "Zm9vYmFy");
    }

    #[test]
    fn dates_are_utc_civil_dates() {
        assert_eq!(utc_date(0), "1970-01-01 00:00 UTC");
        assert_eq!(utc_date(951_782_400), "2000-02-29 00:00 UTC");
        assert_eq!(utc_date(1_798_761_599), "2026-12-31 23:59 UTC");
        assert_eq!(utc_date(-86_400), "1969-12-31 00:00 UTC");
    }
}
