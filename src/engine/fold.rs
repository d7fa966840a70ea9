//! One finding per call: where a rule about how often a call pins (GT101, GT102, GT201,
//! GT202) reports a call, what other rules say of the same call (GT203's tiny size,
//! GT305's missing release) is one more note on that finding, not a finding with a price
//! of its own. Two findings of one rule at one call (a wrapper that pins twice, reported
//! where it is called) are one, the second pin a note.

use crate::finding::Finding;

/// The rules whose finding speaks for the call.
const PRIMARY: [&str; 4] = ["GT101", "GT102", "GT201", "GT202"];
/// The rules folded into it.
const FOLDED: [&str; 2] = ["GT203", "GT305"];

pub fn one_per_call(findings: Vec<Finding>) -> Vec<Finding> {
    let at = |f: &Finding| (f.path.clone(), f.start.line, f.start.column);
    let mut out: Vec<Finding> = Vec::with_capacity(findings.len());
    let mut folded: Vec<Finding> = Vec::new();
    for f in findings {
        if FOLDED.contains(&f.rule) {
            folded.push(f);
            continue;
        }
        // A wrapper that pins twice, reported at its call: one finding, the other pin a
        // note of it.
        let same = out
            .iter_mut()
            .find(|p| PRIMARY.contains(&f.rule) && p.rule == f.rule && at(p) == at(&f));
        match same {
            Some(p) => {
                let pin = f.labels.iter().find(|l| {
                    f.site
                        .is_some_and(|(file, start)| l.file == Some(file) && l.span.start == start)
                });
                p.notes.push(match pin {
                    Some(l) => format!("the call also pins at {}:{}", l.path, l.start.line),
                    None => format!("the call also pins through `{}`", f.api),
                });
            }
            None => out.push(f),
        }
    }
    for f in folded {
        let primary = out
            .iter_mut()
            .find(|p| PRIMARY.contains(&p.rule) && at(p) == at(&f) && p.severity >= f.severity);
        match primary {
            Some(p) => {
                let name = crate::rules::find(f.rule).map_or("", |r| r.name);
                // What the rule found, without its own price: the call has one.
                let what = f
                    .message
                    .split_once(": ")
                    .map_or(f.message.as_str(), |(w, _)| w);
                p.notes.push(format!("also {} {name}: {what}", f.rule));
            }
            None => out.push(f),
        }
    }
    out
}
