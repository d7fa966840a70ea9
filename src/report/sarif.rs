//! `--format sarif`: SARIF 2.1.0 as GitHub code scanning ingests it.

use percent_encoding::{AsciiSet, CONTROLS, utf8_percent_encode};
use serde_json::{Value, json};

use crate::engine::Outcome;
use crate::finding::{Finding, Severity};
use crate::rules::{ALL, RuleInfo};

/// Characters escaped in a URI path segment (RFC 3986: everything but unreserved and `/`).
const PATH: &AsciiSet = &CONTROLS
    .add(b' ')
    .add(b'"')
    .add(b'#')
    .add(b'%')
    .add(b'<')
    .add(b'>')
    .add(b'?')
    .add(b'[')
    .add(b'\\')
    .add(b']')
    .add(b'^')
    .add(b'`')
    .add(b'{')
    .add(b'|')
    .add(b'}')
    .add(b':')
    .add(b',')
    .add(b';')
    .add(b'=')
    .add(b'@')
    .add(b'&')
    .add(b'+')
    .add(b'$')
    .add(b'!')
    .add(b'\'')
    .add(b'(')
    .add(b')')
    .add(b'*');

pub fn level(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "note",
    }
}

/// The `What it flags` section of a rule's documentation, as plain text.
pub fn description(rule: &RuleInfo) -> String {
    let body = rule
        .doc
        .split("## What it flags")
        .nth(1)
        .unwrap_or(rule.summary);
    let section = body.split("\n## ").next().unwrap_or(body);
    section.split_whitespace().collect::<Vec<_>>().join(" ")
}

pub fn help_uri(rule: &RuleInfo) -> String {
    format!(
        "{}/blob/main/src/rules/{}.md",
        env!("CARGO_PKG_REPOSITORY"),
        rule.name.replace('-', "_")
    )
}

/// A relative, percent-encoded URI for a path as shown (`./a b/c.py` → `a%20b/c.py`, and
/// `a b\c.py` on Windows too), or an absolute `file://` URI when the path is absolute
/// outside the working directory.
fn artifact(path: &str) -> Value {
    let cwd = std::env::current_dir().ok();
    let p = std::path::Path::new(path);
    let relative = if p.is_absolute() {
        cwd.as_deref()
            .and_then(|c| p.strip_prefix(c).ok())
            .map(|r| r.to_string_lossy().into_owned())
    } else {
        Some(path.to_string())
    };
    match relative {
        Some(rel) => json!({"uri": uri_path(&rel), "uriBaseId": "%SRCROOT%"}),
        None => json!({"uri": file_uri(&uri_path(path))}),
    }
}

/// A path's segments percent-encoded and joined with `/`. A Windows drive (`C:`) stays as
/// it is: a `file:` URI spells it so.
fn uri_path(path: &str) -> String {
    let slashed = crate::platform::slashed(path);
    let uri: Vec<String> = slashed
        .split('/')
        .enumerate()
        .map(|(i, seg)| {
            let drive = i == 0
                && seg.len() == 2
                && seg.ends_with(':')
                && seg.as_bytes()[0].is_ascii_alphabetic();
            if drive {
                seg.to_string()
            } else {
                utf8_percent_encode(seg, PATH).to_string()
            }
        })
        .collect();
    uri.join("/")
}

/// `file:///abs/a.py`; a Windows path (`C:/w/a.py`) gets the third slash before its drive.
fn file_uri(encoded: &str) -> String {
    if encoded.starts_with('/') {
        format!("file://{encoded}")
    } else {
        format!("file:///{encoded}")
    }
}

fn region(f: &Finding) -> Value {
    json!({
        "startLine": f.start.line,
        "startColumn": f.start.column,
        "endLine": f.end.line,
        "endColumn": f.end.column,
    })
}

fn result(f: &Finding) -> Value {
    let index = ALL.iter().position(|r| r.code == f.rule).unwrap_or(0);
    let related: Vec<Value> = f
        .labels
        .iter()
        .enumerate()
        .map(|(i, l)| {
            json!({
                "id": i + 1,
                "physicalLocation": {
                    "artifactLocation": artifact(&l.path),
                    "region": {"startLine": l.start.line, "startColumn": l.start.column},
                },
                "message": {"text": l.message},
            })
        })
        .collect();
    let e = &f.estimate;
    let mut result = json!({
        "ruleId": f.rule,
        "ruleIndex": index,
        "level": level(f.severity),
        "message": {"text": f.message_with_trace()},
        "locations": [{
            "physicalLocation": {
                "artifactLocation": artifact(&f.path),
                "region": region(f),
            }
        }],
        "relatedLocations": related,
        "partialFingerprints": {"ghosttax/v1": f.fingerprint()},
        "properties": {
            "api": f.api,
            "language": f.language.name(),
            "size_bytes": e.size_bytes,
            "events": e.events,
            "accumulates": e.accumulates,
            "ratio": e.ratio,
            "tax_bytes": e.tax_bytes,
            "tax_source": f.tax_source(),
            "tax_bytes_per_event": e.tax_bytes_per_event,
            "cache_block_bytes": e.block_bytes,
            "size_expr": e.size_expr,
            "tax_expr": e.tax_expr(),
            "free_names": e.free_names,
            "assumed": e.assumed,
            "from_caller": e.from_caller,
            "card_share": e.card_share,
            "over_vram_share": e.over_share,
            "context": (!f.context.is_empty()).then_some(f.context),
            "context_reason": (!f.reason.is_empty()).then_some(f.reason.as_str()),
        },
    });
    if let Some(props) = result.get_mut("properties").and_then(Value::as_object_mut) {
        if let Some(m) = &f.measured {
            props.insert(
                "measured".into(),
                json!({
                    "calls": m.calls,
                    "bytes_min": m.bytes_min,
                    "bytes_max": m.bytes_max,
                    "bytes_total": m.bytes_total,
                    "peak_live_bytes": m.peak_live_bytes,
                    "unreleased_bytes": m.unreleased_bytes,
                    "seconds": (m.seconds * 1e6).round() / 1e6,
                    "sites": m.sites,
                }),
            );
            if let (Some(measured), Some(calls)) = (
                props.get_mut("measured").and_then(Value::as_object_mut),
                m.driver_calls,
            ) {
                measured.insert("driver_calls".into(), json!(calls));
                measured.insert("driver_bytes".into(), json!(m.driver_bytes));
                measured.insert("entry".into(), json!(m.entry));
            }
        }
        if let Some(r) = f.reached {
            props.insert("reached_in_trace".into(), json!(r));
        }
    }
    result
}

pub fn render(outcome: &Outcome) -> String {
    let rules: Vec<Value> = ALL
        .iter()
        .map(|r| {
            json!({
                "id": r.code,
                "name": r.name,
                "shortDescription": {"text": r.summary},
                "fullDescription": {"text": description(r)},
                "help": {"text": r.doc, "markdown": r.doc},
                "helpUri": help_uri(r),
                "defaultConfiguration": {"level": level(r.severity), "enabled": r.default_enabled},
            })
        })
        .collect();
    let doc = json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {
                "driver": {
                    "name": "ghosttax",
                    "version": env!("CARGO_PKG_VERSION"),
                    "informationUri": env!("CARGO_PKG_REPOSITORY"),
                    "rules": rules,
                }
            },
            "columnKind": "unicodeCodePoints",
            "results": outcome
                .findings
                .iter()
                .map(|f| {
                    let mut r = result(f);
                    // SARIF 2.1.0 §3.27.24: with `--diff-base`, what is shown is new.
                    if outcome.compared.is_some() {
                        r["baselineState"] = json!("new");
                    }
                    r
                })
                .collect::<Vec<_>>(),
        }]
    });
    let mut s = serde_json::to_string_pretty(&doc).unwrap_or_default();
    s.push('\n');
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uris_encode_each_segment_and_keep_a_windows_drive() {
        assert_eq!(uri_path("./a b/x,y.py"), "a%20b/x%2Cy.py");
        assert_eq!(file_uri(&uri_path("/w/a b.py")), "file:///w/a%20b.py");
        assert_eq!(file_uri(&uri_path("C:/w/a b.py")), "file:///C:/w/a%20b.py");
        // Only a first segment of one letter and a colon is a drive.
        assert_eq!(uri_path("src/C:/a.py"), "src/C%3A/a.py");
        assert_eq!(uri_path("ab:/a.py"), "ab%3A/a.py");
    }
}
